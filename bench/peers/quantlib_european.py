"""QuantLib peer for the mcsim European-call benchmark.

Prices the same ATM European call as mcsim's benchmark (S=100, K=100, r=0.05,
q=0, sigma=0.2, T=1) with QuantLib's MCEuropeanEngine: pseudorandom traits
(Mersenne twister + inverse-cumulative normal), timeSteps=1,
requiredSamples=paths, a fixed seed, on a BlackScholesMertonProcess with flat
rate, dividend and volatility curves. With flat curves the process's evolve()
is the exact log-normal step, as in mcsim and the NumPy peer. QuantLib's MC
engines are single-threaded.

Run (one line of JSON on stdout: price, std_error, paths, seconds, ...):

    /usr/bin/python3 bench/peers/quantlib_european.py --paths 1000000 --seed 42

``seconds`` is the time of ``option.NPV()`` only (the Monte Carlo run);
building the curves, process and engine is excluded. ``std_error`` is the
engine's errorEstimate().

Note: the engine's default statistics (GeneralStatistics) keep every sample,
so memory grows by ~16 bytes per path.

Importable: ``price(paths, seed=42) -> dict``.
"""

import argparse
import json
import sys
import time

import QuantLib as ql

S0, K, R, Q, SIGMA, T = 100.0, 100.0, 0.05, 0.0, 0.2, 1.0


def price(paths, seed=42):
    """Price the call with `paths` Monte Carlo samples; returns a dict
    {"price","std_error","paths","seconds",...}. seed must be nonzero
    (QuantLib takes seed 0 to mean 'seed from the clock')."""
    if seed == 0:
        raise ValueError("seed 0 makes QuantLib seed from the clock")
    today = ql.Date(2, ql.January, 2024)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    cal = ql.NullCalendar()
    # maturity exactly T years under Actual/365F
    maturity = today + int(round(T * 365))
    spot = ql.QuoteHandle(ql.SimpleQuote(S0))
    rate = ql.YieldTermStructureHandle(ql.FlatForward(today, R, dc))
    div = ql.YieldTermStructureHandle(ql.FlatForward(today, Q, dc))
    vol = ql.BlackVolTermStructureHandle(ql.BlackConstantVol(today, cal, SIGMA, dc))
    process = ql.BlackScholesMertonProcess(spot, div, rate, vol)
    option = ql.VanillaOption(ql.PlainVanillaPayoff(ql.Option.Call, K),
                              ql.EuropeanExercise(maturity))
    engine = ql.MCEuropeanEngine(process, "pseudorandom", timeSteps=1,
                                 requiredSamples=int(paths), seed=int(seed))
    option.setPricingEngine(engine)
    t0 = time.perf_counter()
    npv = option.NPV()
    seconds = time.perf_counter() - t0
    return {
        "price": npv,
        "std_error": option.errorEstimate(),
        "paths": int(paths),
        "seconds": seconds,
        "quantlib": ql.__version__,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paths", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args(argv)
    print(json.dumps(price(a.paths, a.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
