/* block_scratch.c - per-thread batch buffers of the CPU kernel. */
#include "block_kernel.h"
#include <stdlib.h>
#include "../engine/product.h"
#include "../core/status.h"
/* the buffers below hold every kernel of kernels/combos.def: checked */
#include "../kernels/includes.h"
#include "../kernels/limits.h"
#define MCS_COMBO MCS_COMBO_LIMITS
#include "../kernels/combos.def"
#undef MCS_COMBO

static void *alloc64(size_t bytes)
{
    size_t rounded = (bytes + 63) & ~(size_t)63;
    return aligned_alloc(64, rounded ? rounded : 64);
}

int mcs_block_scratch_init(mcs_block_scratch *s, const mcs_job *job)
{
    const size_t real = sizeof(double), b = MCS_BATCH;
    s->bits = alloc64(2 * MCS_MOST_DRAWS * b * sizeof(uint64_t));
    s->words = alloc64(MCS_MOST_DRAWS * b * sizeof(uint32_t));
    s->pcg = alloc64(b / MCS_PCG_GROUP * sizeof(mcs_pcg64));
    s->draws = alloc64(MCS_MOST_DRAWS * b * real);
    s->state = alloc64(MCS_MOST_DIM * b * real);
    s->acc = alloc64(MCS_MOST_DIM * b * real);
    s->out = alloc64(MCS_MAX_OUTPUTS * b * real);
    s->state_next = alloc64(MCS_MOST_DIM * b * real);
    s->picks = alloc64((2 * b + 16) * sizeof(uint32_t));
    s->rows = NULL;
    s->kept = NULL;
    int split = mcs_job_splits_uniform(job);
    if (split) { /* pages are touched only as far as the job's rows reach */
        const size_t run = (size_t)MCS_SPLIT_RUN * MCS_SPLIT_PATHS;
        s->rows = alloc64((MCS_SPLIT_RUN + 1) * MCS_SPLIT_MOST_DIM * MCS_SPLIT_PATHS * real);
        s->kept = alloc64((run + 16) * sizeof(uint32_t));
    }
    if (!s->bits || !s->words || !s->pcg || !s->draws || !s->state || !s->acc || !s->out ||
        !s->state_next || !s->picks ||
        (split && (!s->rows || !s->kept))) {
        mcs_block_scratch_free(s);
        return MCS_E_NOMEM;
    }
    return MCS_OK;
}

void mcs_block_scratch_free(mcs_block_scratch *s)
{
    free(s->bits);
    free(s->words);
    free(s->pcg);
    free(s->draws);
    free(s->state);
    free(s->acc);
    free(s->out);
    free(s->state_next);
    free(s->picks);
    free(s->rows);
    free(s->kept);
    s->rows = NULL;
    s->kept = NULL;
    s->bits = NULL;
    s->words = NULL;
    s->picks = NULL;
    s->pcg = NULL;
    s->draws = s->state = s->state_next = s->acc = s->out = NULL;
}
