#!/bin/bash
# H200 x4 host (64 vCPUs), session 17, call 6: --quick's CPU kernels after the sizing on the
# kernel's work (call 2 here: 20 kernels at the timer's floor), twice; the CPU only (no module).
cd "$(dirname "$0")/.."
tar -xJf .gpupack4/gpu.tar.xz
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nproc
for r in 1 2; do
  /usr/bin/time -f "quick cpu wall %e s" .gpu/bin/mcsim calibrate --quick --backend cpu -o $OUT/q$r.ini > $OUT/q$r.log 2>&1
  echo "at the timer's floor: $(grep -c '1e-06 ns per path' $OUT/q$r.log)"; grep -E "warning|kernels measured" $OUT/q$r.log | cut -c1-200
  grep -E "kernel gbm_european_0_single_pcg64|kernel heston_european_1_single_pcg64|kernel multi_gbm_basket_1_single_pcg64" $OUT/q$r.log | cut -c1-200
done
