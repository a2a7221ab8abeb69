#!/usr/bin/python3
"""Offline, on the wave sweeps of call 2 (waves-sweeps-call2.tgz): how well each form of the
GPU's size curve predicts a kernel's warm simulate at j = 2..24 blocks a SM (j = paths /
(132 x 65,536)) when its walk is the measured time at j = 1 and its cost a block is solved
at one j (jcal), as calibrate solves it at the j of its runs. Forms: 'waves', the model's
(estimator/model.c launch_waves: per wave of m = blocks_per_sm blocks, max(walk, j x s));
'softmax k', the same with (walk^k + (j s)^k)^(1/k) for the max; 'affine', walk + (j-1) s."""
import h5py, io, math, os, tarfile
import numpy as np, pandas as pd
here = os.path.dirname(os.path.abspath(__file__))
bpsm = {'eur1': 8, 'eur64': 8, 'asian64': 5, 'asian64_mrg': 3, 'asian64_dbl': 4, 'heston64': 4,
        'spread_s50': 6, 'basket4_s52': 6, 'basket8_s16': 4, 'bestof2_s252': 6}
U = 132 * 65536
data = {n: {} for n in bpsm}
with tarfile.open(os.path.join(here, 'waves-sweeps-call2.tgz')) as t:
    for m in t.getmembers():
        if m.name.endswith('.h5'):
            n = os.path.basename(m.name).rsplit('-', 1)[0]
            r = pd.DataFrame(h5py.File(io.BytesIO(t.extractfile(m).read()))['runs'][:])
            for p, s in r.groupby('paths')['simulate'].median().items():
                if not (n == 'bestof2_s252' and p / U >= 8):  # two launches from there
                    data[n][p / U] = s

def smax(a, b, k):
    return max(a, b) if k == 0 else (a ** k + b ** k) ** (1 / k)

def waves(j, m, walk, s, k):
    blocks, res = j * 132, 132 * m
    full = math.floor(blocks / res + 1e-9)
    rest = blocks - full * res
    return full * smax(walk, m * s, k) + (smax(walk, math.ceil(rest / 132 - 1e-9) * s, k) if rest > 1e-6 else 0)

forms = [('waves', lambda j, m, w, s: waves(j, m, w, s, 0))]
forms += [('softmax %d' % k, lambda j, m, w, s, k=k: waves(j, m, w, s, k)) for k in (3, 4, 6)]
forms += [('affine', lambda j, m, w, s: w + (math.ceil(j - 1e-9) - 1) * s)]
for name, f in forms:
    for jcal in (2, 3, 4, 6, 12):
        errs = []
        for n, d in data.items():
            if jcal not in d:
                continue
            walk, lo, hi = d[1.0], 1e-12, 10 * d[jcal]
            for _ in range(100):  # the cost a block at which the form meets jcal's time
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if f(jcal, bpsm[n], walk, mid) > d[jcal] else (mid, hi)
            errs += [abs(f(j, bpsm[n], walk, lo) / t - 1) for j, t in d.items() if j > 1]
        print('%-10s jcal %2d: median %5.1f%%  p90 %5.1f%%' % (name, jcal, 100 * np.median(errs),
                                                              100 * np.percentile(errs, 90)))
