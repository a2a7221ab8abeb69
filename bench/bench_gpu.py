"""Benchmark: mcsim's GPU backend against CuPy and PyTorch (and its own CPU
backend) on a European call.

Prices the ATM European call of configs/european.ini (S=100, K=100, r=0.05,
q=0, sigma=0.2, T=1, one exact log-normal GBM step per path) at several path
counts (--sizes, default 1e6,1e8,1e9,1e10), all in one run on one machine:

  * mcsim GPU:  ``MCSIM configs/european.ini --backend gpu --paths N
    --format json -q -o TMP/gpu-N.h5``;
  * PyTorch and CuPy peers (bench/peers/torch_european.py,
    bench/peers/cupy_european.py): float32 randn / exp / max over chunks of
    2^28 paths, sums in float64;
  * mcsim CPU on all usable cores (``--backend cpu --threads NPROC``), for
    sizes up to --cpu-max-paths.

Every measurement is a fresh process, repeated --repeat times (rounds
interleaved across implementations); the best (minimum) of each metric is
kept, and every run's record goes to the JSON. Metrics:

  kernel   mcsim: ``timings.simulate`` (sum of the kernels' CUDA-event times;
           CPU backend: the simulation loop). Peers: their timed chunk loop
           (warm: after an untimed one-chunk warm-up, device-synchronized).
  cold     end to end, as a user waits for it. mcsim: ``timings.total`` (the
           process from start to exit, CUDA context creation included).
           Peers: wall time of the whole python process (interpreter start,
           import, CUDA context, kernel compilation, warm-up, the run).
  warm     end to end with the CUDA context already there. mcsim:
           ``timings.total - timings.context`` (setup, allocation, RNG init,
           copies, kernels, reduction, HDF5 log). Peers: the timed loop.
  wall     this script's wall clock around each subprocess (reference).

Each price is checked against Black-Scholes (10.450583572185565, computed
here with math.erf and checked against the config's comment): OK within 4
standard errors, else FAIL; the run does not abort. The final table
(size x implementation) and the ratios -- mcsim kernel throughput over the
peers', mcsim warm/cold end to end over the peers' -- are printed last,
with the targets at 1e10 paths: >= 520 G paths/s kernel, >= 12x PyTorch,
>= 20x CuPy.

Run from the repository root on the GPU machine (a failing peer, e.g. a
missing module, becomes an error row and the run goes on):

    python3 bench/bench_gpu.py --mcsim ".gpu/run mcsim" --json $OUT/bench_gpu.json
    python3 bench/bench_gpu.py --quick                   # 1e6,1e7, repeat 1
    python3 bench/bench_gpu.py --sizes 1e9 --skip-peers --skip-cpu

--out-dir (default $OUT when set) receives bench_gpu.log, a copy of
everything printed, and bench_gpu.json when --json is not given.

Exit status: 0 when every run succeeded and every price passed, 1 when a run
failed or a price is outside 4 standard errors, 2 when mcsim or the config is
missing.
"""

import argparse
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import S0, K, R, Q, SIGMA, T, black_scholes_call, cpu_model, parse_count, usable_cores

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PEERS = HERE / "peers"

BS_CONFIG = 10.450583572185565      # configs/european.ini's comment

TARGET_SIZE = 10**10
TARGET_KERNEL = 520e9               # mcsim GPU kernel paths/s at 1e10
TARGET_SPEEDUP = {"torch": 12.0, "cupy": 20.0}
PEER_NAMES = ("torch", "cupy")


BS = black_scholes_call(S0, K, R, Q, SIGMA, T)
assert abs(BS - BS_CONFIG) < 1e-9, (BS, BS_CONFIG)


def say(*args):
    print(*args, flush=True)


class Tee:
    """Write to several streams (stdout and a log file)."""
    def __init__(self, *streams):
        self.streams = streams

    def write(self, text):
        for s in self.streams:
            s.write(text)
            s.flush()

    def flush(self):
        for s in self.streams:
            s.flush()


