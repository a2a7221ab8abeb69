/* european_refs.h - European Black-Scholes-Merton reference prices.
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: QuantLib 1.29 (quantlib-python), via tests/reference/quantlib_refs.py.
 * Regenerate: /usr/bin/python3 tests/reference/quantlib_refs.py > tests/reference/european_refs.h
 *
 * Prices are ql.BlackCalculator(ql.PlainVanillaPayoff(type, strike), forward,
 *                               stdDev, discount).value()
 * with stdDev = volatility*sqrt(T), discount = exp(-rate*T),
 * forward = spot*exp(-dividend*T)/discount. No dates are involved, so the
 * maturity below is exactly the T used (18/365, 3650/365, 730/365 and 0.5
 * printed as round-trip doubles). Cases with whole-day maturities were also
 * priced with ql.AnalyticEuropeanEngine (Actual365Fixed, flat continuous
 * curves) and agree to 1e-12 relative. Prices printed with 17 significant digits.
 */
#ifndef MCS_EUROPEAN_REFS_H
#define MCS_EUROPEAN_REFS_H

typedef struct { const char *name; double spot, strike, rate, dividend, volatility, maturity, call, put; } mcs_ref_case;
static const mcs_ref_case mcs_ref_cases[] = {
    {"atm", 100, 100, 0.05, 0, 0.2, 1, 10.450583572185565, 5.5735260222569742},
    {"deep_itm_call", 100, 60, 0.05, 0, 0.2, 1, 42.937527459721501, 0.011292929764336006},
    {"deep_otm_call", 100, 150, 0.05, 0, 0.2, 1, 0.35962982615291755, 43.04404350126002},
    {"short_maturity", 100, 105, 0.03, 0.01, 0.25, 0.049315068493150684, 0.61252574564732398, 5.5066010447234479},
    {"long_maturity", 100, 100, 0.04, 0.02, 0.3, 10, 35.131806543469615, 20.290735839235367},
    {"high_vol_dividend", 50, 55, 0.01, 0.03, 0.6, 2, 13.382009245930371, 20.204709598589474},
    {"hull_15_6", 42, 40, 0.1, 0, 0.2, 0.5, 4.7594223928715289, 0.80859937290009598},
};
#define MCS_REF_CASE_COUNT (sizeof mcs_ref_cases / sizeof mcs_ref_cases[0])

#endif
