#!/usr/bin/python3
"""Call 3: warm CPU simulate on all 16 threads against the waves of 16384-path blocks (2 rounds x 5
repeats a size), its cost per path over that at the most waves, and `mcsim estimate` with the same
machine's profile. usage: waves.py MCSIM PROFILE SWEEP_DIR REPO   (SWEEP_DIR: wv/ of call3/wv.tgz)"""
import glob, json, subprocess, sys
import h5py, numpy as np
mcsim, prof, d, repo = sys.argv[1:5]
for c in ['european', 'ho_asian_geo_float', 'ho_basket8', 'ho_heston_xi', 'ho_lookback_put']:
    r = np.concatenate([h5py.File(f, 'r')['runs'][:] for f in sorted(glob.glob(f'{d}/{c}-r*.h5'))])
    cfg = (f'{repo}/configs/european.ini' if c == 'european' else
           f'{repo}/bench/results/estimator/h200-heldout-session21/call1/configs/{c}.ini')
    big, rows = None, []
    for n in sorted(set(r['paths']))[::-1]:
        s = r['simulate'][r['paths'] == n]; med = np.median(s); sp = (s.max() - s.min()) / med
        dd = json.loads(subprocess.run([mcsim, 'estimate', cfg, '--profile', prof, '--paths', str(n),
                                        '--set', 'simulation.precision=single', '--set', 'simulation.rng=pcg64',
                                        '--set', 'simulation.block_size=16384', '--format', 'json'],
                                       capture_output=True, text=True).stdout)
        pred = dd['warm']['cpu']['phases']['simulate']
        if big is None: big = med / n
        rows.append(f"  W {int(n)//262144:4d}: meas {med*1e3:8.2f} ms (spread {sp*100:3.0f}%) per path over the "
                    f"most waves' {med/n/big:5.3f}; predicted {pred*1e3:8.2f} ms ({(pred/med-1)*100:+6.1f}%)")
    print(c); print('\n'.join(rows[::-1]))
