"""Benchmark: the models of issue 30 against GBM and against what a Python
user writes, in one run on one machine.

Jobs (all single precision, Philox, 252 steps, S=100, K=100, r=0.05, T=1;
peers/model_params.py declares them once for this driver and the peers):

  * european: the European call of configs/european.ini on a 252-step grid
    (the cost of a GBM path-step);
  * heston: the European call on Heston (configs/heston.ini with v0=0.04,
    kappa=1.5, theta=0.04, xi=0.3, rho=-0.7), Andersen's QE scheme;
  * basket64: a call on the equally weighted arithmetic basket of 64
    correlated GBM assets (configs/basket.ini made 64 assets, vol 0.2,
    correlation 0.3); its rate is counted in path-asset-steps.

With --gpu, mcsim --backend gpu runs european, heston and basket64 and the CuPy and PyTorch
peers (peers/{cupy,torch}_{heston,basket}.py) run heston and basket64; on
the CPU (unless --no-cpu) mcsim --threads 1 runs european and heston. With
--base-mcsim CMD, that mcsim (e.g. the build before the change) runs the
GBM products (european, asian with 252 fixings, barrier continuous,
lookback floating continuous) beside this one, on each part, so the ratio
new / base shows whether GBM kept its speed.

Every item is a fresh process; the rounds are interleaved over all items
(--repeat rounds, default 3) and each item's median time is kept with its
spread ((max - min) / median). Rate = paths * steps (* assets) / seconds,
with mcsim's timings.simulate and the peers' timed loop.

Targets (printed with the measured figure): heston >= 40% of the GBM european's
path-step rate on each part; basket64 >= 3e11 path-asset-steps/s on the
GPU; GBM products new / base >= 0.97.
Checks (OK/FAIL): every heston price within 4 std errors of QuantLib's
AnalyticHestonEngine (HESTON_REFERENCE below); every mcsim basket64 price
within 4 combined std errors of each peer's.

    python3 bench/bench_models.py --mcsim build/mcsim --quick
    python3 bench/bench_models.py --gpu --mcsim ".gpu/run mcsim" \\
        --base-mcsim ".base/run mcsim" --out-dir $OUT

Writes bench_models.json and bench_models.log into --out-dir (default $OUT
when set, else the current folder). Exit 0 when every run succeeded and
every check passed, 1 otherwise.
"""

import argparse
import json
import math
import os
import shlex
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "peers"))
from bench_asian import run_json, ONE_THREAD_ENV  # noqa: E402
from bench_gpu import RunError, Tee  # noqa: E402
from benchlib import cpu_model  # noqa: E402
from model_params import BASKET_ASSETS, basket_sets, heston_sets  # noqa: E402

ROOT = HERE.parent
CONFIGS = ROOT / "configs"
STEPS = 252

# QuantLib 1.44 AnalyticHestonEngine, European call S=K=100, r=0.05, q=0,
# v0=0.04, kappa=1.5, theta=0.04, xi=0.3, rho=-0.7, maturity 365 days
# Actual365Fixed (T = 1 exactly): bench/peers/model_params.py's HESTON.
HESTON_REFERENCE = 10.361869020966116

# job -> (config, --set overrides, assets counted in the rate)
JOBS = {
    "heston": ("heston.ini", heston_sets(), 1),
    "basket64": ("basket.ini", basket_sets(), BASKET_ASSETS),
    "european": ("european.ini", [], 1),
    "asian": ("asian.ini", ["option.fixings=%d" % STEPS], 1),
    "barrier-cont": ("barrier.ini", ["option.monitoring=continuous"], 1),
    "lookback": ("lookback.ini", ["option.strike_type=floating",
                                  "option.monitoring=continuous"], 1),
}
GBM_PRODUCTS = ("european", "asian", "barrier-cont", "lookback")
T_HESTON_VS_GBM = 0.40
T_BASKET_GPU = 3e11
T_BASE = 0.97


def say(*args):
    print(*args, flush=True)


