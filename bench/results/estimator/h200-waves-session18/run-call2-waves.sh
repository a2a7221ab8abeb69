#!/bin/bash
# H200, session 18, call 1: how a kernel's time grows with the blocks per SM (j = paths /
# (SMs x 65536)): warm GPU sweeps at j = 0.25..16 (x2) and 3..24 (x2), 3 repeats, for kernels
# of light and heavy per-path cost; then calibrate and validate each against that profile.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf ${PACK:-.gpupack}/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
nvidia-smi -L; nproc
SMS=132

U=$((SMS * 65536)); echo "SMs $SMS, one block per SM: $U paths"
mkdir -p $OUT/sw; C=configs
run() { name=$1; cfg=$2; shift 2
  $M sweep $C/$cfg.ini --paths $((U/4)):$((U*16)):2 --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name-a.h5 -q "$@" 2>$OUT/sw/$name-a.err
  $M sweep $C/$cfg.ini --paths $((U*3)):$((U*24)):2 --backend gpu --mode warm --repeat 3 -o $OUT/sw/$name-b.h5 -q "$@" 2>$OUT/sw/$name-b.err
  echo "$name t=$(( $(date +%s) - T0 ))"
}
B="--set model.spots=100 --set model.volatilities=0.25"
run eur1 european
run eur64 european --set simulation.steps=64
run asian64 asian --set simulation.steps=64 --set option.fixings=64
run asian64_mrg asian --set simulation.steps=64 --set option.fixings=64 --set simulation.rng=mrg32k3a
run asian64_dbl asian --set simulation.steps=64 --set option.fixings=64 --set simulation.precision=double
run heston64 heston --set simulation.steps=64
run spread_s50 best_of --set model.assets=2 $B --set model.dividends=0 --set option.payoff=spread --set simulation.steps=50
run basket4_s52 basket --set model.assets=4 $B --set simulation.steps=52
run basket8_s16 basket --set model.assets=8 $B --set simulation.steps=16
run bestof2_s252 best_of --set simulation.steps=252

tar -czf $OUT/sw.tgz -C $OUT sw; rm -rf $OUT/sw
echo "t=$(( $(date +%s) - T0 ))"
