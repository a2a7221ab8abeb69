"""NumPy peer for mcsim's Asian-option benchmark (bench/bench_asian.py).

Prices the arithmetic-average Asian call of bench_asian.py (S=100, K=100,
r=0.05, q=0, sigma=0.2, T=1; the average of S at the fixings T/n, 2T/n,
..., T, one fixing per step of an n-step grid, n = --steps = 252 by default,
the spot at t=0 not a fixing; pays max(A - K, 0), discounted by e^{-rT}) by
Monte Carlo, written the way a Python user would write it: a loop over
chunks of paths, each chunk

    z = rng.standard_normal((n, steps), dtype=np.float32)    # default_rng: PCG64
    z *= sigma * sqrt(dt); z += (r - q - sigma**2 / 2) * dt  # log-increments
    x = np.cumsum(z, axis=1)                                 # log(S_t / S_0)
    avg = S * np.exp(x).mean(axis=1)                         # every step a fixing
    payoff = np.maximum(avg - K, 0)

in float32 (--dtype float64 for comparison), with the payoff sum and sum of
squares accumulated in float64. The arithmetic is done in place into two
preallocated (chunk, steps) buffers (``out=``), so the peer is a fair,
reasonably tuned NumPy program, not a naive one. The default chunk is
2^20 / steps paths (a 4 MiB float32 buffer: 4161 paths at 252 steps); on the
2-core EPYC development VM 1 MiB chunks ran at the same speed and 64 MiB
chunks about 25% slower.

Run it single-threaded (bench_asian.py does: OMP/OPENBLAS/MKL threads = 1;
NumPy's generator and ufuncs are single-threaded anyway). One line of JSON
on stdout: price, std_error, paths, steps, seconds, path_steps_per_second:

    OMP_NUM_THREADS=1 /usr/bin/python3 bench/peers/numpy_asian.py \\
        --paths 400000 --steps 252 --seed 42

``seconds`` covers the pricing loop only (generator creation, buffer
allocation and the imports are excluded).

Importable: ``price(paths, steps=252, dtype="float32", seed=42, chunk=None)
-> dict``.
"""

import argparse
import json
import math
import sys
import time

import numpy as np

S0, K, R, Q, SIGMA, T = 100.0, 100.0, 0.05, 0.0, 0.2, 1.0
STEPS = 252
CHUNK_ELEMENTS = 1 << 20


def default_chunk(steps):
    return max(1, CHUNK_ELEMENTS // steps)


def price(paths, steps=STEPS, dtype="float32", seed=42, chunk=None):
    """Price the Asian call with `paths` paths of `steps` steps; returns a
    dict {"price","std_error","paths","steps","seconds",...}."""
    paths, steps = int(paths), int(steps)
    chunk = int(chunk or default_chunk(steps))
    dt = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    h = T / steps
    drift = dt.type((R - Q - 0.5 * SIGMA * SIGMA) * h)
    vol = dt.type(SIGMA * math.sqrt(h))
    s0, k, zero = dt.type(S0), dt.type(K), dt.type(0)
    rows = min(chunk, max(paths, 1))
    zbuf = np.empty((rows, steps), dtype=dt)
    xbuf = np.empty((rows, steps), dtype=dt)
    abuf = np.empty(rows, dtype=dt)
    total = 0.0
    total_sq = 0.0
    t0 = time.perf_counter()
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        z, x, avg = zbuf[:n], xbuf[:n], abuf[:n]
        rng.standard_normal(dtype=dt, out=z)
        z *= vol
        z += drift                          # log-increments
        np.cumsum(z, axis=1, out=x)         # log(S_t / S_0) at each step
        np.exp(x, out=x)
        np.mean(x, axis=1, out=avg)         # arithmetic average over the fixings
        avg *= s0
        avg -= k
        np.maximum(avg, zero, out=avg)      # payoff max(A - K, 0)
        w = avg if dt == np.float64 else avg.astype(np.float64)  # sums in f64
        total += float(np.sum(w))
        total_sq += float(np.dot(w, w))
        done += n
    seconds = time.perf_counter() - t0
    disc = math.exp(-R * T)
    mean = total / paths
    var = max(total_sq - paths * mean * mean, 0.0) / max(paths - 1, 1)
    return {
        "price": disc * mean,
        "std_error": disc * math.sqrt(var / paths),
        "paths": paths,
        "steps": steps,
        "seconds": seconds,
        "path_steps_per_second": paths * steps / seconds if seconds > 0 else None,
        "chunk": chunk,
        "seed": seed,
        "dtype": str(dt),
        "rng": "numpy default_rng (PCG64), standard_normal (ziggurat)",
        "numpy": np.__version__,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paths", type=int, default=400_000)
    ap.add_argument("--steps", type=int, default=STEPS)
    ap.add_argument("--dtype", choices=["float32", "float64"], default="float32")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--chunk", type=int, default=None,
                    help="paths per chunk (default 2^20 / steps)")
    a = ap.parse_args(argv)
    if a.paths < 1 or a.steps < 1:
        ap.error("--paths and --steps must be >= 1")
    print(json.dumps(price(a.paths, a.steps, a.dtype, a.seed, a.chunk)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
