#!/bin/bash
# H200 host, session 19, call 4: the CPU's Heston at 252 steps ran 1.4-1.9x slower in the
# matrix's sweeps than calibrate's kernel cost said (call 2), the European within 6%. Here:
# calibrate the CPU, then warm CPU sweeps of both at 252 steps by block size and threads,
# and again after (the host's drift), to tell the run's shape from the moment.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
grep -m1 "model name" /proc/cpuinfo; nproc
mkdir -p $OUT/cs; C=configs
sw() { tag=$1; shift; $M sweep "$@" --backend cpu --mode warm --repeat 5 -o $OUT/cs/$tag.h5 -q 2>$OUT/cs/$tag.err; }
pass() { p=$1
  for cfg in heston european; do
    for bs in 1024 8192 65536; do
      sw $cfg-t16-b$bs-$p $C/$cfg.ini --set simulation.steps=252 --set simulation.block_size=$bs --paths 2e6 --threads 16
    done
    sw $cfg-t1-b65536-$p $C/$cfg.ini --set simulation.steps=252 --paths 65536 --threads 1
    sw $cfg-t1-b1024-$p $C/$cfg.ini --set simulation.steps=252 --set simulation.block_size=1024 --paths 65536 --threads 1
  done
}
pass 1
echo "pass 1 t=$(( $(date +%s) - T0 ))"
/usr/bin/time -f "calibrate cpu wall %e s" $M calibrate --backend cpu -o $OUT/cpu.ini > $OUT/cpu.log 2>&1; tail -1 $OUT/cpu.log
grep -E "kernel (heston|gbm)_european_1_single_pcg64|efficiency|one wave of 16" $OUT/cpu.log | cut -c1-200
pass 2
echo "pass 2 t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/cs.tgz -C $OUT cs; rm -rf $OUT/cs
