#!/bin/bash
# H100 x1 host, session 11: calibrate's one-wave factors (in its own process) against the same
# waves in `mcsim sweep` (fresh processes, cold; and one sweep process, warm): 1, 2, 4, 8 and 16
# blocks of 65536 paths of calibrate's job at the steps measure_waves uses, on 16 threads.
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
cat > /tmp/calib.ini <<'INI'
# mcsim calibrate's job
[model]
type = gbm
spot = 100
rate = 0.05
volatility = 0.2
[option]
payoff = european
type = call
strike = 100
maturity = 1
[simulation]
paths = 1000
steps = 1
seed = 1
INI
m=.gpu/bin/mcsim
for round in 1 2; do
  $m calibrate --backend cpu -o $OUT/cal$round.ini > $OUT/cal$round.log 2>&1
  grep -E "one wave of|16 threads: parallel|single pcg64:" $OUT/cal$round.log | tail -7 | cut -c1-160
  ns=$(sed -n 's/.*single pcg64: \([0-9.]*\) ns per path-step.*/\1/p' $OUT/cal$round.log | head -1)
  steps=$(awk -v ns="$ns" 'BEGIN { s = int(0.005 / (65536 * ns * 1e-9) + 0.5); if (s < 1) s = 1; if (s > 256) s = 256; print s }')
  echo "round $round: $ns ns per path-step, $steps steps"
  $m sweep /tmp/calib.ini --set simulation.steps=$steps --set simulation.rng=pcg64 --paths 65536:1048576:2 --repeat 5 \
     --backend cpu -o $OUT/waves$round.h5 -q
done
python3 - <<'PY' 2>&1 || echo "no python h5py here"
import h5py, statistics as st, os, collections
out=os.environ['OUT']
for rnd in (1, 2):
    r=h5py.File(f'{out}/waves{rnd}.h5','r')['runs'][:]
    g=collections.defaultdict(list)
    for x in r: g[(x['mode'].decode(), int(x['paths']))].append(x['simulate'])
    for mode in ('cold','warm'):
        one=st.median(g[(mode,65536)])
        print(rnd, mode, ' '.join(f'{p//65536}:{st.median(v)*1e3:.2f}ms({st.median(v)/one:.2f})' for (m,p),v in sorted(g.items()) if m==mode))
PY
