"""Benchmark: mcsim's CPU backend against Python peers on a European call.

Prices an ATM European call (S=100, K=100, r=0.05, q=0, sigma=0.2, T=1, one
exact log-normal GBM step per path) with

  * mcsim (``build/mcsim configs/european.ini``), 1 thread and all cores;
  * NumPy (bench/peers/numpy_european.py), float32 and float64, 1 thread,
    and float32 over all cores with multiprocessing (one process per core);
  * QuantLib's MCEuropeanEngine (bench/peers/quantlib_european.py), which is
    single-threaded;

all in the same run, on the same machine. Speed is reported as throughput
ratios against the peers measured in this run, next to the hardware it ran
on. Each price is checked against the Black-Scholes closed form (within 4
standard errors; OK/FAIL is printed, the run does not abort). This is a
benchmark, not a test.

Timing: every implementation reports the time of its pricing loop only
(mcsim: ``simulate_seconds`` from its JSON if present, else ``seconds``;
NumPy: the chunk loop, or the pool's map for the multiprocessing run;
QuantLib: ``option.NPV()``). Each measurement is repeated (``--repeat``,
rounds interleaved across implementations) and the best (minimum) time is
kept. Single-threaded peers run as subprocesses with OMP/OPENBLAS/MKL
threads = 1.

Run from the repository root, with Debian's python (it has NumPy and
QuantLib):

    /usr/bin/python3 bench/bench_european.py              # full run
    /usr/bin/python3 bench/bench_european.py --quick      # smoke run
    /usr/bin/python3 bench/bench_european.py --json out.json --repeat 5
    /usr/bin/python3 bench/bench_european.py --mcsim /path/to/mcsim

Exit status: 0 when everything ran, 1 when an implementation failed to run,
2 when mcsim or its config is missing.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import S0, K, R, Q, SIGMA, T, black_scholes_call, cpu_model, usable_cores

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PEERS = HERE / "peers"

DEFAULT_PATHS = {"mcsim": 200_000_000, "numpy": 20_000_000, "quantlib": 1_000_000}
QUICK_PATHS = {"mcsim": 1_000_000, "numpy": 1_000_000, "quantlib": 20_000}

# Targets (defined for a 2-core machine): ratio name -> minimum.
TARGETS = {
    "mcsim-1T / NumPy-f32-1T": 2.5,
    "mcsim-1T / QuantLib-1T": 100.0,
    "mcsim-allT / mcsim-1T": 1.8,
}

ONE_THREAD_ENV = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
}


# ----------------------------------------------------------------- hardware

def peer_versions():
    code = ("import json\n"
            "v = {}\n"
            "try:\n import numpy; v['numpy'] = numpy.__version__\n"
            "except Exception as e: v['numpy'] = None\n"
            "try:\n import QuantLib; v['quantlib'] = QuantLib.__version__\n"
            "except Exception as e: v['quantlib'] = None\n"
            "print(json.dumps(v))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def mcsim_version(mcsim):
    try:
        p = subprocess.run([str(mcsim), "--version"], capture_output=True,
                           text=True, timeout=30)
        text = (p.stdout or p.stderr).strip()
        return text if text else "(no output, exit %d)" % p.returncode
    except (OSError, subprocess.TimeoutExpired) as e:
        return "(failed: %s)" % e


# ------------------------------------------------------------------ runners

class RunError(RuntimeError):
    pass


def _last_json(text):
    """The JSON object printed on stdout: the whole text, else the last line
    that parses as a JSON object."""
    text = text.strip()
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            return obj
    except ValueError:
        pass
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                continue
    raise RunError("no JSON object in output:\n" + text[-2000:])


def _run(cmd, env=None, timeout=1800):
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=timeout, cwd=str(ROOT))
    except subprocess.TimeoutExpired:
        raise RunError("timed out after %d s: %s" % (timeout, " ".join(cmd)))
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise RunError("exit %d: %s\n%s" % (p.returncode, " ".join(cmd),
                                             (p.stderr or p.stdout)[-2000:]))
    return _last_json(p.stdout), wall


def run_mcsim(mcsim, config, paths, threads, tmpdir):
    out_h5 = os.path.join(tmpdir, "bench_%d.h5" % threads)
    cmd = [str(mcsim), str(config), "--paths", str(paths),
           "--threads", str(threads), "--format", "json", "--quiet",
           "-o", out_h5]
    res, wall = _run(cmd)
    for key in ("price", "std_error", "paths"):
        if key not in res:
            raise RunError("mcsim JSON lacks %r: %s" % (key, res))
    if "simulate_seconds" in res:
        secs, basis = float(res["simulate_seconds"]), "simulate_seconds"
    elif "seconds" in res:
        secs, basis = float(res["seconds"]), "seconds"
    else:
        raise RunError("mcsim JSON has neither simulate_seconds nor seconds")
    try:
        os.remove(out_h5)
    except OSError:
        pass
    return {"price": float(res["price"]), "std_error": float(res["std_error"]),
            "paths": int(res["paths"]), "seconds": secs, "time_basis": basis,
            "wall_seconds": wall, "raw": res}


def run_numpy(paths, dtype, seed, processes):
    env = dict(os.environ, **ONE_THREAD_ENV)
    cmd = [sys.executable, str(PEERS / "numpy_european.py"), "--paths",
           str(paths), "--dtype", dtype, "--seed", str(seed),
           "--processes", str(processes)]
    res, wall = _run(cmd, env=env)
    res["wall_seconds"] = wall
    return res


def run_quantlib(paths, seed):
    env = dict(os.environ, **ONE_THREAD_ENV)
    cmd = [sys.executable, str(PEERS / "quantlib_european.py"), "--paths",
           str(paths), "--seed", str(seed)]
    res, wall = _run(cmd, env=env)
    res["wall_seconds"] = wall
    return res


# --------------------------------------------------------------------- main

def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="mcsim CPU backend vs NumPy and QuantLib on an ATM "
                    "European call (see module docstring).")
    ap.add_argument("--mcsim", help="mcsim binary (default: build/mcsim "
                    "under the repository root)")
    ap.add_argument("--config", help="config file (default: "
                    "configs/european.ini under the repository root)")
    ap.add_argument("--paths-mcsim", type=int, help="paths for mcsim "
                    "(default %d)" % DEFAULT_PATHS["mcsim"])
    ap.add_argument("--paths-numpy", type=int, help="paths for NumPy "
                    "(default %d)" % DEFAULT_PATHS["numpy"])
    ap.add_argument("--paths-quantlib", type=int, help="paths for QuantLib "
                    "(default %d; it is ~100x slower)" % DEFAULT_PATHS["quantlib"])
    ap.add_argument("--threads", type=int, help="thread/process count for "
                    "the all-cores runs (default: usable cores, %d here)"
                    % usable_cores())
    ap.add_argument("--repeat", type=int, help="repeats per measurement, best "
                    "time kept (default 3; 1 with --quick)")
    ap.add_argument("--seed", type=int, default=42, help="seed for the peers "
                    "(mcsim takes its seed from the config)")
    ap.add_argument("--no-quantlib", action="store_true",
                    help="skip QuantLib")
    ap.add_argument("--json", metavar="FILE", help="also write the results "
                    "as JSON")
    ap.add_argument("--quick", action="store_true", help="fast smoke run: "
                    "small path counts, repeat 1")
    a = ap.parse_args(argv)
    base = QUICK_PATHS if a.quick else DEFAULT_PATHS
    a.paths_mcsim = a.paths_mcsim or base["mcsim"]
    a.paths_numpy = a.paths_numpy or base["numpy"]
    a.paths_quantlib = a.paths_quantlib or base["quantlib"]
    a.repeat = a.repeat or (1 if a.quick else 3)
    a.threads = a.threads or usable_cores()
    return a


def fmt_paths(n):
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return "%dM" % (n // 1_000_000)
    if n >= 1000 and n % 1000 == 0:
        return "%dk" % (n // 1000)
    return str(n)


def main(argv=None):
    a = parse_args(argv)

    mcsim = Path(a.mcsim) if a.mcsim else ROOT / "build" / "mcsim"
    config = Path(a.config) if a.config else ROOT / "configs" / "european.ini"
    if not mcsim.is_file() or not os.access(str(mcsim), os.X_OK):
        sys.stderr.write(
            "bench_european: mcsim binary not found or not executable: %s\n"
            "  Build it first (it is expected at build/mcsim under the "
            "repository root),\n  or pass --mcsim PATH.\n" % mcsim)
        return 2
    if not config.is_file():
        sys.stderr.write("bench_european: config not found: %s\n"
                         "  Pass --config PATH.\n" % config)
        return 2
    mcsim = mcsim.resolve()
    config = config.resolve()

    versions = peer_versions()
    missing = [k for k, v in versions.items() if v is None
               and not (k == "quantlib" and a.no_quantlib)]
    if missing:
        sys.stderr.write("bench_european: %s cannot import %s; run it with "
                         "Debian's /usr/bin/python3.\n"
                         % (sys.executable, ", ".join(missing)))
        return 2

    bs = black_scholes_call(S0, K, R, Q, SIGMA, T)
    hw = {
        "cpu_model": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "usable_cores": usable_cores(),
        "machine": platform.machine(),
        "kernel": platform.release(),
        "python": "%s (%s)" % (platform.python_version(), sys.executable),
        "numpy": versions.get("numpy"),
        "quantlib": versions.get("quantlib"),
        "mcsim_version": mcsim_version(mcsim),
        "mcsim": str(mcsim),
        "config": str(config),
    }

    print("== Hardware / software")
    print("CPU:       %s" % hw["cpu_model"])
    print("Cores:     %d usable (%s logical online), %s, Linux %s"
          % (hw["usable_cores"], hw["logical_cpus"], hw["machine"], hw["kernel"]))
    print("Python:    %s" % hw["python"])
    print("NumPy:     %s   QuantLib: %s" % (hw["numpy"], hw["quantlib"]))
    print("mcsim:     %s" % hw["mcsim_version"].replace("\n", "\n           "))
    print("Binary:    %s" % hw["mcsim"])
    print("Config:    %s" % hw["config"])
    print("Option:    European call S=%g K=%g r=%g q=%g sigma=%g T=%g, 1 step; "
          "Black-Scholes = %.6f" % (S0, K, R, Q, SIGMA, T, bs))
    print("Repeats:   %d (best time kept)%s" % (a.repeat,
                                                "  [--quick]" if a.quick else ""))
    print(flush=True)

    # (key, label, threads, paths, runner)
    nt = a.threads
    plan = [
        ("mcsim-1T", "mcsim (cpu)", 1, a.paths_mcsim,
         lambda tmp: run_mcsim(mcsim, config, a.paths_mcsim, 1, tmp)),
        ("NumPy-f32-1T", "NumPy float32", 1, a.paths_numpy,
         lambda tmp: run_numpy(a.paths_numpy, "float32", a.seed, 1)),
        ("NumPy-f64-1T", "NumPy float64", 1, a.paths_numpy,
         lambda tmp: run_numpy(a.paths_numpy, "float64", a.seed, 1)),
    ]
    if not a.no_quantlib:
        plan.append(("QuantLib-1T", "QuantLib MCEuropeanEngine", 1,
                     a.paths_quantlib,
                     lambda tmp: run_quantlib(a.paths_quantlib, a.seed)))
    plan += [
        ("mcsim-allT", "mcsim (cpu)", nt, a.paths_mcsim,
         lambda tmp: run_mcsim(mcsim, config, a.paths_mcsim, nt, tmp)),
        ("NumPy-f32-allT", "NumPy float32 multiprocessing", nt, a.paths_numpy,
         lambda tmp: run_numpy(a.paths_numpy, "float32", a.seed, nt)),
    ]

    results = {key: {"runs": [], "error": None} for key, *_ in plan}
    with tempfile.TemporaryDirectory(prefix="mcsim_bench_") as tmp:
        for rnd in range(a.repeat):
            for key, label, threads, paths, runner in plan:
                if results[key]["error"]:
                    continue
                sys.stderr.write("[round %d/%d] %-15s ..." % (rnd + 1, a.repeat, key))
                sys.stderr.flush()
                try:
                    res = runner(tmp)
                    results[key]["runs"].append(res)
                    sys.stderr.write(" %.3f s\n" % res["seconds"])
                except RunError as e:
                    results[key]["error"] = str(e)
                    sys.stderr.write(" FAILED\n%s\n" % e)

    rows = []
    for key, label, threads, paths, _ in plan:
        r = results[key]
        row = {"key": key, "implementation": label, "threads": threads,
               "paths": paths, "error": r["error"]}
        if r["runs"]:
            best = min(r["runs"], key=lambda x: x["seconds"])
            if key.startswith("mcsim"):
                prec = best["raw"].get("precision")
                if prec:
                    row["implementation"] = "%s %s" % (label, prec)
                row["time_basis"] = best["time_basis"]
                if "analytic" in best["raw"]:
                    row["mcsim_analytic"] = best["raw"]["analytic"]
            row.update({
                "paths": int(best["paths"]),
                "seconds": best["seconds"],
                "all_seconds": [x["seconds"] for x in r["runs"]],
                "wall_seconds": best.get("wall_seconds"),
                "paths_per_second": best["paths"] / best["seconds"]
                if best["seconds"] > 0 else float("inf"),
                "price": best["price"],
                "std_error": best["std_error"],
            })
            dev = abs(best["price"] - bs)
            row["z"] = dev / best["std_error"] if best["std_error"] > 0 else float("inf")
            row["bs_check"] = "OK" if dev <= 4.0 * best["std_error"] else "FAIL"
        rows.append(row)
    by = {row["key"]: row for row in rows}

    # ---- table
    hdr = ("%-34s %7s %8s %9s %10s  %-24s %s"
           % ("implementation", "threads", "paths", "seconds", "M paths/s",
              "price +- std error", "vs BS (4 se)"))
    print("== Results (best of %d)" % a.repeat)
    print(hdr)
    print("-" * len(hdr))
    for row in rows:
        if "seconds" not in row:
            print("%-34s %7d %8s %9s %10s  %-24s %s"
                  % (row["implementation"], row["threads"],
                     fmt_paths(row["paths"]), "-", "-", "FAILED", "-"))
            continue
        print("%-34s %7d %8s %9.4f %10.2f  %-24s %s (%.1f se)"
              % (row["implementation"], row["threads"], fmt_paths(row["paths"]),
                 row["seconds"], row["paths_per_second"] / 1e6,
                 "%.5f +- %.5f" % (row["price"], row["std_error"]),
                 row["bs_check"], row["z"]))
    print()
    basis = {row.get("time_basis") for row in rows if row.get("time_basis")}
    if basis:
        print("mcsim time basis: %s (pricing only; excludes start-up and "
              "HDF5 output)" % ", ".join(sorted(basis)))
    for row in rows:
        if "mcsim_analytic" in row and abs(row["mcsim_analytic"] - bs) > 1e-6:
            print("WARNING: mcsim's analytic price %.6f differs from this "
                  "script's Black-Scholes %.6f -- does %s describe the same "
                  "option?" % (row["mcsim_analytic"], bs, config))
            break

    # ---- ratios (throughput, paths/s, so unequal path counts compare)
    def ratio(num, den):
        n, d = by.get(num), by.get(den)
        if not n or not d or "paths_per_second" not in n or "paths_per_second" not in d:
            return None
        return n["paths_per_second"] / d["paths_per_second"]

    ratio_defs = [
        ("mcsim-1T / NumPy-f32-1T", "mcsim-1T", "NumPy-f32-1T"),
        ("mcsim-1T / NumPy-f64-1T", "mcsim-1T", "NumPy-f64-1T"),
        ("mcsim-1T / QuantLib-1T", "mcsim-1T", "QuantLib-1T"),
        ("mcsim-allT / mcsim-1T", "mcsim-allT", "mcsim-1T"),
        ("mcsim-allT / NumPy-f32-allT", "mcsim-allT", "NumPy-f32-allT"),
        ("NumPy-f32-allT / NumPy-f32-1T", "NumPy-f32-allT", "NumPy-f32-1T"),
    ]
    ratios = []
    print("== Throughput ratios (paths/s over paths/s; all-cores = %d threads)" % nt)
    for name, num, den in ratio_defs:
        v = ratio(num, den)
        tgt = TARGETS.get(name)
        entry = {"name": name, "ratio": v, "target": tgt}
        if v is None:
            line = "%-32s %8s" % (name, "n/a")
        else:
            line = "%-32s %7.2fx" % (name, v)
            if tgt is not None:
                entry["meets_target"] = v >= tgt
                line += "   target >= %gx: %s" % (tgt, "met" if v >= tgt else "NOT met")
        ratios.append(entry)
        print(line)
    print("(targets are stated for a 2-core machine; this one has %d usable "
          "cores)" % hw["usable_cores"])

    failed = [row["key"] for row in rows if row["error"]]
    bad = [row["key"] for row in rows if row.get("bs_check") == "FAIL"]
    if failed:
        print("FAILED to run: %s" % ", ".join(failed))
    if bad:
        print("Price outside 4 std errors of Black-Scholes: %s" % ", ".join(bad))

    if a.json:
        doc = {
            "benchmark": "european_call_atm",
            "option": {"S": S0, "K": K, "r": R, "q": Q, "sigma": SIGMA, "T": T,
                       "steps": 1, "black_scholes": bs},
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "quick": a.quick,
            "repeat": a.repeat,
            "seed": a.seed,
            "hardware": hw,
            "rows": rows,
            "ratios": ratios,
        }
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("JSON written to %s" % a.json)

    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
