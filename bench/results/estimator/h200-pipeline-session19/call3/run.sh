#!/bin/bash
# H200, session 19, call 3: the Asian's fixing test without a division (payoffs/asian.h):
# a Bachelier Asian of 252 steps, 12 fixings priced on both backends (the bundle without its
# test binaries: the working tree and the carry must fit 64 MiB), calibrate, then warm GPU sweeps of Asians whose
# fixings are fewer than their steps (the GPU's MANY_SOME loop, which asks watches() every step)
# and of as many, on GBM and Bachelier, 10^5 to 10^8 paths.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupackA/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
for b in gpu cpu; do  # the MANY_SOME loop's price against the CPU's (and the closed form in its output)
  $M configs/bachelier.ini --backend $b --set simulation.steps=252 -n 10000000 2>&1 | tail -4
done
echo "t=$(( $(date +%s) - T0 ))"
/usr/bin/time -f "calibrate wall %e s" $M calibrate -o $OUT/h200.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
grep -E "kernels measured|warning" $OUT/calibrate.log | cut -c1-200
echo "t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/as; C=configs
sw() { name=$1; cfg=$2; shift 2
  $M sweep $C/$cfg.ini --paths 1e5:1e8 --backend gpu --mode warm --repeat 3 -o $OUT/as/$name.h5 -q "$@" 2>$OUT/as/$name.err
}
sw bach252_f12 bachelier --set simulation.steps=252
sw bach264_f264 bachelier --set simulation.steps=264 --set option.fixings=264
sw bach120_f12_dbl bachelier --set simulation.steps=120 --set simulation.precision=double
sw bach12 bachelier
sw asian252_f12 asian --set simulation.steps=252
sw asian252_f252 asian --set simulation.steps=252 --set option.fixings=252
sw asian96_f12_mrg asian --set simulation.steps=96 --set simulation.rng=mrg32k3a
sw asian240_f48_geo asian --set simulation.steps=240 --set option.fixings=48 --set option.average=geometric
echo "sweeps t=$(( $(date +%s) - T0 ))"
tar -czf $OUT/as.tgz -C $OUT as; rm -rf $OUT/as
