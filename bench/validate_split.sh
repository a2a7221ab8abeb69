#!/bin/bash
# validate_split.sh - `mcsim estimate --shards G` against measured shard runs
# on the GPUs of one host (issue 28: "2 and 4 GPUs, total time within 10%
# median"): for each job and each G in 1, 2, 4, ... up to the host's GPUs,
# G shards start at once as fresh processes (one per GPU, --shard g/G
# --device g-1, each writing its file), then `mcsim merge`; the wall time
# from the first start to the merged result is compared with the estimate's
# predicted GPU wall (`shards.gpu.total` of `mcsim estimate --format json`).
# REPEATS interleaved repeats (the jobs and G values alternate); the table
# gives the median, the spread (max/min - 1) and the error of the median.
# Every split's merged price must equal the one-shard price bit for bit.
# Each shard's JSON result (its phase timings) and its wall time from the
# common start are kept under $OUT/runs, the merge's time in the raw lines'
# 6th column, and split.md gives their medians per job and G (what the
# concurrent start-up and merge terms of docs/estimator.md are checked by).
# Usage (device machine, bundle from make gpu-bundle):
#   bench/validate_split.sh [GPUDIR] [REPEATS] [PROFILE]
#     GPUDIR   the unpacked bundle (default .gpu)
#     REPEATS  default 5
#     PROFILE  a calibrated profile (default: `mcsim calibrate` first, here)
# Output: $OUT (default /tmp/validate_split)/split.md and the raw lines.
# SPLIT_PAUSE seconds (default 2) pass before each measured start: a fresh
# process's CUDA start-up on a host without the driver's persistence mode
# depends on what ran just before (on 4 H100s: 1.0 s alone, 0.65-0.68 s
# right after 4 processes at once, 2026-11-27), so every start begins from
# the same quiet host, as a user's job and calibrate's cold runs do.
# MPI ranks too, where an mpirun is found ($MPIRUN, else mpirun on the
# PATH): each job and G also as `mpirun -np G mcsim JOB --backend gpu` (one
# GPU per rank, by local rank), against `mcsim estimate --ranks G`
# (`ranks.gpu.total`); mcsim then runs from GPUDIR/bin with the caller's
# LD_LIBRARY_PATH first (that MPI's libmpi), the bundle's lib after it.
# The ranks' table gives the wall of the mpirun command and the part of
# rank 0's total outside every phase (MPI_Init and the gather's messages,
# which the model does not predict: docs/estimator.md, "Ranks and shards").
set -u
gpu=${1:-.gpu}
reps=${2:-5}
profile=${3:-}
out=${OUT:-/tmp/validate_split}
mkdir -p "$out"
G=$(nvidia-smi -L | grep -c '^GPU ')
. "$(dirname "$0")/../tests/device_env.sh"  # the machine's libcurand
export NCCL_NVLS_ENABLE=0
mcsim() { "$gpu/run" mcsim "$@"; }
now() { date +%s.%N; }
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1]))
for k in sys.argv[2:]: d=d[k]
print(repr(d))" "$@"; }
if [ -z "$profile" ]; then
    profile=$out/profile.ini
    mcsim calibrate -o "$profile" 2>"$out/calibrate.log" || { echo "calibrate failed"; cat "$out/calibrate.log"; exit 1; }
fi
declare -A job
job[european]="configs/european.ini --paths 1e12"
job[asian252]="configs/asian.ini --paths 2e9 --set option.fixings=252"
job[barrier]="configs/barrier.ini --paths 2e11"
job[lookback]="configs/lookback.ini --paths 1e11"
names="european asian252 barrier lookback"
splits=""
for g in 1 2 4 8; do [ "$g" -le "$G" ] && splits="$splits $g"; done
nvidia-smi --query-gpu=index,name --format=csv,noheader
echo "GPUs: $G; splits:$splits; repeats: $reps; profile: $profile"
mpirun=${MPIRUN:-$(command -v mpirun || true)}
echo "mpirun: ${mpirun:-none}"
fail=0
raw=$out/raw.txt
rawr=$out/raw-ranks.txt
: >"$raw"
: >"$rawr"
for name in $names; do
    for g in $splits; do
        mcsim estimate ${job[$name]} --shards "$g" --profile "$profile" --format json \
            >"$out/est-$name-$g.json" 2>/dev/null
        [ -z "$mpirun" ] || mcsim estimate ${job[$name]} --ranks "$g" --profile "$profile" \
            --format json >"$out/est-ranks-$name-$g.json" 2>/dev/null
    done
