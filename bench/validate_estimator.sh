#!/usr/bin/env bash
# validate_estimator.sh - the estimator's accuracy on this machine (issue 28's
# matrix): calibrate (or take a profile), sweep every config in configs/ at its
# own steps and at 252, single and double, the default generator (rng = auto:
# pcg64 on the CPU, philox on the GPU) and philox on both, 1 and all host
# threads, cold and warm, REPEAT interleaved repeats, from 1e3 paths up to
# the largest size whose predicted run fits CAP seconds; then `mcsim validate`
# per sweep and a markdown summary per config (speedup error median and p90,
# worst break-even N* ratio, right-backend share, per-phase median bias of
# the phases that take at least 10% of a run) into OUT/summary.md, for
# bench/README.md (with --readme, written there in place of the last one).
# Without a GPU the rows are the CPU's only.
#
# usage: bench/validate_estimator.sh MCSIM OUT [--profile P] [--budget SECONDS]
#            [--cap SECONDS] [--repeat R] [--configs "a b"] [--backend LIST]
#            [--readme FILE]
#   --profile P     use P instead of calibrating (a path or catalogue name)
#   --budget S      device seconds for the sweeps (default 600): the sizes are
#                   chosen from the predictions so that the matrix fits; what
#                   does not fit is left out, largest sizes first, and listed
#   --cap S         one run at most S seconds predicted (default 2)
#   --repeat R      repeats per size (default 5)
#   --from N        the smallest size, a whole power of ten (default 1000): a
#                   budget spent on the sizes where the kernels weigh
#   --configs LIST  config names (default: every configs/*.ini)
#   --backend LIST  cpu, gpu or cpu,gpu (default: what `mcsim sweep` finds)
#   --steps "default 252", --precisions "single double", --rngs "auto philox",
#   --threads "1 all": the matrix's other axes (defaults as shown), to spend a
#                   small budget on fewer sweeps that reach larger sizes
#   --readme FILE   also write the summary into FILE (bench/README.md), between
#                   the lines VALIDATE_ESTIMATOR_BEGIN and _END of an HTML
#                   comment, replacing what the last run put there (appended
#                   with them where FILE has none)
# VALIDATE_ARGS (environment) is added to each `mcsim validate`, e.g. the H200
# predicted from an H100 profile with the host's CPU calibrated:
#   VALIDATE_ARGS="--profile h100.ini --cpu host.ini --gpu h200"
# Everything lands in OUT: profile.ini, calibrate.log, sweep-*.h5 and .log,
# validate-*.txt, plan.txt (the matrix and what was left out), summary.md.
# docs/estimator.md, "Validation".
set -euo pipefail
usage() { sed -n '/^# usage:/,/^# docs/s/^# \{0,1\}//p' "$0"; }
case ${1:-} in -h|--help) usage; exit 0 ;; esac
if [ $# -lt 2 ]; then
    echo "validate_estimator.sh: need MCSIM (an executable) and OUT" >&2
    usage >&2; exit 64
elif [ ! -x "$1" ]; then
    echo "validate_estimator.sh: MCSIM '$1' is not an executable" >&2
    usage >&2; exit 64
fi
mcsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
shift 2
arguments="$*"
profile="" budget=600 cap=2 repeat=5 from=1000 backend="" backend_list="" configs="" readme=""
steps_list="default 252" precisions="single double" rngs="auto philox" threads_list="1 all"
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "validate_estimator.sh: $1 needs a value (--help lists the options)" >&2; exit 64; }
    case $1 in
    --profile) profile=$2 ;;
    --budget) budget=$2 ;;
    --cap) cap=$2 ;;
    --repeat) repeat=$2 ;;
    --from) from=$2 ;;
    --configs) configs=$2 ;;
    --backend) backend="--backend $2" backend_list=$2 ;;
    --steps) steps_list=$2 ;;
    --precisions) precisions=$2 ;;
    --rngs) rngs=$2 ;;
    --threads) threads_list=$2 ;;
    --readme) readme=$2 ;;
    *) echo "validate_estimator.sh: unknown option $1 (--help lists them)" >&2; exit 64 ;;
    esac
    shift 2
done
if [ -n "$readme" ]; then # checked now, before hours of sweeps
    [ -f "$readme" ] && [ -w "$readme" ] ||
        { echo "validate_estimator.sh: --readme $readme: not a writable file" >&2; exit 64; }
    readme=$(cd "$(dirname "$readme")" && pwd)/$(basename "$readme")
