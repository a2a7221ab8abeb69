#!/bin/bash
# H200, session 21, call 8: the final bundle (b18ec5b): full calibrate, the narrow walks' line,
# five held-out per-thread sweeps against that profile, then tests/gpu_device_check.sh.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
mkdir -p $OUT/mc
for a in 4 7 10; do for q in single double; do
  $M sweep configs/best_of.ini --paths 1000:10000000 --backend gpu --mode warm --repeat 3 --set simulation.precision=$q \
    --set simulation.rng=philox --set simulation.steps=1 --set model.assets=$a --set model.spots=100 \
    --set model.volatilities=0.25 --set model.dividends=0 -q -o $OUT/mc/best_of$a-1-$q.h5 || echo "fail $a $q"
done; done
echo "t=$(( $(date +%s) - T0 ))"
timeout 200 tests/gpu_device_check.sh .gpu > /dev/null 2>&1; echo "gpu_device_check rc=$? t=$(( $(date +%s) - T0 ))"
tail -1 $OUT/gpu_check.log
tar -czf $OUT/mc.tgz -C $OUT mc; rm -rf $OUT/mc
