#!/usr/bin/env bash
# estimator_cli_test.sh - the estimator's subcommands from the command line:
# where the local profile lives (XDG, HOME, MCSIM_PROFILE; never the working
# folder), -q, CPU-only profiles in estimate and validate (text, JSON, HTML
# report), price bases, the ASCII bar chart, calibration warnings, sweep's
# checks before measuring, a failure part-way keeping its rows, the sweep
# file read by pandas (else h5py), validate's order of checks, the output-
# path rule and the profile reader's refusals (issue 11) and --help.
# Usage: tests/estimator_cli_test.sh PATH/TO/mcsim
# Runs in a temporary folder with its own HOME. Exit 0: all passed; 1: a
# failure. Checks that cannot run here are reported as skipped, with why.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 PATH/TO/mcsim" >&2
    exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
case $1 in /*) mcsim=$1 ;; *) mcsim=$PWD/$1 ;; esac
[ -x "$mcsim" ] || { echo "estimator_cli_test: '$1' is not an executable file" >&2; exit 1; }
fixtures=$here/fixtures
config=$repo/configs/european.ini

work=$(mktemp -d /tmp/mcsim-estimator-cli.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
export HOME=$work/home
mkdir -p "$HOME"
unset XDG_CONFIG_HOME MCSIM_PROFILE
out=$work/stdout
err=$work/stderr
passed=0
failed=0
skipped=0
problems=()
failures=() # "case: its first problem", repeated at the end (a log cut in its middle names them)

report() { # report NAME: ok / not ok from the problems collected since the last report
    if [ ${#problems[@]} -eq 0 ]; then
        echo "ok - $1"
        passed=$((passed + 1))
    else
        echo "not ok - $1"
        for p in "${problems[@]}"; do echo "#   $p"; done
        failures+=("$1: ${problems[0]}")
        echo "#   stdout: $(head -c 600 "$out")"
        echo "#   stderr: $(head -c 600 "$err")"
        failed=$((failed + 1))
    fi
    problems=()
}
skip() { echo "ok - $1 # SKIP $2"; skipped=$((skipped + 1)); }
need_in() { grep -qF -- "$3" "$1" || problems+=("$2 lacks '$3'"); }
not_in() { ! grep -qF -- "$3" "$1" || problems+=("$2 has '$3'"); }
exit_is() { [ "$1" -eq "$2" ] || problems+=("exit code $1, expected $2"); }
empty() { [ ! -s "$1" ] || problems+=("$2 is not empty"); }

py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3 || true)
# a usable GPU here (the GPU module and a GPU that answers): the checks of a machine
# without one are skipped then (the device machine runs this test too)
gpu_usable=0
"$mcsim" "$config" --backend gpu --paths 1 --no-log -q >/dev/null 2>&1 && gpu_usable=1

# --- validate: a missing sweep file is the error, before any profile ----------
MCSIM_PROFILE=/nonexistent/profile.ini "$mcsim" validate /missing.h5 >"$out" 2>"$err"
exit_is $? 66
need_in "$err" stderr "/missing.h5"
not_in "$err" stderr "profile"
report "validate /missing.h5: exit 66 naming the file, before looking at profiles"

MCSIM_PROFILE=$fixtures/cpu-only.ini "$mcsim" validate "$fixtures/cpu-only.ini" >"$out" 2>"$err"
exit_is $? 65
need_in "$err" stderr "cpu-only.ini"
report "validate of a file that is not HDF5: exit 65 naming it"

# --- the local profile's place ------------------------------------------------
"$mcsim" calibrate --quick -q >"$out" 2>"$err"
exit_is $? 0
empty "$err" "stderr with -q"
[ -f "$HOME/.config/mcsim/local.ini" ] || problems+=("no $HOME/.config/mcsim/local.ini")
[ ! -e profiles ] || problems+=("calibrate made ./profiles")
if [ $gpu_usable -eq 0 ]; then
    not_in "$HOME/.config/mcsim/local.ini" profile "[gpu]"
    need_in "$HOME/.config/mcsim/local.ini" profile "kind = cpu"
fi
report "calibrate --quick -q: writes ~/.config/mcsim/local.ini (folder created), silent (CPU-only without a usable GPU)"

# (one calibration for both: each takes 14 s under the sanitizers)
mkdir -p "$work/xdg" "$work/elsewhere/profiles"
XDG_CONFIG_HOME=$work/xdg "$mcsim" calibrate --quick --name xdgprof >"$out" 2>"$err"
exit_is $? 0
need_in "$err" stderr "wrote $work/xdg/mcsim/local.ini"
# an inferred multi-asset kernel's middle and wide steps: the measured one's (single
# pcg64) times the two's times at the inferred one's step point (its path + S steps,
# S from calibrate's line), not the one-step Europeans' ratio. Not judged where noise
# left nothing to scale: the inferred step clamped at 0 (no identity), or the
# reference's middle or wide step 0 (that one); the count judged is printed
judged=0
for k in single_philox double_pcg64 double_philox; do
    s=$(sed -n "s/.*cpu: kernel multi_gbm_basket_1_$k: .*one step point (\([0-9]*\) steps).*/\1/p" "$err")
    [ -n "$s" ] || { problems+=("calibrate --quick: no step point for basket $k"); continue; }
    awk -v k="multi_gbm_basket_1_$k" -v r=multi_gbm_basket_1_single_pcg64 -v s="$s" -F' = ' '
        { v[$1] = $2 }
        END {
            if (!(v["step_ns." k] > 0)) { print 0; exit }
            t = (v["path_ns." k] + s * v["step_ns." k]) / (v["path_ns." r] + s * v["step_ns." r])
            n = 0
            for (i = 1; i <= 2; i++) {
                key = i == 1 ? "mid_step_ns." : "wide_step_ns."
                if (!(v[key r] > 0)) continue
                q = v[key k] / v[key r]
                if (q < t * 0.999 || q > t * 1.001) { print key k ": " q " x, its time " t " x"; exit 1 }
                n++
            }
            print n
        }' "$work/xdg/mcsim/local.ini" >"$out" &&
        judged=$((judged + $(cat "$out"))) || problems+=("quick profile, $k: $(cat "$out")")
done
echo "# calibrate --quick: $judged of 6 inferred middle and wide steps judged against their times"
need_in "$work/xdg/mcsim/local.ini" profile "name = xdgprof"
report "calibrate with XDG_CONFIG_HOME: writes \$XDG_CONFIG_HOME/mcsim/local.ini and says so"

# config_asset_s: the line through the multi-asset runs' config medians at
# each asset count they have (the calibration job's 2, the middle 16, 64)
for a in 2 16 64; do need_in "$err" stderr "ms at $a assets ("; done
v=$(sed -n 's/^config_asset_s = //p' "$work/xdg/mcsim/local.ini")
[ -n "$v" ] && awk -v v="$v" 'BEGIN { exit !(v >= 0 && v < 1e-3) }' ||
    problems+=("config_asset_s '$v' is not a time in [0, 1 ms)")
report "calibrate: config_asset_s from the multi-asset runs at 2, 16 and 64 assets"

(cd "$work/elsewhere" && XDG_CONFIG_HOME=$work/xdg "$mcsim" estimate "$config" >"$out" 2>"$err")
exit_is $? 0
need_in "$out" stdout "cpu: xdgprof"
(cd / && XDG_CONFIG_HOME=$work/xdg "$mcsim" estimate "$config" --format json >"$out" 2>"$err")
exit_is $? 0
need_in "$out" stdout '"cpu_profile": "xdgprof"'
report "estimate finds the XDG local profile from any folder"

(cd / && XDG_CONFIG_HOME=relative/dir "$mcsim" estimate "$config" >"$out" 2>"$err")
need_in "$out" stdout "cpu: local"
report "a relative XDG_CONFIG_HOME is ignored (the XDG spec): ~/.config/mcsim/local.ini"

(cd / && XDG_CONFIG_HOME=$work/xdg MCSIM_PROFILE=$fixtures/cpu-only.ini \
    "$mcsim" estimate "$config" >"$out" 2>"$err")
need_in "$out" stdout "cpu: cpu-only"
report "MCSIM_PROFILE wins over the XDG local profile"

cp "$fixtures/cpu-only.ini" "$work/elsewhere/profiles/local.ini"
(cd "$work/elsewhere" && XDG_CONFIG_HOME=$work/nothing-here "$mcsim" estimate "$config" \
    >"$out" 2>"$err")
exit_is $? 66
need_in "$err" stderr "no local profile"
need_in "$err" stderr "./profiles/local.ini, where earlier versions wrote it, is no longer read"
empty "$out" stdout
report "./profiles/local.ini is not read (the estimate does not depend on the folder); says so"

# No profile at all (none named, no local one): the catalogue's nearest entries, said in one
# line; on this machine without an NVIDIA driver, CPU predictions only
(cd "$work/elsewhere" && rm -f profiles/local.ini && XDG_CONFIG_HOME=$work/nothing-here \
    "$mcsim" estimate "$config" >"$out" 2>"$err")
