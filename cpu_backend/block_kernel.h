/* block_kernel.h - simulate one block of paths on one CPU thread. One source
 * (path_kernel.inc) is compiled per (model, payoff) of kernels/combos.def,
 * per precision and per instruction-set level; mcs_block_kernel picks one. */
#ifndef MCS_BLOCK_KERNEL_H
#define MCS_BLOCK_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "../core/job.h"
#include "../core/stats.h"
#include "../kernels/limits.h"
#include "pcg64.h"
#include "philox.h"

/* Paths of a batch: MCS_BATCH (kernels/limits.h). */
/* Paths per PCG64 group: a group takes its draws 16 at a time, step by step
 * (docs/reproducibility.md, "PCG64 streams"). */
#define MCS_PCG_GROUP 16u
/* The batch buffers are sized for the most draws per step and state or
 * accumulator values per path a kernel may have, MCS_MOST_DRAWS and
 * MCS_MOST_DIM (kernels/limits.h). Per thread in double: draws and their
 * bits 72 x 2048 x (8 + 16 + 4) bytes, 4.1 MB; state, next state and
 * accumulators 3 x 64 x 2048 x 8, 3.1 MB; pages a job does not reach (a
 * one-asset model's) are never touched. */
/* A payoff's split mode (path_kernel.inc) runs MCS_SPLIT_PATHS paths at a
 * time through runs of at most MCS_SPLIT_RUN steps (a multiple of the
 * split uniform's byte span, 8), keeping each run's states: 257 rows of
 * 512 floats, 514 KB, for GBM in single precision. */
#define MCS_SPLIT_PATHS 512u
#define MCS_SPLIT_RUN 256u
#define MCS_SPLIT_MOST_DIM 8u /* the most model state a split-mode kernel has */

/* Where one block's random numbers come from (the generator and seed are the
 * job's): the block index, and for PCG64 the block's stream (stream = block
 * index), positioned at the start of the next group of paths. */
typedef struct {
    uint64_t block;
    mcs_pcg64 pcg;
} mcs_block_stream;

/* Per-thread work buffers for one batch (64-byte aligned). */
typedef struct {
    uint64_t *bits;   /* raw 64-bit draws of one step */
    uint32_t *words;  /* raw 32-bit draws of one step (Philox uniforms) */
    mcs_pcg64 *pcg;   /* one PCG64 state per group of the batch */
    void *draws;      /* normals then uniforms of one step: [draw][MCS_BATCH] */
    void *state;      /* model state: [dim][MCS_BATCH] */
    void *acc;        /* payoff accumulators: [dim][MCS_BATCH] */
    void *out;        /* outputs: [output][MCS_BATCH] */
    void *state_next; /* the state after a sparse step (path_kernel.inc):
                         [dim][MCS_BATCH], then swapped with state */
    uint32_t *picks;  /* a sparse step's flags ([MCS_BATCH]), then the
                         indices of the paths it observes ([MCS_BATCH + 16]) */
    /* split mode only (NULL otherwise): */
    void *rows;       /* a run's states, [step 0..run][dim][MCS_SPLIT_PATHS] */
    uint32_t *kept;   /* the run's kept path-steps ([MCS_SPLIT_RUN *
                         MCS_SPLIT_PATHS + 16]), step by step */
} mcs_block_scratch;

/* Allocate the buffers for `job` that s lacks (all of them in a zeroed s;
 * a kept one may lack only the split mode's); MCS_E_NOMEM on failure. */
int mcs_block_scratch_init(mcs_block_scratch *s, const mcs_job *job);
/* Free the buffers. */
void mcs_block_scratch_free(mcs_block_scratch *s);

/* The scratch of a team of threads, one entry per thread, each filled by
 * its own thread (mcs_block_scratch_init; first touch on its NUMA node). */
typedef struct {
    int threads;
    mcs_block_scratch s[]; /* threads entries */
} mcs_scratch_set;
/* The set kept by the last run when it has `threads` entries (a warm run
 * reuses the pages its threads touched), else a new one with every entry
 * zeroed; NULL when out of memory. */
mcs_scratch_set *mcs_scratch_set_take(int threads);
/* Keep `set` for the next run, freeing the one kept before; one set at
 * most is kept, until the process ends. */
void mcs_scratch_set_keep(mcs_scratch_set *set);
/* Free a set and its buffers (NULL: nothing). */
void mcs_scratch_set_free(mcs_scratch_set *set);

/* Simulate n_paths paths of one block from its stream and return the
 * shifted partial sums of their (undiscounted) outputs. */
typedef void (*mcs_block_fn)(const mcs_job *job, mcs_block_stream *stream, uint32_t n_paths,
                             mcs_block_scratch *s, mcs_block_sums *out);

/* The kernel for the job's model, payoff and precision, compiled for the
 * best instruction set this CPU has (x86-64-v4 = AVX-512, v3 = AVX2+FMA,
 * v1 = SSE2), or the one named by the environment variable MCSIM_CPU_ISA
 * (v1, v3, v4). Every variant gives bit-identical results. NULL if
 * MCSIM_CPU_ISA names one this CPU lacks, or no kernel has this pair. */
mcs_block_fn mcs_block_kernel(const mcs_job *job);

/* The (model, payoff) of every kernel in the dispatch tables of every
 * instruction-set level compiled in (each precision's pair once per level):
 * the first `most` into models and payoffs; returns how many there are (a
 * test checks that the estimator's calibration plan covers them). */
size_t mcs_block_kernel_pairs(mcs_model_id *models, mcs_payoff_id *payoffs, size_t most);

/* Name of the instruction-set level mcs_block_kernel picks ("x86-64-v4"...),
 * or why none can be used. */
const char *mcs_block_isa(void);

/* The CPU kernels' names: mcs_block_<model>_<payoff>_<single|double>_<isa>. */
#define MCS_BLOCK_FN_NAME(model, payoff, prec, isa) mcs_block_##model##_##payoff##_##prec##_##isa

#endif
