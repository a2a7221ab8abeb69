#!/bin/bash
# H200, session 20, call 9: full calibrate with the sparse walks, then Asian jobs that watch a
# share of their steps (GPU warm, 1e4 to 1e7 paths, 3 repeats).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -1 $OUT/calibrate.log
grep -E "kernels measured" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/as
sw() { local name=$1 cfg=$2; shift 2
  $M sweep configs/$cfg.ini --paths 1e4:1e7 --backend gpu --mode warm --repeat 3 -q "$@" -o $OUT/as/$name.h5 || echo "$name failed"; }
sw geo-52-260 asian --set option.average=geometric --set option.fixings=52 --set simulation.steps=260
sw ari-12-252 asian --set simulation.steps=252
sw ari-4-256 asian --set option.fixings=4 --set simulation.steps=256
sw bach-12-252 bachelier --set simulation.steps=252
sw bach-50-100 bachelier --set option.fixings=50 --set simulation.steps=100
sw merton-12-252 merton --set option.payoff=asian --set option.fixings=12 --set simulation.steps=252
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/as.tgz -C $OUT as; rm -rf $OUT/as
