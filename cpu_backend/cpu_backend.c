/* cpu_backend.c - the CPU backend: blocks spread over OpenMP threads, each
 * block on its own random stream (PCG64: stream = block index; Philox: the
 * GPU's counters), one batch kernel per precision. */
#include <omp.h>
#include <stdlib.h>
#include <stdio.h>
#include "../engine/backend.h"
#include "../core/sums_record.h"
#include "../engine/product.h"
#include "../engine/stop.h"
#include "block_kernel.h"
#include "pcg64.h"

typedef struct {
    const mcs_job *job;
    mcs_block_fn kernel;
    int threads;
    mcs_scratch_set *scratch;   /* one entry per thread */
    int scratch_ready;          /* opened: the set may serve the next run */
    mcs_block_stream *streams;  /* one per block of the current call */
    uint64_t rng_capacity;
} cpu_ctx;

static mcs_status cpu_probe(char *why, size_t why_len)
{
    (void)why;
    (void)why_len;
    return MCS_OK;
}

static void cpu_close(void *p)
{
    cpu_ctx *c = p;
    if (!c)
        return;
    if (c->scratch_ready)
        mcs_scratch_set_keep(c->scratch); /* for the next run */
    else
        mcs_scratch_set_free(c->scratch);
    free(c->streams);
    free(c);
}

static mcs_status cpu_open(const mcs_job *job, const mcs_placement *where, void **out,
                           mcs_timings *t, char *err, size_t err_len)
{
    const int threads = where->threads;
    double t0 = mcs_now();
    cpu_ctx *c = calloc(1, sizeof *c);
    if (!c)
        goto nomem;
    c->job = job;
    c->threads = threads;
    c->kernel = mcs_block_kernel(job);
    if (!c->kernel) {
        snprintf(err, err_len, "cpu backend: %s", mcs_block_isa());
        cpu_close(c);
        return MCS_E_UNAVAILABLE;
    }
    c->scratch = mcs_scratch_set_take(threads); /* the last run's, when its size */
    if (!c->scratch)
        goto nomem;
    int failed = 0, team = 0;
    /* Start the thread team now, so its cost is counted as setup; each
     * thread allocates its own buffers (first touch on its own NUMA node),
     * or finds them kept from the last run. No more threads than the job
     * has blocks: a thread without a block would only add its start (a
     * 1,000-path job on 16 threads: about 1.5 ms on the H100 machine's
     * host, and 0.5-5 ms, bimodal, for a second thread on the 2-vCPU
     * development VM). OpenMP may grant fewer threads (OMP_THREAD_LIMIT):
     * use what it gave. The scratch set keeps one entry per asked thread,
     * those beyond the team empty, for a later run's larger team. */
    const int want = mcs_job_team(job, threads);
#pragma omp parallel num_threads(want) reduction(| : failed)
    {
#pragma omp single nowait
        team = omp_get_num_threads();
        failed |= mcs_block_scratch_init(&c->scratch->s[omp_get_thread_num()], job) != MCS_OK;
    }
    if (failed)
        goto nomem;
    c->scratch_ready = 1; /* a smaller team leaves entries the next run fills */
    c->threads = team < want ? team : want;
    *out = c;
    t->seconds[MCS_PHASE_SETUP] += mcs_now() - t0;
    return MCS_OK;
nomem:
    snprintf(err, err_len, "cpu backend: out of memory allocating buffers for %d threads", threads);
    cpu_close(c);
    return MCS_E_NOMEM;
}

static mcs_status cpu_run(void *p, uint64_t first, uint64_t count, double *records,
                          mcs_timings *t, char *err, size_t err_len)
{
    cpu_ctx *c = p;
    const mcs_job *job = c->job;
    double t0 = mcs_now();
    if (count > c->rng_capacity) {
        mcs_block_stream *r = realloc(c->streams, count * sizeof *r);
        if (!r) {
            snprintf(err, err_len, "out of memory for %llu block streams",
                     (unsigned long long)count);
            return MCS_E_NOMEM;
        }
        c->streams = r;
        c->rng_capacity = count;
    }
    for (uint64_t i = 0; i < count; i++) {
        c->streams[i].block = first + i;
        if (job->sim.rng == MCS_RNG_PCG64)
            mcs_pcg64_seed(&c->streams[i].pcg, job->sim.seed, first + i);
    }
    double t1 = mcs_now();
    t->seconds[MCS_PHASE_RNG_INIT] += t1 - t0;

    /* no more threads in the loop than it has blocks: an idle thread still
     * waits at its end (a one-block job took 12 ms to simulate on 2 threads
     * of a loaded 2-core machine, 0.02 ms on one). cpu_open started the
     * team for the job's blocks; a share (a chunk, a shard) may have fewer. */
    const int team = count < (uint64_t)c->threads ? (int)count : c->threads;
    const int k = mcs_job_outputs(job), record = mcs_sums_record_len(k);
#pragma omp parallel num_threads(team)
    {
        mcs_block_scratch *s = &c->scratch->s[omp_get_thread_num()];
        mcs_block_sums sums;
#pragma omp for schedule(dynamic, 1)
        for (uint64_t i = 0; i < count; i++) {
            if (mcs_stop_flag)
                continue; /* skip the rest quickly */
            uint32_t n = mcs_job_block_paths(job, first + i);
            c->kernel(job, &c->streams[i], n, s, &sums);
            mcs_sums_pack(&sums, k, records + i * record);
        }
    }
    t->seconds[MCS_PHASE_SIMULATE] += mcs_now() - t1;
    return MCS_OK;
}

static int cpu_threads(void *p)
{
    return ((cpu_ctx *)p)->threads;
}

const mcs_backend mcs_cpu_backend = {
    .name = "cpu",
    .description = "OpenMP threads, PCG64 or Philox streams, vectorised batches",
    .rngs = 1u << MCS_RNG_PCG64 | 1u << MCS_RNG_PHILOX,
    .default_rng = MCS_RNG_PCG64,
    .probe = cpu_probe,
    .open = cpu_open,
    .run = cpu_run,
    .close = cpu_close,
    .threads = cpu_threads,
    .variant = mcs_block_isa,
};
