/* black_scholes.h - closed-form European prices (Black-Scholes-Merton with a
 * continuous dividend yield), the reference the Monte Carlo is checked against. */
#ifndef MCS_BLACK_SCHOLES_H
#define MCS_BLACK_SCHOLES_H

/* Price of a European call (is_call = 1) or put (0):
 * call = S e^{-qT} N(d1) - K e^{-rT} N(d2), put by the same formula mirrored. */
double mcs_black_scholes(double spot, double strike, double rate, double dividend,
                         double volatility, double maturity, int is_call);

/* Standard normal cumulative distribution function. */
double mcs_normal_cdf(double x);

#endif
