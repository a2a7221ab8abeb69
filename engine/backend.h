/* backend.h - the backend plug-in table (GSL's gsl_rng_type pattern): a
 * backend is a const struct of functions; a NULL-terminated table lists them. */
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
    int device;  /* GPU number (--device) */
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
    /* Simulate blocks [first, first + count): out[i] gets block first+i's
     * sums. Adds its time to t (rng_init, simulate, d2h); err says why on
     * failure. */
    mcs_status (*run)(void *ctx, uint64_t first, uint64_t count, mcs_block_sums *out,
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

/* The NULL-terminated table of backends built into this binary. */
extern const mcs_backend *const mcs_backends[];

/* Find a backend by name; NULL if none is built in. */
const mcs_backend *mcs_backend_find(const char *name);

/* 1 when `be` can run generator `rng`. */
static inline int mcs_backend_has_rng(const mcs_backend *be, mcs_rng_id rng)
{
    return (be->rngs >> rng) & 1u;
}

/* Comma-separated names of the built-in backends, for messages. */
const char *mcs_backend_names(void);

#endif
