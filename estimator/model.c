/* model.c - the estimator's formulas (docs/estimator.md, symbol for symbol). */
#include "model.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "engine.h"
#include "stats.h"
#include "chunking.h"
#include "../kernels/limits.h"
#include "../kernels/warp_rule.h"
#include "kernel_plan.h"

/* One kernel family's calibrated and dear-point shares, made once. */
typedef struct {
    int made, has; /* has: the family's model has a dear branch and a dear point */
    double calibrated[2][MCS_PREC_COUNT], dear[2][MCS_PREC_COUNT]; /* [side][precision] */
} family_shares;

/* The share of side k's group paying mt's dear branch in job, its steps in
 * `precision`: a GPU warp; on the CPU a batch of the job's paths (at most
 * MCS_BATCH), or the model's dear_cpu_group of it. */
static double side_share(const mcs_model_type *mt, const mcs_job *job, int k,
                         mcs_precision precision)
{
    uint64_t batch = MCS_BATCH;
    batch = job->sim.block_size < batch ? job->sim.block_size : batch;
    batch = job->sim.paths < batch ? job->sim.paths : batch;
    const uint32_t cpu = mt->dear_cpu_group ? mt->dear_cpu_group(precision, (uint32_t)batch)
                                            : (uint32_t)batch;
    return mt->dear_share(job, k ? MCS_GPU_WARP_PATHS : cpu);
}

int mcs_dear_applies(const mcs_dear_shares *d, const mcs_kernel_cost *cost, int gpu)
{
    return d->branch && cost->dear_step > 0 &&
           d->dear[gpu] - d->calibrated[gpu] > MCS_DEAR_SPAN_LEAST;
}

void mcs_dear_shares_of(const mcs_job *job, mcs_dear_shares *d)
{
    static family_shares fams[MCS_KERNEL_FAMILIES_MAX];
    memset(d, 0, sizeof *d);
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    const int mode = mcs_job_kernel_mode(job);
    const int f = mode < 0 ? -1 : mcs_kernel_family_index(job->model.id, job->option.payoff, mode);
    if (!mt || !mt->dear_share || f < 0 || f >= MCS_KERNEL_FAMILIES_MAX)
        return;
    family_shares *fs = &fams[f];
    if (!fs->made) {
        mcs_kernel_plan plan;
        mcs_job cal, dear;
        char why[512];
        fs->has = mcs_kernel_plan_make(f, &plan, why, sizeof why) == MCS_OK && plan.dear &&
                  mcs_kernel_plan_point_job(&plan, plan.points[plan.n_fit - 1], &cal, why,
                                            sizeof why) == MCS_OK &&
                  mcs_kernel_plan_point_job(&plan, plan.points[plan.dear], &dear, why,
                                            sizeof why) == MCS_OK;
        for (int k = 0; k < 2 && fs->has; k++)
            for (int q = 0; q < MCS_PREC_COUNT; q++) {
                fs->calibrated[k][q] = side_share(mt, &cal, k, (mcs_precision)q);
                fs->dear[k][q] = side_share(mt, &dear, k, (mcs_precision)q);
            }
        fs->made = 1;
    }
    if (!fs->has)
        return;
    d->branch = mt->dear_branch;
    const mcs_precision q = job->sim.precision;
    for (int k = 0; k < 2; k++) {
        d->job[k] = side_share(mt, job, k, q);
        d->calibrated[k] = fs->calibrated[k][q];
        d->dear[k] = fs->dear[k][q];
    }
}

mcs_workload mcs_workload_of_job(const mcs_job *job, int threads, int cold)
{
    int mode = mcs_job_kernel_mode(job);
    mcs_workload w = {.paths = job->sim.paths,
                      .steps = job->sim.steps,
                      .block_size = job->sim.block_size,
                      .precision = job->sim.precision,
                      .rng = job->sim.rng,
                      .threads = threads,
                      .cold = cold,
                      .has_kernel = mode >= 0,
                      .model = job->model.id,
                      .payoff = job->option.payoff,
                      .mode = mode,
                      .watched = mcs_job_watched_steps(job),
                      .normals = mcs_job_normals(job),
                      .assets = job->model.assets,
                      .draws = mcs_job_draws(job)};
    mcs_dear_shares_of(job, &w.dear);
    w.variant = mcs_job_variant_sets(job) != NULL;
    return w;
}

const char *mcs_job_variant_sets(const mcs_job *job)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    return mt && mt->variant_applies && mt->variant_applies(job) ? mt->variant_sets : NULL;
}

const char *mcs_cost_source_name(mcs_cost_source s)
{
    return s == MCS_COST_KERNEL ? "kernel" : s == MCS_COST_GIVEN ? "pilot" : "fallback";
}

/* The work of one step of a job of `normals` normals per step and `assets`
 * assets, in the unit a kernel's per-step cost scales by: its normals, and a
 * linear-factor model's n (n + 1) / 2 multiply-adds on top. */
static double step_work(const mcs_model_type *mt, double normals, double assets)
{
    return normals + (mt->linear_factor ? assets * (assets + 1) / 2 : 0);
}

int mcs_gpu_runs_warp(const mcs_model_type *mt, mcs_precision precision, mcs_rng_id rng,
                      double watched, double assets)
{
    return mt->linear_factor && assets >= MCS_WARP_KERNEL_MIN_ASSETS &&
           precision == MCS_SINGLE && rng != MCS_RNG_MRG32K3A && watched == 0;
}

double mcs_assets_of_normals(const mcs_model_type *mt, double normals)
{
    const double per = mt->normals_per_asset ? mt->normals_per_asset : 1;
    return (normals - mt->normals_per_step) / per;
}

