#!/bin/bash
# H200, session 22, call 1: the shell test suites with the GPU build's mcsim on a machine with a GPU.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
$M --version | head -5
mkdir -p $OUT/t
for t in estimator_cli cli estimator_roundtrip validate_estimator shard checkpoint golden fault damage; do
  s=$(date +%s)
  timeout 240 tests/${t}_test.sh $M > $OUT/t/$t.log 2>&1; rc=$?
  echo "$t rc=$rc $(( $(date +%s) - s )) s; $(grep -c '^not ok' $OUT/t/$t.log) not ok, $(grep -c '# SKIP' $OUT/t/$t.log) skipped"
  grep -A6 '^not ok' $OUT/t/$t.log | cut -c1-400 | head -40
  [ $(( $(date +%s) - T0 )) -gt 520 ] && { echo "time up"; break; }
done
tar -czf $OUT/t.tgz -C $OUT t; rm -rf $OUT/t
echo "t=$(( $(date +%s) - T0 ))"
