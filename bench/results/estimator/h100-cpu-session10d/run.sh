#!/bin/bash
# H100 x1, session 10, fourth call: the CPU's fixed costs after the repeat-rule and one-thread-kind fixes:
# a CPU-only calibration, then cold/warm CPU sweeps of every config (default steps) on 1 and all threads
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
T0=$(date +%s)
.gpu/run mcsim calibrate --backend cpu -o $OUT/cpu.ini > $OUT/calibrate.log 2>&1; tail -1 $OUT/calibrate.log
grep -E "fixed costs|warning" $OUT/calibrate.log | cut -c1-200
awk '/^\[/{s=$0} /^(setup|write|other)_(cold|warm)(_thread)?_s /{print s, $0}' $OUT/cpu.ini
echo "t=$(( $(date +%s) - T0 ))"
timeout $(( 150 - ($(date +%s) - T0) )) bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/vc --profile $OUT/cpu.ini --backend cpu \
   --steps default --precisions single --rngs auto --threads "1 all" --budget 60 --cap 1 > $OUT/vc.log 2>&1
echo "vc rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/vc/summary.md
tar -czf $OUT/vc.tgz -C $OUT vc; rm -rf $OUT/vc