double mcs_wide_path_at(const mcs_kernel_cost *cost, double n0, double n)
{
    const double nm = MCS_MID_ASSETS, n1 = MCS_MOST_ASSETS;
    if (!(cost->mid_path > 0) || !(nm > n0)) /* not measured (a profile before it) */
        return cost->path + (cost->wide_path - cost->path) * (n - n0) / (n1 - n0);
    return n <= nm ? cost->path + (cost->mid_path - cost->path) * (n - n0) / (nm - n0)
                   : cost->mid_path + (cost->wide_path - cost->mid_path) * (n - nm) / (n1 - nm);
}

/* mcs_gpu_runs_warp for a job like w on side gpu (1) or the CPU (0: never) */
static int runs_warp(const mcs_workload *w, int gpu, mcs_rng_id rng, double assets)
{
    return gpu && mcs_gpu_runs_warp(mcs_model_type_of(w->model), w->precision, rng, w->watched,
                                    assets);
}

/* The quadratic through (x[i], y[i]), i < 3, at x, held within the two
 * points' values around x (a noisy middle point bends the curve no further
 * than its neighbours; past the points, at least 0). */
static double quadratic_at(const double x[3], const double y[3], double v)
{
    double q = 0;
    for (int i = 0; i < 3; i++) {
        double l = y[i];
        for (int j = 0; j < 3; j++)
            if (j != i)
                l *= (v - x[j]) / (x[i] - x[j]);
        q += l;
    }
    for (int i = 0; i < 2; i++)
        if (v >= x[i] && v <= x[i + 1])
            return fmin(fmax(q, fmin(y[i], y[i + 1])), fmax(y[i], y[i + 1]));
    return fmax(q, 0);
}

int mcs_narrow_paths(const mcs_kernel_cost *cost, double *p6, double *p12)
{
    if (isnan(cost->narrow_path) || !(cost->narrow_step > 0 && cost->narrow_top_step > 0))
        return 0;
    *p6 = fmax(cost->narrow_path, cost->path);
    *p12 = fmax(cost->narrow_top_path, *p6); /* (fmax: a NAN one is the other) */
    return 1;
}

/* A kernel's costs measured at its family's calibration job (normals per
 * step `at`) moved to w's size (docs/estimator.md, "Multi-asset jobs"). A
 * model whose draws grow with its assets (multi_gbm) was measured at its
 * calibration job's n0 and, where the profile has them, at the wide
 * points: nm = MCS_MID_ASSETS and n1 = MCS_MOST_ASSETS. Per path affine in
 * the assets between n0 and n1. Per step, where the three ran one kernel
 * (the CPU's; the GPU's per-thread kernel in double, with MRG32k3a or a
 * watched step, above the narrow top point's assets where the narrow
 * points are measured), the quadratic through them (normals and the factor's
 * n (n + 1) / 2 multiply-adds: 1, n and n^2 in the assets); without the
 * middle point affine in that work between n0 and n1. A job the GPU runs on
 * its warp kernel, which nm and n1 ran too: affine in the assets through
 * them (on the H100 a 33.5M-path, 16-step job took 24 + 1.9 n ms at 16 to
 * 64 assets, docs/gpu.md: a warp draws and loops per column, whatever
 * the column's multiply-adds; the assets rounded up to the kernel's whole
 * runs of MCS_WARP_SLOT_RUN); without nm the widest's step scaled by the
 * normals. A GPU per-thread job whose wide points ran the warp kernel, or
 * of no more assets than the narrow top point's: the quadratic through its
 * own kernel's n0 and the narrow points (H200, single, philox: 8.6, 12.0
 * and 36.8 ps a path-step at 2, 4 and 8 assets, where scaling n0's by the
 * work below predicted 24 and 75), its path the quadratic through n0's and
 * the narrow points' (each narrow point's pair of runs at 1 and
 * MCS_WIDE_STEPS steps; the H200's 5-asset best-of and basket of 1 to 16
 * steps ran 7.4-7.8 ps a path + 24.2-24.3 a step in single, where the
 * calibration job's path, 3-4 ps, put one step 9-14% fast), each taken no
 * less than the narrower one's (a pair's path is a small difference: the
 * H200's 12-asset ones in double came out 0-6 ps where 20M-path runs at 1
 * to 16 steps said 34); in a profile
 * without the narrow paths the calibration job's, the narrow steps holding
 * the path's growth (their time less that path over MCS_WIDE_STEPS steps);
 * without them, and in a profile without
 * wide points, the calibration job's step scaled by the work (on the warp
 * kernel by the normals). */
