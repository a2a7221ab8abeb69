#!/bin/bash
# H200, session 17, call 3: the narrow points (the GPU's per-thread multi-asset kernel) and
# --quick's CPU sizing on its work: test_gpu(_math) after the warp kernel's ZRUN became
# MCS_WARP_SLOT_RUN, calibrate (full and --quick, timed), the quick profile's CPU kernels,
# then warm GPU sweeps of per-thread multi-asset jobs validated against the full profile.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi -L; nproc
.gpu/bin/test_gpu 2>&1 | tail -2
.gpu/bin/test_gpu_math 2>&1 | tail -1
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -2 $OUT/q.log
echo "quick CPU kernels at the timer's floor: $(grep -c '1e-06 ns per path' $OUT/q.log)"
grep -E "kernel gbm_european_0_single_pcg64|kernel multi_gbm_basket_1_single_philox" $OUT/calibrate.log $OUT/q.log | cut -c1-330
grep -E "^narrow(_top)?_step_ps\.multi_gbm_basket_1_single_(philox|sobol)" $OUT/h200.ini $OUT/q.ini
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/sw; C=configs
run() { name=$1; cfg=$2; paths=$3; shift 3
  $M sweep $C/$cfg.ini --paths $paths --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name.h5 -q "$@" 2>$OUT/sw/$name.err
  for p in h200 q; do
    $M validate $OUT/sw/$name.h5 --profile $OUT/$p.ini > $OUT/sw/$name-$p.txt 2>&1
    echo "== $name ($p)"; grep -E "warm +simulate" $OUT/sw/$name-$p.txt | head -1
  done
}
B="--set model.spots=100 --set model.volatilities=0.25"
run basket4_s52 basket 1e5:1e8 --set model.assets=4 $B --set simulation.steps=52
run basket8_s52 basket 1e5:1e8 --set model.assets=8 $B --set simulation.steps=52
run basket10_s30 basket 1e5:1e8 --set model.assets=10 $B --set simulation.steps=30
run basket13_s52 basket 1e5:1e8 --set model.assets=13 $B --set simulation.steps=52
run bestof3_s12 best_of 1e5:1e8 --set model.assets=3 $B --set model.dividends=0 --set simulation.steps=12
run worstof5_s100_sobol best_of 1e5:1e8 --set model.assets=5 $B --set model.dividends=0 --set option.payoff=worst_of --set simulation.steps=100 --set simulation.rng=sobol
run spread_s50 best_of 1e5:1e8 --set model.assets=2 $B --set model.dividends=0 --set option.payoff=spread --set simulation.steps=50
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/res.tgz -C $OUT h200.ini q.ini calibrate.log q.log sw; rm -rf $OUT/sw