exit_is $? 0
[ "$(grep -c "no profile (no local profile; \`mcsim calibrate\` measures this machine): the catalogue's nearest entries, cpu '" "$out")" -eq 1 ] ||
    problems+=("no one line naming the catalogue's nearest entry")
if [ ! -d /proc/driver/nvidia/gpus ]; then
    need_in "$out" stdout "gpu none (no NVIDIA GPU seen)"
    need_in "$out" stdout "gpu: none (no GPU like this machine's in the catalogue)"
fi
not_in "$err" stderr "another machine"
(cd "$work/elsewhere" && XDG_CONFIG_HOME=$work/nothing-here \
    "$mcsim" estimate "$config" -f json >"$out" 2>"$err")
need_in "$out" stdout '"nearest_catalogue": "no profile'
(cd "$work/elsewhere" && XDG_CONFIG_HOME=$work/nothing-here \
    "$mcsim" estimate "$config" --gpu h100-sxm >"$out" 2>"$err")
exit_is $? 66
need_in "$err" stderr "no local profile"
report "estimate without any profile: the catalogue's nearest entry, said in one line (JSON too); a named side still needs the local one"

# --- CPU-only profile: estimate ---------------------------------------------------
export MCSIM_PROFILE=$fixtures/cpu-only.ini
"$mcsim" estimate "$config" --paths 1e7 >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "CPU-only"
for no in speedup break-even "gpu |" "GPU is"; do not_in "$out" stdout "$no"; done
need_in "$out" stdout "cpu \$"
need_in "$out" stdout "purchase price amortised (profile cpu-only)"
report "estimate with a CPU-only profile: CPU predictions, no speedup or break-even, priced"

"$mcsim" estimate "$config" --paths 1e7 --format json >"$out" 2>"$err"
exit_is $? 0
if [ -n "$py" ]; then
    "$py" - "$out" <<'EOF' || problems+=("JSON checks failed")
import json, sys
d = json.load(open(sys.argv[1]))
assert d["gpu_profile"] is None, d["gpu_profile"]
for m in ("cold", "warm"):
    assert d[m]["gpu"] is None and d[m]["speedup"] is None and d[m]["break_even_paths"] is None, d[m]
    assert d[m]["cpu"]["available"] and d[m]["cpu"]["phases"]["total"] > 0, d[m]["cpu"]
    assert abs(d[m]["cpu_cost"] - d[m]["cpu"]["phases"]["total"] * 1.5 / 3600) < 1e-15
assert d["cpu_price_basis"] == "amortised" and d["gpu_price_basis"] is None
assert d["warnings"] == []
EOF
fi
report "estimate --format json with a CPU-only profile: gpu null, no speedup, cost and basis"

"$mcsim" estimate "$config" --gpu "$fixtures/test-machine.ini" --paths 1e9 --cpu-price 0.25 \
    >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "speedup"
need_in "$out" stdout "at \$0.25/h, as given"
need_in "$out" stdout "price basis not stated (profile test-machine)"
report "estimate CPU-only profile --gpu NAME: compares with that GPU; given and unstated prices named"
unset MCSIM_PROFILE

# --- runs: a local profile that cannot be used is said, once (issue 27) -----------------
has_estimate() { # has_estimate FILE: exit 0 if the run log has /estimate, 1 if not, 2 unknown
    [ -n "$py" ] && "$py" -c 'import h5py' 2>/dev/null || return 2 # no reader here
    "$py" -c 'import h5py, sys; sys.exit(0 if "estimate" in h5py.File(sys.argv[1], "r") else 1)' \
        "$1" 2>/dev/null
}
[ -n "$py" ] && "$py" -c 'import h5py' 2>/dev/null ||
    echo "# SKIP part: the run logs' /estimate not read below (no python3 h5py here)"
printf '[profile]\nname = half\n' >half.ini
for prof in "/nonexistent/profile.ini|cannot open" "$work/half.ini|[profile] needs name and kind"; do
    for v in "" -v; do
        MCSIM_PROFILE=${prof%|*} "$mcsim" "$config" --paths 1e4 -o run.h5 $v >"$out" 2>"$err"
        exit_is $? 0
        n=$(grep -cF "MCSIM_PROFILE=${prof%|*} is not used" "$err")
        [ "$n" -eq 1 ] || problems+=("MCSIM_PROFILE=${prof%|*} $v: said $n times, expected once")
        need_in "$err" stderr "${prof#*|}"
        has_estimate run.h5 && problems+=("MCSIM_PROFILE=${prof%|*} $v: the log has /estimate")
        rm -f run.h5
    done
done
MCSIM_PROFILE=/nonexistent/profile.ini "$mcsim" "$config" --paths 1e4 --no-log -q >"$out" 2>"$err"
empty "$err" "stderr with -q"
"$mcsim" "$config" --backend cpu --paths 1e4 -o run.h5 >"$out" 2>"$err"
not_in "$err" stderr "not used"
has_estimate run.h5 || [ $? -eq 2 ] || problems+=("the local profile's run has no /estimate")
rm -f run.h5
report "a run with MCSIM_PROFILE missing or broken says so once (also without -v; -q silences)"

# --- ranks, shards and a GPU from its spec sheet (issue 28) ---------------------------------
if [ -n "$py" ]; then
    for args in "" "--ranks 1" "--ranks 2" "--shards 1" "--shards 4"; do
        name=${args:-plain}
        "$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e9 -f json \
            $args >"${name// /}.json" 2>"$err" || problems+=("$name: exit $?")
    done
    "$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e12 -f json \
        --shards 4 >shards4-1e12.json 2>"$err" || problems+=("--shards 4 at 1e12: exit $?")
    "$py" - <<'EOF' 2>&1 || problems+=("JSON checks failed")
import json, math
j = {n: json.load(open(n + ".json")) for n in ("plain", "--ranks1", "--ranks2", "--shards1", "--shards4")}
plain = j["plain"]
assert plain["ranks"] is None and plain["shards"] is None
for side in ("cpu", "gpu"):
    total = plain["cold"][side]["phases"]["total"]
    sim = plain["cold"][side]["phases"]["simulate"]
    fixed = total - sim - plain["cold"][side]["phases"]["reduce"]
    one = j["--ranks1"]["ranks"][side]
    assert one["per_rank"] == [total] and one["gather"] == 0 and one["total"] == total, one
    two = j["--ranks2"]["ranks"][side]
    assert len(two["per_rank"]) == 2 and two["total"] >= two["slowest"], two
    saved = total - two["slowest"]  # about half the simulate term (and of reduce)
    assert abs(saved / (sim / 2) - 1) < 0.05, (side, saved, sim)
    four = j["--shards4"]["shards"][side]
    runs = sum(four["per_shard"])
    # N cold starts' worth of machine time (and up to a partial wave each), the wall
    # time of one share plus the merge
    assert 1 <= (runs - total) / (3 * fixed) < 1.15, (side, runs, total, fixed)
    # sums in C's order, not Python's: equal to rounding
    assert math.isclose(four["busy"], runs + four["merge"], rel_tol=1e-12), (side, four, runs)
    assert math.isclose(four["total"], four["slowest"] + four["merge"], rel_tol=1e-12), four
    assert four["merge"] > 0 and four["slowest"] == max(four["per_shard"]) < total, four
# the merge joins the shards' subtree roots, not their blocks: 1000 times the blocks, the same
# merge (to the roots' few merges); the test machine has no context_together: no contention
big = json.load(open("shards4-1e12.json"))["shards"]
assert abs(big["gpu"]["merge"] - j["--shards4"]["shards"]["gpu"]["merge"]) < 1e-5, big
assert big["gpu"]["context_together"] == 1 and "context_together" not in big["cpu"], big
EOF
else
    skip "estimate --ranks and --shards (JSON)" "no python3"
fi
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e9 --shards 8 \
    >"$out" 2>"$err"
exit_is $? 0
for want in "shards: 8 shards" "shard 1 " "... 2 more" "shard 8 " "merge (read, join, write)" \
            "wall (slowest shard + merge)" "machine time" "start at once, one per GPU"; do
    need_in "$out" stdout "$want"
done
report "estimate --ranks R / --shards N: R=1 is the plain run, R=2 halves simulate, shards pay N starts"

# a share is a whole process (process_cold_s) and a rank pays MPI's start-up (mpi_start_s)
sed -e 's/^\[cpu\]$/[cpu]\nprocess_cold_s = 0.01\nmpi_start_s = 0.5/' \
    -e 's/^\[gpu\]$/[gpu]\nprocess_cold_s = 0.2/' "$fixtures/test-machine.ini" >proc.ini
# the GPU ranks' own start-up ([gpu] mpi_start_s), else the CPU's
sed -e 's/^\[gpu\]$/[gpu]\nmpi_start_s = 0.3/' proc.ini >proc-gpu.ini
if [ -n "$py" ]; then
    "$mcsim" estimate "$config" --profile proc-gpu.ini --paths 1e9 -f json --ranks 2 \
        >gpu-ranks2.json 2>"$err" || problems+=("proc-gpu.ini --ranks 2: exit $?")
    for args in "" "--ranks 2" "--shards 2"; do
        name=proc${args:-plain}
        "$mcsim" estimate "$config" --profile proc.ini --paths 1e9 -f json $args \
            >"${name// /}.json" 2>"$err" || problems+=("$name: exit $?")
    done
    "$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e9 --shards 2 \
        -f json >--shards2.json 2>"$err" || problems+=("--shards 2: exit $?")
    "$py" - <<'EOF' || problems+=("JSON checks failed (process, mpi)")
import json
j = {n: json.load(open(n + ".json"))
     for n in ("proc--ranks2", "proc--shards2", "--ranks2", "--shards2")}
ranks, shards = j["proc--ranks2"]["ranks"], j["proc--shards2"]["shards"]
assert ranks["cpu"]["mpi_start"] == 0.5 and ranks["gpu"]["mpi_start"] == 0.5, ranks
own = json.load(open("gpu-ranks2.json"))["ranks"]
assert own["cpu"]["mpi_start"] == 0.5 and own["gpu"]["mpi_start"] == 0.3, own
assert own["cpu"]["mpi_start_from"] == "cpu" and own["gpu"]["mpi_start_from"] == "gpu", own
assert ranks["gpu"]["mpi_start_from"] == "cpu", ranks  # no [gpu] mpi_start_s: the CPU's
assert all(abs(o - r + 0.2) < 1e-9 for o, r in zip(own["gpu"]["per_rank"], ranks["gpu"]["per_rank"]))
assert own["cpu"]["per_rank"] == ranks["cpu"]["per_rank"], (own, ranks)
assert j["--ranks2"]["ranks"]["cpu"]["mpi_start"] is None, j["--ranks2"]
assert j["--ranks2"]["ranks"]["gpu"]["mpi_start_from"] is None, j["--ranks2"]
assert "mpi_start" not in shards["cpu"], shards
process = {"cpu": 0.01, "gpu": 0.2}
for side in ("cpu", "gpu"):
    # the fixture's --ranks 2 of the same job: each rank 0.5 s of MPI and its process more
    plain = j["--ranks2"]["ranks"][side]["per_rank"]
    got = ranks[side]["per_rank"]
    assert all(abs(g - p - 0.5 - process[side]) < 1e-9 for g, p in zip(got, plain)), (got, plain)
    # a shard: its process; the merge: a CPU process's
    plain = j["--shards2"]["shards"][side]
    assert abs(shards[side]["per_shard"][0] - plain["per_shard"][0] - process[side]) < 1e-9
    assert abs(shards[side]["merge"] - plain["merge"] - 0.01) < 1e-9, (shards, plain)
EOF
else
    skip "estimate: process_cold_s and mpi_start_s in --ranks and --shards (JSON)" "no python3"
fi
# a share's context from a quiet host ([gpu] context_quiet_s), else context_s (0.2 in the fixture)
sed -e 's/^\[gpu\]$/[gpu]\ncontext_quiet_s = 0.5\ncontext_together_2 = 1.5/' \
    "$fixtures/test-machine.ini" >quiet.ini
sed -e 's/^\[gpu\]$/[gpu]\ncontext_together_2 = 1.5/' "$fixtures/test-machine.ini" >loud.ini
if [ -n "$py" ]; then
    for p in quiet loud; do
        "$mcsim" estimate "$config" --profile $p.ini --paths 1e9 --shards 2 -f json >$p.json \
            2>"$err" || problems+=("$p.ini --shards 2: exit $?")
    done
    "$py" - <<'EOF' || problems+=("JSON checks failed (context_quiet_s)")
import json
q, l = (json.load(open(n + ".json"))["shards"] for n in ("quiet", "loud"))
assert q["gpu"]["context_quiet"] is True and l["gpu"]["context_quiet"] is False, (q, l)
# each share: k(2) = 1.5 times one context, 0.5 s in place of 0.2 s
for a, b in zip(q["gpu"]["per_shard"], l["gpu"]["per_shard"]):
    assert abs(a - b - 1.5 * (0.5 - 0.2)) < 1e-9, (a, b)
assert q["cpu"]["per_shard"] == l["cpu"]["per_shard"], (q, l)
EOF
fi
"$mcsim" estimate "$config" --profile quiet.ini --paths 1e9 --shards 2 >"$out" 2>"$err"
need_in "$out" stdout "each share's CUDA context from a quiet host ([gpu] context_quiet_s)"
"$mcsim" estimate "$config" --profile loud.ini --paths 1e9 --shards 2 >"$out" 2>"$err"
need_in "$out" stdout "([gpu] context_s: no context_quiet_s in the profile)"
"$mcsim" estimate "$config" --profile proc.ini --paths 1e9 --ranks 2 >"$out" 2>"$err"
need_in "$out" stdout "each cpu rank includes MPI's start-up, 0.5 s ([cpu] mpi_start_s)"
need_in "$out" stdout "each gpu rank includes MPI's start-up, 0.5 s ([cpu] mpi_start_s; the profile has no [gpu] mpi_start_s)"
"$mcsim" estimate "$config" --profile proc-gpu.ini --paths 1e9 --ranks 2 >"$out" 2>"$err"
need_in "$out" stdout "each gpu rank includes MPI's start-up, 0.3 s ([gpu] mpi_start_s)"
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e9 --ranks 2 \
    >"$out" 2>"$err"
need_in "$out" stdout "a cpu rank's MPI start-up (launcher, MPI_Init) is not included"
need_in "$out" stdout "a gpu rank's MPI start-up (launcher, MPI_Init) is not included"
need_in "$out" stdout "mcsim calibrate --mpirun CMD"
report "estimate --ranks / --shards: each share's process, its context from a quiet host and each rank's MPI start-up (each backend's own, the CPU's for a GPU rank without), when measured"

"$mcsim" calibrate --quick --mpirun '' -o x.ini >"$out" 2>"$err"
exit_is $? 64
need_in "$err" stderr "--mpirun '': give the launcher's command"
"$mcsim" calibrate --quick --backend cpu --mpirun "$work/no-such-launcher" -o x.ini \
    >"$out" 2>"$err"
exit_is $? 69
need_in "$err" stderr "no-such-launcher"
[ ! -e x.ini ] || problems+=("a failed calibrate left x.ini")
"$mcsim" calibrate --quick --mpirun "$(printf 'x%.0s' $(seq 1 1019))" -o x.ini >"$out" 2>"$err"
exit_is $? 64  # one past the longest command
need_in "$err" stderr "1 to 1018 characters"
# 15 words and calibrate's "-n 1": one past the launcher's 16 words (runner.h)
"$mcsim" calibrate --quick --backend cpu --mpirun "$(echo w{1..15})" -o x.ini >"$out" 2>"$err"
exit_is $? 64
need_in "$err" stderr "w14 w15 -n 1': more than 16 words"
[ ! -e x.ini ] || problems+=("a failed calibrate left x.ini")
report "calibrate --mpirun: an empty, a too long or too many-worded launcher and a missing launcher refused"

if command -v mpirun >/dev/null; then
    # with OpenMP's threads bound (OMP_PROC_BIND), the launcher, like every
    # fresh run calibrate and sweep start, gets all the CPUs this test has,
    # not the one its bound master thread holds (runner.c, spawn_widened)
    printf '#!/bin/sh\ngrep Cpus_allowed_list /proc/self/status >>%s\nexec "$@"\n' \
        "$work/affinity.txt" >"$work/record-affinity.sh"
    chmod +x "$work/record-affinity.sh"
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_PROC_BIND=close \
        OMP_PLACES=threads timeout 300 "$mcsim" calibrate --quick --backend cpu \
        --mpirun "$work/record-affinity.sh mpirun --oversubscribe" -o mpi.ini >"$out" 2>"$err"
    exit_is $? 0
    need_in "$err" stderr "cpu: MPI start-up"
    need_in "$err" stderr "mpirun --oversubscribe -n 1:"
    v=$(sed -n 's/^mpi_start_s = //p' mpi.ini)
    [ -n "$v" ] && awk -v v="$v" 'BEGIN { exit !(v > 0 && v < 30) }' ||
        problems+=("mpi_start_s '$v' is not a time in (0, 30) s")
    report "calibrate --mpirun 'mpirun --oversubscribe': measures [cpu] mpi_start_s"
    # (one place a hardware thread: the bound master holds one CPU of several)
    mine=$(grep Cpus_allowed_list /proc/self/status)
    if [ "$(nproc)" -ge 2 ]; then
        [ -s "$work/affinity.txt" ] && [ "$(sort -u "$work/affinity.txt")" = "$mine" ] ||
            problems+=("the launcher ran on '$(sort -u "$work/affinity.txt" | tr '\n' ' ')', not on this test's '$mine'")
        report "with OMP_PROC_BIND, calibrate's launcher gets every CPU, not the bound master's one"
    else
        skip "with OMP_PROC_BIND, calibrate's launcher gets every CPU" "one CPU here"
    fi
else
    skip "calibrate --mpirun: measures [cpu] mpi_start_s" "no mpirun (Debian: openmpi-bin)"
fi

"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --gpu h200 -f json \
    >"$out" 2>"$err"
exit_is $? 0
if [ -n "$py" ]; then
    "$py" - "$out" <<'EOF' || problems+=("JSON checks failed")
import json, sys
d = json.load(open(sys.argv[1]))
t = {x["term"]: x for x in d["scaled_terms"]}
assert set(t) == {"kernel_single", "kernel_double", "ramp_and_launch", "copies", "log_write"}, t
assert all(x["from"] == "test-machine" and x["profile"] == "h200" and x["side"] == "gpu"
           for x in t.values()), t
# the fixture: 100 SMs at 1000 MHz, FP64 share 1/2, a 25 GB/s link; the h200 132 at 1980, 63
assert abs(t["kernel_single"]["ratio"] - 100 * 1000 / (132 * 1980)) < 1e-12, t
assert t["kernel_single"]["by"] == "sm_count x boost_clock"
assert abs(t["copies"]["ratio"] - 25 / 63) < 1e-12, t
# the log's write: the CPU profile's (here the reference's own, 0.0005 s warm) over the reference's
assert t["log_write"]["ratio"] == 1, t
EOF
fi
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --gpu h200 >"$out" 2>"$err"
need_in "$out" stdout "gpu h200 scaled from 'test-machine' (cost here / there): kernel_single x0.3826 (sm_count x boost_clock)"
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" -f json >"$out" 2>"$err"
need_in "$out" stdout '"scaled_terms": []'
report "estimate --gpu h200 --profile P: scaled from P per term, the terms named (text, JSON)"

sed 's/^calibrated = yes$/calibrated = yes\nhost = another-host/' \
    "$fixtures/test-machine.ini" >elsewhere.ini
"$mcsim" estimate "$config" --profile elsewhere.ini >"$out" 2>"$err"
exit_is $? 0
[ "$(grep -c 'was measured on another machine' "$err")" -eq 1 ] ||
    problems+=("no one-line warning for a profile of another host")
need_in "$err" stderr "host 'another-host', CPU 'Test CPU'; this is host '"
"$mcsim" estimate "$config" --profile elsewhere.ini -q >"$out" 2>"$err"
empty "$err" "stderr with -q"
"$mcsim" estimate "$config" >"$out" 2>"$err"   # the local profile calibrated above, here
not_in "$err" stderr "another machine"
report "estimate with a profile measured on another host: a one-line warning (-q silences it)"

# the local profile above came from calibrate --quick: it says so (key quick = yes), and
# estimate says so in one line and in JSON; a full profile has no such line
grep -qx 'quick = yes' "$HOME/.config/mcsim/local.ini" || problems+=("quick profile lacks quick = yes")
# every CPU kernel has its costs (all but single pcg64 measured at one step count, path
# costs inferred)
for g in pcg64 philox; do
    n=$(grep -c "^step_ns\.gbm_.*_$g = " "$HOME/.config/mcsim/local.ini")
    [ "$n" -eq 18 ] || problems+=("quick profile: $n step_ns keys for $g, not 18")
done
"$mcsim" estimate "$config" >"$out" 2>"$err"
[ "$(grep -c 'measured by `mcsim calibrate --quick`' "$out")" -eq 1 ] ||
    problems+=("no one line saying the profile is a --quick one")
"$mcsim" estimate "$config" -f json >"$out" 2>"$err"
need_in "$out" stdout '"cpu_profile_quick": true'
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" >"$out" 2>"$err"
not_in "$out" stdout "calibrate --quick"
"$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" -f json >"$out" 2>"$err"
need_in "$out" stdout '"cpu_profile_quick": false, "gpu_profile_quick": false'
report "a --quick profile is marked (quick = yes), has every CPU kernel; estimate says so in one line and in JSON"

# --- the bar chart by locale ------------------------------------------------------------
LC_ALL=C "$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" --paths 1e8 \
    >"$out" 2>"$err"
need_in "$out" stdout "cpu |#"
not_in "$out" stdout "█"
report "estimate in the C locale: the bar chart is ASCII"
if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then
    LC_ALL=C.UTF-8 "$mcsim" estimate "$config" --profile "$fixtures/test-machine.ini" \
        --paths 1e8 >"$out" 2>"$err"
    need_in "$out" stdout "cpu |█"
    report "estimate in a UTF-8 locale: the bar chart is drawn with blocks"
else
    skip "estimate in a UTF-8 locale: blocks" "no C.UTF-8 locale here"
fi

# --- calibration warnings and -q -----------------------------------------------------------
"$mcsim" estimate "$config" --profile "$fixtures/implausible.ini" >"$out" 2>"$err"
exit_is $? 0
need_in "$err" stderr "warning: profile 'implausible'"
need_in "$err" stderr "2-thread efficiency 1.26 > 1.10"
"$mcsim" estimate "$config" --profile "$fixtures/implausible.ini" -q >"$out" 2>"$err"
exit_is $? 0
empty "$err" "stderr with -q"
report "estimate prints a profile's calibration warning on stderr; -q silences it"

# --- sweep: checks before measuring -----------------------------------------------------------
if [ $gpu_usable -eq 0 ]; then
    "$mcsim" sweep "$config" --paths 1e3:1e4 --backend cpu,gpu --repeat 1 -o sw.h5 \
        >"$out" 2>"$err"
    exit_is $? 69
    need_in "$err" stderr "--backend gpu"
    need_in "$err" stderr "nothing measured, no sweep file written"
    not_in "$err" stderr "mcsim sweep: 1/"
    [ ! -e sw.h5 ] || problems+=("sw.h5 was written")
    report "sweep --backend cpu,gpu without a GPU: exit 69 before measuring, no file"

    "$mcsim" sweep "$config" --paths 1e3:1e4 --mode warm --repeat 1 -o sw.h5 >"$out" 2>"$err"
    exit_is $? 0
    need_in "$err" stderr "leaving out gpu"
    need_in "$err" stderr "2 runs written to sw.h5"
    report "sweep without --backend: the usable backends only (cpu here)"
else
    skip "sweep --backend gpu without a GPU: exit 69" "a GPU is usable here"
    skip "sweep without --backend: the usable backends only" "a GPU is usable here"
fi

"$mcsim" sweep "$config" --paths 1e3:1e4 --backend cpu --set simulation.rng=sobol --repeat 1 \
    -o sw2.h5 >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "sobol"
[ ! -e sw2.h5 ] || problems+=("sw2.h5 was written")
report "sweep of a job the backend cannot run: exit 78 before measuring, no file"

"$mcsim" sweep "$config" --paths 1e3:1e4 --backend cpu --repeat 1 -o nofolder/sw.h5 \
    >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "folder 'nofolder' does not exist"
report "sweep into a missing folder: exit 74 before measuring"

# sizes 1e3 and 5e15: the second is beyond the 1e15 paths a config may have
"$mcsim" sweep "$config" --paths 1e3:9e15:5e12 --backend cpu --mode cold --repeat 1 -o part.h5 \
    -q >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "cpu cold 5e+15 paths"
need_in "$err" stderr "the 1 runs measured are in part.h5"
[ -f part.h5 ] || problems+=("part.h5 was not written")
report "sweep failing part-way: exits with the failure's code, keeps the runs measured"

"$mcsim" sweep "$config" --paths 1e3:1e4 --backend cpu --repeat 2 -o sw3.h5 -q >"$out" 2>"$err"
exit_is $? 0
empty "$err" "stderr with -q"
report "sweep -q: silent"

# one size: --paths N (no range)
"$mcsim" sweep "$config" --paths 2e3 --backend cpu --mode warm --repeat 2 -o one.h5 >"$out" 2>"$err"
exit_is $? 0
need_in "$err" stderr "2/2  cpu warm 2e+03 paths"
not_in "$err" stderr "3/"
report "sweep --paths N: one size"

# --- the sweep file: pandas, else h5py ------------------------------------------------------
reader=""
if [ -n "$py" ] && "$py" -c "import pandas, h5py" 2>/dev/null; then
    reader=pandas
elif [ -n "$py" ] && "$py" -c "import h5py" 2>/dev/null; then
    reader=h5py
fi
if [ -n "$reader" ] && [ -f sw3.h5 ] && [ -f part.h5 ]; then
    "$py" - sw3.h5 part.h5 "$reader" <<'EOF' || problems+=("$reader checks failed")
import sys, h5py
path, part, reader = sys.argv[1:4]
phases = ["config", "context", "device_query", "setup", "alloc", "rng_init", "h2d",
          "simulate", "d2h", "reduce", "teardown", "write", "total"]
with h5py.File(path, "r") as f:
    assert f.attrs["sweep_schema"] == 2
    names = list(f["runs"].attrs["phases"])
    assert names == phases and all(type(n) is str for n in names), names
    assert isinstance(f.attrs["host"], str)
    rows = f["runs"][()]
    if reader == "pandas":
        import pandas as pd
        runs = pd.DataFrame(rows)
        runs = runs.apply(lambda c: c.str.decode("utf-8") if c.dtype == object else c)
        assert len(runs) == 8, len(runs)
        assert set(runs["backend"]) == {"cpu"} and set(runs["mode"]) == {"cold", "warm"}
        assert (runs["total"] >= runs["simulate"]).all()
        assert list(runs.columns[-13:]) == phases
    else:
        assert len(rows) == 8 and rows.dtype.names[-13:] == tuple(phases)
        assert all(r["total"] >= r["simulate"] for r in rows)
with h5py.File(part, "r") as f:
    assert len(f["runs"]) == 1 and "5e+15" in f.attrs["failures"], f.attrs.get("failures")
EOF
    report "sweep file read by $reader: a column per phase, phase names as str"
else
    skip "sweep file read by pandas or h5py" "no python3 with h5py here"
fi

# --- a sweep of a job whose resolved config is long (64 assets, a 64 x 64 matrix: 23 KB) ---------
"$py" - big.ini <<'EOF' || problems+=("could not write big.ini")
import sys
n = 64
def listed(values):  # 8 numbers a line: a config line holds at most 199 characters
    return ",\n    ".join(", ".join(values[i:i + 8]) for i in range(0, len(values), 8))
matrix = ["1" if i == j else "0.3" for i in range(n) for j in range(n)]
with open(sys.argv[1], "w") as f:
    f.write("[model]\ntype = multi_gbm\nassets = %d\nrate = 0.05\n" % n)
    f.write("spots = " + listed(["100"] * n) + "\n")
    f.write("volatilities = " + listed(["0.2"] * n) + "\n")
    f.write("correlation_matrix = " + listed(matrix) + "\n")
    f.write("[option]\ntype = call\npayoff = basket\nstrike = 100\nmaturity = 1\n")
    f.write("[simulation]\nsteps = 1\n")
EOF
"$mcsim" sweep big.ini --paths 1e3:2e3 --backend cpu --mode warm --repeat 1 -o swbig.h5 \
    >"$out" 2>"$err"
exit_is $? 0
need_in "$err" stderr "1 runs written to swbig.h5"
MCSIM_PROFILE=$fixtures/cpu-only.ini "$mcsim" validate swbig.h5 >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "cpu  warm  total"
need_in "$out" stdout "multi_gbm_basket_1_single"  # the job is known: its whole config read back
not_in "$out" stdout "does not load"
report "sweep and validate of a 64-asset job with a 64 x 64 matrix (a resolved config over 16 KB)"

# --- validate with a CPU-only profile -----------------------------------------------------------
MCSIM_PROFILE=$fixtures/cpu-only.ini "$mcsim" validate sw3.h5 --report cpu-only.html \
    >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "gpu = none"
need_in "$out" stdout "cpu  cold  total"
need_in "$out" stdout "bias |ln(predicted / median of the repeats)|"
need_in "$out" stdout "noise: the repeats' spread (max - min)"
need_in "$out" stdout "4 of 4 sizes have fewer than 5 repeats (the fewest 2)"
need_in cpu-only.html report '"spread": '
need_in cpu-only.html report '"quick": false'
"$mcsim" validate sw3.h5 --report quick.html >/dev/null 2>&1   # the local, --quick, profile
need_in quick.html report '"quick": true'
need_in "$out" stdout "not judged (the profile has no GPU"
not_in "$out" stdout "0 of 0"
not_in "$out" stdout "speedup T_cpu"
report "validate with a CPU-only profile: CPU phases judged (bias, noise, thin sizes), no speedup, never '0 of 0'"
if [ -n "$py" ]; then
    arg=$("$py" -c 'import re, sys; print(re.search(r"\"cpu_profile_arg\": \"([^\"]*)\"", open(sys.argv[1]).read()).group(1))' cpu-only.html)
    [ "$arg" = "$fixtures/cpu-only.ini" ] || problems+=("cpu_profile_arg is '$arg'")
    (cd / && env -u MCSIM_PROFILE "$mcsim" estimate "$config" --cpu "$arg" -q) >"$out" 2>"$err"
    exit_is $? 0
    report "the report's Reproduce commands name the profile MCSIM_PROFILE gave (they run as printed)"
fi

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$chromium" ] && [ -n "$py" ] && [ -f cpu-only.html ]; then
    "$py" "$here/report_dom_values.py" cpu-only "$chromium" cpu-only.html >"$out" 2>"$err" ||
        problems+=("$(cat "$out")")
    report "the CPU-only HTML report: a notice, no empty GPU cards or sections (Chromium)"
else
    skip "the CPU-only HTML report in Chromium" "no chromium or python3 here"
fi

MCSIM_PROFILE=$fixtures/implausible.ini "$mcsim" validate sw3.h5 -q >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "warning: cpu profile 'implausible'"
need_in "$out" stdout "2-thread efficiency 1.26 > 1.10"
empty "$err" "stderr with -q"
sed '/^warning/d' "$fixtures/implausible.ini" > unwarned.ini
"$mcsim" validate sw3.h5 --profile ./unwarned.ini >"$out" 2>"$err"
need_in "$out" stdout "outside the plausibility bounds: 2-thread efficiency 1.26 > 1.05"
"$mcsim" validate sw3.h5 --profile "$fixtures/cpu-only.ini" >"$out" 2>"$err"
need_in "$out" stdout "none outside the bounds"
report "validate warns about a profile's implausible figures (its warning, or its own check)"

# written before files were sealed: refused unless asked for (MCSIM_ACCEPT_UNSEALED=1)
"$mcsim" validate "$repo/bench/results/estimator/h100/sweep-single.h5" --profile h100-reference \
    >"$out" 2>"$err"
exit_is $? 65
need_in "$err" stderr "no mcsim seal"
need_in "$err" stderr "MCSIM_ACCEPT_UNSEALED=1"
MCSIM_ACCEPT_UNSEALED=1 "$mcsim" validate "$repo/bench/results/estimator/h100/sweep-single.h5" \
    --profile h100-reference >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "backend decisions:"
# the targets printed are issue 28's (validate.h)
need_in "$out" stdout "targets: median <= 5%, p90 <= 15%"
need_in "$out" stdout "break-even N* (target: within 1.25x)"
# (its figures are the 2026-11-22 code's against today's reference: not judged here)
need_in "$out" stdout "correct ("
need_in "$out" stdout "; target >= 97%)"
report "validate reads a schema-1 sweep file (bench/results, unsealed: with MCSIM_ACCEPT_UNSEALED=1 only)"

# --format json: the same figures as the tables, one JSON object
if [ -n "$py" ]; then
    h100=$repo/bench/results/estimator/h100/sweep-single.h5
    MCSIM_ACCEPT_UNSEALED=1 "$mcsim" validate "$h100" --profile h100-reference >text.txt 2>"$err"
    MCSIM_ACCEPT_UNSEALED=1 "$mcsim" validate "$h100" --profile h100-reference --format json \
        >"$out" 2>"$err"
    exit_is $? 0
    "$py" - "$out" text.txt >check.txt 2>&1 <<'PY' || problems+=("$(cat check.txt)")
import json, re, sys
doc = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
m = re.search(r"backend decisions: (\d+) of (\d+) correct", text)
assert doc["mode"] == "validate" and doc["runs"] > 0, doc["runs"]
assert [doc["decisions"]["correct"], doc["decisions"]["total"]] == [int(m[1]), int(m[2])], doc["decisions"]
assert doc["not_judged"] is None and doc["gpu_profile"] == "h100-reference"
rows = re.findall(r"^  (cpu|gpu)\s+(cold|warm)\s+(\S+)\s+(\d+)\s+(-?[\d.]+)%\s+(\S+)%\s+(\S+)%", text, re.M)
assert len(rows) == len(doc["phases"]) > 0, (len(rows), len(doc["phases"]))
signs = 0
for (backend, mode, phase, sizes, bias, p90, sign), p in zip(rows, doc["phases"]):
    assert (backend, mode, phase, int(sizes)) == (p["backend"], p["mode"], p["phase"], p["sizes"]), p
    assert abs(float(bias) - p["bias_percent"]) <= 0.051, (bias, p["bias_percent"])
    assert abs(float(sign) - p["sign_percent"]) <= 0.051, (sign, p["sign_percent"])
    # the signed median lies within the unsigned one's reach: |sign| <= the p90 of |error|
    assert abs(p["sign_percent"]) <= p["p90_percent"] + 0.051, p
    signs += p["sign_percent"] < 0
assert 0 < signs < len(rows), signs  # both signs occur in the reference sweep
# the phases measured and not predicted, listed under the table: the reference profile
# predates context_warm_s, so the GPU's warm context is among them
blind = re.findall(r"^  (cpu|gpu)\s+(cold|warm)\s+(\S+)\s+(\d+)\s+-\s+-\s+-\s+([\d.]+)%\s+(\d+)\s+([\d.]+)%", text, re.M)
assert "measured, not predicted" in text and len(blind) == len(doc["blind_phases"]) > 0, blind
for (backend, mode, phase, sizes, noise, runs, share), p in zip(blind, doc["blind_phases"]):
    assert (backend, mode, phase, int(sizes), int(runs)) == (p["backend"], p["mode"], p["phase"], p["sizes"], p["runs"]), p
    assert abs(float(share) - p["share_percent"]) <= 0.051, (share, p["share_percent"])
assert ("gpu", "warm", "context") in [(p["backend"], p["mode"], p["phase"]) for p in doc["blind_phases"]]
assert not {(p["backend"], p["mode"], p["phase"]) for p in doc["blind_phases"]} & {(p["backend"], p["mode"], p["phase"]) for p in doc["phases"]}
assert len(doc["points"]) == doc["decisions"]["total"]
assert len(doc["kernels"]) == 1 and doc["report"] is None
PY
    MCSIM_PROFILE=$fixtures/cpu-only.ini "$mcsim" validate sw3.h5 -f json >"$out" 2>"$err"
    exit_is $? 0
    "$py" -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["decisions"] is None and "no GPU" in d["not_judged"] and d["gpu_profile"] is None and d["thin_sizes"] == 4, d' \
        "$out" 2>>check.txt || problems+=("CPU-only JSON: $(cat check.txt)")
    # the GPU runs a CPU-only profile predicts nothing for are left out, not "blind"
    MCSIM_ACCEPT_UNSEALED=1 MCSIM_PROFILE=$fixtures/cpu-only.ini "$mcsim" validate "$h100" -f json \
        >"$out" 2>"$err"
    "$py" -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["unpredicted_runs"] > 0 and not [p for p in d["blind_phases"] + d["phases"] if p["backend"] == "gpu"], d["blind_phases"]' \
        "$out" 2>>check.txt || problems+=("CPU-only profile, GPU runs: $(cat check.txt)")
    "$mcsim" validate sw3.h5 --format yaml >"$out" 2>"$err"
    exit_is $? 64
    need_in "$err" stderr "--format yaml: must be text or json"
    report "validate --format json: the tables' figures (decisions, phases with their bias) as one JSON object; CPU-only: not judged; a bad --format exits 64"
else
    skip "validate --format json" "no python3"
fi

# --- reliability (issue 11): every file the estimator writes, every file it reads --------
ln -s "$work/nowhere" link.out
mkfifo fifo.out

for target in /dev/full link.out nofolder/p.ini; do
    timeout 60 "$mcsim" calibrate --quick -o "$target" >"$out" 2>"$err"
    exit_is $? 74
    need_in "$err" stderr "nothing measured"
done
[ -c /dev/full ] && [ -L link.out ] || problems+=("a device or link was replaced")
report "calibrate -o a device, a link or a missing folder: exit 74 before measuring"

timeout 10 "$mcsim" estimate "$config" --profile /dev/zero >"$out" 2>"$err"
exit_is $? 66
need_in "$err" stderr "'/dev/zero': not a regular file"
timeout 10 "$mcsim" estimate "$config" --profile ./fifo.out >"$out" 2>"$err"
exit_is $? 66
head -c 1100000 /dev/zero | tr '\0' '#' > huge.ini
"$mcsim" estimate "$config" --profile ./huge.ini >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "larger than 1048576 bytes"
report "estimate --profile /dev/zero, a FIFO, a 1.1 MB file: refused at once, limit named"

sed 's/^d2h_pinned_gbps = .*/d2h_pinned_gbps = 0/' "$fixtures/test-machine.ini" > zero-bw.ini
"$mcsim" estimate "$config" --profile ./zero-bw.ini >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "zero-bw.ini:71: [gpu] d2h_pinned_gbps = '0': must be a number > 0"
not_in "$out" stdout "inf"
report "a profile bandwidth of 0: exit 78 naming file, line and key (no infx, no \$inf)"

sed '/^threads/d' "$fixtures/test-machine.ini" > no-threads.ini
"$mcsim" estimate "$config" --profile ./no-threads.ini --format json >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "no-threads.ini): [cpu] threads is missing"
not_in "$out" stdout "-2147483648"
for value in inf 1e9 nan; do
    sed "s/^threads = .*/threads = $value/" "$fixtures/test-machine.ini" > bad-threads.ini
    "$mcsim" estimate "$config" --profile ./bad-threads.ini --format json >"$out" 2>"$err"
    exit_is $? 78
    need_in "$err" stderr "bad-threads.ini:14: [cpu] threads = '$value'"
    empty "$out" stdout
done
report "a profile without threads, or threads = inf, 1e9, nan: exit 78 naming the key"

{ sed -n 1,5p "$fixtures/cpu-only.ini"
  printf 'description = %0190d price_per_hour = 999\n' 0
  sed -n '6,$p' "$fixtures/cpu-only.ini"; } > long.ini
"$mcsim" estimate "$config" --profile ./long.ini >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "long.ini:6: line longer than 199 characters (225)"
printf '[profile]\nname = x\0y\nkind = cpu\n[cpu]\n' > nul.ini
"$mcsim" estimate "$config" --profile ./nul.ini >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "nul.ini:2: a NUL byte"
report "profile lines over 199 characters and NUL bytes: exit 78 with file and line, never split"

# the writers of sweep files and reports. A file size limit, SIGXFSZ as the user's
# shell leaves it: the run logs (16 KB) fit, the sweep file (75 KB) does not (ulimit -f
# counts 512-byte blocks in dash and 1 KB in bash, and 40 of either lies between); the
# runs' private folders go to $TMPDIR, which must be empty again after each command
rm -f lim.h5 lim.h5.*
mkdir tmpdir
export TMPDIR=$work/tmpdir
sh -c 'ulimit -f 40; exec "$0" sweep "$1" --paths 1e3:1e4 --backend cpu \
    --mode warm --repeat 100 -q -o lim.h5' "$mcsim" "$config" >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "cannot write sweep file 'lim.h5': File too large; no sweep file written"
not_in "$err" stderr "HDF5"
ls lim.h5* >/dev/null 2>&1 && problems+=("left behind: $(ls lim.h5*)")
[ -z "$(ls -A tmpdir)" ] || problems+=("left in \$TMPDIR: $(ls -A tmpdir)")
report "sweep under a file size limit: exit 74 with the reason, no crash, no file left"
# smaller: the runs' logs do not fit either (sweep: its check; calibrate: its first runs)
sh -c 'ulimit -f 8; exec "$0" sweep "$1" --paths 1e3:1e4 --backend cpu -q -o lim.h5' \
    "$mcsim" "$config" >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "File too large"
sh -c 'ulimit -f 8; exec "$0" calibrate --backend cpu --quick -q -o lim.ini' "$mcsim" \
    >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "File too large"
need_in "$err" stderr "no profile written"
ls lim.* >/dev/null 2>&1 && problems+=("left behind: $(ls lim.*)")
[ -z "$(ls -A tmpdir)" ] || problems+=("left in \$TMPDIR: $(ls -A tmpdir)")
report "sweep and calibrate when their runs' logs meet a file size limit: exit 74, nothing left"
unset TMPDIR
sh -c 'ulimit -f 8; exec "$0" validate sw3.h5 --profile "$1" --report lim.html' "$mcsim" \
    "$fixtures/test-machine.ini" >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "cannot write report 'lim.html': File too large"
ls lim.* >/dev/null 2>&1 && problems+=("left behind: $(ls lim.*)")
report "validate --report under a file size limit: exit 74 with the reason, nothing left"

# an output that is one of the inputs: refused before any work, the input kept
cp sw3.h5 sw3.keep
"$mcsim" validate sw3.h5 --profile "$fixtures/test-machine.ini" --report sw3.h5 \
    >"$out" 2>"$err"
exit_is $? 64
need_in "$err" stderr "report 'sw3.h5' and sweep file 'sw3.h5' are the same file"
cp "$fixtures/test-machine.ini" prof.ini
"$mcsim" validate sw3.h5 --profile prof.ini --report prof.ini >"$out" 2>"$err"
exit_is $? 64
cmp -s "$fixtures/test-machine.ini" prof.ini || problems+=("the profile was replaced")
cp "$config" job.ini
"$mcsim" sweep job.ini --paths 1e3:1e4 --backend cpu -o job.ini >"$out" 2>"$err"
exit_is $? 64
need_in "$err" stderr "are the same file"
not_in "$err" stderr "mcsim sweep: 1/"
cmp -s sw3.h5 sw3.keep && cmp -s "$config" job.ini || problems+=("an input was replaced")
report "validate --report a sweep file or the profile, sweep -o CONFIG: exit 64, nothing replaced"
rm -f sw3.keep prof.ini job.ini

"$mcsim" validate sw3.h5 --profile "$fixtures/test-machine.ini" --report /dev/full \
    >"$out" 2>"$err"
exit_is $? 74
need_in "$err" stderr "report '/dev/full': it exists and is not a regular file"
empty "$out" stdout
[ -c /dev/full ] || problems+=("/dev/full is no longer a device")
"$mcsim" validate sw3.h5 --profile "$fixtures/test-machine.ini" --report link.out \
    >"$out" 2>"$err"
exit_is $? 74
[ -L link.out ] && [ ! -e "$work/nowhere" ] || problems+=("link.out was replaced or followed")
report "validate --report to a device or a link: exit 74 before any work, nothing replaced"

for target in link.out fifo.out . nofolder/sw.h5; do
    timeout 60 "$mcsim" sweep "$config" --paths 1e3:1e4 --backend cpu --repeat 1 -o "$target" \
        >"$out" 2>"$err"
    exit_is $? 74
    need_in "$err" stderr "nothing measured, no sweep file written"
    not_in "$err" stderr "mcsim sweep: 1/"
done
[ -L link.out ] && [ -p fifo.out ] && [ ! -e "$work/nowhere" ] ||
    problems+=("a link or FIFO was replaced or followed")
report "sweep -o a link, FIFO, folder or missing folder: exit 74 before measuring"

"$mcsim" validate sw3.h5 --profile "$fixtures/test-machine.ini" >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "not judged (the sweep has no GPU runs)"
need_in "$out" stdout "4 sizes: runs with a prediction on one backend only, so no speedup"
not_in "$out" stdout "0 of 0"
report "validate says what it left out"

# --- estimate --pilot and --tolerance (issue 28) ------------------------------------------
# This machine's quick profile (calibrated above). The continuous lookback's CPU philox kernel
# is data-dependent (the split mode: fine bits and a log only where a step may set a new
# minimum); at sigma 1 and 50 steps it costs 1.2 to 1.4x the calibrated job's (sigma 0.2) per
# path on the 2-core development machine, about what that shared machine's noise is: so the
# measured time is the median of 3 runs interleaved with 3 pilots, and the pilot must be closer
# than the profile or within 1.5x (generous: identical runs there spread up to 2x under load).
# Under the sanitizers (MCS_TEST_LIGHT set) times say nothing of a release build's: a 0.3 s
# pilot of instrumented code beside CI's other tests was 1.6x off there while the 22 s run
# was not; every check but the bound runs, and the bound is reported as not judged.
local_profile=$HOME/.config/mcsim/local.ini
lookback=(--set model.volatility=1 --set simulation.steps=50 --set simulation.rng=philox
          --paths 2e6 --threads 1)
if [ -n "$py" ]; then
    for i in 1 2 3; do
        "$mcsim" "$repo/configs/lookback.ini" "${lookback[@]}" --backend cpu --format json \
            -o "$work/lookback.h5" >"$work/run$i.json" 2>"$err"
        exit_is $? 0
        "$mcsim" estimate "$repo/configs/lookback.ini" "${lookback[@]}" \
            --profile "$local_profile" --format json -q --pilot 0.3 >"$work/pilot$i.json" 2>"$err"
        exit_is $? 0
    done
    "$mcsim" estimate "$repo/configs/lookback.ini" "${lookback[@]}" --profile "$local_profile" \
        --format json -q >"$work/plain.json" 2>"$err"
    exit_is $? 0
    cp "$work/pilot1.json" "$out"
    MCS_TEST_LIGHT=${MCS_TEST_LIGHT:-} "$py" - "$work" <<'EOF' || problems+=("pilot checks failed")
import json, math, os, statistics, sys
load = lambda name: json.load(open(sys.argv[1] + "/" + name))
plain = load("plain.json")
pilots = [load("pilot%d.json" % i) for i in (1, 2, 3)]
measured = statistics.median(load("run%d.json" % i)["timings"]["simulate"] for i in (1, 2, 3))
pilot = sorted(pilots, key=lambda d: d["cold"]["cpu"]["phases"]["simulate"])[1]  # the median
assert pilot["sources"]["cpu_kernel"] == "pilot", pilot["sources"]
assert pilot["sources"]["fixed_phases"] == "profile", pilot["sources"]
assert plain["sources"]["cpu_kernel"] == "profile" and plain["pilot"] is None, plain["sources"]
p = pilot["pilot"]["cpu"]
assert p["ran"] and p["threads"] == 1 and p["paths"] >= 1024 and p["paths_per_second"] > 0, p
# within the budget (a loaded machine: some slack; the sanitizers' instrumented runs more)
assert 0 < p["seconds"] < 0.3 * (10 if os.environ["MCS_TEST_LIGHT"] else 3), p
assert pilot["cold"]["cpu"]["kernel_costs"] == "pilot", pilot["cold"]["cpu"]
err = {k: abs(math.log(d["cold"]["cpu"]["phases"]["simulate"] / measured))
       for k, d in (("plain", plain), ("pilot", pilot))}
print("# lookback sigma 1, 50 steps: simulate measured %.3g s; |ln(pred/meas)| without the "
      "pilot %.2f, with it %.2f" % (measured, err["plain"], err["pilot"]))
if os.environ["MCS_TEST_LIGHT"]:
    print("# the 1.5x bound is not judged under the sanitizers (MCS_TEST_LIGHT)")
else:
    assert err["pilot"] < max(err["plain"], math.log(1.5)), err
EOF
    bound="; a sigma 1 lookback within 1.5x or closer"
    [ -n "${MCS_TEST_LIGHT:-}" ] && bound=" (the 1.5x bound not judged under the sanitizers)"
    report "estimate --pilot: JSON says the CPU kernel came from the pilot$bound"
else
    skip "estimate --pilot against a measured lookback" "no python3 here"
fi

# the CPU pilot runs on the job's threads (the estimate's), one thread's cost through the model
if [ -n "$py" ]; then
    for t in 1 2; do
        "$mcsim" estimate "$config" --profile "$local_profile" --threads $t --pilot 0.1 \
            --format json -q >"$work/pilot-t$t.json" 2>"$err"
        exit_is $? 0
    done
    "$py" - "$work" <<'EOF' || problems+=("pilot threads checks failed")
import json, sys
for t in (1, 2):
    d = json.load(open("%s/pilot-t%d.json" % (sys.argv[1], t)))
    assert d["threads"] == t and d["pilot"]["cpu"]["ran"], d["pilot"]
    assert d["pilot"]["cpu"]["threads"] == t, (t, d["pilot"]["cpu"])
EOF
    report "estimate --pilot: the CPU pilot runs on the job's threads (1 and 2)"
fi
# ... and its text line says so (it said "one thread" whatever the threads)
"$mcsim" estimate "$config" --profile "$local_profile" --threads 2 --pilot 0.05 -q >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "in all, 2 threads): simulate"
report "estimate --pilot (text): the CPU pilot's line names its threads"

# a generator the CPU backend does not run: the text says why instead of a thread count of
# 0 and an empty cost heading; the JSON's threads are the job's, its CPU-only terms null
"$mcsim" estimate "$config" --profile "$local_profile" --threads 2 --set simulation.rng=mrg32k3a \
    -q >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "; 2 threads): the cpu backend runs pcg64 and philox only"
not_in "$out" stdout "0 threads"
grep -q "^  gpu: none" "$out" && not_in "$out" stdout "cost per job" # (no side predicted)
if [ -n "$py" ]; then
    "$mcsim" estimate "$config" --profile "$local_profile" --threads 2 \
        --set simulation.rng=mrg32k3a --format json -q >"$out" 2>"$err"
    exit_is $? 0
    "$py" -c 'import json, sys; d = json.load(open(sys.argv[1])); s = d["sources"]; assert d["threads"] == 2 and not d["cold"]["cpu"]["available"] and s["cpu_kernel"] is None and s["cpu_scaling"] is None, d' \
        "$out" || problems+=("JSON of an unpredicted CPU side")
fi
report "estimate with rng = mrg32k3a on the CPU: says why, the job's threads, no empty heading, null terms"

# a sweep whose backend check fails names the run it made, --set included
"$mcsim" sweep "$config" --paths 10 --backend cpu --set simulation.rng=sobol -o "$work/sobol.h5" \
    >"$out" 2>"$err"
exit_is $? 78
need_in "$err" stderr "--set simulation.rng=sobol --set simulation.paths=1 --backend cpu) failed"
report "sweep: a failed backend check prints the run's command with its --set"

"$mcsim" estimate "$repo/configs/lookback.ini" --profile "$local_profile" --pilot -q >"$out" 2>"$err"
exit_is $? 0
need_in "$out" stdout "cpu pilot: "
need_in "$out" stdout "paths/s"
need_in "$out" stdout "measured by the pilot"
report "estimate --pilot (text): one line per backend with paths, seconds and the measured rate"

# a kernel whose cost depends on the data (issue 28): Heston's share of steps on QE's dearer
# exponential branch, from the job's parameters (models/heston_cost.c), against calibrate's job
# (xi = 0.3: none) and its dear point (xi = 1, where calibrate measured each Heston kernel too):
# the step is taken between the two by the share; a profile without the dear point's costs
# keeps calibrate's job's and says so; a pilot measures the job's own
if [ -n "$py" ]; then
    heston=$repo/configs/heston.ini
    grep -v '^dear_step_' "$local_profile" >"$work/no-dear.ini"
    for xi in 0.3 1; do
        "$mcsim" estimate "$heston" --profile "$local_profile" --set model.xi=$xi --format json -q \
            >"$work/dear-$xi.json" 2>"$err"
        exit_is $? 0
    done
    "$mcsim" estimate "$heston" --profile "$work/no-dear.ini" --set model.xi=1 --format json -q \
        >"$work/dear-none.json" 2>"$err"
    exit_is $? 0
    "$mcsim" estimate "$heston" --profile "$local_profile" --set model.xi=1 --pilot 0.05 \
        --format json -q >"$work/dear-pilot.json" 2>"$err"
    exit_is $? 0
    "$mcsim" estimate "$config" --profile "$local_profile" --format json -q >"$work/dear-gbm.json" \
        2>"$err"
    exit_is $? 0
    "$py" - "$work" "$local_profile" <<'EOF' || problems+=("dear branch checks failed")
import json, sys
load = lambda n: json.load(open("%s/dear-%s.json" % (sys.argv[1], n)))
base, feller, none, pilot, gbm = (load(n) for n in ("0.3", "1", "none", "pilot", "gbm"))
# calibrate measured every Heston kernel at its dear point
assert any(l.startswith("dear_step_ns.heston_european_") for l in open(sys.argv[2])), "no dear keys"
assert "exponential" in base["dear_branch"], base["dear_branch"]
cpu = base["dear_share"]["cpu"]
assert cpu["job"] == 0 and cpu["calibrated"] == 0 and not cpu["differs"], cpu
assert cpu["dear_point"] > 0.9, cpu
cpu = feller["dear_share"]["cpu"]
assert cpu["job"] > 0.9 and cpu["differs"], cpu
# the kernel's step: the profile's, or on the line through it and the dear step by the share
# (worked from the profile's keys: a --quick calibration on a busy machine may measure any
# ratio, so the arithmetic is checked, not the measured ratio)
keys = dict(l.split(" = ", 1) for l in open(sys.argv[2]) if " = " in l)
def step_of(d):
    c = d["cold"]["cpu"]
    return c["kernel"], c["kernel_cost"]["step"]
name, got = step_of(base)
step, dear = float(keys["step_ns." + name]), float(keys.get("dear_step_ns." + name, "nan"))
assert abs(got - step) <= 1e-6 * step, (got, step)
name, got = step_of(feller)
s = feller["dear_share"]["cpu"]
if dear > 0:  # (a fit of noise may leave none: then calibrate's job's cost, said so)
    assert s["cost"] == "dear point", s
    want = step + (s["job"] - s["calibrated"]) / (s["dear_point"] - s["calibrated"]) * (dear - step)
    assert abs(got - max(0, want)) <= 1e-4 * max(step, dear), (got, want, step, dear)
else:
    assert s["cost"] == "calibrated job" and abs(got - step) <= 1e-6 * step, (s, got, step)
assert none["dear_share"]["cpu"]["cost"] == "calibrated job", none["dear_share"]
assert abs(step_of(none)[1] - step) <= 1e-6 * step, (step_of(none), step)
assert pilot["sources"]["cpu_kernel"] == "pilot", pilot["sources"]
assert pilot["dear_share"]["cpu"]["cost"] == "pilot", pilot["dear_share"]
assert gbm["dear_branch"] is None and "dear_share" not in gbm, gbm.get("dear_branch")
EOF
    "$mcsim" estimate "$heston" --profile "$local_profile" --set model.xi=1 -q >"$out" 2>"$err"
    exit_is $? 0
    need_in "$out" stdout "note: cpu kernel: this job pays QE's exponential branch"
    grep -qE "the step is taken between theirs|this profile has no dear point's" "$out" ||
        problems+=("stdout says neither how the step met the share")
    "$mcsim" estimate "$heston" --profile "$work/no-dear.ini" --set model.xi=1 -q >"$out" 2>"$err"
    exit_is $? 0
    need_in "$out" stdout "this profile has no dear point's"
    "$mcsim" estimate "$heston" --profile "$local_profile" -q >"$out" 2>"$err"
    exit_is $? 0
    not_in "$out" stdout "exponential branch"
    report "estimate: Heston's share of steps on QE's exponential branch, its step between calibrate's job's and the dear point's"
else
    skip "estimate: Heston's share on QE's exponential branch" "no python3 here"
fi

# a model's variant step (heston's scheme = euler): calibrate measured every Heston kernel at
# its variant point, --quick's inferred kernels too (their own ratio, not the first kernel's:
# Euler costs a third of QE's step in double and about as much in single); an Euler job takes
# that step, a QE job never; a profile without the keys keeps calibrate's step and says so
if [ -n "$py" ]; then
    grep -v '^variant_step_' "$local_profile" >"$work/no-variant.ini"
    for p in single double; do
        "$mcsim" estimate "$heston" --profile "$local_profile" --set model.scheme=euler \
            --set simulation.precision=$p --format json -q >"$work/variant-$p.json" 2>"$err"
        exit_is $? 0
    done
    "$mcsim" estimate "$heston" --profile "$work/no-variant.ini" --set model.scheme=euler \
        --format json -q >"$work/variant-none.json" 2>"$err"
    exit_is $? 0
    "$py" - "$work" "$local_profile" <<'EOF' || problems+=("variant step checks failed")
import json, sys
load = lambda n: json.load(open("%s/%s.json" % (sys.argv[1], n)))
keys = dict(l.split(" = ", 1) for l in open(sys.argv[2]) if " = " in l)
qe = load("dear-0.3")
assert qe["variant"] is None, qe["variant"]
for p in ("single", "double"):
    d = load("variant-" + p)
    assert d["variant"]["sets"] == "model.scheme=euler", d["variant"]
    c = d["cold"]["cpu"]
    v = float(keys.get("variant_step_ns." + c["kernel"], "nan"))
    if v > 0:
        assert d["variant"]["cpu"] == "variant point", d["variant"]
        assert abs(c["kernel_cost"]["step"] - v) <= 1e-6 * v, (c["kernel_cost"], v)
    else:  # (a fit of noise may leave none)
        assert d["variant"]["cpu"] == "calibrated job", d["variant"]
none = load("variant-none")
assert none["variant"]["cpu"] == "calibrated job", none["variant"]
c = none["cold"]["cpu"]
step = float(keys["step_ns." + c["kernel"]])
assert abs(c["kernel_cost"]["step"] - step) <= 1e-6 * step, (c["kernel_cost"], step)
# measured, not inferred: an inferred kernel's ratio would equal the first kernel's (the
# single-precision default generator's) exactly; judged where noise left both a step and a
# variant step (a --quick fit on a loaded machine may write a step of 0)
costs = lambda k: (float(keys.get("step_ns." + k, "nan")),
                   float(keys.get("variant_step_ns." + k, "nan")))
first, dbl = (load("variant-" + p)["cold"]["cpu"]["kernel"] for p in ("single", "double"))
(s1, v1), (s2, v2) = costs(first), costs(dbl)
if all(x > 0 for x in (s1, v1, s2, v2)):  # (min() lets a NaN through)
    assert abs(v2 / s2 - v1 / s1) > 1e-6 * (v1 / s1), (first, s1, v1, dbl, s2, v2)
else:
    print("# the ratio check not judged: %s %g %g, %s %g %g" % (first, s1, v1, dbl, s2, v2))
EOF
    "$mcsim" estimate "$heston" --profile "$work/no-variant.ini" --set model.scheme=euler -q \
        >"$out" 2>"$err"
    exit_is $? 0
    need_in "$out" stdout "this job runs model.scheme=euler, and this profile has no variant point"
    report "estimate: Heston's Euler scheme takes its kernels' variant step, measured by calibrate (--quick too)"
else
    skip "estimate: Heston's Euler variant step" "no python3 here"
fi

if [ -n "$py" ]; then
    "$mcsim" estimate "$config" --profile "$local_profile" --tolerance 1e-3 --format json -q \
        >"$out" 2>"$err"
    exit_is $? 0
    "$py" - "$out" <<'EOF' || problems+=("closed-form tolerance checks failed")
import json, math, sys
from statistics import NormalDist
d = json.load(open(sys.argv[1]))["time_to_accuracy"]
# configs/european.ini: S = K = 100, r = 5%, q = 0, sigma = 20%, T = 1. Under GBM ln S_T is
# normal (mean m, variance v), and E[S_T^p 1{S_T > K}] = exp(p m + p^2 v / 2) N((m + p v - ln K)
# / sqrt v) (the log-normal's partial moments; Hull, "Options, Futures, and Other Derivatives",
# the appendix to the Black-Scholes chapter, for p = 0, 1; p = 2 by completing the square).
S, K, r, sig, T = 100.0, 100.0, 0.05, 0.2, 1.0
N = NormalDist().cdf
v = sig * sig * T
m = math.log(S) + r * T - v / 2
M = lambda p: math.exp(p * m + p * p * v / 2) * N((m + p * v - math.log(K)) / math.sqrt(v))
d1 = (math.log(S / K) + (r + v / 2) * T) / math.sqrt(v)
price = S * N(d1) - K * math.exp(-r * T) * N(d1 - math.sqrt(v))
sd = math.sqrt(math.exp(-2 * r * T) * (M(2) - 2 * K * M(1) + K * K * M(0)) - price ** 2)
want = (sd / 1e-3) ** 2
print("# European, tolerance 1e-3: paths needed %d, independently %.0f" % (d["paths_needed"], want))
assert d["variance_source"] == "closed form" and d["tolerance"] == 1e-3, d
assert abs(d["paths_needed"] / want - 1) < 0.01, (d["paths_needed"], want)
assert d["seconds"]["cpu"] > 0, d
EOF
    report "estimate --tolerance: a European's paths from the closed-form variance"

    "$mcsim" "$repo/configs/asian.ini" --paths 1e6 --format json -o "$work/asian.h5" \
        >"$work/run.json" 2>"$err"
    "$mcsim" estimate "$repo/configs/asian.ini" --profile "$local_profile" --tolerance 1e-3 \
        --format json -q >"$out" 2>"$err"
    exit_is $? 0
    "$py" - "$work/run.json" "$out" <<'EOF' || problems+=("pilot tolerance checks failed")
import json, sys
run, d = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
acc = d["time_to_accuracy"]
want = (run["std_error"] * run["paths"] ** 0.5 / 1e-3) ** 2  # a 1e6-path run's own variance
print("# arithmetic Asian, tolerance 1e-3: paths needed %d, from a 1e6-path run %.0f"
      % (acc["paths_needed"], want))
assert acc["variance_source"] == "pilot", acc
assert abs(acc["paths_needed"] / want - 1) < 0.15, (acc["paths_needed"], want)
assert d["pilot"] is None and d["sources"]["cpu_kernel"] == "profile", d["sources"]
EOF
    report "estimate --tolerance: an arithmetic Asian's paths from a variance pilot"
else
    skip "estimate --tolerance" "no python3 here"
fi

for bad in "--pilot -1" "--pilot=0" "--pilot 601" "--tolerance 0" "--tolerance abc" \
    "--tolerance -1e-4"; do
    # shellcheck disable=SC2086
    "$mcsim" estimate "$config" --profile "$local_profile" $bad >"$out" 2>"$err"
    exit_is $? 64
    need_in "$err" stderr "${bad%%[ =]*}"
    need_in "$err" stderr "must be"
    empty "$out" stdout
done
report "estimate --pilot / --tolerance with bad values: exit 64 naming the option"

# --- --help of each subcommand lists the valid values ------------------------------------------
"$mcsim" estimate --help >"$out" 2>"$err"
exit_is $? 0
for w in "fp16|fp32|fp64" "text|json" "in (0, 1]" "1 to 4096" "h100-sxm" "[simulation]" \
    "XDG_CONFIG_HOME" "-q, --quiet" "--pilot [SECONDS]" "--tolerance SE"; do
    need_in "$out" stdout "$w"; done
"$mcsim" sweep --help >"$out" 2>"$err"
for w in "cold, warm or cold,warm" "cpu, gpu or cpu,gpu" "1 to 4096" "-q, --quiet" \
    "(default 5," "(A, B, C, A, B, C, ...)"; do
    need_in "$out" stdout "$w"; done
"$mcsim" validate --help >"$out" 2>"$err"
for w in "1 to 16 sweep files" "-q, --quiet"; do need_in "$out" stdout "$w"; done
"$mcsim" calibrate --help >"$out" 2>"$err"
for w in "cpu|gpu|all" "1.05" "$HOME/.config/mcsim/local.ini" "-q, --quiet"; do
    need_in "$out" stdout "$w"; done
report "--help of estimate, sweep, validate and calibrate: valid values, -q"

# --- the profile's keys, for tools (tests/bad_inputs/generate.py reads them) -----
"$mcsim" help profile-keys --format json >"$out" 2>"$err"
exit_is $? 0
"$mcsim" calibrate --help >calhelp.txt
/usr/bin/python3 - "$out" "$fixtures/test-machine.ini" calhelp.txt <<'PY' 2>"$err" ||
import json, re, sys
d = json.load(open(sys.argv[1]))
listed = {(k["section"], k["key"]) for k in d["keys"]}
kernels = d["kernels"]
names = {}  # kernel name -> the sides that run it
for side, gs in kernels["generators"].items():
    for f in kernels["families"]:
        for q in kernels["precisions"]:
            for g in gs:
                names.setdefault("%s_%s_%s" % (f, q, g), set()).add(side)
section, seen = None, 0
for line in open(sys.argv[2]):  # every key of a calibrated profile is listed
    line = line.strip()
    if line.startswith("["):
        section = line[1:-1]
    elif "=" in line and not line.startswith("#"):
        key = line.split("=", 1)[0].strip()
        stem, _, kernel = key.partition(".")
        if kernel in names:
            assert section in names[kernel], key
            key = stem + ".KERNEL"
        assert (section, key) in listed, "[%s] %s not listed" % (section, key)
        seen += 1
assert seen > 50, seen
help_families = open(sys.argv[3]).read().split("and the like):\n", 1)[1]
assert help_families.split("\nEach measurement", 1)[0].split() == kernels["families"]
for k in d["keys"]:
    assert k["kind"] in ("text", "number", "yesno", "table", "kernel"), k
    assert (k["range"] is None) == (k["kind"] in ("text", "yesno")), k
assert ("gpu", "walk_fixed.KERNEL") in listed and d["count_max"] == 4096
PY
    problems+=("help profile-keys: $(tail -n 1 "$err")")
"$mcsim" help profile-keys >"$out" 2>"$err"
exit_is $? 64
need_in "$err" stderr "takes --format json"
report "help profile-keys --format json: every key of a calibrated profile, calibrate's families"

[ $failed -eq 0 ] || printf '# failed: %s\n' "${failures[@]}"
echo "# $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
