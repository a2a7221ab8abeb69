/* gpu_module.c - the GPU module's one exported function: the table that
 * engine/backend.c reads after dlopen (the backend, calibrate's
 * microbenchmarks, and what the module was built from, for the checks),
 * given the host's functions in exchange. */
#include "gpu_calibrate.h"
#include "gpu_kernel.h"
#include "../engine/gpu_module.h"
#include "host_calls.h"
#include "../engine/params_layout.h"

#ifndef MCS_VERSION
#error "MCS_VERSION must be defined (CMakeLists.txt)"
#endif

extern const mcs_backend mcs_gpu_backend;

static const mcs_gpu_module module = {
    .abi = MCS_GPU_MODULE_ABI,
    .version = MCS_VERSION,
    .layout = MCS_GPU_MODULE_LAYOUT,
    .params = mcs_params_layout_text,
    .backend = &mcs_gpu_backend,
    .launch_seconds = mcs_gpu_launch_seconds,
    .copy_seconds = mcs_gpu_copy_seconds,
    .occupancy = mcs_gpu_kernel_occupancy,
};

/* The entry point (MCS_GPU_MODULE_ENTRY); the only symbol the module
 * exports. Keeps the host's functions for host_calls.c. */
const mcs_gpu_module *mcs_gpu_module_entry(const mcs_gpu_host *host);
const mcs_gpu_module *mcs_gpu_module_entry(const mcs_gpu_host *host)
{
    mcs_gpu_host_set(host);
    return &module;
}
