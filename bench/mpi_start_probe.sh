#!/bin/bash
# mpi_start_probe.sh - where an MPI rank's start-up goes (docs/estimator.md,
# "MPI start-up"): one job (1000 paths of configs/european.ini) alone and as
# `MPIRUN -n 1`, on the CPU and GPU backends, bound and unbound, one thread
# and all; 4 GPU ranks; and `MPIRUN -n 1 /bin/true` (the launcher alone).
# A pause (PAUSE, default 2 s) before each start; ROUNDS interleaved rounds.
# Writes OUTDIR/raw.txt (name, round, exit status, wall, mcsim's total) and
# prints each item's median wall.
# Usage: bench/mpi_start_probe.sh MCSIM MPIRUN OUTDIR [ROUNDS]
#   e.g. OPAL_PREFIX=$P bench/mpi_start_probe.sh .gpu/bin/mcsim $P/bin/mpirun out 4
set -u
mcsim=$1 mpirun=$2 R=$3 rounds=${4:-4}
mkdir -p "$R"
nvidia-smi -L 2>/dev/null | head -4; lscpu | grep -E "Model name|^CPU\(s\)"
MR="$mpirun --allow-run-as-root -x LD_LIBRARY_PATH${OPAL_PREFIX:+ -x OPAL_PREFIX}"
J="configs/european.ini -q -f json --set simulation.paths=1000"
now() { date +%s.%N; }
run() { # name, command...
    local name=$1; shift; sleep ${PAUSE:-2}
    local t0=$(now); "$@" > $R/$name.json 2> $R/$name.err; local rc=$?; local t1=$(now)
    local tot=$(python3 -c "import json,sys
try:
  d=json.load(open('$R/$name.json')); t=d['timings']; print('%.3f'%t['total'])
except Exception as e: print('?')")
    echo "$name $r rc=$rc wall=$(python3 -c "print('%.3f'%($t1-$t0))") total=$tot" | tee -a $R/raw.txt
}
$MR -n 1 "$mcsim" $J --backend cpu -o $R/w.h5 > /dev/null 2>&1  # page cache
for r in $(seq 1 "$rounds"); do
    run cpu_alone "$mcsim" $J --backend cpu -o $R/a.h5
    run cpu_rank $MR -n 1 "$mcsim" $J --backend cpu -o $R/b.h5
    run cpu_rank_t1 $MR -n 1 "$mcsim" $J --backend cpu --threads 1 -o $R/c.h5
    run cpu_rank_nobind $MR -n 1 --bind-to none "$mcsim" $J --backend cpu -o $R/d.h5
    run gpu_alone "$mcsim" $J --backend gpu -o $R/e.h5
    run gpu_rank $MR -n 1 "$mcsim" $J --backend gpu -o $R/f.h5
    run gpu_rank4 $MR -np 4 "$mcsim" $J --backend gpu -o $R/g.h5
    run true_rank $MR -n 1 /bin/true
done
python3 - $R/raw.txt <<'PY'
import sys, statistics as st, collections
d = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f = line.split(); d[f[0]].append(float(f[3].split('=')[1]))
for k, v in d.items():
    print(f"{k:18s} median wall {st.median(v):.3f} s  (min {min(v):.3f}, max {max(v):.3f}, n {len(v)})")
PY
rm -f $R/*.h5
