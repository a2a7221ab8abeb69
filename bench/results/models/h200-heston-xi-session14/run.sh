#!/bin/bash
# H200, session 14, call 5: Heston's GPU QE step by xi (its branches per warp), 1e8 paths, 252 steps,
# single, philox: simulate of 3 runs each, interleaved.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
m=.gpu/bin/mcsim
for r in 1 2 3; do for xi in 0.3 1.0 2.0; do
  $m configs/heston.ini --backend gpu --paths 1e8 --set model.xi=$xi --set simulation.rng=philox --no-log -q -f json |
    python3 -c "import json,sys; d=json.load(sys.stdin); print('xi=$xi round $r simulate', round(d['timings']['simulate']*1e3,2), 'ms price', d['price'])"
done; done
