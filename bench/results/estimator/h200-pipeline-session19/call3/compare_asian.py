#!/usr/bin/python3
"""Warm GPU simulate of call 3's Asian sweeps (as.tgz), measured (median of 3) and predicted
by `mcsim estimate --profile PROFILE` (error: predicted over measured). usage (from the
repository root, after `make build`): [MCSIM=path/to/mcsim]
bench/results/estimator/h200-pipeline-session19/call3/compare_asian.py [PROFILE]
(default: call3/h200.ini)"""
import h5py, io, json, subprocess, sys, os, tarfile
import numpy as np, pandas as pd
here = os.path.dirname(os.path.abspath(__file__))
prof = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, 'h200.ini')
mcsim = os.environ.get('MCSIM', 'build/mcsim')
tgz = tarfile.open(os.path.join(here, 'as.tgz'))
sets = {'bach252_f12': ('bachelier', ['simulation.steps=252']),
        'bach264_f264': ('bachelier', ['simulation.steps=264', 'option.fixings=264']),
        'bach120_f12_dbl': ('bachelier', ['simulation.steps=120', 'simulation.precision=double']),
        'bach12': ('bachelier', []),
        'asian252_f12': ('asian', ['simulation.steps=252']),
        'asian252_f252': ('asian', ['simulation.steps=252', 'option.fixings=252']),
        'asian96_f12_mrg': ('asian', ['simulation.steps=96', 'simulation.rng=mrg32k3a']),
        'asian240_f48_geo': ('asian', ['simulation.steps=240', 'option.fixings=48', 'option.average=geometric'])}
errs = []
for name, (cfg, keys) in sets.items():
    r = pd.DataFrame(h5py.File(io.BytesIO(tgz.extractfile('as/%s.h5' % name).read()))['runs'][:])
    out = []
    for paths, t in r.groupby('paths')['simulate'].median().items():
        cmd = [mcsim, 'estimate', 'configs/%s.ini' % cfg, '--paths', str(paths), '--profile', prof, '--format', 'json'] + sum((['--set', k] for k in keys), [])
        pred = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)['warm']['gpu']['phases']['simulate']
        errs.append(abs(np.log(pred / t)))
        out.append('%.0e:%.3gms:%+.0f%%' % (paths, 1e3 * t, 100 * (pred / t - 1)))
    print('%-18s %s' % (name, ' '.join(out)))
print('median |error| %.1f%%' % (100 * np.expm1(np.median(errs))))
