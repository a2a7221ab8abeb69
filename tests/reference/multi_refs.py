#!/usr/bin/python3
"""Generate tests/reference/multi_refs.h: reference prices for the
multi-asset GBM (models/multi_gbm.h) and its payoffs basket, best_of,
worst_of and spread.

Regenerate with:
    /usr/bin/python3 tests/reference/multi_refs.py > tests/reference/multi_refs.h

Methods, each independent of mcsim (the origin is written next to each number):
  best_of, worst_of (2 assets)  QuantLib 1.44 StulzEngine (Stulz 1982) with
                     two BlackScholesMertonProcess and the correlation,
                     MaxBasketPayoff / MinBasketPayoff.
  spread, K = 0      Margrabe's exchange-option formula (closed form).
  spread, K > 0 and basket (2 assets)
                     exact 1-D integration (scipy.integrate.quad, 1e-11):
                     given asset 2's normal, asset 1 is log-normal and the
                     payoff's conditional expectation is Black's formula.
  basket, 64 assets  a separate Monte Carlo in numpy (its own generator,
                     PCG64 of numpy, 2^22 paths) with the geometric basket
                     as control variate (closed form for the geometric
                     average of correlated log-normals); its std error is
                     in the header, and the test allows 4 std errors of the
                     difference. The geometric basket (a lower bound of the
                     arithmetic call) is given too.
  sum variance       the exact variance of S_1(T) + S_2(T) (log-normal
                     moments) and the std error of a sample variance of N
                     paths (from the 4th central moment), for the
                     correlation-recovery test.
Prices are discounted by e^{-rT}.
"""
import math
import numpy as np
import QuantLib as ql
from scipy import integrate, stats

T = 1.0


def sets(n, spots, vols, divs, rate, rho, payoff, typ, strike, extra=""):
    lst = lambda v: ",".join(repr(float(x)) for x in v)
    s = (f"model.type=multi_gbm model.assets={n} model.spots={lst(spots)} "
         f"model.volatilities={lst(vols)} model.dividends={lst(divs)} model.rate={rate!r} "
         f"model.correlation={rho!r} option.payoff={payoff} option.type={typ} "
         f"option.strike={strike!r} option.maturity={T!r}")
    return s + (" " + extra if extra else "")


def stulz(s, v, q, r, rho, kind, typ, k):
    today = ql.Date(1, 1, 2025)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    expiry = today + 365
    t = dc.yearFraction(today, expiry)
    assert abs(t - T) < 1e-12
    def proc(spot, vol, div):
        return ql.BlackScholesMertonProcess(
            ql.QuoteHandle(ql.SimpleQuote(spot)),
            ql.YieldTermStructureHandle(ql.FlatForward(today, div, dc)),
            ql.YieldTermStructureHandle(ql.FlatForward(today, r, dc)),
            ql.BlackVolTermStructureHandle(ql.BlackConstantVol(today, ql.NullCalendar(), vol, dc)))
    ot = ql.Option.Call if typ == "call" else ql.Option.Put
    payoff = (ql.MaxBasketPayoff if kind == "best_of" else ql.MinBasketPayoff)(
        ql.PlainVanillaPayoff(ot, k))
    opt = ql.BasketOption(payoff, ql.EuropeanExercise(expiry))
    opt.setPricingEngine(ql.StulzEngine(proc(s[0], v[0], q[0]), proc(s[1], v[1], q[1]), rho))
    return opt.NPV()


def margrabe(s, v, q, rho, typ):
    if typ == "put":  # E[(S2 - S1)+]: swap the assets
        s, v, q = s[::-1], v[::-1], q[::-1]
    f1, f2 = s[0] * math.exp(-q[0] * T), s[1] * math.exp(-q[1] * T)
    sig = math.sqrt(v[0] ** 2 + v[1] ** 2 - 2 * rho * v[0] * v[1])
    d1 = (math.log(f1 / f2) + 0.5 * sig * sig * T) / (sig * math.sqrt(T))
    return f1 * stats.norm.cdf(d1) - f2 * stats.norm.cdf(d1 - sig * math.sqrt(T))


def black(fwd, k, sd, call):
    """Undiscounted E[(X - k)+] (call) or E[(k - X)+], X log-normal with mean fwd
    and log std dev sd; k may be <= 0."""
    if k <= 0:
        return fwd - k if call else 0.0
    d1 = (math.log(fwd / k) + 0.5 * sd * sd) / sd
    d2 = d1 - sd
    if call:
        return fwd * stats.norm.cdf(d1) - k * stats.norm.cdf(d2)
    return k * stats.norm.cdf(-d2) - fwd * stats.norm.cdf(-d1)


