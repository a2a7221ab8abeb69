#!/bin/bash
# H100 x1 host, session 11: why calibrate's CPU cold write/set-up come out lower than the sweeps'.
# Cold runs (fresh processes, 1000 paths, cpu) interleaved: the calibrate job vs configs/european.ini,
# each with and without MCSIM_PROFILE (the sweeps of validate_estimator.sh set it); phases from the logs.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
cat > /tmp/calib.ini <<'INI'
# mcsim calibrate's job
[model]
type = gbm
spot = 100
rate = 0.05
volatility = 0.2
[option]
payoff = european
type = call
strike = 100
maturity = 1
[simulation]
paths = 1000
steps = 1
seed = 1
INI
m=.gpu/bin/mcsim
for i in $(seq 1 15); do
  for v in calib euro calibP euroP; do
    case $v in calib*) c=/tmp/calib.ini;; *) c=configs/european.ini;; esac
    case $v in *P) export MCSIM_PROFILE=$PWD/.vprof/h100-s11.ini;; *) unset MCSIM_PROFILE;; esac
    $m $c --set simulation.paths=1000 --backend cpu -o $OUT/r-$v-$i.h5 -q > /dev/null 2>&1 || echo "fail $v"
  done
done
unset MCSIM_PROFILE
for v in calib euro; do
  $m sweep $( [ $v = calib ] && echo /tmp/calib.ini || echo configs/european.ini ) --paths 1000 --repeat 15 --backend cpu --mode warm -o $OUT/sw-$v.h5 -q
  MCSIM_PROFILE=$PWD/.vprof/h100-s11.ini $m sweep $( [ $v = calib ] && echo /tmp/calib.ini || echo configs/european.ini ) --paths 1000 --repeat 15 --backend cpu --mode warm -o $OUT/sw-${v}P.h5 -q
done
python3 - <<'PY' 2>&1 || echo "no python h5py here"
import h5py, glob, statistics as st, os
out=os.environ['OUT']
for v in ('calib','euro','calibP','euroP'):
    rows={}
    for fn in glob.glob(f'{out}/r-{v}-*.h5'):
        t=h5py.File(fn,'r')['timings'][:]
        for r in t: rows.setdefault(r['phase'].decode(),[]).append(r['seconds']*1e3)
    print('cold', v, ' '.join(f'{k}={st.median(x):.3f}' for k,x in rows.items() if k in ('config','setup','simulate','write','total')))
for v in ('calib','euro','calibP','euroP'):
    r=h5py.File(f'{out}/sw-{v}.h5','r')['runs'][:]
    print('warm', v, ' '.join(f'{k}={st.median([x[k] for x in r])*1e3:.3f}' for k in ('config','setup','simulate','write','total')))
PY
tar -czf $OUT/exp.tgz -C $OUT $(cd $OUT && ls *.h5) && rm -f $OUT/*.h5
