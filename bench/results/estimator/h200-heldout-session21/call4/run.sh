#!/bin/bash
# H200, session 21, call 4: GPU warm simulate of per-thread multi-asset jobs against the steps
# (1 .. 252) at saturating sizes, 5 repeats: is the per-thread kernel's time affine in the steps?
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
mkdir -p $OUT/st
for cfg in best_of basket; do for a in 2 5 12; do for prec in single double; do for s in 1 2 4 8 16 64 252; do
  n=$(( s >= 64 ? 4000000 : 20000000 ))
  $M sweep configs/$cfg.ini --paths $n --backend gpu --mode warm --repeat 5 \
    --set simulation.precision=$prec --set simulation.rng=philox --set simulation.steps=$s \
    --set model.assets=$a --set model.spots=100 --set model.volatilities=0.25 --set model.dividends=0 \
    -q -o $OUT/st/$cfg-$a-$prec-$s.h5 2>>$OUT/st/err.txt || echo "fail $cfg $a $prec $s"
done; done; done; echo "$cfg t=$(( $(date +%s) - T0 ))"; done
tar -czf $OUT/st.tgz -C $OUT st; rm -rf $OUT/st