def fmt_n(n):
    """1e10 for 10000000000, 2e9, else the digits."""
    e = len(str(n)) - 1
    return "%de%d" % (n // 10**e, e) if n >= 1000 and n % 10**e == 0 else str(n)


# ----------------------------------------------------------------- hardware

def quiet_output(cmd):
    """stdout of cmd, stripped, or None if it cannot run."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                           cwd=str(ROOT))
        return (p.stdout or p.stderr).strip() if p.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired):
        return None


def hardware(a):
    gpus = quiet_output(["nvidia-smi", "--query-gpu=name,driver_version",
                         "--format=csv,noheader"])
    return {
        "gpu": gpus.splitlines() if gpus else None,
        "cpu_model": cpu_model(),
        "usable_cores": usable_cores(),
        "logical_cpus": os.cpu_count(),
        "machine": platform.machine(),
        "kernel": platform.release(),
        "python": "%s (%s)" % (platform.python_version(), sys.executable),
        "mcsim_version": quiet_output(a.mcsim + ["--version"]),
    }


def hardware_lines(hw):
    gpu = "; ".join(hw["gpu"]) if hw["gpu"] else "(nvidia-smi not available)"
    return ["GPU:   %s" % gpu,
            "CPU:   %s, %d usable cores (%s logical), %s, Linux %s"
            % (hw["cpu_model"], hw["usable_cores"], hw["logical_cpus"],
               hw["machine"], hw["kernel"])]


# ------------------------------------------------------------------ running

class RunError(RuntimeError):
    def __init__(self, msg, timed_out=False):
        super().__init__(msg)
        self.timed_out = timed_out


def run_json(cmd, timeout):
    """Run cmd in the repository root in its own process group; return (the
    last JSON object line of its stdout, wall seconds)."""
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen(cmd, cwd=str(ROOT), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    except OSError as e:
        raise RunError("cannot start: %s" % e)
    try:
        out, err = p.communicate(timeout=timeout)
    except BaseException as e:          # timeout or Ctrl-C: kill the group
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        if isinstance(e, subprocess.TimeoutExpired):
            raise RunError("timed out after %g s" % timeout, timed_out=True)
        raise
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RunError("exit %d: %s" % (p.returncode,
                                        (err.strip() or out.strip())[-1500:]))
    for line in reversed(out.splitlines()):
        if line.strip().startswith("{"):
            try:
                return json.loads(line), wall
            except ValueError:
                pass
    raise RunError("no JSON object on stdout: %s" % out[-1500:])


def command(a, impl, n, tmp):
    if impl.startswith("mcsim"):
        backend = impl.split("-")[1]
        cmd = a.mcsim + [a.config, "--backend", backend, "--paths", str(n)]
        if backend == "cpu":
            cmd += ["--threads", str(a.threads)]
        return cmd + ["--format", "json", "-q",
                      "-o", os.path.join(tmp, "%s-%d.h5" % (backend, n))]
    return [sys.executable, str(PEERS / ("%s_european.py" % impl)),
            "--paths", str(n), "--seed", str(a.seed), "--repeat", "1"]


def measure(impl, cmd, n, timeout):
    res, wall = run_json(cmd, timeout)
    for key in ("price", "std_error", "paths"):
        if key not in res:
            raise RunError("JSON lacks %r: %s" % (key, res))
    if int(res["paths"]) != n:
        raise RunError("ran %s paths, asked for %d" % (res["paths"], n))
    if impl.startswith("mcsim"):
        tm = res.get("timings") or {}
        if "simulate" not in tm or "total" not in tm:
            raise RunError("mcsim JSON lacks timings.simulate/total: %s" % res)
        kernel, cold = float(tm["simulate"]), float(tm["total"])
        warm = cold - float(tm.get("context", 0.0))
    else:
        kernel = warm = float(res["seconds"])
        cold = wall
    return {"price": float(res["price"]), "std_error": float(res["std_error"]),
            "kernel_seconds": kernel, "cold_seconds": cold,
            "warm_seconds": warm, "wall_seconds": wall, "output": res}


# --------------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="mcsim GPU backend vs PyTorch, CuPy and mcsim CPU on an "
                    "ATM European call (see module docstring).")
    ap.add_argument("--mcsim", default="build-gpu/mcsim",
                    help="mcsim command, split like a shell does (default "
                    "build-gpu/mcsim; on the device machine: '.gpu/run mcsim')")
    ap.add_argument("--config", default=str(ROOT / "configs" / "european.ini"))
    ap.add_argument("--sizes", help="comma-separated path counts (default "
                    "1e6,1e8,1e9,1e10; --quick: 1e6,1e7)")
    ap.add_argument("--repeat", type=int, help="fresh processes per "
                    "measurement, best kept (default 3; --quick: 1)")
    ap.add_argument("--seed", type=int, default=42,
                    help="seed for the peers (mcsim's is in the config)")
    ap.add_argument("--threads", type=int, default=usable_cores(),
                    help="threads for mcsim cpu (default: usable cores, "
                    "%d here)" % usable_cores())
    ap.add_argument("--cpu-max-paths", type=parse_count, default=10**10,
                    help="largest size the CPU backend runs (default 1e10)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per subprocess (default 300)")
    ap.add_argument("--skip-peers", action="store_true")
    ap.add_argument("--skip-cpu", action="store_true")
    ap.add_argument("--json", metavar="FILE", help="write everything as JSON")
    ap.add_argument("--out-dir", default=os.environ.get("OUT") or None,
                    help="directory for bench_gpu.log (and bench_gpu.json "
                    "without --json); default $OUT if set")
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: sizes 1e6,1e7, repeat 1")
    a = ap.parse_args(argv)
    sizes = a.sizes or ("1e6,1e7" if a.quick else "1e6,1e8,1e9,1e10")
    try:
        a.sizes = [parse_count(s) for s in sizes.split(",") if s.strip()]
    except (ValueError, argparse.ArgumentTypeError) as e:
        ap.error("--sizes: %s" % e)
    a.repeat = a.repeat or (1 if a.quick else 3)
    a.mcsim = shlex.split(a.mcsim)
    return a


def main(argv=None):
    a = parse_args(argv)
    exe = a.mcsim[0]
    if "/" in exe:
        exe = a.mcsim[0] = os.path.abspath(exe)
    if not (os.access(exe, os.X_OK) or shutil.which(exe)):
        sys.stderr.write("bench_gpu: mcsim command not found or not "
                         "executable: %s (pass --mcsim)\n" % exe)
        return 2
    a.config = os.path.abspath(a.config)
    if not os.path.isfile(a.config):
        sys.stderr.write("bench_gpu: config not found: %s\n" % a.config)
        return 2
    if a.out_dir:
        os.makedirs(a.out_dir, exist_ok=True)
        log = open(os.path.join(a.out_dir, "bench_gpu.log"), "w")
        sys.stdout = Tee(sys.stdout, log)
        a.json = a.json or os.path.join(a.out_dir, "bench_gpu.json")

    hw = hardware(a)
    for line in hardware_lines(hw):
        say(line)
    say("mcsim: %s" % " ".join(a.mcsim))
    say("       %s" % (hw["mcsim_version"] or "(--version failed)")
        .replace("\n", "\n       "))
    say("Option: European call S=%g K=%g r=%g q=%g sigma=%g T=%g, 1 step; "
        "Black-Scholes %.9f" % (S0, K, R, Q, SIGMA, T, BS))
    say("Sizes: %s; repeat %d (fresh processes, best kept); timeout %g s"
        % (",".join(fmt_n(n) for n in a.sizes), a.repeat, a.timeout))
    say()

    impls = ["mcsim-gpu"] + ([] if a.skip_peers else list(PEER_NAMES)) \
        + ([] if a.skip_cpu else ["mcsim-cpu"])
    label = {"mcsim-gpu": "mcsim gpu", "torch": "torch", "cupy": "cupy",
             "mcsim-cpu": "mcsim cpu %dT" % a.threads}
    records, timed_out = [], set()
    with tempfile.TemporaryDirectory(prefix="bench_gpu_") as tmp:
        for n in sorted(a.sizes):
            plan = [i for i in impls if not (i == "mcsim-cpu" and n > a.cpu_max_paths)]
            failed_here = set()
            for rnd in range(a.repeat):
                for impl in plan:
                    if impl in failed_here:
                        continue
                    cmd = command(a, impl, n, tmp)
                    rec = {"impl": impl, "paths": n, "round": rnd,
                           "cmd": shlex.join(cmd)}
                    if impl in timed_out:
                        rec["error"] = "skipped: timed out at a smaller size"
                        records.append(rec)
                        failed_here.add(impl)
                        continue
                    try:
                        rec.update(measure(impl, cmd, n, a.timeout))
                        say("[%s %d/%d] %-12s kernel %.4f s  cold %.4f s  "
                            "warm %.4f s  price %.5f" % (
                                fmt_n(n), rnd + 1, a.repeat, label[impl],
                                rec["kernel_seconds"], rec["cold_seconds"],
                                rec["warm_seconds"], rec["price"]))
                    except RunError as e:
                        rec["error"] = str(e)
                        failed_here.add(impl)
                        if e.timed_out:
                            timed_out.add(impl)   # larger sizes would too
                        say("[%s %d/%d] %-12s FAILED: %s" % (
                            fmt_n(n), rnd + 1, a.repeat, label[impl], e))
                    records.append(rec)

    # ---- best per metric for each (size, implementation)
    rows, by = [], {}
    for n in sorted(a.sizes):
        for impl in impls:
            recs = [r for r in records if r["paths"] == n and r["impl"] == impl]
            if not recs:
                continue
            ok = [r for r in recs if "error" not in r]
            errs = [r["error"] for r in recs if "error" in r]
            row = {"paths": n, "impl": impl, "label": label[impl],
                   "runs": len(ok), "error": errs[0] if errs else None}
            if ok:
                for m in ("kernel", "cold", "warm", "wall"):
                    row[m + "_seconds"] = min(r[m + "_seconds"] for r in ok)
                row["paths_per_second"] = n / row["kernel_seconds"]
                row["price"], row["std_error"] = ok[0]["price"], ok[0]["std_error"]
                se = row["std_error"]
                row["z"] = (row["price"] - BS) / se if se > 0 else float("inf")
                row["bs_check"] = "OK" if abs(row["z"]) <= 4 else "FAIL"
            rows.append(row)
            by[(n, impl)] = row

    analytic = {r["output"]["analytic"] for r in records if "analytic"
                in r.get("output", {})}
    if any(abs(x - BS) > 1e-6 for x in analytic):
        say("WARNING: mcsim's analytic price %s != Black-Scholes %.9f: is %s "
            "the same option?" % (sorted(analytic), BS, a.config))

    # ---- ratios: mcsim gpu speed-up over each other implementation
    ratios = []
    for n in sorted(a.sizes):
        g = by.get((n, "mcsim-gpu"))
        if not g or "kernel_seconds" not in g:
            continue
        for other in [i for i in impls if i != "mcsim-gpu"]:
            o = by.get((n, other))
            if not o or "kernel_seconds" not in o:
                continue
            ratios.append({
                "paths": n, "vs": other,
                "kernel": g["paths_per_second"] / o["paths_per_second"],
                "warm": o["warm_seconds"] / g["warm_seconds"],
                "cold": o["cold_seconds"] / g["cold_seconds"],
                "target": TARGET_SPEEDUP.get(other) if n == TARGET_SIZE else None})

    failed = ["%s@%s" % (r["impl"], fmt_n(r["paths"])) for r in rows if r["error"]]
    bad = ["%s@%s" % (r["impl"], fmt_n(r["paths"])) for r in rows
           if r.get("bs_check") == "FAIL"]

    if a.json:
        doc = {
            "benchmark": "european_call_atm_gpu",
            "option": {"S": S0, "K": K, "r": R, "q": Q, "sigma": SIGMA, "T": T,
                       "steps": 1, "black_scholes": BS},
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "argv": [sys.executable] + sys.argv,
            "settings": {"sizes": a.sizes, "repeat": a.repeat, "seed": a.seed,
                         "threads": a.threads, "cpu_max_paths": a.cpu_max_paths,
                         "timeout": a.timeout, "mcsim": a.mcsim,
                         "config": a.config},
            "hardware": hw,
            "targets": {"paths": TARGET_SIZE, "kernel_paths_per_second":
                        TARGET_KERNEL, "kernel_speedup": TARGET_SPEEDUP},
            "rows": rows, "ratios": ratios, "records": records,
            "failed": failed, "price_fail": bad,
        }
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        say("JSON written to %s" % a.json)

    # ---- final table and ratios, last on stdout
    say()
    say("== Results (best of %d; kernel = mcsim timings.simulate, peers' timed "
        "loop; cold/warm = end to end)" % a.repeat)
    for line in hardware_lines(hw):
        say(line)
    hdr = "%6s  %-13s %10s %9s %9s %9s %9s  %-22s %6s" % (
        "paths", "impl", "G paths/s", "kernel s", "cold s", "warm s",
        "wall s", "price +- std error", "z")
    say(hdr)
    say("-" * len(hdr))
    for r in rows:
        if "kernel_seconds" not in r:
            say("%6s  %-13s %10s %9s %9s %9s %9s  %-22s %6s  FAILED" % (
                fmt_n(r["paths"]), r["label"], "-", "-", "-", "-", "-", "-", "-"))
            continue
        say("%6s  %-13s %10.3f %9.4f %9.4f %9.4f %9.4f  %-22s %+6.2f  %s%s" % (
            fmt_n(r["paths"]), r["label"], r["paths_per_second"] / 1e9,
            r["kernel_seconds"], r["cold_seconds"], r["warm_seconds"],
            r["wall_seconds"],
            "%.5f +- %.5f" % (r["price"], r["std_error"]), r["z"],
            r["bs_check"], "  (a repeat FAILED)" if r["error"] else ""))
    say("Black-Scholes %.6f; OK = within 4 std errors. wall = this script's "
        "clock around the process (peers: = cold)" % BS)
    say()
    say("== mcsim gpu speed-up (kernel: paths/s over paths/s; warm, cold: "
        "other's seconds over mcsim gpu's)")
    for n in sorted(a.sizes):
        g = by.get((n, "mcsim-gpu"))
        if g and "kernel_seconds" in g:
            line = "%6s  mcsim gpu kernel %.1f G paths/s" % (
                fmt_n(n), g["paths_per_second"] / 1e9)
            if n == TARGET_SIZE:
                line += "   target >= %g: %s" % (
                    TARGET_KERNEL / 1e9,
                    "met" if g["paths_per_second"] >= TARGET_KERNEL else "NOT met")
            say(line)
        for q in [q for q in ratios if q["paths"] == n]:
            line = "%6s  vs %-13s kernel %7.2fx   warm %7.2fx   cold %7.2fx" % (
                fmt_n(n), label[q["vs"]], q["kernel"], q["warm"], q["cold"])
            if q["target"]:
                line += "   target kernel >= %gx: %s" % (
                    q["target"], "met" if q["kernel"] >= q["target"] else "NOT met")
            say(line)
    if failed:
        say("FAILED to run: %s" % ", ".join(failed))
    if bad:
        say("Price outside 4 std errors: %s" % ", ".join(bad))
    return 1 if failed or bad else 0


if __name__ == "__main__":
    sys.exit(main())
