#!/bin/bash
# H200, session 20, call 2: (1) a lone CPU thread pinned to each vCPU in turn (one block of the
# 252-step European, 4 interleaved rounds): are the two speeds the vCPUs'? (2) held-out GPU warm
# sweeps of per-thread multi-asset jobs (double, MRG32k3a) at asset counts calibrate never ran.
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
M=$PWD/.gpu/bin/mcsim
nproc; lscpu | grep -E "Model name|Thread|Core|Socket|NUMA node\(s\)|MHz" ; cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 2>/dev/null
for r in 1 2 3 4; do for k in $(seq 0 $(( $(nproc) - 1 ))); do
  s=$(taskset -c $k $M configs/european.ini --backend cpu --threads 1 --set simulation.steps=252 -n 65536 --no-log -f json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); t=d.get("timings") or d.get("phases") or {}; print(t.get("simulate", t))' 2>&1)
  echo "round $r cpu $k simulate $s"
done; done > $OUT/pin.txt
head -3 $OUT/pin.txt; echo "pin t=$(( $(date +%s) - T0 ))"
mkdir -p $OUT/mc
for a in 6 24 40; do
  { echo "[model]"; echo "type = multi_gbm"; echo "assets = $a"
    printf "spots = 100"; for i in $(seq 2 $a); do printf ", 100"; done; echo
    printf "volatilities = 0.2"; for i in $(seq 2 $a); do printf ", 0.25"; done; echo
    echo "rate = 0.03"; echo "correlation = 0.3"; echo; echo "[option]"; echo "payoff = basket"
    echo "type = call"; echo "strike = 100"; echo "maturity = 1"; echo; echo "[simulation]"
    echo "paths = 1000"; echo "seed = 42"; echo "rng = philox"; echo "precision = double"; } > $OUT/mc/basket$a.ini
  for st in 16 252; do
    $M sweep $OUT/mc/basket$a.ini --paths 1e3:1e6 --backend gpu --mode warm --repeat 3 -q \
      --set simulation.steps=$st -o $OUT/mc/basket$a-$st-double.h5
    $M sweep $OUT/mc/basket$a.ini --paths 1e3:1e6 --backend gpu --mode warm --repeat 3 -q \
      --set simulation.steps=$st --set simulation.precision=single --set simulation.rng=mrg32k3a -o $OUT/mc/basket$a-$st-mrg.h5
  done
  echo "assets $a t=$(( $(date +%s) - T0 ))"
done
