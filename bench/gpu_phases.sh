#!/bin/bash
# gpu_phases.sh - on a GPU machine: end-to-end GPU runs of four jobs (one-step
# European at 1e9 and 1e7 paths, the Asian at 1e8, the digital at 4e9), each a
# fresh process, 5 interleaved rounds; prints each job's medians of total,
# simulate, reduce, alloc and device query (ms) and its price.
# Usage: BUNDLE=.gpupack/gpu.tar.xz bench/gpu_phases.sh LABEL
# (run it with two bundles on the same machine to compare them; results of
# 2026-11-27 in bench/results/estimator/h100-calibrate-fast/README.md)
set -u
rm -rf .gpu; tar -xJf "${BUNDLE:-.gpupack/gpu.tar.xz}"
. tests/device_env.sh; export LD_LIBRARY_PATH=$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
M=.gpu/bin/mcsim
rows=$(mktemp)
cases=("configs/european.ini --paths 1000000000" "configs/european.ini --paths 10000000"
       "configs/asian.ini --paths 100000000" "configs/digital.ini --paths 4000000000")
for c in "${cases[@]}"; do $M $c --backend gpu -f json -q --no-log >/dev/null; done
for r in 1 2 3 4 5; do
    i=0
    for c in "${cases[@]}"; do
        $M $c --backend gpu -f json -q --no-log | python3 -c "
import json,sys; d=json.load(sys.stdin); t=d['timings']
print('$i', *(round(1e3*t[k],3) for k in ('total','simulate','reduce','alloc','device_query')), d['price'])" >>"$rows"
        i=$((i + 1))
    done
done
python3 - "${1:-run}" "$rows" <<'PY'
import sys, statistics as st
rows = [l.split() for l in open(sys.argv[2])]
for i in sorted(set(r[0] for r in rows)):
    rr = [r for r in rows if r[0] == i]
    med = [st.median(map(float, c)) for c in zip(*[r[1:6] for r in rr])]
    tot = [float(r[1]) for r in rr]
    print(sys.argv[1], 'case', i, 'total %.2f (spread %.0f%%) simulate %.2f reduce %.2f alloc %.2f '
          'device query %.3f ms; price %s' % (med[0], 100 * (max(tot) - min(tot)) / med[0], *med[1:], rr[0][6]))
PY
rm -f "$rows"
