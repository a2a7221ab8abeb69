#!/bin/bash
# H200, session 19, call 1: calibrate (full, then --quick) with the GPU's size curve a
# pipeline (walk + (j - 1) blocks, estimator/model.c launch_waves) and each kernel's costs
# fitted again through its own walks (calibrate_kernels.c measure_walks); then the wave
# sweeps and held-out warm GPU sweeps of session 18 (run-call6-sweeps.sh) again.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "cannot|kernels measured|warning" $OUT/calibrate.log | cut -c1-200
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -2 $OUT/q.log
echo "t=$(( $(date +%s) - T0 ))"
U=$((132 * 65536))
mkdir -p $OUT/sw $OUT/ho; C=configs
run() { name=$1; cfg=$2; shift 2
  $M sweep $C/$cfg.ini --paths $((U/4)):$((U*16)):2 --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name-a.h5 -q "$@" 2>$OUT/sw/$name-a.err
  $M sweep $C/$cfg.ini --paths $((U*3)):$((U*24)):2 --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name-b.h5 -q "$@" 2>$OUT/sw/$name-b.err
}
B="--set model.spots=100 --set model.volatilities=0.25"
run eur1 european
run eur64 european --set simulation.steps=64
run asian64 asian --set simulation.steps=64 --set option.fixings=64
run asian64_mrg asian --set simulation.steps=64 --set option.fixings=64 --set simulation.rng=mrg32k3a
run asian64_dbl asian --set simulation.steps=64 --set option.fixings=64 --set simulation.precision=double
run heston64 heston --set simulation.steps=64
run spread_s50 best_of --set model.assets=2 $B --set model.dividends=0 --set option.payoff=spread --set simulation.steps=50
run basket4_s52 basket --set model.assets=4 $B --set simulation.steps=52
run basket8_s16 basket --set model.assets=8 $B --set simulation.steps=16
run bestof2_s252 best_of --set simulation.steps=252
echo "waves t=$(( $(date +%s) - T0 ))"
ho() { name=$1; cfg=$2; paths=$3; shift 3
  $M sweep $C/$cfg.ini --paths $paths --backend gpu --mode warm --repeat 3 -o $OUT/ho/$name.h5 -q "$@" 2>$OUT/ho/$name.err
}
ho heston252_dbl heston 1e6:1e8 --set simulation.steps=252 --set simulation.precision=double
ho heston100_sobol heston 1e6:1e8 --set simulation.steps=100 --set simulation.rng=sobol
ho merton252 merton 1e6:1e9 --set simulation.steps=252
ho lookback252_mrg lookback 1e6:1e8 --set simulation.steps=252 --set simulation.rng=mrg32k3a
ho barrier252_dbl barrier 1e6:1e9 --set simulation.steps=252 --set simulation.precision=double
ho asian252 asian 1e6:1e9 --set simulation.steps=252
ho digital12_sobol digital 1e6:1e9 --set simulation.steps=12 --set simulation.rng=sobol
ho basket10_s30 basket 1e6:1e8 --set model.assets=10 $B --set simulation.steps=30
ho worstof5_s100_sobol best_of 1e6:1e8 --set model.assets=5 $B --set model.dividends=0 --set option.payoff=worst_of --set simulation.steps=100 --set simulation.rng=sobol
ho bestof3_s12 best_of 1e6:1e9 --set model.assets=3 $B --set model.dividends=0 --set simulation.steps=12
echo "held-out t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/res.tgz -C $OUT sw ho; rm -rf $OUT/sw $OUT/ho
