/* bachelier_refs.h - reference prices for the Bachelier (normal) model.
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: numerical integration (scipy.integrate.quad) of each payoff
 * against the normal law of what it pays on, its mean and variance built
 * from the model's definition (the Asian's covariance matrix summed in
 * full), via tests/reference/bachelier_refs.py (its docstring has the
 * method); independent of engine/analytic.c's closed forms.
 * Regenerate: /usr/bin/python3 tests/reference/bachelier_refs.py > tests/reference/bachelier_refs.h
 */
#ifndef MCS_BACHELIER_REFS_H
#define MCS_BACHELIER_REFS_H

#include "job.h" /* enums */

typedef struct {
    const char *name;
    double spot, rate, dividend, normal_vol, maturity;
    mcs_payoff_id payoff; mcs_option_type type; double strike;
    mcs_digital_kind digital; double cash;
    uint32_t fixings; mcs_strike_type strike_type;
    uint32_t steps;  /* time grid the Monte Carlo test should use */
    double price;    /* the reference value (discounted) */
    double p_negative; /* P(S_T < 0) */
} mcs_bachelier_ref;

static const mcs_bachelier_ref mcs_bachelier_refs[] = {
    {"european call atm", 100, 0.05, 0.0, 20, 1.0, MCS_PAYOFF_EUROPEAN, MCS_CALL, 100.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 1, 10.276275497495375, 0.0000},
    {"european put k90 q2%", 100, 0.03, 0.02, 15, 0.5, MCS_PAYOFF_EUROPEAN, MCS_PUT, 90.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 1, 0.8871280779847861, 0.0000},
    {"european call, S<0 likely", 5, 0.01, 0.0, 30, 1.0, MCS_PAYOFF_EUROPEAN, MCS_CALL, 2.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 1, 13.420326913264274, 0.4332},
    {"european put, S<0 likely", 5, 0.01, 0.0, 30, 1.0, MCS_PAYOFF_EUROPEAN, MCS_PUT, 2.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 1, 10.40042658076261, 0.4332},
    {"digital cash call, S<0 likely", 5, 0.02, 0.01, 30, 1.0, MCS_PAYOFF_DIGITAL, MCS_CALL, 2.0, MCS_DIGITAL_CASH, 2.5, 12, MCS_STRIKE_FIXED, 1, 1.3244755389150265, 0.4332},
    {"digital asset put, S<0 likely", 5, 0.02, 0.0, 30, 1.0, MCS_PAYOFF_DIGITAL, MCS_PUT, 2.0, MCS_DIGITAL_ASSET, 1.0, 12, MCS_STRIKE_FIXED, 1, -9.374595768328028, 0.4325},
    {"digital asset call", 100, 0.05, 0.0, 20, 1.0, MCS_PAYOFF_DIGITAL, MCS_CALL, 105.0, MCS_DIGITAL_ASSET, 1.0, 12, MCS_STRIKE_FIXED, 1, 57.843104771601816, 0.0000},
    {"asian call 12 fixings", 100, 0.05, 0.0, 20, 1.0, MCS_PAYOFF_ASIAN, MCS_CALL, 100.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 12, 6.082675884296289, 0.0000},
    {"asian put, S<0 likely", 2, 0.03, 0.0, 10, 1.0, MCS_PAYOFF_ASIAN, MCS_PUT, 1.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FIXED, 12, 1.906898314336419, 0.4184},
    {"asian call, S<0 likely, 24 steps", 2, 0.03, 0.01, 10, 2.0, MCS_PAYOFF_ASIAN, MCS_CALL, 1.0, MCS_DIGITAL_CASH, 1.0, 6, MCS_STRIKE_FIXED, 24, 3.9643482814601994, 0.4415},
    {"asian floating call, S<0 likely", 2, 0.03, 0.0, 10, 1.0, MCS_PAYOFF_ASIAN, MCS_CALL, 0.0, MCS_DIGITAL_CASH, 1.0, 12, MCS_STRIKE_FLOATING, 12, 2.1086502132520533, 0.4184},
    {"asian floating put", 100, 0.05, 0.02, 20, 1.0, MCS_PAYOFF_ASIAN, MCS_PUT, 0.0, MCS_DIGITAL_CASH, 1.0, 4, MCS_STRIKE_FLOATING, 8, 3.0299491941779366, 0.0000},
};
#define MCS_BACHELIER_REF_COUNT (sizeof mcs_bachelier_refs / sizeof mcs_bachelier_refs[0])

#endif
