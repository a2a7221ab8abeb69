#!/bin/bash
# H200, session 21, call 7: the final bundle (bae40d5): two `calibrate --quick` for its time.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
for i in 1 2; do
  /usr/bin/time -f "quick $i wall %e s" .gpu/bin/mcsim calibrate --quick -o $OUT/q$i.ini > $OUT/q$i.log 2>&1; tail -1 $OUT/q$i.log
  grep -E "kernels measured" $OUT/q$i.log | cut -c1-90
done
