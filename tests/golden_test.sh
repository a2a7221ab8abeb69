#!/bin/bash
# golden_test.sh - every GBM result stays bit for bit what it was before
# the plug-in shape v2 (models own their state, payoffs read the model's
# view, draws declared by both): the full-precision price, std error and
# every output of each configs/*.ini product and variants of its keys
# (steps, monitoring, barrier types, lookback and Asian modes), under
# philox and pcg64, single and double, on every CPU instruction set, at
# small path counts (several batches and blocks), compared exactly with
# tests/reference/gbm_golden.txt, recorded on the code before the change.
# Usage: golden_test.sh PATH/TO/mcsim [--record FILE]
. "$(dirname "$0")/lib.sh" golden "$1"
golden=$repo/tests/reference/gbm_golden.txt
record=${3:-}
[ "${2:-}" = --record ] || record=

variants=(
    "european"
    "european option.type=put simulation.steps=4"
    "digital"
    "digital option.digital=asset option.type=put"
    "asian"
    "asian option.average=geometric"
    "asian option.strike_type=floating -strike"
    "asian option.fixings=4 simulation.steps=8 option.type=put"
    "barrier"
    "barrier option.monitoring=discrete simulation.steps=12"
    "barrier option.barrier_type=up-in option.barrier=120 simulation.steps=12"
    "barrier option.barrier_type=up-out option.barrier=130 simulation.steps=4 option.type=put"
    "lookback"
    "lookback option.monitoring=discrete simulation.steps=12"
    "lookback option.strike_type=fixed option.strike=100 option.type=put simulation.steps=20"
    "lookback simulation.steps=300"
)
out=$tmp/now.txt
: > "$out"
isas="v1"
for v in v4 v3; do
    MCSIM_CPU_ISA=$v "$mcsim" "$repo/configs/european.ini" --paths 16 --backend cpu --no-log \
        -f json >/dev/null 2>&1 &&
        isas="$v $isas"
done
for isa in $isas; do
    for rng in philox pcg64; do
        for prec in single double; do
            for v in "${variants[@]}"; do
                set -- $v
                name=$1
                shift
                sets=()
                cp "$repo/configs/$name.ini" "$tmp/run.ini"
                for s in "$@"; do # -key: drop the key from the config
                    case $s in
                    -*) sed -i "/^${s#-} *=/d" "$tmp/run.ini" ;;
                    *) sets+=(--set "$s") ;;
                    esac
                done
                # --backend cpu: a GPU build on a machine with a GPU picks the GPU by default
                line=$(MCSIM_CPU_ISA=$isa "$mcsim" "$tmp/run.ini" --paths 5000 --backend cpu \
                           --set simulation.block_size=2048 --threads 2 --set simulation.rng=$rng \
                           --set simulation.precision=$prec "${sets[@]}" --no-log -f json | bits)
                [ -n "$line" ] || problems+=("$isa $rng $prec $v: no result")
                # the instruction set is not in the line: every level must agree
                echo "$rng $prec $v: $line" >> "$out"
            done
        done
    done
done
if [ -n "$record" ]; then
    LC_ALL=C sort -u "$out" > "$record"
    echo "recorded $(wc -l < "$record") lines in $record"
    exit 0
fi
# in bytes order whatever the locale (the golden file is in C order; en_US puts "asian:" first)
LC_ALL=C sort -u "$out" > "$tmp/sorted.txt"
diff -u "$golden" "$tmp/sorted.txt" >&2 || problems+=("results differ from $golden (above)")
report "every GBM result bit-identical to the golden file (ISAs: $isas)"
finish
