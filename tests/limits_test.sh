#!/bin/sh
# limits_test.sh - kernels/limits.h refuses, at compile time, a (model,
# payoff) pair that outgrows the hot loops' fixed sizes, naming the limit:
# each check once with a toy pair one past it, and the toy pair within all of
# them compiles. Usage: limits_test.sh CC REPO
cc=$1 repo=$2
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
fails=0
# try NAME WANT DEFINES: compile the toy pair with DEFINES; WANT is "ok" or a
# word the compiler's message must hold
try() {
    name=$1 want=$2
    shift 2
    {
        for d in "$@"; do echo "#define $d"; done
        echo '#include "kernels/limits.h"'
        echo 'MCS_COMBO_LIMITS(toy, TOY, probe, PROBE)'
    } > "$dir/t.c"
    if "$cc" -std=gnu11 -fsyntax-only -I"$repo" -I"$repo/core" -I"$repo/engine" -I"$repo/cpu_backend" \
        "$dir/t.c" 2> "$dir/err"; then
        [ "$want" = ok ] && { echo "ok - $name"; return; }
        echo "not ok - $name: compiled, expected a static assert naming $want"
    else
        [ "$want" != ok ] && grep -q "$want" "$dir/err" && { echo "ok - $name"; return; }
        echo "not ok - $name: expected ${want}:"; cat "$dir/err"
    fi
    fails=$((fails + 1))
}
good="MCS_TOY_DIM 1|MCS_TOY_NORMALS 1|MCS_PROBE_DIM 1|MCS_PROBE_UNIFORMS 1|MCS_PROBE_OUTPUTS 2|MCS_PROBE_MODES 2"
with() { # the good pair with one constant replaced
    echo "$good" | tr '|' '\n' | sed "s/^$1 .*/$1 $2/"
}
IFS='
'
try "a pair within every limit compiles" ok $(with MCS_TOY_DIM 1)
try "model state over MCS_MOST_DIM" MCS_MOST_DIM $(with MCS_TOY_DIM 65)
try "payoff accumulators over MCS_MOST_DIM" MCS_MOST_DIM $(with MCS_PROBE_DIM 65)
try "draws over MCS_MOST_DRAWS" MCS_MOST_DRAWS $(with MCS_TOY_NORMALS 71)
most_outputs=$(sed -n 's/^#define MCS_MAX_OUTPUTS \([0-9]*\).*/\1/p' "$repo/core/stats.h")
try "outputs over MCS_MAX_OUTPUTS" MCS_MAX_OUTPUTS $(with MCS_PROBE_OUTPUTS $((most_outputs + 1)))
try "three modes" "modes 0 and 1 only" $(with MCS_PROBE_MODES 3)
exit $fails
