#!/bin/bash
# H200, session 23, call 8: the one-block chunk start s1 (dec418a): calibrate the CPU, then CPU sweeps
# of four configs from 1e3 to 1e6 paths (one block at 1e3 and 1e4), cold and warm.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
mkdir -p $OUT/s
timeout 100 $M calibrate --backend cpu -o $OUT/s/cpu.ini > $OUT/s/cpu.log 2>&1; echo "calibrate rc=$? t=$(( $(date +%s) - T0 ))"
grep -E '^chunk_start' $OUT/s/cpu.ini
for c in european digital merton asian; do
  timeout 40 $M sweep configs/$c.ini --paths 1e3:1e6 --backend cpu --repeat 5 --set simulation.rng=auto -q -o $OUT/s/$c.h5; echo "$c rc=$?"
done
tar -czf $OUT/s.tgz -C $OUT s; rm -rf $OUT/s
echo "t=$(( $(date +%s) - T0 ))"
