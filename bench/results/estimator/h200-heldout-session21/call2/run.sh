#!/bin/bash
# (.vprof/heldout/ held the held-out configs, kept here in call1/configs/; .vprof/ is not tracked)
# H200, session 21, call 2: full calibrate, then CPU warm simulate of six kernels at 1, 4, 6, 16
# threads (>= 8 waves of 65536-path blocks a run), 3 rounds interleaved, 3 repeats a sweep.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
cp .vprof/heldout/*.ini configs/
lscpu | grep -E "Model name|Thread|Core|Socket|MHz" ; nproc
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/th
P="european:16777216 ho_bachelier_euro:8388608 ho_asian_geo_float:1048576 ho_lookback_put:524288 ho_basket8:262144 ho_heston_xi:262144"
for round in 1 2 3; do
  case $round in 1) TL="1 4 6 16";; 2) TL="16 6 4 1";; 3) TL="6 1 16 4";; esac
  for cp in $P; do c=${cp%%:*}; p1=${cp##*:}
    for T in $TL; do
      $M sweep configs/$c.ini --paths $((p1 * T)) --backend cpu --mode warm --repeat 3 --threads $T \
        --set simulation.precision=single --set simulation.rng=pcg64 -q -o $OUT/th/$c-t$T-r$round.h5 || echo "fail $c $T"
    done
  done
  echo "round $round t=$(( $(date +%s) - T0 ))"
done
tar -czf $OUT/th.tgz -C $OUT th; rm -rf $OUT/th
