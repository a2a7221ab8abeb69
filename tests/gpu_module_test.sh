#!/usr/bin/env bash
# gpu_module_test.sh - one mcsim binary for CPU and GPU machines: mcsim links
# no CUDA library and runs its CPU checks with the CUDA libraries hidden from
# the loader; with no GPU module it says nothing about a GPU under
# --backend auto and exits 69 under --backend gpu; a module that cannot load
# (CUDA libraries hidden, not a module, another interface version, an entry
# point that is data or returns no table of the module) is refused with the
# reason (exit 69) while --version and --backend cpu run; an installed tree (cmake --install)
# finds its module and runs its configs.
# Usage: tests/gpu_module_test.sh MCSIM MODULE|none BUILD_DIR SOURCE_DIR
set -u

if [ $# -ne 4 ]; then
    echo "usage: $0 MCSIM MODULE|none BUILD_DIR SOURCE_DIR" >&2
    exit 64
fi
mcsim=$1 module=$2 build=$3 src=$4
[ -x "$mcsim" ] || { echo "gpu_module_test: '$mcsim' is not executable" >&2; exit 1; }
european=$src/configs/european.ini
unset MCSIM_GPU_MODULE MCSIM_PROFILE MCSIM_BACKEND

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mcsim_gpu_module_test.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export HOME=$tmp/home XDG_CACHE_HOME=$tmp/cache XDG_CONFIG_HOME=$tmp/config # notes said once
out=$tmp/stdout
err=$tmp/stderr

passed=0
failed=0
skipped=0
problems=()

report() {
    if [ ${#problems[@]} -eq 0 ]; then
        passed=$((passed + 1))
        echo "ok - $1"
    else
        failed=$((failed + 1))
        echo "not ok - $1"
        local p
        for p in "${problems[@]}"; do echo "#   $p"; done
        if [ -s "$err" ]; then sed 's/^/#   stderr: /' "$err" | head -n 5; fi
        if [ -s "$out" ]; then sed 's/^/#   stdout: /' "$out" | head -n 5; fi
    fi
    problems=()
}

skip() {
    skipped=$((skipped + 1))
    echo "ok - $1 # SKIP $2"
}

# need_in FILE WHAT PATTERN: FILE holds PATTERN (fixed string); '!PATTERN': must not.
need_in() {
    local file=$1 what=$2 pattern=$3
    if [ "${pattern#!}" != "$pattern" ]; then
        if grep -qiF -- "${pattern#!}" "$file"; then
            problems+=("$what mentions '${pattern#!}'")
        fi
    elif ! grep -qF -- "$pattern" "$file"; then
        problems+=("$what lacks '$pattern'")
    fi
}

# run CODE CMD...: run CMD (stdout, stderr to $out, $err); its exit code must be CODE.
run() {
    local code=$1
    shift
    "$@" >"$out" 2>"$err"
    local rc=$?
    [ $rc -eq "$code" ] || problems+=("exit code $rc, expected $code: ${*##*/}")
}

# The loader, run directly with --inhibit-cache and no LD_LIBRARY_PATH: it
# finds only the system's own folders and RUNPATHs, not the CUDA toolkit's
# (there /proc/self/exe is the loader, so only $MCSIM_GPU_MODULE names a module).
loader=$(readelf -l "$mcsim" | sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
hidden() { env -u LD_LIBRARY_PATH "$loader" --inhibit-cache "$@"; }

# --- mcsim itself needs no CUDA library ------------------------------------------
readelf -d "$mcsim" >"$out" 2>"$err" || problems+=("readelf -d failed")
grep -q NEEDED "$out" || problems+=("readelf lists no NEEDED library at all")
cuda_needed=$(grep -E 'NEEDED|RPATH|RUNPATH' "$out" | grep -iE 'libcud|libcurand|libnvidia|cuda')
[ -z "$cuda_needed" ] || problems+=("mcsim links CUDA: $cuda_needed")
report "mcsim links no CUDA library (readelf -d: no libcuda*, libcurand, CUDA RUNPATH)"

# --- a build or installation without a GPU module -----------------------------------
# the executable and its library (RUNPATH $ORIGIN/../lib, as installed)
libmcsim=$(dirname "$mcsim")/libmcsim.so.0
mkdir -p nomod/bin nomod/lib
cp "$mcsim" nomod/bin/mcsim
cp -L "$libmcsim" nomod/lib/
run 0 nomod/bin/mcsim --version
need_in "$out" stdout "gpu backend: not built or not installed"
need_in "$out" stdout "libmcsim_gpu.so"
report "no module: --version says the GPU backend is not built or not installed, and where it looked"

run 0 nomod/bin/mcsim "$european" --paths 20000 --backend auto -o auto.h5
need_in "$out" stdout "price"
need_in "$err" stderr "!gpu"
[ -f auto.h5 ] || problems+=("auto.h5 not written")
report "no module: --backend auto runs on the cpu and says nothing about a GPU"

run 69 nomod/bin/mcsim "$european" --paths 20000 --backend gpu -o gpu.h5
need_in "$err" stderr "--backend gpu"
need_in "$err" stderr "no GPU support"
[ -e gpu.h5 ] && problems+=("gpu.h5 written")
report "no module: --backend gpu exits 69, saying this build has no GPU support"

# --- modules that are refused, with the reason ------------------------------------------
MCSIM_GPU_MODULE=$tmp/nosuch.so run 69 "$mcsim" "$european" --paths 20000 --backend gpu -o x.h5
need_in "$err" stderr "cannot load the GPU module $tmp/nosuch.so"
need_in "$err" stderr "No such file"
report "MCSIM_GPU_MODULE naming a missing file: --backend gpu exits 69 with the loader's reason"

MCSIM_GPU_MODULE=$european run 69 "$mcsim" "$european" --paths 20000 --backend gpu -o x.h5
need_in "$err" stderr "cannot load the GPU module $european"
report "MCSIM_GPU_MODULE naming a file that is no shared object: exit 69 with the reason"

cc=${CC:-cc}
if command -v "$cc" >/dev/null; then
    # another interface version: the first member of the table is its version
    printf 'static const int abi = 999;\nconst void *mcs_gpu_module_entry(void) { return &abi; }\n' \
        >abi.c
    printf 'int something_else(void) { return 1; }\n' >noentry.c
    "$cc" -shared -fPIC -o abi.so abi.c && "$cc" -shared -fPIC -o noentry.so noentry.c ||
        problems+=("cannot build the test modules with $cc")
    MCSIM_GPU_MODULE=$tmp/abi.so run 69 "$mcsim" "$european" --paths 20000 --backend gpu -o x.h5
    need_in "$err" stderr "interface version is 999"
    MCSIM_GPU_MODULE=$tmp/noentry.so run 69 "$mcsim" "$european" --paths 20000 --backend gpu \
        -o x.h5
    need_in "$err" stderr "has no mcs_gpu_module_entry()"
    MCSIM_GPU_MODULE=$tmp/abi.so run 0 "$mcsim" --version
    need_in "$out" stdout "gpu backend: module found, not loadable"
    report "a module of another interface version, or none at all, is refused: exit 69, --version says why"

    # an entry point that is data, not code (calling it crashed every command,
    # --version and --backend cpu too), or whose table is not in the module
    printf 'const int mcs_gpu_module_entry[4] = {1, 2, 3, 4};\n' >data.c
    printf 'const void *mcs_gpu_module_entry(void) { return (const void *)16; }\n' >wild.c
    mkdir -p inst/bin inst/lib/mcsim
    cp "$mcsim" inst/bin/mcsim
    cp -L "$libmcsim" inst/lib/
    "$cc" -shared -fPIC -o data.so data.c && "$cc" -shared -fPIC -o wild.so wild.c &&
        cp data.so inst/lib/mcsim/libmcsim_gpu.so || problems+=("cannot build the test modules")
    for how in env installed; do
        if [ $how = env ]; then
            m=(env MCSIM_GPU_MODULE="$tmp/data.so" "$mcsim") path=$tmp/data.so
        else
            m=(inst/bin/mcsim) path=$tmp/inst/lib/mcsim/libmcsim_gpu.so
        fi
        run 0 "${m[@]}" --version
        need_in "$out" stdout "gpu backend: module found, not loadable: cannot load the GPU module $path"
        need_in "$out" stdout "mcs_gpu_module_entry is not a function"
        run 0 "${m[@]}" "$european" --paths 20000 --backend cpu --no-log
        need_in "$out" stdout "price"
        need_in "$err" stderr "!gpu"
        run 69 "${m[@]}" "$european" --paths 20000 --backend gpu --no-log
        need_in "$err" stderr "--backend gpu: unavailable: cannot load the GPU module $path"
        need_in "$err" stderr "not a function"
        run 0 "${m[@]}" "$european" --paths 20000 --backend auto --no-log -v
        need_in "$out" stdout "price"
        need_in "$err" stderr "running on the cpu: cannot load the GPU module $path"
        [ "$(wc -l <"$err")" -eq 1 ] || problems+=("auto says $(wc -l <"$err") lines on stderr")
        report "a data symbol as entry point ($how): --version and --backend cpu run, gpu exits 69 saying so, auto falls back"
    done
    MCSIM_GPU_MODULE=$tmp/wild.so run 69 "$mcsim" "$european" --paths 20000 --backend gpu -o x.h5
    need_in "$err" stderr "mcs_gpu_module_entry() returned no table of the module"
    MCSIM_GPU_MODULE=$tmp/wild.so run 0 "$mcsim" --version
    report "an entry point returning a pointer outside the module: refused, exit 69, no crash"

    # a module that loads on a machine without a usable GPU: its probe fails
    # with $FAKE_GPU_WHY, else "no usable GPU: CUDA sees no device"
    cat >fake.c <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include "engine/gpu_module.h"
#include "engine/params_layout.h"
static mcs_status probe(char *why, size_t len)
{
    const char *w = getenv("FAKE_GPU_WHY");
    snprintf(why, len, "%s", w && *w ? w : "no usable GPU: CUDA sees no device");
    return MCS_E_UNAVAILABLE;
}
static const char *variant(void) { return "fake"; }
static const mcs_backend backend = {.name = "gpu", .description = "fake GPU backend",
                                    .probe = probe, .variant = variant,
                                    .rngs = MCS_GPU_BACKEND_RNGS, .default_rng = MCS_RNG_PHILOX};
static const mcs_gpu_module module = {.abi = MCS_GPU_MODULE_ABI, .version = MCS_VERSION,
                                      .layout = MCS_GPU_MODULE_LAYOUT,
                                      .params = mcs_params_layout_text, .backend = &backend};
const mcs_gpu_module *mcs_gpu_module_entry(void) { return &module; }
EOF
    version=$("$mcsim" --version | sed -n '1s/^mcsim //p')
    "$cc" -shared -fPIC -I"$src" -I"$src/core" -I"$src/engine" -DMCS_VERSION="\"$version\"" -o fake.so fake.c ||
        problems+=("cannot build fake.so")
    # the same module built from other key lists (a key added to a model's
    # list changes no struct's size): refused as built from other sources
    sed 's/^static const mcs_gpu_module module = {/static const char other[] = "models: real spot";\n&/; s/\.params = mcs_params_layout_text/.params = other/' \
        fake.c >other.c
    "$cc" -shared -fPIC -I"$src" -I"$src/core" -I"$src/engine" -DMCS_VERSION="\"$version\"" \
        -o other.so other.c || problems+=("cannot build other.so")
    MCSIM_GPU_MODULE=$tmp/other.so run 69 "$mcsim" "$european" --paths 20000 --backend gpu --no-log
    need_in "$err" stderr "it was built from other sources"
    MCSIM_GPU_MODULE=$tmp/other.so run 0 "$mcsim" --version
    need_in "$out" stdout "built from other sources"
    report "a module built from other key lists (the same sizes): refused, exit 69"
    export MCSIM_GPU_MODULE=$tmp/fake.so
    auto=("$mcsim" "$european" --paths 20000 --backend auto --no-log)
    run 0 "$mcsim" --version
    need_in "$out" stdout "gpu backend: module $tmp/fake.so: fake GPU backend"
    run 0 "${auto[@]}"
    need_in "$out" stdout "price"
    need_in "$err" stderr "mcsim: running on the cpu: no usable GPU: CUDA sees no device"
    need_in "$err" stderr "said once per machine"
    need_in "$err" stderr "MCSIM_BACKEND=cpu"
    need_in "$err" stderr "-DMCSIM_CUDA=OFF"
    [ "$(wc -l <"$err")" -eq 1 ] || problems+=("first run: $(wc -l <"$err") lines on stderr")
    run 0 "${auto[@]}"
    [ -s "$err" ] && problems+=("second run: the note again")
    FAKE_GPU_WHY="no usable GPU: another reason" run 0 "${auto[@]}"
    need_in "$err" stderr "running on the cpu: no usable GPU: another reason"
    run 0 "${auto[@]}" -v
    [ "$(grep -o "no usable GPU" "$err" | wc -l)" -eq 1 ] && [ "$(wc -l <"$err")" -eq 1 ] ||
        problems+=("-v repeats itself")
    need_in "$err" stderr "running on the cpu: no usable GPU: CUDA sees no device"
    report "no usable GPU: auto says it once per machine and reason, naming the switches; -v every time, once"

    rm -rf "$XDG_CACHE_HOME"
    run 0 "${auto[@]}" -q
    [ -s "$err" ] && problems+=("-q: the note")
    MCSIM_BACKEND=cpu run 0 "$mcsim" "$european" --paths 20000 --no-log
    [ -s "$err" ] && problems+=("MCSIM_BACKEND=cpu: the note")
    # a CPU-only profile calibrated here: the machine is known to have no GPU
    mkdir -p "$XDG_CONFIG_HOME/mcsim"
    sed "s/^kind = cpu/kind = cpu\nhost = $(hostname)/" "$src/tests/fixtures/cpu-only.ini" \
        >"$XDG_CONFIG_HOME/mcsim/local.ini"
    run 0 "${auto[@]}"
    [ -s "$err" ] && problems+=("with a CPU-only profile of this host: the note")
    sed -i "s/^host = .*/host = another-host/" "$XDG_CONFIG_HOME/mcsim/local.ini"
    run 0 "${auto[@]}"
    need_in "$err" stderr "said once per machine"
    rm -rf "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
    unset MCSIM_GPU_MODULE
    report "no usable GPU: nothing said under -q, MCSIM_BACKEND=cpu or a CPU-only profile of this host"
else
    skip "a module of another interface version, or none at all, is refused" "no C compiler ($cc)"
fi

# --- the real module, as built -----------------------------------------------------
if [ "$module" != none ]; then
    run 0 "$mcsim" --version
    need_in "$out" stdout "gpu backend: module $(dirname "$mcsim")/libmcsim_gpu.so"
    need_in "$out" stdout "CUDA runtime"
    report "mcsim finds the module beside it; --version says where, and the CUDA versions"

    # its only export is the entry point; the engine's functions it calls
    # come through the entry point's table, so it needs no mcs_ symbol of
    # the program or library that loads it (libmcsim.so opened RTLD_LOCAL
    # by Python's ctypes exports none)
    exported=$(nm -D --defined-only "$module" | awk '$2 ~ /^[TDRB]$/ {print $3}')
    [ "$exported" = mcs_gpu_module_entry ] || problems+=("module exports: ${exported//$'\n'/ }")
    needed=$(nm -D --undefined-only "$module" | awk '$2 ~ /^mcs/ {print $2}')
    [ -z "$needed" ] || problems+=("module needs symbols of its host: ${needed//$'\n'/ }")
    report "the module exports only mcs_gpu_module_entry and needs no symbol of its host"
else
    skip "mcsim finds the module beside it" "this build has no GPU module"
    skip "the module exports only mcs_gpu_module_entry" "this build has no GPU module"
fi

# --- install into a prefix ------------------------------------------------------------
cmake=$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$build/CMakeCache.txt")
p=$tmp/prefix
"${cmake:-cmake}" --install "$build" --prefix "$p" >"$out" 2>"$err" || problems+=("cmake --install failed")
for f in bin/mcsim share/mcsim/configs/european.ini share/mcsim/configs/asian.ini \
    share/doc/mcsim/README.md share/doc/mcsim/docs/gpu.md share/doc/mcsim/docs/user-guide.md \
    share/bash-completion/completions/mcsim; do
    [ -f "$p/$f" ] || problems+=("$f not installed")
done
# the man page, generated from --help where help2man was found
if grep -q '^HELP2MAN:FILEPATH=/' "$build/CMakeCache.txt"; then
    man1=$p/share/man/man1/mcsim.1
    if [ ! -f "$man1" ]; then
        problems+=("share/man/man1/mcsim.1 not installed (help2man was found)")
    else
        grep -q '^\.TH MCSIM "1"' "$man1" || problems+=("mcsim.1 has no .TH MCSIM 1 line")
        # every long option of --help is in the page (help2man writes \-\-opt)
        for o in $("$mcsim" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
            grep -qF -- "$(printf '%s' "$o" | sed 's/-/\\-/g')" "$man1" || problems+=("mcsim.1 lacks $o")
        done
    fi
fi
if [ "$module" != none ]; then
    [ -f "$p/lib/mcsim/libmcsim_gpu.so" ] || problems+=("lib/mcsim/libmcsim_gpu.so not installed")
else
    [ -e "$p/lib/mcsim" ] && problems+=("lib/mcsim installed by a build without a module")
fi
report "cmake --install: bin/mcsim, lib/mcsim/ (the module, when built), configs, docs, man page (with help2man), bash completion"

run 0 "$p/bin/mcsim" --version
if [ "$module" != none ]; then
    need_in "$out" stdout "gpu backend: module $p/lib/mcsim/libmcsim_gpu.so"
else
    need_in "$out" stdout "gpu backend: not built or not installed"
fi
run 0 "$p/bin/mcsim" "$p/share/mcsim/configs/european.ini" --backend cpu --paths 20000 -o inst.h5
need_in "$out" stdout "price"
[ -f inst.h5 ] || problems+=("inst.h5 not written")
report "installed: --version finds lib/mcsim/ from bin/ (or says none); the installed config runs"

# --- the CUDA libraries hidden ----------------------------------------------------------
run 0 hidden "$mcsim" "$european" --paths 20000 --backend cpu -o hidden.h5
need_in "$out" stdout "price"
[ -f hidden.h5 ] || problems+=("hidden.h5 not written")
report "CUDA libraries hidden: mcsim --backend cpu runs"

imod=$p/lib/mcsim/libmcsim_gpu.so # installed: no RUNPATH to the toolkit
if [ "$module" = none ]; then
    skip "CUDA libraries hidden: the module is refused with the loader's reason" "no GPU module"
elif env -u LD_LIBRARY_PATH "$loader" --inhibit-cache --list "$imod" 2>&1 |
    grep -q 'libcurand[^ ]* => /'; then
    skip "CUDA libraries hidden: the module is refused with the loader's reason" \
        "libcurand is in a system folder here: it cannot be hidden"
else
    MCSIM_GPU_MODULE=$imod run 69 hidden "$mcsim" "$european" --paths 20000 --backend gpu -o x.h5
    need_in "$err" stderr "--backend gpu: unavailable: cannot load the GPU module $imod"
    need_in "$err" stderr "libcurand.so"
    [ -e x.h5 ] && problems+=("x.h5 written")
    MCSIM_GPU_MODULE=$imod run 0 hidden "$mcsim" "$european" --paths 20000 --backend auto -o a.h5
    need_in "$out" stdout "price"
    need_in "$err" stderr "cpu"
    [ "$(wc -l <"$err")" -le 1 ] || problems+=("auto says more than one line on stderr")
    MCSIM_GPU_MODULE=$imod run 0 hidden "$mcsim" "$european" --paths 20000 --backend cpu -o c.h5
    need_in "$err" stderr "!gpu"
    MCSIM_GPU_MODULE=$imod run 0 hidden "$mcsim" --version
    need_in "$out" stdout "gpu backend: module found, not loadable"
    need_in "$out" stdout "libcurand.so"
    report "CUDA libraries hidden: --backend gpu exits 69 with the loader's reason, auto says it once, cpu nothing"
fi

echo "# $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
