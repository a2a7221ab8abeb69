#!/bin/bash
# H200, session 24, call 5: how much of a run's log write is its fsync, and how much it varies:
# warm CPU sweeps of 1000 paths with fsync and with fsync made a no-op (LD_PRELOAD), interleaved,
# in $TMPDIR (the sweep's own folder) and in the working directory's disk.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
cp .vprof/nofsync.so /tmp/nofsync.so
df -h /tmp . | tail -2; mount | grep -E ' / | /tmp ' | head
for round in 1 2 3; do
  for v in fsync nofsync; do
    pre=""; [ $v = nofsync ] && pre="LD_PRELOAD=/tmp/nofsync.so"
    for where in tmp here; do
      d=/tmp; [ $where = here ] && d=$PWD/.vprof/tmpd && mkdir -p $d
      env $pre TMPDIR=$d $M sweep configs/european.ini --paths 1e3:1e3 --backend cpu --mode warm \
        --repeat 20 --threads 1 -o $OUT/s-$v-$where-$round.h5 > /dev/null 2>&1 || echo "sweep $v $where failed"
    done
  done
done
(cd $OUT && tar -czf s.tgz s-*.h5 && rm -f s-*.h5); ls $OUT
