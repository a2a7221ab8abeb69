#!/usr/bin/python3
"""Tables of session 25's H200 experiments (calls 1, 2, 3, 6) from their archives in this
folder: python3 analyse.py (h5py, numpy). Medians in ms."""
import collections, glob, os, tarfile, tempfile
import h5py, numpy as np

here = os.path.dirname(os.path.abspath(__file__))
tmp = tempfile.mkdtemp()
for call, arc in (("call1", "w.tgz"), ("call2", "p.tgz"), ("call3", "a.tgz"), ("call6", "ab.tgz")):
    with tarfile.open(os.path.join(here, call, arc)) as t:
        t.extractall(os.path.join(tmp, call))

def runs(path):
    return h5py.File(path)["runs"][...]

def med(r, k):
    return np.median(r[k]) * 1e3

print("call 1: warm 1000-path sweeps (100 runs each), per variant the medians of 3 rounds:"
      " write / config / total")
res = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(tmp, "call1/w/*.h5"))):
    cfg, v, rnd = os.path.basename(f)[:-3].split("-")
    r = runs(f)
    res[(cfg, v)].append("%.3f/%.3f/%.3f" % (med(r, "write"), med(r, "config"), med(r, "total")))
for (cfg, v), vals in sorted(res.items()):
    print("  %-9s %-7s %s" % (cfg, v, "   ".join(vals)))

print("\ncall 2: european warm, one thread, pinned to each vCPU (taskset; u: unpinned),"
      " two rounds: write median")
for c in list(range(16)) + ["u"]:
    w = ["%.3f" % med(runs(os.path.join(tmp, "call2/p/c%s-%d.h5" % (c, i))), "write")
         for i in (1, 2)]
    print("  vCPU %-2s %s" % (c, "  ".join(w)))

print("\ncall 3: 20 interleaved rounds of 50 warm runs: write median per sweep")
for v in ("aslr", "noaslr", "huge"):
    w = [med(runs(os.path.join(tmp, "call3/a/%s-%d.h5" % (v, i))), "write") for i in range(1, 21)]
    print("  %-7s %s" % (v, " ".join("%.2f" % x for x in w)))
print("call 3: three sweeps of 2000 warm runs, write median of each 100 runs in order")
for i in (1, 2, 3):
    r = runs(os.path.join(tmp, "call3/a/long-%d.h5" % i))
    w = r["write"][np.argsort(r["repeat"], kind="stable")] * 1e3
    print("  long %d  %s" % (i, " ".join("%.2f" % np.median(w[j:j + 100]) for j in range(0, len(w), 100))))

print("\ncall 6: A = each backend's runs in a block (two sweeps), B = each size's CPU and GPU"
      " runs adjacent (one sweep); 3 rounds pooled, 3 repeats each: totals A/B")
def load(p):
    return np.concatenate([runs(f) for f in sorted(glob.glob(os.path.join(tmp, p)))])
for cfg in ("european", "lookback"):
    A, B = load("call6/ab/A-%s-*.h5" % cfg), load("call6/ab/B-%s-*.h5" % cfg)
    for mode in (b"cold", b"warm"):
        for be in (b"cpu", b"gpu"):
            cells = []
            for n in sorted(set(A["paths"])):
                sel = lambda R: R[(R["backend"] == be) & (R["mode"] == mode) & (R["paths"] == n)]
                cells.append("%.0e %.3g/%.3g" % (n, med(sel(A), "total"), med(sel(B), "total")))
            print("  %-8s %s %s  %s" % (cfg, mode.decode(), be.decode(), " | ".join(cells)))
    for n in (1e3, 1e8):
        for R, name in ((A, "A"), (B, "B")):
            s = R[(R["backend"] == b"gpu") & (R["mode"] == b"warm") & (R["paths"] == n)]
            print("  %-8s gpu warm %.0e %s: %s" % (cfg, n, name, " ".join(
                "%s %.3f" % (k, med(s, k)) for k in ("config", "context", "setup", "h2d", "write", "total"))))