fi
case $from in 1000|10000|100000|1000000|10000000|100000000|1000000000) ;;
*) echo "validate_estimator.sh: --from $from: a whole power of ten, 1000 to 1000000000" >&2; exit 64 ;;
esac
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "$profile" ]; then # a path made absolute before the cd below, then tried once
    [ -f "$profile" ] && profile=$(cd "$(dirname "$profile")" && pwd)/$(basename "$profile")
    if ! why=$("$mcsim" estimate "$repo/configs/european.ini" --profile "$profile" -q 2>&1 >/dev/null)
    then
        echo "validate_estimator.sh: --profile $profile: $why" >&2
        exit 64
    fi
fi
[ -n "$configs" ] || configs=$(cd "$repo/configs" && ls *.ini | sed 's/\.ini$//')
mkdir -p "$out"
cd "$out"
# a summary of this run's files only: an earlier run's in OUT would be counted too
rm -f validate-*.txt sweep-*.h5 sweep-*.log plan.txt summary.md
start=$(date +%s)
if [ -z "$profile" ]; then
    "$mcsim" calibrate -o profile.ini 2> calibrate.log
    echo "calibrate: $(( $(date +%s) - start )) s" >> calibrate.log
    profile=$PWD/profile.ini
fi
if [ -f "$profile" ]; then # the runs, estimate and validate read it as the local profile
    export MCSIM_PROFILE=$profile
    profile_args=()
else # a catalogue name (mcsim estimate --list-profiles): named to estimate and validate
    profile_args=(--profile "$profile")
fi
threads_all=$(sed -n 's/^threads = //p' "$profile" 2>/dev/null | head -1 || true)
threads_all=${threads_all:-$(nproc)}
thread_counts=""
for t in $threads_list; do
    [ "$t" = all ] && t=$threads_all
    case " $thread_counts " in *" $t "*) ;; *) thread_counts="$thread_counts $t" ;; esac
done

# predicted seconds of one run: the slowest total in the estimate's JSON of the
# backends swept (--backend; all the estimate has without it), cold or warm
predict() { # predict CONFIG PATHS SETS...
    local cfg=$1 n=$2
    shift 2
    "$mcsim" estimate "$repo/configs/$cfg.ini" --paths "$n" "$@" ${profile_args[@]+"${profile_args[@]}"} \
        --format json -q 2>/dev/null |
        python3 -c 'import json, sys
d = json.load(sys.stdin)
sides = sys.argv[1].split(",") if sys.argv[1] else ["cpu", "gpu"]
t = [d[m][s]["phases"]["total"] for m in ("cold", "warm") for s in sides
     if isinstance(d.get(m, {}).get(s), dict) and "phases" in d[m][s]]
if t:
    print(max(t))' "$backend_list" 2>/dev/null
}

# the matrix: one sweep per config, steps, precision, generator and threads
: > plan.txt
jobs=()
for cfg in $configs; do
    for steps in $steps_list; do
        for prec in $precisions; do
            for rng in $rngs; do
                for t in $thread_counts; do
                    jobs+=("$cfg $steps $prec $rng $t")
                done
            done
        done
    done
