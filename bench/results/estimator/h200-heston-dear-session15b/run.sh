#!/bin/bash
# H200, session 15, call 2: Heston's dear branch (QE's exponential branch) on both backends:
# calibrate (the Heston kernels at their dear point too), then warm sweeps of configs/heston.ini
# at xi = 0.3, 0.5, 1, 2 on the CPU (all threads) and the GPU, validated against the profile.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi -L; nproc
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep "heston_european_1_single" $OUT/calibrate.log | cut -c1-300
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/xi
for xi in 0.3 0.5 1 2; do
  $M sweep configs/heston.ini --set model.xi=$xi --paths 1e4:1e6 --backend cpu --mode warm --repeat 3 -o $OUT/xi/cpu-$xi.h5 -q
  $M sweep configs/heston.ini --set model.xi=$xi --paths 1e6:1e8 --backend gpu --mode warm --repeat 3 -o $OUT/xi/gpu-$xi.h5 -q
  for b in cpu gpu; do
    $M validate $OUT/xi/$b-$xi.h5 --profile $OUT/h200.ini > $OUT/xi/validate-$b-$xi.txt 2>&1
    echo "== xi=$xi $b"; grep -E "warm +simulate|warm +total" $OUT/xi/validate-$b-$xi.txt
  done
  $M estimate configs/heston.ini --set model.xi=$xi --paths 1e6 --profile $OUT/h200.ini --format json -q > $OUT/xi/est-$xi.json
  python3 -c "import json; d=json.load(open('$OUT/xi/est-$xi.json')); print('xi=$xi', d['dear_share'])"
  echo "t=$(( $(date +%s) - T0 ))"
done
tar -czf $OUT/res.tgz -C $OUT h200.ini calibrate.log xi; rm -rf $OUT/xi
