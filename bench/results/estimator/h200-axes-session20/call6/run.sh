#!/bin/bash
# H200, session 20, call 6: full calibrate with the per-thread families' narrow points, then held-out GPU warm sweeps of
# per-thread multi-asset jobs (double; MRG32k3a single) at asset counts calibrate never ran.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-160
echo "t=$(( $(date +%s) - T0 ))"
list() { # N VALUE FIRST: N comma-separated values, 8 a line
  local i; printf "%s" "$3"; for i in $(seq 2 $1); do
    if [ $(( (i - 1) % 8 )) -eq 0 ]; then printf ",\n    %s" "$2"; else printf ", %s" "$2"; fi; done; echo; }
mkdir -p $OUT/mc
for a in 3 5 9 12 24; do for pay in basket worst_of; do
  { echo "[model]"; echo "type = multi_gbm"; echo "assets = $a"
    printf "spots = "; list $a 100 100; printf "volatilities = "; list $a 0.25 0.2
    echo "rate = 0.03"; echo "correlation = 0.3"; echo; echo "[option]"; echo "payoff = $pay"
    echo "type = call"; echo "strike = 100"; echo "maturity = 1"; echo; echo "[simulation]"
    echo "paths = 1000"; echo "seed = 42"; echo "rng = philox"; echo "precision = double"; } > $OUT/mc/$pay$a.ini
  [ $pay = worst_of ] && [ $a != 5 ] && [ $a != 12 ] && continue
  for st in 16 252; do
    $M sweep $OUT/mc/$pay$a.ini --paths 1e3:1e6 --backend gpu --mode warm --repeat 3 -q \
      --set simulation.steps=$st -o $OUT/mc/$pay$a-$st-double.h5
    $M sweep $OUT/mc/$pay$a.ini --paths 1e3:1e6 --backend gpu --mode warm --repeat 3 -q \
      --set simulation.steps=$st --set simulation.precision=single --set simulation.rng=mrg32k3a -o $OUT/mc/$pay$a-$st-mrg.h5
  done
  echo "$pay $a t=$(( $(date +%s) - T0 ))"
done; done
tar -czf $OUT/mc.tgz -C $OUT mc; rm -rf $OUT/mc
