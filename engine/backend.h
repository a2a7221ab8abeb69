/* backend.h - the backend plug-in table (GSL's gsl_rng_type pattern): a
 * backend is a const struct of functions; a NULL-terminated table lists them.
 * The cpu backend is built in; the gpu backend is a module (libmcsim_gpu.so)
 * loaded at run time, so mcsim itself links no CUDA library. */
#ifndef MCS_BACKEND_H
#define MCS_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include "job.h"
#include "result.h"
#include "stats.h"
#include "status.h"
#include "timing.h"

/* Where a job runs: CPU threads, GPU number. */
typedef struct {
    int threads; /* CPU threads wanted (the backend may grant fewer) */
    int device;  /* GPU number (--device); < 0: local_rank modulo the GPUs */
    int local_rank; /* the MPI rank's index on its node (0 without MPI) */
} mcs_placement;

typedef struct mcs_backend {
    const char *name;        /* "cpu", "gpu" */
    const char *description; /* one line for --help and --version */
    /* MCS_OK when usable on this machine; else why (into why). */
    mcs_status (*probe)(char *why, size_t why_len);
    /* Start-up for one job (thread team or GPU context, buffers) where
     * `where` says; *ctx receives the state. Adds its time to t (context,
     * device_query, setup, alloc, rng_init, h2d). */
    mcs_status (*open)(const mcs_job *job, const mcs_placement *where, void **ctx,
                       mcs_timings *t, char *err, size_t err_len);
    /* Simulate blocks [first, first + count): block first+i's sums go to
     * records + i * mcs_sums_record_len(k), packed (core/sums_record.h; k
     * the job's outputs). Adds its time to t (rng_init, simulate, d2h,
     * reduce); err says why on failure. */
    mcs_status (*run)(void *ctx, uint64_t first, uint64_t count, double *records,
                      mcs_timings *t, char *err, size_t err_len);
    /* Release everything open() made. */
    void (*close)(void *ctx);
    /* Threads (or GPU streams) the backend actually uses. */
    int (*threads)(void *ctx);
    /* Which build variant runs here (CPU: instruction-set level), for logs. */
    const char *(*variant)(void);
    /* Generators it can run: bit (1u << mcs_rng_id) set for each. */
    unsigned rngs;
    /* What rng = auto means on this backend. */
    mcs_rng_id default_rng;
    /* Blocks to hand to one run() call, or NULL for the engine's CPU rule
     * (about 2^27 path-steps per thread). */
    uint64_t (*chunk_blocks)(void *ctx);
    /* The GPU in use, for the run log; NULL for backends without one. */
    void (*describe_gpu)(void *ctx, mcs_gpu_info *out);
} mcs_backend;

/* The backends this process has, NULL-terminated: cpu, then gpu when a GPU
 * module was found (the module's backend once loaded; if it cannot be
 * loaded, a backend whose probe, open and run fail with the loader's reason).
 * The first call looks for the module. */
const mcs_backend *const *mcs_backend_list(void);

/* Find a backend by name (as mcs_backend_list); NULL if there is none:
 * "gpu" in a build or installation without a GPU module. "cpu" is found
 * without loading the GPU module (a CPU run never loads it). */
const mcs_backend *mcs_backend_find(const char *name);

/* What became of the GPU module, looked for on first use in
 * $MCSIM_GPU_MODULE if set (a path), else beside the executable, else in
 * ../lib/mcsim from the executable's folder (the installed layout). */
typedef enum {
    MCS_GPU_MODULE_ABSENT,     /* none found: this build or installation has no GPU support */
    MCS_GPU_MODULE_UNLOADABLE, /* found but refused: CUDA libraries missing, another build's */
    MCS_GPU_MODULE_LOADED      /* loaded; whether a GPU is usable is the backend's probe */
} mcs_gpu_module_status;

/* The module's state, and in why (one line): ABSENT: "this build or
 * installation of mcsim has no GPU support (no libmcsim_gpu.so beside ...)";
 * UNLOADABLE: "cannot load the GPU module PATH: REASON"; LOADED: its path. */
mcs_gpu_module_status mcs_gpu_module_state(char *why, size_t len);

/* The gpu line of `mcsim --version` (without "gpu backend: "): where the
 * module is and the CUDA versions it runs with, or why there is none or it
 * does not load. Starts no GPU context. */
void mcs_gpu_module_describe(char *line, size_t len);

/* The loaded module's table (engine/gpu_module.h), or NULL. */
typedef struct mcs_gpu_module mcs_gpu_module;
const mcs_gpu_module *mcs_gpu_module_get(void);

/* 1 when `be` can run generator `rng`. */
static inline int mcs_backend_has_rng(const mcs_backend *be, mcs_rng_id rng)
{
    return (be->rngs >> rng) & 1u;
}

/* Comma-separated names of mcs_backend_list's backends, for messages. */
const char *mcs_backend_names(void);

#endif
