#!/usr/bin/python3
"""CPU cold simulate of held-out sweeps against `mcsim estimate`, at each sweep's two largest sizes.
usage: cpu_simulate.py MCSIM PROFILE 'SWEEP_GLOB' CONFIG_DIR   (needs h5py)
e.g. cpu_simulate.py build/mcsim call1/h200.ini 'ho6/sweep-*.h5' call1/configs"""
import glob, json, re, subprocess, sys
import h5py, numpy as np
mcsim, prof, pat, cfgdir = sys.argv[1:5]
for fn in sorted(glob.glob(pat)):
    cfg, steps, prec, rng, _ = re.match(r'.*sweep-(.+)-(default|\d+)-(single|double)-(\w+)-t(\w+)\.h5', fn).groups()
    r = h5py.File(fn, 'r')['runs'][:]
    sel = (r['backend'] == b'cpu') & (r['mode'] == b'cold')
    th = int(r['threads'][sel][0])
    row = []
    for n in sorted(set(r['paths'][sel]))[-2:]:
        meas = np.median(r['simulate'][sel & (r['paths'] == n)])
        cmd = [mcsim, 'estimate', f'{cfgdir}/{cfg}.ini', '--profile', prof, '--paths', str(n),
               '--threads', str(th), '--set', f'simulation.precision={prec}', '--format', 'json']
        if steps != 'default': cmd += ['--set', f'simulation.steps={steps}']
        if rng != 'auto': cmd += ['--set', f'simulation.rng={rng}']
        d = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)
        pred = d['cold']['cpu']['phases']['simulate']
        row.append(f"{n:.0e}: meas {meas*1e3:8.2f} pred {pred*1e3:8.2f} ({(pred/meas-1)*100:+5.1f}%)")
    print(f"{cfg}-{steps}-{prec}-{rng}-t{th} {d['cold']['cpu']['kernel']}", ' | '.join(row))
