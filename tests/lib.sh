# lib.sh - the prelude the shell tests of shards, checkpoints, MPI and the install share.
# Source it as `. "$(dirname "$0")/lib.sh" NAME PATH/TO/mcsim`. It sets
# mcsim (an absolute path) and repo, makes a private folder $tmp (the
# working directory, removed at exit) with HOME inside it, and clears the
# environment that would pick another profile or backend. Checks append to
# problems and end with `report WHAT`; `bits` prints the estimate's bits
# (price, std error, every output) of a JSON run read on stdin; `finish`
# prints the tally and gives the exit status. h5_missing names the log
# readers (h5dump, python3 h5py; `make deps-test` installs them) this machine
# lacks, empty where it has both; `skip WHAT WHY` reports a case that cannot
# run here.
set -u
mcsim=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcsim_$1.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config
unset MCSIM_PROFILE MCSIM_BACKEND MCSIM_LOG
passed=0 failed=0 skipped=0 problems=() failures=()
h5_missing=$("$repo/tests/check_h5_readers.sh" --missing)
skip() { skipped=$((skipped + 1)); echo "ok - $1 # SKIP $2"; problems=(); }
report() {
    if [ ${#problems[@]} -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
    else failed=$((failed + 1)); echo "not ok - $1"; printf '#   %s\n' "${problems[@]}"
        failures+=("$1: ${problems[0]}"); fi
    problems=()
}
bits() {
    /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(repr((d["price"], d["std_error"], [(o["name"], o["price"], o["std_error"]) for o in d["outputs"]])))'
}
# The summary, with each failed case again at the end: a log cut in its
# middle (CI shows a long output's head and tail) still names them.
finish() {
    [ $failed -eq 0 ] || printf '# failed: %s\n' "${failures[@]}"
    echo "# $passed passed, $failed failed, $skipped skipped"
    [ $failed -eq 0 ]
}
