#!/bin/bash
# H200, session 13, call 3: the estimator with the middle wide point (16 assets) of a
# linear-factor family; a full calibration of this machine (CPU and GPU); baskets of 16 to 64
# assets at 252 steps swept (GPU 1e4-1e6 paths, CPU 1e3-1e5; single, philox, all threads,
# 5 repeats) and validated against that profile (validate-*.txt); the same sweeps are judged
# without the middle point here afterwards (the profile without its mid_step keys).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernel multi_gbm_basket_1_single_philox|kernel multi_gbm_basket_1_double_philox" $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
D=$OUT/sw; mkdir -p $D
for N in 16 24 32 48 64; do
  sed -e "s/^assets = 64/assets = $N/" configs/basket.ini | python3 -c "
import sys, re
s = sys.stdin.read()
s = re.sub(r'spots = [^\[]*?\n(?=[a-z])', 'spots = 100\n', s, flags=re.S)
s = re.sub(r'volatilities = [^\[]*?\n(?=[a-z])', 'volatilities = 0.2\n', s, flags=re.S)
print(s)" > $D/basket$N.ini
  timeout 60 .gpu/run mcsim sweep $D/basket$N.ini --backend gpu --paths 1e4:1e6 --set simulation.steps=252 --set simulation.rng=philox --repeat 5 -o $D/gpu$N.h5 -q; echo "gpu $N rc=$?"
  timeout 60 .gpu/run mcsim sweep $D/basket$N.ini --backend cpu --paths 1e3:1e5 --set simulation.steps=252 --set simulation.rng=philox --repeat 5 -o $D/cpu$N.h5 -q; echo "cpu $N rc=$?"
  for b in gpu cpu; do .gpu/run mcsim validate $D/$b$N.h5 --profile $OUT/h200.ini > $D/validate-$b$N.txt 2>&1; grep -E "^  $b +(cold|warm) +simulate" $D/validate-$b$N.txt; done
  echo "t=$(( $(date +%s) - T0 ))"
done
tar -czf $OUT/sw.tgz -C $OUT sw; rm -rf $D
