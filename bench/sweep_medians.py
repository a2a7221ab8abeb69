#!/usr/bin/env python3
"""sweep_medians.py - one phase of interleaved sweep files, per variant, mode and size.

Reads CONFIG-VARIANT-rROUND.h5 files (mcsim sweep outputs of one job run under a few
variants, e.g. an environment setting, interleaved by round) and prints, per CONFIG
and mode, one line per VARIANT (in name order) with the median [min-max] of
the phase in ms at each path count, over all rounds and repeats. Used by the session-14
device calls (bench/results/estimator/h200-waitpolicy-session14, h200-binding-session14).

Usage: sweep_medians.py [--phase simulate|write|total|...] [--dir DIR] CONFIG...
"""
import argparse
import collections
import glob
import os

import h5py
import numpy as np


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("configs", nargs="+")
    ap.add_argument("--phase", default="simulate")
    ap.add_argument("--dir", default=".")
    args = ap.parse_args()
    for cfg in args.configs:
        runs, variants = collections.defaultdict(list), []
        for path in sorted(glob.glob(os.path.join(args.dir, f"{cfg}-*-r*.h5"))):
            variant = os.path.basename(path)[len(cfg) + 1:].rsplit("-r", 1)[0]
            if variant not in variants:
                variants.append(variant)
            for x in h5py.File(path, "r")["runs"][:]:
                runs[(variant, x["mode"].decode(), int(x["paths"]))].append(x[args.phase] * 1e3)
        print(cfg)
        for mode in ("cold", "warm"):
            for variant in variants:
                row = [f"{n:.0e}:{np.median(v):.3f}[{np.min(v):.2f}-{np.max(v):.2f}]"
                       for (p, m, n), v in sorted(runs.items()) if p == variant and m == mode]
                print(f"  {mode} {variant:8s}", "  ".join(row))


if __name__ == "__main__":
    main()
