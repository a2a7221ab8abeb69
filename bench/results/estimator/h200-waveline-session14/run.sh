#!/bin/bash
# H200, session 14, call 2: the bundle of the one-wave line (wave + wave_fixed_us); this machine calibrated
# whole (CPU and GPU) and the single/auto matrix on all threads judged against that profile:
# issue 28's matrix with the H200 calibrated as the H100 would be (not held out).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep "one wave of" $OUT/calibrate.log | cut -c1-250; echo "t=$(( $(date +%s) - T0 ))"
timeout 400 bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $OUT/h200.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-230} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
