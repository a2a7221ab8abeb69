#!/usr/bin/python3
"""Offline: how well each form of the GPU's size curve predicts warm simulate when a kernel's
walk W (its time at one block a SM) and its time at 6 blocks a SM (T6, where calibrate's runs
solve the cost of a block S) are those of `mcsim estimate --profile PROFILE`, and S is solved
at 6 for each form as calibrate would. A launch's busiest SM holds j = ceil(blocks / 132)
blocks, m resident. Forms: 'waves' (the model until 2026-11-29: per round of m blocks
max(W, j S)), 'pipe dD' (max(ceil(j / m) W, W + (j - 1 - D) S), j > 1; W at j = 1: the
model since, with D = 0.25), 'soft k' ((W^k + (j S)^k)^(1/k)). usage (from the repository
root, after `make build`): bench/results/estimator/h200-pipeline-session19/forms.py PROFILE
[WAVES.tgz HELD.tgz] (the sweeps: compare.py's)."""
import json, math, os, subprocess, sys
import numpy as np
here = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(here, 'compare.py')).read().split('def table')[0]
exec(compile(src.replace('__file__', repr(os.path.join(here, 'compare.py'))), 'compare.py', 'exec'))
U = 132 * 65536
wave_sets, held_sets = waves, held

def predict(cfg, keys, paths):
    cmd = [mcsim, 'estimate', os.path.join(repo, 'configs', cfg + '.ini'), '--paths', str(int(paths)),
           '--profile', sys.argv[1], '--format', 'json'] + sum((['--set', k] for k in keys), [])
    d = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)['warm']['gpu']
    return d['phases']['simulate'], d['kernel']

profile = open(sys.argv[1]).read().splitlines()
def blocks_per_sm(kernel):
    return next(float(l.split('=')[1]) for l in profile if l.startswith('blocks_per_sm.' + kernel + ' '))

def launches(paths, steps):  # gpu_backend.c's chunking: blocks per launch
    blocks = math.ceil(paths / 65536)
    chunk = min(blocks, max(1, min(2 ** 20, 2 ** 34 // (65536 * steps))))
    return [min(chunk, blocks - i) for i in range(0, blocks, chunk)]

def round_waves(j, m, W, S):
    full = math.floor(j / m + 1e-9)
    rest = j - full * m
    return full * max(W, m * S) + (max(W, rest * S) if rest > 0 else 0)

forms = {'waves': round_waves}
for d in (0, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5):
    forms['pipe d%.2f' % d] = (lambda d: lambda j, m, W, S:
                               max(math.ceil(j / m) * W, W + (j - 1 - d) * S) if j > 1 else W)(d)
for k in (3, 4):
    forms['soft %d' % k] = (lambda k: lambda j, m, W, S: (W ** k + (j * S) ** k) ** (1 / k))(k)

def solve(f, m, W, T6):  # the S at which form f takes T6 at 6 blocks a SM
    lo, hi = 1e-15, T6
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if f(6, m, W, mid) > T6 else (mid, hi)
    return lo

errs = {k: [] for k in forms}
own = os.path.join(here, 'call2/res.tgz')
tgz = sys.argv[2:4] if len(sys.argv) >= 4 else [own, own]
for t, sets in ((tgz[0], wave_sets), (tgz[1], held_sets)):
    for name, (cfg, keys) in sets.items():
        r = runs(t, [name])
        W, kernel = predict(cfg, keys, U)  # one block a SM
        T6, _ = predict(cfg, keys, 6 * U)  # one launch at 252 steps and fewer
        m = blocks_per_sm(kernel)
        steps = next((int(k.split('=')[1]) for k in keys if k.startswith('simulation.steps=')), 1)
        S = {k: solve(f, m, W, T6) for k, f in forms.items()}
        for paths, measured in r.groupby('paths')['simulate'].median().items():
            for k, f in forms.items():
                pred = sum(f(math.ceil(b / 132), m, W, S[k]) if b > 132 else W
                           for b in launches(paths, steps))
                errs[k].append(abs(pred / measured - 1))
for k in forms:
    print('%-10s median %4.1f%%  p90 %5.1f%%' % (k, 100 * np.median(errs[k]), 100 * np.percentile(errs[k], 90)))
