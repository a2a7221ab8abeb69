#!/bin/bash
# doc_example_test.sh - docs/architecture.md's worked example compiles and
# works: the payoff header in its ```c block after the marker
# "compiled by tests/doc_example_test.sh" is extracted, step 2's key list
# (the ```c block after "key list `payoffs/range_params.def`") is named in a
# copy of payoffs/params.def, its block header is payoffs/digital_params.h
# with the name changed (as the doc says), and a small driver built against a copy of core/, models/,
# payoffs/ and kernels/ runs one path of each model (gbm, bachelier)
# through the model's per-step view (kernels/step_view.h) into the payoff,
# comparing its output with a count made from the model's spot directly.
# Usage: doc_example_test.sh PATH/TO/mcsim C_COMPILER
. "$(dirname "$0")/lib.sh" doc_example "$1"
cc=${2:-cc}
doc=$repo/docs/architecture.md
mkdir -p src
cp -r "$repo/core" "$repo/models" "$repo/kernels" "$repo/payoffs" src/
awk '/compiled by tests\/doc_example_test.sh/ {on = 1; next}
     on && /^ *```c/ {inside = 1; next}
     inside && /^ *```/ {exit}
     inside {sub(/^   /, ""); print}' "$doc" > src/payoffs/range.h
[ -s src/payoffs/range.h ] || problems+=("no example block after the marker in $doc")
# step 2: the payoff's key list, named in payoffs/params.def
awk '/key list `payoffs\/range_params.def`/ {on = 1; next}
     on && /^ *```c/ {inside = 1; next}
     inside && /^ *```/ {exit}
     inside {sub(/^   /, ""); print}' "$doc" > src/payoffs/range_params.def
if grep -q range_low src/payoffs/range_params.def; then
    echo '#include "range_params.def"' >> src/payoffs/params.def
    sed 's/digital/range/g; s/DIGITAL/RANGE/g' src/payoffs/digital_params.h >src/payoffs/range_params.h
else
    problems+=("no key list with range_low after \"key list \`payoffs/range_params.def\`\" in $doc")
fi
cat > src/main.c <<'C'
/* one path of MODEL through the view into the worked example's payoff */
#include <stdio.h>
#include <string.h>
#include "models/gbm.h"
#include "models/bachelier.h"
#include "payoffs/range.h"
#define PASTE3_(a, b, c) a##b##c
#define PASTE3(a, b, c) PASTE3_(a, b, c)
#define M_(name) PASTE3(mcs_, MODEL, _##name)
#define MC_(name) PASTE3(MCS_, MODEL_UC, _##name)
#include "kernels/step_view.h"
int main(void)
{
    static mcs_model_params m;
    mcs_option_params o;
    memset(&m, 0, sizeof m);
    memset(&o, 0, sizeof o);
    m.spot = 100, m.rate = 0.05, m.volatility = 0.2; /* every model's head (core/job.h) */
    mcs_bachelier_params_in(&m)->normal_vol = 20;    /* bachelier's own block */
    o.maturity = 1;                                  /* every payoff's head */
    mcs_range_params *r = mcs_range_params_in(&o);   /* the range's own block */
    r->fixings = 6, r->cash = 10, r->range_low = 95, r->range_high = 105;
    const uint32_t steps = 12;
    const M_(coef) mc = M_(coef_make)(&m, o.maturity / steps);
    const mcs_range_coef pc = mcs_range_coef_make(&o, &m, steps);
    mcs_real s[MC_(DIM)], s0[MC_(DIM)], a[MCS_RANGE_DIM], out[MCS_RANGE_OUTPUTS];
    M_(init)(&mc, s);
    mcs_range_init(&pc, a);
    int inside = 0;
    for (uint32_t k = 0; k < steps; k++) {
        const mcs_real z[1] = {k % 2 ? (mcs_real)0.1 : (mcs_real)-0.1};
        memcpy(s0, s, sizeof s);
        M_(step)(&mc, s, z, 0);
        if (mcs_range_watches(&pc, k)) {
            const mcs_view v = view_step(&mc, s0, s, z, 0);
            mcs_range_observe(&pc, mcs_range_mode(&pc), a, &v);
            const mcs_real spot = M_(spot)(&mc, s);
            inside += spot >= 95 && spot <= 105;
        }
    }
    const mcs_view v = view_at(&mc, s);
    mcs_range_finish(&pc, mcs_range_mode(&pc), a, &v, out);
    const double want = 10.0 * inside / 6;
    printf("%s: %g (want %g, %d of 6 fixings inside)\n", "" PASTE3(, , #MODEL), (double)out[0], want, inside);
    return fabs((double)out[0] - want) < 1e-5 && inside > 0 ? 0 : 1;
}
C
sed -i 's/"" PASTE3(, , #MODEL)/MODEL_NAME/' src/main.c
for model in gbm:GBM bachelier:BACHELIER; do
    for prec in "" -DMCS_REAL_DOUBLE; do
        name=${model%%:*} uc=${model##*:}
        if "$cc" -std=c11 -O2 -Wall -Wextra -Werror -fno-math-errno $prec -DMODEL=$name \
                -DMODEL_UC=$uc -DMODEL_NAME="\"$name\"" -Isrc src/main.c -o run_$name -lm 2> cc.txt; then
            ./run_$name || problems+=("the example on $name ${prec:-single}: wrong output")
        else
            problems+=("the example does not compile ($name ${prec:-single}): $(head -5 cc.txt)")
        fi
    done
done
report "docs/architecture.md's worked example compiles and prices on gbm and bachelier"
finish
