/* host_calls.h - inside the GPU module: the engine's functions it calls
 * (mcs_now, mcs_model_type_of, mcs_payoff_type_of, under
 * their own names, so the backend's code reads as the engine's) come from
 * the table the host hands to the entry point (engine/gpu_module.h). */
#ifndef MCS_GPU_HOST_CALLS_H
#define MCS_GPU_HOST_CALLS_H

#include "../engine/gpu_module.h"

/* Keep the host's table (called by the entry point, before any other call). */
void mcs_gpu_host_set(const mcs_gpu_host *host);

#endif
