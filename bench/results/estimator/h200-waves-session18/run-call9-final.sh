#!/bin/bash
# H200, session 18, call 6: calibrate (full, then --quick) with the narrow top point's walk (walk_narrow);
# the sweeps of call 3 are validated against it here.
cd "$(dirname "$0")/.."
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "cannot|kernels measured|warning" $OUT/calibrate.log | cut -c1-200
/usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q.ini > $OUT/q.log 2>&1; tail -2 $OUT/q.log
grep -E "kernels measured|warning" $OUT/q.log | cut -c1-200
