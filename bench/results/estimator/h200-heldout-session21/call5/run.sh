#!/bin/bash
# H200, session 21, call 5: full calibrate (narrow pairs, a753e90), then GPU warm sweeps of
# per-thread multi-asset jobs (3-12 assets, 1/16/252 steps, single and double), 10^3-10^6 paths.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-200
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/mc
run() { # name cfg sets...
  local name=$1 cfg=$2; shift 2
  $M sweep configs/$cfg.ini --paths 1000:1000000 --backend gpu --mode warm --repeat 3 "$@" \
    -q -o $OUT/mc/$name.h5 2>>$OUT/mc/err.txt || echo "fail $name"
}
for cfg in basket best_of; do for a in 3 5 9 12; do for s in 1 16 252; do for q in single double; do
  run $cfg$a-$s-$q $cfg --set simulation.precision=$q --set simulation.rng=philox --set simulation.steps=$s \
    --set model.assets=$a --set model.spots=100 --set model.volatilities=0.25 --set model.dividends=0
done; done; done; echo "$cfg t=$(( $(date +%s) - T0 ))"; done
for s in 1 16; do for q in single double; do
  run worst_of5-$s-$q best_of --set option.payoff=worst_of --set simulation.precision=$q --set simulation.rng=philox \
    --set simulation.steps=$s --set model.assets=5 --set model.spots=100 --set model.volatilities=0.25 --set model.dividends=0
done; done
for a in 5 9; do run basket$a-1-mrg basket --set simulation.precision=single --set simulation.rng=mrg32k3a \
  --set simulation.steps=1 --set model.assets=$a --set model.spots=100 --set model.volatilities=0.25; done
echo "all t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/mc.tgz -C $OUT mc; rm -rf $OUT/mc
