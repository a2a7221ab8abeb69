"""CuPy peer for mcsim's GPU benchmark (bench/bench_gpu.py).

Prices the same ATM European call as mcsim's benchmark (S=100, K=100,
r=0.05, q=0, sigma=0.2, T=1, one exact log-normal GBM step per path) on the
GPU the way a Python user would write it with CuPy, NumPy's drop-in
replacement:

    z = cp.random.standard_normal(n, dtype=cp.float32)
    st = S * cp.exp((r - q - sigma**2 / 2) * T + sigma * sqrt(T) * z)
    payoff = cp.maximum(st - K, 0)

with the payoff sum and sum of squares accumulated in float64 on the device.
N paths are processed in chunks of at most --chunk paths (default 2^28,
1 GiB per float32 array) so that 1e10 paths fit in GPU memory. The random
numbers come from CuPy's legacy ``cp.random`` generator (cuRAND XORWOW),
seeded with ``cp.random.seed(seed)`` before every run.

Timing: one untimed warm-up run first (--warmup paths; default one chunk, or
all paths if fewer), so CuPy's kernel compilation and caching and its memory
pool's allocations are outside the timed region. Each timed run synchronizes
the device, reads ``time.perf_counter``, runs the whole chunk loop, copies
the two sums to the host, synchronizes again and reads the clock. The best
of --repeat runs is reported.

Run (one line of JSON on stdout: impl, paths, seconds, all_seconds,
paths_per_second, price, std_error, device, ...):

    python3 bench/peers/cupy_european.py --paths 1e9 --seed 42 --repeat 3

``setup_seconds`` is the time from the start of this script to the end of
the warm-up (import, CUDA context, kernel compilation, warm-up run).
"""

import time

T_START = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402

try:
    import cupy as cp
except ImportError as e:
    sys.stderr.write("cupy_european: cannot import cupy: %s\n" % e)
    sys.exit(2)

S0, K, R, Q, SIGMA, T = 100.0, 100.0, 0.05, 0.0, 0.2, 1.0


def parse_count(text):
    """A positive path count: 1000000, 1_000_000 or 1e6."""
    text = text.replace("_", "")
    try:
        n = int(text)
    except ValueError:
        x = float(text)
        if not x.is_integer():
            raise argparse.ArgumentTypeError("not a whole number: %s" % text)
        n = int(x)
    if n < 1:
        raise argparse.ArgumentTypeError("must be >= 1: %s" % text)
    return n


def simulate(paths, chunk, seed):
    """Run `paths` paths; return (sum, sum of squares) of the undiscounted
    payoff as Python floats."""
    cp.random.seed(seed)
    drift = cp.float32((R - Q - 0.5 * SIGMA * SIGMA) * T)
    vol = cp.float32(SIGMA * math.sqrt(T))
    s0, k = cp.float32(S0), cp.float32(K)
    total = cp.zeros((), dtype=cp.float64)
    total_sq = cp.zeros((), dtype=cp.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        z = cp.random.standard_normal(n, dtype=cp.float32)
        st = s0 * cp.exp(drift + vol * z)
        payoff = cp.maximum(st - k, cp.float32(0))
        total += payoff.sum(dtype=cp.float64)
        total_sq += cp.square(payoff).sum(dtype=cp.float64)
        done += n
    return float(total), float(total_sq)


def timed_run(paths, chunk, seed):
    cp.cuda.Device().synchronize()
    t0 = time.perf_counter()
    total, total_sq = simulate(paths, chunk, seed)
    cp.cuda.Device().synchronize()
    return total, total_sq, time.perf_counter() - t0


def device_name():
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    name = props["name"]
    return name.decode() if isinstance(name, bytes) else str(name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paths", type=parse_count, default=10**9,
                    help="paths (1e9 style accepted; default 1e9)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--chunk", type=parse_count, default=1 << 28,
                    help="paths per chunk (default 2^28)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed runs, best kept (default 3)")
    ap.add_argument("--warmup", type=int, default=None,
                    help="paths of the untimed warm-up run (default: one "
                    "chunk, or all paths if fewer; 0: none)")
    a = ap.parse_args(argv)
    warmup = min(a.paths, a.chunk) if a.warmup is None else a.warmup

    if warmup > 0:
        simulate(warmup, a.chunk, a.seed)
    cp.cuda.Device().synchronize()
    setup_seconds = time.perf_counter() - T_START

    runs = [timed_run(a.paths, a.chunk, a.seed) for _ in range(max(a.repeat, 1))]
    total, total_sq, _ = runs[-1]
    seconds = min(r[2] for r in runs)
    n = a.paths
    disc = math.exp(-R * T)
    mean = total / n
    var = max(total_sq - n * mean * mean, 0.0) / max(n - 1, 1)
    print(json.dumps({
        "impl": "cupy",
        "paths": n,
        "seconds": seconds,
        "all_seconds": [r[2] for r in runs],
        "paths_per_second": n / seconds,
        "price": disc * mean,
        "std_error": disc * math.sqrt(var / n),
        "device": device_name(),
        "chunk": a.chunk,
        "seed": a.seed,
        "warmup_paths": warmup,
        "setup_seconds": setup_seconds,
        "dtype": "float32",
        "rng": "cupy.random legacy (cuRAND XORWOW)",
        "cupy": cp.__version__,
        "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
    }), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
