#!/usr/bin/env python3
"""golden.py - results that must stay bit for bit: every configs/*.ini at a
small path count, with a few --set variants each, run on the CPU (one
thread); for each case the full-precision --format json output (minus the
timings and the machine's name for things), the run log's /parameters,
/outputs and /result attributes and its resolved `config` attribute (the
HDF5 names, types and values). A refactor of how keys are declared must not
change a byte of it.
Usage: golden.py PATH/TO/mcsim [--write]   (compare with, or rewrite,
tests/golden/results.txt)
"""
import difflib
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
GOLDEN = os.path.join(HERE, "results.txt")
# what depends on the machine or the clock, not on the job
VOLATILE = {"seconds", "simulate_seconds", "paths_per_second", "timings", "threads", "log_file",
            "device", "cpu_isa", "host"}
COMMON = ["--paths", "3000", "-t", "1"]
VARIANTS = {
    "european.ini": [[], ["--set", "simulation.precision=double"], ["--set", "option.type=put",
                     "--set", "simulation.rng=pcg64"], ["--set", "simulation.steps=3",
                     "--set", "model.dividend=0.02", "--set", "simulation.block_size=1000"]],
    "digital.ini": [[], ["--set", "option.digital=asset"], ["--set", "option.type=put",
                    "--set", "option.cash=2.5", "--set", "simulation.precision=double"]],
    "asian.ini": [[], ["--set", "option.average=geometric"], ["drop:strike", "--set", "option.strike_type=floating",
                  "--set", "option.fixings=4"], ["--set", "simulation.precision=double",
                  "--set", "simulation.rng=pcg64", "--set", "simulation.steps=24"]],
    "bachelier.ini": [[], ["--set", "option.type=put", "--set", "simulation.precision=double"],
                      ["drop:strike", "--set", "option.strike_type=floating", "--set",
                       "model.spot=-5", "--set", "simulation.rng=pcg64"]],
    "heston.ini": [[], ["--set", "model.scheme=euler", "--set", "simulation.precision=double"],
                   ["--set", "model.kappa=0.5", "--set", "model.xi=1", "--set", "model.rho=-0.9",
                    "--set", "simulation.steps=50", "--set", "option.type=put",
                    "--set", "simulation.rng=pcg64"]],
    "merton.ini": [[], ["--set", "option.type=put", "--set", "simulation.precision=double",
                   "--set", "simulation.steps=12"],
                   ["--set", "option.payoff=barrier", "--set", "option.barrier=85",
                    "--set", "option.barrier_type=down-out", "--set", "option.monitoring=discrete",
                    "--set", "simulation.steps=8", "--set", "simulation.rng=pcg64"]],
    "barrier.ini": [[], ["--set", "option.monitoring=discrete"], ["--set", "option.barrier_type=up-in",
                    "--set", "option.barrier=120", "--set", "option.rebate=1.5"],
                    ["--set", "simulation.precision=double", "--set", "option.type=put"]],
    "lookback.ini": [[], ["--set", "option.monitoring=continuous"], ["--set", "option.strike_type=fixed",
                     "--set", "option.strike=105"], ["--set", "simulation.precision=double",
                     "--set", "simulation.rng=pcg64", "--set", "option.type=put"]],
    "basket.ini": [[], ["--set", "simulation.precision=double", "--set", "simulation.rng=pcg64",
                   "--set", "simulation.steps=3", "--set", "option.type=put"]],
    "best_of.ini": [[], ["--set", "option.payoff=worst_of", "--set", "simulation.precision=double"],
                    ["--set", "option.payoff=spread", "--set", "option.strike=0",
                     "--set", "model.correlation=1", "--set", "simulation.rng=pcg64"]],
}


def h5(path, *args):
    """h5dump's text of part of the log, the file name taken out."""
    out = subprocess.run(["h5dump", *args, path], capture_output=True, text=True, check=True).stdout
    return "\n".join(line for line in out.splitlines() if not line.startswith("HDF5 "))


def case_text(mcsim, config, variant, tmp):
    """One case's text; a variant's "drop:KEY" leaves KEY's line out of the config."""
    drop = [v[5:] for v in variant if v.startswith("drop:")]
    with open(os.path.join(REPO, "configs", config)) as f:
        lines = [l for l in f if l.split("=")[0].strip() not in drop]
    with open(os.path.join(tmp, "c.ini"), "w") as f:
        f.writelines(lines)
    log = os.path.join(tmp, "x.h5")
    if os.path.exists(log):
        os.remove(log)
    sets = [v for v in variant if not v.startswith("drop:")]
    args = [mcsim, "c.ini", "-q", "-f", "json", "-o", "x.h5", *COMMON, *sets]
    run = subprocess.run(args, capture_output=True, text=True, cwd=tmp)
    if run.returncode != 0:
        sys.exit("golden: %s exited %d: %s" % (" ".join(args), run.returncode, run.stderr))
    result = json.loads(run.stdout)
    for key in VOLATILE:
        result.pop(key, None)
    lines = ["### %s %s" % (config, " ".join(variant)),
             json.dumps(result, indent=1, sort_keys=False)]
    for group in ("/parameters", "/outputs", "/result"):
        lines.append(h5(log, "-A", "-g", group))
    lines.append(h5(log, "-a", "/config"))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--write"):
        sys.exit(__doc__)
    mcsim = os.path.abspath(sys.argv[1])
    configs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(REPO, "configs", "*.ini")))
    missing = [c for c in configs if c not in VARIANTS]
    if missing:
        sys.exit("golden: no variants for %s: add them to VARIANTS in %s" % (missing, __file__))
    with tempfile.TemporaryDirectory(prefix="mcsim_golden_") as tmp:
        text = "".join(case_text(mcsim, c, v, tmp) for c in configs for v in VARIANTS[c])
    if len(sys.argv) == 3:
        with open(GOLDEN, "w") as f:
            f.write(text)
        print("golden: wrote %s" % GOLDEN)
        return
    with open(GOLDEN) as f:
        want = f.read()
    if text != want:
        sys.stderr.writelines(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                                   "tests/golden/results.txt", "this build"))
        sys.exit("golden: the results differ from tests/golden/results.txt (above)")
    print("golden: %d cases bit for bit" % sum(len(VARIANTS[c]) for c in configs))


if __name__ == "__main__":
    main()
