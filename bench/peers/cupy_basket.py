"""CuPy peer for mcsim's 64-asset basket benchmark (bench/bench_models.py):
the job of torch_basket.py (64 correlated GBM assets, equally weighted
arithmetic basket call, 252 steps, float32 paths, float64 sums), written as
a Python user would with CuPy: a Python loop over the steps, each step
cupy.random.standard_normal((n, 64)) times the Cholesky factor's transpose
(one matmul) added to the log-spots.

    python3 bench/peers/cupy_basket.py --paths 1e6 --steps 252 --repeat 3
"""

import time

T_START = time.perf_counter()

import math  # noqa: E402
import sys  # noqa: E402

from gpu_peer import cupy_device_name, run_peer  # noqa: E402  (puts bench/ on sys.path)
from model_params import (BASKET_ASSETS, BASKET_VOL, K, Q, R, S0, T,  # noqa: E402
                          basket_cholesky)

try:
    import cupy as cp
except ImportError as e:
    sys.stderr.write("cupy_basket: cannot import cupy: %s\n" % e)
    sys.exit(2)

STEPS = 252
F = cp.float32


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    cp.random.seed(seed)
    dt = T / steps
    lt = cp.asarray(basket_cholesky(), dtype=F).T.copy() * F(BASKET_VOL * math.sqrt(dt))
    drift = F((R - Q - 0.5 * BASKET_VOL ** 2) * dt)
    total = cp.zeros((), dtype=cp.float64)
    total_sq = cp.zeros((), dtype=cp.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        x = cp.zeros((n, BASKET_ASSETS), dtype=F)
        for _ in range(steps):
            z = cp.random.standard_normal((n, BASKET_ASSETS), dtype=F)
            x += z @ lt
            x += drift
        avg = F(S0) * cp.exp(x).mean(axis=1)
        payoff = cp.maximum(avg - F(K), F(0)).astype(cp.float64)
        total += payoff.sum()
        total_sq += cp.square(payoff).sum()
        done += n
    return float(total), float(total_sq)


def facts():
    return {"device": cupy_device_name(cp), "rng": "cupy.random legacy (cuRAND XORWOW)",
            "cupy": cp.__version__, "cuda_runtime": cp.cuda.runtime.runtimeGetVersion(),
            "assets": BASKET_ASSETS}


if __name__ == "__main__":
    sys.exit(run_peer("cupy", __doc__, T_START, simulate, lambda: cp.cuda.Device().synchronize(),
                      facts, steps=STEPS))
