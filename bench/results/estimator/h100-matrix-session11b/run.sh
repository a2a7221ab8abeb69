#!/bin/bash
# H100 x1, session 11, fifth call: as the first, with the one-wave runs in fresh processes
# and config_asset_s: calibrate, the single/auto matrix on all threads, then on one thread
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
.gpu/run mcsim --version | head -2
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h100.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|config phase|warning|pass" $OUT/calibrate.log | cut -c1-220
grep -E "one wave of" $OUT/calibrate.log | cut -c1-160
grep -E "walk.*basket|walk.*heston_european_1_single_philox|walk.*gbm_asian_1_single_philox" $OUT/calibrate.log | cut -c1-300
echo "t=$(( $(date +%s) - T0 ))"
timeout $(( 400 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $OUT/h100.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-250} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
left=$(( 470 - ($(date +%s) - T0) ))
if [ $left -gt 90 ]; then
  timeout $left bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve1 --profile $OUT/h100.ini \
     --steps "default 252" --precisions single --rngs auto --threads 1 --budget $(( left - 40 )) --cap 1 > $OUT/ve1.log 2>&1
  echo "ve1 rc=$? t=$(( $(date +%s) - T0 ))"
  sed -n '/^| config/,/^| all/p' $OUT/ve1/summary.md
  tar -czf $OUT/ve1.tgz -C $OUT ve1; rm -rf $OUT/ve1
fi
