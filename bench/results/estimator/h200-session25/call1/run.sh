#!/bin/bash
# H200, session 25, call 1: (1) all GPU checks of this tree (test_gpu incl. the exact Sobol copy
# assertion of 50038fe, compute-sanitizer, CLI); (2) does a run's log write depend on what the
# run left behind: warm 1000-path sweeps, CPU on 16 threads (libgomp's spinning team) with the
# default wait policy and with PASSIVE, CPU on 1 thread, GPU with default and PASSIVE; three
# configs, three interleaved rounds; the host's SMT layout.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
lscpu > $OUT/lscpu.txt; nproc >> $OUT/lscpu.txt
cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list >> $OUT/lscpu.txt 2>&1
( time tests/gpu_device_check.sh .gpu ) > $OUT/gpucheck.log 2>&1; echo "gpu check rc $?" >> $OUT/gpucheck.log
tail -3 $OUT/gpucheck.log
mkdir -p $OUT/w
for round in 1 2 3; do
  for cfg in european lookback heston; do
    for v in cpu16 cpu16p cpu1 gpu gpup; do
      case $v in
        cpu16) e="env -u OMP_WAIT_POLICY"; a="--backend cpu --threads 16";;
        cpu16p) e="env OMP_WAIT_POLICY=PASSIVE"; a="--backend cpu --threads 16";;
        cpu1) e="env -u OMP_WAIT_POLICY"; a="--backend cpu --threads 1";;
        gpu) e="env -u OMP_WAIT_POLICY"; a="--backend gpu";;
        gpup) e="env OMP_WAIT_POLICY=PASSIVE"; a="--backend gpu";;
      esac
      $e $M sweep configs/$cfg.ini --paths 1e3:1e3 $a --mode warm --repeat 100 \
        -o $OUT/w/$cfg-$v-$round.h5 -q > /dev/null 2>&1 || echo "sweep $cfg $v failed"
    done
  done
done
(cd $OUT && tar -czf w.tgz w && rm -rf w); ls $OUT
