#!/bin/bash
# H200, session 20, call 5: full calibrate, then held-out product parameters (Heston's branch
# share, Merton's jump rate, a barrier near the spot, a fixed-strike discrete lookback, a
# geometric Asian of 52 fixings), CPU (16 threads) and GPU, cold and warm, 1e4 to 1e7 paths.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -1 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/hp
sw() { local name=$1 cfg=$2; shift 2
  $M sweep configs/$cfg.ini --paths 1e4:1e7 --repeat 3 -q "$@" -o $OUT/hp/$name.h5 || echo "$name failed"
  echo "$name t=$(( $(date +%s) - T0 ))"; }
sw heston-xi1 heston --set model.xi=1.0 --set model.theta=0.09
sw heston-short heston --set model.kappa=4 --set model.v0=0.09 --set option.maturity=0.25
sw merton-l8 merton --set model.jump_intensity=8 --set simulation.steps=252
sw barrier-near barrier --set option.barrier=99 --set option.monitoring=discrete --set simulation.steps=252
sw lookback-fixed lookback --set option.strike_type=fixed --set option.strike=100 --set option.monitoring=discrete --set simulation.steps=52
sw asian-geo asian --set option.average=geometric --set option.fixings=52 --set simulation.steps=260
tar -czf $OUT/hp.tgz -C $OUT hp; rm -rf $OUT/hp
