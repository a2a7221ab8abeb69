/* split.c - a job split over MPI ranks or shards (split.h): each share's
 * cold run by the model, then the gather or the merge. */
#include "split.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "json_out.h"
#include "model.h"
#include "report.h"
#include "shard.h"

/* An optional profile figure (a process's start and exit, MPI's start-up),
 * 0 where the profile has not measured it. */
static double measured_or_0(double measured)
{
    return isfinite(measured) ? measured : 0;
}

/* The cold run of blocks [first, end) of the job on one backend (0 cpu, 1 gpu),
 * the GPU's context phase `context` seconds: its total and the process's
 * start and exit, seconds; NAN when that backend cannot run it. */
static double share_seconds(const mcs_profile *cp, const mcs_profile *gp, const mcs_job *job,
                            int threads, int backend, double context, uint64_t first,
                            uint64_t end)
{
    mcs_workload w = mcs_workload_of_job(job, threads, 1);
    uint64_t last = end * w.block_size < w.paths ? end * w.block_size : w.paths;
    w.paths = last - first * w.block_size;
    mcs_prediction p;
    if (!backend) {
        mcs_predict_cpu(&cp->cpu, &w, &p);
        return p.available ? p.seconds[MCS_PHASE_TOTAL] + measured_or_0(cp->cpu.process_cold_s)
                           : NAN;
    }
    mcs_predict_gpu(&gp->gpu, &cp->cpu, &w, &p);
    return p.available ? p.seconds[MCS_PHASE_TOTAL] - p.seconds[MCS_PHASE_CONTEXT] + context +
                             measured_or_0(gp->gpu.process_cold_s)
                       : NAN;
}

/* The subtree roots a share of blocks [first, end) leaves in its merge tree
 * (engine/stats.c push: aligned powers of two, each as large as it can be). */
static double subtree_roots(uint64_t first, uint64_t end)
{
    double roots = 0;
    while (first < end) {
        uint64_t size = first ? first & -first : UINT64_C(1) << 63;
        while (size > end - first)
            size >>= 1;
        first += size;
        roots++;
    }
    return roots;
}

mcs_status mcs_split_predict(const mcs_profile *cp, const mcs_profile *gp, const mcs_job *job,
                             int threads, int count, int shards, mcs_split *out, char *err,
                             size_t err_len)
{
    memset(out, 0, sizeof *out);
    out->count = count;
    out->shards = shards;
    const char *what = shards ? "--shards" : "--ranks";
    int max = shards ? MCS_SHARDS_MAX : MCS_RANKS_MAX;
    uint64_t b = job->sim.block_size ? (job->sim.paths + job->sim.block_size - 1) /
                                           job->sim.block_size : 0;
    out->blocks = b;
    if (count < 1 || count > max) {
        snprintf(err, err_len, "%s %d: must be a whole number from 1 to %d", what, count, max);
        return MCS_E_USAGE;
    }
    if ((uint64_t)count > b) {
        snprintf(err, err_len, "%s %d: the job has %llu block%s, so %s would have none; give "
                 "at most %llu (or more paths, or a smaller [simulation] block_size)", what,
                 count, (unsigned long long)b, b == 1 ? "" : "s",
                 shards ? "some shards" : "some ranks", (unsigned long long)b);
        return MCS_E_USAGE;
    }
    const mcs_cpu_profile *host = &cp->cpu;
    /* the join replays each share's subtree roots, not its blocks (main.c
     * join_ranks, shard.c mcs_shard_join): a block's merge each */
    double roots = 0;
    for (int i = 0; i < count; i++) {
        mcs_block_range range = mcs_shard_range(b, i + 1, count);
        roots += subtree_roots(range.first, range.end);
    }
    double join = roots * host->reduce_block_ns * 1e-9;
    /* the shares start at once, one per GPU: their CUDA contexts contend */
    out->together = gp->has_gpu ? mcs_gpu_context_together(&gp->gpu, count) : 1;
    /* a GPU share's context: the shares start on a quiet host ([gpu]
     * context_quiet_s, else context_s: after 2 s with no GPU process a
     * context took 0.53-0.59 s on the 2-H200 host, against calibrate's 0.43
     * s back to back), `together` times one's alone */
    out->quiet_context = gp->has_gpu && isfinite(gp->gpu.context_quiet_s);
    const double context =
        out->together * (out->quiet_context ? gp->gpu.context_quiet_s : gp->gpu.context_s);
    /* each rank pays its backend's MPI start-up where calibrate measured it:
     * on the 4-H100 host a GPU rank paid 1.2 s more than the process alone,
     * a CPU rank 2.3 s (MPI_Init starts the driver, which the GPU process
     * needs anyway); a GPU rank without its own figure takes the CPU's */
    out->gpu_mpi_own = gp->has_gpu && isfinite(gp->gpu.mpi_start_s);
    out->mpi_start[0] = shards ? NAN : host->mpi_start_s;
    out->mpi_start[1] = shards ? NAN : out->gpu_mpi_own ? gp->gpu.mpi_start_s : host->mpi_start_s;
    for (int k = 0; k < 2; k++) {
        const double mpi = measured_or_0(out->mpi_start[k]);
        if (k == 1 && !gp->has_gpu)
            continue;
        out->seconds[k] = malloc((size_t)count * sizeof *out->seconds[k]);
        if (!out->seconds[k]) {
            mcs_split_free(out);
            snprintf(err, err_len, "%s %d: out of memory", what, count);
            return MCS_E_NOMEM;
        }
        out->available[k] = 1;
        for (int i = 0; i < count; i++) {
            mcs_block_range range = mcs_shard_range(b, i + 1, count);
            double s = share_seconds(cp, gp, job, threads, k, context, range.first,
                                     range.end) + mpi;
            out->available[k] &= !isnan(s);
            out->seconds[k][i] = s;
            out->busy[k] += s;
            out->slowest[k] = s > out->slowest[k] ? s : out->slowest[k];
        }
        if (shards) /* a fresh `mcsim merge`: read each shard file, join the roots, write */
            out->combine[k] = host->write_cold_s + count * host->write_warm_s + join +
                              measured_or_0(host->process_cold_s);
        else        /* rank 0 joins the ranks' roots (one rank: the plain run) */
            out->combine[k] = count > 1 ? join : 0;
        out->busy[k] += shards ? out->combine[k] : 0;
        out->total[k] = out->slowest[k] + out->combine[k];
    }
    return MCS_OK;
}

