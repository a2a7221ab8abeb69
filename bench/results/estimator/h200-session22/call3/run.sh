#!/bin/bash
# H200, session 22, call 3: calibrate, then the matrix (every config at its defaults, single,
# the default generator, all threads, 5 repeats, cold and warm) for offline validation with the
# H200's own profile and with the H200 derived from the catalogue's H100 reference.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
nproc; lscpu | grep -E "Model name|MHz" | head -3
timeout 520 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 330 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
tail -5 $OUT/ve.log
cat $OUT/m/summary.md 2>/dev/null | head -30
echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/m.tgz -C $OUT m; rm -rf $OUT/m
