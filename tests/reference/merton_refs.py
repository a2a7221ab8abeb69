#!/usr/bin/python3
"""Generate tests/reference/merton_refs.h: reference prices for Merton's
jump-diffusion (Merton 1976), the model of models/merton.h:
    ln S_T = ln S0 + (r - q - lambda k - sigma^2/2) T + sigma W_T + sum_{i<=N_T} Y_i,
    N_T ~ Poisson(lambda T), Y_i ~ N(jump_mean, jump_vol^2), k = e^{jump_mean + jump_vol^2/2} - 1.

Regenerate with:
    /usr/bin/python3 tests/reference/merton_refs.py > tests/reference/merton_refs.h

Method (independent of engine/analytic.c's C code): each price is the
Poisson mixture of the conditional log-normal prices, summed in mpmath at
40 digits over n = 0 .. 400 (the weights left beyond are below 1e-100):
    given N_T = n, ln S_T ~ N(m_n, v_n), m_n = ln S0 + (r - q - lambda k) T
    - sigma^2 T / 2 + n jump_mean, v_n = sigma^2 T + n jump_vol^2;
    european: E[(S_T - K)^+ | n] by Black's formula; digital cash: P(S_T > K | n);
    digital asset: E[S_T 1{S_T > K} | n].
Cross-checks, each from another method, printed next to every case and
required to agree to 1e-7 (the script stops otherwise):
  - every case: Gil-Pelaez Fourier inversion of the model's characteristic
    function phi(u) = E[e^{iu ln S_T}] (scipy.integrate.quad), with
    P(S_T > K) = 1/2 + 1/pi int_0^inf Re[e^{-iu ln K} phi(u) / (iu)] du and
    the asset measure's phi(u - i) / phi(-i) for E[S_T 1{S_T > K}];
  - the European cases: QuantLib 1.44's AnalyticHestonEngine-based BatesEngine
    with a constant variance (v0 = theta = sigma^2, vol of variance 1e-4,
    rho 0), whose jumps are Merton's (BatesProcess: lambda, nu = jump_mean,
    delta = jump_vol); QuantLib's JumpDiffusionEngine is not in its Python
    build. Agreement to 1e-5 there (the vol of variance moves it ~1e-9).
Cases with jump_intensity = 0 are GBM: Black-Scholes in closed form.
The martingale case is an asset digital struck at 1e-6: its value is
S0 e^{-qT} (the discounted E[S_T]) up to P(S_T < 1e-6), below 1e-100 here.
"""
import math

import mpmath as mp
import numpy as np
from scipy import integrate

mp.mp.dps = 40

# name, sets (the config keys; the model's then the option's), steps
BASE = "model.type=merton model.spot=100 model.rate=0.05 model.dividend=0 model.volatility=0.2 "
STD = BASE + "model.jump_intensity=1 model.jump_mean=-0.1 model.jump_vol=0.15 "
HIGH = BASE + "model.jump_intensity=5 model.jump_mean=-0.1 model.jump_vol=0.15 "
CASES = [
    ("standard call, 1 step", STD + "option.payoff=european option.type=call option.strike=100 option.maturity=1", 1),
    ("standard put, 1 step", STD + "option.payoff=european option.type=put option.strike=100 option.maturity=1", 1),
    ("standard call, 252 steps", STD + "option.payoff=european option.type=call option.strike=100 option.maturity=1", 252),
    ("standard put, 50 steps", STD + "option.payoff=european option.type=put option.strike=100 option.maturity=1", 50),
    ("high intensity call, 1 step (5 jumps a step)", HIGH + "option.payoff=european option.type=call option.strike=100 option.maturity=1", 1),
    ("high intensity put, 100 steps", HIGH + "option.payoff=european option.type=put option.strike=100 option.maturity=1", 100),
    ("dividend call k110, 12 steps",
     BASE.replace("model.dividend=0", "model.dividend=0.03") +
     "model.jump_intensity=0.5 model.jump_mean=0.2 model.jump_vol=0.3 "
     "option.payoff=european option.type=call option.strike=110 option.maturity=2", 12),
    ("digital cash call, 1 step", STD + "option.payoff=digital option.type=call option.strike=100 option.maturity=1 option.digital=cash option.cash=10", 1),
    ("digital asset put, 4 steps", STD + "option.payoff=digital option.type=put option.strike=95 option.maturity=1 option.digital=asset", 4),
    ("martingale: asset digital k=1e-6, high intensity, q=2%, 10 steps",
     HIGH.replace("model.dividend=0", "model.dividend=0.02") +
     "option.payoff=digital option.type=call option.strike=1e-6 option.maturity=1 option.digital=asset", 10),
    ("lambda 0 is GBM: call, 1 step",
     BASE + "model.jump_intensity=0 model.jump_mean=-0.1 model.jump_vol=0.15 "
     "option.payoff=european option.type=call option.strike=100 option.maturity=1", 1),
]