static void move_to_size(const mcs_workload *w, int gpu, mcs_rng_id rng, unsigned at,
                         mcs_kernel_cost *cost)
{
    const mcs_model_type *mt = mcs_model_type_of(w->model);
    const double per = mt->normals_per_asset ? mt->normals_per_asset : 1;
    const double n0 = mcs_assets_of_normals(mt, at), n1 = MCS_MOST_ASSETS, nm = MCS_MID_ASSETS;
    const double n = w->assets, normals1 = mt->normals_per_step + per * n1;
    const int wide = mt->linear_factor && cost->wide_step > 0 && n1 > n0;
    const int mid = wide && cost->mid_step > 0 && nm > n0;
    const double w0 = step_work(mt, at, n0), w1 = step_work(mt, normals1, n1);
    const double path = mcs_wide_path_at(cost, n0, n); /* where the wide points apply */
    const int warp = runs_warp(w, gpu, rng, n);
    if (wide && warp) {
        const double runs = MCS_WARP_SLOT_RUN * ceil(n / MCS_WARP_SLOT_RUN);
        cost->step = mid ? cost->mid_step + (cost->wide_step - cost->mid_step) * (runs - nm) /
                                                (n1 - nm)
                         : cost->wide_step * w->normals / normals1;
        cost->step = fmax(cost->step, 0);
        cost->path = path;
    } else if (mid && cost->narrow_step > 0 && cost->narrow_top_step > 0 &&
               (runs_warp(w, gpu, rng, nm) || n <= MCS_NARROW_TOP_ASSETS)) {
        const double x[3] = {n0, MCS_NARROW_ASSETS, MCS_NARROW_TOP_ASSETS},
                     y[3] = {cost->step, cost->narrow_step, cost->narrow_top_step};
        cost->step = quadratic_at(x, y, n);
        double p[3] = {cost->path};
        /* measured: never less for more assets (nor, below n0, extrapolated) */
        if (n > n0 && mcs_narrow_paths(cost, &p[1], &p[2]))
            cost->path = quadratic_at(x, p, n);
    } else if (mid && !runs_warp(w, gpu, rng, n1)) {
        const double x[3] = {n0, nm, n1}, y[3] = {cost->step, cost->mid_step, cost->wide_step};
        cost->step = quadratic_at(x, y, n);
        cost->path = path;
    } else if (wide && !runs_warp(w, gpu, rng, n1)) {
        cost->step += (cost->wide_step - cost->step) * (step_work(mt, w->normals, n) - w0) /
                      (w1 - w0);
        cost->path = path;
    } else if (warp) {
        cost->step *= (double)w->normals / at;
    } else {
        cost->step *= step_work(mt, w->normals, n) / w0;
    }
}

/* The profile's costs of w's kernel in `table` (a side's [family][precision]
 * [generator] table of `rngs` generators), the kernel's name in `name`;
 * 1 when measured (path and step there). */
static int measured_cost(const mcs_kernel_cost *table, int rngs, int gpu, const mcs_workload *w,
                         mcs_rng_id rng, mcs_kernel_cost *cost, char *name, size_t len)
{
    name[0] = '\0';
    int f = w->has_kernel ? mcs_kernel_family_index(w->model, w->payoff, w->mode) : -1;
    int g = mcs_kernel_rng_index(gpu, rng);
    if (f < 0 || g < 0)
        return 0;
    mcs_kernel_name(f, (int)w->precision, rng, name, len);
    const mcs_kernel_cost *k = &table[((size_t)f * MCS_PREC_COUNT + w->precision) * rngs + g];
    if (isnan(k->path) || isnan(k->step))
        return 0;
    *cost = *k;
    if (isnan(cost->watch))
        cost->watch = 0;
    /* a model whose draws grow with the job (multi_gbm's assets) was
     * measured at its calibration job's size (and at the wide points') */
    const unsigned at = mcs_kernel_family_normals(f);
    if (at > 0 && w->normals > 0 && w->normals != at)
        move_to_size(w, gpu, rng, at, cost);
    /* a model's dear branch: the step linear in the share that pays it,
     * through calibrate's job's and the dear point's */
    const mcs_dear_shares *d = &w->dear;
    if (mcs_dear_applies(d, cost, gpu))
        cost->step = fmax(0, cost->step + (d->job[gpu] - d->calibrated[gpu]) /
                                              (d->dear[gpu] - d->calibrated[gpu]) *
                                              (cost->dear_step - cost->step));
    /* the model's variant step (heston's Euler scheme: its dear share 0),
     * where the profile measured it; else calibrate's step, which estimate
     * says in a note */
    if (w->variant && cost->variant_step > 0)
        cost->step = cost->variant_step;
    return 1;
}

/* mcs_cpu_kernel_cost and mcs_gpu_kernel_cost of a side's table, its
 * given costs and its fallback per path-step (times the job's normals per
 * step). */
static mcs_cost_source side_cost(const mcs_kernel_cost *table, int rngs, int gpu,
                                 const mcs_kernel_cost *given, double fallback,
                                 const mcs_workload *w, mcs_rng_id rng, mcs_kernel_cost *cost,
                                 char *name, size_t len)
{
    int measured = measured_cost(table, rngs, gpu, w, rng, cost, name, len);
    if (given) {
        *cost = *given;
        return MCS_COST_GIVEN;
    }
    if (measured)
        return MCS_COST_KERNEL;
    /* a one-step European's step draws one normal: a job's step draws its
     * normals (a 64-asset basket 64, Heston 2; measured on the H100
     * machine a 64-asset step costs 100x the CPU's and 200x the GPU's
     * fallback, so this is still short, but not by 100x) */
    *cost = (mcs_kernel_cost){.step = fallback * (w->normals > 1 ? w->normals : 1),
                              .dear_step = NAN};
    return MCS_COST_FALLBACK;
}

mcs_cost_source mcs_cpu_kernel_cost(const mcs_cpu_profile *cpu, const mcs_workload *w,
                                    mcs_rng_id rng, mcs_kernel_cost *cost, char *name,
                                    size_t len)
{
    return side_cost(&cpu->kernel_ns[0][0][0], MCS_CPU_RNG_COUNT, 0, w->cpu_cost,
                     cpu->path_step_ns[w->precision][rng == MCS_RNG_PHILOX], w, rng, cost, name,
                     len);
}

