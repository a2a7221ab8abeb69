#!/usr/bin/python3
"""Generate tests/reference/european_refs.h: Black-Scholes-Merton European
call/put reference prices computed by QuantLib (quantlib-python).

Regenerate with:
    /usr/bin/python3 tests/reference/quantlib_refs.py > tests/reference/european_refs.h

Approach: every price comes from ql.BlackCalculator, which needs no dates, so
each maturity T is used exactly as written below (no day-count rounding):
    stdDev   = sigma * sqrt(T)
    discount = exp(-r T)
    forward  = S exp(-q T) / exp(-r T)   (= S exp((r - q) T))
    price    = ql.BlackCalculator(ql.PlainVanillaPayoff(type, K), forward,
                                   stdDev, discount).value()
As a cross-check, every case whose T is a whole number of days / 365 is also
priced with ql.AnalyticEuropeanEngine (BlackScholesMertonProcess, flat
continuously-compounded rate and dividend curves, Actual365Fixed, maturity =
today + T*365 days); the script aborts if the two disagree by more than
1e-12 relative.
"""
import math
import sys

import QuantLib as ql

# name, spot, strike, rate, dividend, volatility, maturity
CASES = [
    ("atm",               100.0, 100.0, 0.05, 0.00, 0.20, 1.0),
    ("deep_itm_call",     100.0,  60.0, 0.05, 0.00, 0.20, 1.0),
    ("deep_otm_call",     100.0, 150.0, 0.05, 0.00, 0.20, 1.0),
    ("short_maturity",    100.0, 105.0, 0.03, 0.01, 0.25, 18.0 / 365.0),
    ("long_maturity",     100.0, 100.0, 0.04, 0.02, 0.30, 3650.0 / 365.0),
    ("high_vol_dividend",  50.0,  55.0, 0.01, 0.03, 0.60, 730.0 / 365.0),
    ("hull_15_6",          42.0,  40.0, 0.10, 0.00, 0.20, 0.5),
]


def black_calculator(opt_type, s, k, r, q, vol, t):
    std_dev = vol * math.sqrt(t)
    discount = math.exp(-r * t)
    forward = s * math.exp(-q * t) / discount
    return ql.BlackCalculator(ql.PlainVanillaPayoff(opt_type, k), forward, std_dev,
                              discount).value()


def analytic_engine(opt_type, s, k, r, q, vol, days):
    today = ql.Date(15, ql.January, 2024)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    cal = ql.NullCalendar()
    process = ql.BlackScholesMertonProcess(
        ql.QuoteHandle(ql.SimpleQuote(s)),
        ql.YieldTermStructureHandle(ql.FlatForward(today, q, dc, ql.Continuous)),
        ql.YieldTermStructureHandle(ql.FlatForward(today, r, dc, ql.Continuous)),
        ql.BlackVolTermStructureHandle(ql.BlackConstantVol(today, cal, vol, dc)))
    option = ql.VanillaOption(ql.PlainVanillaPayoff(opt_type, k),
                              ql.EuropeanExercise(today + days))
    option.setPricingEngine(ql.AnalyticEuropeanEngine(process))
    return option.NPV()


def num(v):
    """Shortest round-trip decimal for an input (100.0 -> "100")."""
    text = repr(v)
    return text[:-2] if text.endswith(".0") else text


def main():
    rows = []
    for name, s, k, r, q, vol, t in CASES:
        call = black_calculator(ql.Option.Call, s, k, r, q, vol, t)
        put = black_calculator(ql.Option.Put, s, k, r, q, vol, t)
        days = t * 365.0
        if days == round(days):
            for typ, val in ((ql.Option.Call, call), (ql.Option.Put, put)):
                ref = analytic_engine(typ, s, k, r, q, vol, int(round(days)))
                if abs(ref - val) > 1e-12 * max(abs(ref), 1e-300):
                    sys.exit("cross-check failed for %s: BlackCalculator %.17g "
                             "vs AnalyticEuropeanEngine %.17g" % (name, val, ref))
        inputs = ", ".join(num(v) for v in (s, k, r, q, vol, t))
        rows.append('    {"%s", %s, %.17g, %.17g},' % (name, inputs, call, put))

    out = sys.stdout
    out.write("""/* european_refs.h - European Black-Scholes-Merton reference prices.
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: QuantLib %s (quantlib-python), via tests/reference/quantlib_refs.py.
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
%s
};
#define MCS_REF_CASE_COUNT (sizeof mcs_ref_cases / sizeof mcs_ref_cases[0])

#endif
""" % (ql.__version__, "\n".join(rows)))


if __name__ == "__main__":
    main()
