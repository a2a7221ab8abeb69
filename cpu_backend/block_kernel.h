/* block_kernel.h - simulate one block of paths on one CPU thread.
 * The same source (block_kernel.inc) is compiled once per precision. */
#ifndef MCS_BLOCK_KERNEL_H
#define MCS_BLOCK_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/job.h"
#include "../engine/stats.h"
#include "pcg64.h"
#include "philox.h"

/* Where one block's random numbers come from (the generator and seed are the
 * job's): the block index, and for PCG64 the block's stream (stream = block
 * index, positioned at its start). Philox counters derive from the block
 * index and the path (philox.h). */
typedef struct {
    uint64_t block;
    mcs_pcg64 pcg;
} mcs_block_stream;

/* Per-thread work buffers for one batch of paths (see block_kernel.inc). */
typedef struct {
    uint32_t batch;  /* paths per batch, a multiple of 8 */
    uint64_t *bits;  /* raw 64-bit draws */
    void *normals;   /* batch * steps normals (float or double) */
    void *state;     /* batch log-prices */
    void *payoff;    /* batch payoffs */
} mcs_block_scratch;

/* Allocate the buffers for `job` (64-byte aligned); MCS_E_NOMEM on failure. */
int mcs_block_scratch_init(mcs_block_scratch *s, const mcs_job *job);
/* Free the buffers. */
void mcs_block_scratch_free(mcs_block_scratch *s);

/* Simulate n_paths paths of one block from its stream and return the shifted
 * partial sums of their (undiscounted) payoffs. PCG64: path i of the block
 * consumes normals [i*steps, (i+1)*steps) of the stream. Philox: the normal
 * of path i at step k is the one the GPU draws (philox.h). */
typedef void (*mcs_block_fn)(const mcs_job *job, mcs_block_stream *stream, uint32_t n_paths,
                             mcs_block_scratch *s, mcs_block_sums *out);

/* The kernel for a precision, compiled for the best instruction set this CPU
 * has (x86-64-v4 = AVX-512, v3 = AVX2+FMA, v1 = SSE2), or the one named by
 * the environment variable MCSIM_CPU_ISA (v1, v3, v4). Every variant gives
 * bit-identical results. NULL if MCSIM_CPU_ISA names one this CPU lacks. */
mcs_block_fn mcs_block_kernel(mcs_precision precision);

/* Name of the instruction-set level mcs_block_kernel picks ("x86-64-v4"...),
 * or why none can be used. */
const char *mcs_block_isa(void);

#endif