class Item:
    """One measured thing: part (gpu/cpu), implementation, job, paths."""

    def __init__(self, part, impl, job, paths):
        self.part, self.impl, self.job, self.paths = part, impl, job, paths
        self.key = "%s/%s/%s/%d" % (part, impl, job, paths)
        self.times, self.records, self.error = [], [], None

    def command(self, a, tmp):
        if self.impl in ("mcsim", "base"):
            config, sets, _ = JOBS[self.job]
            exe = a.mcsim if self.impl == "mcsim" else a.base_mcsim
            cmd = exe + [str(CONFIGS / config), "--backend", self.part,
                         "--paths", str(self.paths), "--format", "json", "-q",
                         "-o", os.path.join(tmp, "run.h5")]
            for s in sets + ["simulation.steps=%d" % STEPS, "simulation.precision=single",
                             "simulation.rng=philox"]:
                cmd += ["--set", s]
            if self.part == "cpu":
                cmd += ["--threads", "1"]
                return cmd, dict(os.environ, **ONE_THREAD_ENV)
            return cmd, None
        script = HERE / "peers" / ("%s_%s.py" % (self.impl, self.job.rstrip("64")))
        return [sys.executable, str(script), "--paths", str(self.paths), "--steps",
                str(STEPS), "--repeat", "1", "--seed", str(a.seed)], None

    def measure(self, a, tmp):
        cmd, env = self.command(a, tmp)
        res, wall = run_json(cmd, a.timeout, env)
        if self.impl in ("mcsim", "base"):
            secs = float((res.get("timings") or {})["simulate"])
        else:
            secs = float(res["seconds"])
        self.times.append(secs)
        self.records.append({"seconds": secs, "wall": wall, "price": res["price"],
                             "std_error": res["std_error"], "cmd": shlex.join(cmd)})

    def median(self):
        return statistics.median(self.times) if self.times else float("nan")

    def spread(self):
        m = self.median()
        return (max(self.times) - min(self.times)) / m if len(self.times) > 1 else 0.0

    def rate(self):
        return self.paths * STEPS * JOBS[self.job][2] / self.median()

    def price(self):
        r = self.records[-1]
        return r["price"], r["std_error"]


def plan(a):
    items = []
    if a.gpu:
        items += [Item("gpu", "mcsim", "european", a.gpu_paths), Item("gpu", "mcsim", "heston", a.gpu_paths),
                  Item("gpu", "mcsim", "basket64", a.basket_paths)]
        for impl in ("cupy", "torch"):
            items += [Item("gpu", impl, "heston", a.peer_paths),
                      Item("gpu", impl, "basket64", a.peer_basket_paths)]
        if a.base_mcsim:
            for job in GBM_PRODUCTS:
                if job != "european":
                    items.append(Item("gpu", "mcsim", job, a.gpu_paths))
                items.append(Item("gpu", "base", job, a.gpu_paths))
    if a.cpu:
        items += [Item("cpu", "mcsim", "european", a.cpu_paths), Item("cpu", "mcsim", "heston", a.cpu_paths)]
        if a.base_mcsim:
            for job in GBM_PRODUCTS:
                if job != "european":
                    items.append(Item("cpu", "mcsim", job, a.cpu_paths))
                items.append(Item("cpu", "base", job, a.cpu_paths))
    return items


def find(items, part, impl, job):
    for it in items:
        if (it.part, it.impl, it.job) == (part, impl, job) and it.times:
            return it
    return None


