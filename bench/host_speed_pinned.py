#!/usr/bin/env python3
"""host_speed_pinned.py - is a slow thread a slow CPU? The one-thread probe of
host_speed_drift.py pinned to each CPU in turn (taskset), rounds interleaved: per CPU and
round its ns per path-step.

Usage (from the repository root, mcsim built): python3 bench/host_speed_pinned.py MCSIM OUT.json
ROUNDS. Writes {CPU: [ns a path-step, one per round]}; prints each round as it goes."""
import json, subprocess, sys, os
M = sys.argv[1]; out = sys.argv[2]; rounds = int(sys.argv[3])
n = os.cpu_count(); res = {i: [] for i in range(n)}
for r in range(rounds):
    for cpu in range(n):
        p = subprocess.run(['taskset', '-c', str(cpu), M, 'configs/european.ini', '--format', 'json', '-q', '--no-log',
                            '--backend', 'cpu', '--threads', '1', '--set', 'simulation.paths=2097152', '--set', 'simulation.rng=pcg64'],
                           capture_output=True, text=True)
        res[cpu].append(json.loads(p.stdout)['timings']['simulate'] / 2097152 * 1e9)
    print('round', r, ' '.join('%.2f' % res[c][-1] for c in range(n)), flush=True)
json.dump(res, open(out, 'w'))
