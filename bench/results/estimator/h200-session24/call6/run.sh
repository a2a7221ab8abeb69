#!/bin/bash
# H200, session 24, call 6: the bundle of HEAD (sysinfo read once per process): the GPU checks
# again, then warm sweeps of european on both backends (1e3..1e5 paths, 10 repeats) for the phases.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
timeout 200 tests/gpu_device_check.sh .gpu > $OUT/check.out 2>&1; echo "gpu_device_check rc=$?"
grep -E '^=== result' /tmp/gpu_check.log
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
for b in cpu gpu; do
  $M sweep configs/european.ini --paths 1e3:1e5 --backend $b --mode warm --repeat 10 -o $OUT/w-$b.h5 > $OUT/w-$b.log 2>&1 || echo "sweep $b failed"
done
cp /tmp/gpu_check.log $OUT/
echo "t=$(( $(date +%s) - T0 ))"
