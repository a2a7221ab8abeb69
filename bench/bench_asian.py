"""Benchmark: mcsim on a 252-step arithmetic Asian call, on the GPU against
CuPy and PyTorch and on one CPU core against NumPy, with the 252-step
European, barrier and lookback as references for the cost of a path-step.

The Asian (configs/asian.ini with --set simulation.steps=252 --set
option.fixings=252): S=100, K=100, r=0.05, q=0, sigma=0.2, T=1, the
arithmetic average of S at the fixings T/252, 2T/252, ..., T (the spot at
t=0 is not a fixing), pays max(A - K, 0) discounted by e^{-rT}; single
precision (float32 path arithmetic), Philox. Every measurement is a fresh
process, repeated --repeat times with the rounds interleaved across all
implementations; the best (minimum) time is kept, and every run's record
goes to the JSON. Speed is path-steps per second: paths * steps / seconds,
where seconds is mcsim's ``timings.simulate`` (the kernels' CUDA-event time
on the GPU, the simulation loop on the CPU) and the peers' timed loop.

GPU part (--gpu), at --gpu-sizes (default 1e8,1e9 paths) for mcsim and
--peer-sizes (default 1e7,1e8) for the peers:

  * mcsim --backend gpu: the Asian; ``payoff=barrier monitoring=continuous``
    (configs/barrier.ini, down-and-out at 90) and the European
    (configs/european.ini), both on the same 252-step grid, for reference;
  * peers/cupy_asian.py and peers/torch_asian.py: what a Python user writes
    (per chunk of about 1 GiB of normals: standard_normal((n, 252)),
    log-increments, cumsum, exp, mean, payoff; sums in float64).

  Targets: mcsim's Asian >= 8e11 path-steps/s and continuous barrier
  >= 5e11 (at the largest size), mcsim's Asian >= 20x the faster of CuPy and
  PyTorch (mcsim at its largest size, each peer at its fastest).

CPU part (on unless --no-cpu), one thread, --cpu-paths (default 4e6) paths
for mcsim and --numpy-paths (default 4e5) for NumPy:

  * mcsim --backend cpu --threads 1: the Asian; the European with
    rng=philox and with rng=pcg64; the barrier with monitoring=discrete and
    continuous; the continuous floating-strike lookback (configs/lookback.ini);
  * peers/numpy_asian.py: float32 NumPy, chunked, default_rng (PCG64),
    OMP/OPENBLAS/MKL threads = 1.

  Targets: mcsim / NumPy on the Asian >= 5x per core; cost per path-step
  relative to the European with the same generator <= 1.25x for the Asian
  and the discrete barrier, <= 1.6x for the continuous barrier and the
  lookback; the European >= 600 M path-steps/s with either generator, and
  philox >= 90% of pcg64's rate.

Checks (printed OK/FAIL; a FAIL does not stop the run): the European
against Black-Scholes, the continuous barrier against Reiner-Rubinstein, the
lookback against Goldman-Sosin-Gatto (closed forms in benchlib.py, checked
against mcsim's own ``analytic``), the discrete barrier by in-out parity
(down-out + down-in against Black-Scholes, standard error taken as the sum of
the two), each within 4 standard errors; the Asian, which has no closed
form, against the other side: every mcsim Asian against the most precise
peer price of its part (CPU: NumPy; GPU: CuPy or PyTorch) and every peer
against the most precise mcsim Asian, within 4 combined standard errors
sqrt(se1^2 + se2^2).

Run from the repository root:

    /usr/bin/python3 bench/bench_asian.py --quick           # CPU part, smoke
    /usr/bin/python3 bench/bench_asian.py --json out.json   # CPU part
    python3 bench/bench_asian.py --gpu --mcsim ".gpu/run mcsim" --out-dir $OUT

--out-dir (default $OUT when set) receives bench_asian.log, a copy of
everything printed, and bench_asian.json when --json is not given.

Exit status: 0 when every run succeeded and every check passed, 1 when a run
failed or a check FAILed, 2 when mcsim or a config is missing.
"""

import argparse
import json
import math
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

from benchlib import (S0, K, R, Q, SIGMA, T, black_scholes_call, cpu_model,
                      down_and_out_call, floating_lookback_call, parse_count,
                      usable_cores)
