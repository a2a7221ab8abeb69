#!/bin/bash
# session 12: the warp kernel with the factor in shared memory, Heston's QE step with five SFU ops:
# device check (bits warp = per-thread, Heston CPU/GPU agreement), bench_models, the asset sweep
set -x
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; nproc; lscpu | grep "Model name"
T0=$(date +%s)
timeout 240 bash tests/gpu_device_check.sh .gpu > $OUT/check.txt 2>&1; echo "check rc=$?"; tail -5 $OUT/check.txt
grep -c "warp .*per-thread" $OUT/check.txt
echo "t=$(( $(date +%s) - T0 ))"
timeout 240 python3 bench/bench_models.py --gpu --no-cpu --gpu-paths 1000000000 --mcsim ".gpu/run mcsim" --out-dir $OUT/bm > $OUT/bm.txt 2>&1; echo "bm rc=$?"; tail -25 $OUT/bm.txt
echo "t=$(( $(date +%s) - T0 ))"
timeout 120 bash .vprof/assets.sh > $OUT/assets.txt 2>&1; echo "assets rc=$?"; tail -12 $OUT/assets.txt
echo "t=$(( $(date +%s) - T0 ))"
