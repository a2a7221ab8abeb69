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

import math  # noqa: E402
import sys  # noqa: E402

from gpu_peer import cupy_device_name, run_peer  # noqa: E402  (puts bench/ on sys.path)
from benchlib import S0, K, R, Q, SIGMA, T  # noqa: E402

try:
    import cupy as cp
except ImportError as e:
    sys.stderr.write("cupy_european: cannot import cupy: %s\n" % e)
    sys.exit(2)


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


def facts():
    return {"device": cupy_device_name(cp),
            "rng": "cupy.random legacy (cuRAND XORWOW)",
            "cupy": cp.__version__,
            "cuda_runtime": cp.cuda.runtime.runtimeGetVersion()}


if __name__ == "__main__":
    sys.exit(run_peer("cupy", __doc__, T_START, simulate,
                      lambda: cp.cuda.Device().synchronize(), facts))
