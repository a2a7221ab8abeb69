/* block_dispatch.c - picks the CPU kernel for a job: its (model, payoff)
 * from the list in kernels/combos.def, its precision, and the instruction
 * set of this CPU, chosen at run time. */
#include <stdlib.h>
#include <string.h>
#include "block_kernel.h"

/* Declare every instantiation CMake generates (CMakeLists.txt): v1 always,
 * v3 and v4 where MCSIM_CPU_ISAS names them (MCSIM_CPU_v3, MCSIM_CPU_v4). */
#define MCS_DECLARE(model, payoff, isa)                                                       \
    void MCS_BLOCK_FN_NAME(model, payoff, single, isa)(const mcs_job *, mcs_block_stream *,   \
                                                       uint32_t, mcs_block_scratch *,         \
                                                       mcs_block_sums *);                     \
    void MCS_BLOCK_FN_NAME(model, payoff, double, isa)(const mcs_job *, mcs_block_stream *,   \
                                                       uint32_t, mcs_block_scratch *,         \
                                                       mcs_block_sums *);
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_DECLARE(model, payoff, v1)
#include "../kernels/combos.def"
#undef MCS_COMBO
#ifdef MCSIM_CPU_v3
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_DECLARE(model, payoff, v3)
#include "../kernels/combos.def"
#undef MCS_COMBO
#endif
#ifdef MCSIM_CPU_v4
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_DECLARE(model, payoff, v4)
#include "../kernels/combos.def"
#undef MCS_COMBO
#endif

typedef struct {
    mcs_model_id model;
    mcs_payoff_id payoff;
    mcs_block_fn single, dbl;
} combo_kernel;

#define MCS_COMBO_ENTRY(model, MODEL, payoff, PAYOFF, isa)                             \
    {MCS_MODEL_##MODEL, MCS_PAYOFF_##PAYOFF, MCS_BLOCK_FN_NAME(model, payoff, single, isa), \
     MCS_BLOCK_FN_NAME(model, payoff, double, isa)},
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_COMBO_ENTRY(model, MODEL, payoff, PAYOFF, v1)
static const combo_kernel kernels_v1[] = {
#include "../kernels/combos.def"
    {0, 0, NULL, NULL}};
#undef MCS_COMBO
#ifdef MCSIM_CPU_v3
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_COMBO_ENTRY(model, MODEL, payoff, PAYOFF, v3)
static const combo_kernel kernels_v3[] = {
#include "../kernels/combos.def"
    {0, 0, NULL, NULL}};
#undef MCS_COMBO
#endif
#ifdef MCSIM_CPU_v4
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) MCS_COMBO_ENTRY(model, MODEL, payoff, PAYOFF, v4)
static const combo_kernel kernels_v4[] = {
#include "../kernels/combos.def"
    {0, 0, NULL, NULL}};
#undef MCS_COMBO
#endif

typedef struct {
    const char *env;  /* MCSIM_CPU_ISA value */
    const char *name; /* level name */
    const combo_kernel *kernels;
} isa_variant;

static const isa_variant variants[] = {
#ifdef MCSIM_CPU_v4
    {"v4", "x86-64-v4", kernels_v4},
#endif
#ifdef MCSIM_CPU_v3
    {"v3", "x86-64-v3", kernels_v3},
#endif
    {"v1", "x86-64", kernels_v1},
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

mcs_block_fn mcs_block_kernel(const mcs_job *job)
{
    const isa_variant *v = choose();
    if (!v)
        return NULL;
    for (const combo_kernel *k = v->kernels; k->single; k++)
        if (k->model == job->model.id && k->payoff == job->option.payoff)
            return job->sim.precision == MCS_DOUBLE ? k->dbl : k->single;
    return NULL;
}

size_t mcs_block_kernel_pairs(mcs_model_id *models, mcs_payoff_id *payoffs, size_t most)
{
    size_t n = 0;
    for (size_t i = 0; i < N_VARIANTS; i++)
        for (const combo_kernel *k = variants[i].kernels; k->single; k++, n++)
            if (n < most) {
                models[n] = k->model;
                payoffs[n] = k->payoff;
            }
    return n;
}

const char *mcs_block_isa(void)
{
    const isa_variant *v = choose();
    return v ? v->name : "MCSIM_CPU_ISA names a level this CPU or build lacks (valid: v1, v3, v4)";
}