def two_asset_integral(s, v, q, r, rho, a1, a2, k, call):
    """e^{-rT} E[(a1 S1 + a2 S2 - k)+] (call) or of (k - ...)+ (put), a1 > 0:
    integrate over asset 2's normal z2; given z2, S1 is log-normal."""
    m1 = math.log(s[0]) + (r - q[0] - 0.5 * v[0] ** 2) * T
    m2 = math.log(s[1]) + (r - q[1] - 0.5 * v[1] ** 2) * T
    sd1 = v[0] * math.sqrt(T) * math.sqrt(1 - rho * rho)
    def f(z):
        s2 = math.exp(m2 + v[1] * math.sqrt(T) * z)
        mean1 = math.exp(m1 + v[0] * math.sqrt(T) * rho * z + 0.5 * sd1 * sd1)
        kk = (k - a2 * s2) / a1
        return a1 * black(mean1, kk, sd1, call) * stats.norm.pdf(z)
    val, err = integrate.quad(f, -12, 12, epsabs=1e-11, epsrel=1e-11, limit=400)
    return math.exp(-r * T) * val


def basket64(n, spot, vol, r, rho, k, paths=1 << 22, seed=20261126):
    """Arithmetic basket call (equal weights) by numpy Monte Carlo with the
    geometric basket as control variate; returns price, std error, geometric
    closed form."""
    mu = (r - 0.5 * vol * vol) * T
    # geometric average G = S0 exp(mu + vol sqrt(T) mean(Y)), Var(mean Y) = (1 + (n-1) rho)/n
    sg = vol * math.sqrt(T) * math.sqrt((1 + (n - 1) * rho) / n)
    geo = math.exp(-r * T) * black(spot * math.exp(mu + 0.5 * sg * sg), k, sg, True)
    rng = np.random.Generator(np.random.PCG64(seed))
    chunk = 1 << 16
    xs, ys = [], []
    for _ in range(paths // chunk):
        m = rng.standard_normal(chunk)
        e = rng.standard_normal((chunk, n))
        y = math.sqrt(rho) * m[:, None] + math.sqrt(1 - rho) * e
        st = spot * np.exp(mu + vol * math.sqrt(T) * y)
        a = st.mean(axis=1)
        g = spot * np.exp(mu + vol * math.sqrt(T) * y.mean(axis=1))
        xs.append(np.maximum(a - k, 0))
        ys.append(np.maximum(g - k, 0))
    x = np.concatenate(xs) * math.exp(-r * T)
    y = np.concatenate(ys) * math.exp(-r * T)
    c = np.cov(x, y)
    beta = c[0, 1] / c[1, 1]
    z = x - beta * (y - geo)
    return z.mean(), z.std(ddof=1) / math.sqrt(len(z)), geo


def sum_variance(s, v, q, r, rho, paths):
    """Var(S1(T) + S2(T)) and the std error of its sample estimate over paths."""
    mu = [math.log(s[i]) + (r - q[i] - 0.5 * v[i] ** 2) * T for i in range(2)]
    var = [v[i] ** 2 * T for i in range(2)]
    cov = rho * v[0] * v[1] * T
    def mom(a, b):  # E[S1^a S2^b]
        return math.exp(a * mu[0] + b * mu[1] + 0.5 * (a * a * var[0] + b * b * var[1] + 2 * a * b * cov))
    def raw(k):  # E[(S1 + S2)^k]
        return sum(math.comb(k, a) * mom(a, k - a) for a in range(k + 1))
    m1, m2, m3, m4 = raw(1), raw(2), raw(3), raw(4)
    variance = m2 - m1 ** 2
    c4 = m4 - 4 * m3 * m1 + 6 * m2 * m1 ** 2 - 3 * m1 ** 4
    return variance, math.sqrt((c4 - variance ** 2) / paths)


S2, V2, Q2, R = (100.0, 95.0), (0.2, 0.3), (0.01, 0.02), 0.05
cases = []
for kind in ("best_of", "worst_of"):
    for typ in ("call", "put"):
        p = stulz(S2, V2, Q2, R, 0.5, kind, typ, 100.0)
        cases.append((f"{kind} {typ} rho 0.5", sets(2, S2, V2, Q2, R, 0.5, kind, typ, 100.0), 1, p,
                      "QuantLib 1.44 StulzEngine"))
p = stulz(S2, V2, Q2, R, -0.4, "best_of", "call", 95.0)
cases.append(("best_of call rho -0.4 k95", sets(2, S2, V2, Q2, R, -0.4, "best_of", "call", 95.0), 1,
              p, "QuantLib 1.44 StulzEngine"))
p = stulz(S2, V2, Q2, R, 0.9, "worst_of", "put", 105.0)
cases.append(("worst_of put rho 0.9 k105, 12 steps",
              sets(2, S2, V2, Q2, R, 0.9, "worst_of", "put", 105.0), 12, p,
              "QuantLib 1.44 StulzEngine"))
for rho in (0.5, -0.3):
    for typ in ("call", "put"):
        p = margrabe(S2, V2, Q2, rho, typ)
        cases.append((f"spread k0 {typ} rho {rho} (exchange)",
                      sets(2, S2, V2, Q2, R, rho, "spread", typ, 0.0), 1, p, "Margrabe closed form"))
p = margrabe(S2, V2, Q2, 1.0, "call")
cases.append(("spread k0 call rho 1 (semi-definite)", sets(2, S2, V2, Q2, R, 1.0, "spread", "call", 0.0),
              1, p, "Margrabe closed form"))
p = two_asset_integral(S2, V2, Q2, R, 0.5, 1.0, -1.0, 5.0, True)
cases.append(("spread k5 call rho 0.5", sets(2, S2, V2, Q2, R, 0.5, "spread", "call", 5.0), 1, p,
              "1-D integration (scipy quad)"))
for typ in ("call", "put"):
    p = two_asset_integral(S2, V2, Q2, R, 0.3, 0.6, 0.4, 100.0, typ == "call")
    cases.append((f"basket {typ} w 0.6 0.4 rho 0.3",
                  sets(2, S2, V2, Q2, R, 0.3, "basket", typ, 100.0, "option.weights=0.6,0.4"), 1, p,
                  "1-D integration (scipy quad)"))
p = two_asset_integral(S2, V2, Q2, R, 0.3, 0.5, 0.5, 100.0, True)
cases.append(("basket call equal weights (default), 4 steps",
              sets(2, S2, V2, Q2, R, 0.3, "basket", "call", 100.0), 4, p,
              "1-D integration (scipy quad)"))

N64, SPOT64, VOL64, R64, RHO64, K64 = 64, 100.0, 0.25, 0.03, 0.3, 100.0
b64, b64_se, g64 = basket64(N64, SPOT64, VOL64, R64, RHO64, K64)
var_paths = 400000
sv, sv_se = sum_variance(S2, V2, Q2, R, 0.5, var_paths)
sv0, _ = sum_variance(S2, V2, Q2, R, 0.0, var_paths)

print("/* multi_refs.h - generated by tests/reference/multi_refs.py (QuantLib %s, scipy, numpy):" % ql.__version__)
print(" * reference prices for the multi-asset GBM and its payoffs; do not edit. Each")
print(" * case: its key=value overrides (config keys), steps, price and origin. */")
print("#ifndef MCS_MULTI_REFS_H\n#define MCS_MULTI_REFS_H\n\n#include <stddef.h>\n")
print("typedef struct {\n    const char *name, *sets;\n    unsigned steps;\n    double price;\n    const char *origin;\n} mcs_multi_ref;\n")
print("static const mcs_multi_ref mcs_multi_refs[] = {")
for name, st, steps, p, origin in cases:
    print(f'    {{"{name}",\n     "{st}",\n     {steps}, {p:.15g}, "{origin}"}},')
print("};")
print("#define MCS_MULTI_REF_COUNT (sizeof mcs_multi_refs / sizeof mcs_multi_refs[0])\n")
print(f"/* 64 assets, S0 {SPOT64:g}, vol {VOL64:g}, r {R64:g}, correlation {RHO64:g}, equal weights,")
print(f" * arithmetic basket call K {K64:g}, T 1: numpy Monte Carlo, 2^22 paths, geometric control")
print(" * variate (basket64 in multi_refs.py); its std error; the geometric basket call (closed")
print(" * form, a lower bound). */")
print('#define MCS_BASKET64_SETS "' + sets(N64, [SPOT64] * N64, [VOL64] * N64, [0.0] * N64, R64, RHO64,
                                         "basket", "call", K64) + '"')
print(f"#define MCS_BASKET64_PRICE {b64:.15g}\n#define MCS_BASKET64_SE {b64_se:.6g}\n#define MCS_BASKET64_GEOMETRIC {g64:.15g}\n")
print("/* Var(S1(T) + S2(T)) of the two-asset set-up above (S0 100, 95; vol 0.2, 0.3; q 1%, 2%;")
print(" * r 5%) at correlation 0.5, exact (log-normal moments), the std error of its sample")
print(f" * estimate over {var_paths} paths, and the variance at correlation 0 (for the test's power). */")
print(f"#define MCS_SUMVAR_PATHS {var_paths}\n#define MCS_SUMVAR_RHO05 {sv:.15g}\n#define MCS_SUMVAR_RHO05_SE {sv_se:.6g}\n#define MCS_SUMVAR_RHO0 {sv0:.15g}\n")
print("#endif")
