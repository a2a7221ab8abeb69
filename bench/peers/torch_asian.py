"""PyTorch peer for mcsim's Asian-option benchmark (bench/bench_asian.py).

Prices the arithmetic-average Asian call of bench_asian.py (S=100, K=100,
r=0.05, q=0, sigma=0.2, T=1; the average of S at the fixings T/n, 2T/n,
..., T, one fixing per step of an n-step grid, n = --steps = 252 by default,
the spot at t=0 not a fixing; pays max(A - K, 0), discounted by e^{-rT}) on
the GPU the way a Python user would write it with PyTorch, per chunk of
paths:

    z = torch.randn((n, steps), device="cuda", dtype=torch.float32)
    z.mul_(sigma * sqrt(dt)).add_((r - q - sigma**2 / 2) * dt)  # log-increments
    x = torch.cumsum(z, dim=1)                                 # log(S_t / S_0)
    avg = S * x.exp_().mean(dim=1)                             # every step a fixing
    payoff = torch.clamp_min(avg - K, 0.0)

with the path arithmetic in float32 and the payoff sum and sum of squares
accumulated in float64 on the device (the payoff is converted to float64
once; sum, and dot with itself). N paths are processed in chunks of at most
--chunk paths (default 2^30 / (4 * steps) = 1,065,220 paths at 252 steps: a
1 GiB float32 array of normals, about 2 GiB with the cumulative sum) so that
memory stays bounded. The random numbers come from PyTorch's CUDA generator
(Philox), seeded with ``torch.manual_seed(seed)`` before every run.

Timing (peers/gpu_peer.py, as for torch_european.py): one untimed warm-up
run of one chunk (CUDA initialisation, the caching allocator's allocations),
then the whole chunk loop, device-synchronized, best of --repeat.

Run (one line of JSON on stdout: impl, paths, steps, seconds,
path_steps_per_second, price, std_error, device, ...):

    python3 bench/peers/torch_asian.py --paths 1e8 --steps 252 --repeat 3
"""

import time

T_START = time.perf_counter()

import math  # noqa: E402
import sys  # noqa: E402

from gpu_peer import run_peer  # noqa: E402  (puts bench/ on sys.path)
from benchlib import S0, K, R, Q, SIGMA, T  # noqa: E402

try:
    import torch
except ImportError as e:
    sys.stderr.write("torch_asian: cannot import torch: %s\n" % e)
    sys.exit(2)

STEPS = 252


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    torch.manual_seed(seed)
    dt = T / steps
    drift = (R - Q - 0.5 * SIGMA * SIGMA) * dt
    vol = SIGMA * math.sqrt(dt)
    total = torch.zeros((), device="cuda", dtype=torch.float64)
    total_sq = torch.zeros((), device="cuda", dtype=torch.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        z = torch.randn((n, steps), device="cuda", dtype=torch.float32)
        z.mul_(vol).add_(drift)                 # log-increments
        x = torch.cumsum(z, dim=1)              # log(S_t / S_0) at each step
        del z
        avg = S0 * x.exp_().mean(dim=1)         # arithmetic average over the fixings
        del x
        payoff = torch.clamp_min(avg - K, 0.0).double()
        total += payoff.sum()
        total_sq += torch.dot(payoff, payoff)
        done += n
    return total.item(), total_sq.item()


def facts():
    return {"device": torch.cuda.get_device_name(),
            "rng": "torch CUDA default generator (Philox)",
            "torch": torch.__version__,
            "cuda_runtime": torch.version.cuda}


def check():
    if not torch.cuda.is_available():
        return "torch %s sees no CUDA device" % torch.__version__
    return None


if __name__ == "__main__":
    sys.exit(run_peer("torch", __doc__, T_START, simulate, torch.cuda.synchronize, facts,
                      check, steps=STEPS))
