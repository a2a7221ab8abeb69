#!/usr/bin/python3
"""Generate tests/reference/bachelier_refs.h: reference prices for the
Bachelier (normal) model, S_t = F_t + sigma_N W_t, F_t = S0 e^{(r - q) t}.

Regenerate with:
    /usr/bin/python3 tests/reference/bachelier_refs.py > tests/reference/bachelier_refs.h

Method (independent of engine/analytic.c's closed forms): each payoff is
integrated numerically (scipy.integrate.quad, to 1e-12) against the normal
law of the variable it pays on, whose mean and variance are built from the
model's definition, not from a formula:
  european, digital  S_T ~ N(F_T, sigma_N^2 T).
  asian arithmetic   the fixings' vector (S_{t_1}, ..., S_{t_n}), t_k = k T/n,
                     is Gaussian with mean F_{t_k} and covariance
                     sigma_N^2 min(t_j, t_k); the average A = 1'S/n has mean
                     1'F/n and variance 1'C1/n^2 (the matrix summed in full);
                     floating strike: S_T - A, with the covariance row of S_T.
Every price is discounted by e^{-rT}. Cases with S_T or A below zero with
a large probability are included (p_negative in the comment of each case).
"""
import numpy as np
from scipy import integrate, stats

CASES = [
    # name, spot, rate, dividend, normal_vol, maturity, payoff, type, strike,
    # digital, cash, fixings, strike_type, steps
    ("european call atm", 100, 0.05, 0.0, 20, 1.0, "european", "call", 100, "cash", 1, 12, "fixed", 1),
    ("european put k90 q2%", 100, 0.03, 0.02, 15, 0.5, "european", "put", 90, "cash", 1, 12, "fixed", 1),
    ("european call, S<0 likely", 5, 0.01, 0.0, 30, 1.0, "european", "call", 2, "cash", 1, 12, "fixed", 1),
    ("european put, S<0 likely", 5, 0.01, 0.0, 30, 1.0, "european", "put", 2, "cash", 1, 12, "fixed", 1),
    ("digital cash call, S<0 likely", 5, 0.02, 0.01, 30, 1.0, "digital", "call", 2, "cash", 2.5, 12, "fixed", 1),
    ("digital asset put, S<0 likely", 5, 0.02, 0.0, 30, 1.0, "digital", "put", 2, "asset", 1, 12, "fixed", 1),
    ("digital asset call", 100, 0.05, 0.0, 20, 1.0, "digital", "call", 105, "asset", 1, 12, "fixed", 1),
    ("asian call 12 fixings", 100, 0.05, 0.0, 20, 1.0, "asian", "call", 100, "cash", 1, 12, "fixed", 12),
    ("asian put, S<0 likely", 2, 0.03, 0.0, 10, 1.0, "asian", "put", 1, "cash", 1, 12, "fixed", 12),
    ("asian call, S<0 likely, 24 steps", 2, 0.03, 0.01, 10, 2.0, "asian", "call", 1, "cash", 1, 6, "fixed", 24),
    ("asian floating call, S<0 likely", 2, 0.03, 0.0, 10, 1.0, "asian", "call", 0, "cash", 1, 12, "floating", 12),
    ("asian floating put", 100, 0.05, 0.02, 20, 1.0, "asian", "put", 0, "cash", 1, 4, "floating", 8),
]


def law(spot, rate, div, vol, t, payoff, fixings, strike_type):
    """Mean and std dev of the variable the payoff pays on, and P(S_T < 0)."""
    fwd = lambda u: spot * np.exp((rate - div) * u)
    if payoff != "asian":
        return fwd(t), vol * np.sqrt(t)
    tk = t * np.arange(1, fixings + 1) / fixings
    cov = vol * vol * np.minimum.outer(tk, tk)
    ones = np.full(fixings, 1.0 / fixings)
    mean_a, var_a = ones @ fwd(tk), ones @ cov @ ones
    if strike_type == "fixed":
        return mean_a, np.sqrt(var_a)
    cov_ta = vol * vol * (ones @ np.minimum(tk, t))  # Cov(S_T, A)
    return fwd(t) - mean_a, np.sqrt(vol * vol * t - 2 * cov_ta + var_a)


def price(c):
    name, spot, rate, div, vol, t, payoff, typ, strike, digital, cash, fixings, stype, steps = c
    m, s = law(spot, rate, div, vol, t, payoff, fixings, stype)
    call = typ == "call"
    if payoff == "digital":
        win = (lambda x: x > strike) if call else (lambda x: x < strike)
        pay = (lambda x: cash * win(x)) if digital == "cash" else (lambda x: x * win(x))
        points = [strike]
    else:
        k = 0.0 if stype == "floating" else strike
        pay = (lambda x: max(x - k, 0.0)) if call else (lambda x: max(k - x, 0.0))
        points = [k]
    dens = stats.norm(m, s).pdf
    lo, hi = m - 12 * s, m + 12 * s
    cut = [p for p in points if lo < p < hi]
    edges = [lo] + cut + [hi]
    total = 0.0
    for a, b in zip(edges[:-1], edges[1:]):
        total += integrate.quad(lambda x: pay(x) * dens(x), a, b, epsabs=1e-13, epsrel=1e-12,
                                limit=400)[0]
    p_neg = stats.norm(spot * np.exp((rate - div) * t), vol * np.sqrt(t)).cdf(0.0)
    return np.exp(-rate * t) * total, p_neg


def main():
    print("""/* bachelier_refs.h - reference prices for the Bachelier (normal) model.
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

static const mcs_bachelier_ref mcs_bachelier_refs[] = {""")
    ids = {"european": "MCS_PAYOFF_EUROPEAN", "digital": "MCS_PAYOFF_DIGITAL", "asian": "MCS_PAYOFF_ASIAN"}
    for c in CASES:
        name, spot, rate, div, vol, t, payoff, typ, strike, digital, cash, fixings, stype, steps = c
        p, neg = price(c)
        print(f'    {{"{name}", {spot!r}, {rate!r}, {div!r}, {vol!r}, {t!r}, {ids[payoff]}, '
              f'{"MCS_CALL" if typ == "call" else "MCS_PUT"}, {float(strike)!r}, '
              f'{"MCS_DIGITAL_CASH" if digital == "cash" else "MCS_DIGITAL_ASSET"}, {float(cash)!r}, '
              f'{fixings}, {"MCS_STRIKE_FIXED" if stype == "fixed" else "MCS_STRIKE_FLOATING"}, '
              f'{steps}, {p!r}, {neg:.4f}}},')
    print("""};
#define MCS_BACHELIER_REF_COUNT (sizeof mcs_bachelier_refs / sizeof mcs_bachelier_refs[0])

#endif""")


if __name__ == "__main__":
    main()
