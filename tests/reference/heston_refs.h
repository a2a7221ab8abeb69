/* heston_refs.h - reference prices of European options under Heston.
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: QuantLib 1.44 AnalyticHestonEngine (adaptive Gauss-Lobatto, relative
 * 1e-12), flat continuous curves, Actual365Fixed, maturities whole days/365
 * (T exact); each checked against an independent little-trap integration
 * (scipy) to 1e-9, via tests/reference/heston_refs.py (its docstring has
 * the method). feller: 2 kappa theta >= xi^2.
 * Regenerate: /usr/bin/python3 tests/reference/heston_refs.py > tests/reference/heston_refs.h
 */
#ifndef MCS_HESTON_REFS_H
#define MCS_HESTON_REFS_H

#include "job.h" /* enums */

typedef struct {
    const char *name;
    double spot, rate, dividend, v0, kappa, theta, xi, rho, maturity;
    mcs_option_type type; double strike;
    uint32_t steps; /* the Monte Carlo tests' grid; 0: steps = auto (daily) */
    double price;   /* the reference value (discounted) */
    int feller;     /* 1: 2 kappa theta >= xi^2 */
} mcs_heston_ref;

static const mcs_heston_ref mcs_heston_refs[] = {
    {"standard call", 100.0, 0.05, 0.0, 0.04, 1.5, 0.04, 0.3, -0.7, 365.0 / 365.0, MCS_CALL, 100.0, 0, 10.361869020966118, 1},
    {"standard put", 100.0, 0.05, 0.0, 0.04, 1.5, 0.04, 0.3, -0.7, 365.0 / 365.0, MCS_PUT, 100.0, 0, 5.484811471037509, 1},
    {"standard call k110 q2%", 100.0, 0.05, 0.02, 0.04, 1.5, 0.04, 0.3, -0.7, 365.0 / 365.0, MCS_CALL, 110.0, 0, 4.370423604303067, 1},
    {"feller fails call", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365.0 / 365.0, MCS_CALL, 100.0, 50, 6.730395260209221, 0},
    {"feller fails put k90", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365.0 / 365.0, MCS_PUT, 90.0, 50, 2.470708377486953, 0},
    {"feller fails call k110", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365.0 / 365.0, MCS_CALL, 110.0, 50, 0.7240707710698328, 0},
};
#define MCS_HESTON_REF_COUNT (sizeof mcs_heston_refs / sizeof mcs_heston_refs[0])

#endif
