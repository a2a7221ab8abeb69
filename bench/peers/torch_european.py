"""PyTorch peer for mcsim's GPU benchmark (bench/bench_gpu.py).

Prices the same ATM European call as mcsim's benchmark (S=100, K=100,
r=0.05, q=0, sigma=0.2, T=1, one exact log-normal GBM step per path) on the
GPU the way a Python user would write it with PyTorch:

    z = torch.randn(n, device="cuda", dtype=torch.float32)
    st = S * torch.exp((r - q - sigma**2 / 2) * T + sigma * sqrt(T) * z)
    payoff = torch.clamp_min(st - K, 0.0)

with the payoff sum and sum of squares accumulated in float64 on the device
(the payoff is converted to float64 once; sum, and dot with itself). N paths
are processed in chunks of at most --chunk paths (default 2^28, 1 GiB per
float32 array) so that 1e10 paths fit in GPU memory. The random numbers come
from PyTorch's CUDA generator (Philox), seeded with ``torch.manual_seed(seed)``
before every run.

Timing: one untimed warm-up run first (--warmup paths; default one chunk, or
all paths if fewer), so CUDA/cuBLAS initialisation and the caching
allocator's allocations are outside the timed region. Each timed run calls
``torch.cuda.synchronize()``, reads ``time.perf_counter``, runs the whole
chunk loop, copies the two sums to the host, synchronizes again and reads the
clock. The best of --repeat runs is reported.

Run (one line of JSON on stdout: impl, paths, seconds, all_seconds,
paths_per_second, price, std_error, device, ...):

    python3 bench/peers/torch_european.py --paths 1e9 --seed 42 --repeat 3

``setup_seconds`` is the time from the start of this script to the end of
the warm-up (import, CUDA context, warm-up run).
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
    sys.stderr.write("torch_european: cannot import torch: %s\n" % e)
    sys.exit(2)


def simulate(paths, chunk, seed):
    """Run `paths` paths; return (sum, sum of squares) of the undiscounted
    payoff as Python floats."""
    torch.manual_seed(seed)
    drift = (R - Q - 0.5 * SIGMA * SIGMA) * T
    vol = SIGMA * math.sqrt(T)
    total = torch.zeros((), device="cuda", dtype=torch.float64)
    total_sq = torch.zeros((), device="cuda", dtype=torch.float64)
    done = 0
    while done < paths:
        n = min(chunk, paths - done)
        z = torch.randn(n, device="cuda", dtype=torch.float32)
        st = S0 * torch.exp(drift + vol * z)
        payoff = torch.clamp_min(st - K, 0.0).double()
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
                      check))
