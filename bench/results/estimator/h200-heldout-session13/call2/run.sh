#!/bin/bash
# H200, session 13, call 2: the bundle with the GPU log's write scaled to this host (estimator
# only: the GPU module is call 1's); the host's CPU calibrated again, the held-out matrix again
# (as call 1, h200s13.sh); then bench/bench_models.py's GPU part (issue 30's rates on the H200).
cd "$(dirname "$0")/.."
tar -xJf .gpupack/gpu.tar.xz
. tests/device_env.sh
export LD_LIBRARY_PATH=$PWD/.gpu/lib:$LD_LIBRARY_PATH
nvidia-smi -L; T0=$(date +%s)
/usr/bin/time -f "calibrate wall %e s" .gpu/run mcsim calibrate --backend cpu -o $OUT/host.ini > $OUT/calibrate.log 2>&1; tail -2 $OUT/calibrate.log
.gpu/run mcsim estimate configs/european.ini --cpu $OUT/host.ini --gpu h200 2>&1 | grep -E "scaled|write"
echo "t=$(( $(date +%s) - T0 ))"
VALIDATE_ARGS="--profile $PWD/profiles/h100-reference.ini --cpu $OUT/host.ini --gpu h200" \
timeout 330 bash bench/validate_estimator.sh .gpu/bin/mcsim $OUT/ve --profile $PWD/profiles/h100-reference.ini \
   --steps "default 252" --precisions single --rngs auto --threads all --budget ${BUDGET:-230} --cap 1 > $OUT/ve.log 2>&1
echo "ve rc=$? t=$(( $(date +%s) - T0 ))"
sed -n '/^| config/,/^| all/p' $OUT/ve/summary.md
tar -czf $OUT/ve.tgz -C $OUT ve; rm -rf $OUT/ve
timeout 200 python3 bench/bench_models.py --gpu --no-cpu --gpu-paths 1000000000 --mcsim ".gpu/run mcsim" --out-dir $OUT/bm > $OUT/bm.txt 2>&1; echo "bm rc=$?"; tail -24 $OUT/bm.txt
echo "t=$(( $(date +%s) - T0 ))"
