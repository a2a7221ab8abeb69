#!/bin/bash
# H100 host: why do a sweep's cold CPU runs take longer in setup and write than calibrate's?
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim; C=$PWD/configs/european.ini
W=$(mktemp -d); cd $W
lscpu | grep -E "^CPU\(s\)|Model name"; nproc; cat /proc/loadavg
/usr/bin/time -f "calibrate quick %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/cal.log 2>&1; tail -1 $OUT/cal.log
grep -E "^(setup|write|other|process)_cold_s|^(setup|write)_warm_s|^\[" $OUT/q.ini | head -30
export MCSIM_PROFILE=$OUT/q.ini
run() { $M $C --backend cpu --format json -q -o x.h5 "$@" | python3 -c 'import json,sys;d=json.load(sys.stdin)["timings"];print("%.2f %.2f %.2f %.2f"%(d["setup"]*1e3,d["write"]*1e3,d["simulate"]*1e3,d["total"]*1e3))'; }
med() { python3 -c 'import sys,statistics as s;r=[list(map(float,l.split())) for l in sys.stdin if l.strip()];print("n=%d median setup %.2f write %.2f simulate %.2f total %.2f ms; setup min %.2f max %.2f"%((len(r),)+tuple(s.median(c) for c in zip(*r))+(min(x[0] for x in r),max(x[0] for x in r))))'; }
echo "== A: cold 1e3, 16 threads, back to back"; for i in $(seq 12); do run --paths 1000; done | tee a.txt | med
echo "== B: cold 1e3 each after a cold 1e6"; for i in $(seq 10); do run --paths 1000000 >/dev/null; run --paths 1000; done | med
echo "== C: cold 1e3 each after sleep 0.3"; for i in $(seq 10); do sleep 0.3; run --paths 1000; done | med
echo "== D: cold 1e3, 8 threads"; for i in $(seq 10); do run --paths 1000 --threads 8; done | med
echo "== E: cold 1e3, 15 threads"; for i in $(seq 10); do run --paths 1000 --threads 15; done | med
echo "== F: cold 1e3, 1 thread"; for i in $(seq 10); do run --paths 1000 --threads 1; done | med
echo "== G: A again, no MCSIM_PROFILE"; for i in $(seq 10); do MCSIM_PROFILE= HOME=$W run --paths 1000; done | med
echo "== H: sweep cold cpu 1e3:1e6 x5, then validate"
$M sweep $C --backend cpu --mode cold --paths 1e3:1e6 --repeat 5 -q -o $OUT/sw.h5
$M validate $OUT/sw.h5 --profile $OUT/q.ini 2>&1 | sed -n '/phase/,$p' | head -40
python3 - $OUT/sw.h5 <<'PY' 2>&1 || echo "no h5py"
import h5py,sys,statistics as s,collections
r=h5py.File(sys.argv[1])['runs'][()]; g=collections.defaultdict(list)
for x in r: g[int(x['paths'])].append(x)
for k in sorted(g): print(k, ' '.join('%s=%.2f'%(p,s.median([y[p] for y in g[k]])*1e3) for p in ('setup','write','simulate','total')))
PY
echo "== I: calibrate quick again, its cpu cold figures"
$M calibrate --quick -o $OUT/q2.ini > $OUT/cal2.log 2>&1; grep -E "^(setup|write)_cold_s" $OUT/q2.ini | head -4
