"""PyTorch peer for mcsim's 64-asset basket benchmark (bench/bench_models.py).

Prices the basket call of bench/peers/model_params.py: 64 correlated GBM
assets (every spot 100, vol 0.2, no dividend, one correlation 0.3), the
equally weighted arithmetic average of the terminal spots struck at K=100,
r=0.05, T=1, on a 252-step grid (as a path-dependent basket would need), on
the GPU the way a Python user would write it with PyTorch: a Python loop
over the steps, each step torch.randn((n, 64)) times the Cholesky factor's
transpose (one matmul, float32; TF32 left at PyTorch's default, off for
float32 matmul) added to the log-spots; the payoff's sums in float64.

Timing and output: peers/gpu_peer.py (one JSON line; its path_steps_per_second
is paths * steps / seconds, to be multiplied by the 64 assets).

    python3 bench/peers/torch_basket.py --paths 1e6 --steps 252 --repeat 3
"""

import time

T_START = time.perf_counter()

import math  # noqa: E402
import sys  # noqa: E402

from gpu_peer import run_peer  # noqa: E402  (puts bench/ on sys.path)
from model_params import (BASKET_ASSETS, BASKET_VOL, K, Q, R, S0, T,  # noqa: E402
                          basket_cholesky)

try:
    import torch
except ImportError as e:
    sys.stderr.write("torch_basket: cannot import torch: %s\n" % e)
    sys.exit(2)

STEPS = 252


def simulate(paths, chunk, seed, steps):
    """Run `paths` paths of `steps` steps; return (sum, sum of squares) of
    the undiscounted payoff as Python floats."""
    torch.manual_seed(seed)
    dt = T / steps
    lt = torch.tensor(basket_cholesky(), device="cuda", dtype=torch.float32).T.contiguous()
    lt *= BASKET_VOL * math.sqrt(dt)
    drift = (R - Q - 0.5 * BASKET_VOL ** 2) * dt
    total = torch.zeros((), device="cuda", dtype=torch.float64)
    total_sq = torch.zeros((), device="cuda", dtype=torch.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        x = torch.zeros((n, BASKET_ASSETS), device="cuda", dtype=torch.float32)
        for _ in range(steps):
            z = torch.randn((n, BASKET_ASSETS), device="cuda", dtype=torch.float32)
            x.add_(z @ lt).add_(drift)
        avg = S0 * torch.exp(x).mean(dim=1)
        payoff = torch.clamp_min(avg - K, 0.0).double()
        total += payoff.sum()
        total_sq += torch.dot(payoff, payoff)
        done += n
    return total.item(), total_sq.item()


def facts():
    return {"device": torch.cuda.get_device_name(),
            "rng": "torch CUDA default generator (Philox)",
            "torch": torch.__version__, "cuda_runtime": torch.version.cuda,
            "assets": BASKET_ASSETS}


def check():
    if not torch.cuda.is_available():
        return "torch %s sees no CUDA device" % torch.__version__
    return None


if __name__ == "__main__":
    sys.exit(run_peer("torch", __doc__, T_START, simulate, torch.cuda.synchronize, facts,
                      check, steps=STEPS))