mcs_cost_source mcs_gpu_kernel_cost(const mcs_gpu_profile *gpu, const mcs_workload *w,
                                    mcs_rng_id rng, mcs_kernel_cost *cost, char *name,
                                    size_t len)
{
    return side_cost(&gpu->kernel_ps[0][0][0], MCS_GPU_RNG_COUNT, 1, w->gpu_cost,
                     gpu->kernel_path_step_ps[w->precision][mcs_kernel_rng_index(1, rng)], w, rng,
                     cost, name, len);
}

/* One path's cost by a kernel's costs: path + S step + W watch. */
static double path_cost(const mcs_kernel_cost *c, const mcs_workload *w)
{
    return c->path + w->steps * c->step + w->watched * c->watch;
}

/* Table t at x: linear between its entries, its first value below them
 * and its last above them (t has entries). */
static double table_at(const mcs_thread_table *t, double x)
{
    if (x <= t->threads[0])
        return t->value[0];
    for (int i = 1; i < t->n; i++)
        if (x <= t->threads[i]) {
            double x0 = t->threads[i - 1], x1 = t->threads[i];
            return t->value[i - 1] + (t->value[i] - t->value[i - 1]) * (x - x0) / (x1 - x0);
        }
    return t->value[t->n - 1];
}

double mcs_cpu_efficiency(const mcs_cpu_profile *cpu, double threads)
{
    const mcs_thread_table *t = &cpu->scaling;
    if (t->n == 0)
        return 1.0;
    /* beyond the table: no more throughput than at its last entry */
    double tn = t->threads[t->n - 1];
    return threads > tn ? t->value[t->n - 1] * tn / threads : table_at(t, threads);
}

static double copy_seconds(const mcs_link *l, double bytes, double copies)
{
    if (copies <= 0)
        return 0;
    return copies * l->alpha_us * 1e-6 + bytes / (l->gbps * 1e9);
}

/* Host phases every run has, whichever backend computes (`fixed`: the
 * host's fixed costs, mcs_fixed_costs). */
static void host_phases(const mcs_cpu_profile *host, const double *fixed, const mcs_workload *w,
                        double blocks, mcs_prediction *out)
{
    out->seconds[MCS_PHASE_CONFIG] = fixed[MCS_PHASE_CONFIG] +
                                     (w->assets > 1 && host->config_asset_s > 0
                                          ? (w->assets - 1) * host->config_asset_s
                                          : 0);
    out->seconds[MCS_PHASE_REDUCE] = blocks * host->reduce_block_ns * 1e-9;
    out->seconds[MCS_PHASE_WRITE] = fixed[MCS_PHASE_WRITE];
}

static void finish(mcs_prediction *out, double other)
{
    double sum = 0;
    for (int p = 0; p < MCS_PHASE_TOTAL; p++)
        sum += out->seconds[p];
    out->seconds[MCS_PHASE_TOTAL] = sum + other;
}

double mcs_cpu_wave_factor(const mcs_cpu_profile *cpu, double b)
{
    return cpu->wave.n == 0 ? NAN : table_at(&cpu->wave, b);
}

/* A fresh process's CPU set-up with a team of `threads` (the backend starts
 * no more threads than the job has blocks): the profile's, measured on a
 * team of cpu->threads, less (or plus) each team thread's start
 * (setup_cold_thread_s; without it the same for every team). */
static double cpu_setup_cold(const mcs_cpu_profile *cpu, double threads)
{
    double per = cpu->setup_cold_thread_s;
    if (!(per > 0) || !(cpu->threads >= 1))
        return cpu->setup_cold_s;
    return fmax(0, cpu->setup_cold_s + (threads - cpu->threads) * per);
}

/* A chunk's start in microseconds, cold or warm: a warm one no dearer than
 * the cold, which a noisy calibration can write (the 64-vCPU host's --quick:
 * 4.51 ms warm, 0.675 ms cold, with its warning, 2026-11-28); 0 where the
 * profile has none (s1 before 2026-11-29). */
static double chunk_start_us(double cold, double warm, int is_cold)
{
    double s = is_cold ? cold : warm;
    if (!is_cold && cold > 0)
        s = fmin(s, cold);
    return s > 0 ? s : 0;
}

/* The CPU's simulate phase of w on `threads` threads, as its two parts:
 * simulate = *fixed + *per_c1 x c1, c1 one thread's seconds per path.
 * Blocks are handed out one at a time, in order (schedule(dynamic, 1)); a
 * wave is one block per thread. The busiest thread does waves - 1 full
 * blocks and one more in the last wave: a full one where that wave has two
 * or more blocks, else the job's partial last block; at the parallel
 * efficiency of the threads busy, or, in a job of one wave, at the
 * profile's measured factor for one wave of that many blocks (its slowest
 * thread's time, where threads run at different speeds). The engine hands
 * the backend chunks of at most threads x 128 blocks, each paying a start. */