void mcs_split_free(mcs_split *s)
{
    for (int k = 0; k < 2; k++) {
        free(s->seconds[k]);
        s->seconds[k] = NULL;
    }
}

/* One backend's figures as a JSON object, or null. */
static void json_backend(FILE *f, const mcs_split *s, int k)
{
    if (!s->available[k]) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"per_%s\": [", s->shards ? "shard" : "rank");
    for (int i = 0; i < s->count; i++) {
        fputs(i ? ", " : "", f);
        mcs_json_number(f, s->seconds[k][i]);
    }
    fprintf(f, "], \"slowest\": ");
    mcs_json_number(f, s->slowest[k]);
    mcs_json_key_number(f, s->shards ? "merge" : "gather", s->combine[k]);
    mcs_json_key_number(f, "total", s->total[k]);
    if (!s->shards) {
        mcs_json_key_number(f, "mpi_start", s->mpi_start[k]); /* null when not measured */
        mcs_json_key_string(f, "mpi_start_from", !isfinite(s->mpi_start[k]) ? NULL
                                                 : k && s->gpu_mpi_own     ? "gpu"
                                                                           : "cpu");
    }
    if (k == 1) {
        mcs_json_key_number(f, "context_together", s->together);
        mcs_json_key_bool(f, "context_quiet", s->quiet_context);
    }
    mcs_json_key_number(f, "busy", s->busy[k]);
    fputs("}", f);
}

/* One table row: a label and the cpu and gpu figures. */
static void text_row(FILE *f, const char *label, const mcs_split *s, const double v[2])
{
    fprintf(f, "  %-36s", label);
    for (int k = 0; k < 2; k++)
        if (s->available[k])
            fprintf(f, " %12.4g s", v[k]);
        else
            fprintf(f, " %14s", "-");
    fputc('\n', f);
}

void mcs_split_print(FILE *f, const mcs_split *s, int json)
{
    if (json) {
        fprintf(f, "{\"count\": %d, \"blocks\": %llu, \"cpu\": ", s->count,
                (unsigned long long)s->blocks);
        json_backend(f, s, 0);
        fputs(", \"gpu\": ", f);
        json_backend(f, s, 1);
        fputs("}", f);
        return;
    }
    const char *one = s->shards ? "shard" : "rank";
    fprintf(f, "\n%s: %d %s%s of %llu blocks, each a fresh process (cold) with the profile's "
            "machine%s\n  %-36s %14s %14s\n", s->shards ? "shards" : "ranks", s->count,
            s->shards ? "shard" : "MPI rank", s->count == 1 ? "" : "s",
            (unsigned long long)s->blocks,
            s->shards ? ", then `mcsim merge`" : "", "", "cpu", "gpu");
    char label[64];
    for (int i = 0; i < s->count; i++) {
        if (s->count > 6 && i == 3) { /* the first 3 and the last 3 */
            fprintf(f, "  ... %d more\n", s->count - 6);
            i = s->count - 4;
            continue;
        }
        double v[2] = {s->available[0] ? s->seconds[0][i] : NAN,
                       s->available[1] ? s->seconds[1][i] : NAN};
        snprintf(label, sizeof label, "%s %d", one, i + 1);
        text_row(f, label, s, v);
    }
    text_row(f, s->shards ? "merge (read, join, write)" : "gather at rank 0", s, s->combine);
    text_row(f, s->shards ? "wall (slowest shard + merge)" : "total (slowest rank + gather)", s,
             s->total);
    if (s->shards)
        text_row(f, "machine time (every shard + merge)", s, s->busy);
    else
        for (int k = 0; k < 2; k++) {
            const char *side = k ? "gpu" : "cpu", *key = k && s->gpu_mpi_own ? "gpu" : "cpu";
            if (!s->available[k])
                continue;
            if (isfinite(s->mpi_start[k]))
                fprintf(f, "  each %s rank includes MPI's start-up, %.3g s ([%s] mpi_start_s%s)\n",
                        side, s->mpi_start[k], key,
                        k && !s->gpu_mpi_own ? "; the profile has no [gpu] mpi_start_s" : "");
            else
                fprintf(f, "  a %s rank's MPI start-up (launcher, MPI_Init) is not included: the "
                        "profile has no [%s] mpi_start_s (mcsim calibrate --mpirun CMD measures "
                        "it)\n", side, side);
        }
    if (s->available[1])
        fprintf(f, "  gpu: each share's CUDA context from a quiet host (%s)\n",
                s->quiet_context ? "[gpu] context_quiet_s"
                                 : "[gpu] context_s: no context_quiet_s in the profile");
    if (s->available[1] && s->count > 1)
        fprintf(f, "  gpu: the %d processes start at once, one per GPU: each CUDA context %.3gx "
                "one's alone (%s)\n", s->count, s->together,
                s->together != 1 ? "[gpu] context_together_G"
                                 : "no context_together_G in the profile: no contention");
}
