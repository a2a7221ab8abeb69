#!/bin/bash
# validate_estimator_test.sh - bench/validate_estimator.sh end to end on the CPU, small:
# one config, one cell of the matrix, a fixture profile (no calibration), a budget of
# seconds; its sweep, validate and summary files, the summary table's rows, and --readme
# writing that table into a README between its markers, in place of the last one (a
# second run replaces it, the text around it kept), or appended where the file has none;
# a --readme that is not a writable file refused before any sweep; --profile naming a
# catalogue profile.
# Usage: tests/validate_estimator_test.sh PATH/TO/mcsim
. "$(dirname "$0")/lib.sh" validate_estimator "$1"
script=$repo/bench/validate_estimator.sh
fixture=$repo/tests/fixtures/test-machine.ini
begin="<!-- VALIDATE_ESTIMATOR_BEGIN: bench/validate_estimator.sh --readme writes below -->"
end="<!-- VALIDATE_ESTIMATOR_END -->"
run() { # run OUT [more options]
    local out=$1
    shift
    "$script" "$mcsim" "$out" --profile "$fixture" --configs european --steps default \
        --precisions single --rngs auto --threads 1 --backend cpu --budget 2 --cap 0.2 \
        --repeat 2 "$@" >"$tmp/stdout" 2>"$tmp/stderr"
}

printf '# A README\n\nbefore\n\n%s\nan old summary\n%s\n\nafter\n' "$begin" "$end" > README.md
run ve1 --readme README.md
rc=$?
[ $rc -eq 0 ] || problems+=("exit $rc: $(tail -c 300 "$tmp/stderr")")
for f in plan.txt summary.md sweep-european-default-single-auto-t1.h5 \
    validate-european-default-single-auto-t1.txt; do
    [ -s "ve1/$f" ] || problems+=("no ve1/$f")
done
# the CPU only: no speedup, the CPU's total and phases' bias
grep -q '^| european | - | - | - | - | .*cpu total [0-9.]*% (' ve1/summary.md ||
    problems+=("summary.md lacks the european row: $(grep '^| ' ve1/summary.md | head -c 400)")
grep -q "1000 to .* paths" ve1/plan.txt || problems+=("plan.txt: no sizes from 1000 paths")
grep -q '^| all | ' ve1/summary.md || problems+=("summary.md lacks the all row")
grep -qF -- "--configs european" ve1/summary.md || problems+=("summary.md lacks its command line")
report "validate_estimator.sh: sweep, validate and a summary of one CPU cell"

[ "$(grep -c '^| european | ' README.md)" -eq 1 ] || problems+=("README: not one european row")
grep -q 'an old summary' README.md && problems+=("README: the old summary kept")
for line in "# A README" before after "$begin" "$end"; do
    [ "$(grep -cxF "$line" README.md)" -eq 1 ] || problems+=("README: '$line' not there once")
done
awk -v b="$begin" -v e="$end" '$0 == b { n = NR } $0 == e { m = NR }
    /^\| european \| / { r = NR } END { exit !(n < r && r < m) }' README.md ||
    problems+=("README: the row is not between the markers")
cp README.md first.md
run ve2 --readme README.md
diff <(grep -v '^| \|^Estimator validation on' first.md) \
     <(grep -v '^| \|^Estimator validation on' README.md) >/dev/null ||
    problems+=("README: a second run changed more than the table")
[ "$(grep -c '^| european | ' README.md)" -eq 1 ] ||
    problems+=("README: a second run left $(grep -c '^| european | ' README.md) european rows")
report "--readme: the summary in place of the last one between its markers, the rest kept"

printf '# No markers\n' > plain.md
run ve3 --readme plain.md
[ "$(grep -cxF "$begin" plain.md)" -eq 1 ] && [ "$(head -1 plain.md)" = "# No markers" ] &&
    grep -q '^| european | ' plain.md || problems+=("plain.md: summary not appended with markers")
report "--readme: a file without the markers gets them and the summary at its end"

run ve4 --readme no-such-dir/README.md
rc=$?
[ $rc -eq 64 ] || problems+=("a missing --readme file: exit $rc, not 64")
grep -q "not a writable file" "$tmp/stderr" || problems+=("no message: $(cat "$tmp/stderr")")
[ ! -e ve4/plan.txt ] || problems+=("a sweep planned before the --readme check")
report "--readme: a path that is not a writable file refused (exit 64) before any sweep"

# --profile NAME of the catalogue (not a file): estimate and validate are given it by name
# (a name in MCSIM_PROFILE is no profile: the script stopped at reading its threads, exit 2)
"$script" "$mcsim" ve5 --profile h100-reference --configs european --steps default \
    --precisions single --rngs auto --threads 1 --backend cpu --budget 2 --cap 0.2 --repeat 2 \
    >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 0 ] || problems+=("exit $rc: $(tail -c 300 "$tmp/stderr")")
grep -q "profiles cpu = h100-reference" ve5/validate-european-default-single-auto-t1.txt ||
    problems+=("validate did not use h100-reference: $(head -c 300 ve5/validate-*.txt)")
grep -q '^| european | ' ve5/summary.md || problems+=("ve5: no european row")
report "--profile NAME: a catalogue profile by name, no calibration"

# a relative path (made absolute before the script enters OUT) and a name that is no profile
cp "$fixture" mine.ini
"$script" "$mcsim" ve6 --profile mine.ini --configs european --steps default \
    --precisions single --rngs auto --threads 1 --backend cpu --budget 2 --cap 0.2 --repeat 2 \
    >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 0 ] || problems+=("relative path: exit $rc: $(tail -c 300 "$tmp/stderr")")
grep -q "profiles cpu = test-machine" ve6/validate-european-default-single-auto-t1.txt ||
    problems+=("relative path: validate did not use it")
"$script" "$mcsim" ve7 --profile no-such-profile --configs european >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 64 ] || problems+=("a name that is no profile: exit $rc, not 64")
grep -q "validate_estimator.sh: --profile no-such-profile: .*not found" "$tmp/stderr" ||
    problems+=("no message for a name that is no profile: $(cat "$tmp/stderr")")
[ ! -e ve7 ] || problems+=("ve7 made before the profile was checked")
report "--profile: a relative path works; a name that is no profile is exit 64, said"
finish