static void cpu_simulate_shape(const mcs_cpu_profile *cpu, const mcs_workload *w, double threads,
                               double *fixed, double *per_c1)
{
    double n = (double)w->paths, bs = w->block_size;
    double blocks = ceil(n / bs);
    double busy = blocks < threads ? blocks : threads;
    double waves = ceil(blocks / threads);
    double last_wave = blocks - (waves - 1) * threads;
    double busiest = (waves - 1) * bs + (last_wave > 1 ? bs : n - (blocks - 1) * bs);
    const double most = MCS_MAX_BLOCKS_PER_THREAD_PER_CHUNK;
    double per_thread = floor(MCS_CHUNK_PATH_STEPS_PER_THREAD / (bs * w->steps));
    per_thread = per_thread < 1 ? 1 : per_thread > most ? most : per_thread;
    double chunks = ceil(blocks / (threads * per_thread));
    /* a chunk's start wakes the team the backend starts, one thread a block
     * up to the threads (cpu_backend.c): calibrate measured it for a team
     * of all the profile's threads, s; a team of one block starts no team
     * but pays its lone thread's start, s1 (a 1000-path job of one block on
     * the H200 host: 0.017-0.037 ms of simulate cold and 0.006-0.016 ms warm
     * beyond its path-steps, where its path-steps took 0.002-0.006 ms;
     * bench/results/estimator/h200-session23): a team of T blocks s1 +
     * (s - s1) (T - 1) / (threads - 1), the whole team's s at all threads */
    const double start = chunk_start_us(cpu->chunk_start_cold_us, cpu->chunk_start_warm_us,
                                        w->cold),
                 one = chunk_start_us(cpu->chunk_start_one_cold_us,
                                      cpu->chunk_start_one_warm_us, w->cold);
    double team = start;
    if (cpu->threads > 1)
        team = one + (start - one) * (busy - 1) / (cpu->threads - 1);
    *fixed = chunks * team * 1e-6;
    double wave = waves == 1 ? mcs_cpu_wave_factor(cpu, busy) : NAN;
    *per_c1 = isnan(wave) ? busiest / mcs_cpu_efficiency(cpu, busy) : busiest * wave;
}

double mcs_cpu_seconds_per_path(const mcs_cpu_profile *cpu, const mcs_workload *w,
                                double simulate)
{
    double fixed, per_c1;
    cpu_simulate_shape(cpu, w, w->threads > 0 ? w->threads : cpu->threads, &fixed, &per_c1);
    return per_c1 > 0 ? fmax(0, simulate - fixed) / per_c1 : 0;
}

double mcs_cpu_busiest_paths(const mcs_cpu_profile *cpu, const mcs_workload *w)
{
    double fixed, per_c1;
    cpu_simulate_shape(cpu, w, w->threads > 0 ? w->threads : cpu->threads, &fixed, &per_c1);
    return per_c1;
}

void mcs_predict_cpu(const mcs_cpu_profile *cpu, const mcs_workload *w, mcs_prediction *out)
{
    memset(out, 0, sizeof *out);
    mcs_rng_id rng = w->rng == MCS_RNG_AUTO ? MCS_RNG_PCG64 : w->rng;
    out->rng = rng;
    double threads = w->threads > 0 ? w->threads : cpu->threads;
    const int whole = threads >= 1 && threads <= MCS_PROFILE_COUNT_MAX && threads == floor(threads);
    out->threads = whole ? (int)threads : 0; /* what the run would start, predicted or not */
    if (rng != MCS_RNG_PCG64 && rng != MCS_RNG_PHILOX) {
        snprintf(out->why, sizeof out->why, "the cpu backend runs pcg64 and philox only");
        return;
    }
    if (!whole) {
        /* a profile from mcs_profiles_choose always has them; a hand-made one may not */
        snprintf(out->why, sizeof out->why, "no thread count: the profile's [cpu] threads is "
                 "%g, not a whole number from 1 to %d", cpu->threads, MCS_PROFILE_COUNT_MAX);
        return;
    }
    out->available = 1;
    double n = (double)w->paths, bs = w->block_size;
    double blocks = ceil(n / bs);
    out->source = mcs_cpu_kernel_cost(cpu, w, rng, &out->cost, out->kernel, sizeof out->kernel);
    double c1 = path_cost(&out->cost, w) * 1e-9; /* one thread, one path */
    double fixed, per_c1;
    cpu_simulate_shape(cpu, w, threads, &fixed, &per_c1);
    out->seconds[MCS_PHASE_SIMULATE] = fixed + per_c1 * c1;
    double costs[MCS_FIXED_COLUMNS] = {0};
    mcs_fixed_costs(cpu, 0, w->cold, costs);
    out->seconds[MCS_PHASE_SETUP] =
        w->cold ? cpu_setup_cold(cpu, blocks < threads ? blocks : threads) : costs[MCS_PHASE_SETUP];
    out->seconds[MCS_PHASE_TEARDOWN] = costs[MCS_PHASE_TEARDOWN];
    host_phases(cpu, costs, w, blocks, out);
    finish(out, costs[MCS_FIXED_OTHER]);
}

/* w's kernel's entry of a per-kernel GPU table (blocks_per_sm, walk:
 * [family][precision][generator]); NAN when w has no kernel there. */
static double gpu_kernel_entry(const double (*table)[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT],
                               const mcs_workload *w, mcs_rng_id rng)
{
    int f = w->has_kernel ? mcs_kernel_family_index(w->model, w->payoff, w->mode) : -1;
    int k = mcs_kernel_rng_index(1, rng);
    return f < 0 || k < 0 ? NAN : table[f][w->precision][k];
}

double mcs_gpu_blocks_per_sm(const mcs_gpu_profile *gpu, const mcs_workload *w,
                             mcs_rng_id rng)
{
    return gpu_kernel_entry(gpu->blocks_per_sm, w, rng);
}

/* gpu_backend.c's chunking of w: blocks per launch and launches. */
static void gpu_chunking(const mcs_workload *w, double *chunk, double *launches)
{
    double blocks = ceil((double)w->paths / w->block_size);
    const double most = (double)MCS_GPU_MAX_CHUNK_BLOCKS;
    double c = floor((double)MCS_GPU_CHUNK_PATH_STEPS / ((double)w->block_size * w->steps));
    c = c < 1 ? 1 : c > most ? most : c;
    *chunk = c < blocks ? c : blocks;
    *launches = ceil(blocks / *chunk);
}

