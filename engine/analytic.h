/* analytic.h - closed-form values of mcsim's products, where one exists,
 * dispatched on the model: the references the Monte Carlo results are
 * reported against. GBM: European (Black-Scholes), digital, discrete
 * geometric asian, continuously monitored barrier (Reiner-Rubinstein) and
 * lookback (Goldman-Sosin-Gatto, Conze-Viswanathan); arithmetic asians and
 * discretely monitored barriers and lookbacks have none. Bachelier:
 * European, digital and the discrete arithmetic asian (Bachelier's formula
 * on a Gaussian). Heston: the European (Heston's semi-closed form, the
 * little-trap integral). Merton: European and digital (Merton's 1976
 * Poisson series of Black-Scholes terms). Any other model or product:
 * none. */
#ifndef MCS_ANALYTIC_H
#define MCS_ANALYTIC_H

#include "../core/job.h"

/* Discounted closed-form value of output j of the job (0 = the product as configured; for
 * payoff = barrier, 1 = the complementary barrier: the same barrier and direction with in and out
 * swapped), when one exists: returns 1 and sets *price and *source (a short name such as
 * "Black-Scholes", "Reiner-Rubinstein", "Kemna-Vorst", "Goldman-Sosin-Gatto", "Conze-Viswanathan"); else 0.
 * Rebates follow mcsim's convention: paid at expiry, both when knocked out and when never
 * knocked in. A barrier already breached at the spot knocks at once. */
int mcs_analytic_output(const mcs_job *job, int j, double *price, const char **source);

/* The standard deviation of one path's discounted payoff (output 0) where
 * its second moment has a closed form under GBM (a European, a digital):
 * returns 1 and sets *sd and *source ("closed form"); else 0. */
int mcs_analytic_std_dev(const mcs_job *job, double *sd, const char **source);

#endif
