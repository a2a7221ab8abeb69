#!/bin/bash
# H200, session 15, call 3: Heston's GPU step on and off QE's exponential branch at 252 and 1008
# steps, saturated (1e8 paths) and at 2.5e6 paths: is the dear branch's cost per step the same
# at both step counts (calibrate's dear point is at 1008, the sweeps at 252)?
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=.gpu/bin/mcsim
for r in 1 2; do for n in 1e8 2.5e6; do for steps in 252 1008; do for xi in 0.3 1; do
  s=$($M configs/heston.ini --backend gpu --paths $n --set simulation.steps=$steps --set model.xi=$xi --no-log -q --format json | python3 -c "import json,sys; print(json.load(sys.stdin)['timings']['simulate'])")
  python3 -c "print('round $r paths $n steps $steps xi $xi simulate %.4f ms  %.3f ps/path-step' % ($s*1e3, $s/float('$n')/$steps*1e12))"
done; done; done; done | tee $OUT/raw.txt