/* The saturated work, in paths, of one launch of m blocks of p1 paths on
 * SMs holding blocks_per_sm each: its busiest SM's j = ceil(m / SMs) blocks
 * in a pipeline, the j - 1 before the last at the saturated rate (p1 SMs
 * paths each, `block`) less the quarter of a block by which the last
 * starts before they end (OVERLAP), then one thread's walk through the
 * last (`walk` paths' time, at least a block's); and no less than a walk
 * for each round of resident blocks. On the H200 (warm runs of 10 kernels
 * at 1/4 to 24 blocks a SM and of 10 held-out jobs at 10^6 to 10^9 paths,
 * bench/results/estimator/h200-pipeline-session19, compare.txt) this,
 * calibrated with it, put them within a median 1.9% and 2.7% (p90 5.7%
 * and 8.8%); waves of resident blocks (max of the walk and j blocks a
 * round, the model until 2026-11-29) within 3.5% and 4.8% (p90 12% and
 * 10%), 4-22% fast at 2 blocks a SM. Offline (forms.py, the cost solved
 * at 6 a SM) an overlap of 0.25 block did best of 0 to 0.5: 2.0% (p90
 * 6.1%) against 2.7% (p90 10.1%) with none. */
#define OVERLAP 0.25
static double launch_work(double m, double p1, double sms, double blocks_per_sm, double walk)
{
    double j = ceil(m / sms), block = p1 * sms, last = fmax(walk, block);
    return fmax(ceil(j / blocks_per_sm) * walk, j > 1 ? (j - 1 - OVERLAP) * block + last : last);
}

/* A walk's fixed part in `table` for w's kernel: 0 where not measured. */
static double fixed_part(const double (*table)[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT],
                         const mcs_workload *w, mcs_rng_id rng)
{
    const double f = gpu_kernel_entry(table, w, rng);
    return f >= 0 ? f : 0;
}

/* The walk and its fixed part at t (0 to 1) of the way from (w0, f0) to
 * (w1, f1), into *walk and *fixed. */
static void walk_between(double t, double w0, double f0, double w1, double f1, double *walk,
                         double *fixed)
{
    *walk = w0 + t * (w1 - w0);
    *fixed = f0 + t * (f1 - f0);
}

