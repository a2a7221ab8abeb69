#!/bin/bash
# H200, session 19, call 5: --quick with its measured kernels' walks (the family's
# single-precision default-generator kernel; the inferred kernels take them scaled by the
# generators' ramps: calibrate_kernels.c infer_walks), twice for its time; then a full
# calibration (its refits now 8).
cd "$(dirname "$0")/.."
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
for i in 1 2; do
  /usr/bin/time -f "calibrate --quick wall %e s" $M calibrate --quick -o $OUT/q$i.ini > $OUT/q$i.log 2>&1; tail -2 $OUT/q$i.log
  grep -E "kernels measured|warning" $OUT/q$i.log | cut -c1-160
done
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
