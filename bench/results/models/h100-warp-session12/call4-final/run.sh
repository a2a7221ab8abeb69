#!/bin/bash
# session 12, final bundle: device check; calibrate (the new warp kernel's costs); baskets of
# 16, 32 and 64 assets swept and validated against that profile (16 threads, single, philox)
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; nproc; lscpu | grep "Model name"
T0=$(date +%s)
timeout 200 bash tests/gpu_device_check.sh .gpu > /tmp/check.txt 2>&1; echo "check rc=$?"; tail -3 /tmp/check.txt
echo "t=$(( $(date +%s) - T0 ))"
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate -o $OUT/h100.ini > $OUT/calibrate.log 2>&1; tail -3 $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
D=$(mktemp -d)
for N in 16 32 64; do
  sed -e "s/^assets = 64/assets = $N/" configs/basket.ini | python3 -c "
import sys, re
s = sys.stdin.read()
# the lists cut to N entries (a one-entry list applies to every asset)
s = re.sub(r'spots = [^\[]*?\n(?=[a-z])', 'spots = 100\n', s, flags=re.S)
s = re.sub(r'volatilities = [^\[]*?\n(?=[a-z])', 'volatilities = 0.2\n', s, flags=re.S)
print(s)" > $D/basket$N.ini
  timeout 150 .gpu/run mcsim sweep $D/basket$N.ini --paths 1e4:1e6 --set simulation.steps=252 --repeat 5 -o $D/b$N.h5 -q
  echo "sweep $N rc=$?"
  echo "=== basket, $N assets, 252 steps" >> $OUT/validate.txt
  .gpu/run mcsim validate $D/b$N.h5 --profile $OUT/h100.ini >> $OUT/validate.txt 2>&1
  echo "t=$(( $(date +%s) - T0 ))"
done
timeout 170 python3 bench/bench_models.py --gpu --no-cpu --gpu-paths 1000000000 --mcsim ".gpu/run mcsim" --out-dir $OUT/bm > /tmp/bm.txt 2>&1; echo "bm rc=$?"; tail -22 /tmp/bm.txt
echo "t=$(( $(date +%s) - T0 ))"
