#!/bin/bash
# session 12 experiment: the basket's warp kernel, three forms in one module (MCSIM_EXP_WARP:
# 2 = previous, rows in registers; unset = factor in shared memory, slot loop; 3 = the same,
# unrolled), 64 assets, 252 steps, single, Philox, 1e7 and 1e8 paths, 3 interleaved rounds
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L
run() { # variant paths steps config
  env ${1//,/ } .gpu/run mcsim $4 --backend gpu -f json -q --no-log --paths $2 --set simulation.steps=$3 | \
    python3 -c "import json,sys; d=json.load(sys.stdin); print('$1', $2, $3, '$4', d['timings']['simulate'], repr(d['price']))"
}
for r in 1 2 3; do
  for v in MCSIM_EXP_WARP=2 MCSIM_EXP_WARP=0 MCSIM_EXP_WARP=3; do
    run $v 10000000 252 configs/basket.ini
    run $v 100000000 252 configs/basket.ini
  done
done | tee $OUT/exp_basket.txt
D=$(mktemp -d)
for N in 8 12 14 16 24 64; do
cat > $D/b$N.ini <<EOF
[model]
type = multi_gbm
assets = $N
spots = 100
volatilities = 0.2
rate = 0.03
correlation = 0.3
[option]
payoff = basket
type = call
strike = 100
maturity = 1
[simulation]
paths = 33554432
seed = 42
rng = philox
precision = single
EOF
done
for r in 1 2 3; do
 for N in 8 12 14 16 24 64; do
  for v in MCSIM_GPU_WARP_KERNEL=0 MCSIM_GPU_WARP_KERNEL=1,MCSIM_EXP_WARP=0 \
           MCSIM_GPU_WARP_KERNEL=1,MCSIM_EXP_WARP=3 MCSIM_GPU_WARP_KERNEL=1,MCSIM_EXP_WARP=2; do
   run $v 33554432 16 $D/b$N.ini
  done
 done
done > $OUT/exp_assets.txt
python3 - $OUT/exp_basket.txt $OUT/exp_assets.txt <<'EOF'
import sys, statistics as st, collections
for f in sys.argv[1:]:
    t = collections.defaultdict(list); pr = collections.defaultdict(set)
    for l in open(f):
        w = l.split()
        key = tuple(w[:-2]); t[key].append(float(w[-2])); pr[tuple(w[1:-2])].add(w[-1])
    for k in sorted(t):
        x = t[k]; print(" ".join(k), "median %.4f s spread %.0f%%" % (st.median(x), 100 * (max(x) - min(x)) / st.median(x)))
    print("prices equal across variants:", all(len(v) == 1 for v in pr.values()))
EOF