def keys(sets):
    kv = dict(w.split("=", 1) for w in sets.split())
    out = {}
    for k, v in kv.items():
        try:
            out[k.split(".", 1)[1]] = float(v)
        except ValueError:
            out[k.split(".", 1)[1]] = v
    return out


def series(p):
    """The Poisson mixture, in mpmath."""
    S, r, q, sig = mp.mpf(p["spot"]), mp.mpf(p["rate"]), mp.mpf(p["dividend"]), mp.mpf(p["volatility"])
    lam, mu, sj = mp.mpf(p["jump_intensity"]), mp.mpf(p["jump_mean"]), mp.mpf(p["jump_vol"])
    T, K = mp.mpf(p["maturity"]), mp.mpf(p["strike"])
    k = mp.exp(mu + sj * sj / 2) - 1
    call = p["type"] == "call"
    total = mp.mpf(0)
    for n in range(401):
        w = mp.exp(-lam * T) * (lam * T) ** n / mp.factorial(n) if lam > 0 else mp.mpf(n == 0)
        if w == 0:
            continue
        m = mp.log(S) + (r - q - lam * k) * T - sig * sig * T / 2 + n * mu
        v = sig * sig * T + n * sj * sj
        sd = mp.sqrt(v)
        fwd = mp.exp(m + v / 2)
        d1 = (mp.log(fwd / K) + v / 2) / sd
        d2 = d1 - sd
        N = lambda x: mp.ncdf(x)
        if p["payoff"] == "european":
            val = fwd * N(d1) - K * N(d2) if call else K * N(-d2) - fwd * N(-d1)
        elif p["digital"] == "cash":
            val = p.get("cash", 1.0) * (N(d2) if call else N(-d2))
        else:
            val = fwd * (N(d1) if call else N(-d1))
        total += w * val
    return float(mp.exp(-r * T) * total)


def fourier(p):
    """Gil-Pelaez inversion of the characteristic function of ln S_T."""
    S, r, q, sig = p["spot"], p["rate"], p["dividend"], p["volatility"]
    lam, mu, sj, T, K = p["jump_intensity"], p["jump_mean"], p["jump_vol"], p["maturity"], p["strike"]
    k = math.expm1(mu + sj * sj / 2)
    drift = math.log(S) + (r - q - lam * k - sig * sig / 2) * T

    def phi(u):
        return np.exp(1j * u * drift - 0.5 * sig * sig * T * u * u
                      + lam * T * (np.exp(1j * u * mu - 0.5 * sj * sj * u * u) - 1))

    fwd = S * math.exp((r - q) * T)
    lk = math.log(K)

    def prob(f):
        g = lambda u: (np.exp(-1j * u * lk) * f(u) / (1j * u)).real
        val = 0.0
        edges = [1e-12, 5, 20, 60, 200, 2000]
        for a, b in zip(edges[:-1], edges[1:]):
            val += integrate.quad(g, a, b, epsabs=1e-14, epsrel=1e-12, limit=2000)[0]
        return 0.5 + val / math.pi

    p_cash = prob(phi)  # P(S_T > K)
    p_asset = prob(lambda u: phi(u - 1j) / phi(-1j))  # under the S_T measure
    df = math.exp(-r * T)
    call = p["type"] == "call"
    if p["payoff"] == "european":
        c = df * (fwd * p_asset - K * p_cash)
        return c if call else c - df * (fwd - K)  # put-call parity
    if p["digital"] == "cash":
        return df * p.get("cash", 1.0) * (p_cash if call else 1 - p_cash)
    return df * fwd * (p_asset if call else 1 - p_asset)


