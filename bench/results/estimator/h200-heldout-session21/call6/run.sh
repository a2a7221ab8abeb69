#!/bin/bash
# H200, session 21, call 6: the GPU checks of this session's bundle: tests/gpu_device_check.sh,
# then tests/estimator_cli_test.sh and tests/cli_test.sh with the bundle's mcsim (a GPU present),
# and one `calibrate --quick` for its time.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
timeout 280 tests/gpu_device_check.sh .gpu > /dev/null 2>&1; echo "gpu_device_check rc=$? t=$(( $(date +%s) - T0 ))"
cp $OUT/gpu_check.log $OUT/ 2>/dev/null; tail -3 $OUT/gpu_check.log
/usr/bin/time -f "quick wall %e s" .gpu/bin/mcsim calibrate --quick -o $OUT/quick.ini > $OUT/quick.log 2>&1; tail -1 $OUT/quick.log
echo "t=$(( $(date +%s) - T0 ))"
timeout 200 tests/estimator_cli_test.sh $PWD/.gpu/bin/mcsim > $OUT/estimator_cli.log 2>&1; echo "estimator_cli rc=$? t=$(( $(date +%s) - T0 ))"
grep -E "^not ok|^# [0-9]+ passed" $OUT/estimator_cli.log | head
