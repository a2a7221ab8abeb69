#!/usr/bin/env bash
# cli_test.sh - integration test of the mcsim command: exit codes (DESIGN.md's
# contract), messages that name the file, line and key, no run log or
# temporary left behind by a failed run, and good runs whose JSON result and
# HDF5 run log agree. Usage: tests/cli_test.sh PATH/TO/mcsim (from any folder).
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 PATH/TO/mcsim" >&2
    exit 64
fi
case $1 in
/*) mcsim=$1 ;;
*/*) mcsim=$PWD/$1 ;;
*) if [ -x "$PWD/$1" ]; then mcsim=$PWD/$1; else mcsim=$(command -v -- "$1") || mcsim=$1; fi ;;
esac
[ -x "$mcsim" ] || { echo "cli_test: '$1' is not an executable file" >&2; exit 1; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
european=$repo/configs/european.ini
readers=$here/check_h5_readers.sh
py=/usr/bin/python3
[ -f "$european" ] || { echo "cli_test: $european not found" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcsim_cli_test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# no local profile from the user running the tests (~/.config/mcsim, $MCSIM_PROFILE)
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_CACHE_HOME=$tmp/home/.cache
unset MCSIM_PROFILE MCSIM_BACKEND MCSIM_LOG
cd "$tmp" || exit 1
mkdir logs
out=$tmp/logs/stdout
err=$tmp/logs/stderr

passed=0
failed=0
skipped=0
problems=()
failures=() # "case: its first problem", repeated at the end (a log cut in its middle names them)

# Report the case from what has been collected in problems[].
report() {
    if [ ${#problems[@]} -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok - $1"
    else
        failed=$((failed + 1))
        echo "not ok - $1"
        local p
        for p in "${problems[@]}"; do echo "#   $p"; done
        failures+=("$1: ${problems[0]}")
        if [ -s "$err" ]; then sed 's/^/#   stderr: /' "$err" | head -n 5; fi
    fi
    problems=()
}

# The log's readers, h5dump and h5py: `make deps-test` installs them. A machine
# without them (a bare GPU machine) skips the part of a case only they can
# check, and says so (unread).
h5_missing=$("$readers" --missing)
h5py_missing="" # the checks that read with h5py alone
case $h5_missing in *h5py*) h5py_missing="python3 h5py" ;; esac
unread() { # unread WHAT: the log's WHAT is not read back here
    echo "# SKIP part: $1 not read back (no $h5_missing here)"
    skipped=$((skipped + 1))
}
skip() {
    skipped=$((skipped + 1))
    echo "ok - $1 # SKIP $2"
}

# Problems unless the file holds PATTERN (fixed string); '!PATTERN': must not.
need_in() {
    local file=$1 what=$2 pattern=$3
    if [ "${pattern#!}" != "$pattern" ]; then
        if grep -qF -- "${pattern#!}" "$file"; then problems+=("$what contains '${pattern#!}'"); fi
    elif ! grep -qF -- "$pattern" "$file"; then
        problems+=("$what lacks '$pattern'")
    fi
}

# Nothing a failed run may leave: run logs, temporaries, an output/ folder.
need_no_leftovers() {
    local left
    left=$(find "$tmp" -mindepth 1 -path "$tmp/home" -prune -o \( -name '*.h5*' -o -name '*.tmp*' -o -name output \) -print)
    if [ -n "$left" ]; then problems+=("left behind: ${left//$'\n'/ }"); fi
}

# expect_fail NAME CODE PATTERN... -- ARGS...: mcsim ARGS exits CODE, stderr
# holds every PATTERN, and no file is left behind.
expect_fail() {
    local name=$1 code=$2
    shift 2
    local patterns=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        patterns+=("$1")
        shift
    done
    shift
    "$mcsim" "$@" >"$out" 2>"$err"
    local rc=$?
    [ $rc -eq "$code" ] || problems+=("exit code $rc, expected $code")
    local p
    for p in ${patterns[@]+"${patterns[@]}"}; do need_in "$err" stderr "$p"; done
    need_no_leftovers
    report "$name"
    rm -rf output ./*.h5*
}

# The four required keys: lines 1 to 6.
REQ='[model]
spot = 100
volatility = 0.2
[option]
strike = 100
maturity = 1
'
printf '%s' "$REQ" >base.ini

# bad_ini NAME TEXT PATTERN...: a config file holding TEXT is refused with 78.
bad_ini() {
    local name=$1 text=$2
    shift 2
    printf '%s' "$text" >bad.ini
    expect_fail "config file: $name: exit 78" 78 "$@" -- bad.ini
    rm -f bad.ini
}

# bad_set NAME ASSIGNMENT PATTERN...: --set ASSIGNMENT on a good file gives 78.
bad_set() {
    local name=$1 assignment=$2
    shift 2
    expect_fail "--set $assignment: $name: exit 78" 78 "$@" -- base.ini --set "$assignment"
}

long=$(printf 'x%.0s' $(seq 1 250))

# --- bad config files: 78, message names file:line and key -------------------
# (the error is found at the first key of the section: line 8)
bad_ini "unknown section" "${REQ}[simulations]
paths = 5
" "bad.ini:8:" "[simulations] paths" "unknown section"
bad_ini "unknown key lists valid keys" '[model]
spot = 100
volatility = 0.2
sigma = 0.3
[option]
strike = 100
maturity = 1
' "bad.ini:4:" "[model] sigma" "unknown key" "spot, rate, dividend, volatility"
bad_ini "missing spot" '[model]
volatility = 0.2
[option]
strike = 100
maturity = 1
' "bad.ini:" "[model] spot" "required"
bad_ini "missing volatility" '[model]
spot = 100
[option]
strike = 100
maturity = 1
' "bad.ini:" "[model] volatility" "required"
bad_ini "missing strike" '[model]
spot = 100
volatility = 0.2
[option]
maturity = 1
' "bad.ini:" "[option] strike" "required"
bad_ini "missing maturity" '[model]
spot = 100
volatility = 0.2
[option]
strike = 100
' "bad.ini:" "[option] maturity" "required"
bad_ini "malformed number" '[model]
spot = 1OO
volatility = 0.2
[option]
strike = 100
maturity = 1
' "bad.ini:2:" "[model] spot" "not a number"
bad_ini "volatility = 0" '[model]
spot = 100
volatility = 0
[option]
strike = 100
maturity = 1
' "bad.ini:3:" "[model] volatility"
bad_ini "volatility < 0" '[model]
spot = 100
volatility = -0.2
[option]
strike = 100
maturity = 1
' "bad.ini:3:" "[model] volatility"
bad_ini "maturity = 0" '[model]
spot = 100
volatility = 0.2
[option]
strike = 100
maturity = 0
' "bad.ini:6:" "[option] maturity"
bad_ini "spot < 0" '[model]
spot = -5
volatility = 0.2
[option]
strike = 100
maturity = 1
' "bad.ini:2:" "[model] spot"
bad_ini "paths = 0" "${REQ}[simulation]
paths = 0
" "bad.ini:8:" "[simulation] paths"
bad_ini "paths > 1e15" "${REQ}[simulation]
paths = 2e15
" "bad.ini:8:" "[simulation] paths"
bad_ini "paths = 1.5" "${REQ}[simulation]
paths = 1.5
" "bad.ini:8:" "[simulation] paths"
bad_ini "steps = 0" "${REQ}[simulation]
steps = 0
" "bad.ini:8:" "[simulation] steps"
bad_ini "seed = 2^64" "${REQ}[simulation]
seed = 18446744073709551616
" "bad.ini:8:" "[simulation] seed"
bad_ini "unknown model lists names" "${REQ}[model]
type = heston9
" "bad.ini:8:" "[model] type" "gbm"
bad_ini "unknown payoff lists names" "${REQ}[option]
payoff = asianx
" "bad.ini:8:" "[option] payoff" "european"
bad_ini "unknown option type lists names" "${REQ}[option]
type = straddle
" "bad.ini:8:" "[option] type" "call, put"
bad_ini "unknown rng lists names" "${REQ}[simulation]
rng = mt19937
" "bad.ini:8:" "[simulation] rng" "pcg64"
bad_ini "unknown precision lists names" "${REQ}[simulation]
precision = half
" "bad.ini:8:" "[simulation] precision" "single, double"
bad_ini "duplicate key says first line" "${REQ}[simulation]
paths = 1
steps = 2
paths = 3
" "bad.ini:10:" "[simulation] paths" "duplicate" "line 8"
bad_ini "indented continuation line" "${REQ}[simulation]
paths = 1000
  steps = 2
" "bad.ini:9:" "[simulation] paths" "continuation"
bad_ini "key outside any section" "; comment
spot = 100
$REQ" "bad.ini:2:" "spot" "outside any section"
bad_ini "syntax error line" "${REQ}[simulation]
paths 1000
" "bad.ini:8:" "syntax error"
bad_ini "unclosed section header is the first error" "${REQ}[simulation
paths = 1000
" "bad.ini:7:" "syntax error"
bad_ini "line longer than 199 characters" "${REQ}[output]
file = $long.h5
[simulation]
paths 5
" "bad.ini:8:" "199"

# --- the products' keys: 78, file:line and key, no output file ---------------
PRODUCT='[model]
spot = 100
volatility = 0.2
[option]
payoff = barrier
strike = 100
maturity = 1
barrier = 90
barrier_type = down-out
'
bad_ini "barrier of 0" "$(printf '%s' "$PRODUCT" | sed 's/^barrier = 90/barrier = 0/')" \
    "bad.ini:8" "[option] barrier = 0" "greater than 0"
bad_ini "unknown barrier_type" "$(printf '%s' "$PRODUCT" | sed 's/^barrier_type = down-out/barrier_type = sideways/')" \
    "bad.ini:9" "[option] barrier_type = sideways" "down-out, down-in, up-out, up-in"
bad_ini "barrier without barrier_type" "$(printf '%s' "$PRODUCT" | sed '/^barrier_type/d')" \
    "[option] barrier_type" "required"
bad_ini "key of another payoff" "${PRODUCT}fixings = 12
" "bad.ini:10" "[option] fixings" "not a key of payoff = barrier"
bad_ini "fixings of 0" '[model]
spot = 100
volatility = 0.2
[option]
payoff = asian
strike = 100
maturity = 1
fixings = 0
' "bad.ini:8" "[option] fixings = 0" "between 1 and 100000"
bad_ini "strike given to a floating lookback" '[model]
spot = 100
volatility = 0.2
[option]
payoff = lookback
strike_type = floating
strike = 100
maturity = 1
' "bad.ini:7" "[option] strike = 100" "does not apply" "strike_type = floating"
bad_ini "grid that misses a fixing" '[model]
spot = 100
volatility = 0.2
[option]
payoff = asian
strike = 100
maturity = 1
fixings = 12
[simulation]
steps = 10
' "bad.ini:10" "[simulation] steps = 10" "[option] fixings = 12" "multiple of fixings"

# --- the same classes through --set: 78, message names the override ----------
bad_set "unknown section" "sim.paths=5" "--set" "[sim]" "unknown section"
bad_set "unknown key lists valid keys" "simulation.pathz=5" "--set" "pathz" "unknown key" \
    "paths, steps, seed"
bad_set "malformed number" "model.spot=abc" "--set" "[model] spot" "not a number"
bad_set "empty value" "model.volatility=" "--set" "[model] volatility"
bad_set "volatility = 0" "model.volatility=0" "--set" "[model] volatility"
bad_set "maturity < 0" "option.maturity=-1" "--set" "[option] maturity"
bad_set "spot = 0" "model.spot=0" "--set" "[model] spot" "!base.ini:2"
bad_set "paths = 0" "simulation.paths=0" "--set" "[simulation] paths"
bad_set "paths > 1e15" "simulation.paths=1_000_000_000_000_001" "--set" "[simulation] paths"
bad_set "paths = 1__000" "simulation.paths=1__000" "--set" "[simulation] paths"
bad_set "steps = 0" "simulation.steps=0" "--set" "[simulation] steps"
bad_set "seed = -1" "simulation.seed=-1" "--set" "[simulation] seed"
bad_set "unknown model" "model.type=heston9" "--set" "[model] type" "gbm"
bad_set "unknown payoff" "option.payoff=asianx" "--set" "[option] payoff" "european"
bad_set "unknown option type" "option.type=straddle" "--set" "[option] type" "call, put"
bad_set "unknown rng" "simulation.rng=mt19937" "--set" "[simulation] rng" "pcg64"
bad_set "unknown precision" "simulation.precision=half" "--set" "[simulation] precision" \
    "single, double"
bad_set "not section.key=value" "model.volatility" "--set model.volatility" "section.key=value"
expect_fail "--paths 1.5: exit 78" 78 "--paths" "[simulation] paths" -- base.ini --paths 1.5
expect_fail "--paths 1e6x: exit 78" 78 "--paths" "[simulation] paths" -- base.ini --paths 1e6x
expect_fail "--seed 2^64: exit 78" 78 "--seed" "[simulation] seed" -- \
    base.ini --seed 18446744073709551616
# a payoff that reads what the model's view lacks (models/view.h): refused
# at config time, naming both keys (engine/pair.c)
bachelier=$repo/configs/bachelier.ini
expect_fail "bachelier + geometric asian: exit 78" 78 "type = bachelier" "payoff = asian" \
    "log-spot" -- "$bachelier" --set option.average=geometric
printf '[model]\ntype = bachelier\nspot = 100\nnormal_vol = 20\n[option]\npayoff = lookback\nmaturity = 1\nmonitoring = continuous\n' > bach_lookback.ini
expect_fail "bachelier + continuous lookback: exit 78" 78 "type = bachelier" \
    "payoff = lookback" "Brownian bridge" "monitoring = discrete" -- bach_lookback.ini
printf '[model]\ntype = bachelier\nspot = 100\nnormal_vol = 20\n[option]\npayoff = barrier\nstrike = 100\nmaturity = 1\nbarrier = 90\nbarrier_type = down-out\n' > bach_barrier.ini
expect_fail "bachelier + discrete barrier: exit 78" 78 "type = bachelier" "payoff = barrier" \
    "log-spot" -- bach_barrier.ini
# the Bachelier Asian with S < 0 likely: its closed form within 4 std errors
"$mcsim" "$bachelier" --set model.spot=2 --set model.normal_vol=10 --set option.strike=1 \
    --paths 200000 --no-log -f json >"$out" 2>"$err"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); z=(d["price"]-d["analytic"])/d["std_error"]; sys.exit(0 if d["analytic_source"].startswith("Bachelier") and abs(z) < 4 else 1)' "$out" ||
    problems+=("the Bachelier Asian is not within 4 std errors of its closed form: $(cat "$out" "$err")")
report "bachelier asian with S < 0 likely: within 4 std errors of the closed form"
rm -f bach_lookback.ini bach_barrier.ini
# Heston has a log-spot but no bridge: continuous monitoring is refused
# naming both keys; its European is within 4 std errors of its closed form
heston=$repo/configs/heston.ini
expect_fail "heston + continuous barrier: exit 78" 78 "type = heston" "payoff = barrier" \
    "Brownian bridge" "monitoring = discrete" -- "$heston" --set option.payoff=barrier \
    --set option.barrier=80 --set option.barrier_type=down-out --set option.monitoring=continuous
expect_fail "heston + continuous lookback: exit 78" 78 "type = heston" "payoff = lookback" \
    "Brownian bridge" "monitoring = discrete" -- "$heston" --set option.payoff=lookback \
    --set option.strike_type=fixed --set option.monitoring=continuous
"$mcsim" "$heston" --paths 200000 --no-log -f json >"$out" 2>"$err"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); z=(d["price"]-d["analytic"])/d["std_error"]; sys.exit(0 if d["analytic_source"].startswith("Heston") and d["steps"] == 252 and abs(z) < 4 else 1)' "$out" ||
    problems+=("the Heston European (steps = auto: 252) is not within 4 std errors of its closed form: $(cat "$out" "$err")")
report "heston european at steps = auto (daily): within 4 std errors of the closed form"

# merton: the jumps break the log-space bridge, so continuous monitoring is
# refused naming both keys; a step with too many jumps for the count table
# (models/merton.h) is refused naming the keys and the steps that would do
merton=$repo/configs/merton.ini
expect_fail "merton + continuous barrier: exit 78" 78 "type = merton" "payoff = barrier" \
    "Brownian bridge" "monitoring = discrete" -- "$merton" --set option.payoff=barrier \
    --set option.barrier=80 --set option.barrier_type=down-out --set option.monitoring=continuous
expect_fail "merton + continuous lookback: exit 78" 78 "type = merton" "payoff = lookback" \
    "monitoring = discrete" -- "$merton" --set option.payoff=lookback --set option.strike_type=fixed \
    --set option.monitoring=continuous
expect_fail "merton, 8 jumps a step expected: exit 78" 78 "jump_intensity = 8" "maturity = 1" \
    "steps = 1" "raise [simulation] steps to at least 2" -- "$merton" --set model.jump_intensity=8
# a discrete barrier on merton runs; the European is within 4 std errors of the series
"$mcsim" "$merton" --paths 200000 --no-log -f json >"$out" 2>"$err"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); z=(d["price"]-d["analytic"])/d["std_error"]; sys.exit(0 if d["analytic_source"].startswith("Merton") and abs(z) < 4 else 1)' "$out" ||
    problems+=("the Merton European is not within 4 std errors of its series: $(cat "$out" "$err")")
"$mcsim" "$merton" --paths 20000 --no-log --set option.payoff=barrier --set option.barrier=80 \
    --set option.barrier_type=down-out --set option.monitoring=discrete --set simulation.steps=12 \
    -q >"$out" 2>"$err" || problems+=("merton + discrete barrier: exit $?: $(cat "$err")")
report "merton: the European within 4 std errors of its series; a discrete barrier runs"

# --tolerance SE: the paths a standard error of SE needs; the run's std
# error then lies within 5% of SE (closed-form variance: the European) or
# 25% (a CPU pilot's estimate: the Asian, which has none)
for c in european:0.05:"closed form" asian:0.25:"CPU pilot"; do
    cfg=${c%%:*} rest=${c#*:}
    within=${rest%%:*} source=${rest#*:}
    "$mcsim" "$repo/configs/$cfg.ini" --tolerance 0.05 --backend cpu --no-log -f json >"$out" 2>"$err"
    "$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(abs(d["std_error"] / 0.05 - 1) > float(sys.argv[2]))' "$out" "$within" ||
        problems+=("$cfg --tolerance 0.05: std error not within $within of it: $(cat "$out")")
    need_in "$err" stderr "--tolerance 0.05: "
    need_in "$err" stderr "$source"
    report "$cfg --tolerance 0.05: its std error within $within of 0.05 ($source)"
done
expect_fail "--tolerance and --paths: exit 64" 64 "--tolerance and --paths 100: choose one" -- \
    "$repo/configs/european.ini" --tolerance 0.1 --paths 100
expect_fail "--tolerance 0: exit 64" 64 "--tolerance 0: must be a standard error" -- \
    "$repo/configs/european.ini" --tolerance 0
expect_fail "--tolerance with --shard and no closed form: exit 64" 64 "no closed form" "--shard" -- \
    "$repo/configs/asian.ini" --tolerance 0.1 --shard 1/2
expect_fail "--tolerance with --resume: exit 64" 64 "--tolerance and --resume" -- \
    "$repo/configs/european.ini" --tolerance 0.1 --resume x.h5

# the multi-asset GBM: a correlation matrix not positive semi-definite, a
# list of the wrong length, both correlation keys, pairs of one and several
# assets: exit 78 naming the key (models/multi_gbm.c, engine/config.c)
best_of=$repo/configs/best_of.ini
printf '[model]\ntype = multi_gbm\nassets = 3\nspots = 100, 95,\n    110\nvolatilities = 0.2, 0.3, 0.25\ncorrelation_matrix = 1, 0.9, -0.9,\n  0.9, 1, 0.9,\n  -0.9, 0.9, 1\n[option]\npayoff = basket\nstrike = 100\nmaturity = 1\n' > multi_npsd.ini
expect_fail "multi_gbm: matrix not positive semi-definite: exit 78" 78 "correlation_matrix" \
    "not positive semi-definite" -- multi_npsd.ini
expect_fail "multi_gbm: not symmetric: exit 78" 78 "correlation_matrix" "not symmetric" -- \
    multi_npsd.ini --set model.correlation_matrix=1,0.5,0,0.4,1,0,0,0,1
expect_fail "multi_gbm: spots of the wrong length: exit 78" 78 "[model] spots" "has 3 numbers" \
    "assets = 2 needs 2" -- "$best_of" --set model.spots=100,95,90
expect_fail "multi_gbm: weights of the wrong length: exit 78" 78 "[option] weights" \
    "has 2 numbers" "assets = 3 needs 3" -- multi_npsd.ini --set model.correlation=0.2 \
    --set model.correlation_matrix= --set option.weights=0.5,0.5
expect_fail "multi_gbm: both correlation keys: exit 78" 78 "[model] correlation" "not both" -- \
    multi_npsd.ini --set model.correlation=0.2
expect_fail "multi_gbm + european: exit 78" 78 "payoff = european" "type = multi_gbm" -- \
    "$best_of" --set option.payoff=european
expect_fail "gbm + basket: exit 78" 78 "payoff = basket" "type = gbm" -- \
    base.ini --set option.payoff=basket
"$mcsim" "$best_of" --set model.correlation=1 --set option.payoff=spread --set option.strike=0 \
    --paths 1e5 --no-log -f json >"$out" 2>"$err" ||
    problems+=("correlation = 1 (semi-definite) refused: $(cat "$err")")
report "multi_gbm: the config's refusals exit 78 naming the key; correlation = 1 runs"
rm -f multi_npsd.ini

# --- usage errors: 64; missing file: 66; I/O: 74 ------------------------------
expect_fail "no config argument: exit 64" 64 "no config file" --
expect_fail "options but no config argument: exit 64" 64 "no config file" -- --paths 5
expect_fail "two config arguments: exit 64" 64 "one config file" -- base.ini base.ini
expect_fail "unknown option: exit 64" 64 "--bogus" -- base.ini --bogus
expect_fail "--threads 0: exit 64" 64 "--threads 0" -- base.ini --threads 0
expect_fail "--threads abc: exit 64" 64 "--threads abc" -- base.ini --threads abc
expect_fail "--format xml: exit 64" 64 "--format xml" -- base.ini --format xml
expect_fail "--backend tpu: exit 64" 64 "--backend tpu" -- base.ini --backend tpu
expect_fail "--paths without value: exit 64" 64 "--paths" "needs a value" -- base.ini --paths
expect_fail "-o without value: exit 64" 64 "-o" "needs a value" -- base.ini -o
expect_fail "missing config file: exit 66" 66 "nonexistent.ini" -- nonexistent.ini
expect_fail "config file in missing folder: exit 66" 66 "nodir/x.ini" -- nodir/x.ini
expect_fail "-o into a missing folder: exit 74" 74 "nodir" -- base.ini --paths 1000 -o nodir/run.h5
printf '%s[output]\nfile = nodir/run.h5\n' "$REQ" >outdir.ini
expect_fail "[output] file into a missing folder: exit 74" 74 "nodir" -- outdir.ini --paths 1000
rm -f outdir.ini

"$mcsim" --version >"$out" 2>"$err"
gpu_built=1
grep -q "gpu backend: not built" "$out" && gpu_built=0
# a GPU is present when nvidia-smi lists one (independent of mcsim's probe)
gpu_present=0
nvidia-smi -L 2>/dev/null | grep -q '^GPU ' && gpu_present=1
if [ $gpu_built -eq 0 ]; then
    expect_fail "--backend gpu without GPU support: exit 69" 69 "GPU support" -- \
        base.ini --paths 1000 --backend gpu
    skip "--backend gpu with GPU support but no GPU: exit 69" "this mcsim has no GPU support"
    expect_fail "[simulation] rng = sobol on a build without GPU: exit 69" 69 "gpu backend only" \
        "no GPU support" -- base.ini --paths 1000 --set simulation.rng=sobol
elif [ $gpu_present -eq 0 ]; then
    skip "--backend gpu without GPU support: exit 69" "this mcsim is built with GPU support"
    expect_fail "--backend gpu with GPU support but no GPU: exit 69 with the CUDA error" 69 \
        "--backend gpu: unavailable" "CUDA error" -- base.ini --paths 1000 --backend gpu
    expect_fail "[simulation] rng = sobol without a GPU: exit 69" 69 "gpu backend only" \
        "CUDA error" -- base.ini --paths 1000 --set simulation.rng=sobol
else
    skip "--backend gpu without GPU support: exit 69" "this mcsim is built with GPU support"
    skip "--backend gpu with GPU support but no GPU: exit 69" "a GPU is present"
    skip "[simulation] rng = sobol without a GPU: exit 69" "a GPU is present"
fi
expect_fail "[simulation] rng = sobol on the cpu backend: exit 78" 78 "base.ini" "rng = sobol" \
    "not available on the cpu backend" "pcg64, philox" -- base.ini --backend cpu \
    --set simulation.rng=sobol
if [ $gpu_built -eq 1 ]; then
    expect_fail "[simulation] rng = pcg64 on the gpu backend: exit 78" 78 "rng = pcg64" \
        "not available on the gpu backend" "philox" -- base.ini --backend gpu \
        --set simulation.rng=pcg64
else
    skip "[simulation] rng = pcg64 on the gpu backend: exit 78" "this mcsim has no GPU support"
fi
expect_fail "rng = sobol with more than 2^32 paths: exit 78" 78 "[simulation] rng" "2^32" -- \
    base.ini --paths 5e9 --set simulation.rng=sobol
expect_fail "rng = sobol with more than 20000 steps: exit 78" 78 "[simulation] rng" "20000" -- \
    base.ini --set simulation.steps=20001 --set simulation.rng=sobol
expect_fail "--device -1: exit 64" 64 "--device -1" -- base.ini --device -1
expect_fail "--device abc: exit 64" 64 "--device abc" -- base.ini --device abc

# --- good runs -----------------------------------------------------------------
# A GPU build may pick the GPU by default; these cases are about the CPU.
cpu=()
[ $gpu_built -eq 1 ] && cpu=(--backend cpu)

"$mcsim" "$european" --paths 200000 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
logs=$(find output -maxdepth 1 -type f -name 'european-cpu-*.h5' 2>/dev/null | wc -l)
[ "$logs" -eq 1 ] || problems+=("$logs files output/european-cpu-*.h5, expected 1")
# ./home is the suite's HOME (CUDA keeps its cache there after the GPU cases)
others=$(find . -mindepth 1 -path ./logs -prune -o -path ./base.ini -prune -o -path ./output \
    -prune -o -path ./home -prune -o -print; find output -mindepth 1 ! -name 'european-cpu-*.h5' -print 2>/dev/null)
[ -z "$others" ] || problems+=("unexpected files: ${others//$'\n'/ }")
need_in "$out" stdout "price"
report "default run: exit 0, one output/european-cpu-*.h5, nothing else"
rm -rf output

if [ $gpu_present -eq 0 ]; then
    rm -rf "$XDG_CACHE_HOME" # the notice is said once per machine: this is its first time
    env -u MCSIM_BACKEND "$mcsim" base.ini --paths 200000 --backend auto -o auto.h5 >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
    if [ $gpu_built -eq 1 ]; then
        need_in "$err" stderr "running on the cpu: no usable GPU ("
        need_in "$err" stderr "MCSIM_BACKEND=cpu skips the GPU"
        lines=$(grep -c . "$err")
        [ "$lines" -eq 1 ] || problems+=("$lines lines on stderr, expected 1")
    else
        [ -s "$err" ] && problems+=("a build without GPU support said something: $(cat "$err")")
    fi
    [ -f auto.h5 ] || problems+=("auto.h5 not written")
    report "--backend auto: one line on stderr, the reason and the switches, once per machine (nothing without GPU support)"
    rm -f auto.h5
    if [ $gpu_built -eq 1 ]; then
        "$mcsim" base.ini --paths 20000 --backend auto -v --no-log >"$out" 2>"$err"
        need_in "$err" stderr "running on the cpu: no usable GPU ("
        need_in "$err" stderr "CUDA"
        report "--backend auto -v: the reason behind 'no usable GPU'"
    else # -v says why every time, a build without the GPU module too
        "$mcsim" base.ini --paths 20000 --backend auto -v --no-log >"$out" 2>"$err"
        need_in "$err" stderr "--backend auto: running on the cpu: "
        need_in "$err" stderr "no GPU support"
        report "--backend auto -v: the reason (this mcsim has no GPU support)"
    fi
    "$mcsim" base.ini --paths 200000 --backend auto --quiet -o auto.h5 >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
    [ -s "$err" ] && problems+=("stderr not empty")
    [ -s "$out" ] || problems+=("stdout empty")
    report "--backend auto --quiet: stderr empty"
    rm -f auto.h5
    MCSIM_BACKEND=gpu "$mcsim" base.ini --paths 1000 --no-log >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 69 ] || problems+=("exit code $rc, expected 69")
    need_in "$err" stderr "MCSIM_BACKEND gpu"
    report "MCSIM_BACKEND=gpu without a GPU: exit 69 naming MCSIM_BACKEND"
else
    skip "--backend auto: one short line on stderr" "a GPU is present"
    skip "--backend auto -v: the reason behind 'no usable GPU'" "a GPU is present"
    skip "--backend auto --quiet: stderr empty" "a GPU is present"
    skip "MCSIM_BACKEND=gpu without a GPU: exit 69" "a GPU is present"
fi
MCSIM_BACKEND=cpu "$mcsim" base.ini --paths 1000 --no-log -f json >"$out" 2>"$err"
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["backend"] != "cpu")' "$out" \
    || problems+=("backend is not cpu: $(cat "$out")")
report "MCSIM_BACKEND=cpu sets the default backend"
MCSIM_BACKEND=tpu "$mcsim" base.ini --paths 1000 >"$out" 2>"$err"
[ $? -eq 64 ] || problems+=("MCSIM_BACKEND=tpu: exit $?, expected 64")
need_in "$err" stderr "MCSIM_BACKEND=tpu"
report "MCSIM_BACKEND=tpu: exit 64 naming the variable"

# --- runs without a writable folder, from stdin, with one path ------------------
mkdir ro && printf 'not a folder\n' >ro/output && cd ro
"$mcsim" "$european" --paths 20000 --no-log ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
need_in "$out" stdout "price"
need_in "$out" stdout "run log          none (--no-log)"
n=$(find . -mindepth 1 | wc -l)
[ "$n" -eq 1 ] || problems+=("--no-log left files: $(find . -mindepth 1)")
report "--no-log: the result where no log can be written, no file made"
"$mcsim" "$european" --paths 20000 --set output.log=no -f json ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["log_file"] is not None or d["parameters"]["log"] != "no")' "$out" \
    || problems+=("JSON log_file is not null, or parameters.log is not \"no\"")
report "[output] log = no: no log, JSON log_file null"
"$mcsim" "$european" --paths 20000 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 74 ] || problems+=("exit code $rc, expected 74")
need_in "$err" stderr "--no-log"
report "an unwritable default log: exit 74 before the run, suggesting --no-log"
MCSIM_LOG=no "$mcsim" "$european" --paths 20000 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
need_in "$out" stdout "run log          none (MCSIM_LOG=no)"
n=$(find . -mindepth 1 | wc -l)
[ "$n" -eq 1 ] || problems+=("MCSIM_LOG=no left files: $(find . -mindepth 1)")
report "MCSIM_LOG=no: --no-log by default (the result, no file, where no log can be written)"
MCSIM_LOG=yes "$mcsim" "$european" --paths 20000 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 74 ] || problems+=("exit code $rc, expected 74 (a log, as without MCSIM_LOG)")
report "MCSIM_LOG=yes: a run log as without it"
cd "$tmp" && rm -rf ro
MCSIM_LOG=no "$mcsim" base.ini --paths 1000 -o named.h5 -f json ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("-o: exit code $rc, expected 0")
[ -s named.h5 ] || problems+=("-o named.h5 not written under MCSIM_LOG=no")
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["log_file"] != "named.h5")' "$out" \
    || problems+=("JSON log is not named.h5: $(cat "$out")")
MCSIM_LOG=no "$mcsim" base.ini --paths 1000 --shard 1/2 -o shard.h5 -q ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("--shard: exit code $rc, expected 0")
[ -s shard.h5 ] || problems+=("--shard 1/2 -o shard.h5 not written under MCSIM_LOG=no")
report "MCSIM_LOG=no: -o and --shard still write their file"
rm -f ./*.h5*
MCSIM_LOG=maybe expect_fail "MCSIM_LOG=maybe: exit 64 naming the variable" 64 "MCSIM_LOG=maybe" -- \
    base.ini --paths 1000
MCSIM_LOG=maybe "$mcsim" --help >"$out" 2>"$err" || problems+=("--help under MCSIM_LOG=maybe: exit $?")
report "MCSIM_LOG=maybe: --help still works (the man page and completion read it)"
expect_fail "--no-log with -o: exit 64" 64 "--no-log" -- base.ini --no-log -o x.h5
expect_fail "[output] log = maybe: exit 78" 78 "[output] log = maybe" -- base.ini --set output.log=maybe

"$mcsim" - --paths 20000 --no-log -f json ${cpu[@]+"${cpu[@]}"} <base.ini >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d["parameters"]["spot"] != 100)' \
    "$out" || problems+=("JSON from stdin config: $(cat "$out")")
report "- as CONFIG reads the INI from stdin"
printf '[model]\nspot = -1\n' | "$mcsim" - --no-log >"$out" 2>"$err"
rc=$?
[ $rc -eq 78 ] || problems+=("exit code $rc, expected 78")
need_in "$err" stderr "<stdin>:2: [model] spot"
report "a bad config on stdin: exit 78 naming <stdin>:line"
"$mcsim" - --paths 20000 -q ${cpu[@]+"${cpu[@]}"} <base.ini >"$out" 2>"$err"
n=$(find output -name 'stdin-*.h5' 2>/dev/null | wc -l)
[ "$n" -eq 1 ] || problems+=("$n logs output/stdin-*.h5, expected 1")
report "a config from stdin logs to output/stdin-<backend>-<time>.h5"
rm -rf output

"$mcsim" base.ini --paths 1 --no-log -f json ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
"$py" -c '
import json, sys
d = json.load(open(sys.argv[1]))
bad = [k for k in ("std_error", "ci_low", "ci_high") if d[k] is not None]
bad += ["outputs[0]." + k for k in ("std_error", "ci_low", "ci_high") if d["outputs"][0][k] is not None]
sys.exit(", ".join(bad) + " not null" if bad else 0)' "$out" || problems+=("one path: $(cat "$out")")
need_in "$err" stderr "undefined (n/a)"
report "one path: std error and CI null in JSON, a note on stderr"
"$mcsim" base.ini --paths 1 --no-log ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
need_in "$out" stdout "std error        n/a"
need_in "$out" stdout "95% CI           n/a"
report "one path: std error and CI n/a in the table"
expect_fail "--paths 1e16: exit 78 stating the range" 78 "between 1 and 1e15" -- base.ini --paths 1e16
expect_fail "--paths 99999999999999999999: exit 78 stating the range" 78 "between 1 and 1e15" -- \
    base.ini --paths 99999999999999999999

"$mcsim" base.ini --paths 1000 --set simulation.steps=12 --no-log ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
need_in "$err" stderr "steps = 12 does not change the estimate"
"$mcsim" base.ini --paths 1000 --set simulation.steps=12 --set option.payoff=asian --no-log \
    ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
need_in "$err" stderr "!does not change"
report "steps > 1 on a European: one notice; on an Asian: none"
# an asset digital's cash: accepted (digital.ini switched by --set keeps its
# cash line), and a note where it is not the default
"$mcsim" "$repo/configs/digital.ini" --paths 1000 --set option.digital=asset --no-log \
    ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("digital.ini, digital = asset: exit code $rc, expected 0")
need_in "$err" stderr "!cash"
"$mcsim" "$repo/configs/digital.ini" --paths 1000 --set option.digital=asset \
    --set option.cash=5 --no-log ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
need_in "$err" stderr "note: cash = 5 is unused: digital = asset pays S_T"
report "digital = asset: cash accepted; a cash other than 1 draws a note"

# A log that fails while being written (a file size limit, SIGXFSZ as the
# user's shell leaves it): the result is printed first, then the error, exit
# 74, no file left.
sh -c 'ulimit -f 8; exec "$@"' sh "$mcsim" base.ini --paths 20000 -o big.h5 -f json \
    ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 74 ] || problems+=("exit code $rc, expected 74")
"$py" -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not d["price"] > 0 or d["log_file"] is not None)' \
    "$out" || problems+=("no result with a null log on stdout: $(cat "$out")")
need_in "$err" stderr "cannot write HDF5 log 'big.h5'"
need_no_leftovers
report "a log write that fails: result on stdout, then exit 74, nothing left"

"$mcsim" base.ini --paths 20000 -f json -o p.h5 --set option.payoff=barrier --set option.barrier=90 \
    --set option.barrier_type=down-out ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
[ -z "$h5py_missing" ] && "$py" -c '
import json, sys, h5py
d = json.load(open(sys.argv[1]))
p = d["parameters"]
want = {"model": "gbm", "payoff": "barrier", "barrier": 90, "barrier_type": "down-out",
        "paths": 20000, "steps": 252, "seed": 1, "rng": "pcg64", "precision": "single",
        "block_size": 65536}
bad = ["%s=%r" % (k, p.get(k)) for k in want if p.get(k) != want[k]]
with h5py.File(sys.argv[2]) as f:
    h = dict(f["parameters"].attrs)
    if sorted(h) != sorted(p):
        bad.append("HDF5 keys %s differ from JSON keys %s" % (sorted(h), sorted(p)))
    for k, v in p.items():
        hv = h.get(k)
        if isinstance(v, str) != isinstance(hv, str) or hv != v:
            bad.append("HDF5 %s=%r, JSON %r" % (k, hv, v))
    r = f["result"].attrs
    if "analytic" in d and d["analytic"] is not None and r.get("analytic") != d["analytic"]:
        bad.append("analytic: HDF5 %r, JSON %r" % (r.get("analytic"), d["analytic"]))
sys.exit("; ".join(bad) if bad else 0)' "$out" p.h5 2>&1 || [ -n "$h5py_missing" ] ||
    problems+=("parameters: $("$py" -c 1 2>&1)")
if [ -n "$h5py_missing" ]; then
    skip "JSON parameters and HDF5 /parameters" "no $h5py_missing here"
    problems=()
else
    report "JSON parameters and HDF5 /parameters: the same keys and typed values"
fi
rm -f p.h5

# --- inputs that once slipped through (issue 11's battery) ----------------------
printf '[model]\nspot = 1\0 0\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 1\n' >nul.ini
expect_fail "a NUL byte inside a line: exit 78 naming file:line" 78 "nul.ini:2: a NUL byte" -- nul.ini --no-log
printf '\0[model]\nspot = 100\n' >nul.ini
expect_fail "a NUL byte starting a line: exit 78" 78 "nul.ini:1: a NUL byte" -- nul.ini --no-log
printf '[model]\rspot = 100\rvolatility = 0.2\r' >nul.ini
expect_fail "CR line endings: exit 78 saying so" 78 "nul.ini:1: a carriage return" -- nul.ini --no-log
printf '\377\376[\0m\0o\0d\0e\0l\0]\0\n\0' >nul.ini
expect_fail "a UTF-16 file: exit 78 saying so" 78 "UTF-16" -- nul.ini --no-log
rm -f nul.ini
printf '[model]\r\nspot = 100\r\nvolatility = 0.2\r\n[option]\r\nstrike = 100\r\nmaturity = 1\r\n' >crlf.ini
"$mcsim" crlf.ini --paths 1000 --no-log >"$out" 2>"$err" || problems+=("exit $?")
report "CRLF line endings are read"
rm -f crlf.ini
if command -v mkfifo >/dev/null; then
    mkfifo fifo.ini
    timeout 5 "$mcsim" fifo.ini --no-log >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 66 ] || problems+=("exit code $rc, expected 66 (124: it hung)")
    need_in "$err" stderr "not a regular file"
    report "a FIFO as CONFIG: exit 66 at once, no hang"
    rm -f fifo.ini
    # every other path mcsim reads: --resume, a merge input, the GPU module
    mkfifo fifo.h5
    for args in "base.ini --no-log --resume fifo.h5" "merge fifo.h5 -o all.h5" \
        "merge base.ini fifo.h5 -o all.h5"; do
        timeout 10 "$mcsim" $args >"$out" 2>"$err"
        rc=$?
        [ $rc -eq 66 ] || problems+=("$args: exit code $rc, expected 66 (124: it hung)")
        need_in "$err" stderr "'fifo.h5': not a regular file"
    done
    MCSIM_GPU_MODULE=$tmp/fifo.h5 timeout 10 "$mcsim" base.ini --backend gpu --no-log >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 69 ] || problems+=("MCSIM_GPU_MODULE=fifo.h5: exit code $rc, expected 69 (124: it hung)")
    need_in "$err" stderr "not a regular file"
    rm -f fifo.h5
    need_no_leftovers
    report "a FIFO as --resume, a merge input or MCSIM_GPU_MODULE: refused at once, no hang"
fi

# --checkpoint FILE is removed when the job is done only if this run wrote or
# resumed it; a file that is not a checkpoint is refused before the run, kept
printf 'my notes\n' >notes.txt
cp base.ini job.ini
expect_fail "--checkpoint notes.txt: exit 74 before the run, notes.txt kept" 74 \
    "cannot write checkpoint 'notes.txt'" "not an mcsim checkpoint" -- \
    base.ini --paths 1000 -o run.h5 --checkpoint notes.txt
expect_fail "--checkpoint CONFIG: exit 64 before the run, the config kept" 64 "same file" -- \
    job.ini --paths 1000 -o run.h5 --checkpoint job.ini
[ "$(cat notes.txt)" = "my notes" ] || problems+=("notes.txt changed or removed")
cmp -s base.ini job.ini || problems+=("job.ini changed or removed")
report "notes.txt and the config are still there"
rm -f notes.txt job.ini

# an output that is one of the inputs (or the other output) is refused before any work
"$mcsim" base.ini --paths 1e10 --threads 1 --no-log --checkpoint ck.h5 ${cpu[@]+"${cpu[@]}"} \
    >"$out" 2>"$err" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
[ -s ck.h5 ] || problems+=("no checkpoint written on SIGTERM")
cp ck.h5 ck.keep
for args in "-o ck.h5 --resume ck.h5" "-o x.h5 --checkpoint x.h5" "-o base.ini"; do
    "$mcsim" base.ini --paths 1e10 $args >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 64 ] || problems+=("$args: exit code $rc, expected 64")
    need_in "$err" stderr "are the same file"
    need_in "$err" stderr "!another mcsim run"
done
cmp -s ck.h5 ck.keep && [ -s base.ini ] || problems+=("an input was replaced")
report "-o the --resume file, -o the --checkpoint file, -o CONFIG: exit 64 before the run"
# a checkpoint this run did not write or resume is left alone when it ends
"$mcsim" base.ini --paths 1000 -o run.h5 --checkpoint ck.h5 -q ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
cmp -s ck.h5 ck.keep || problems+=("an earlier checkpoint not written by this run was removed")
report "--checkpoint of an earlier run's checkpoint, not written: left alone"
rm -f ck.h5 ck.keep run.h5

# names too long for the temporary NAME.tmp.<pid>: refused before the run
long=$(printf 'n%.0s' $(seq 1 241)).h5 # 244 characters; with .tmp.<pid> (up to 12) > 255
expect_fail "-o NAME of 244 characters: exit 74 before the run" 74 "NAME_MAX" "at most 243" -- \
    base.ini --paths 1e10 -o "$long"
printed=$(cat "$out")
cfg=$(printf 'c%.0s' $(seq 1 240)).ini
cp base.ini "$cfg"
expect_fail "a 240-character config name (its default log name): exit 74 before the run" 74 \
    "NAME_MAX" "-o names another place" -- "$cfg" --paths 1e10
printed+=$(cat "$out")
[ -z "$printed" ] || problems+=("a result printed: the run went ahead")
report "nothing printed for the runs refused"
"$mcsim" "$cfg" --paths 1000 -o "${long#n}" -q ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err" ||
    problems+=("243 characters: exit $?")
[ -s "${long#n}" ] || problems+=("243 characters: no log")
report "-o NAME of 243 characters: written"
rm -f "$cfg" "${long#n}"
expect_fail "--seed 0...01 (101 digits): exit 64, never cut" 64 "--seed: value longer than" -- \
    base.ini --seed "0$(printf '0%.0s' $(seq 1 99))1"
expect_fail "--set with a 600-character value: exit 78, never cut" 78 "longer than 511" -- \
    base.ini --set "output.file=$(printf 'x%.0s' $(seq 1 600))"
expect_fail "--set output.file='run ;1.h5': exit 78 (the config could not hold it)" 78 "starts a comment" -- \
    base.ini --set "output.file=run ;1.h5"
expect_fail "spot = strike = 1e300 in single precision: exit 78" 78 "[model] spot" "precision = double" -- \
    base.ini --set model.spot=1e300 --set option.strike=1e300
"$mcsim" base.ini --paths 1e4 --set model.spot=1e300 --set option.strike=1e300 \
    --set simulation.precision=double --no-log ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 65 ] || problems+=("exit code $rc, expected 65")
need_in "$err" stderr "!use precision = double"
need_in "$err" stderr "!nan"
report "an overflow in double precision: exit 65, no advice to use double, no -nan"
# a temporary left by a killed run (its pid long gone) is removed by the next run
dead=$(sh -c 'echo $$') # a process that has ended
printf 'partial' >stale.h5.tmp.$dead
"$mcsim" base.ini --paths 1000 -o stale.h5 -q ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
[ -e stale.h5.tmp.$dead ] && problems+=("stale.h5.tmp.$dead still there")
[ -s stale.h5 ] || problems+=("stale.h5 not written")
report "a stale temporary of a killed run is removed by the next run to that path"
rm -f stale.h5*

# eight live runs on one -o: one writes, the others are refused at once
rm -f rc.*
for i in 1 2 3 4 5 6 7 8; do
    ( "$mcsim" base.ini --paths 3e7 --threads 1 -q -o same.h5 ${cpu[@]+"${cpu[@]}"} >/dev/null \
        2>"$tmp/logs/err.$i"; echo $? >rc.$i ) &
done
wait
ok=$(cat rc.* | grep -c '^0$'); refused=$(cat rc.* | grep -c '^74$')
[ $((ok + refused)) -eq 8 ] || problems+=("exit codes: $(cat rc.* | tr '\n' ' ')")
[ "$refused" -ge 1 ] || problems+=("no run was refused")
grep -l "another mcsim run" "$tmp"/logs/err.* >/dev/null || problems+=("no 'another mcsim run' message")
if [ -n "$h5_missing" ]; then
    unread "same.h5"
else
    "$readers" same.h5 >"$tmp/logs/readers" 2>&1 || problems+=("same.h5 unreadable")
fi
[ -e same.h5.lock ] && problems+=("same.h5.lock left behind")
report "8 concurrent runs on one -o: one log, the others refused (exit 74) with the reason"
rm -f rc.* same.h5*

"$mcsim" help >"$out" 2>"$err" && need_in "$out" stdout "usage: mcsim CONFIG"
"$mcsim" help sweep >"$out" 2>"$err" && need_in "$out" stdout "sweep"
[ -s "$out" ] || problems+=("mcsim help sweep printed nothing")
report "mcsim help and mcsim help sweep"
expect_fail "mcsim help bogus: exit 64" 64 "unknown command 'bogus'" -- help bogus
# mcsim help keys: the key tables from the key lists, as --help, markdown
# (the user guide's, with their marker lines) and JSON (each type's keys and
# a base config that runs)
"$mcsim" help keys >"$out" 2>"$err" && need_in "$out" stdout "barrier_type"
"$mcsim" help keys --markdown >"$out" 2>"$err" &&
    need_in "$out" stdout "<!-- keys: payoff barrier" && need_in "$out" stdout "| \`spot\` | required | > 0 |"
"$mcsim" help keys --format json >"$out" 2>"$err" || problems+=("help keys --format json failed")
python3 - "$out" "$mcsim" <<'PY' || problems+=("help keys --format json: a base config does not run")
import json, subprocess, sys
tables = json.load(open(sys.argv[1]))
assert {k["key"] for k in tables["fixed"]} >= {"paths", "seed", "rng"}, tables["fixed"]
for payoff in tables["payoffs"]:
    # the first model of as many assets ("assets": a model's 1 when several)
    model = next(m for m in tables["models"] if (m["assets"] > 0) == (payoff["assets"] > 0))
    sets = ["model.type=" + model["name"], "option.payoff=" + payoff["name"]]
    sets += (model["base"] + " " + payoff["base"]).split()
    args = [sys.argv[2], "-", "--no-log", "-q", "--paths", "100"]
    for s in sets:
        args += ["--set", s]
    subprocess.run(args, input="", text=True, check=True, capture_output=True)
PY
report "mcsim help keys: text, markdown and JSON, every payoff's base config runs (on the first model of its assets)"
expect_fail "--progress fast: exit 64" 64 "--progress fast" -- base.ini --progress fast

# Prints the price of the one JSON object on stdin; fails on anything else.
json_price() {
    "$py" -c '
import json, sys
d = json.load(sys.stdin)
missing = [k for k in ("price", "std_error", "ci_low", "ci_high", "paths", "backend", "seconds")
           if k not in d]
if missing:
    sys.exit("keys missing: %s" % ", ".join(missing))
if d["paths"] != int(sys.argv[1]):
    sys.exit("paths is %r, expected %s" % (d["paths"], sys.argv[1]))
if d["backend"] != "cpu":
    sys.exit("backend is %r, expected cpu" % d["backend"])
if not d["ci_low"] < d["price"] < d["ci_high"]:
    sys.exit("not ci_low < price < ci_high: %r %r %r" % (d["ci_low"], d["price"], d["ci_high"]))
if not (d["std_error"] > 0 and d["seconds"] >= 0):
    sys.exit("std_error %r or seconds %r out of range" % (d["std_error"], d["seconds"]))
print(repr(d["price"]))
' "$1"
}

"$mcsim" "$european" --paths 200000 --format json -o run.h5 ${cpu[@]+"${cpu[@]}"} \
    >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
price=$(json_price 200000 <"$out" 2>"$tmp/logs/py") || problems+=("JSON: $(cat "$tmp/logs/py")")
report "--format json: one JSON object with price, std_error, CI, paths, backend, seconds"

if [ -n "$h5_missing" ]; then
    skip "-o run.h5: run log read back by h5dump and h5py" "no $h5_missing here"
elif [ -f run.h5 ] && [ -n "${price:-}" ]; then
    if ! "$readers" run.h5 "$price" >"$tmp/logs/readers" 2>&1; then
        problems+=("check_h5_readers.sh: $(tail -n 3 "$tmp/logs/readers")")
    fi
else
    problems+=("no run.h5 or no JSON price to check")
fi
[ -n "$h5_missing" ] || report "-o run.h5: run log read back by h5dump and h5py with the JSON price"
rm -f run.h5

# The reproducibility contract: any thread count gives the same result.
p1=$("$mcsim" base.ini --paths 200000 --seed 7 --threads 1 --format json -o t1.h5 \
    ${cpu[@]+"${cpu[@]}"} 2>"$err" | json_price 200000 2>&1)
p2=$("$mcsim" base.ini --paths 200000 --seed 7 --threads 2 --format json -o t2.h5 \
    ${cpu[@]+"${cpu[@]}"} 2>"$err" | json_price 200000 2>&1)
[ -n "$p1" ] && [ "$p1" = "$p2" ] || problems+=("--threads 1: $p1, --threads 2: $p2")
report "same seed with --threads 1 and 2: identical price"
rm -f t1.h5 t2.h5

# Found in review: overflow, logs onto non-files, config folders, collisions.
expect_fail "single-precision overflow: exit 65, no log" 65 "overflowed" "precision = double" -- \
    base.ini --paths 1e5 --set model.rate=1 --set model.dividend=-1 --set option.maturity=50
mkdir folder
expect_fail "-o onto a folder: exit 74 before the run" 74 "not a regular file" -- \
    base.ini --paths 1e12 -o folder
rmdir folder
expect_fail "-o /dev/null: exit 74, the device is left alone" 74 "not a regular file" -- \
    base.ini --paths 1e5 -o /dev/null
[ -c /dev/null ] || problems+=("/dev/null is no longer a character device")
report "/dev/null still a device"
mkdir cfgdir
expect_fail "config path is a folder: exit 66" 66 "not a regular file" -- cfgdir
rmdir cfgdir
for i in 1 2 3 4; do
    "$mcsim" base.ini -q --paths 20000 --seed "$i" --threads 1 ${cpu[@]+"${cpu[@]}"} >/dev/null 2>&1 &
done
wait
n=$(find output -name '*.h5' | wc -l)
[ "$n" -eq 4 ] || problems+=("4 concurrent runs left $n run logs")
report "4 concurrent runs with default names: 4 distinct run logs"
rm -rf output

# Ctrl-C with very long blocks (2^24 paths x 1e5 steps each) stops at once:
# within a batch (2048 paths x 1e5 steps, about a second of one core), where
# the block would take hours. Under the sanitizers the batch takes 11.6 s on
# the idle development VM, more beside other tests: 300 s leaves room for a
# loaded CI host and still tells a stop from a run of hours. --foreground:
# timeout passes a signal to its child and, without it, to its whole process
# group again, so mcsim got SIGINT twice: the second, after the first's
# handler (SA_RESETHAND: Ctrl-C twice forces the stop), killed it before it
# removed its lock, and slow.h5.lock was left (one run in several on a
# loaded host: stop 45's CI failure).
timeout --foreground 300 "$mcsim" base.ini --paths 1e9 --set simulation.steps=100000 \
    --set simulation.block_size=16777216 -o slow.h5 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err" &
pid=$!
sleep 0.5
kill -INT "$pid"
wait "$pid"
rc=$?
[ $rc -eq 130 ] || problems+=("exit code $rc, expected 130 (124: did not stop)")
need_no_leftovers
report "SIGINT inside a long block: exit 130 promptly, no run log"

# Ctrl-C (SIGINT) stops the run between chunks: exit 130, no run log. The
# signal must come after the first chunk: on a loaded host (CI's sanitizer
# build) that may take more than 2 s, so a run stopped before it is run
# again with a longer wait.
for wait_s in 2 6 18; do
    "$mcsim" base.ini --paths 1e12 -o stopped.h5 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err" &
    pid=$!
    sleep $wait_s
    kill -INT "$pid"
    wait "$pid"
    rc=$?
    grep -q "before the first chunk finished" "$err" || break
done
[ $rc -eq 130 ] || problems+=("exit code $rc, expected 130")
need_in "$err" stderr "interrupted after"
need_in "$err" stderr "partial estimate"
need_in "$err" stderr "std error"
need_no_leftovers
report "SIGINT during a run: exit 130, the partial estimate with its std error, no run log"

mkdir sub
"$mcsim" base.ini --paths 200000 -o sub/named.h5 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
[ -s sub/named.h5 ] || problems+=("sub/named.h5 not written")
[ -e output ] && problems+=("output/ created although -o was given")
left=$(find sub -mindepth 1 ! -name named.h5 -print)
[ -z "$left" ] || problems+=("left behind: ${left//$'\n'/ }")
report "-o sub/named.h5 writes that file and nothing else"
rm -rf sub

# --- the docs' grid recipe (docs/hdf5-schema.md), its two blocks as written ------
# recipe MARKER: the fenced block after the line "<!-- MARKER ..." of the doc
recipe() {
    awk -v m="<!-- $1" 'index($0, m) == 1 { on = 1; next }
        on && /^```/ { if (inside) exit; inside = 1; next } inside' "$repo/docs/hdf5-schema.md"
}
if ! "$py" -c 'import h5py, pandas' 2>/dev/null; then
    skip "the docs' grid recipe in pandas" "no h5py or pandas (Debian: python3-h5py python3-pandas)"
else
    mkdir -p recipe/configs recipe/output && cd recipe || exit 1
    sed 's/^paths = .*/paths = 100_000/' "$european" >configs/european.ini
    # output/ already holds another product's run: the grid must not take it in
    "$mcsim" "$repo/configs/asian.ini" --paths 1000 -q -o output/other.h5 ${cpu[@]+"${cpu[@]}"} >/dev/null 2>&1
    sh_block=$(recipe grid-recipe:sh) py_block=$(recipe grid-recipe:py)
    [ -n "$sh_block" ] && [ -n "$py_block" ] || problems+=("no grid-recipe:sh or :py block in docs/hdf5-schema.md")
    (mcsim() { "$mcsim" "$@" ${cpu[@]+"${cpu[@]}"}; }; eval "$sh_block") >"$out" 2>"$err" ||
        problems+=("the recipe's shell block failed: $(tail -n 2 "$err")")
    printf '%s\n%s\n' "$py_block" '
assert list(curve.index) == [90, 100, 110], curve
assert list(curve.path) == ["grid/strike-90.h5", "grid/strike-100.h5", "grid/strike-110.h5"], curve
assert curve.price.is_monotonic_decreasing, curve
assert list(phases.index) == files and "simulate" in phases.columns, phases
assert len(runs) == 3 and set(runs.payoff) == {"european"}, runs' | "$py" - >"$out" 2>"$err" ||
        problems+=("the recipe's Python block: $(tail -n 3 "$err")")
    cd "$tmp" && rm -rf recipe
    report "the docs' grid recipe: runs in grid/, a row per file with its path, output/ left out"
fi

"$mcsim" --help >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
for p in "--set" "[model]" "[option]" "[simulation]" "[output]"; do need_in "$out" stdout "$p"; done
report "--help: exit 0, mentions --set and every config section"

"$mcsim" --version >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
head -n 1 "$out" | grep -q '^mcsim ' || problems+=("first line is '$(head -n 1 "$out")'")
need_in "$out" stdout "gpu backend:"
if [ $gpu_built -eq 1 ]; then need_in "$out" stdout "CUDA runtime"; fi
report "--version: exit 0, starts with 'mcsim ', says whether GPU support is built in"
"$mcsim" version >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
"$mcsim" --version >"$tmp/logs/version" 2>&1
cmp -s "$out" "$tmp/logs/version" || problems+=("mcsim version differs from --version: $(head -n 1 "$out")")
report "mcsim version: exit 0, the output of --version"
expect_fail "mcsim version x: exit 64" 64 "takes no arguments" -- version x

# bash completion (app/mcsim.bash-completion), in a bash of its own: it reads
# this mcsim's --help, so it completes what this mcsim has
# complete_words WORD...: what TAB offers after "mcsim WORD..." (the last word
# is the one being completed), one per line
complete_words() {
    bash -c 'source "$1" && complete -p mcsim >/dev/null || exit 1; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _mcsim; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$repo/app/mcsim.bash-completion" "$mcsim" "$@" 2>>"$err"
}
: >"$err"
complete_words ver >"$out" && [ "$(cat "$out")" = version ] ||
    problems+=("'mcsim ver' completes to '$(tr '\n' ' ' <"$out")', not 'version'")
complete_words base.ini --no-l >"$out" && [ "$(cat "$out")" = --no-log ] ||
    problems+=("'mcsim base.ini --no-l' completes to '$(tr '\n' ' ' <"$out")', not '--no-log'")
complete_words base.ini --backend '' >"$out" && [ "$(sort "$out" | tr '\n' ' ')" = "auto cpu gpu " ] ||
    problems+=("'--backend ' offers '$(tr '\n' ' ' <"$out")', not auto cpu gpu")
complete_words base.ini --set simulation.se >"$out" && [ "$(cat "$out")" = simulation.seed= ] ||
    problems+=("'--set simulation.se' completes to '$(tr '\n' ' ' <"$out")'")
complete_words base.ini --set option.payoff = as >"$out" && [ "$(cat "$out")" = asian ] ||
    problems+=("'--set option.payoff=as' completes to '$(tr '\n' ' ' <"$out")'")
complete_words sweep base.ini --rep >"$out" && [ "$(cat "$out")" = --repeat ] ||
    problems+=("'mcsim sweep base.ini --rep' completes to '$(tr '\n' ' ' <"$out")'")
report "bash completion: a subcommand, an option, its values, a config key and value, a subcommand's option"

# The estimator's subcommands: usage errors, missing inputs, the catalogue.
expect_fail "estimate without CONFIG: exit 64" 64 "name a CONFIG" -- estimate
expect_fail "estimate --gpu nosuch: exit 66, lists the catalogue" 66 "profile 'nosuch': not found" \
    "rtx3080" "h100-reference" -- estimate --gflops 1 --data-gb 1 --gpu nosuch
expect_fail "estimate --efficiency 2: exit 64" 64 "--efficiency" -- \
    estimate --gflops 1 --data-gb 1 --gpu a100 --efficiency 2
expect_fail "estimate with a spec GPU but no local CPU profile: exit 66" 66 "no local profile" -- \
    estimate base.ini --gpu h100-sxm
printf '[profile]\nname = x\nkind = cpu\n[cpu]\ncores = 16 cores\n' > bad-profile.ini
expect_fail "estimate --profile with a bad number: exit 78, names file:line:key" 78 \
    "bad-profile.ini:5: [cpu] cores = '16 cores'" -- estimate base.ini --profile ./bad-profile.ini
rm -f bad-profile.ini
expect_fail "calibrate --backend tpu: exit 64" 64 "--backend tpu" -- calibrate --backend tpu
# --backend gpu keeps the output's [cpu] section: refused before anything is measured (with a
# GPU, it was refused after a minute of measuring) where the output has none or cannot be read;
# without GPU support, exit 69 first, whatever the output holds
if [ $gpu_built -eq 1 ]; then
    expect_fail "calibrate --backend gpu into a new file: exit 78 at once" 78 \
        "keeps the [cpu] section of gpu-only.ini, and there is no such file" "nothing measured" \
        -- calibrate --backend gpu -o gpu-only.ini
    cp "$repo/profiles/h200.ini" gpu-none.ini # a spec sheet's: a [gpu] section only
    expect_fail "calibrate --backend gpu into a profile without [cpu]: exit 78 at once" 78 \
        "keeps the [cpu] section of gpu-none.ini, and it has none" "nothing measured" -- \
        calibrate --backend gpu -o gpu-none.ini
    rm -f gpu-none.ini
    printf '[profile]\nname = x\nkind = cpu\n[cpu]\ncores = 16 cores\n' > gpu-bad.ini
    expect_fail "calibrate --backend gpu into a file whose [cpu] is bad: exit 78 naming file:line" \
        78 "gpu-bad.ini, and cannot read it" "gpu-bad.ini:5: [cpu] cores" -- \
        calibrate --backend gpu -o gpu-bad.ini
    grep -q 'cores = 16 cores' gpu-bad.ini || { problems+=("gpu-bad.ini changed"); report "calibrate --backend gpu: the bad file kept"; }
    rm -f gpu-bad.ini
else
    expect_fail "calibrate --backend gpu without GPU support: exit 69 at once" 69 \
        "--backend gpu: this build or installation of mcsim has no GPU support" -- \
        calibrate --backend gpu -o gpu-only.ini
    skip "calibrate --backend gpu into a file without a [cpu] section: exit 78" \
        "this mcsim has no GPU support"
fi
[ ! -e gpu-only.ini ] || { problems+=("left gpu-only.ini"); report "calibrate --backend gpu: no file"; }
expect_fail "sweep without -o: exit 64" 64 "give -o" -- sweep base.ini --paths 1e3:1e4
expect_fail "sweep --paths 5:1: exit 64" 64 "--paths 5:1" -- sweep base.ini --paths 5:1 -o s.h5
expect_fail "validate a missing file: exit 66" 66 "nosuch.h5" -- \
    validate nosuch.h5 --profile h100-reference

"$mcsim" estimate --gflops 10000 --data-gb 1 --gpu rtx3080 --efficiency 0.42 --overhead-ms 468 \
    --format json >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert 18.5 < d["speedup"] < 19.5, d' \
    "$out" 2>>"$err" || problems+=("JSON speedup is not about 19: $(cat "$out")")
report "estimate: seed 000's worked example, JSON speedup about 19"

"$mcsim" estimate --list-profiles >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
for p in rtx3080 rtx4090 a100 h100-pcie h100-sxm h200 desktop server h100-reference; do
    need_in "$out" stdout "$p"
done
report "estimate --list-profiles: the 6 GPUs, 2 CPUs and the reference"

"$mcsim" estimate base.ini --profile h100-reference --paths 1e9 >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
for p in "cold:" "warm:" "speedup" "break-even" "lower is better"; do need_in "$out" stdout "$p"; done
report "estimate CONFIG: cold and warm phases, speedup, break-even, bar chart"

# --- the JSON result's form (issue 27 #17) -------------------------------------------
# Numbers in shortest round-trip form (they were %.17g: "std_error":
# 0.0046567960117086414), a schema_version, the log's path as log_file
# (`log` was the path beside parameters.log, the [output] log key), and a
# warnings array, empty when the checks find nothing.
"$mcsim" "$repo/configs/barrier.ini" --paths 1e5 -o json.h5 -f json ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 0 ] || problems+=("exit code $rc, expected 0")
"$py" - "$out" <<'PY' || problems+=("JSON: $(cat "$out")")
import json, re, sys
text = open(sys.argv[1]).read()
d = json.loads(text)
bad = []
# every number outside the timings: the fewest digits that read back exactly
body = re.sub(r'"timings": \{[^}]*\}|"(seconds|simulate_seconds|paths_per_second)": [^,]*', "", text)
tokens = re.findall(r'(?<![\w."])-?\d[\d.]*(?:[eE][-+]?\d+)?(?![\w."])', body)
bad += ["%s (shortest: %r)" % (t, float(t)) for t in tokens if len(t) > len(repr(float(t)))]
if len(tokens) < 40:
    bad.append("only %d numbers found" % len(tokens))
if d.get("schema_version") != 2:
    bad.append("schema_version %r, expected 2" % d.get("schema_version"))
if d.get("log_file") != "json.h5" or "log" in d or d["parameters"]["log"] != "yes":
    bad.append("log_file %r, log %r, parameters.log %r" % (d.get("log_file"), d.get("log"),
                                                          d["parameters"]["log"]))
if d.get("warnings") != []:
    bad.append("warnings %r, expected []" % d.get("warnings"))
sys.exit("; ".join(bad) or None)
PY
if [ -n "$h5_missing" ]; then
    unread "json.h5"
else
    "$readers" json.h5 >"$tmp/logs/readers" 2>&1 ||
        problems+=("json.h5: $(tail -n 3 "$tmp/logs/readers")")
fi
report "JSON: numbers in shortest round-trip form, schema_version 2, log_file, warnings []"
rm -f json.h5

# --- results the paths cannot support (issue 27 #4) ------------------------------------
# A discrete floating lookback at sigma 2, T 10 is worth at least the
# European call struck at the spot (99.88); its sample said 8 +/- 5, exit 0,
# nothing said. Now the result is printed, the checks' errors go to stderr
# even with -q, into JSON `warnings` and the log's /warnings, and the exit is 65.
printf '[model]\nspot = 100\nrate = 0.05\nvolatility = 2\n[option]\npayoff = lookback\nstrike_type = floating\nmonitoring = discrete\nmaturity = 10\n' >heavy.ini
"$mcsim" heavy.ini --paths 1e4 --seed 1 -q -f json -o heavy.h5 ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 65 ] || problems+=("exit code $rc, expected 65")
need_in "$err" stderr "mcsim: error: price: "
need_in "$err" stderr "the European call struck at the spot, a lower bound"
need_in "$err" stderr "lies in paths rarer than 1 in 10000"
need_in "$err" stderr "the result cannot be trusted"
[ -z "$h5py_missing" ] || unread "heavy.h5's /warnings"
"$py" - "$out" heavy.h5 "$h5py_missing" <<'PY' || problems+=("JSON or /warnings: $(cat "$out")")
import json, sys
d = json.load(open(sys.argv[1]))
checks = [(w["severity"], w["output"], w["check"]) for w in d["warnings"]]
bad = []
if not d["price"] < 99.8:
    bad.append("price %r" % d["price"])
if ("error", "price", "lower_bound") not in checks or ("error", "price", "tail") not in checks:
    bad.append("JSON warnings %r" % checks)
if not sys.argv[3]:  # h5py is here
    import h5py
    with h5py.File(sys.argv[2], "r") as f:
        rows = [tuple(x.decode() for x in r) for r in f["warnings"][()]]
    if [r[:3] for r in rows] != checks or [r[3] for r in rows] != [w["message"] for w in d["warnings"]]:
        bad.append("/warnings %r" % rows)
sys.exit("; ".join(bad) or None)
PY
report "a heavy-tailed lookback below its bound: errors on stderr with -q, JSON, /warnings; exit 65"
rm -f heavy.h5 heavy.ini

# sigma 10, T 100: the paths underflow; 0 +/- 0 with CI [0, 0] was exit 0
for payoff in "lookback --set option.strike_type=fixed --set option.monitoring=discrete --set simulation.steps=100" \
              "asian"; do
    # shellcheck disable=SC2086
    "$mcsim" base.ini --paths 1e4 --no-log --set model.volatility=10 --set option.maturity=100 \
        --set option.payoff=$payoff ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 65 ] || problems+=("$payoff: exit code $rc, expected 65")
    need_in "$out" stdout "price            0.00000000"
    need_in "$err" stderr "mcsim: error: price: "
done
report "sigma 10, T 100: a lookback's and an arithmetic Asian's 0 +/- 0 are errors, exit 65"
# the barrier's complementary output: 0 +/- 0 against its closed form
"$mcsim" base.ini --paths 1e4 --no-log --set model.volatility=10 --set option.maturity=100 \
    --set option.payoff=barrier --set option.barrier=90 --set option.barrier_type=down-out \
    --set option.monitoring=continuous ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
rc=$?
[ $rc -eq 65 ] || problems+=("exit code $rc, expected 65")
need_in "$err" stderr "mcsim: error: down-in: 0 (std error 0: all 10000 paths gave this value) is far from its closed form"
report "a barrier's complementary output 0 +/- 0 against its closed form: an error, exit 65"

# No false alarms: every shipped config, at its own paths and at 1e5
for c in "$repo"/configs/*.ini; do
    for paths in "" "--paths 1e5"; do
        # shellcheck disable=SC2086
        "$mcsim" "$c" $paths --no-log -f json ${cpu[@]+"${cpu[@]}"} >"$out" 2>"$err"
        rc=$?
        [ $rc -eq 0 ] || problems+=("$(basename "$c") $paths: exit code $rc")
        need_in "$err" stderr "!warning:"
        need_in "$err" stderr "!error:"
        "$py" -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["warnings"] != [])' "$out" \
            || problems+=("$(basename "$c") $paths: JSON warnings not []")
    done
done
report "every config in configs/, at its paths and at 1e5: no warning, exit 0"

[ $failed -eq 0 ] || printf '# failed: %s\n' "${failures[@]}"
echo "# $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