from bench_gpu import RunError, Tee, fmt_n, quiet_output

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PEERS = HERE / "peers"
CONFIGS = ROOT / "configs"

ONE_THREAD_ENV = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
}

# product -> (config file, --set overrides besides steps/precision/rng, label)
PRODUCTS = {
    "asian": ("asian.ini", ["option.fixings={steps}"], "Asian arithmetic"),
    "european": ("european.ini", [], "European"),
    "barrier-cont": ("barrier.ini", ["option.monitoring=continuous"],
                     "barrier continuous"),
    "barrier-disc": ("barrier.ini", ["option.monitoring=discrete"],
                     "barrier discrete"),
    "lookback": ("lookback.ini", ["option.strike_type=floating",
                                  "option.monitoring=continuous"],
                 "lookback float cont"),
}
IMPL_LABEL = {"mcsim-gpu": "mcsim gpu", "mcsim-cpu": "mcsim cpu 1T",
              "cupy": "CuPy", "torch": "PyTorch", "numpy": "NumPy f32 1T"}
GPU_PEERS = ("cupy", "torch")

# Targets.
T_GPU_ASIAN = 8e11          # mcsim GPU Asian, path-steps/s
T_GPU_BARRIER = 5e11        # mcsim GPU continuous barrier, path-steps/s
T_GPU_VS_PEER = 20.0        # mcsim GPU Asian / faster GPU peer
T_CPU_VS_NUMPY = 5.0        # mcsim CPU 1T Asian / NumPy f32 1T
T_CPU_REL_COST = {"asian": 1.25, "barrier-disc": 1.25,
                  "barrier-cont": 1.6, "lookback": 1.6}
T_CPU_EUROPEAN = 6e8        # mcsim CPU 1T European, path-steps/s, each rng
T_PHILOX_VS_PCG = 0.9       # philox rate / pcg64 rate

BGK_BETA = 0.5825971579390106   # -zeta(1/2)/sqrt(2 pi), Broadie-Glasserman-Kou


def say(*args):
    print(*args, flush=True)


def fmt_rate(x):
    """path-steps/s as '812.3 G' or '612.4 M'."""
    return "%.1f G" % (x / 1e9) if x >= 1e9 else "%.1f M" % (x / 1e6)


# ----------------------------------------------------------------- running

