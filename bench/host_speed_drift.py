#!/usr/bin/env python3
"""host_speed_drift.py - does the host keep one speed? Rounds of: a one-thread probe (2^21
paths of configs/european.ini, pcg64), the job on all threads (1e8 paths), a one-thread
put (2^23 paths), a 1000-path GPU run (its host phases), the probe again; per round the
cost per path-step of each (ns; all threads: x threads) and the share of CPU time stolen
(/proc/stat). docs/estimator.md ("Calibration") reads its results.

Usage (from the repository root, mcsim built): python3 bench/host_speed_drift.py MCSIM OUT.json N
Writes one JSON row per round; prints each round's figures as it goes."""
import json, subprocess, sys, time, os
M = sys.argv[1]; out = sys.argv[2]; n = int(sys.argv[3])
cfg = 'configs/european.ini'
def run(*a):
    r = subprocess.run([M, cfg, '--format', 'json', '-q', '--no-log', *a], capture_output=True, text=True)
    if r.returncode: print(r.stderr, file=sys.stderr); return None
    return json.loads(r.stdout)['timings']
def steal():
    with open('/proc/stat') as f:
        v = f.readline().split()[1:]
    return [int(x) for x in v]
rows = []
t0 = time.monotonic()
for i in range(n):
    s0 = steal()
    p1 = run('--backend', 'cpu', '--threads', '1', '--set', 'simulation.paths=2097152', '--set', 'simulation.rng=pcg64')
    c16 = run('--backend', 'cpu', '--set', 'simulation.paths=100000000', '--set', 'simulation.rng=pcg64')
    k1 = run('--backend', 'cpu', '--threads', '1', '--set', 'simulation.paths=8388608', '--set', 'simulation.rng=pcg64', '--set', 'option.type=put')
    g = run('--backend', 'gpu', '--set', 'simulation.paths=1000') or dict(alloc=0, setup=0, write=0, teardown=0, context=0)
    p2 = run('--backend', 'cpu', '--threads', '1', '--set', 'simulation.paths=2097152', '--set', 'simulation.rng=pcg64')
    s1 = steal()
    d = [b - a for a, b in zip(s0, s1)]
    rows.append(dict(t=time.monotonic() - t0, p1=p1['simulate'] / 2097152 * 1e9, p2=p2['simulate'] / 2097152 * 1e9,
                     c16=c16['simulate'] / 1e8 * 1e9 * os.cpu_count(), k1=k1['simulate'] / 8388608 * 1e9,
                     g_alloc=g['alloc'], g_setup=g['setup'], g_write=g['write'], g_teardown=g['teardown'],
                     g_context=g['context'], steal_share=d[7] / max(1, sum(d))))
    r = rows[-1]
    print('%5.1f probe %.2f/%.2f  c16 %.2f  k1 %.2f  g alloc %.2f ms setup %.2f ms ctx %.0f ms  steal %.3f' % (
        r['t'], r['p1'], r['p2'], r['c16'], r['k1'], 1e3 * r['g_alloc'], 1e3 * r['g_setup'], 1e3 * r['g_context'], r['steal_share']), flush=True)
json.dump(rows, open(out, 'w'))
