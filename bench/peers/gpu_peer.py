"""The harness around the GPU peers (cupy_european.py, torch_european.py,
cupy_asian.py, torch_asian.py): arguments, the untimed warm-up,
device-synchronized timing of the whole chunk loop (best of --repeat), the
price and its standard error from the sums, and the one JSON line
bench_gpu.py and bench_asian.py read. Each peer supplies only what a Python
user would write: the chunked simulation, and how to synchronize.

Path-dependent peers pass ``steps=`` (the default time-step count): they get
a --steps argument, their --chunk defaults to the paths whose (paths, steps)
float32 array is about 1 GiB, ``simulate`` is called as
``simulate(paths, chunk, seed, steps)``, and the JSON line adds ``steps`` and
``path_steps_per_second``."""

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchlib import R, T, parse_count  # noqa: E402


CHUNK_BYTES = 1 << 30       # path-dependent peers: one (chunk, steps) float32 array


def run_peer(impl, doc, t_start, simulate, synchronize, facts, check=None,
             steps=None):
    """Parse the command line, time `simulate(paths, chunk, seed)` (which
    returns the payoff's sum and sum of squares) and print the JSON line.
    `facts()` gives the peer's own fields (device name, library versions);
    `check()` returns an error message when the peer cannot run, or None.
    With `steps` (the default step count), --steps is accepted and
    `simulate(paths, chunk, seed, steps)` is called instead."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    default_paths = 10**9 if steps is None else 10**8
    ap.add_argument("--paths", type=parse_count, default=default_paths,
                    help="paths (1e9 style accepted; default 1e%d)"
                    % (len(str(default_paths)) - 1))
    ap.add_argument("--seed", type=int, default=42)
    if steps is None:
        ap.add_argument("--chunk", type=parse_count, default=1 << 28,
                        help="paths per chunk (default 2^28)")
    else:
        ap.add_argument("--steps", type=parse_count, default=steps,
                        help="time steps per path (default %d)" % steps)
        ap.add_argument("--chunk", type=parse_count, default=None,
                        help="paths per chunk (default: 2^30 bytes / (4 * "
                        "steps), a 1 GiB float32 array of normals)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="timed runs, best kept (default 3)")
    ap.add_argument("--warmup", type=int, default=None,
                    help="paths of the untimed warm-up run (default: one "
                    "chunk, or all paths if fewer; 0: none)")
    a = ap.parse_args()
    if steps is not None:
        if a.chunk is None:
            a.chunk = max(1, CHUNK_BYTES // (4 * a.steps))
        run = simulate
        simulate = lambda p, c, s: run(p, c, s, a.steps)  # noqa: E731
    warmup = min(a.paths, a.chunk) if a.warmup is None else a.warmup
    problem = check() if check else None
    if problem:
        sys.stderr.write("%s: %s\n" % (Path(sys.argv[0]).stem, problem))
        return 2

    if warmup > 0:
        simulate(warmup, a.chunk, a.seed)
    synchronize()
    setup_seconds = time.perf_counter() - t_start

    def timed_run():
        synchronize()
        t0 = time.perf_counter()
        total, total_sq = simulate(a.paths, a.chunk, a.seed)
        synchronize()
        return total, total_sq, time.perf_counter() - t0

    runs = [timed_run() for _ in range(max(a.repeat, 1))]
    total, total_sq, _ = runs[-1]
    seconds = min(r[2] for r in runs)
    n = a.paths
    disc = math.exp(-R * T)
    mean = total / n
    var = max(total_sq - n * mean * mean, 0.0) / max(n - 1, 1)
    record = {
        "impl": impl,
        "paths": n,
        "seconds": seconds,
        "all_seconds": [r[2] for r in runs],
        "paths_per_second": n / seconds,
        "price": disc * mean,
        "std_error": disc * math.sqrt(var / n),
        "chunk": a.chunk,
        "seed": a.seed,
        "warmup_paths": warmup,
        "setup_seconds": setup_seconds,
        "dtype": "float32",
    }
    if steps is not None:
        record["steps"] = a.steps
        record["path_steps_per_second"] = n * a.steps / seconds
    record.update(facts())
    print(json.dumps(record), flush=True)
    return 0


def cupy_device_name(cp):
    """The name of CuPy's current device (the CuPy peers' `device` field)."""
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.Device().id)
    name = props["name"]
    return name.decode() if isinstance(name, bytes) else str(name)
