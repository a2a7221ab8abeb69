#!/bin/bash
# (.vprof/heldout/ held the held-out configs, kept here in call1/configs/; .vprof/ is not tracked)
# H200, session 21, call 3: full calibrate, then warm CPU simulate on all 16 threads against the
# number of waves (blocks of 16384 paths: W x 16 blocks, W = 1 .. 128), 5 interleaved repeats.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
cp .vprof/heldout/*.ini configs/
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/wv
W1=262144  # one wave: 16 threads x 16384
for round in 1 2; do
for cp in european:128 ho_asian_geo_float:128 ho_basket8:32 ho_heston_xi:16 ho_lookback_put:16; do
  c=${cp%%:*}; w=${cp##*:}
  $M sweep configs/$c.ini --paths $W1:$((W1 * w)):2 --backend cpu --mode warm --repeat 5 \
    --set simulation.precision=single --set simulation.rng=pcg64 --set simulation.block_size=16384 \
    -q -o $OUT/wv/$c-r$round.h5 || echo "fail $c"
  echo "$c t=$(( $(date +%s) - T0 ))"
done; done
tar -czf $OUT/wv.tgz -C $OUT wv; rm -rf $OUT/wv
