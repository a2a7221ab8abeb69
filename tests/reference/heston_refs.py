#!/usr/bin/python3
"""Generate tests/reference/heston_refs.h: reference prices of European
calls and puts under the Heston model,
    dS = (r - q) S dt + sqrt(v) S dW_S,  dv = kappa (theta - v) dt + xi sqrt(v) dW_v,
    d<W_S, W_v> = rho dt.

Regenerate with:
    /usr/bin/python3 tests/reference/heston_refs.py > tests/reference/heston_refs.h

Origin: QuantLib's AnalyticHestonEngine (Heston 1993 semi-closed form,
adaptive Gauss-Lobatto integration to a relative 1e-12), flat continuous
curves with Actual365Fixed and every maturity a whole number of days / 365
(T = 1 is 365 days, exact). Each price is checked here against an
independent integration of the same semi-closed form, written from
Albrecher et al. (2007), "The little Heston trap", with scipy.integrate.quad
(the script stops when they differ by more than 1e-9).

Cases: a standard one (Feller holds), and one where 2 kappa theta < xi^2
(Feller fails; v reaches 0 often), where the QE scheme must be right at
50 steps a year. `steps` is the grid the Monte Carlo tests use (0: steps =
auto, the model's daily grid).
"""
import math

import QuantLib as ql
from scipy import integrate

# name, spot, rate, dividend, v0, kappa, theta, xi, rho, days, type, strike, steps
CASES = [
    ("standard call", 100.0, 0.05, 0.0, 0.04, 1.5, 0.04, 0.3, -0.7, 365, "call", 100.0, 0),
    ("standard put", 100.0, 0.05, 0.0, 0.04, 1.5, 0.04, 0.3, -0.7, 365, "put", 100.0, 0),
    ("standard call k110 q2%", 100.0, 0.05, 0.02, 0.04, 1.5, 0.04, 0.3, -0.7, 365, "call", 110.0, 0),
    ("feller fails call", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365, "call", 100.0, 50),
    ("feller fails put k90", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365, "put", 90.0, 50),
    ("feller fails call k110", 100.0, 0.03, 0.0, 0.04, 0.5, 0.04, 1.0, -0.9, 365, "call", 110.0, 50),
]


def quantlib_price(c):
    name, s, r, q, v0, kappa, theta, xi, rho, days, typ, k, steps = c
    today = ql.Date(2, ql.January, 2025)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    rts = ql.YieldTermStructureHandle(ql.FlatForward(today, r, dc))
    qts = ql.YieldTermStructureHandle(ql.FlatForward(today, q, dc))
    spot = ql.QuoteHandle(ql.SimpleQuote(s))
    process = ql.HestonProcess(rts, qts, spot, v0, kappa, theta, xi, rho)
    engine = ql.AnalyticHestonEngine(ql.HestonModel(process), 1e-12, 1000000)
    kind = ql.Option.Call if typ == "call" else ql.Option.Put
    option = ql.VanillaOption(ql.PlainVanillaPayoff(kind, k),
                              ql.EuropeanExercise(today + days))
    option.setPricingEngine(engine)
    return option.NPV()


def trap_price(c):
    """The same price by the little-trap characteristic function of ln S_T
    and Gil-Pelaez inversion (P1, P2), integrated with scipy."""
    name, s, r, q, v0, kappa, theta, xi, rho, days, typ, k, steps = c
    t = days / 365.0

    def cf(u):
        d = ((rho * xi * 1j * u - kappa) ** 2 + xi * xi * (1j * u + u * u)) ** 0.5
        g = (kappa - rho * xi * 1j * u - d) / (kappa - rho * xi * 1j * u + d)
        e = complex(math.exp(-(d.real) * t)) * complex(math.cos(-d.imag * t), math.sin(-d.imag * t))
        c_ = (kappa * theta / xi ** 2) * ((kappa - rho * xi * 1j * u - d) * t
                                          - 2 * complex_log((1 - g * e) / (1 - g)))
        d_ = (kappa - rho * xi * 1j * u - d) / xi ** 2 * (1 - e) / (1 - g * e)
        return complex_exp(c_ + d_ * v0 + 1j * u * (math.log(s) + (r - q) * t))

    fwd = s * math.exp((r - q) * t)

    def p(j):
        def f(u):
            if j == 1:
                val = cf(u - 1j) / fwd
            else:
                val = cf(u)
            return (complex_exp(-1j * u * math.log(k)) * val / (1j * u) if u > 0 else 0.0).real
        return 0.5 + integrate.quad(f, 0, math.inf, limit=5000, epsabs=1e-14, epsrel=1e-13)[0] / math.pi

    call = s * math.exp(-q * t) * p(1) - k * math.exp(-r * t) * p(2)
    if typ == "call":
        return call
    return call - s * math.exp(-q * t) + k * math.exp(-r * t)


def complex_log(z):
    import cmath
    return cmath.log(z)


def complex_exp(z):
    import cmath
    return cmath.exp(z)


def main():
    print("""/* heston_refs.h - reference prices of European options under Heston.
 *
 * GENERATED FILE - do not edit by hand.
 * Origin: QuantLib %s AnalyticHestonEngine (adaptive Gauss-Lobatto, relative
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

static const mcs_heston_ref mcs_heston_refs[] = {""" % ql.__version__)
    for c in CASES:
        name, s, r, q, v0, kappa, theta, xi, rho, days, typ, k, steps = c
        a = quantlib_price(c)
        b = trap_price(c)
        if abs(a - b) > 1e-9 * max(1.0, abs(a)):
            raise SystemExit(f"{name}: QuantLib {a!r} vs little trap {b!r}")
        feller = int(2 * kappa * theta >= xi * xi)
        print(f'    {{"{name}", {s!r}, {r!r}, {q!r}, {v0!r}, {kappa!r}, {theta!r}, {xi!r}, {rho!r}, '
              f'{days}.0 / 365.0, {"MCS_CALL" if typ == "call" else "MCS_PUT"}, {k!r}, {steps}, '
              f'{a!r}, {feller}}},')
    print("""};
#define MCS_HESTON_REF_COUNT (sizeof mcs_heston_refs / sizeof mcs_heston_refs[0])

#endif""")


if __name__ == "__main__":
    main()
