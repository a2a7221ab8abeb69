#!/bin/bash
# H200, session 20, call 8: calibrate --quick twice with HEAD (its time; its inferred multi-asset kernels
# scaled by their measured time at their point).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
for i in 1 2; do /usr/bin/time -f "quick wall %e s" $M calibrate --quick -o $OUT/q$i.ini > $OUT/q$i.log 2>&1; tail -1 $OUT/q$i.log; done