def quantlib(p):
    """QuantLib's Bates engine as Merton (constant variance); European only."""
    import QuantLib as ql
    today = ql.Date(1, 1, 2025)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    T = p["maturity"]
    mat = today + int(round(T * 365))
    assert abs(int(round(T * 365)) / 365 - T) < 1e-12
    rts = ql.YieldTermStructureHandle(ql.FlatForward(today, p["rate"], dc))
    qts = ql.YieldTermStructureHandle(ql.FlatForward(today, p["dividend"], dc))
    v = p["volatility"] ** 2
    proc = ql.BatesProcess(rts, qts, ql.QuoteHandle(ql.SimpleQuote(p["spot"])), v, 1.0, v, 1e-4, 0.0,
                           p["jump_intensity"], p["jump_mean"], p["jump_vol"])
    t = ql.Option.Call if p["type"] == "call" else ql.Option.Put
    opt = ql.VanillaOption(ql.PlainVanillaPayoff(t, p["strike"]), ql.EuropeanExercise(mat))
    opt.setPricingEngine(ql.BatesEngine(ql.BatesModel(proc), 1e-12, 1000000))
    return opt.NPV()


def black_scholes(p):
    S, K, r, q, s, T = p["spot"], p["strike"], p["rate"], p["dividend"], p["volatility"], p["maturity"]
    d1 = (math.log(S / K) + (r - q + s * s / 2) * T) / (s * math.sqrt(T))
    d2 = d1 - s * math.sqrt(T)
    N = lambda x: 0.5 * math.erfc(-x / math.sqrt(2))
    return S * math.exp(-q * T) * N(d1) - K * math.exp(-r * T) * N(d2)


def sets_field(sets, indent="     "):
    words, lines, piece = sets.split(" "), [], ""
    for w in words:
        if piece and len(indent) + 9 + len(piece) + len(w) + 3 > 96:
            lines.append(piece + " ")
            piece = w
        else:
            piece = piece + " " + w if piece else w
    lines.append(piece)
    return "\n".join([indent + '.sets = "' + lines[0] + '"'] +
                     [indent + '         "' + l + '"' for l in lines[1:]])


def main():
    rows = []
    for name, sets, steps in CASES:
        p = keys(sets)
        price = series(p)
        checks = [("Gil-Pelaez Fourier inversion (scipy)", fourier(p), 1e-7)]
        if p["payoff"] == "european" and p["jump_intensity"] > 0:  # BatesModel needs lambda > 0
            checks.append(("QuantLib BatesEngine, constant variance", quantlib(p), 1e-5))
        if p["jump_intensity"] == 0:
            checks.append(("Black-Scholes", black_scholes(p), 1e-12))
        if "martingale" in name:
            checks.append(("S0 e^{-qT}", p["spot"] * math.exp(-p["dividend"] * p["maturity"]), 1e-12))
        for what, v, tol in checks:
            if abs(v - price) > tol * max(1.0, abs(price)):
                raise SystemExit(f"{name}: series {price!r} but {what} {v!r}")
        rows.append((name, sets, steps, price, checks))

    print("""/* merton_refs.h - reference prices for Merton's jump-diffusion
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

static const mcs_merton_ref mcs_merton_refs[] = {""")
    for name, sets, steps, price, checks in rows:
        for what, v, _ in checks:
            print(f"    /* {what}: {v!r} */")
        print(f'    {{.name = "{name}", .steps = {steps}, .price = {price!r},')
        print(sets_field(sets) + "},")
    print("""};
#define MCS_MERTON_REF_COUNT (sizeof mcs_merton_refs / sizeof mcs_merton_refs[0])

/* Poisson(mean) upper tails P(n > j) and the thresholds t_j =
 * Phi^{-1}(P(n <= j)) of models/merton.h's count table (scipy.stats:
 * poisson.sf, norm.isf of the upper tail), for means 1/252 (daily steps, lambda = 1) and 5
 * (near the table's end), j = 0 .. 7. */
typedef struct {
    double mean;
    double threshold[8];
} mcs_merton_threshold_ref;
static const mcs_merton_threshold_ref mcs_merton_threshold_refs[] = {""")
    from scipy.stats import norm, poisson
    for mean in (1 / 252, 5.0):
        t = [float(norm.isf(poisson.sf(j, mean))) for j in range(8)]
        print(f"    {{{mean!r}, {{" + ", ".join(repr(x) for x in t) + "}},")
    print("""};

#endif""")


if __name__ == "__main__":
    main()
