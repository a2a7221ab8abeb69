#!/bin/bash
# scaling_gpus.sh - strong scaling over the GPUs of one host: a 1e12-path
# European and a 252-step arithmetic Asian, on 1 GPU and on G GPUs as G
# shards run at once (one process per GPU, --shard g/G --device g-1) then
# `mcsim merge`, and, where an mpirun is there, as G MPI ranks, in
# interleaved repeats. Prints each run's wall time, kernel times and price,
# and checks that every split gives the one-GPU run's price bit for bit
# (a mismatch is printed and the exit status is 1). Efficiencies
# T1 / (G x TG) are taken from the medians of these lines and the runs'
# /ranks tables (bench/results/cluster/README.md).
# Usage (device machine, bundle from make gpu-bundle):
#   bench/scaling_gpus.sh [.gpu] [REPEATS]     # logs and JSON under $OUT
set -u
gpu=${1:-.gpu}
reps=${2:-3}
out=${OUT:-/tmp}
G=$(nvidia-smi -L | grep -c '^GPU ')
. "$(dirname "$0")/../tests/device_env.sh"  # the machine's libcurand
export NCCL_NVLS_ENABLE=0
mcsim() { "$gpu/run" mcsim "$@"; }
now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 4))" "$1" "$2"; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(repr(d[sys.argv[2]]))" "$@"; }
fail=0
# same PRICE WHAT: the split's price must be the one-GPU run's
same() { [ -n "$1" ] && [ "$1" = "$ref" ] || { echo "MISMATCH: $2 price $1, one GPU $ref"; fail=1; }; }

nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
echo "GPUs: $G; mpirun: $(command -v mpirun || echo none)"
declare -A job
job[european]="configs/european.ini --paths 1e12"
job[asian252]="configs/asian.ini --paths 4e9 --set option.fixings=252"
for name in european asian252; do
    for r in $(seq 1 "$reps"); do
        # 1 GPU
        t0=$(now)
        mcsim ${job[$name]} --backend gpu --device 0 -f json --no-log -q >"$out/$name-1-$r.json"
        t1=$(now)
        ref=$(json "$out/$name-1-$r.json" price)
        echo "$name r$r 1gpu wall $(elapsed "$t0" "$t1") sim $(json "$out/$name-1-$r.json" simulate_seconds) price $ref"
        # G GPUs: one shard per GPU, at once, then merge
        t0=$(now)
        for g in $(seq 1 "$G"); do
            mcsim ${job[$name]} --backend gpu --device $((g - 1)) --shard "$g/$G" -f json -q \
                -o "$out/$name-s$g.h5" >"$out/$name-s$g-$r.json" &
        done
        wait
        mcsim merge "$out"/$name-s*.h5 -o "$out/$name-merged.h5" -f json -q >"$out/$name-m-$r.json"
        t1=$(now)
        sims=$(for g in $(seq 1 "$G"); do json "$out/$name-s$g-$r.json" simulate_seconds; done | tr '\n' ' ')
        price=$(json "$out/$name-m-$r.json" price)
        echo "$name r$r ${G}gpu-shards wall $(elapsed "$t0" "$t1") sims $sims price $price"
        same "$price" "$name r$r shards"
        rm -f "$out"/$name-s*.h5
        if command -v mpirun >/dev/null; then
            t0=$(now)
            OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun -np "$G" \
                -x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE "$gpu/run" mcsim ${job[$name]} \
                --backend gpu -f json -o "$out/$name-mpi-$r.h5" -q >"$out/$name-mpi-$r.json" 2>"$out/mpi-err.txt"
            rc=$?
            t1=$(now)
            price=$( [ $rc -eq 0 ] && json "$out/$name-mpi-$r.json" price)
            echo "$name r$r ${G}gpu-mpi rc $rc wall $(elapsed "$t0" "$t1") price $price"
            same "$price" "$name r$r mpi"
        fi
    done
done
exit $fail
