#!/bin/bash
# H200, session 20, call 4: held-out step counts and thread count through issue 28's matrix
# script with call 3's profile: 60 and 1020 steps, 4 CPU threads, six configs.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
bench/validate_estimator.sh $PWD/$M $OUT/ve4 --profile $PWD/.vprof/h200-s20c3.ini --configs "european asian lookback heston barrier merton" \
  --steps "60 1020" --precisions single --rngs auto --threads 4 --budget 240 --cap 1 > $OUT/ve4.log 2>&1
tail -3 $OUT/ve4.log; echo "t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/ve4.tgz -C $OUT ve4; rm -rf $OUT/ve4
