/* engine.c - block scheduling, block-order reduction and the convergence
 * table. See docs/reproducibility.md for why the order is fixed. */
#include "engine.h"
#include <math.h>
#include "stop.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/sums_record.h"
#include "analytic.h"
#include "diagnostics.h"
#include "product.h"

/* z for a two-sided 95% interval: Phi^{-1}(0.975). */
#define MCS_Z95 1.959963984540054

double mcs_job_discount(const mcs_job *job)
{
    return exp(-job->model.rate * job->option.maturity);
}

/* A number for a message: "not a number" rather than printf's "-nan". */
static void number_text(double x, char *buf, size_t len)
{
    if (isnan(x))
        snprintf(buf, len, "not a number");
    else
        snprintf(buf, len, "%g", x);
}

/* The discounted standard error of output j; NaN (undefined, "n/a") with
 * fewer than two paths, where there is no spread to measure. */
static double std_error(const mcs_moments *m, int k, int j, double disc)
{
    return m->n < 2 ? NAN : disc * mcs_moments_std_error(m, k, j);
}

/* The result's estimates from the merged moments: every output, with the
 * first one mirrored in the price fields, and what the checks say of them. */
static void fill_estimates(const mcs_job *job, const mcs_moments *total, int k, double disc,
                           mcs_result *res)
{
    res->paths = total->n;
    res->n_outputs = k;
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    for (int j = 0; j < k; j++) {
        mcs_output_result *o = &res->outputs[j];
        o->name = pt->output_name(job, j);
        o->price = disc * total->mean[j];
        o->std_error = std_error(total, k, j, disc);
        o->ci_low = o->price - MCS_Z95 * o->std_error;
        o->ci_high = o->price + MCS_Z95 * o->std_error;
        o->has_analytic = mcs_analytic_output(job, j, &o->analytic, &o->analytic_source);
    }
    res->price = res->outputs[0].price;
    res->std_error = res->outputs[0].std_error;
    res->ci_low = res->outputs[0].ci_low;
    res->ci_high = res->outputs[0].ci_high;
    res->has_analytic = res->outputs[0].has_analytic;
    res->analytic = res->outputs[0].analytic;
    res->analytic_source = res->outputs[0].analytic_source;
    mcs_diagnose(job, res);
}

/* Record a convergence point after 1, 2, 4, 8, ... blocks and at the end. */
static void add_convergence(mcs_result *res, const mcs_moments *m, int k, double disc)
{
    if (res->n_convergence >= MCS_CONVERGENCE_MAX)
        return;
    mcs_convergence_point *p = &res->convergence[res->n_convergence++];
    p->paths = m->n;
    p->price = disc * m->mean[0];
    p->std_error = std_error(m, k, 0, disc);
}

void mcs_engine_fill_result(const mcs_job *job, const mcs_moments *total, mcs_result *res)
{
    const int k = mcs_job_outputs(job);
    const double disc = mcs_job_discount(job);
    res->n_convergence = 0;
    add_convergence(res, total, k, disc);
    fill_estimates(job, total, k, disc, res);
}

/* Blocks per backend call: the backend's choice, else about 2^27 path-steps
 * per thread, at most 128 blocks per thread. */
static uint64_t chunk_blocks(const mcs_job *job, const mcs_backend *be, void *ctx, int threads)
{
    uint64_t chunk;
    if (be->chunk_blocks) {
        chunk = be->chunk_blocks(ctx);
    } else {
        double block_work = (double)job->sim.block_size * job->sim.steps;
        uint64_t per_thread = (uint64_t)(MCS_CHUNK_PATH_STEPS_PER_THREAD / block_work);
        per_thread = per_thread < 1 ? 1 : per_thread;
        if (per_thread > MCS_MAX_BLOCKS_PER_THREAD_PER_CHUNK)
            per_thread = MCS_MAX_BLOCKS_PER_THREAD_PER_CHUNK;
        chunk = (uint64_t)threads * per_thread;
    }
    uint64_t blocks = mcs_job_blocks(job);
    return chunk < 1 ? 1 : chunk > blocks ? blocks : chunk;
}

mcs_status mcs_engine_run(const mcs_job *job, const mcs_backend *be, const mcs_placement *where,
                          mcs_progress_fn progress, void *progress_ctx, mcs_result *res,
                          int *threads_used, mcs_gpu_info *gpu, mcs_timings *t, char *err,
                          size_t err_len)
{
    mcs_share all;
    memset(&all, 0, sizeof all);
    all.range.end = mcs_job_blocks(job);
    return mcs_engine_run_share(job, be, where, &all, progress, progress_ctx, res, threads_used,
                                gpu, t, err, err_len);
}

