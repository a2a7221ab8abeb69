#!/usr/bin/env python3
"""python_tour.py - a tour of the mcsim Python package (docs/python.md): a
strike grid of an arithmetic Asian and a down-and-out barrier call on GBM,
an implied volatility recovered from a price, and the speedup estimator's
CPU and GPU times against the path count; one PNG with both plots.

    python3 docs/examples/python_tour.py [--paths 200000] [--out python_tour.png]

CI runs it with few paths (python/tests/test_example.py). The estimator
uses the catalogue's profiles (--cpu desktop --gpu h100-sxm) so it runs on
a machine never calibrated; --cpu local --gpu local for this machine's
(after `mcsim calibrate`).
"""
import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

import mcsim  # noqa: E402

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--paths", type=float, default=200_000, help="paths per price")
    ap.add_argument("--out", default="python_tour.png", help="the PNG written")
    ap.add_argument("--backend", default="auto", help="cpu, gpu or auto")
    ap.add_argument("--cpu", default="desktop", help="estimator's CPU profile (local: yours)")
    ap.add_argument("--gpu", default="h100-sxm", help="estimator's GPU profile (local: yours)")
    args = ap.parse_args()
    paths = int(args.paths)
    print(f"mcsim {mcsim.__version__} ({mcsim.library_path})")

    # 1. a strike grid of each product: one engine, common random numbers
    strikes = list(range(80, 125, 5))
    asian = mcsim.price_grid(CONFIGS / "asian.ini", strike=strikes, paths=paths,
                             backend=args.backend)
    barrier = mcsim.price_grid(CONFIGS / "barrier.ini", strike=strikes, paths=paths,
                               backend=args.backend)
    print("Asian (arithmetic, 12 fixings):")
    print(asian[["strike", "price", "std_error", "seconds"]].to_string(index=False))
    print("Barrier (down-and-out at 90) and its closed form (Reiner-Rubinstein):")
    print(barrier[["strike", "price", "std_error", "analytic", "down-in"]].to_string(index=False))

    # 2. an implied volatility: the Asian's price at volatility 0.25, strike
    # 105, as a "market" price; recovered from the config (volatility 0.2)
    market = mcsim.price(CONFIGS / "asian.ini", strike=105, volatility=0.25, paths=paths,
                         seed=2024, backend=args.backend)
    iv = mcsim.implied_volatility(market.price, CONFIGS / "asian.ini", strike=105, paths=paths,
                                  lo=0.05, hi=1.0, backend=args.backend)
    print(f"implied volatility of the Asian at {market.price:.4f}: {iv.volatility:.4f} "
          f"+/- {iv.std_error:.4f} (vega {iv.vega:.2f}, {iv.evaluations} runs; the price came "
          "from 0.25 on other paths)")

    # 3. the estimator: predicted seconds on each backend as the paths grow
    sizes = [10 ** k for k in range(3, 10)]
    cpu, gpu_cold, gpu_warm = [], [], []
    for n in sizes:
        e = mcsim.estimate(CONFIGS / "asian.ini", paths=n, cpu=args.cpu, gpu=args.gpu)
        cpu.append(e["warm"]["cpu"]["phases"]["total"])
        gpu_cold.append(e["cold"]["gpu"]["phases"]["total"])
        gpu_warm.append(e["warm"]["gpu"]["phases"]["total"])
    break_even = e["cold"].get("break_even_paths")
    print(f"estimator ({args.cpu} / {args.gpu}): cold break-even at {break_even} paths")

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    for df, name in ((asian, "arithmetic Asian call"), (barrier, "down-and-out call, H=90")):
        left.errorbar(df["strike"], df["price"], yerr=1.96 * df["std_error"], marker="o",
                      capsize=3, label=f"{name} (Monte Carlo, 95%)")
    left.plot(barrier["strike"], barrier["analytic"], "k--", lw=1,
              label="down-and-out, Reiner-Rubinstein")
    left.set(xlabel="strike", ylabel="price", title=f"Price against strike ({paths:,} paths, "
             f"{asian.attrs['backend']})")
    left.legend()
    right.loglog(sizes, cpu, "o-", label=f"CPU ({args.cpu})")
    right.loglog(sizes, gpu_cold, "s-", label=f"GPU cold, with context ({args.gpu})")
    right.loglog(sizes, gpu_warm, "^--", label=f"GPU warm ({args.gpu})")
    right.set(xlabel="paths", ylabel="predicted seconds", title="mcsim.estimate: Asian call")
    right.legend()
    fig.suptitle(f"implied volatility recovered: {iv.volatility:.4f} ± {iv.std_error:.4f} "
                 "(true 0.25)")
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
