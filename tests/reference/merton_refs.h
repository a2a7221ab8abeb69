/* merton_refs.h - reference prices for Merton's jump-diffusion
 * (models/merton.h).
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: Merton's (1976) Poisson series of log-normal prices, summed in
 * mpmath at 40 digits, via tests/reference/merton_refs.py (its docstring
 * has the method); each number is cross-checked there against a Gil-Pelaez
 * Fourier inversion of the model's characteristic function (scipy) and,
 * for the Europeans, QuantLib 1.44's BatesEngine at constant variance;
 * the cross-check values are in each case's comment. Independent of
 * engine/analytic.c's C code.
 * Regenerate: /usr/bin/python3 tests/reference/merton_refs.py > tests/reference/merton_refs.h
 */
#ifndef MCS_MERTON_REFS_H
#define MCS_MERTON_REFS_H

#include <stdint.h>

typedef struct {
    const char *name;
    uint32_t steps; /* time grid the Monte Carlo test should use */
    double price;   /* the reference value (discounted) */
    /* the job as config assignments, loaded as the command line would */
    const char *sets;
} mcs_merton_ref;

static const mcs_merton_ref mcs_merton_refs[] = {
    /* Gil-Pelaez Fourier inversion (scipy): 12.761288593626519 */
    /* QuantLib BatesEngine, constant variance: 12.761288577944363 */
    {.name = "standard call, 1 step", .steps = 1, .price = 12.761288593628755,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=call option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 7.884231043697908 */
    /* QuantLib BatesEngine, constant variance: 7.884231028015748 */
    {.name = "standard put, 1 step", .steps = 1, .price = 7.884231043700155,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=put option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 12.761288593626519 */
    /* QuantLib BatesEngine, constant variance: 12.761288577944363 */
    {.name = "standard call, 252 steps", .steps = 252, .price = 12.761288593628755,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=call option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 7.884231043697908 */
    /* QuantLib BatesEngine, constant variance: 7.884231028015748 */
    {.name = "standard put, 50 steps", .steps = 50, .price = 7.884231043700155,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=put option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 19.161330328523206 */
    /* QuantLib BatesEngine, constant variance: 19.16133032743769 */
    {.name = "high intensity call, 1 step (5 jumps a step)", .steps = 1, .price = 19.16133032852905,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=5 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=call option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 14.284272778594595 */
    /* QuantLib BatesEngine, constant variance: 14.28427277750908 */
    {.name = "high intensity put, 100 steps", .steps = 100, .price = 14.28427277860045,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=5 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=put option.strike=100 "
              "option.maturity=1"},
    /* Gil-Pelaez Fourier inversion (scipy): 16.322449865010633 */
    /* QuantLib BatesEngine, constant variance: 16.322449863262175 */
    {.name = "dividend call k110, 12 steps", .steps = 12, .price = 16.32244986501844,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0.03 "
              "model.volatility=0.2 model.jump_intensity=0.5 model.jump_mean=0.2 "
              "model.jump_vol=0.3 option.payoff=european option.type=call option.strike=110 "
              "option.maturity=2"},
    /* Gil-Pelaez Fourier inversion (scipy): 5.220466640582755 */
    {.name = "digital cash call, 1 step", .steps = 1, .price = 5.220466640582798,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=digital option.type=call option.strike=100 "
              "option.maturity=1 option.digital=cash option.cash=10"},
    /* Gil-Pelaez Fourier inversion (scipy): 27.999046920864682 */
    {.name = "digital asset put, 4 steps", .steps = 4, .price = 27.999046920860454,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=1 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=digital option.type=put option.strike=95 "
              "option.maturity=1 option.digital=asset"},
    /* Gil-Pelaez Fourier inversion (scipy): 98.01986733009707 */
    /* S0 e^{-qT}: 98.01986733067552 */
    {.name = "martingale: asset digital k=1e-6, high intensity, q=2%, 10 steps", .steps = 10, .price = 98.01986733067552,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0.02 "
              "model.volatility=0.2 model.jump_intensity=5 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=digital option.type=call option.strike=1e-6 "
              "option.maturity=1 option.digital=asset"},
    /* Gil-Pelaez Fourier inversion (scipy): 10.450583572184254 */
    /* Black-Scholes: 10.450583572185565 */
    {.name = "lambda 0 is GBM: call, 1 step", .steps = 1, .price = 10.450583572185568,
     .sets = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 "
              "model.volatility=0.2 model.jump_intensity=0 model.jump_mean=-0.1 "
              "model.jump_vol=0.15 option.payoff=european option.type=call option.strike=100 "
              "option.maturity=1"},
};
#define MCS_MERTON_REF_COUNT (sizeof mcs_merton_refs / sizeof mcs_merton_refs[0])

/* Poisson(mean) upper tails P(n > j) and the thresholds t_j =
 * Phi^{-1}(P(n <= j)) of models/merton.h's count table (scipy.stats:
 * poisson.sf, norm.isf of the upper tail), for means 1/252 (daily steps, lambda = 1) and 5
 * (near the table's end), j = 0 .. 7. */
typedef struct {
    double mean;
    double threshold[8];
} mcs_merton_threshold_ref;
static const mcs_merton_threshold_ref mcs_merton_threshold_refs[] = {
    {0.003968253968253968, {2.6554280990200994, 4.318554521689239, 5.60548281057827, 6.7017159710150445, 7.676527152272271, 8.564976526829616, 9.387784363981886, 10.158430403376965}},
    {5.0, {-2.4709386372615882, -1.7457444701209914, -1.152041454641592, -0.6279268962409602, -0.14971867956893206, 0.2948889802259236, 0.7133437455129967, 1.1105935319198383}},
};

#endif
