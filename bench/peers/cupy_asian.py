"""CuPy peer for mcsim's Asian-option benchmark (bench/bench_asian.py).

Prices the arithmetic-average Asian call of bench_asian.py (S=100, K=100,
r=0.05, q=0, sigma=0.2, T=1; the average of S at the fixings T/n, 2T/n,
..., T, one fixing per step of an n-step grid, n = --steps = 252 by default,
the spot at t=0 not a fixing; pays max(A - K, 0), discounted by e^{-rT}) on
the GPU the way a Python user would write it with CuPy, per chunk of paths:

    z = cp.random.standard_normal((n, steps), dtype=cp.float32)
    z *= sigma * sqrt(dt); z += (r - q - sigma**2 / 2) * dt   # log-increments
    x = cp.cumsum(z, axis=1)                                 # log(S_t / S_0)
    avg = S * cp.exp(x).mean(axis=1)                         # every step a fixing
    payoff = cp.maximum(avg - K, 0)

with the path arithmetic in float32 and the payoff sum and sum of squares
accumulated in float64 on the device. N paths are processed in chunks of at
most --chunk paths (default 2^30 / (4 * steps) = 1,065,220 paths at 252
steps: a 1 GiB float32 array of normals, about 3 GiB with the temporaries)
so that memory stays bounded. The random numbers come from CuPy's legacy
``cp.random`` generator (cuRAND XORWOW), seeded with ``cp.random.seed(seed)``
before every run.

Timing (peers/gpu_peer.py, as for cupy_european.py): one untimed warm-up run
of one chunk (kernel compilation, memory-pool allocations), then the whole
chunk loop, device-synchronized, best of --repeat.

Run (one line of JSON on stdout: impl, paths, steps, seconds,
path_steps_per_second, price, std_error, device, ...):

    python3 bench/peers/cupy_asian.py --paths 1e8 --steps 252 --repeat 3
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
    sys.stderr.write("cupy_asian: cannot import cupy: %s\n" % e)
    sys.exit(2)

STEPS = 252


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    cp.random.seed(seed)
    dt = T / steps
    drift = cp.float32((R - Q - 0.5 * SIGMA * SIGMA) * dt)
    vol = cp.float32(SIGMA * math.sqrt(dt))
    s0, k = cp.float32(S0), cp.float32(K)
    total = cp.zeros((), dtype=cp.float64)
    total_sq = cp.zeros((), dtype=cp.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        z = cp.random.standard_normal((n, steps), dtype=cp.float32)
        z *= vol
        z += drift                          # log-increments
        x = cp.cumsum(z, axis=1)            # log(S_t / S_0) at each step
        del z
        cp.exp(x, out=x)
        avg = s0 * x.mean(axis=1)           # arithmetic average over the fixings
        del x
        payoff = cp.maximum(avg - k, cp.float32(0))
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
                      lambda: cp.cuda.Device().synchronize(), facts,
                      steps=STEPS))
