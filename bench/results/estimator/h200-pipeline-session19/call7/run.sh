#!/bin/bash
# H200, session 19, call 7: calibrate with the review's mends (a fit point whose work is 90% walk
# or more is not rescaled by the refit; the Asian's fixing test never divides by a 0 stride);
# its profile is judged here against call 2's sweeps (compare.py).
cd "$(dirname "$0")/.."
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
