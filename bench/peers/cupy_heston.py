"""CuPy peer for mcsim's Heston benchmark (bench/bench_models.py): the job
and the scheme of torch_heston.py (Andersen's QE with the martingale
correction, 252 steps, float32 paths, float64 sums), written as a Python
user would with CuPy: a Python loop over the steps, element-wise operations
on the chunk's vectors, cupy.where to pick the branch, normals and the
uniform from cupy.random.

    python3 bench/peers/cupy_heston.py --paths 1e7 --steps 252 --repeat 3
"""

import time

T_START = time.perf_counter()

import sys  # noqa: E402

from gpu_peer import cupy_device_name, run_peer  # noqa: E402  (puts bench/ on sys.path)
from model_params import S0, K, heston_qe_constants  # noqa: E402

try:
    import cupy as cp
except ImportError as e:
    sys.stderr.write("cupy_heston: cannot import cupy: %s\n" % e)
    sys.exit(2)

STEPS = 252
F = cp.float32


def qe_step(x, v, c):
    """One QE step of every path: returns the new (x, v)."""
    e, theta = F(c["e"]), F(c["theta"])
    m = theta + (v - theta) * e
    s2 = v * F(c["xi2"] * c["e"] * (1 - c["e"]) / c["kappa"]) + \
        F(c["theta"] * c["xi2"] * (1 - c["e"]) ** 2 / (2 * c["kappa"]))
    psi = s2 / (m * m)
    n = v.shape[0]
    zv = cp.random.standard_normal(n, dtype=F)
    zx = cp.random.standard_normal(n, dtype=F)
    u = cp.random.random(n, dtype=F)
    quad = psi <= F(c["psi_c"])
    ip = 1 / psi
    b2 = 2 * ip - 1 + cp.sqrt(2 * ip) * cp.sqrt(cp.maximum(2 * ip - 1, F(0)))
    a = m / (1 + b2)
    vq = a * (cp.sqrt(b2) + zv) ** 2
    p = (psi - 1) / (psi + 1)
    beta = (1 - p) / m
    ve = cp.where(u <= p, F(0), cp.log((1 - p) / (1 - u)) / beta)
    vn = cp.where(quad, vq, ve)
    A = F(c["A"])
    k0q = -A * b2 * a / (1 - 2 * A * a) + F(0.5) * cp.log(1 - 2 * A * a)
    k0e = -cp.log(p + beta * (1 - p) / (beta - A))
    k0 = cp.where(quad, k0q, k0e) - F(c["k1"] + 0.5 * c["k3"]) * v
    x = x + F(c["drift"]) + k0 + F(c["k1"]) * v + F(c["k2"]) * vn + \
        cp.sqrt(F(c["k3"]) * v + F(c["k4"]) * vn) * zx
    return x, vn


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    cp.random.seed(seed)
    c = heston_qe_constants(steps)
    total = cp.zeros((), dtype=cp.float64)
    total_sq = cp.zeros((), dtype=cp.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        x = cp.zeros(n, dtype=F)
        v = cp.full(n, c["v0"], dtype=F)
        for _ in range(steps):
            x, v = qe_step(x, v, c)
        payoff = cp.maximum(F(S0) * cp.exp(x) - F(K), F(0))
        total += payoff.sum(dtype=cp.float64)
        total_sq += cp.square(payoff.astype(cp.float64)).sum()
        done += n
    return float(total), float(total_sq)


def facts():
    return {"device": cupy_device_name(cp), "rng": "cupy.random legacy (cuRAND XORWOW)",
            "cupy": cp.__version__, "cuda_runtime": cp.cuda.runtime.runtimeGetVersion()}


def check():
    try:
        cp.cuda.runtime.getDeviceCount()
    except Exception as e:  # noqa: BLE001
        return "cupy sees no CUDA device: %s" % e
    return None


if __name__ == "__main__":
    sys.exit(run_peer("cupy", __doc__, T_START, simulate, lambda: cp.cuda.Device().synchronize(),
                      facts, check, steps=STEPS))
