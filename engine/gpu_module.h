/* gpu_module.h - the interface between mcsim and its GPU module
 * (libmcsim_gpu.so): the GPU backend built as a shared object that
 * engine/backend.c loads with dlopen on first use, so the mcsim binary links
 * no CUDA library and runs where none is installed. The module exports one
 * function, mcs_gpu_module_entry, returning the table below. Plain C, no
 * CUDA types. It is the loader's side of the contract, so it lives in
 * engine/ beside the loader: the module (gpu_backend/) includes it, and the
 * engine includes nothing of gpu_backend/ (tests/layers.py). See
 * docs/gpu.md, "The GPU module". */
#ifndef MCS_GPU_MODULE_H
#define MCS_GPU_MODULE_H

#include <stddef.h>
#include "backend.h"
#include "product.h"

/* The module's file name and where an installation keeps it, relative to
 * the installation prefix (CMakeLists.txt installs it there). */
#define MCS_GPU_MODULE_FILE "libmcsim_gpu.so"
#define MCS_GPU_MODULE_DIR "lib/mcsim"
/* The one symbol the module exports (gpu_backend/module.map). */
#define MCS_GPU_MODULE_ENTRY "mcs_gpu_module_entry"
/* Version of this interface: bump it when struct mcs_gpu_module,
 * mcs_gpu_host, mcs_backend or the job's layout change meaning (2: the
 * entry point takes the host's functions; 3: the occupancy query; 4:
 * mcs_option_params' fields in the order of the key lists, same size: the
 * layout check cannot see it; 5: the bachelier model's normal_vol in
 * mcs_model_params, the model's and payoff's declared draws and view
 * capabilities in their types, the kernel's normals counting every slot
 * before the payoff's uniforms; 6: MCS_MAX_OUTPUTS 16 in mcs_block_sums,
 * the heston, merton and multi-asset models' fields in mcs_model_params
 * (lists, matrix and factor), basket weights in mcs_option_params, the
 * model type's steps_per_year and check_grid, the kernel's model and
 * option parameters in device memory; 7: backend run() hands packed
 * block records (core/sums_record.h), the host table without sums_unpack;
 * 8: mcs_model_params a head every model shares and a block per model
 * type, core/job.h; 9: the module's key lists as text, `params`). */
#define MCS_GPU_MODULE_ABI 9

/* Generators the GPU backend runs (also what a module that cannot load
 * would have offered, so the rng checks say the same either way). */
#define MCS_GPU_BACKEND_RNGS (1u << MCS_RNG_PHILOX | 1u << MCS_RNG_MRG32K3A | 1u << MCS_RNG_SOBOL)

/* The engine's functions the module calls, handed to its entry point (the
 * SQLite extension pattern): the module links against nothing of mcsim's,
 * so it loads alike under the mcsim command and under libmcsim.so opened
 * with RTLD_LOCAL (Python's ctypes), where no symbol of the engine is
 * visible to it. gpu_backend/host_calls.c defines the functions of these
 * names inside the module, forwarding to this table. */
typedef struct {
    double (*now)(void);
    const mcs_model_type *(*model_type_of)(mcs_model_id id);
    const mcs_payoff_type *(*payoff_type_of)(mcs_payoff_id id);
} mcs_gpu_host;

/* Sizes of the structures mcsim and the module share: a module built from
 * other sources than this mcsim differs here and is refused. */
typedef struct {
    size_t job, backend, placement, timings, block_sums, gpu_info, model_type, payoff_type, host;
} mcs_gpu_module_layout;
#define MCS_GPU_MODULE_LAYOUT                                                               \
    {sizeof(mcs_job),         sizeof(mcs_backend),    sizeof(mcs_placement),             \
     sizeof(mcs_timings),     sizeof(mcs_block_sums), sizeof(mcs_gpu_info),              \
     sizeof(mcs_model_type),  sizeof(mcs_payoff_type), sizeof(mcs_gpu_host)}

struct mcs_gpu_module {
    int abi;             /* MCS_GPU_MODULE_ABI when built; first, so any module can be asked */
    const char *version; /* MCS_VERSION of the sources it was built from */
    mcs_gpu_module_layout layout;
    /* the key lists' fields it was built with (mcs_params_layout_text,
     * engine/params_layout.h): a module built from other lists is refused */
    const char *params;
    const mcs_backend *backend; /* the "gpu" backend */
    /* calibrate's microbenchmarks (gpu_calibrate.h); return a cudaError_t */
    int (*launch_seconds)(int device, int reps, double *seconds);
    int (*copy_seconds)(int device, int to_device, int pinned, const size_t *bytes, int n,
                        int reps, double *seconds);
    int (*occupancy)(const mcs_job *job, int device, int threads, int *blocks_per_sm,
                     int *sm_count);
};

/* The module's entry point: its table, valid while the module is loaded;
 * `host` (valid as long) gives it the engine's functions. */
typedef const mcs_gpu_module *(*mcs_gpu_module_entry_fn)(const mcs_gpu_host *host);

#endif
