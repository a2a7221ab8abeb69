#!/usr/bin/python3
"""Warm GPU simulate, predicted by `mcsim estimate --profile P` against the median of the
repeats measured, per size: the wave sweeps (sizes in blocks a SM, j = paths / (132 x 65536))
and the held-out sweeps. usage (from the repository root, after `make build`):
[MCSIM=path/to/mcsim] bench/results/estimator/h200-pipeline-session19/compare.py PROFILE.ini
[WAVES.tgz HELD.tgz]
(default: this session's last sweeps, call2/res.tgz, both; session 18's are
../h200-waves-session18/waves-sweeps-call2.tgz and sweeps-call6.tgz)"""
import h5py, io, json, os, subprocess, sys, tarfile
import numpy as np, pandas as pd
here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.abspath(os.path.join(here, '../../../..'))
mcsim = os.environ.get('MCSIM', os.path.join(repo, 'build/mcsim'))  # MCSIM: another build's
U = 132 * 65536
B = ['model.spots=100', 'model.volatilities=0.25']
waves = {'eur1': ('european', []), 'eur64': ('european', ['simulation.steps=64']),
         'asian64': ('asian', ['simulation.steps=64', 'option.fixings=64']),
         'asian64_mrg': ('asian', ['simulation.steps=64', 'option.fixings=64', 'simulation.rng=mrg32k3a']),
         'asian64_dbl': ('asian', ['simulation.steps=64', 'option.fixings=64', 'simulation.precision=double']),
         'heston64': ('heston', ['simulation.steps=64']),
         'spread_s50': ('best_of', ['model.assets=2'] + B + ['model.dividends=0', 'option.payoff=spread', 'simulation.steps=50']),
         'basket4_s52': ('basket', ['model.assets=4'] + B + ['simulation.steps=52']),
         'basket8_s16': ('basket', ['model.assets=8'] + B + ['simulation.steps=16']),
         'bestof2_s252': ('best_of', ['simulation.steps=252'])}
held = {'heston252_dbl': ('heston', ['simulation.steps=252', 'simulation.precision=double']),
        'heston100_sobol': ('heston', ['simulation.steps=100', 'simulation.rng=sobol']),
        'merton252': ('merton', ['simulation.steps=252']),
        'lookback252_mrg': ('lookback', ['simulation.steps=252', 'simulation.rng=mrg32k3a']),
        'barrier252_dbl': ('barrier', ['simulation.steps=252', 'simulation.precision=double']),
        'asian252': ('asian', ['simulation.steps=252']),
        'digital12_sobol': ('digital', ['simulation.steps=12', 'simulation.rng=sobol']),
        'basket10_s30': ('basket', ['model.assets=10'] + B + ['simulation.steps=30']),
        'worstof5_s100_sobol': ('best_of', ['model.assets=5'] + B + ['model.dividends=0', 'option.payoff=worst_of', 'simulation.steps=100', 'simulation.rng=sobol']),
        'bestof3_s12': ('best_of', ['model.assets=3'] + B + ['model.dividends=0', 'simulation.steps=12'])}

def runs(tgz, names):
    with tarfile.open(tgz) as t:
        return pd.concat([pd.DataFrame(h5py.File(io.BytesIO(t.extractfile(m).read()))['runs'][:])
                          for m in t.getmembers() if m.name.endswith('.h5') and
                          os.path.basename(m.name).rsplit('-', 1)[0].replace('.h5', '') in names])

def table(tgz, sets, unit):
    errs = []
    for name, (cfg, keys) in sets.items():
        r = runs(tgz, [name])
        out = []
        for paths, t in r.groupby('paths')['simulate'].median().items():
            cmd = [mcsim, 'estimate', os.path.join(repo, 'configs', cfg + '.ini'), '--paths', str(paths),
                   '--profile', sys.argv[1], '--format', 'json']
            for k in keys:
                cmd += ['--set', k]
            pred = json.loads(subprocess.run(cmd, capture_output=True, text=True).stdout)['warm']['gpu']['phases']['simulate']
            e = np.log(pred / t)
            errs.append(abs(e))
            out.append(('%g' % (paths / U) if unit else '%.0e' % paths) + ':%+.0f%%' % (100 * np.expm1(e)))
        print('%-20s %s' % (name, ' '.join(out)))
    print('median |error| %.1f%%, p90 %.1f%%\n' % (100 * np.expm1(np.median(errs)),
                                                100 * np.expm1(np.percentile(errs, 90))))

own = os.path.join(here, 'call2/res.tgz')
tgz = sys.argv[2:4] if len(sys.argv) >= 4 else [own, own]
print('wave sweeps (%s), blocks a SM:error' % os.path.basename(tgz[0]))
table(tgz[0], waves, True)
print('held-out sweeps (%s), paths:error' % os.path.basename(tgz[1]))
table(tgz[1], held, False)
