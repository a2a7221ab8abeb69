#!/bin/bash
# H200, session 25, call 3: is the two-level speed of a warm run per process (layout) or per
# moment? 20 interleaved rounds of warm 1000-path CPU sweeps on one thread: ASLR on, ASLR off
# (setarch -R), malloc on huge pages (glibc.malloc.hugetlb=1); then 3 long sweeps (2000 runs)
# whose run-by-run series shows whether a process changes level.
cd "$(dirname "$0")/.."
[ -d .gpu ] || tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
cat /sys/kernel/mm/transparent_hugepage/enabled > $OUT/thp.txt 2>&1
mkdir -p $OUT/a
for round in $(seq 1 20); do
  for v in aslr noaslr huge; do
    case $v in
      aslr) pre="";; noaslr) pre="setarch x86_64 -R";; huge) pre="env GLIBC_TUNABLES=glibc.malloc.hugetlb=1";;
    esac
    $pre $M sweep configs/european.ini --paths 1e3:1e3 --backend cpu --threads 1 --mode warm --repeat 50 \
      -o $OUT/a/$v-$round.h5 -q > /dev/null 2>&1 || echo "sweep $v failed"
  done
done
for i in 1 2 3; do
  $M sweep configs/european.ini --paths 1e3:1e3 --backend cpu --threads 1 --mode warm --repeat 2000 \
    -o $OUT/a/long-$i.h5 -q > /dev/null 2>&1 || echo "long sweep failed"
done
(cd $OUT && tar -czf a.tgz a && rm -rf a); ls $OUT
