/* host_calls.c - the engine's functions as the GPU module sees them: each
 * forwards to the table the host handed to mcs_gpu_module_entry
 * (engine/gpu_module.h). Local to the module (module.map exports the entry point
 * only), so they never clash with the engine's own. */
#include "host_calls.h"

static const mcs_gpu_host *host;

void mcs_gpu_host_set(const mcs_gpu_host *h)
{
    host = h;
}

double mcs_now(void)
{
    return host->now();
}

const mcs_model_type *mcs_model_type_of(mcs_model_id id)
{
    return host->model_type_of(id);
}

const mcs_payoff_type *mcs_payoff_type_of(mcs_payoff_id id)
{
    return host->payoff_type_of(id);
}
