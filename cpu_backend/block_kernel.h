/* block_kernel.h - simulate one block of paths on one CPU thread.
 * The same source (block_kernel.inc) is compiled once per precision. */
#ifndef MCS_BLOCK_KERNEL_H
#define MCS_BLOCK_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/job.h"
#include "../engine/stats.h"
#include "pcg64.h"

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

/* Simulate n_paths paths of one block from `rng` (already on the block's
 * stream) and return their shifted partial sums of discounted-free payoffs.
 * Path i of the block consumes normals [i*steps, (i+1)*steps) of the stream. */
void mcs_block_single(const mcs_job *job, mcs_pcg64 *rng, uint32_t n_paths,
                      mcs_block_scratch *s, mcs_block_sums *out);
void mcs_block_double(const mcs_job *job, mcs_pcg64 *rng, uint32_t n_paths,
                      mcs_block_scratch *s, mcs_block_sums *out);

#endif
