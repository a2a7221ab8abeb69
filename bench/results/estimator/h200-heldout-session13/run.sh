#!/bin/bash
# H200, session 13: the GPU checks on this bundle; the host's CPU calibrated (calibrate
# --backend cpu); the single/auto matrix on all threads, judged with the H200 predicted from
# the H100 calibration of session 12 (profiles/h100-reference.ini, the catalogue's h200
# scaled from it by spec ratios) and the host's CPU profile: issue 28's held-out H200.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
OUT=$OUT bash tests/gpu_device_check.sh .gpu > $OUT/check.txt 2>&1; echo "check rc=$? t=$(( $(date +%s) - T0 ))"
grep -E "ALL OK|FAILED|SUMMARY" $OUT/check.txt | tail -5
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate --backend cpu -o $OUT/host.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
.gpu/run mcsim estimate configs/european.ini --cpu $OUT/host.ini --gpu h200 2>&1 | head -12
echo "t=$(( $(date +%s) - T0 ))"
VALIDATE_ARGS="--profile $PWD/profiles/h100-reference.ini --cpu $OUT/host.ini --gpu h200" \
timeout $(( 540 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $PWD/profiles/h100-reference.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-230} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
