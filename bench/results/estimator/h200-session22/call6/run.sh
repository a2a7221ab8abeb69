#!/bin/bash
# H200, session 22, call 6: a third sample of the H200 predicted from the H100 reference: this host's
# CPU calibrated (calibrate --backend cpu), the matrix at defaults planned with h100-reference.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
mkdir -p $OUT/m6
$M calibrate --backend cpu -o $OUT/m6/cpu.ini > $OUT/m6/calibrate.log 2>&1; echo "calibrate rc=$? t=$(( $(date +%s) - T0 ))"
timeout 140 bench/validate_estimator.sh $M $OUT/m6/ve --profile h100-reference --steps default --precisions single \
  --rngs auto --threads all --budget 100 --cap 0.5 --repeat 5 > $OUT/m6/ve.log 2>&1; echo "validate_estimator rc=$? t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/m6.tgz -C $OUT m6; rm -rf $OUT/m6
echo "t=$(( $(date +%s) - T0 ))"
