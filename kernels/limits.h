/* limits.h - the fixed sizes of the hot loops, and every (model, payoff) of
 * kernels/combos.def checked against them at compile time (no silent
 * limit): the state or accumulator values per path (MCS_MOST_DIM) and the
 * draws per step, counting the split uniform's slot (MCS_MOST_DRAWS), for
 * which the CPU batch buffers are sized (kernels/limits.h); the
 * outputs of a result (core/stats.h: MCS_MAX_OUTPUTS); and the modes the
 * loops compile (0 and 1: a payoff's MCS_NAME_MODES is 1 or 2).
 * cpu_backend/block_scratch.c applies it to every line of combos.def;
 * tests/limits_test.sh shows each check fails. */
#ifndef MCS_KERNEL_LIMITS_H
#define MCS_KERNEL_LIMITS_H

#include "../core/param_list.h"
#include "../core/stats.h"

/* Most draws per step and state or accumulator size a kernel may have: a
 * multi-asset model's state and normals per asset (MCS_MOST_ASSETS,
 * core/param_list.h), and 8 more draws for the model's uniforms, the
 * payoff's and the split slot. */
#define MCS_MOST_DRAWS (MCS_MOST_ASSETS + 8u)
#define MCS_MOST_DIM MCS_MOST_ASSETS

/* Paths of a CPU batch: the CPU kernel runs a batch of paths step by step,
 * each loop a plain loop over the batch's paths that the compiler
 * vectorises (cpu_backend/block_kernel.h); the estimator reads it too (a
 * branch a batch pays when any of its paths takes it, estimator/model.c). */
#define MCS_BATCH 2048u

#define MCS_COMBO_LIMITS(model, MODEL, payoff, PAYOFF)                                        \
    _Static_assert(MCS_##MODEL##_DIM <= MCS_MOST_DIM,                                         \
                   #model ": more state per path than MCS_MOST_DIM (kernels/limits.h)");      \
    _Static_assert(MCS_##PAYOFF##_DIM <= MCS_MOST_DIM,                                        \
                   #payoff ": more accumulators per path than MCS_MOST_DIM "                  \
                   "(kernels/limits.h)");                                                     \
    _Static_assert(MCS_##MODEL##_NORMALS + MCS_##PAYOFF##_UNIFORMS + 1 <= MCS_MOST_DRAWS,     \
                   #model " with " #payoff ": more draws per step (and the split slot) than " \
                   "MCS_MOST_DRAWS (kernels/limits.h)");                                      \
    _Static_assert(MCS_##PAYOFF##_OUTPUTS >= 1 && MCS_##PAYOFF##_OUTPUTS <= MCS_MAX_OUTPUTS,  \
                   #payoff ": outputs per path not in 1..MCS_MAX_OUTPUTS (core/stats.h)");    \
    _Static_assert(MCS_##PAYOFF##_MODES == 1 || MCS_##PAYOFF##_MODES == 2,                    \
                   #payoff ": MCS_" #PAYOFF "_MODES must be 1 or 2: the hot loops compile "   \
                   "modes 0 and 1 only (cpu_backend/path_kernel.inc, gpu_backend/gpu_kernel.cuh)");

#endif