def verdicts(items):
    """The targets and checks as (label, ok, text) rows."""
    rows = []
    for part in ("gpu", "cpu"):
        g, h = find(items, part, "mcsim", "european"), find(items, part, "mcsim", "heston")
        if g and h:
            r = h.rate() / g.rate()
            rows.append(("target %s heston / european path-step rate >= %.2f" % (part, T_HESTON_VS_GBM),
                         r >= T_HESTON_VS_GBM, "%.3f (%.3g / %.3g)" % (r, h.rate(), g.rate())))
        for job in GBM_PRODUCTS:
            n, b = find(items, part, "mcsim", job), find(items, part, "base", job)
            if n and b:
                r = b.median() / n.median()
                rows.append(("target %s %s new / base rate >= %.2f" % (part, job, T_BASE),
                             r >= T_BASE, "%.3f (spreads %.0f%% / %.0f%%)"
                             % (r, 100 * n.spread(), 100 * b.spread())))
    bk = find(items, "gpu", "mcsim", "basket64")
    if bk:
        rows.append(("target gpu basket64 >= %.0e path-asset-steps/s" % T_BASKET_GPU,
                     bk.rate() >= T_BASKET_GPU, "%.3g" % bk.rate()))
    for it in items:
        if it.job == "heston" and it.records:
            p, se = it.price()
            z = (p - HESTON_REFERENCE) / se
            rows.append(("check %s %s heston vs QuantLib" % (it.part, it.impl), abs(z) <= 4,
                         "%.5f +/- %.5f vs %.5f (%.1f se)" % (p, se, HESTON_REFERENCE, z)))
    if bk:
        for impl in ("cupy", "torch"):
            peer = find(items, "gpu", impl, "basket64")
            if peer:
                (p1, s1), (p2, s2) = bk.price(), peer.price()
                z = (p1 - p2) / math.hypot(s1, s2)
                rows.append(("check basket64 mcsim vs %s" % impl, abs(z) <= 4,
                             "%.5f vs %.5f (%.1f combined se)" % (p1, p2, z)))
    for it in items:
        if it.impl in ("cupy", "torch") and it.times and find(items, it.part, "mcsim", it.job):
            m = find(items, it.part, "mcsim", it.job)
            rows.append(("mcsim / %s on %s" % (it.impl, it.job), True, "%.1fx" % (m.rate() / it.rate())))
    return rows


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--mcsim", default="build/mcsim", help="the mcsim command (split like a shell)")
    ap.add_argument("--base-mcsim", default=None, help="a second mcsim for the GBM products' ratio")
    ap.add_argument("--gpu", action="store_true", help="run the GPU part")
    ap.add_argument("--no-cpu", dest="cpu", action="store_false", help="skip the CPU part")
    ap.add_argument("--quick", action="store_true", help="small sizes, one round (a smoke test)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--gpu-paths", type=int, default=10**8)
    ap.add_argument("--basket-paths", type=int, default=10**8,
                    help="mcsim's GPU basket paths (1e8: 1526 blocks of 65536, enough to fill "
                         "an H100; 1e7 is 153 blocks, 1.16 an SM, and runs at about 0.6 of the "
                         "rate)")
    ap.add_argument("--peer-paths", type=int, default=10**7)
    ap.add_argument("--peer-basket-paths", type=int, default=10**6)
    ap.add_argument("--cpu-paths", type=int, default=400000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--out-dir", default=os.environ.get("OUT", "."))
    a = ap.parse_args(argv)
    a.mcsim = shlex.split(a.mcsim)
    a.base_mcsim = shlex.split(a.base_mcsim) if a.base_mcsim else None
    if a.quick:
        a.repeat, a.cpu_paths, a.gpu_paths = 1, 20000, 10**6
        a.basket_paths, a.peer_paths, a.peer_basket_paths = 10**5, 10**5, 10**4
    return a


def main(argv=None):
    a = parse_args(argv)
    os.makedirs(a.out_dir, exist_ok=True)
    sys.stdout = Tee(sys.stdout, open(os.path.join(a.out_dir, "bench_models.log"), "w"))
    say("bench_models: %s; mcsim = %s%s" % (cpu_model(), shlex.join(a.mcsim),
        "; base = " + shlex.join(a.base_mcsim) if a.base_mcsim else ""))
    items = plan(a)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(a.repeat):
            for it in items:
                if it.error:
                    continue
                try:
                    it.measure(a, tmp)
                    say("round %d %-32s %8.4f s" % (rnd + 1, it.key, it.times[-1]))
                except RunError as e:
                    it.error = str(e)
                    failed += 1
                    say("round %d %-32s FAILED: %s" % (rnd + 1, it.key, e))
    say("\n| part | impl | job | paths | median s | spread | rate (path-[asset-]steps/s) | price +/- se |")
    say("|---|---|---|---|---|---|---|---|")
    for it in items:
        if it.times:
            p, se = it.price()
            say("| %s | %s | %s | %.0e | %.4f | %.0f%% | %.3g | %.5f +/- %.5f |"
                % (it.part, it.impl, it.job, it.paths, it.median(), 100 * it.spread(), it.rate(), p, se))
    say("")
    rows = verdicts(items)
    for label, ok, text in rows:
        tag = "" if label.startswith("mcsim /") else ("OK  " if ok else ("MISS" if label.startswith("target") else "FAIL"))
        say("%-4s %-55s %s" % (tag, label, text))
    checks_failed = sum(1 for label, ok, _ in rows if label.startswith("check") and not ok)
    with open(os.path.join(a.out_dir, "bench_models.json"), "w") as f:
        json.dump({"cpu": cpu_model(), "items": [{"key": it.key, "times": it.times, "records": it.records,
                                                  "error": it.error} for it in items],
                   "verdicts": [{"label": l, "ok": ok, "text": t} for l, ok, t in rows]}, f, indent=1)
    return 1 if failed or checks_failed else 0


if __name__ == "__main__":
    sys.exit(main())
