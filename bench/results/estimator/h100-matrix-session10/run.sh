#!/bin/bash
# H100 x1, session 10: the GPU checks on this bundle, calibrate, then the single/auto/all-threads matrix (as session 8)
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
OUT=$OUT bash tests/gpu_device_check.sh .gpu > $OUT/check.txt 2>&1; echo "check rc=$? t=$(( $(date +%s) - T0 ))"
grep -E "ALL OK|FAILED|SUMMARY" $OUT/check.txt | tail -5
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h100.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "fixed costs|warning|pass" $OUT/calibrate.log | cut -c1-200
awk '/^\[/{s=$0} /^(setup|write|teardown|other|process)_(cold|warm)(_thread)?_s /{print s, $0}' $OUT/h100.ini
echo "t=$(( $(date +%s) - T0 ))"
timeout $(( 520 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $OUT/h100.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-250} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
for v in $OUT/ve/validate-european-default-single-auto-t16.txt $OUT/ve/validate-asian-252-single-auto-t16.txt; do
  echo "== $v"; grep -E "^  (cpu|gpu) +(cold|warm) +(simulate|total|write|setup) " $v
done
rm -f $OUT/ve/sweep-*.h5
