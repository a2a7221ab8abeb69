#!/bin/bash
# H200, session 25, call 2: is a process's speed its vCPU's? Warm 1000-path CPU sweeps on one
# thread pinned to each vCPU (taskset), two interleaved rounds; the same unpinned; the MHz and
# steal time per vCPU.
cd "$(dirname "$0")/.."
[ -d .gpu ] || tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
grep MHz /proc/cpuinfo > $OUT/mhz.txt; cat /proc/stat | grep '^cpu' > $OUT/stat0.txt
mkdir -p $OUT/p
for round in 1 2; do
  for c in $(seq 0 15) u; do
    pre="taskset -c $c"; [ $c = u ] && pre=""
    $pre $M sweep configs/european.ini --paths 1e3:1e3 --backend cpu --threads 1 --mode warm --repeat 100 \
      -o $OUT/p/c$c-$round.h5 -q > /dev/null 2>&1 || echo "sweep $c failed"
  done
done
cat /proc/stat | grep '^cpu' > $OUT/stat1.txt
(cd $OUT && tar -czf p.tgz p && rm -rf p); ls $OUT
