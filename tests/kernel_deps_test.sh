#!/bin/bash
# kernel_deps_test.sh - a model's or payoff's new key rebuilds its kernels,
# not every kernel (docs/architecture.md, "A model's parameters are its own
# block"): each generated CPU kernel source (BUILD/kernels/cpu_*_v1.c, from
# kernels/combos.def) is run through the C compiler's dependency listing
# (-M), which must name its own model's and payoff's key lists and no other
# model's or payoff's (a payoff without own keys reads none); the
# GPU kernel source includes the same two headers by name
# (MCS_MODEL_HEADER, MCS_PAYOFF_HEADER), not every model's.
# Usage: kernel_deps_test.sh PATH/TO/mcsim C_COMPILER SOURCE_DIR BUILD_DIR
. "$(dirname "$0")/lib.sh" kernel_deps "$1"
cc=$2 src=$3 build=$4
models=$(sed -n 's/^MCS_COMBO(\([a-z0-9_]*\),.*/\1/p' "$src/kernels/combos.def" | sort -u)
payoffs=$(sed -n 's/^MCS_COMBO([a-z0-9_]*, *[A-Z0-9_]*, *\([a-z0-9_]*\),.*/\1/p' "$src/kernels/combos.def" | sort -u)
checked=0
for file in "$build"/kernels/cpu_*_v1.c; do
    [ -e "$file" ] || { problems+=("no generated kernel sources in $build/kernels"); break; }
    own=$(sed -n 's/^#define MODEL \([a-z0-9_]*\)$/\1/p' "$file")
    own_payoff=$(sed -n 's/^#define PAYOFF \([a-z0-9_]*\)$/\1/p' "$file")
    deps=$("$cc" -M -I "$src/core" -I "$src/engine" -I "$src/models" -I "$src/cpu_backend" \
        "$file" 2> cc.txt) || { problems+=("$file: $(head -3 cc.txt)"); continue; }
    grep -q "models/${own}_params.def" <<< "$deps" || problems+=("$file: its own list is not read")
    for m in $models; do
        [ "$m" = "$own" ] && continue
        grep -q "models/${m}_params.def" <<< "$deps" &&
            problems+=("$(basename "$file") ($own) depends on models/${m}_params.def")
    done
    [ -n "$own_payoff" ] || problems+=("$file: no PAYOFF defined")
    for p in $payoffs; do
        [ "$p" = "$own_payoff" ] && continue
        grep -q "payoffs/${p}_params.def" <<< "$deps" &&
            problems+=("$(basename "$file") ($own_payoff) depends on payoffs/${p}_params.def")
    done
    checked=$((checked + 1))
done
[ "$checked" -ge 5 ] || problems+=("only $checked kernel sources checked")
report "each of $checked CPU kernel sources depends on its own model's and payoff's key lists alone"
for f in "$src/cpu_backend/path_kernel.inc" "$src/gpu_backend/gpu_kernel.cuh"; do
    grep -q '^#include MCS_MODEL_HEADER' "$f" || problems+=("$f does not include MCS_MODEL_HEADER")
    grep -q '^#include MCS_PAYOFF_HEADER' "$f" || problems+=("$f does not include MCS_PAYOFF_HEADER")
    grep -q 'kernels/includes.h' "$f" && problems+=("$f includes every model (kernels/includes.h)")
done
report "both hot loops include their own model's and payoff's headers by name"
finish
