#!/bin/bash
# H200, session 23, call 3: why the sweeps' cheap CPU kernels run 1.3-1.8x slower than calibrate
# measured them (16 threads, every machine of sessions 22-23): the same kernel in calibrate, in a
# sweep at calibrate's size and larger, in a pilot, in fresh runs, and at 1-16 threads.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
C=configs/european.ini
lscpu | grep -E 'Model name|Thread|Core|Socket|NUMA|MHz|L2|L3' > $OUT/lscpu.txt; cat $OUT/lscpu.txt
timeout 90 $M calibrate --backend cpu -o $OUT/c1.ini > $OUT/c1.log 2>&1; echo "calibrate rc=$? t=$(( $(date +%s) - T0 ))"
grep -E 'kernel gbm_european_1_single_philox:|16 threads: parallel|one wave of 16' $OUT/c1.log | cut -c1-200
export MCSIM_PROFILE=$OUT/c1.ini
timeout 120 $M sweep $C --paths 1e7:1e9 --backend cpu --repeat 3 -q -o $OUT/a.h5; echo "sweep a rc=$?"
timeout 60 $M sweep $C --paths 67108864 --backend cpu --mode warm --repeat 5 -q -o $OUT/b.h5; echo "sweep b rc=$?"
timeout 60 $M estimate $C --paths 1e9 --pilot 1 --backend cpu --format json > $OUT/pilot.json 2> $OUT/pilot.err; echo "pilot rc=$?"
for t in 16 8 4 2 1; do
  timeout 60 $M sweep $C --paths 1e8 --backend cpu --mode warm --repeat 3 --threads $t -q -o $OUT/t$t.h5; echo "threads $t rc=$?"
done
timeout 60 $M sweep $C --paths 1e8 --backend cpu --mode warm --repeat 3 --set simulation.steps=256 --set simulation.paths=1 -q -o $OUT/s256.h5 2>&1 | tail -1
timeout 60 $M sweep $C --paths 4e5 --backend cpu --mode warm --repeat 3 --set simulation.steps=256 -q -o $OUT/s256.h5; echo "s256 rc=$?"
timeout 90 $M calibrate --backend cpu -o $OUT/c2.ini > $OUT/c2.log 2>&1; echo "calibrate 2 rc=$? t=$(( $(date +%s) - T0 ))"
grep -E 'kernel gbm_european_1_single_philox:|16 threads: parallel|one wave of 16' $OUT/c2.log | cut -c1-200
echo "t=$(( $(date +%s) - T0 ))"