done
# the tables from the lines so far: at the end, and when stopped (timeout's TERM, ^C) part-way
summarise() {
python3 - "$out" "$raw" "$names" "$splits" "$rawr" >"$out/split.md" <<'EOF'
import json, statistics, sys
out, raw, names, splits = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4].split()
rows = [l.split() for l in open(raw)]
print("| job | GPUs (shards) | predicted wall s | measured median s | spread | error |")
print("|---|---|---|---|---|---|")
errs, bad = [], []
for n in names:
    ref = None
    for g in splits:
        w = [float(r[3]) for r in rows if r[0] == n and r[1] == g]
        prices = {r[4] for r in rows if r[0] == n and r[1] == g}
        if g == splits[0]: ref = prices
        if prices != ref: bad.append(f"{n} G={g}: prices {prices} vs {ref}")
        if not w: continue
        pred = json.load(open(f"{out}/est-{n}-{g}.json"))["shards"]["gpu"]["total"]
        med = statistics.median(w)
        err = pred / med - 1
        if g != "1": errs.append(abs(err))
        print(f"| {n} | {g} | {pred:.3f} | {med:.3f} | {max(w)/min(w)-1:.0%} | {err:+.1%} |")
print("\nEach shard's phases (medians over its shards and repeats, seconds; wall: from the common "
      "start to its exit; merge: the `mcsim merge` process):\n")
phases = ["config", "context", "setup", "simulate", "reduce", "write", "total"]
print("| job | G | " + " | ".join(phases) + " | wall | merge |")
print("|---|---|" + "---|" * (len(phases) + 2))
for n in names:
    for g in splits:
        runs = [f"{out}/runs/{n}-{g}-{r[2]}-{i}" for r in rows if r[0] == n and r[1] == g
                for i in range(1, int(g) + 1)]
        try:
            t = [json.load(open(x + ".json"))["timings"] for x in runs]
            w = [float(open(x + ".wall").read()) for x in runs]
        except (OSError, ValueError, KeyError):
            continue
        if not t:  # stopped before this job and G ran
            continue
        m = [float(r[5]) for r in rows if r[0] == n and r[1] == g and len(r) > 5]
        cells = [f"{statistics.median(x[p] for x in t):.3f}" for p in phases]
        print(f"| {n} | {g} | " + " | ".join(cells) +
              f" | {statistics.median(w):.3f} | {statistics.median(m) if m else float('nan'):.3f} |")
if errs:
    print(f"\nmedian |error| over the multi-GPU splits: {statistics.median(errs):.1%}; worst {max(errs):.1%}")
rrows = [l.split() for l in open(sys.argv[5])]
if rrows:
    print("\nMPI ranks (`mpirun -np G`, one GPU a rank) against `estimate --ranks G`; outside: "
          "rank 0's total less its phases (MPI start-up, gather), not predicted:\n")
    print("| job | ranks | predicted s | measured wall median s | spread | error | outside s "
          "| error without outside |")
    print("|---|---|---|---|---|---|---|---|")
    rerrs, rerrs_in = [], []
    for n in names:
        for g in splits:
            w = [float(r[3]) for r in rrows if r[0] == n and r[1] == g]
            if not w: continue
            pred = json.load(open(f"{out}/est-ranks-{n}-{g}.json"))["ranks"]["gpu"]["total"]
            outside = []
            for r in rrows:
                if r[0] != n or r[1] != g: continue
                try:
                    t = json.load(open(f"{out}/runs/{n}-{g}-{r[2]}-ranks.json"))["timings"]
                except (OSError, ValueError, KeyError):
                    continue
                outside.append(t["total"] - sum(v for k, v in t.items() if k != "total"))
            med, o = statistics.median(w), statistics.median(outside) if outside else 0.0
            err, err_in = pred / med - 1, pred / (med - o) - 1
            if g != "1": rerrs.append(abs(err)); rerrs_in.append(abs(err_in))
            print(f"| {n} | {g} | {pred:.3f} | {med:.3f} | {max(w)/min(w)-1:.0%} | {err:+.1%} "
                  f"| {o:.3f} | {err_in:+.1%} |")
    if rerrs:
        print(f"\nmedian |error| over the multi-rank rows: {statistics.median(rerrs):.1%} (worst "
              f"{max(rerrs):.1%}); without the part outside the phases: "
              f"{statistics.median(rerrs_in):.1%} (worst {max(rerrs_in):.1%})")