done
per_job=$(awk -v b="$budget" -v n=${#jobs[@]} -v r="$repeat" 'BEGIN { printf "%.6f", b / n / r / 2 }')
echo "matrix: ${#jobs[@]} sweeps x $repeat repeats x cold,warm; budget $budget s," \
    "so $per_job s per sweep and repeat; a run at most $cap s" >> plan.txt
i=0
for job in "${jobs[@]}"; do
    read -r cfg steps prec rng t <<< "$job"
    sets=(--set "simulation.precision=$prec" --set "simulation.rng=$rng" --threads "$t")
    [ "$steps" = default ] || sets+=(--set "simulation.steps=$steps")
    # sizes 1e3, 1e4, ... while one run fits the cap and the sizes' sum the share
    top=0 sum=0 n=$from left=""
    while [ "$n" -le 1000000000 ]; do
        s=$(predict "$cfg" "$n" "${sets[@]}")
        [ -n "$s" ] || break
        if awk -v s="$s" -v c="$cap" -v sum="$sum" -v b="$per_job" \
            'BEGIN { exit !(s <= c && sum + s <= b) }'; then
            top=$n
            sum=$(awk -v a="$sum" -v s="$s" 'BEGIN { print a + s }')
        else
            left="$n to 1e9 paths (predicted $s s a run)"
            break
        fi
        n=$((n * 10))
    done
    name="$cfg-$steps-$prec-$rng-t$t"
    if [ "$top" -eq 0 ]; then
        echo "$name: left out (even $from paths does not fit: $left)" >> plan.txt
        continue
    fi
    echo "$name: $from to $top paths${left:+; left out: $left}" >> plan.txt
    i=$((i + 1))
    # shellcheck disable=SC2086
    "$mcsim" sweep "$repo/configs/$cfg.ini" --paths "$from:$top" --repeat "$repeat" \
        $backend "${sets[@]}" -o "sweep-$name.h5" -q 2> "sweep-$name.log" ||
        echo "$name: sweep failed: $(tail -c 200 "sweep-$name.log")" >> plan.txt
    [ -f "sweep-$name.h5" ] &&
        "$mcsim" validate "sweep-$name.h5" ${profile_args[@]+"${profile_args[@]}"} ${VALIDATE_ARGS:-} -q > "validate-$name.txt" 2>> "sweep-$name.log" ||
        true
done
echo "sweeps and validation: $(( $(date +%s) - start )) s in all" >> plan.txt

# the summary: per config, over its validate outputs
summarise() { # summarise LABEL FILES...: one markdown row
    local label=$1
    shift
    awk -v label="$label" '
    function pct(x) { return sprintf("%.0f%%", x) }
    function sort(a, n,    i, j, x) {
        for (i = 2; i <= n; i++) {
            x = a[i]
            for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
            a[j + 1] = x
        }
    }
    function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    /^  (cold|warm) +(single|double).* n +[0-9]+ +median/ {
        for (f = 1; f <= NF; f++) {
            if ($f == "median") med[++ns] = $(f + 1) + 0
            if ($f == "p90") p90[ns] = $(f + 1) + 0
        }
    }
    /ratio [0-9.]+(e[-+][0-9]+)?$/ { r = $NF + 0; if (r < 1) r = 1 / r; if (r > worst) worst = r }
    /^backend decisions:/ { right += $3; total += $5 }
    /^  (cpu|gpu) +(cold|warm) +[a-z_]+ +[0-9]+ / {
        share = $NF + 0
        key = $1 " " $3
        if ($3 == "total" || share >= 10) {
            e[key] = e[key] " " ($5 + 0)
            sg[key] = sg[key] " " ($7 + 0)
        }
    }
    END {
        m = ns ? median(med, ns) : -1
        if (ns) sort(p90, ns)
        q = ns ? p90[int(0.9 * (ns - 1)) + 1] : -1
        phases = ""
        for (k in e) {
            c = split(e[k], v, " ")
            split(sg[k], w, " ")
            phases = phases (phases ? ", " : "") k " " pct(median(v, c)) " (" sprintf("%+.0f%%", median(w, c)) ")"
        }
        printf "| %s | %s | %s | %s | %s | %s |\n", label, m < 0 ? "-" : pct(m),
            q < 0 ? "-" : pct(q), worst ? sprintf("%.2fx", worst) : "-",
            total ? sprintf("%.0f%%", 100 * right / total) : "-", phases ? phases : "-"
    }' "$@"
}
{
    echo "Estimator validation on $(hostname) ($(date -u +%Y-%m-%d)), profile $profile;"
    echo "\`bench/validate_estimator.sh MCSIM OUT $arguments\`:"
    echo "budget $budget s, cap $cap s, $repeat repeats."
    echo "Speedup errors: per series medians of the repeats (the series' median and p90"
    echo "taken over series); the median bias of each backend's total and of the phases"
    echo "taking >= 10% of a run (validate's share column), cold and warm together, with"
    echo "the median of validate's sign column in brackets (+: predicted slower than measured)."
    echo
    echo "| config | speedup median | speedup p90 | worst N* ratio | right backend | median bias: totals, phases >= 10% |"
    echo "|---|---|---|---|---|---|"
    for cfg in $configs; do
        files=(validate-"$cfg"-*.txt)
        [ -e "${files[0]}" ] && summarise "$cfg" "${files[@]}"
    done
    files=(validate-*.txt)
    [ -e "${files[0]}" ] && summarise "all" "${files[@]}"
    echo
    echo "Left out:"
    grep -E "left out|failed" plan.txt | sed 's/^/- /' || echo "- nothing"
} > summary.md
cat plan.txt summary.md
if [ -n "$readme" ]; then # the summary in place of the last one, the file replaced whole
    begin="<!-- VALIDATE_ESTIMATOR_BEGIN: bench/validate_estimator.sh --readme writes below -->"
    end="<!-- VALIDATE_ESTIMATOR_END -->"
    { echo "$begin"; echo; cat summary.md; echo; echo "$end"; } > summary.block
    if grep -qxF "$begin" "$readme" && grep -qxF "$end" "$readme"; then
        awk -v b="$begin" -v e="$end" -v block=summary.block '
            $0 == b { while ((getline line < block) > 0) print line; skip = 1; next }
            $0 == e { skip = 0; next }
            !skip' "$readme" > "$readme.tmp.$$"
    else
        { cat "$readme"; echo; cat summary.block; } > "$readme.tmp.$$"
    fi
    mv "$readme.tmp.$$" "$readme"
    echo "validate_estimator.sh: the summary is in $readme"
fi
