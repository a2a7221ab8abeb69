/* block_scratch.c - per-thread batch buffers of the CPU kernel, and the one
 * set of them kept between runs: a later run in the process (warm) reuses
 * the pages its threads touched. Freed at the end of every run, they were
 * handed back to the system by glibc's per-thread arenas (madvise, 7 MB a
 * thread) and faulted in again by the next run: 0.4-0.5 ms of a 16-thread
 * run's teardown on the H100 machine's host, and a teardown that depended
 * on malloc's history (27 us after large runs had raised its thresholds). */
#include "block_kernel.h"
#include <stdatomic.h>
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

/* *p = a new 64-byte aligned buffer of `bytes`, unless it has one */
#define ENSURE(p, bytes) ((p) = (p) ? (p) : alloc64(bytes))

int mcs_block_scratch_init(mcs_block_scratch *s, const mcs_job *job)
{
    const size_t real = sizeof(double), b = MCS_BATCH;
    ENSURE(s->bits, 2 * MCS_MOST_DRAWS * b * sizeof(uint64_t));
    ENSURE(s->words, MCS_MOST_DRAWS * b * sizeof(uint32_t));
    ENSURE(s->pcg, b / MCS_PCG_GROUP * sizeof(mcs_pcg64));
    ENSURE(s->draws, MCS_MOST_DRAWS * b * real);
    ENSURE(s->state, MCS_MOST_DIM * b * real);
    ENSURE(s->acc, MCS_MOST_DIM * b * real);
    ENSURE(s->out, MCS_MAX_OUTPUTS * b * real);
    ENSURE(s->state_next, MCS_MOST_DIM * b * real);
    ENSURE(s->picks, (2 * b + 16) * sizeof(uint32_t));
    int split = mcs_job_splits_uniform(job);
    if (split) { /* pages are touched only as far as the job's rows reach */
        const size_t run = (size_t)MCS_SPLIT_RUN * MCS_SPLIT_PATHS;
        ENSURE(s->rows, (MCS_SPLIT_RUN + 1) * MCS_SPLIT_MOST_DIM * MCS_SPLIT_PATHS * real);
        ENSURE(s->kept, (run + 16) * sizeof(uint32_t));
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

/* the set kept by the last run (NULL: none); runs on other threads of the
 * process may take and keep it at the same time, hence the exchanges */
static _Atomic(mcs_scratch_set *) kept_set;

void mcs_scratch_set_free(mcs_scratch_set *set)
{
    if (!set)
        return;
    for (int i = 0; i < set->threads; i++)
        mcs_block_scratch_free(&set->s[i]);
    free(set);
}

mcs_scratch_set *mcs_scratch_set_take(int threads)
{
    mcs_scratch_set *set = atomic_exchange(&kept_set, NULL);
    if (set && set->threads == threads)
        return set;
    mcs_scratch_set_free(set); /* another team's size */
    set = calloc(1, sizeof *set + (size_t)threads * sizeof set->s[0]);
    if (set)
        set->threads = threads;
    return set;
}

void mcs_scratch_set_keep(mcs_scratch_set *set)
{
    mcs_scratch_set_free(atomic_exchange(&kept_set, set));
}