for b in bad: print("MISMATCH", b)
EOF
cat "$out/split.md"
}
trap 'echo "stopped part-way: the tables cover the runs so far"; summarise; exit 1' TERM INT
mkdir -p "$out/runs"  # each shard's JSON (its phase timings) and its wall from the common start
for r in $(seq 1 "$reps"); do
    for name in $names; do
        for g in $splits; do
            rm -f "$out"/s-*.h5 "$out/merged.h5"
            sleep "${SPLIT_PAUSE:-2}"
            t0=$(now)
            for i in $(seq 1 "$g"); do
                run=$out/runs/$name-$g-$r-$i
                ( mcsim ${job[$name]} --backend gpu --device $((i - 1)) --shard "$i/$g" -q \
                      -f json -o "$out/s-$i.h5" >"$run.json" 2>"$out/err-$i.txt"
                  python3 -c "print(float('$(now)') - float('$t0'))" >"$run.wall" ) &
            done
            wait
            tm=$(now)
            mcsim merge "$out"/s-*.h5 -o "$out/merged.h5" -f json -q >"$out/m.json" 2>>"$out/err-1.txt"
            t1=$(now)
            cp "$out/m.json" "$out/runs/$name-$g-$r-merge.json"
            price=$(json "$out/m.json" price 2>/dev/null)
            [ -n "$price" ] || { echo "$name G=$g r$r failed:"; cat "$out"/err-*.txt; fail=1; }
            wall=$(python3 -c "print(float('$t1') - float('$t0'))")
            merge=$(python3 -c "print(float('$t1') - float('$tm'))")
            echo "$name $g $r $wall $price $merge" | tee -a "$raw"
            [ -n "$mpirun" ] || continue
            run=$out/runs/$name-$g-$r-ranks
            sleep "${SPLIT_PAUSE:-2}"
            t0=$(now)
            LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$(cd "$gpu" && pwd)/lib "$mpirun" \
                --allow-run-as-root -np "$g" -x LD_LIBRARY_PATH -x NCCL_NVLS_ENABLE \
                "$gpu/bin/mcsim" ${job[$name]} --backend gpu -q -f json -o "$out/ranks.h5" \
                >"$run.json" 2>"$out/err-ranks.txt"
            t1=$(now)
            rprice=$(json "$run.json" price 2>/dev/null)
            # the ranks that ran (a one-rank run's log has no /ranks table; "?": no h5py)
            count=$(python3 -c "
import sys
try:
    import h5py
except ImportError:
    print('?'); sys.exit()
f = h5py.File(sys.argv[1]); print(len(f['ranks']) if 'ranks' in f else 1)" "$out/ranks.h5" 2>/dev/null)
            [ "$rprice" = "$price" ] && { [ "$count" = "$g" ] || [ "$count" = "?" ]; } ||
                { echo "MISMATCH ranks $name G=$g r$r: price $rprice (shards $price), $count ranks"
                  cat "$out/err-ranks.txt"; fail=1; }
            echo "$name $g $r $(python3 -c "print(float('$t1') - float('$t0'))") $rprice" | tee -a "$rawr"
        done
    done
done
summarise
grep -q MISMATCH "$out/split.md" && fail=1
exit $fail
