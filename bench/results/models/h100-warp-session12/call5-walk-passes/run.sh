#!/bin/bash
# session 12, the walk in passes: calibrate, then baskets of 16 and 64 assets swept and validated
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L
T0=$(date +%s)
.gpu/run mcsim calibrate -o $OUT/h100.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep "kernel multi_gbm_basket_1_single_philox" $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
D=$(mktemp -d)
for N in 64 16; do
  sed -e "s/^assets = 64/assets = $N/" configs/basket.ini | python3 -c "
import sys, re
s = sys.stdin.read()
s = re.sub(r'spots = [^\[]*?\n(?=[a-z])', 'spots = 100\n', s, flags=re.S)
s = re.sub(r'volatilities = [^\[]*?\n(?=[a-z])', 'volatilities = 0.2\n', s, flags=re.S)
print(s)" > $D/basket$N.ini
  timeout 120 .gpu/run mcsim sweep $D/basket$N.ini --paths 1e4:1e6 --set simulation.steps=252 --repeat 5 -o $D/b$N.h5 -q
  echo "=== basket, $N assets, 252 steps" >> $OUT/validate.txt
  .gpu/run mcsim validate $D/b$N.h5 --profile $OUT/h100.ini >> $OUT/validate.txt 2>&1
  echo "t=$(( $(date +%s) - T0 ))"
done
grep -E "===|gpu .*simulate|all   all" $OUT/validate.txt
