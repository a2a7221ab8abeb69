#!/bin/bash
# H200, session 23, call 2: the bundle with the team-up region kept: calibrate, the matrix at
# defaults (as call 1), then a second CPU calibration and block-size diagnostics on heston and
# european (is the sweeps' CPU slower than calibrate's because of the host or of the run's shape?).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
timeout 420 bench/validate_estimator.sh $M $OUT/m --steps default --precisions single --rngs auto \
  --threads all --budget 230 --cap 1 --repeat 5 > $OUT/ve.log 2>&1; echo "validate_estimator rc=$?"
grep -E "one wave of|parallel eff|took|done in|kernels measured" $OUT/m/calibrate.log | cut -c1-200
sed -n '/^| config/,/^| all/p' $OUT/m/summary.md
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/d
timeout 60 $M calibrate --backend cpu -o $OUT/d/cpu2.ini > $OUT/d/cpu2.log 2>&1; echo "cpu calibrate 2 rc=$? t=$(( $(date +%s) - T0 ))"
for c in heston european; do
  for bs in 65536 4096; do
    timeout 60 $M sweep configs/$c.ini --paths 1e5:1e6 --backend cpu --repeat 3 -q \
      --set simulation.block_size=$bs -o $OUT/d/$c-bs$bs.h5; echo "$c bs $bs rc=$?"
  done
done
timeout 60 $M calibrate --backend cpu -o $OUT/d/cpu3.ini > $OUT/d/cpu3.log 2>&1; echo "cpu calibrate 3 rc=$? t=$(( $(date +%s) - T0 ))"
for f in $OUT/m/profile.ini $OUT/d/cpu2.ini $OUT/d/cpu3.ini; do
  grep -E "^(path|step)_ns\.(heston_european_0|gbm_european_1)_single_pcg64|^scaling|^wave" $f | tr '\n' ' '; echo
done
tar -czf $OUT/m.tgz -C $OUT m d; rm -rf $OUT/m $OUT/d
echo "t=$(( $(date +%s) - T0 ))"
