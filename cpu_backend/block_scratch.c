/* block_scratch.c - per-thread batch buffers of the CPU kernel. */
#include "block_kernel.h"
#include <stdlib.h>
#include "../engine/status.h"

/* Normals held per batch: about 4096, so a batch fits in L1/L2. */
#define MCS_BATCH_NORMALS 4096u

static void *alloc64(size_t bytes)
{
    size_t rounded = (bytes + 63) & ~(size_t)63;
    return aligned_alloc(64, rounded ? rounded : 64);
}

int mcs_block_scratch_init(mcs_block_scratch *s, const mcs_job *job)
{
    uint32_t steps = job->sim.steps;
    uint32_t batch = MCS_BATCH_NORMALS / steps;
    batch &= ~7u;
    if (batch < 8)
        batch = 8;
    size_t real = job->sim.precision == MCS_DOUBLE ? sizeof(double) : sizeof(float);
    size_t normals = (size_t)batch * steps + 2;
    s->batch = batch;
    s->bits = alloc64(normals * sizeof(uint64_t));
    s->normals = alloc64(normals * real);
    s->state = alloc64((size_t)batch * real);
    s->payoff = alloc64((size_t)batch * real);
    if (!s->bits || !s->normals || !s->state || !s->payoff) {
        mcs_block_scratch_free(s);
        return MCS_E_NOMEM;
    }
    return MCS_OK;
}

void mcs_block_scratch_free(mcs_block_scratch *s)
{
    free(s->bits);
    free(s->normals);
    free(s->state);
    free(s->payoff);
    s->bits = s->normals = s->state = s->payoff = NULL;
}
