#!/bin/bash
# validate_ranks.sh - `mcsim estimate --ranks R` against measured MPI ranks on
# this host's CPU (issue 28: ranks and their start-up): three jobs, each as
# `mpirun -np R mcsim JOB --threads 1` for R = 1 and 2, in interleaved
# repeats, against the estimate's `ranks.cpu.total` at one thread a rank.
# PROFILE should come from `mcsim calibrate --mpirun "$MPIRUN"` on this host
# (its [cpu] mpi_start_s); without it each rank's MPI start-up is missing
# from the prediction. Prints a markdown table (median wall, spread =
# max/min - 1, error of the median) and the median |error|.
# Usage: bench/validate_ranks.sh MCSIM PROFILE [REPEATS]   (MPIRUN: default
#   "mpirun --oversubscribe"; as root also OMPI_ALLOW_RUN_AS_ROOT=1
#   OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
set -u
[ $# -ge 2 ] || { sed -n '2,14p' "$0"; exit 64; }
mcsim=$1 profile=$2 reps=${3:-5}
mpirun=${MPIRUN:-mpirun --oversubscribe}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/validate-ranks.XXXXXX)
trap 'rm -rf "$work"' EXIT
declare -A job
job[european]="$repo/configs/european.ini --paths 2e8"
job[asian]="$repo/configs/asian.ini --paths 4e6 --set option.fixings=252"
job[barrier]="$repo/configs/barrier.ini --paths 4e7"
names="european asian barrier"
for n in $names; do
    for R in 1 2; do
        "$mcsim" estimate ${job[$n]} --ranks "$R" --threads 1 --profile "$profile" -f json \
            2>/dev/null >"$work/est-$n-$R.json" || { echo "estimate failed: $n R=$R"; exit 1; }
    done
done
for r in $(seq 1 "$reps"); do
    for n in $names; do
        for R in 1 2; do
            t0=$EPOCHREALTIME
            $mpirun -np "$R" "$mcsim" ${job[$n]} --threads 1 -q --no-log -f json >/dev/null ||
                { echo "mpirun failed: $n R=$R"; exit 1; }
            echo "$n $R $EPOCHREALTIME $t0" >>"$work/raw"
        done
    done
done
python3 - "$work" "$names" <<'PY'
import json, statistics, sys
work, names = sys.argv[1], sys.argv[2].split()
rows = [l.split() for l in open(work + "/raw")]
print("| job | ranks | predicted s | of it MPI start-up s | measured wall median s | spread | error |")
print("|---|---|---|---|---|---|---|")
errs = []
for n in names:
    for R in ("1", "2"):
        w = [float(r[2]) - float(r[3]) for r in rows if r[0] == n and r[1] == R]
        ranks = json.load(open(f"{work}/est-{n}-{R}.json"))["ranks"]["cpu"]
        med, pred = statistics.median(w), ranks["total"]
        errs.append(abs(pred / med - 1))
        mpi = ranks["mpi_start"] if ranks["mpi_start"] is not None else float("nan")
        print(f"| {n} | {R} | {pred:.3f} | {mpi:.3f} | {med:.3f} | {max(w)/min(w)-1:.0%} "
              f"| {pred/med-1:+.1%} |")
print(f"\nmedian |error| {statistics.median(errs):.1%} (worst {max(errs):.1%})")
PY