mcs_status mcs_engine_run_share(const mcs_job *job, const mcs_backend *be,
                                const mcs_placement *where, const mcs_share *share,
                                mcs_progress_fn progress, void *progress_ctx, mcs_result *res,
                                int *threads_used, mcs_gpu_info *gpu, mcs_timings *t,
                                char *err, size_t err_len)
{
    mcs_status st;
    void *ctx = NULL;
    double *records = NULL; /* the chunk's block records (core/sums_record.h) */
    const mcs_block_range *range = &share->range;
    const uint64_t begin = share->resume ? share->resume->next : range->first;
    const uint64_t blocks = range->end - begin;
    const double disc = mcs_job_discount(job);
    const int k = mcs_job_outputs(job);
    mcs_merge_tree *tree = malloc(sizeof *tree);
    mcs_moments total;
    uint64_t merged = 0, next_point = 1;
    if (!tree) {
        snprintf(err, err_len, "out of memory");
        return MCS_E_NOMEM;
    }
    if (share->resume)
        *tree = *share->resume;
    else
        mcs_tree_init_at(tree, k, begin);
    double last_checkpoint = mcs_now();

    st = be->open(job, where, &ctx, t, err, err_len);
    if (st != MCS_OK)
        goto cleanup;
    *threads_used = be->threads(ctx);
    if (gpu && be->describe_gpu)
        be->describe_gpu(ctx, gpu);
    double t0 = mcs_now();
    uint64_t chunk = chunk_blocks(job, be, ctx, *threads_used);
    const size_t record = (size_t)mcs_sums_record_len(k);
    records = malloc(chunk * record * sizeof *records);
    if (!records) {
        snprintf(err, err_len, "out of memory for %llu block sums", (unsigned long long)chunk);
        st = MCS_E_NOMEM;
        goto cleanup;
    }
    t->seconds[MCS_PHASE_SETUP] += mcs_now() - t0;

    res->n_convergence = 0;
    for (uint64_t done = 0; done < blocks; done += chunk) {
        if (mcs_stop_flag)
            goto interrupted;
        uint64_t count = blocks - done < chunk ? blocks - done : chunk;
        char why[512] = "";
        st = be->run(ctx, begin + done, count, records, t, why, sizeof why);
        if (mcs_stop_flag)
            goto interrupted; /* the chunk may be partial: not merged */
        if (st != MCS_OK) {
            snprintf(err, err_len, "%s backend failed: %s", be->name,
                     why[0] ? why : mcs_status_message(st));
            goto cleanup;
        }
        double r0 = mcs_now();
        mcs_moments m;
        memset(&m, 0, sizeof m); /* the outputs past k stay 0 */
        for (uint64_t i = 0; i < count; i++) {
            mcs_moments_from_record(records + i * record, k, &m);
            mcs_tree_push(tree, &m);
            if (++merged == next_point && merged != blocks) {
                total = mcs_tree_total(tree); /* one subtree: 2^j blocks */
                add_convergence(res, &total, k, disc);
                next_point *= 2;
            }
        }
        t->seconds[MCS_PHASE_REDUCE] += mcs_now() - r0;
        if (share->checkpoint && share->checkpoint_every > 0 && done + count < blocks &&
            mcs_now() - last_checkpoint >= share->checkpoint_every) {
            if ((st = share->checkpoint(share->checkpoint_ctx, tree, err, err_len)) != MCS_OK)
                goto cleanup;
            last_checkpoint = mcs_now();
        }
        if (progress) {
            uint64_t paths = 0; /* paths in the blocks merged so far */
            for (int d = 0; d < tree->depth; d++)
                paths += tree->node[d].n;
            progress(progress_ctx, (double)merged / (double)blocks, paths);
        }
    }
    total = mcs_tree_total(tree);
    add_convergence(res, &total, k, disc);
    if (share->partial)
        *share->partial = *tree;

    fill_estimates(job, &total, k, disc, res);
    if (!isfinite(res->price) || (total.n >= 2 && !isfinite(res->std_error))) {
        char price[32], se[32];
        number_text(res->price, price, sizeof price);
        number_text(res->std_error, se, sizeof se);
        snprintf(err, err_len,
                 "the simulation overflowed (price %s, std error %s): prices beyond the range "
                 "of %s precision; %s",
                 price, se, job->sim.precision == MCS_DOUBLE ? "double" : "single",
                 job->sim.precision == MCS_DOUBLE
                     ? "use a smaller spot, rate, volatility or maturity"
                     : "use precision = double or a smaller spot, rate or maturity");
        st = MCS_E_DATA;
        goto cleanup;
    }
    st = MCS_OK;
    goto cleanup;
interrupted: /* a stop request: the partial estimate from whole chunks, checkpointed */
    total = mcs_tree_total(tree);
    fill_estimates(job, &total, k, disc, res);
    if (share->checkpoint &&
        (st = share->checkpoint(share->checkpoint_ctx, tree, err, err_len)) != MCS_OK)
        goto cleanup;
    snprintf(err, err_len, "interrupted after %llu of %llu paths; no run log written",
             (unsigned long long)total.n, (unsigned long long)job->sim.paths);
    st = MCS_E_INTERRUPTED;
cleanup:
    free(records);
    free(tree);
    if (ctx) {
        double c0 = mcs_now();
        be->close(ctx);
        t->seconds[MCS_PHASE_TEARDOWN] += mcs_now() - c0;
    }
    return st;
}