double mcs_gpu_work_paths(const mcs_gpu_profile *gpu, const mcs_workload *w, mcs_rng_id rng,
                          double blocks_per_sm)
{
    int k = mcs_kernel_rng_index(1, rng);
    double n = (double)w->paths, bs = w->block_size, p1 = n < bs ? n : bs, chunk, launches;
    gpu_chunking(w, &chunk, &launches);
    /* one thread's walk through ceil(p1/256) paths (the warp kernel: in
     * whole passes, mcs_walk_paths), in paths of saturated work:
     * the kernel's own (walk_fixed.KERNEL + that many walk.KERNEL; a job on
     * the warp kernel: the wide point's, where measured), else the
     * generator's ramp per path-step over kappa per path-step (ns over ps) */
    double own = gpu_kernel_entry(gpu->walk_wide, w, rng), fixed = 0;
    const int wide = runs_warp(w, 1, rng, w->assets) && own > 0;
    if (!wide)
        own = gpu_kernel_entry(gpu->walk, w, rng);
    if (own > 0) /* and its fixed part per block, where measured */
        fixed = fixed_part(wide ? gpu->walk_fixed_wide : gpu->walk_fixed, w, rng);
    /* a per-thread job of more assets than the calibration job's: on the
     * line in the assets through its walk, the narrow top point's (12
     * assets on the per-thread kernel), and the middle (16) and wide (64)
     * points' where those ran the per-thread kernel too (double, MRG32k3a,
     * a watched step); the last one measured beyond (the H200's 8-asset,
     * 16-step basket of one block a SM took 26% less than the 2-asset job's
     * walk over its saturated cost said: a thread's assets overlap their
     * latencies, their multiply-adds do not, 2026-11-28; the 64-asset,
     * 252-step basket in double, 1,000 paths, took 115 ms where the 2-asset
     * walk said 183 and the wide point's 117; the 24-asset one's walk took
     * as many of its saturated paths as the 64-asset one's, 2026-11-29) */
    const mcs_model_type *mt = mcs_model_type_of(w->model);
    const int f = mcs_kernel_family_index(w->model, w->payoff, w->mode);
    if (mt->linear_factor && !runs_warp(w, 1, rng, w->assets) && own > 0) {
        typedef const double (*kernel_table)[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
        const struct {
            double assets;
            kernel_table walk, fixed;
        } at[] = {{MCS_NARROW_TOP_ASSETS, gpu->walk_narrow, gpu->walk_fixed_narrow},
                  {MCS_MID_ASSETS, gpu->walk_mid, gpu->walk_fixed_mid},
                  {MCS_MOST_ASSETS, gpu->walk_wide, gpu->walk_fixed_wide}};
        enum { AT = sizeof at / sizeof at[0] };
        double x[AT + 1] = {mcs_assets_of_normals(mt, mcs_kernel_family_normals(f))},
               walk_at[AT + 1] = {own}, fixed_at[AT + 1] = {fixed};
        int points = 1;
        for (int i = 0; i < AT; i++) {
            double wk = gpu_kernel_entry(at[i].walk, w, rng);
            if (wk > 0 && at[i].assets > x[points - 1] && !runs_warp(w, 1, rng, at[i].assets)) {
                x[points] = at[i].assets;
                walk_at[points] = wk;
                fixed_at[points++] = fixed_part(at[i].fixed, w, rng);
            }
        }
        for (int i = 1; i < points; i++)
            if (w->assets > x[i - 1])
                walk_between(fmin(1, (w->assets - x[i - 1]) / (x[i] - x[i - 1])),
                             walk_at[i - 1], fixed_at[i - 1], walk_at[i], fixed_at[i], &own,
                             &fixed);
    }
    /* a job that watches a share of its steps between its family's fit
     * point watching the fewest and its last fit point: on the line in that
     * share between that point's walk (walk_sparse) and the last one's (an
     * Asian's loop that asks which steps it watches, against the loop that
     * watches all: timed on the second, the geometric GBM Asian of 52
     * fixings of 260 steps came out 12% slow and the Bachelier one of 12 of
     * 252 14% fast, H200, 2026-11-29) */
    const double sparse = gpu_kernel_entry(gpu->walk_sparse, w, rng);
    double share_lo, share_hi;
    if (sparse > 0 && own > 0 && !wide && w->steps > 0 &&
        mcs_kernel_family_watch_shares(f, &share_lo, &share_hi))
        walk_between(fmin(1, fmax(0, (w->watched / w->steps - share_lo) / (share_hi - share_lo))),
                     sparse, fixed_part(gpu->walk_fixed_sparse, w, rng), own, fixed, &own,
                     &fixed);
    double walk = fixed + mcs_walk_paths(p1, MCS_GPU_VTHREADS, wide) *
                              (own > 0 ? own
                                       : gpu->kernel_ramp_path_step_ns[w->precision][k] * 1e3 /
                                             gpu->kernel_path_step_ps[w->precision][k]);
    if (!(blocks_per_sm >= 1 && gpu->sm_count >= 1)) /* occupancy not known: the ramp model */
        return n + launches * walk;
    double blocks = ceil(n / bs), last = blocks - (launches - 1) * chunk;
    return (launches - 1) * launch_work(chunk, p1, gpu->sm_count, blocks_per_sm, walk) +
           launch_work(last, p1, gpu->sm_count, blocks_per_sm, walk);
}

void mcs_predict_gpu(const mcs_gpu_profile *gpu, const mcs_cpu_profile *host,
                     const mcs_workload *w, mcs_prediction *out)
{
    memset(out, 0, sizeof *out);
    mcs_rng_id rng = w->rng == MCS_RNG_AUTO ? MCS_RNG_PHILOX : w->rng;
    out->rng = rng;
    if (rng == MCS_RNG_PCG64) {
        snprintf(out->why, sizeof out->why,
                 "the gpu backend has no pcg64 (rng = philox runs on both)");
        return;
    }
    out->available = 1;
    int k = mcs_kernel_rng_index(1, rng);
    double n = (double)w->paths, bs = w->block_size, steps = w->steps;
    double blocks = ceil(n / bs), chunk, launches;
    gpu_chunking(w, &chunk, &launches);
    double sums_bytes = mcs_sums_record_len(1) * sizeof(double); /* one output */
    out->launches = launches;

    /* kernels: per launch, the launch itself and the kernel's fixed work; then
     * the saturated cost of one path times the launches' work in paths
     * (mcs_gpu_work_paths: a pipeline of blocks on the busiest SM where the kernel's
     * occupancy is known, else every path plus one thread's walk per launch,
     * the ramp of a grid too small to fill the GPU); a fresh process pays
     * extra for its first launch */
    out->source = mcs_gpu_kernel_cost(gpu, w, rng, &out->cost, out->kernel, sizeof out->kernel);
    double c_ps = path_cost(&out->cost, w); /* saturated, one path */
    out->seconds[MCS_PHASE_SIMULATE] =
        launches * (gpu->launch_us + gpu->kernel_fixed_us[w->precision][k]) * 1e-6 +
        c_ps * 1e-12 * mcs_gpu_work_paths(gpu, w, rng, mcs_gpu_blocks_per_sm(gpu, w, rng)) +
        (w->cold ? gpu->first_launch_us * 1e-6 : 0);

    out->d2h_bytes = blocks * sums_bytes;
    out->seconds[MCS_PHASE_D2H] = copy_seconds(&gpu->d2h_pinned, out->d2h_bytes, launches);
    double alloc_bytes = 2 * chunk * sums_bytes, tables = 0;
    if (rng == MCS_RNG_SOBOL && w->cold) { /* a warm run reads the tables kept */
        tables = steps * (w->draws ? w->draws : 1) * 33 * 4;
        alloc_bytes += 2 * tables;
    }
    /* the fixed phases, GPU's and host's (mcs_fixed_costs): context,
     * device query, set-up, teardown, the parameters' copy and the alloc's
     * fixed part the GPU's; config, write and the time outside every phase
     * the host's */
    double costs[MCS_FIXED_COLUMNS] = {0}, host_costs[MCS_FIXED_COLUMNS] = {0};
    mcs_fixed_costs(gpu, 1, w->cold, costs);
    mcs_fixed_costs(host, 0, w->cold, host_costs);
    const int own[] = {MCS_PHASE_CONTEXT, MCS_PHASE_DEVICE_QUERY, MCS_PHASE_SETUP,
                       MCS_PHASE_H2D, MCS_PHASE_TEARDOWN};
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) /* (absent optional keys: 0) */
        out->seconds[own[i]] = costs[own[i]] >= 0 ? costs[own[i]] : 0;
    out->h2d_bytes = tables; /* (and the parameters', in the fixed part) */
    if (tables)
        out->seconds[MCS_PHASE_H2D] += copy_seconds(&gpu->h2d_pinned, tables, 1);
    out->seconds[MCS_PHASE_ALLOC] =
        costs[MCS_PHASE_ALLOC] + alloc_bytes * gpu->alloc_ns_per_byte * 1e-9;
    host_phases(host, host_costs, w, blocks, out);
    if (gpu->reduce_block_ns >= 0) /* the GPU path's own per-block cost, when measured */
        out->seconds[MCS_PHASE_REDUCE] = blocks * gpu->reduce_block_ns * 1e-9;
    double write = costs[MCS_PHASE_WRITE];
    /* a spec sheet's log cost was measured on the reference's host: this
     * host writes it as much faster as it writes a CPU run's log (the H200
     * host's GPU logs 1.6x faster than the H100 host's measured, as its CPU
     * logs; bench/results/estimator/h200-heldout-session13) */
    double there = w->cold ? gpu->write_host_cold_s : gpu->write_host_warm_s,
           here = host_costs[MCS_PHASE_WRITE];
    if (write >= 0) /* a GPU run's own log cost, when measured */
        out->seconds[MCS_PHASE_WRITE] = there > 0 && here > 0 ? write * here / there : write;
    finish(out, host_costs[MCS_FIXED_OTHER]);
}

