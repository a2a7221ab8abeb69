/* block_dispatch.c - picks the kernel variant for this CPU at run time. */
#include <stdlib.h>
#include <string.h>
#include "block_isa.h"
#include "block_kernel.h"

typedef struct {
    const char *env;  /* MCSIM_CPU_ISA value */
    const char *name; /* level name */
    mcs_block_fn single, dbl;
} isa_variant;

static const isa_variant variants[] = {
#ifdef MCSIM_CPU_DISPATCH
    {"v4", "x86-64-v4", mcs_block_single_v4, mcs_block_double_v4},
    {"v3", "x86-64-v3", mcs_block_single_v3, mcs_block_double_v3},
#endif
    {"v1", "x86-64", mcs_block_single_v1, mcs_block_double_v1},
};
#define N_VARIANTS (sizeof variants / sizeof variants[0])

static int supported(const isa_variant *v)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (strcmp(v->env, "v4") == 0)
        return __builtin_cpu_supports("x86-64-v4");
    if (strcmp(v->env, "v3") == 0)
        return __builtin_cpu_supports("x86-64-v3");
#endif
    return 1;
}

static const isa_variant *choose(void)
{
    const char *want = getenv("MCSIM_CPU_ISA");
    for (size_t i = 0; i < N_VARIANTS; i++) {
        if (want && *want && strcmp(want, variants[i].env) != 0)
            continue;
        if (supported(&variants[i]))
            return &variants[i];
        if (want && *want)
            return NULL;
    }
    return NULL;
}

mcs_block_fn mcs_block_kernel(mcs_precision precision)
{
    const isa_variant *v = choose();
    if (!v)
        return NULL;
    return precision == MCS_DOUBLE ? v->dbl : v->single;
}

const char *mcs_block_isa(void)
{
    const isa_variant *v = choose();
    return v ? v->name : "MCSIM_CPU_ISA names a level this CPU or build lacks (valid: v1, v3, v4)";
}
