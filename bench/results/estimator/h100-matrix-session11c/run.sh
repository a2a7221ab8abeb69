#!/bin/bash
# H100 x1, session 11, sixth call: the fifth call's bundle again (one-wave runs in fresh
# processes), calibrate and the 16-thread matrix only, a smaller budget: is its 8% a draw?
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h100.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "one wave of" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
timeout $(( 290 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $OUT/h100.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-180} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