double mcs_gpu_context_together(const mcs_gpu_profile *gpu, int processes)
{
    double g0 = 1, k0 = 1; /* one process: itself */
    for (int i = 0; i < MCS_CONTEXT_TOGETHER_POINTS; i++) {
        double g1 = 2 << i, k1 = gpu->context_together[i];
        if (!(k1 > 0))
            continue; /* not measured: interpolate across it */
        if (processes <= g1)
            return k0 + (k1 - k0) * (processes - g0) / (g1 - g0);
        g0 = g1;
        k0 = k1;
    }
    return k0; /* beyond the host's GPUs: the others start on other hosts */
}

/* ln(T_cpu / T_gpu) at n paths: > 0 where the GPU is faster. */
static double log_speedup(const mcs_cpu_profile *cpu, const mcs_gpu_profile *gpu,
                          mcs_workload w, double n)
{
    mcs_prediction c, g;
    w.paths = (uint64_t)n;
    mcs_predict_cpu(cpu, &w, &c);
    mcs_predict_gpu(gpu, cpu, &w, &g);
    return log(c.seconds[MCS_PHASE_TOTAL] / g.seconds[MCS_PHASE_TOTAL]);
}

double mcs_break_even(const mcs_cpu_profile *cpu, const mcs_gpu_profile *gpu,
                      const mcs_workload *w)
{
    /* scan 1 .. 1e15 at 40 points per decade for the last size where the
     * CPU is at least as fast, then bisect to the next scan point */
    const int per_decade = 40, points = 15 * per_decade;
    double last_cpu = -1;
    for (int i = 0; i <= points; i++) {
        double n = floor(pow(10.0, (double)i / per_decade));
        if (log_speedup(cpu, gpu, *w, n) <= 0)
            last_cpu = i;
    }
    if (last_cpu < 0)
        return 1;
    if (last_cpu == points)
        return 0;
    double lo = floor(pow(10.0, last_cpu / per_decade));
    double hi = floor(pow(10.0, (last_cpu + 1) / per_decade));
    while (hi - lo > 1 && hi / lo > 1.0001) {
        double mid = floor(sqrt(lo * hi));
        if (mid <= lo)
            mid = lo + 1;
        if (log_speedup(cpu, gpu, *w, mid) > 0)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

mcs_status mcs_flop_estimate_run(const mcs_cpu_profile *cpu, const mcs_gpu_profile *gpu,
                                 const mcs_flop_job *job, mcs_flop_estimate *out, char *err,
                                 size_t err_len)
{
    memset(out, 0, sizeof *out);
    double cpu_rate = cpu->sustained_gflops_fp32, gpu_peak;
    if (job->precision == MCS_FP64)
        cpu_rate *= cpu->fp64_gflops / cpu->fp32_gflops;
    gpu_peak = job->precision == MCS_FP16   ? gpu->fp16_tflops
               : job->precision == MCS_FP64 ? gpu->fp64_tflops
                                            : gpu->fp32_tflops;
    if (!(cpu_rate > 0)) {
        snprintf(err, err_len, "the CPU profile lacks sustained_gflops_fp32%s",
                 job->precision == MCS_FP64 ? " or fp32_gflops/fp64_gflops" : "");
        return MCS_E_CONFIG;
    }
    if (!(gpu_peak > 0) || !(gpu->pcie_gbps > 0)) {
        snprintf(err, err_len, "the GPU profile lacks its %s peak or pcie_gbps",
                 job->precision == MCS_FP16 ? "fp16" : job->precision == MCS_FP64 ? "fp64" : "fp32");
        return MCS_E_CONFIG;
    }
    out->cpu_gflops = cpu_rate;
    out->gpu_gflops = gpu_peak * 1e3 * job->efficiency;
    out->cpu_s = job->gflop / out->cpu_gflops;
    out->gpu_compute_s = job->gflop / out->gpu_gflops;
    out->gpu_transfer_s = job->data_gb / gpu->pcie_gbps;
    out->gpu_overhead_s = job->overhead_ms * 1e-3;
    out->gpu_s = out->gpu_compute_s + out->gpu_transfer_s + out->gpu_overhead_s;
    out->speedup = out->cpu_s / out->gpu_s;
    return MCS_OK;
}
