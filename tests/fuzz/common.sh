# common.sh - sourced by run.sh and replay.sh: where things are, and
# whether this machine can build libFuzzer harnesses at all.
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
FUZZ_CC=${FUZZ_CC:-clang}

# 0 when $FUZZ_CC links a libFuzzer program with ASan and UBSan; else the
# reason on stdout.
fuzz_toolchain() {
    command -v "$FUZZ_CC" >/dev/null 2>&1 || { echo "no $FUZZ_CC (apt-get install clang)"; return 1; }
    command -v pkg-config >/dev/null 2>&1 && pkg-config --exists inih hdf5 ||
        { echo "pkg-config finds no inih or hdf5 (make deps)"; return 1; }
    probe=$(mktemp -d "${TMPDIR:-/tmp}/mcs_fuzz_probe.XXXXXX") || return 1
    printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
    if ! "$FUZZ_CC" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >"$probe/log" 2>&1; then
        echo "$FUZZ_CC cannot link -fsanitize=fuzzer,address,undefined: $(head -n 1 "$probe/log")"
        rm -rf "$probe"
        return 1
    fi
    rm -rf "$probe"
    return 0
}

# Build every harness into $1 (quiet unless it fails).
fuzz_build() {
    mkdir -p "$1"
    if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$here" FUZZ_BUILD="$1" CC="$FUZZ_CC" -j"${FUZZ_JOBS:-2}" all >"$1/build.log" 2>&1; then
        cat "$1/build.log" >&2
        echo "fuzz: building the harnesses failed" >&2
        return 1
    fi
}

fuzz_harnesses() {
    make -s -C "$here" print-harnesses
}

# The lines of a harness's output that say what went wrong: the sanitizer's
# or the property check's message and the stack frames in our sources.
fuzz_summary() {
    awk '/fuzz property broken/ { on = 1 } /^==[0-9]+==/ { on = 0 } on' "$1" | head -n 12
    grep -E '(ERROR|WARNING): (AddressSanitizer|UndefinedBehaviorSanitizer|LeakSanitizer|libFuzzer)|runtime error:|SUMMARY:' "$1" | head -n 4
    grep -E '^ +#[0-9]+ .* in [A-Za-z_].* [^ ]+\.[ch]:[0-9]+' "$1" |
        grep -v -E 'libFuzzer|compiler-rt|sanitizer_common|/nptl/|/sysdeps/|/stdlib/|/csu/' | head -n 10
}

# Run harness $1 on the one input file $2 (no fuzzing); 0 if clean, else
# the summary on stdout.
fuzz_replay_file() {
    _log=$(mktemp "${TMPDIR:-/tmp}/mcs_fuzz_replay.XXXXXX") || return 1
    if "$build/$1" -runs=1 -error_exitcode=1 -timeout=25 -timeout_exitcode=1 "$2" >"$_log" 2>&1; then
        rm -f "$_log"
        return 0
    fi
    fuzz_summary "$_log"
    rm -f "$_log"
    return 1
}