def run_json(cmd, timeout, env=None):
    """Run cmd in the repository root in its own process group; return (the
    last JSON object line of its stdout, wall seconds)."""
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen(cmd, cwd=str(ROOT), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env,
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


class Item:
    """One thing measured: an implementation, a product, a size."""

    def __init__(self, part, impl, product, paths, rng=None):
        self.part, self.impl, self.product = part, impl, product
        self.paths, self.rng = paths, rng
        self.key = "%s/%s/%s%s/%d" % (part, impl, product,
                                      "-" + rng if rng else "", paths)
        self.label = IMPL_LABEL[impl]
        self.what = PRODUCTS[product][2] + (" " + rng if rng else "")

    def command(self, a, tmp):
        n, s = str(self.paths), str(a.steps)
        if self.impl.startswith("mcsim"):
            backend = self.impl.split("-")[1]
            config, sets, _ = PRODUCTS[self.product]
            sets = ["simulation.steps=%d" % a.steps,
                    "simulation.precision=single",
                    "simulation.rng=%s" % (self.rng or "philox")] \
                + [x.format(steps=a.steps) for x in sets]
            cmd = a.mcsim + [str(CONFIGS / config), "--backend", backend,
                             "--paths", n]
            if backend == "cpu":
                cmd += ["--threads", "1"]
            for x in sets:
                cmd += ["--set", x]
            return cmd + ["--format", "json", "-q", "-o",
                          os.path.join(tmp, "run.h5")], None
        script = PEERS / ("%s_asian.py" % self.impl)
        cmd = [sys.executable, str(script), "--paths", n, "--steps", s,
               "--seed", str(a.seed)]
        if self.impl == "numpy":
            return cmd, dict(os.environ, **ONE_THREAD_ENV)
        return cmd + ["--repeat", "1"], None

    def measure(self, a, tmp):
        cmd, env = self.command(a, tmp)
        res, wall = run_json(cmd, a.timeout, env)
        for key in ("price", "std_error", "paths"):
            if key not in res:
                raise RunError("JSON lacks %r: %s" % (key, res))
        if int(res["paths"]) != self.paths:
            raise RunError("ran %s paths, asked for %d" % (res["paths"], self.paths))
        if int(res.get("steps", a.steps)) != a.steps:
            raise RunError("ran %s steps, asked for %d" % (res["steps"], a.steps))
        rec = {"price": float(res["price"]), "std_error": float(res["std_error"]),
               "wall_seconds": wall, "cmd": shlex.join(cmd), "output": res}
        if self.impl.startswith("mcsim"):
            tm = res.get("timings") or {}
            secs = tm.get("simulate", res.get("simulate_seconds"))
            if secs is None:
                raise RunError("mcsim JSON lacks timings.simulate: %s" % res)
            rec["seconds"] = float(secs)
            rec["total_seconds"] = float(tm.get("total", res.get("seconds", wall)))
            for key, want in (("payoff", self.product.split("-")[0]),
                              ("precision", "single"),
                              ("rng", self.rng or "philox")):
                if key in res and res[key] != want:
                    raise RunError("mcsim ran %s=%s, wanted %s" % (key, res[key], want))
            try:
                os.remove(os.path.join(tmp, "run.h5"))
            except OSError:
                pass
        else:
            rec["seconds"] = float(res["seconds"])
        rec["path_steps_per_second"] = self.paths * a.steps / rec["seconds"]
        return rec


def make_plan(a):
    plan = []
    if a.gpu:
        for n in a.gpu_sizes:
            for product in ("asian", "barrier-cont", "european"):
                plan.append(Item("gpu", "mcsim-gpu", product, n))
        if not a.skip_peers:
            for n in a.peer_sizes:
                for impl in GPU_PEERS:
                    plan.append(Item("gpu", impl, "asian", n))
        plan.sort(key=lambda it: it.paths)      # smaller sizes first
    if a.cpu:
        n = a.cpu_paths
        plan += [Item("cpu", "mcsim-cpu", "asian", n),
                 Item("cpu", "numpy", "asian", a.numpy_paths),
                 Item("cpu", "mcsim-cpu", "european", n, "philox"),
                 Item("cpu", "mcsim-cpu", "european", n, "pcg64"),
                 Item("cpu", "mcsim-cpu", "barrier-disc", n),
                 Item("cpu", "mcsim-cpu", "barrier-cont", n),
                 Item("cpu", "mcsim-cpu", "lookback", n)]
    return plan


# ----------------------------------------------------------------- checks

def params_of(row):
    """The option's parameters from mcsim's JSON (else this file's)."""
    p = row.get("output", {}).get("parameters") or {}
    return (float(p.get("spot", S0)), float(p.get("strike", K)),
            float(p.get("rate", R)), float(p.get("dividend", Q)),
            float(p.get("volatility", SIGMA)), float(p.get("maturity", T)), p)


def check_closed_form(row, steps):
    """Check an mcsim row of a product with a closed form (or, for the
    discrete barrier, in-out parity); sets row["check"] and friends."""
    s, k, r, q, sigma, t, p = params_of(row)
    out = row["output"]
    product = row["product"]
    price, se = row["price"], row["std_error"]
    if product == "european":
        ref, name = black_scholes_call(s, k, r, q, sigma, t), "Black-Scholes"
    elif product == "barrier-cont":
        h = float(p.get("barrier", 90.0))
        ref, name = down_and_out_call(s, k, h, r, q, sigma, t), "Reiner-Rubinstein"
    elif product == "lookback":
        ref, name = floating_lookback_call(s, r, q, sigma, t), "Goldman-Sosin-Gatto"
    elif product == "barrier-disc":
        outs = {o.get("name"): o for o in out.get("outputs") or []}
        if "down-out" not in outs or "down-in" not in outs:
            row["check"], row["check_note"] = "n/a", "no down-out/down-in outputs"
            return
        price = outs["down-out"]["price"] + outs["down-in"]["price"]
        se = outs["down-out"]["std_error"] + outs["down-in"]["std_error"]
        ref, name = black_scholes_call(s, k, r, q, sigma, t), \
            "Black-Scholes (down-out + down-in parity)"
        # Informative only: the continuity-corrected barrier (BGK, O(1/m)).
        h = float(p.get("barrier", 90.0))
        shifted = h * math.exp(-BGK_BETA * sigma * math.sqrt(t / steps))
        bgk = down_and_out_call(s, k, shifted, r, q, sigma, t)
        row["bgk_reference"] = bgk
        row["bgk_z"] = (row["price"] - bgk) / row["std_error"]
    else:
        return
    analytic = out.get("analytic")
    if analytic is not None and product != "barrier-disc" and abs(analytic - ref) > 1e-6:
        row["check_note"] = ("mcsim's analytic %.9f != %s %.9f here"
                             % (analytic, name, ref))
    row["reference"], row["reference_name"] = ref, name
    row["z"] = (price - ref) / se if se > 0 else float("inf")
    row["check"] = "OK" if abs(row["z"]) <= 4 else "FAIL"


def check_asian(rows):
    """mcsim Asian rows against the most precise peer of their part, peer
    rows against the most precise mcsim Asian of their part (either: of the
    other part when their own has none). 4 combined standard errors."""
    asian = [r for r in rows if r["product"] == "asian" and "price" in r]
    mc = [r for r in asian if r["impl"].startswith("mcsim")]
    peers = [r for r in asian if not r["impl"].startswith("mcsim")]

    def best(cands):
        return min(cands, key=lambda r: r["std_error"]) if cands else None

    for row in asian:
        if row["impl"].startswith("mcsim"):
            ref = best([p for p in peers if p["part"] == row["part"]]) or best(peers)
        else:
            ref = best([m for m in mc if m["part"] == row["part"]]) or best(mc)
        if ref is None:
            row["check"], row["check_note"] = "n/a", "nothing to compare with"
            continue
        se = math.hypot(row["std_error"], ref["std_error"])
        row["reference"] = ref["price"]
        row["reference_name"] = "%s %s paths" % (ref["label"], fmt_n(ref["paths"]))
        row["z"] = (row["price"] - ref["price"]) / se if se > 0 else float("inf")
        row["check"] = "OK" if abs(row["z"]) <= 4 else "FAIL"


# --------------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="mcsim on a 252-step arithmetic Asian call: GPU vs CuPy "
                    "and PyTorch, one CPU core vs NumPy, and the cost of a "
                    "path-step against the European (see module docstring).")
    ap.add_argument("--mcsim", default=str(ROOT / "build" / "mcsim"),
                    help="mcsim command, split like a shell does (default "
                    "build/mcsim; on the device machine: '.gpu/run mcsim')")
    ap.add_argument("--gpu", action="store_true", help="run the GPU part")
    ap.add_argument("--cpu", dest="cpu", action="store_true", default=True,
                    help="run the CPU part (the default)")
    ap.add_argument("--no-cpu", dest="cpu", action="store_false",
                    help="skip the CPU part")
    ap.add_argument("--steps", type=int, default=252,
                    help="time steps = fixings (default 252)")
    ap.add_argument("--gpu-sizes", help="mcsim GPU path counts (default "
                    "1e8,1e9; --quick: 1e6,1e7)")
    ap.add_argument("--peer-sizes", help="CuPy/PyTorch path counts (default "
                    "1e7,1e8; --quick: 1e6)")
    ap.add_argument("--skip-peers", action="store_true",
                    help="GPU part without CuPy and PyTorch")
    ap.add_argument("--cpu-paths", type=parse_count, help="mcsim CPU paths "
                    "(default 4e6; --quick: 2e5)")
    ap.add_argument("--numpy-paths", type=parse_count, help="NumPy paths "
                    "(default 4e5; --quick: 5e4)")
    ap.add_argument("--repeat", type=int, help="fresh processes per "
                    "measurement, best kept (default 3; --quick: 1)")
    ap.add_argument("--seed", type=int, default=42,
                    help="seed for the peers (mcsim's is in the config)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per subprocess (default 300)")
    ap.add_argument("--json", metavar="FILE", help="write everything as JSON")
    ap.add_argument("--out-dir", default=os.environ.get("OUT") or None,
                    help="directory for bench_asian.log (and bench_asian.json "
                    "without --json); default $OUT if set")
    ap.add_argument("--quick", action="store_true", help="smoke run: small "
                    "sizes, repeat 1")
    a = ap.parse_args(argv)

    def sizes(text, default, quick):
        text = text or (quick if a.quick else default)
        try:
            return sorted(parse_count(x) for x in text.split(",") if x.strip())
        except (ValueError, argparse.ArgumentTypeError) as e:
            ap.error("sizes %r: %s" % (text, e))

    a.gpu_sizes = sizes(a.gpu_sizes, "1e8,1e9", "1e6,1e7")
    a.peer_sizes = sizes(a.peer_sizes, "1e7,1e8", "1e6")
    a.cpu_paths = a.cpu_paths or (200_000 if a.quick else 4_000_000)
    a.numpy_paths = a.numpy_paths or (50_000 if a.quick else 400_000)
    a.repeat = a.repeat or (1 if a.quick else 3)
    if a.steps < 1:
        ap.error("--steps must be >= 1")
    if not (a.gpu or a.cpu):
        ap.error("nothing to run: --no-cpu without --gpu")
    a.mcsim = shlex.split(a.mcsim)
    return a


