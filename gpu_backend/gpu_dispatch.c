/* gpu_dispatch.c - picks the GPU kernels for a job from the instantiations
 * of kernels/combos.def (one per (model, payoff) and precision). */
#include <stddef.h>
#include "gpu_kernel.h"

#define MCS_DECLARE(model, payoff, prec)                                                       \
    int MCS_GPU_FN_NAME(launch, model, payoff, prec)(const mcs_gpu_kernel_args *, uint64_t,    \
                                                     uint64_t, int, int, double *, void *);    \
    int MCS_GPU_FN_NAME(prepare, model, payoff, prec)(mcs_gpu_kernel_args *);                  \
    int MCS_GPU_FN_NAME(occupancy, model, payoff, prec)(mcs_gpu_kernel_args *, int, int *);
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) \
    MCS_DECLARE(model, payoff, single) MCS_DECLARE(model, payoff, double)
#include "../kernels/combos.def"
#undef MCS_COMBO

typedef struct {
    mcs_model_id model;
    mcs_payoff_id payoff;
    mcs_gpu_launch_fn launch[2];   /* single, double */
    mcs_gpu_prepare_fn prepare[2];
    mcs_gpu_occupancy_fn occupancy[2];
} combo_kernels;

#define MCS_COMBO(model, MODEL, payoff, PAYOFF)                                                \
    {MCS_MODEL_##MODEL,                                                                        \
     MCS_PAYOFF_##PAYOFF,                                                                      \
     {MCS_GPU_FN_NAME(launch, model, payoff, single), MCS_GPU_FN_NAME(launch, model, payoff, double)}, \
     {MCS_GPU_FN_NAME(prepare, model, payoff, single),                                         \
      MCS_GPU_FN_NAME(prepare, model, payoff, double)},                                        \
     {MCS_GPU_FN_NAME(occupancy, model, payoff, single),                                       \
      MCS_GPU_FN_NAME(occupancy, model, payoff, double)}},
static const combo_kernels kernels[] = {
#include "../kernels/combos.def"
};
#undef MCS_COMBO

int mcs_gpu_kernels_for(const mcs_job *job, mcs_gpu_launch_fn *launch,
                        mcs_gpu_prepare_fn *prepare, mcs_gpu_occupancy_fn *occupancy)
{
    int prec = job->sim.precision == MCS_DOUBLE;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (kernels[i].model == job->model.id && kernels[i].payoff == job->option.payoff) {
            *launch = kernels[i].launch[prec];
            *prepare = kernels[i].prepare[prec];
            if (occupancy)
                *occupancy = kernels[i].occupancy[prec];
            return 1;
        }
    return 0;
}
