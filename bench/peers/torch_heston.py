"""PyTorch peer for mcsim's Heston benchmark (bench/bench_models.py).

Prices the European call of bench/peers/model_params.py on the Heston model
(S=100, K=100, r=0.05, q=0, T=1, v0=0.04, kappa=1.5, theta=0.04, xi=0.3,
rho=-0.7) with Andersen's QE scheme and its martingale correction, 252 steps,
on the GPU the way a Python user would write it with PyTorch: a Python loop
over the steps, each step a few element-wise operations on the chunk's
log-spot and variance vectors (both branches computed, torch.where picks),
normals from torch.randn and the exponential branch's uniform from
torch.rand, path arithmetic in float32, the payoff's sums in float64.

Timing and output: peers/gpu_peer.py (one untimed warm-up chunk, the whole
chunk loop device-synchronized, best of --repeat, one JSON line).

    python3 bench/peers/torch_heston.py --paths 1e7 --steps 252 --repeat 3
"""

import time

T_START = time.perf_counter()

import sys  # noqa: E402

from gpu_peer import run_peer  # noqa: E402  (puts bench/ on sys.path)
from model_params import S0, K, heston_qe_constants  # noqa: E402

try:
    import torch
except ImportError as e:
    sys.stderr.write("torch_heston: cannot import torch: %s\n" % e)
    sys.exit(2)

STEPS = 252


def qe_step(x, v, c):
    """One QE step of every path: returns the new (x, v)."""
    e, theta = c["e"], c["theta"]
    m = theta + (v - theta) * e
    s2 = v * (c["xi2"] * e * (1 - e) / c["kappa"]) + theta * c["xi2"] * (1 - e) ** 2 / (2 * c["kappa"])
    psi = s2 / (m * m)
    zv = torch.randn_like(v)
    zx = torch.randn_like(v)
    u = torch.rand_like(v)
    quad = psi <= c["psi_c"]
    ip = 1 / psi
    b2 = 2 * ip - 1 + torch.sqrt(2 * ip) * torch.sqrt(torch.clamp_min(2 * ip - 1, 0))
    a = m / (1 + b2)
    vq = a * (torch.sqrt(b2) + zv) ** 2
    p = (psi - 1) / (psi + 1)
    beta = (1 - p) / m
    ve = torch.where(u <= p, torch.zeros_like(v), torch.log((1 - p) / (1 - u)) / beta)
    vn = torch.where(quad, vq, ve)
    A = c["A"]
    k0q = -A * b2 * a / (1 - 2 * A * a) + 0.5 * torch.log(1 - 2 * A * a)
    k0e = -torch.log(p + beta * (1 - p) / (beta - A))
    k0 = torch.where(quad, k0q, k0e) - (c["k1"] + 0.5 * c["k3"]) * v
    x = x + c["drift"] + k0 + c["k1"] * v + c["k2"] * vn + torch.sqrt(c["k3"] * v + c["k4"] * vn) * zx
    return x, vn


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    torch.manual_seed(seed)
    c = heston_qe_constants(steps)
    total = torch.zeros((), device="cuda", dtype=torch.float64)
    total_sq = torch.zeros((), device="cuda", dtype=torch.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        x = torch.zeros(n, device="cuda", dtype=torch.float32)
        v = torch.full((n,), c["v0"], device="cuda", dtype=torch.float32)
        for _ in range(steps):
            x, v = qe_step(x, v, c)
        payoff = torch.clamp_min(S0 * torch.exp(x) - K, 0.0).double()
        total += payoff.sum()
        total_sq += torch.dot(payoff, payoff)
        done += n
    return total.item(), total_sq.item()


def facts():
    return {"device": torch.cuda.get_device_name(),
            "rng": "torch CUDA default generator (Philox)",
            "torch": torch.__version__, "cuda_runtime": torch.version.cuda}


def check():
    if not torch.cuda.is_available():
        return "torch %s sees no CUDA device" % torch.__version__
    return None


if __name__ == "__main__":
    sys.exit(run_peer("torch", __doc__, T_START, simulate, torch.cuda.synchronize, facts,
                      check, steps=STEPS))