def hardware(a):
    gpus = quiet_output(["nvidia-smi", "--query-gpu=name,driver_version,"
                         "memory.total", "--format=csv,noheader"])
    np_version = quiet_output([sys.executable, "-c",
                               "import numpy; print(numpy.__version__)"])
    return {
        "gpu": gpus.splitlines() if gpus else None,
        "cpu_model": cpu_model(),
        "usable_cores": usable_cores(),
        "logical_cpus": os.cpu_count(),
        "machine": platform.machine(),
        "kernel": platform.release(),
        "python": "%s (%s)" % (platform.python_version(), sys.executable),
        "numpy": np_version,
        "mcsim_version": quiet_output(a.mcsim + ["--version"]),
    }


def hardware_lines(hw):
    gpu = "; ".join(hw["gpu"]) if hw["gpu"] else "(nvidia-smi not available)"
    return ["GPU:   %s" % gpu,
            "CPU:   %s, %d usable cores (%s logical), %s, Linux %s"
            % (hw["cpu_model"], hw["usable_cores"], hw["logical_cpus"],
               hw["machine"], hw["kernel"]),
            "Python %s, NumPy %s" % (hw["python"], hw["numpy"] or "(none)")]


def main(argv=None):
    a = parse_args(argv)
    exe = a.mcsim[0]
    if "/" in exe:
        exe = a.mcsim[0] = os.path.abspath(exe)
    if not (os.access(exe, os.X_OK) or shutil.which(exe)):
        sys.stderr.write("bench_asian: mcsim command not found or not "
                         "executable: %s (build it, or pass --mcsim)\n" % exe)
        return 2
    for config, _, _ in PRODUCTS.values():
        if not (CONFIGS / config).is_file():
            sys.stderr.write("bench_asian: config not found: %s\n"
                             % (CONFIGS / config))
            return 2
    if a.out_dir:
        os.makedirs(a.out_dir, exist_ok=True)
        log = open(os.path.join(a.out_dir, "bench_asian.log"), "w")
        sys.stdout = Tee(sys.stdout, log)
        a.json = a.json or os.path.join(a.out_dir, "bench_asian.json")

    hw = hardware(a)
    for line in hardware_lines(hw):
        say(line)
    say("mcsim: %s" % " ".join(a.mcsim))
    say("       %s" % (hw["mcsim_version"] or "(--version failed)")
        .replace("\n", "\n       "))
    say("Option: arithmetic Asian call S=%g K=%g r=%g q=%g sigma=%g T=%g, "
        "%d steps = %d fixings; single precision, philox" % (
            S0, K, R, Q, SIGMA, T, a.steps, a.steps))
    parts = []
    if a.gpu:
        parts.append("GPU: mcsim %s paths, peers %s" % (
            ",".join(fmt_n(n) for n in a.gpu_sizes),
            "skipped" if a.skip_peers else ",".join(fmt_n(n) for n in a.peer_sizes)))
    if a.cpu:
        parts.append("CPU 1 thread: mcsim %s paths, NumPy %s" % (
            fmt_n(a.cpu_paths), fmt_n(a.numpy_paths)))
    say("; ".join(parts))
    say("repeat %d (fresh processes, rounds interleaved, best kept); timeout "
        "%g s%s" % (a.repeat, a.timeout, "  [--quick]" if a.quick else ""))
    say()

    plan = make_plan(a)
    records, timed_out, failed_items = [], set(), set()
    with tempfile.TemporaryDirectory(prefix="bench_asian_") as tmp:
        for rnd in range(a.repeat):
            for it in plan:
                if it.key in failed_items:
                    continue
                rec = {"key": it.key, "part": it.part, "impl": it.impl,
                       "product": it.product, "rng": it.rng,
                       "paths": it.paths, "round": rnd}
                family = (it.part, it.impl, it.product, it.rng)
                if family in timed_out:
                    rec["error"] = "skipped: timed out at a smaller size"
                    records.append(rec)
                    failed_items.add(it.key)
                    continue
                try:
                    rec.update(it.measure(a, tmp))
                    say("[%s %d/%d] %-13s %-22s %6s  %8.4f s  %s path-steps/s  "
                        "price %.5f +- %.5f" % (
                            it.part, rnd + 1, a.repeat, it.label, it.what,
                            fmt_n(it.paths), rec["seconds"],
                            fmt_rate(rec["path_steps_per_second"]),
                            rec["price"], rec["std_error"]))
                except RunError as e:
                    rec["error"] = str(e)
                    failed_items.add(it.key)
                    if e.timed_out:
                        timed_out.add(family)
                    say("[%s %d/%d] %-13s %-22s %6s  FAILED: %s" % (
                        it.part, rnd + 1, a.repeat, it.label, it.what,
                        fmt_n(it.paths), e))
                records.append(rec)

    # ---- best of the repeats for each item
    rows, by = [], {}
    for it in plan:
        recs = [r for r in records if r["key"] == it.key]
        ok = [r for r in recs if "error" not in r]
        errs = [r["error"] for r in recs if "error" in r]
        row = {"key": it.key, "part": it.part, "impl": it.impl,
               "product": it.product, "rng": it.rng, "paths": it.paths,
               "steps": a.steps, "label": it.label, "what": it.what,
               "runs": len(ok), "error": errs[0] if errs else None}
        if ok:
            best = min(ok, key=lambda r: r["seconds"])
            row.update({
                "seconds": best["seconds"],
                "all_seconds": [r["seconds"] for r in ok],
                "path_steps_per_second": it.paths * a.steps / best["seconds"],
                "price": best["price"], "std_error": best["std_error"],
                "output": best["output"], "cmd": best["cmd"]})
            if it.impl.startswith("mcsim"):
                row["total_seconds"] = min(r["total_seconds"] for r in ok)
                check_closed_form(row, a.steps)
        rows.append(row)
        by[it.key] = row
    check_asian(rows)

    def rate(part, impl, product, rng=None, paths=None):
        """Best path-steps/s of (part, impl, product[, rng]) at `paths`
        (default: the largest size that ran); (rate, paths) or (None, None)."""
        cands = [r for r in rows if r["part"] == part and r["impl"] == impl
                 and r["product"] == product and r["rng"] == rng
                 and "seconds" in r and (paths is None or r["paths"] == paths)]
        if not cands:
            return None, None
        r = max(cands, key=lambda r: r["paths"])
        return r["path_steps_per_second"], r["paths"]

    # ---- relative cost per path-step against the European (same rng, size)
    for row in rows:
        if not row["impl"].startswith("mcsim") or "seconds" not in row:
            continue
        rng = row["output"].get("rng") or row["rng"] or "philox"
        euro = [r for r in rows if r["part"] == row["part"] and r["impl"] == row["impl"]
                and r["product"] == "european" and r["paths"] == row["paths"]
                and "seconds" in r and (r["output"].get("rng") or r["rng"]
                                        or "philox") == rng]
        if euro:
            row["relative_cost"] = euro[0]["path_steps_per_second"] / row["path_steps_per_second"]
            row["relative_to"] = "European %s" % rng

    # ---- targets
    targets = []

    def target(name, value, op, goal, fmt, detail=""):
        met = None if value is None else (value >= goal if op == ">=" else value <= goal)
        targets.append({"name": name, "value": value, "op": op, "target": goal,
                        "met": met, "format": fmt, "detail": detail})

    ratios = []
    if a.gpu:
        asian_rate, asian_n = rate("gpu", "mcsim-gpu", "asian")
        bar_rate, bar_n = rate("gpu", "mcsim-gpu", "barrier-cont")
        target("mcsim gpu Asian, path-steps/s", asian_rate, ">=", T_GPU_ASIAN,
               "rate", "at %s paths" % fmt_n(asian_n) if asian_n else "")
        target("mcsim gpu continuous barrier, path-steps/s", bar_rate, ">=",
               T_GPU_BARRIER, "rate", "at %s paths" % fmt_n(bar_n) if bar_n else "")
        peer_best = {}
        for impl in GPU_PEERS:
            cands = [r for r in rows if r["part"] == "gpu" and r["impl"] == impl
                     and "seconds" in r]
            if cands:
                peer_best[impl] = max(cands, key=lambda r: r["path_steps_per_second"])
        for impl, pr in sorted(peer_best.items()):
            if asian_rate:
                ratios.append({"name": "mcsim gpu Asian / %s" % IMPL_LABEL[impl],
                               "value": asian_rate / pr["path_steps_per_second"],
                               "detail": "mcsim %s paths, %s %s paths" % (
                                   fmt_n(asian_n), IMPL_LABEL[impl], fmt_n(pr["paths"]))})
            for n in a.gpu_sizes:            # same size, where both ran
                m, _ = rate("gpu", "mcsim-gpu", "asian", paths=n)
                o, _ = rate("gpu", impl, "asian", paths=n)
                if m and o:
                    ratios.append({"name": "mcsim gpu Asian / %s, both %s paths"
                                   % (IMPL_LABEL[impl], fmt_n(n)), "value": m / o,
                                   "detail": "same size"})
        if peer_best and asian_rate:
            fast = max(peer_best.values(), key=lambda r: r["path_steps_per_second"])
            target("mcsim gpu Asian / faster of CuPy and PyTorch",
                   asian_rate / fast["path_steps_per_second"], ">=", T_GPU_VS_PEER,
                   "x", "faster peer: %s (%s path-steps/s at %s paths)" % (
                       fast["label"], fmt_rate(fast["path_steps_per_second"]),
                       fmt_n(fast["paths"])))
        else:
            target("mcsim gpu Asian / faster of CuPy and PyTorch", None, ">=",
                   T_GPU_VS_PEER, "x", "no peer or no mcsim result")
    if a.cpu:
        m, _ = rate("cpu", "mcsim-cpu", "asian")
        npy, _ = rate("cpu", "numpy", "asian")
        target("mcsim cpu 1T Asian / NumPy f32 1T (per core)",
               m / npy if m and npy else None, ">=", T_CPU_VS_NUMPY, "x")
        for product in ("asian", "barrier-disc", "barrier-cont", "lookback"):
            r = [x for x in rows if x["part"] == "cpu" and x["impl"] == "mcsim-cpu"
                 and x["product"] == product]
            rel = r[0].get("relative_cost") if r else None
            target("mcsim cpu %s, cost/path-step vs European"
                   % PRODUCTS[product][2], rel, "<=", T_CPU_REL_COST[product], "x",
                   r[0].get("relative_to", "") if r else "")
        philox, _ = rate("cpu", "mcsim-cpu", "european", "philox")
        pcg, _ = rate("cpu", "mcsim-cpu", "european", "pcg64")
        target("mcsim cpu 1T European philox, path-steps/s", philox, ">=",
               T_CPU_EUROPEAN, "rate")
        target("mcsim cpu 1T European pcg64, path-steps/s", pcg, ">=",
               T_CPU_EUROPEAN, "rate")
        target("mcsim cpu European philox / pcg64",
               philox / pcg if philox and pcg else None, ">=", T_PHILOX_VS_PCG, "x")

    failed = [r["key"] for r in rows if r["error"]]
    bad = [r["key"] for r in rows if r.get("check") == "FAIL"]

    if a.json:
        doc = {
            "benchmark": "asian_arithmetic_%d_steps" % a.steps,
            "option": {"S": S0, "K": K, "r": R, "q": Q, "sigma": SIGMA, "T": T,
                       "steps": a.steps, "fixings": a.steps,
                       "average": "arithmetic", "precision": "single"},
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "argv": [sys.executable] + sys.argv,
            "settings": {"gpu": a.gpu, "cpu": a.cpu, "gpu_sizes": a.gpu_sizes,
                         "peer_sizes": None if a.skip_peers else a.peer_sizes,
                         "cpu_paths": a.cpu_paths, "numpy_paths": a.numpy_paths,
                         "repeat": a.repeat, "seed": a.seed, "timeout": a.timeout,
                         "mcsim": a.mcsim, "quick": a.quick},
            "hardware": hw,
            "rows": rows, "ratios": ratios, "targets": targets,
            "records": records, "failed": failed, "check_fail": bad,
        }
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        say("JSON written to %s" % a.json)

    # ---- final table, ratios and targets, last on stdout
    say()
    say("== Results (best of %d; seconds = mcsim timings.simulate, the peers' "
        "timed loop; %d steps)" % (a.repeat, a.steps))
    for line in hardware_lines(hw):
        say(line)
    hdr = "%-4s %-13s %-22s %6s %9s %14s %8s  %-22s %s" % (
        "part", "impl", "product", "paths", "seconds", "path-steps/s",
        "vs Euro", "price +- std error", "check (4 se)")
    say(hdr)
    say("-" * len(hdr))
    for r in rows:
        if "seconds" not in r:
            say("%-4s %-13s %-22s %6s %9s %14s %8s  %-22s FAILED to run" % (
                r["part"], r["label"], r["what"], fmt_n(r["paths"]), "-", "-",
                "-", "-"))
            continue
        rel = "%.2fx" % r["relative_cost"] if "relative_cost" in r else ""
        chk = r.get("check", "n/a")
        if "z" in r:
            chk += " z=%+.2f vs %s %.5f" % (r["z"], r["reference_name"], r["reference"])
        if r.get("check_note"):
            chk += " (%s)" % r["check_note"]
        say("%-4s %-13s %-22s %6s %9.4f %14s %8s  %-22s %s%s" % (
            r["part"], r["label"], r["what"], fmt_n(r["paths"]), r["seconds"],
            fmt_rate(r["path_steps_per_second"]), rel,
            "%.5f +- %.5f" % (r["price"], r["std_error"]), chk,
            "  (a repeat FAILED)" if r["error"] else ""))
    say("vs Euro: cost per path-step relative to mcsim's European with the same "
        "generator, backend and size.")
    discrete = [r for r in rows if "bgk_z" in r]
    for r in discrete:
        say("Discrete barrier (%s): down-out %.5f vs Broadie-Glasserman-Kou "
            "corrected barrier %.5f (an approximation; z=%+.2f, not a check)"
            % (r["part"], r["price"], r["bgk_reference"], r["bgk_z"]))
    if ratios:
        say()
        say("== mcsim gpu speed-up over the peers (path-steps/s over path-steps/s)")
        for q in ratios:
            say("%-50s %8.2fx   (%s)" % (q["name"], q["value"], q["detail"]))
    say()
    say("== Targets")
    for tg in targets:
        if tg["value"] is None:
            val = "n/a"
        elif tg["format"] == "rate":
            val = fmt_rate(tg["value"])
        else:
            val = "%.2fx" % tg["value"]
        goal = fmt_rate(tg["target"]) if tg["format"] == "rate" else "%gx" % tg["target"]
        verdict = "n/a" if tg["met"] is None else ("met" if tg["met"] else "NOT met")
        say("%-56s %10s   target %s %-8s %-8s %s" % (
            tg["name"], val, tg["op"], goal, verdict,
            "(%s)" % tg["detail"] if tg["detail"] else ""))
    if failed:
        say("FAILED to run: %s" % ", ".join(failed))
    if bad:
        say("Check FAILED (outside 4 std errors): %s" % ", ".join(bad))
    return 1 if failed or bad else 0


if __name__ == "__main__":
    sys.exit(main())
