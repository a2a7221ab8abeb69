#!/usr/bin/python3
"""Call 2: warm CPU simulate at 1, 4, 6 and 16 threads (median of 3 rounds x 3 repeats) against
`mcsim estimate` with the same machine's profile, and the efficiency measured against 1 thread.
usage: threads.py MCSIM PROFILE SWEEP_DIR REPO   (SWEEP_DIR: th/ of call2/th.tgz; needs h5py)"""
import collections, glob, json, re, subprocess, sys
import h5py, numpy as np
mcsim, prof, d, repo = sys.argv[1:5]
cfgs = {'european': f'{repo}/configs/european.ini'}
meas = collections.defaultdict(list)
for fn in glob.glob(d + '/*.h5'):
    c, T, r = re.match(r'.*/(.+)-t(\d+)-r(\d)\.h5', fn).groups()
    x = h5py.File(fn, 'r')['runs'][:]
    meas[(c, int(T))].append((np.median(x['simulate']), int(x['paths'][0])))
for c in ['european', 'ho_bachelier_euro', 'ho_asian_geo_float', 'ho_lookback_put', 'ho_basket8', 'ho_heston_xi']:
    cfg = cfgs.get(c, f'{repo}/bench/results/estimator/h200-heldout-session21/call1/configs/{c}.ini')
    base, rows = None, []
    for T in (1, 4, 6, 16):
        v = meas[(c, T)]; n = v[0][1]
        med = np.median([a for a, _ in v]); spread = (max(a for a, _ in v) - min(a for a, _ in v)) / med
        cmd = [mcsim, 'estimate', cfg, '--profile', prof, '--paths', str(n), '--threads', str(T),
               '--set', 'simulation.precision=single', '--set', 'simulation.rng=pcg64', '--format', 'json']
        dd = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)
        pred = dd['warm']['cpu']['phases']['simulate']
        if T == 1: base = med / n
        rows.append(f"T{T:2d} meas {med*1e3:7.1f} ms (spread {spread*100:3.0f}%) pred {pred*1e3:7.1f} "
                    f"({(pred/med-1)*100:+6.1f}%) efficiency vs 1 thread {base*n/(T*med):.3f}")
    print(c, dd['warm']['cpu']['kernel']); print('   ' + '\n   '.join(rows))
