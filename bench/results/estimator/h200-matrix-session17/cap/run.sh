#!/bin/bash
# H200, session 17, call 5: the full calibration twice, timed against the 90 s cap, with the
# GPU kernels' extra-round budget at 8 s and no extra round after 55 s (estimator/calibrate.c).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
for r in 1 2; do
  /usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200-$r.ini > $OUT/calibrate-$r.log 2>&1; tail -1 $OUT/calibrate-$r.log
  grep -E "kernels measured|warning|note" $OUT/calibrate-$r.log | cut -c1-160
done
