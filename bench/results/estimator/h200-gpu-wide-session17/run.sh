#!/bin/bash
# H200, session 17, call 1: the GPU side of session 16's estimator points, first run on a GPU:
# test_gpu(_math), calibrate (full and --quick, timed against the 90 s / 15 s caps), then warm
# GPU sweeps of held-out multi-asset jobs (the middle point at 1 and 8 steps) and of Heston's
# Euler variant, each validated against the full profile; estimate's JSON for the Euler job.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi -L; nproc
.gpu/bin/test_gpu 2>&1 | tail -2
.gpu/bin/test_gpu_math 2>&1 | tail -2
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -1 $OUT/q.log
grep -E "^(mid_path|mid_step|variant_step)_(ns|ps)\.[a-z_]*(basket|heston_european)[a-z_0-9]*single_philox" $OUT/h200.ini | head -20
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/sw; C=configs
run() { name=$1; cfg=$2; paths=$3; shift 3
  $M sweep $C/$cfg.ini --paths $paths --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name.h5 -q "$@" 2>$OUT/sw/$name.err
  $M validate $OUT/sw/$name.h5 --profile $OUT/h200.ini > $OUT/sw/$name.txt 2>&1
  echo "== $name"; grep -E "warm +(simulate|total)" $OUT/sw/$name.txt | head -4
}
B="--set model.spots=100 --set model.volatilities=0.25"
run basket4_s52 basket 1e5:1e8 --set model.assets=4 $B --set simulation.steps=52
run basket8_s52 basket 1e5:1e8 --set model.assets=8 $B --set simulation.steps=52
run basket13_s52 basket 1e5:1e8 --set model.assets=13 $B --set simulation.steps=52
run basket24_s20 basket 1e5:1e8 --set model.assets=24 $B --set simulation.steps=20
run basket32_s52 basket 1e5:1e7 --set model.assets=32 $B --set simulation.steps=52
run basket48_s12 basket 1e5:1e8 --set model.assets=48 $B --set simulation.steps=12
run basket64_s252 basket 1e5:1e7 --set model.assets=64 $B --set simulation.steps=252
run bestof3_s12 best_of 1e5:1e8 --set model.assets=3 $B --set model.dividends=0 --set simulation.steps=12
run worstof6_s20_dbl best_of 1e5:1e8 --set model.assets=6 $B --set model.dividends=0 --set option.payoff=worst_of --set simulation.steps=20 --set simulation.precision=double
run heston_euler_s252 heston 1e5:1e8 --set model.scheme=euler
run heston_euler_s50_dbl heston 1e5:1e8 --set model.scheme=euler --set simulation.steps=50 --set simulation.precision=double
run heston_qe_s50_dbl heston 1e5:1e8 --set simulation.steps=50 --set simulation.precision=double
$M estimate configs/heston.ini --set model.scheme=euler --paths 1e8 --profile $OUT/h200.ini --format json -q > $OUT/sw/est-euler.json
python3 -c "import json; d=json.load(open('$OUT/sw/est-euler.json')); print('euler variant', d.get('variant'))"
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/res.tgz -C $OUT h200.ini q.ini calibrate.log q.log sw; rm -rf $OUT/sw
