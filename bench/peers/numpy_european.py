"""NumPy peer for the mcsim European-call benchmark.

Prices an ATM European call (S=100, K=100, r=0.05, q=0, sigma=0.2, T=1) by
Monte Carlo with one exact log-normal GBM step per path, written the way a
Python user would write it: a loop over chunks of 2^20 paths, each chunk
drawing ``rng.standard_normal(n, dtype=...)`` from ``np.random.default_rng``
(PCG64), then ``np.exp`` and ``np.maximum``, with the payoff sum and sum of
squares accumulated in float64. The arithmetic is done in place (``out=``)
so the peer is a fair, reasonably tuned NumPy program, not a naive one.

Run (one line of JSON on stdout: price, std_error, paths, seconds, ...):

    OMP_NUM_THREADS=1 /usr/bin/python3 bench/peers/numpy_european.py \
        --paths 20000000 --dtype float32 --seed 42

    # parallel over cores the way a Python user would: multiprocessing,
    # one process per core, each pricing its share of the paths
    /usr/bin/python3 bench/peers/numpy_european.py --paths 20000000 --processes 2

``seconds`` covers the pricing loop only (for --processes: the wall time of
the pool's map over the work, pool start-up excluded).

Importable: ``price(paths, dtype="float32", seed=42) -> dict``.
"""

import argparse
import json
import math
import os
import sys
import time

import numpy as np

S0, K, R, Q, SIGMA, T = 100.0, 100.0, 0.05, 0.0, 0.2, 1.0
CHUNK = 1 << 20


def _simulate(paths, dtype, seed):
    """Run `paths` paths; return (sum, sum_sq, paths, seconds) of the
    undiscounted payoff. `seed` is an int or a np.random.SeedSequence."""
    dt = np.dtype(dtype)
    rng = np.random.default_rng(seed)
    drift = dt.type((R - Q - 0.5 * SIGMA * SIGMA) * T)
    vol = dt.type(SIGMA * math.sqrt(T))
    s0 = dt.type(S0)
    k = dt.type(K)
    zero = dt.type(0)
    buf = np.empty(min(CHUNK, max(paths, 1)), dtype=dt)
    total = 0.0
    total_sq = 0.0
    t0 = time.perf_counter()
    done = 0
    while done < paths:
        n = min(CHUNK, paths - done)
        z = buf[:n]
        rng.standard_normal(n, dtype=dt, out=z)
        z *= vol
        z += drift
        np.exp(z, out=z)
        z *= s0
        z -= k
        np.maximum(z, zero, out=z)          # payoff max(S_T - K, 0)
        w = z if dt == np.float64 else z.astype(np.float64)  # sums in f64
        total += float(np.sum(w))
        total_sq += float(np.dot(w, w))
        done += n
    seconds = time.perf_counter() - t0
    return total, total_sq, paths, seconds


def _finish(total, total_sq, paths, seconds, dtype, extra=None):
    disc = math.exp(-R * T)
    mean = total / paths
    var = max(total_sq - paths * mean * mean, 0.0) / max(paths - 1, 1)
    out = {
        "price": disc * mean,
        "std_error": disc * math.sqrt(var / paths),
        "paths": paths,
        "seconds": seconds,
        "dtype": str(np.dtype(dtype)),
        "numpy": np.__version__,
    }
    if extra:
        out.update(extra)
    return out


def price(paths, dtype="float32", seed=42):
    """Price the call with `paths` paths in one process; returns a dict
    {"price","std_error","paths","seconds",...}."""
    total, total_sq, n, seconds = _simulate(int(paths), dtype, seed)
    return _finish(total, total_sq, n, seconds, dtype, {"processes": 1})


def _worker(args):
    paths, dtype, seed_seq = args
    return _simulate(paths, dtype, seed_seq)


def price_parallel(paths, dtype="float32", seed=42, processes=None):
    """Price with `processes` worker processes (default: all cores), each
    simulating its share of the paths with an independent stream spawned
    from SeedSequence(seed). `seconds` is the wall time of the map."""
    import multiprocessing as mp

    paths = int(paths)
    processes = processes or len(os.sched_getaffinity(0))
    shares = [paths // processes + (1 if i < paths % processes else 0)
              for i in range(processes)]
    seqs = np.random.SeedSequence(seed).spawn(processes)
    work = [(n, dtype, s) for n, s in zip(shares, seqs) if n > 0]
    ctx = mp.get_context("fork")
    with ctx.Pool(processes) as pool:
        pool.map(_worker, [(1, dtype, s) for s in seqs])  # warm the workers
        t0 = time.perf_counter()
        parts = pool.map(_worker, work, chunksize=1)
        seconds = time.perf_counter() - t0
    total = sum(p[0] for p in parts)
    total_sq = sum(p[1] for p in parts)
    return _finish(total, total_sq, paths, seconds, dtype,
                   {"processes": processes,
                    "worker_seconds": [p[3] for p in parts]})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paths", type=int, default=20_000_000)
    ap.add_argument("--dtype", choices=["float32", "float64"], default="float32")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--processes", type=int, default=1,
                    help="worker processes (multiprocessing); 0 = all cores")
    a = ap.parse_args(argv)
    if a.processes == 1:
        res = price(a.paths, a.dtype, a.seed)
    else:
        res = price_parallel(a.paths, a.dtype, a.seed, a.processes or None)
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
