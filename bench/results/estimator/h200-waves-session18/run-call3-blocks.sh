#!/bin/bash
# H200, session 18, call 2: the per-path cost at saturation against the block size (paths per
# thread): warm GPU sweeps at 2.1e8 and 5.2e7 paths, block_size 4096..65536, 3 repeats.
cd "$(dirname "$0")/.."
T0=$(date +%s)
[ -x .gpu/bin/mcsim ] || tar -xJf ${PACK:-.gpupack}/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
U=$((132 * 65536))
mkdir -p $OUT/bs; C=configs
B="--set model.spots=100 --set model.volatilities=0.25"
for bs in 4096 8192 16384 32768 65536; do
  for n in eur1:european eur64:european:--set:simulation.steps=64 spread_s50:best_of:--set:model.assets=2:--set:model.dividends=0:--set:option.payoff=spread:--set:simulation.steps=50:--set:model.spots=100:--set:model.volatilities=0.25 heston64:heston:--set:simulation.steps=64 asian64_mrg:asian:--set:simulation.steps=64:--set:option.fixings=64:--set:simulation.rng=mrg32k3a; do
    IFS=: read -r name cfg rest <<< "$n"; args=${rest//:/ }
    $M sweep $C/$cfg.ini --paths $((U*6)):$((U*24)):4 --backend gpu --mode warm --repeat 3 -o $OUT/bs/$name-$bs.h5 -q --set simulation.block_size=$bs $args 2>$OUT/bs/$name-$bs.err
  done
  echo "bs $bs t=$(( $(date +%s) - T0 ))"
done
tar -czf $OUT/bs.tgz -C $OUT bs; rm -rf $OUT/bs
