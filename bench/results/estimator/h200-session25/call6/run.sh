#!/bin/bash
# H200, session 25, call 6: does running each size's CPU and GPU runs one after the other
# (970bc49) change what either measures? A: `--backend cpu` and `--backend gpu` sweeps (each
# backend's runs in a block, as before 970bc49); B: one `--backend cpu,gpu` sweep (adjacent);
# three interleaved rounds, european and lookback, 1e3..1e8 paths, cold and warm, 3 repeats.
cd "$(dirname "$0")/.."
[ -d .gpu ] || tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
mkdir -p $OUT/ab
for round in 1 2 3; do
  for cfg in european lookback; do
    for b in cpu gpu; do
      $M sweep configs/$cfg.ini --paths 1e3:1e8 --backend $b --repeat 3 -q -o $OUT/ab/A-$cfg-$b-$round.h5 || echo "A $cfg $b failed"
    done
    $M sweep configs/$cfg.ini --paths 1e3:1e8 --backend cpu,gpu --repeat 3 -q -o $OUT/ab/B-$cfg-$round.h5 || echo "B $cfg failed"
  done
done
(cd $OUT && tar -czf ab.tgz ab && rm -rf ab); ls $OUT
