/* calibrate_kernels.c - `mcsim calibrate`'s costs of every compiled kernel
 * (calibrate_kernels.h). For each kernel of the plan (kernel_plan.h) its
 * family's representative job runs warm, in this process, at each of the
 * family's step points: sizing runs find the paths at which simulate takes
 * about the target time (the first guess from the family's last kernel
 * measured, so that a heavy kernel does not run long), then rounds of runs,
 * interleaved over the points until each point's median settles, give a
 * median cost per path at each. The runs write no log. Those are fitted to
 *   cost per path = path + S step + W watch
 * (S steps, W monitored steps) by least squares in relative error, every
 * coefficient >= 0 (docs/estimator.md, "Calibration"); on the GPU, then one
 * thread's walk through a block, fixed and per path, from one-block runs of
 * two sizes (measure_walk). */
#define _GNU_SOURCE
#include "calibrate_kernels.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "backend.h"
#include "catalog.h"
#include "chunking.h"
#include "gpu_module.h"
#include "config.h"
#include "kernel_plan.h"
#include "runner.h"
#include "validate.h"
#include "../kernels/warp_rule.h"

/* The simulate time a run aims at: long enough that timer and start-up
 * costs stay under 1% (the GPU's are event-timed, per launch, and
 * subtracted), short enough that every kernel fits the time cap
 * (docs/estimator.md); the rounds of repeats: mcs_repeat_rule. */
#define TARGET_S 0.010
#define TARGET_GPU_S 0.005
#define TARGET_QUICK_S 0.003
/* GPU: a run should fill the GPU, its paths at least SATURATE times those
 * whose cost one thread's walk (the ramp) equals, so that the saturated
 * cost is measured rather than inferred through the ramp; unless its
 * simulate then takes longer than the cap (a heavy kernel at many steps:
 * sized down to the cap once measured). */
#define SATURATE 2
#define SATURATE_QUICK 1
#define GPU_CAP_S 0.015 /* 10 ms measured double philox 31% low (docs/estimator.md) */
/* --quick's cap: 8 ms, so that the narrow points (kernel_plan.h) fit in its
 * 15 s (with 10 ms and them the H200 machine's took 15.07 s, 14.96 without) */
#define GPU_CAP_QUICK_S 0.008
/* --quick, GPU: the kernels it infers from the single-precision default
 * generator's are timed at this many steps where the plan's last fit point
 * is a bare step count above it: a run that fills the GPU at 256 steps
 * takes about the 10 ms cap (one thread walks 16 paths of 256 steps), and
 * the cost per step is what the point's median leaves after the inferred
 * per-path cost, at any step count. */
#define QUICK_GPU_STEPS 64
/* GPU: a fit point's runs should reach this many blocks a SM (of
 * MCS_DEFAULT_BLOCK_SIZE paths), where the time per block has settled to
 * its steady rate: one or two a SM run at the walk's latency and a wave
 * fills in the next, and a step cost timed there came out 20-40% above the
 * steady one of heavy kernels (heston, multi-asset, mrg32k3a: the H200's
 * 10^8-path runs, bench/results/estimator/h200-waves-session18). Where a
 * point's runs cannot within the cap, it runs at fewer steps (fewer_steps),
 * at least GPU_FIT_STEPS_MIN and twice the fit point's before it
 * (wave_steps). Not --quick. */
#define GPU_WAVE_BLOCKS 6
#define GPU_FIT_STEPS_MIN 8
#define LARGER_CAPS 4
/* CPU: the fewest waves of blocks over the threads a run has (blocks made
 * smaller, down to CPU_BLOCK_MIN paths, until it does), so that every thread
 * stays busy to the end and the busiest thread's share is the mean's. */
#define CPU_WAVES 8
#define CPU_BLOCK_MIN 1024
/* A run's overrides (run_point_as): precision, generator, paths, the CPU's
 * block size, a plan point's keys (at most MCS_KERNEL_POINT_KEYS) and one
 * more. */
_Static_assert(3 + 1 + MCS_KERNEL_POINT_KEYS + 1 <= sizeof ((mcs_run_spec *)0)->overrides /
                                            sizeof ((mcs_run_spec *)0)->overrides[0],
               "mcs_run_spec's overrides: too few for a kernel run's (runner.h)");
/* Sizing: at most this many runs, growing the paths by at most 64x each. */
#define SIZING_RUNS 10
/* A CPU run's work counts at least its whole simulate phase over this, so
 * that a run is sized to at most this many times the target: where the
 * model's chunk starts leave no work in the phase (the 64-vCPU host's
 * --quick measured a warm start of 4.51 ms, more than its runs' phase),
 * growing the run brings none out, and sized on the work alone that
 * host's --quick spent 47 s in its CPU kernels, 7 still at the timer's
 * floor; and a work near 0 would guess the next points' paths far too
 * many (a loaded 2-core VM: one kernel's runs took 34 s) */
#define SIZING_PHASE_MOST 4
/* The most paths a CPU sizing run takes (a few seconds of the cheapest kernel). */
#define CPU_PATHS_MAX 68719476736.0

/* the most generators a side runs */
#define RNGS_MAX MCS_GPU_RNG_COUNT
_Static_assert(MCS_CPU_RNG_COUNT <= RNGS_MAX, "RNGS_MAX: the CPU runs more generators");

/* config_asset_s: the runs' config phases it takes the medians of, per
 * asset count (the first CONFIG_SAMPLES of each), and the most asset
 * counts a side's multi-asset runs have: a linear-factor family's
 * calibration job and its wide points' (kernel_plan.h) */
#define CONFIG_SAMPLES 512
#define CONFIG_GROUPS (MCS_WIDE_POINTS + 1)

/* A point a kernel was measured at: its overrides and work seconds per
 * path (run_point; 0: none). */
typedef struct {
    char sets[sizeof ((mcs_kernel_plan *)0)->points[0]];
    double sim_per_path;
} measured_point;

typedef struct {
    const mcs_kernel_calibration *kc;
    int gpu;
    const mcs_gpu_profile *g; /* GPU: the per-launch terms */
    const mcs_cpu_profile *cpu; /* CPU: the per-precision costs (first sizes) */
    char config[256];         /* the family's job, a memory file */
    const mcs_kernel_plan *plan; /* and its plan */
    int q, g_index;           /* precision, generator index of the side */
    mcs_rng_id rng;
    /* the family's last kernel measured: simulate seconds per path at each
     * plan point (0: none yet) and its one-step European's cost per
     * path-step (base_cost), by which a guess moves to another precision or
     * generator */
    double known[MCS_KERNEL_POINTS_MAX], known_base;
    double known_steps[MCS_KERNEL_POINTS_MAX]; /* the steps it ran each point at */
    /* simulate seconds per path at each point of each kernel (precision,
     * generator) of this family so far (mine) and of the family before it
     * when it has the same model (sibling): a sibling's kernel at a point
     * of the same overrides costs about the same, the model's step
     * weighing most (heston's 6x a European step, a 64-asset step 100x:
     * guessed from the base cost, a heavy family's first runs took that
     * many times their aim) */
    const mcs_model_type *model;
    measured_point mine[MCS_PREC_COUNT][RNGS_MAX][MCS_KERNEL_POINTS_MAX];
    measured_point sibling[MCS_PREC_COUNT][RNGS_MAX][MCS_KERNEL_POINTS_MAX];
    int runs;                 /* runs so far, and their simulate seconds */
    double simulate_s;
    /* the CPU's multi-asset runs' config phases (warm), per asset count:
     * config_asset_s is the slope of the line through their medians */
    struct {
        double assets, s[CONFIG_SAMPLES];
        int n;
    } config_runs[CONFIG_GROUPS];
    int config_groups, config_overflow;
} kernel_ctx;

/* GPU, a full calibration: runs of GPU_WAVE_BLOCKS a SM, at fewer steps
 * where need be (--quick: sized as before, within its 15 s; the rule took
 * its GPU kernels from 6.1 to 9.0 s on the H200 machine) */
static int wave_fill(const kernel_ctx *c)
{
    return c->gpu && !c->kc->quick;
}

/* A GPU run's simulate at most (unless sized past it: size_point) */
static double gpu_cap(const kernel_ctx *c)
{
    return c->kc->quick ? GPU_CAP_QUICK_S : GPU_CAP_S;
}

typedef struct {
    const char *sets;         /* the point's overrides (the plan's, or own) */
    char own[sizeof ((mcs_kernel_plan *)0)->points[0]]; /* rewritten: fewer_steps */
    double guess;             /* the first guess of its work a path where known (else 0) */
    int at;                   /* its index in the plan */
    double paths;
    double steps, watched;    /* S and W of its job */
    double normals;           /* and its normals per step */
    double sim_per_path;      /* work seconds per path of its last sizing run (run_point) */
    int sized_run;            /* 1: that run was at `paths`, per_path[0] holds it */
    double per_path[MCS_REPEATS_MAX]; /* measured seconds per path, one per round */
    int rounds;                       /* how many */
    mcs_workload w; /* GPU: its runs' workload, and their work in paths */
    double work;    /* (mcs_gpu_work_paths) that per_path is over: refit */
} point;

mcs_repeat_rule mcs_repeat_rule_make(int quick, double budget)
{
    mcs_repeat_rule r = {quick ? MCS_REPEATS_QUICK : MCS_REPEATS_MIN,
                         quick ? MCS_REPEATS_QUICK : MCS_REPEATS_MAX, mcs_now() + budget};
    return r;
}

double mcs_trimmed_spread(const double *x, int n, double *spread)
{
    double s[MCS_TRIMMED_RUNS_MAX], med, p90;
    n = n < MCS_TRIMMED_RUNS_MAX ? n : MCS_TRIMMED_RUNS_MAX;
    memcpy(s, x, (size_t)n * sizeof *s);
    mcs_quantiles(s, n, &med, &p90); /* sorts s */
    const int trim = n >= 5;
    *spread = n > 0 && med > 0 ? (s[n - 1 - trim] - s[trim]) / med : 0;
    return med;
}

int mcs_pass_to_keep(double first, double later)
{
    return later > MCS_BUSY_PASS_RATIO * first ? -1 : first > MCS_BUSY_PASS_RATIO * later ? 1 : 0;
}

int mcs_repeats_settled(const double *x, int n, const mcs_repeat_rule *rule, double now)
{
    double spread, unused, med = mcs_trimmed_spread(x, n, &spread);
    if (n < rule->min)
        return n == 2 && rule->min <= MCS_REPEATS_MIN && med > 0 && spread <= MCS_AGREED_SPREAD;
    if (n >= rule->max || now >= rule->deadline)
        return 1;
    double before = mcs_trimmed_spread(x, n - 1, &unused);
    return spread <= MCS_SETTLED_SPREAD || !(med > 0) ||
           (fabs(med - before) <= MCS_SETTLED_MOVE * med && spread <= MCS_PLAUSIBLE_SPREAD_MAX);
}

double mcs_gpu_seconds_per_path(const mcs_gpu_profile *g, const mcs_job *job,
                                const mcs_timings *t, double *work)
{
    mcs_workload w = mcs_workload_of_job(job, 0, 0);
    int q = (int)job->sim.precision, k = mcs_kernel_rng_index(1, job->sim.rng);
    double launches = (double)t->count[MCS_PHASE_SIMULATE];
    double fixed = launches * (g->launch_us + g->kernel_fixed_us[q][k]) * 1e-6;
    double e =
        mcs_gpu_work_paths(g, &w, job->sim.rng, mcs_gpu_blocks_per_sm(g, &w, job->sim.rng));
    if (work)
        *work = e;
    return fmax(0, t->seconds[MCS_PHASE_SIMULATE] - fixed) / e;
}

static mcs_status run_point_as(kernel_ctx *c, point *pt, double paths, const char *also,
                               mcs_timings *t, double *per_path, double *work, char *err,
                               size_t len);

/* One run of the point at `paths`: the seconds of its kernel's work, by
 * which runs are sized and the next points' paths guessed, and its cost
 * per path. The work is the simulate phase on the GPU; on the CPU the
 * phase less what the model puts in it whatever the paths (the chunks'
 * starts, which wake the thread team), and at least the phase over
 * SIZING_PHASE_MOST. Sized on the whole phase, --quick's 3 ms runs on the
 * 64-vCPU host of 4 H200s were mostly the team's start, the sizing went
 * down in paths as their time stayed, and 20 of its kernels came out at
 * 0 ns a path (2026-11-28). */
static mcs_status run_point(kernel_ctx *c, point *pt, double paths, double *work,
                            double *per_path, char *err, size_t len)
{
    mcs_timings t;
    return run_point_as(c, pt, paths, NULL, &t, per_path, work, err, len);
}

/* The same with one more override (`also`, or NULL), its timings into *t
 * and its work into *work (or NULL). */
static mcs_status run_point_as(kernel_ctx *c, point *pt, double paths, const char *also,
                               mcs_timings *t, double *per_path, double *work, char *err,
                               size_t len)
{
    char prec[64], rng[64], n[64], storage[256];
    mcs_override ov[MCS_KERNEL_POINT_KEYS];
    int k = mcs_overrides_split(pt->sets, storage, sizeof storage, ov, MCS_KERNEL_POINT_KEYS);
    if (k < 0) {
        snprintf(err, len, "kernel step point '%s': more than %d keys", pt->sets,
                 MCS_KERNEL_POINT_KEYS);
        return MCS_E_SOFTWARE;
    }
    snprintf(prec, sizeof prec, "simulation.precision=%s",
             mcs_named_by_id(mcs_precisions, c->q)->name);
    snprintf(rng, sizeof rng, "simulation.rng=%s", mcs_named_by_id(mcs_rngs, (int)c->rng)->name);
    snprintf(n, sizeof n, "simulation.paths=%.0f", paths);
    mcs_run_spec spec = {c->config, {prec, rng, n}, 3, c->gpu ? "gpu" : "cpu", 0, NULL};
    char block[64];
    if (!c->gpu) { /* CPU_WAVES waves of blocks over all threads */
        double bs = MCS_DEFAULT_BLOCK_SIZE;
        while (bs > CPU_BLOCK_MIN && paths < CPU_WAVES * c->cpu->threads * bs)
            bs /= 2;
        snprintf(block, sizeof block, "simulation.block_size=%.0f", bs);
        spec.overrides[spec.n_overrides++] = block;
    }
    for (int i = 0; i < k; i++)
        spec.overrides[spec.n_overrides++] = ov[i].assignment;
    if (also)
        spec.overrides[spec.n_overrides++] = also;
    mcs_job job;
    mcs_status st = mcs_run_warm(&spec, NULL, t, &job, NULL, NULL, err, len);
    if (st != MCS_OK)
        return st;
    c->runs++;
    c->simulate_s += t->seconds[MCS_PHASE_SIMULATE];
    pt->steps = job.sim.steps;
    pt->watched = mcs_job_watched_steps(&job);
    mcs_workload w = mcs_workload_of_job(&job, 0, 0);
    if (!c->gpu && w.assets > 1) { /* a sample for config_asset_s, by its asset count */
        int g = 0;
        while (g < c->config_groups && c->config_runs[g].assets != w.assets)
            g++;
        if (g == CONFIG_GROUPS) { /* said once; config_asset_s from the counts kept */
            if (!c->config_overflow)
                c->kc->progress("cpu: config phase at %.0f assets not sampled: multi-asset "
                                "runs of more than %d asset counts (CONFIG_GROUPS, "
                                "calibrate_kernels.c)", w.assets, CONFIG_GROUPS);
            c->config_overflow = 1;
        } else {
            if (g == c->config_groups)
                c->config_runs[c->config_groups++].assets = w.assets;
            if (c->config_runs[g].n < CONFIG_SAMPLES)
                c->config_runs[g].s[c->config_runs[g].n++] = t->seconds[MCS_PHASE_CONFIG];
        }
    }
    double e = 0;
    *per_path = c->gpu ? mcs_gpu_seconds_per_path(c->g, &job, t, &e)
                       : mcs_cpu_seconds_per_path(c->cpu, &w, t->seconds[MCS_PHASE_SIMULATE]);
    if (c->gpu && !also) { /* the point's own runs (not its walk's): refit */
        pt->w = w;
        pt->work = e;
    }
    if (work) /* (the CPU's at least its phase's share: SIZING_PHASE_MOST) */
        *work = c->gpu ? t->seconds[MCS_PHASE_SIMULATE]
                       : fmax(*per_path * mcs_cpu_busiest_paths(c->cpu, &w),
                              t->seconds[MCS_PHASE_SIMULATE] / SIZING_PHASE_MOST);
    return MCS_OK;
}

/* GPU: one thread's walk through a block at point pt, in paths of the
 * saturated work of `cost` (the kernel's fit, ps): a fixed part (the
 * thread's start, the block's sums) and a part per path it takes. A lone
 * block of p paths keeps each of the block's 256 threads on p / 256 paths
 * one after another; from one-block runs of WALK_SMALL and WALK_LARGE paths
 * (the faster of two each, their per-launch terms subtracted) the line
 * through the two gives both: per path (the slope) and fixed (the rest at
 * the smaller). Measured at one size (4096 paths) and scaled linearly
 * (before 2026-11-28), the walk came out 7-16% slow at 256 paths a thread
 * and 18-29% fast at 4 on the H100. Where the larger run is not the slower,
 * the larger's time a path and no fixed part; NAN where even that is 0. */
#define WALK_SMALL 1024
#define WALK_LARGE 8192
static mcs_status walk_run(kernel_ctx *c, point *pt, int block_paths, double *seconds,
                           char *err, size_t len)
{
    char block[64];
    snprintf(block, sizeof block, "simulation.block_size=%d", block_paths);
    double fastest = INFINITY, unused;
    for (int r = 0; r < 2; r++) {
        mcs_timings t;
        mcs_status st = run_point_as(c, pt, block_paths, block, &t, &unused, NULL, err, len);
        if (st != MCS_OK)
            return st;
        double fixed = t.count[MCS_PHASE_SIMULATE] *
                       (c->g->launch_us + c->g->kernel_fixed_us[c->q][c->g_index]) * 1e-6;
        fastest = fmin(fastest, t.seconds[MCS_PHASE_SIMULATE] - fixed);
    }
    *seconds = fastest;
    return MCS_OK;
}

/* One thread's walk through a block, in seconds: a part per path it takes
 * and a fixed part (walk_run's line). */
typedef struct {
    double per_path, fixed;
} walk_time;

/* measure_walk: the walk of point pt, a job of `assets` assets (the warp
 * kernel's runs go in passes: mcs_walk_paths) */
static mcs_status measure_walk(kernel_ctx *c, point *pt, double assets, walk_time *out,
                               char *err, size_t len)
{
    double small, large;
    mcs_status st;
    if ((st = walk_run(c, pt, WALK_SMALL, &small, err, len)) != MCS_OK ||
        (st = walk_run(c, pt, WALK_LARGE, &large, err, len)) != MCS_OK)
        return st;
    /* the paths a virtual thread walks, as the model counts them: on the
     * warp kernel WALK_SMALL's one group a thread is a pass of 8 */
    const int warp = mcs_gpu_runs_warp(c->model, (mcs_precision)c->q, c->rng, pt->watched, assets);
    const double k_small = mcs_walk_paths(WALK_SMALL, MCS_GPU_VTHREADS, warp),
                 k_large = mcs_walk_paths(WALK_LARGE, MCS_GPU_VTHREADS, warp);
    double per_path = (large - small) / (k_large - k_small);
    if (!(small > 0 && per_path > 0)) /* no line: the larger run's time a path, no fixed part */
        per_path = large / k_large, small = k_small * per_path;
    out->per_path = per_path;
    out->fixed = fmax(0, small - k_small * per_path);
    return MCS_OK;
}

/* The walk's profile entries (walk.KERNEL, walk_fixed.KERNEL and their wide
 * and narrow kin): its two parts, times `by`, over the saturated cost of a
 * path of pt by `cost` (the kernel's fit, ps); NAN where either is not
 * positive. */
static void walk_ratio(const walk_time *t, double by, const point *pt,
                       const mcs_kernel_cost *cost, double *walk, double *walk_fixed)
{
    double saturated = (cost->path + pt->steps * cost->step + pt->watched * cost->watch) * 1e-12;
    *walk = t->per_path > 0 && saturated > 0 ? by * t->per_path / saturated : NAN;
    *walk_fixed = isnan(*walk) ? NAN : by * t->fixed / saturated;
}

/* Paths as a run takes them: whole blocks beyond one block (so that the
 * model's whole blocks are the paths run), within the generator's and the
 * machine's limits. */
static double round_paths(const kernel_ctx *c, double n)
{
    const double bs = MCS_DEFAULT_BLOCK_SIZE;
    n = ceil(n);
    if (n > bs)
        n = ceil(n / bs) * bs;
    double most = c->gpu ? (c->rng == MCS_RNG_SOBOL ? (double)MCS_SOBOL_MAX_PATHS : 1e11)
                         : CPU_PATHS_MAX;
    return n < 1 ? 1 : n > most ? floor(most / bs) * bs : n;
}

/* The side's cost per path-step of a one-step European in this
 * precision and generator (seconds of the run, all CPU threads): the
 * profile's fallback cost. */
static double base_cost(const kernel_ctx *c)
{
    if (c->gpu)
        return c->g->kernel_path_step_ps[c->q][c->g_index] * 1e-12;
    double threads = c->cpu->threads;
    return c->cpu->path_step_ns[c->q][c->g_index] * 1e-9 /
           (threads * mcs_cpu_efficiency(c->cpu, threads));
}

/* The first guess of a point's work seconds per path (run_point): the family's
 * last kernel's at this point, moved to this precision and generator by
 * the ratio of their base costs; else this kernel's previous point's,
 * times the ratio of steps when it has more; else the base cost times the
 * point's normals per step and its steps (a model with more work per
 * step is guessed low: the sizing runs correct it). */
static double first_guess(const kernel_ctx *c, const point *pts, int p)
{
    double base = base_cost(c);
    for (int i = 0; i < MCS_KERNEL_POINTS_MAX; i++) {
        const measured_point *m = &c->sibling[c->q][c->g_index][i];
        if (m->sim_per_path > 0 && strcmp(m->sets, pts[p].sets) == 0)
            return m->sim_per_path;
    }
    if (c->known[pts[p].at] > 0 && c->known_base > 0 &&
        (!wave_fill(c) || c->known_steps[pts[p].at] == pts[p].steps))
        return c->known[pts[p].at] * base / c->known_base;
    if (p > 0 && pts[p - 1].sim_per_path > 0)
        return pts[p - 1].sim_per_path * fmax(1, pts[p].steps / pts[p - 1].steps);
    return base * fmax(1, pts[p].normals) * pts[p].steps;
}

/* The paths at which point p's work (run_point) takes about the target time and,
 * on the GPU, fills it within the cap (these sizing runs also bring the
 * kernel's code and data in): from the first guess, each run moves the
 * paths to where its own measurement says, up or down, until a run lands
 * within 1.5x of its aim; that run, at the paths kept, is the first round's. */
static mcs_status size_point(kernel_ctx *c, point *pts, int p, double target, char *err,
                             size_t len)
{
    point *pt = &pts[p];
    pt->sized_run = 0;
    double guess = pt->guess > 0 ? pt->guess : first_guess(c, pts, p), base = base_cost(c);
    double full = 0, cap = gpu_cap(c);
    if (c->gpu && base > 0) /* the paths whose saturated cost equals one launch's ramp, SATURATE times */
        full = (c->kc->quick ? SATURATE_QUICK : SATURATE) *
               ceil((double)MCS_DEFAULT_BLOCK_SIZE / MCS_GPU_VTHREADS) *
               c->g->kernel_ramp_path_step_ns[c->q][c->g_index] * 1e-9 / base;
    if (wave_fill(c) && c->g->sm_count >= 1) /* and GPU_WAVE_BLOCKS a SM */
        full = fmax(full, GPU_WAVE_BLOCKS * c->g->sm_count * (double)MCS_DEFAULT_BLOCK_SIZE);
    double n = guess > 0 ? fmax(target, fmin(full * guess, cap)) / guess : 4096;
    n = round_paths(c, n);
    double larger = 0, larger_sim = 0, larger_cost = 0; /* the last run sized down from */
    for (int i = 0; i < SIZING_RUNS; i++) {
        double sim = 0, per_path;
        mcs_status st = run_point(c, pt, n, &sim, &per_path, err, len);
        if (st != MCS_OK)
            return st;
        if (c->gpu && larger > n && per_path > 1.25 * larger_cost &&
            (!wave_fill(c) || larger_sim <= LARGER_CAPS * cap)) {
            /* sized down, its cost per path through the model's work came
             * out above the larger run's: one thread's walk set its time,
             * the GPU was not full; so the larger run it is, though past
             * the cap (Heston's walk is 6x the ramp the fill is reckoned
             * from: sized down to 4500 paths, one quick calibration
             * measured its sobol step 500x). Not the time itself: a
             * partial last block costs a whole one; unless, in a full
             * calibration, it took more than LARGER_CAPS caps: a first
             * guess far too low (a heavy family's first kernel), where
             * fewer steps (wave_steps) will fill the GPU within the cap */
            n = larger;
            pt->sim_per_path = larger_sim / larger;
            break;
        }
        if (sim > 0)
            pt->sim_per_path = sim / n;
        pt->per_path[0] = per_path;
        double want = sim > 0 ? n * target / sim : n * 64; /* to the target time */
        if (c->gpu && sim > 0) /* to a full GPU, within the cap */
            want = fmax(want, fmin(full, n * cap / sim));
        double next = round_paths(c, fmin(n * 64, fmax(n / 64, want)));
        if (next <= n * 1.5 && next >= n / 1.5) {
            pt->sized_run = 1; /* a run at the paths kept: the first round's */
            break;
        }
        if (next < n)
            larger = n, larger_sim = sim, larger_cost = per_path;
        n = next;
    }
    pt->paths = n;
    return MCS_OK;
}

/* Least squares in relative error of y = a path + S step + W watch over
 * the points, each coefficient >= 0: a column the points cannot tell
 * apart from the others (W moving with S, or two points for three
 * columns) or whose coefficient comes out negative is dropped (0).
 * Returns 1 when the step column was dropped for being negative (every
 * step costs something: implausible), else 0. */
static int fit(const double *y, const point *pts, int n, double coef[3])
{
    int use[3] = {1, 1, 1}, negative_step = 0;
    for (int tries = 0; tries < 4; tries++) {
        /* normal equations of the rows x_i / y_i against 1 */
        double a[3][4] = {{0}};
        for (int i = 0; i < n; i++) {
            double x[3] = {1 / y[i], pts[i].steps / y[i], pts[i].watched / y[i]};
            for (int r = 0; r < 3; r++) {
                for (int s = 0; s < 3; s++)
                    a[r][s] += use[r] && use[s] ? x[r] * x[s] : 0;
                a[r][3] += use[r] ? x[r] : 0;
            }
        }
        double scale = fmax(a[0][0], fmax(a[1][1], a[2][2]));
        int dropped = -1;
        for (int j = 0; j < 3 && dropped < 0; j++) { /* Gauss-Jordan on the used columns */
            if (!use[j])
                continue;
            if (!(fabs(a[j][j]) > 1e-9 * scale)) {
                dropped = j;
                break;
            }
            for (int r = 0; r < 3; r++) {
                if (r == j || !use[r])
                    continue;
                double f = a[r][j] / a[j][j];
                for (int s = 0; s < 4; s++)
                    a[r][s] -= f * a[j][s];
            }
        }
        if (dropped < 0) {
            double worst = 0;
            for (int j = 0; j < 3; j++) {
                coef[j] = use[j] ? a[j][3] / a[j][j] : 0;
                if (coef[j] < worst) {
                    worst = coef[j];
                    dropped = j;
                }
            }
            if (dropped < 0)
                return negative_step;
            negative_step |= dropped == 1;
        }
        use[dropped] = 0;
    }
    coef[0] = coef[2] = 0; /* not reached: three drops leave no column */
    coef[1] = y[n - 1] / pts[n - 1].steps;
    return negative_step;
}

/* The median cost per path of each point over its `runs` rounds (in the
 * side's unit; a cost below the timer counts 1e-6, the fit needs one), and
 * the largest trimmed spread of a point's runs (mcs_trimmed_spread). */
static double medians(const kernel_ctx *c, const point *pts, int n, int runs, double *y)
{
    const double unit = c->gpu ? 1e12 : 1e9; /* ps, ns */
    double spread = 0;
    for (int p = 0; p < n; p++) {
        double s;
        y[p] = mcs_trimmed_spread(pts[p].per_path, runs, &s) * unit;
        spread = fmax(spread, s);
        if (!(y[p] > 0))
            y[p] = 1e-6;
    }
    return spread;
}

/* The per-path and per-step costs of a job of one width from its two
 * points pt[0..1] (1 and MCS_WIDE_STEPS steps), their medians y[0..1]: the
 * step from their difference, the path what is left of the first. Each
 * width's own pair: a multi-asset kernel's per-path cost is not affine in
 * the assets (one thread of the development VM's Zen 5, single, philox:
 * 13, 73 and 650 ns a path at 2, 16 and 64 assets), so a middle point's
 * step taken after an affine path (142 ns at 16) came out a sixth of its
 * 13 ns, and an 8-asset basket ran 2.4x its prediction. */
static void pair_costs(const point *pt, const double *y, double *path, double *step)
{
    *step = fmax(0, (y[1] - y[0]) / (pt[1].steps - pt[0].steps));
    *path = fmax(0, y[0] - pt[0].steps * *step);
}

/* The per-step cost at point `at`, the last fit point's job with other
 * [model] keys run at its paths: the fitted step times the ratio of the two
 * runs' steps (their time less the fitted per-path and watch costs), what
 * the keys change, measured where the two runs differ by them alone (on
 * the H200's GPU the dear branch's ratio came out 1.55 where saturated runs
 * differ by 1.53; the difference of the two, added to the step, 1.69: the
 * runs' partial waves weigh in it). Where the fit wrote a step of 0 (it
 * wanted a negative one), the difference; NAN where a run left no time. */
static double ratio_step(const point *pts, const double *y, int n_fit, int at,
                         const mcs_kernel_cost *cost)
{
    const point *d = &pts[at], *l = &pts[n_fit - 1];
    const double base = y[n_fit - 1] - cost->path - l->watched * cost->watch,
                 other = y[at] - cost->path - d->watched * cost->watch;
    return !(base > 0 && other > 0) ? NAN
           : cost->step > 0         ? cost->step * other / base
                                    : fmax(0, (other - base) / d->steps);
}

/* Point pt at `to` steps instead of its own, or the next fewer down to
 * `least` that its job takes in the family's mode
 * (mcs_kernel_plan_fewer_steps). Returns the steps it runs at, its own
 * where none would do. */
static unsigned fewer_steps(kernel_ctx *c, point *pt, unsigned to, unsigned least)
{
    const unsigned from = (unsigned)pt->steps;
    mcs_job job;
    unsigned s = mcs_kernel_plan_fewer_steps(c->plan, pt->sets, from, to, least, pt->own,
                                             sizeof pt->own, &job);
    if (s != from) {
        pt->sets = pt->own;
        pt->steps = s;
        pt->watched = mcs_job_watched_steps(&job);
    }
    return s;
}

/* GPU: fit point p (p >= 1) sized at fewer than GPU_WAVE_BLOCKS blocks a
 * SM (the cap) runs at the steps whose runs reach them, by the line
 * through its work a path and the point before's (the per-path cost, then
 * per step), at least GPU_FIT_STEPS_MIN and twice the point before's, then
 * is sized again; 1 where it was. (The narrow points stay at theirs: at 2
 * steps the narrow step of a 5-asset sobol worst_of came out 22-32% dear,
 * its start per path weighing 4 times as much.) */
static int wave_steps(kernel_ctx *c, point *pts, int p)
{
    const double cap = gpu_cap(c);
    point *pt = &pts[p], *lo = &pts[p - 1];
    const double wave = GPU_WAVE_BLOCKS * c->g->sm_count * (double)MCS_DEFAULT_BLOCK_SIZE;
    if (!(c->g->sm_count >= 1) || pt->paths >= 0.95 * wave || !(pt->steps > lo->steps) ||
        !(pt->sim_per_path > 0 && lo->sim_per_path > 0))
        return 0;
    double step = fmax(0, (pt->sim_per_path - lo->sim_per_path) / (pt->steps - lo->steps)),
           path = fmax(0, lo->sim_per_path - step * lo->steps);
    if (!(step > 0))
        return 0;
    double to = floor((cap / wave - path) / step);
    unsigned least = (unsigned)fmax(GPU_FIT_STEPS_MIN, 2 * lo->steps);
    if (!(to < pt->steps) || pt->steps <= least)
        return 0;
    unsigned from = (unsigned)pt->steps,
             s = fewer_steps(c, pt, (unsigned)fmax(to, least), least);
    if (s == from)
        return 0;
    pt->guess = path + step * s;
    return 1;
}

/* The costs of measure()'s points from their rounds (pts[0].rounds): the
 * fit of the first n_fit (in the side's unit), the wide points' costs
 * (the n_wide after them: 0, 4 or 8; MCS_MID_ASSETS, then MCS_MOST_ASSETS
 * assets, then the narrow two, each at 1 and MCS_WIDE_STEPS steps:
 * pair_costs), the dear and variant points' per-step costs (pts[dear_at],
 * pts[variant_at] where >= 0: the last fit point's job on the model's dear
 * branch, or with its variant step, at its paths; the fitted step times
 * the two runs' ratio: ratio_step), and the largest spread of a point's
 * runs. 1 in *negative_step when the fit wanted a negative per-step cost.
 * With `given` (--quick's kernels but the first; one point, and the
 * variant point): its path, watch, wide and dear costs, the step cost from
 * the point's median, the wide and narrow steps (and narrow paths) by its
 * time there over the reference's, and the variant's by ratio_step. */
static void fit_costs(const kernel_ctx *c, const point *pts, int n, int n_fit, int n_wide,
                      int dear_at, int variant_at, const mcs_kernel_cost *given,
                      mcs_kernel_cost *cost, double *spread, int *negative_step)
{
    double y[MCS_KERNEL_POINTS_MAX];
    *spread = medians(c, pts, n, pts[0].rounds, y);
    if (given) {
        const point *last = &pts[n_fit - 1];
        double step = (y[n_fit - 1] - given->path - last->watched * given->watch) / last->steps;
        *negative_step = step < 0;
        *cost = *given;
        cost->step = fmax(0, step);
        /* the wide and narrow points' steps: the reference kernel's times this
         * kernel's measured time at the point over the reference's there, not
         * the one-step Europeans' ratio r they came with (given holds the
         * reference's costs times r): a one-step MRG32k3a European pays the
         * generator's start per path, 26.6 times Philox's on the H200, where
         * the 2-asset basket's step paid 1.9 times; so scaled, the per-thread
         * baskets of 3 to 24 assets came out +1315% (MRG32k3a) and +161%
         * (double), 17% and 17% by the step's ratio (median, warm GPU
         * simulate, 2026-11-29). The whole time's ratio, not the step's: one
         * point's split into path and step leans on the inferred path. */
        const double there = given->path + last->steps * given->step +
                             last->watched * given->watch;
        if (there > 0 && y[n_fit - 1] > 0) {
            const double k = y[n_fit - 1] / there;
            cost->wide_step *= k;
            cost->mid_step *= k;
            cost->narrow_step *= k;
            cost->narrow_top_step *= k;
            cost->narrow_path *= k;
            cost->narrow_top_path *= k;
        }
        if (variant_at >= 0)
            cost->variant_step = ratio_step(pts, y, n_fit, variant_at, cost);
        return;
    }
    double coef[3];
    *negative_step = fit(y, pts, n_fit, coef);
    *cost = (mcs_kernel_cost){.path = coef[0], .step = coef[1], .watch = coef[2],
                              .dear_step = NAN, .variant_step = NAN};
    if (dear_at >= 0)
        cost->dear_step = ratio_step(pts, y, n_fit, dear_at, cost);
    if (variant_at >= 0)
        cost->variant_step = ratio_step(pts, y, n_fit, variant_at, cost);
    _Static_assert(MCS_WIDE_POINTS == 8,
                   "fit_costs: the middle pair, the widest, then the two narrow pairs");
    /* the wide points, each pair's path and step from their difference
     * (the narrow pairs where measured: n_wide 8; a narrow point's time
     * less the calibration job's path over its steps, as until 2026-11-29,
     * put the H200's 5-asset best-of and basket of one step 9-14% fast
     * where 1 and 8 steps fit 20M-path runs within 1% at 1 to 16 steps) */
    if (n_wide >= 4) {
        pair_costs(&pts[n_fit], y + n_fit, &cost->mid_path, &cost->mid_step);
        pair_costs(&pts[n_fit + 2], y + n_fit + 2, &cost->wide_path, &cost->wide_step);
    }
    if (n_wide == MCS_WIDE_POINTS) {
        pair_costs(&pts[n_fit + 4], y + n_fit + 4, &cost->narrow_path, &cost->narrow_step);
        pair_costs(&pts[n_fit + 6], y + n_fit + 6, &cost->narrow_top_path,
                   &cost->narrow_top_step);
    }
}

/* The kernel's measurement: sizes, rounds of interleaved runs (one of each
 * point per round, until every point's median settles: `rule`), then
 * their costs (fit_costs, whose arguments these are). */
static mcs_status measure(kernel_ctx *c, point *pts, int n, int n_fit, int n_wide, int dear_at,
                          int variant_at, const mcs_repeat_rule *rule,
                          const mcs_kernel_cost *given, mcs_kernel_cost *cost, double *spread,
                          int *negative_step, char *err, size_t len)
{
    double target = c->kc->quick ? TARGET_QUICK_S : c->gpu ? TARGET_GPU_S : TARGET_S, sim;
    mcs_status st;
    unsigned fit_steps = (unsigned)pts[n_fit - 1].steps; /* the last fit point's, as planned */
    for (int p = 0; p < n; p++) {
        if (p == dear_at || p == variant_at)
            continue;
        const double known = c->known_steps[pts[p].at];
        const int fit = p > 0 && p < n_fit;
        if (wave_fill(c) && fit && known > 0 && known < pts[p].steps)
            fewer_steps(c, &pts[p], (unsigned)known, (unsigned)known); /* as the family's last */
        if ((st = size_point(c, pts, p, target, err, len)) != MCS_OK)
            return st;
        if (wave_fill(c) && fit && wave_steps(c, pts, p) &&
            (st = size_point(c, pts, p, target, err, len)) != MCS_OK)
            return st;
    }
    const int ratio_at[2] = {dear_at, variant_at};
    for (int r = 0; r < 2; r++)
        if (ratio_at[r] >= 0) { /* at the last fit point's paths and steps: the same waves
                                 * and walk, so that the two runs' costs differ by the keys
                                 * alone */
            point *pt = &pts[ratio_at[r]];
            if (pts[n_fit - 1].steps != fit_steps &&
                fewer_steps(c, pt, (unsigned)pts[n_fit - 1].steps,
                            (unsigned)pts[n_fit - 1].steps) != pts[n_fit - 1].steps) {
                snprintf(err, len, "the %s point '%s' does not run at the fit point's %g steps",
                         r ? "variant" : "dear", pt->sets, pts[n_fit - 1].steps);
                return MCS_E_SOFTWARE;
            }
            pt->paths = pts[n_fit - 1].paths;
            pt->sized_run = 0;
        }
    int runs = 0, settled = 0;
    while (!settled) {
        for (int p = 0; p < n; p++) /* rounds outermost: noise hits one run of each point */
            if (!(runs == 0 && pts[p].sized_run) && /* the last sizing run is the first */
                (st = run_point(c, &pts[p], pts[p].paths, &sim, &pts[p].per_path[runs], err,
                                len)))
                return st;
        runs++;
        settled = 1;
        pts[0].rounds = runs;
        for (int p = 0; p < n; p++)
            settled &= mcs_repeats_settled(pts[p].per_path, runs, rule, mcs_now());
    }
    fit_costs(c, pts, n, n_fit, n_wide, dear_at, variant_at, given, cost, spread, negative_step);
    return MCS_OK;
}

/* The position in pts[0..n) of the plan's point `at`, -1 where not measured. */
static int position_of(const point *pts, int n, int at)
{
    for (int i = 0; i < n; i++)
        if (pts[i].at == at)
            return i;
    return -1;
}

/* 1 where the kernel of c (side, model, precision, generator) measures the
 * plan's narrow points: on the GPU, where the narrow ones' jobs run the
 * per-thread kernel (`watched`: the calibration job's monitored steps),
 * whichever kernel the middle point's runs (the warp kernel in single with
 * Philox or Sobol; the per-thread one in double, with MRG32k3a or a
 * watched step, where the quadratic through the wide points alone put the
 * 5- and 9-asset baskets' GPU simulate 13% fast in double and 19% slow with
 * MRG32k3a, H200, 2026-11-29). */
static int has_narrow(const kernel_ctx *c, double watched)
{
    return c->gpu && c->model->linear_factor &&
           !mcs_gpu_runs_warp(c->model, (mcs_precision)c->q, c->rng, watched,
                              MCS_NARROW_TOP_ASSETS);
}

/* A point of the plan with its job's steps and monitored steps; the job
 * itself into *job. */
static mcs_status point_job(const mcs_kernel_plan *plan, const char *sets, point *pt,
                            mcs_job *job, char *err, size_t len)
{
    mcs_status st = mcs_kernel_plan_point_job(plan, sets, job, err, len);
    pt->sets = sets;
    pt->sim_per_path = 0;
    pt->sized_run = 0;
    pt->steps = st == MCS_OK ? job->sim.steps : 1;
    pt->watched = st == MCS_OK ? mcs_job_watched_steps(job) : 0;
    pt->normals = st == MCS_OK ? mcs_job_normals(job) : 1;
    return st;
}

/* A kernel's walks as timed (measure_walks): at its last fit point as
 * planned, and at its widest, narrow top, middle and sparsest points where
 * it has them (else NULL), and its place in the profile's tables. */
typedef struct {
    walk_time own, wide, narrow, mid, sparse;
    point *planned, *widest, *top, *middle, *sparsest;
    int f, q, k;
} kernel_walks;

/* Its profile entries (walk_ratio): the times x `by` over the saturated
 * cost of a path by `cost` at each point (the wide point's by the wide
 * costs, the narrow top point's by its narrow path and step,
 * the middle point's by the middle costs). */
static void set_walks(const kernel_walks *kw, const mcs_kernel_cost *cost, double by,
                      mcs_gpu_profile *g)
{
    const int f = kw->f, q = kw->q, k = kw->k;
    walk_ratio(&kw->own, by, kw->planned, cost, &g->walk[f][q][k], &g->walk_fixed[f][q][k]);
    if (kw->widest) {
        const mcs_kernel_cost wide = {.path = cost->wide_path, .step = cost->wide_step};
        walk_ratio(&kw->wide, by, kw->widest, &wide, &g->walk_wide[f][q][k],
                   &g->walk_fixed_wide[f][q][k]);
    }
    if (kw->top) {
        double p6, p12; /* the top point's path as the model takes it */
        const mcs_kernel_cost top = {.path = mcs_narrow_paths(cost, &p6, &p12) ? p12 : cost->path,
                                     .step = cost->narrow_top_step};
        walk_ratio(&kw->narrow, by, kw->top, &top, &g->walk_narrow[f][q][k],
                   &g->walk_fixed_narrow[f][q][k]);
    }
    if (kw->middle) {
        const mcs_kernel_cost mid = {.path = cost->mid_path, .step = cost->mid_step};
        walk_ratio(&kw->mid, by, kw->middle, &mid, &g->walk_mid[f][q][k],
                   &g->walk_fixed_mid[f][q][k]);
    }
    if (kw->sparsest)
        walk_ratio(&kw->sparse, by, kw->sparsest, cost, &g->walk_sparse[f][q][k],
                   &g->walk_fixed_sparse[f][q][k]);
}

/* GPU, a full calibration: the kernel's walks, then its costs again with
 * them (measure()'s points, fit_costs' arguments, the fit in *cost). The
 * walks: at the last fit point as planned (walk.KERNEL, walk_fixed.KERNEL;
 * at those steps, where the point ran at fewer (wave_steps): one thread's
 * walk at 8 steps against its saturated cost came out 10-34% off, the
 * H200's 52- and 16-step baskets of one block a SM, 2026-11-28), at the
 * widest point where the kernel has wide costs (walk_wide, walk_fixed_wide)
 * and at the narrow top point where it has narrow ones (walk_narrow,
 * walk_fixed_narrow, at its planned steps as the wide point's: model.c),
 * and at the middle wide point where that runs the per-thread kernel
 * (walk_mid, walk_fixed_mid: the 24-asset basket in double or MRG32k3a,
 * whose walk took as many of its saturated paths as the 64-asset one's,
 * came out 20% and 55% slow on the line from the 2-asset job's, H200,
 * 2026-11-29), and at the fit point (as planned) that watches the fewest of
 * its steps where that is fewer than the last one's (walk_sparse,
 * walk_fixed_sparse: an Asian's loop that asks which steps it watches; timed
 * on the loop that watches all, the geometric GBM Asian of 52 fixings of
 * 260 steps came out 12% slow and the Bachelier one of 12 of 252 14% fast,
 * H200, 2026-11-29).
 * Each is timed in seconds and written over the fitted saturated cost of
 * a path there. The model ends a run with a walk (model.c launch_work:
 * (j - 1.25) blocks and a walk, at least a walk a round of resident
 * blocks), so that the points' costs, first fitted through the ramp's walk
 * (the generator's, not the kernel's), move by the difference over their
 * blocks a SM: REFITS times, the points' runs go through the model's work
 * again with the walks over the last fit's costs, and are fitted again;
 * each time a point's cost moves by the walk's share of its work less
 * than before. Not a point whose work is all walk (WALK_BOUND of it: rounds
 * of walks, or a lone block a SM longer than a block's work): its time is
 * c x the walk in paths whatever c, so that it says nothing of c and,
 * rescaled, would move c by its time over the walks each time. *line:
 * what the walks came to. */
#define REFITS 4
#define WALK_BOUND 0.9
static mcs_status measure_walks(kernel_ctx *c, const mcs_kernel_plan *plan, int f, point *pts,
                                int n, int n_wide, int dear_at, int variant_at,
                                mcs_gpu_profile *walks, mcs_kernel_cost *cost, double *spread,
                                int *negative_step, char *line, size_t line_len, char *err,
                                size_t len)
{
    const int n_fit = plan->n_fit, q = c->q, k = c->g_index;
    point planned = {0}, sparse = {0};
    kernel_walks kw = {.f = f, .q = q, .k = k, .planned = &planned,
                       .widest = cost->wide_step > 0 ? &pts[n_fit + 3] : NULL,
                       .top = n_wide == MCS_WIDE_POINTS && cost->narrow_top_step > 0
                                  ? &pts[n_fit + MCS_WIDE_POINTS - 1]
                                  : NULL,
                       .middle = cost->mid_step > 0 &&
                                         !mcs_gpu_runs_warp(c->model, (mcs_precision)q, c->rng,
                                                            pts[n_fit + 1].watched,
                                                            MCS_MID_ASSETS)
                                     ? &pts[n_fit + 1]
                                     : NULL};
    mcs_job job;
    mcs_status st = point_job(plan, plan->points[n_fit - 1], &planned, &job, err, len);
    const double assets = mcs_assets_of_normals(c->model, pts[n_fit - 1].normals);
    if (st == MCS_OK)
        st = measure_walk(c, &planned, assets, &kw.own, err, len);
    /* the fit point, as planned, that watches the fewest of its steps */
    for (int p = 0; st == MCS_OK && p < n_fit - 1; p++) {
        point pt = {0};
        st = point_job(plan, plan->points[p], &pt, &job, err, len);
        if (st == MCS_OK && pt.watched * (kw.sparsest ? kw.sparsest->steps : planned.steps) <
                                (kw.sparsest ? kw.sparsest->watched : planned.watched) * pt.steps) {
            sparse = pt;
            kw.sparsest = &sparse;
        }
    }
    if (st == MCS_OK && kw.sparsest)
        st = measure_walk(c, kw.sparsest, mcs_assets_of_normals(c->model, kw.sparsest->normals),
                          &kw.sparse, err, len);
    if (st == MCS_OK && kw.widest) /* (at MCS_WIDE_STEPS) */
        st = measure_walk(c, kw.widest, MCS_MOST_ASSETS, &kw.wide, err, len);
    if (st == MCS_OK && kw.top)
        st = measure_walk(c, kw.top, MCS_NARROW_TOP_ASSETS, &kw.narrow, err, len);
    if (st == MCS_OK && kw.middle) /* (at MCS_WIDE_STEPS) */
        st = measure_walk(c, kw.middle, MCS_MID_ASSETS, &kw.mid, err, len);
    if (st != MCS_OK)
        return st;
    for (int r = 0; r < REFITS; r++) {
        double work[MCS_KERNEL_POINTS_MAX], longer[MCS_KERNEL_POINTS_MAX];
        for (int w = 1; w >= 0; w--) { /* the points' work with walks 1% longer, then as timed */
            set_walks(&kw, cost, w ? 1.01 : 1.0, walks);
            for (int p = 0; p < n; p++)
                (w ? longer : work)[p] = mcs_gpu_work_paths(
                    c->g, &pts[p].w, c->rng, mcs_gpu_blocks_per_sm(c->g, &pts[p].w, c->rng));
        }
        for (int p = 0; p < n; p++) {
            point *pt = &pts[p];
            const double walk_share = (longer[p] / work[p] - 1) / 0.01;
            if (!(work[p] > 0 && pt->work > 0) || walk_share > WALK_BOUND)
                continue;
            for (int i = 0; i < pts[0].rounds; i++)
                pt->per_path[i] *= pt->work / work[p];
            pt->work = work[p];
        }
        fit_costs(c, pts, n, n_fit, n_wide, dear_at, variant_at, NULL, cost, spread,
                  negative_step);
    }
    set_walks(&kw, cost, 1.0, walks); /* over the last fit's costs */
    int at = snprintf(line, line_len, "; walk %.4g paths + %.4g a path",
                      walks->walk_fixed[f][q][k], walks->walk[f][q][k]);
    if (at >= 0 && (size_t)at < line_len && kw.widest)
        at += snprintf(line + at, line_len - (size_t)at, ", at %d assets %.4g + %.4g a path",
                       MCS_MOST_ASSETS, walks->walk_fixed_wide[f][q][k],
                       walks->walk_wide[f][q][k]);
    if (at >= 0 && (size_t)at < line_len && kw.top)
        at += snprintf(line + at, line_len - (size_t)at, ", at %d assets %.4g + %.4g a path",
                       MCS_NARROW_TOP_ASSETS, walks->walk_fixed_narrow[f][q][k],
                       walks->walk_narrow[f][q][k]);
    if (at >= 0 && (size_t)at < line_len && kw.middle)
        at += snprintf(line + at, line_len - (size_t)at, ", at %d assets %.4g + %.4g a path",
                       MCS_MID_ASSETS, walks->walk_fixed_mid[f][q][k], walks->walk_mid[f][q][k]);
    if (at >= 0 && (size_t)at < line_len && kw.sparsest)
        snprintf(line + at, line_len - (size_t)at, ", watching %g of %g steps %.4g + %.4g a path",
                 kw.sparsest->watched, kw.sparsest->steps, walks->walk_fixed_sparse[f][q][k],
                 walks->walk_sparse[f][q][k]);
    return MCS_OK;
}

/* Every kernel of one side into `table` ([family][precision][generator]). */
static mcs_status calibrate_side(const mcs_kernel_calibration *kc, const mcs_cpu_profile *cpu,
                                 const mcs_gpu_profile *g, mcs_kernel_cost *table,
                                 mcs_gpu_profile *walks, double *config_asset_s,
                                 double *worst_spread, char *err, size_t len)
{
    const int gpu = g != NULL;
    kernel_ctx c = {.kc = kc, .gpu = gpu, .g = g, .cpu = cpu};
    const int rngs = mcs_kernel_rng_count(gpu);
    const char *side = gpu ? "gpu" : "cpu", *unit = gpu ? "ps" : "ns";
    double t0 = mcs_now();
    int kernels = 0, inferred = 0;
    const int planned = mcs_kernel_family_count() * MCS_PREC_COUNT * rngs;
    *worst_spread = 0;
    for (int f = 0; f < mcs_kernel_family_count(); f++) {
        mcs_kernel_plan plan;
        mcs_status st = mcs_kernel_plan_make(f, &plan, err, len);
        if (st != MCS_OK)
            return st;
        memset(c.known, 0, sizeof c.known); /* a new family: no guess from the last */
        memset(c.known_steps, 0, sizeof c.known_steps);
        c.known_base = 0;
        const mcs_kernel_family *fam = mcs_kernel_family_get(f);
        /* the last family's measurements: guesses where it has this model */
        if (c.model == fam->model)
            memcpy(c.sibling, c.mine, sizeof c.sibling);
        else
            memset(c.sibling, 0, sizeof c.sibling);
        c.model = fam->model;
        c.plan = &plan;
        memset(c.mine, 0, sizeof c.mine);
        int fd = mcs_text_as_file(plan.config, c.config, sizeof c.config);
        if (fd < 0) {
            snprintf(err, len, "kernel %s: %s", mcs_kernel_family_get(f)->name, c.config);
            return MCS_E_IO;
        }
        for (c.q = 0; c.q < MCS_PREC_COUNT && st == MCS_OK; c.q++)
            for (c.g_index = 0; c.g_index < rngs && st == MCS_OK; c.g_index++) {
                c.rng = mcs_kernel_rng(gpu, c.g_index);
                char name[MCS_KERNEL_NAME_MAX];
                mcs_kernel_name(f, c.q, c.rng, name, sizeof name);
                mcs_kernel_cost *slot = &table[((size_t)f * MCS_PREC_COUNT + c.q) * rngs + c.g_index];
                /* --quick, any kernel but the single-precision default generator's:
                 * its last step point only; its path, watch and wide costs that
                 * kernel's times the ratio of the two's fallback costs (a one-step
                 * European's), the wide and narrow steps then by its measured time
                 * at its point over that kernel's there instead (fit_costs), its dear
                 * step its measured step times that kernel's dear step over its step
                 * (dear_ratio); its variant point measured */
                mcs_kernel_cost given, *infer = NULL;
                double dear_ratio = NAN;
                int first = 0;
                if (kc->quick && (c.q > 0 || c.g_index > 0)) {
                    const mcs_kernel_cost *ref = slot - (c.q * rngs + c.g_index);
                    double r = gpu ? g->kernel_path_step_ps[c.q][c.g_index] /
                                         g->kernel_path_step_ps[0][0]
                                   : cpu->path_step_ns[c.q][c.g_index] / cpu->path_step_ns[0][0];
                    given = *ref; /* (its step: fit_costs) */
                    mcs_kernel_cost_scale(&given, r);
                    given.dear_step = given.variant_step = NAN;
                    dear_ratio = ref->step > 0 ? ref->dear_step / ref->step : NAN;
                    infer = &given;
                    first = plan.n_fit - 1;
                    inferred++;
                }
                /* the points measured: every point of the plan, the narrow ones
                 * only where this kernel has them (has_narrow); --quick's inferred
                 * kernels their last fit point, and the variant point where the
                 * model has one (its own ratio: heston's Euler costs a third of
                 * QE's step in double, 1.1 times in single) */
                const int planned_points = infer ? 1 + (plan.variant > 0) : plan.n_points,
                          narrow_at = plan.n_wide == MCS_WIDE_POINTS /* the wide points' last four */
                                          ? plan.n_fit + MCS_WIDE_POINTS - 4
                                          : -1;
                int measured = 0, n_wide = plan.n_wide, keep_narrow = 1;
                point pts[MCS_KERNEL_POINTS_MAX];
                memset(pts, 0, sizeof pts);
                mcs_job job;
                char quick_sets[sizeof plan.points[0]], quick_variant[2 * sizeof plan.points[0]];
                for (int i = 0; i < planned_points && st == MCS_OK; i++) {
                    const int p = !infer ? i : i == 0 ? first : plan.variant;
                    if (!infer && narrow_at >= 0 && p >= narrow_at && p < narrow_at + 4) {
                        if (p == narrow_at) /* (after the fit points) */
                            keep_narrow = has_narrow(&c, pts[plan.n_fit - 1].watched);
                        if (!keep_narrow) {
                            n_wide = MCS_WIDE_POINTS - 4;
                            continue;
                        }
                    }
                    point *pt = &pts[measured++];
                    const char *sets = plan.points[p];
                    unsigned steps;
                    char more;
                    if (infer && i == 0 && gpu &&
                        sscanf(sets, "simulation.steps=%u%c", &steps, &more) == 1 &&
                        steps > QUICK_GPU_STEPS) {
                        snprintf(quick_sets, sizeof quick_sets, "simulation.steps=%d",
                                 QUICK_GPU_STEPS);
                        if (point_job(&plan, quick_sets, pt, &job, err, len) == MCS_OK &&
                            mcs_job_kernel_mode(&job) == fam->mode)
                            sets = quick_sets; /* else the plan's: another mode there */
                    }
                    if (infer && i == 1) { /* the variant at the fit point measured */
                        snprintf(quick_variant, sizeof quick_variant, "%s %s", pts[0].sets,
                                 fam->model->variant_sets);
                        sets = quick_variant;
                    }
                    st = point_job(&plan, sets, pt, &job, err, len);
                    pt->at = p;
                }
                if (infer && !has_narrow(&c, pts[0].watched))
                    given.narrow_step = given.narrow_top_step = given.narrow_path =
                        given.narrow_top_path = 0;
                const double t_kernel = mcs_now();
                const int runs_before = c.runs;
                /* rounds beyond the minimum while this kernel's share of the budget lasts */
                mcs_repeat_rule rule = mcs_repeat_rule_make(kc->quick, 0);
                rule.deadline = fmin(t0 + kc->budget * (kernels + 1) / planned, kc->until);
                if (infer && gpu) /* --quick's inferred GPU kernels: the sizing run that
                                   * landed (event-timed GPU runs of a kernel agree
                                   * within 1% in these logs) */
                    rule.min = rule.max = 1;
                double best = 0;
                int negative = 0;
                mcs_kernel_cost kept = {.dear_step = NAN, .variant_step = NAN};
                const int dear_at = infer || !plan.dear ? -1
                                                        : position_of(pts, measured, plan.dear),
                          variant_at =
                              !plan.variant ? -1 : position_of(pts, measured, plan.variant);
                for (int a = 0; st == MCS_OK && a < (kc->quick ? 1 : MCS_CALIBRATE_ATTEMPTS) &&
                                (a == 0 || negative); a++) {
                    if (a)
                        kc->progress("%s: kernel %s: the fit wants a negative cost per step: "
                                     "measuring again", side, name);
                    st = measure(&c, pts, measured, infer ? 1 : plan.n_fit, infer ? 0 : n_wide,
                                 dear_at, variant_at, &rule, infer, &kept, &best, &negative, err,
                                 len);
                }
                char walk[224] = "";
                if (st == MCS_OK && walks && !kc->quick) /* --quick: the generator's ramp */
                    st = measure_walks(&c, &plan, f, pts, measured, n_wide, dear_at, variant_at,
                                       walks, &kept, &best, &negative, walk, sizeof walk, err,
                                       len);
                if (st != MCS_OK)
                    break;
                if (infer)
                    kept.dear_step = kept.step * dear_ratio;
                for (int p = 0; p < measured; p++) { /* the next kernels' guesses */
                    measured_point *m = &c.mine[c.q][c.g_index][pts[p].at];
                    snprintf(m->sets, sizeof m->sets, "%s", pts[p].sets);
                    c.known[pts[p].at] = m->sim_per_path = pts[p].sim_per_path;
                    c.known_steps[pts[p].at] = pts[p].steps;
                }
                c.known_base = base_cost(&c);
                *slot = kept;
                *worst_spread = fmax(*worst_spread, best);
                kernels++;
                char occupancy[96] = "", wide[224] = "";
                if (kept.wide_step > 0) {
                    int at = snprintf(wide, sizeof wide, "; at %d assets %.4g per path + %.4g "
                                      "per step, at %d %.4g + %.4g", MCS_MID_ASSETS,
                                      kept.mid_path, kept.mid_step, MCS_MOST_ASSETS,
                                      kept.wide_path, kept.wide_step);
                    if (kept.narrow_step > 0 && at > 0 && (size_t)at < sizeof wide)
                        snprintf(wide + at, sizeof wide - (size_t)at, "; per-thread kernel "
                                 "at %d assets %.4g per path + %.4g per step, at %d %.4g + %.4g",
                                 MCS_NARROW_ASSETS, kept.narrow_path, kept.narrow_step,
                                 MCS_NARROW_TOP_ASSETS, kept.narrow_top_path,
                                 kept.narrow_top_step);
                }
                else if (kept.dear_step > 0 || kept.variant_step > 0) /* (not NAN) */
                    snprintf(wide, sizeof wide, "; %.4g per step on the dear branch, %.4g "
                             "with %s", kept.dear_step, kept.variant_step,
                             c.model->variant_sets ? c.model->variant_sets : "no variant");
                if (gpu) {
                    int at = snprintf(occupancy, sizeof occupancy, "; %g blocks per SM",
                                      g->blocks_per_sm[f][c.q][c.g_index]);
                    const point *last = &pts[(infer ? 1 : plan.n_fit) - 1];
                    if (last->sets == last->own && at > 0 && (size_t)at < sizeof occupancy)
                        snprintf(occupancy + at, sizeof occupancy - (size_t)at,
                                 "; last fit point at %g steps (%d blocks a SM)", last->steps,
                                 GPU_WAVE_BLOCKS);
                }
                char inferred_at[96];
                snprintf(inferred_at, sizeof inferred_at,
                         "; path and watch inferred, one step point (%g steps)", pts[0].steps);
                kc->progress("%s: kernel %s: %.4g %s per path + %.4g per step + %.4g per "
                             "monitored step%s (%d rounds, within %.0f%%; %d runs in %.2f s)%s%s%s%s",
                             side, name, kept.path, unit, kept.step, kept.watch, wide,
                             pts[0].rounds, 100 * best, c.runs - runs_before, mcs_now() - t_kernel,
                             infer ? inferred_at : "", occupancy,
                             walk, negative ? "; per-step cost negative, written 0" : "");
                if (st == MCS_OK && kc->between)
                    st = kc->between(kc->user, err, len);
            }
        close(fd);
        if (st != MCS_OK)
            return st;
    }
    kc->progress("%s: %d kernels measured in %.1f s: %d runs, %.1f s of them simulating "
                 "(%.0f s for rounds beyond the first %d)%s",
                 side, kernels, mcs_now() - t0, c.runs, c.simulate_s, kc->budget,
                 kc->quick ? MCS_REPEATS_QUICK : MCS_REPEATS_MIN,
                 inferred ? "; --quick: all but the single-precision default generator's at "
                            "their last step point, their per-path costs inferred" : "");
    if (config_asset_s && c.config_groups >= 2) {
        /* the least-squares line through each asset count's median */
        double x[CONFIG_GROUPS], y[CONFIG_GROUPS], unused, a, b;
        char line[512] = "";
        for (int g = 0; g < c.config_groups; g++) {
            x[g] = c.config_runs[g].assets;
            mcs_quantiles(c.config_runs[g].s, c.config_runs[g].n, &y[g], &unused); /* sorts */
            size_t used = strlen(line);
            snprintf(line + used, sizeof line - used, "%s%.3g ms at %.0f assets (%d runs)",
                     g ? ", " : "", 1e3 * y[g], x[g], c.config_runs[g].n);
        }
        *config_asset_s = mcs_line_fit(x, y, NULL, c.config_groups, &a, &b) ? fmax(0, b) : 0;
        kc->progress("%s: config phase, medians: %s: %.3g us an asset (config_asset_s, the "
                     "line through them)", side, line, 1e6 * *config_asset_s);
    }
    return MCS_OK;
}

mcs_status mcs_calibrate_cpu_kernels(const mcs_kernel_calibration *kc, mcs_cpu_profile *cpu,
                                     char *err, size_t err_len)
{
    double spread;
    mcs_status st =
        calibrate_side(kc, cpu, NULL, &cpu->kernel_ns[0][0][0], NULL, &cpu->config_asset_s,
                       &spread, err, err_len);
    if (st == MCS_OK)
        cpu->repeat_spread = fmax(isnan(cpu->repeat_spread) ? 0 : cpu->repeat_spread, spread);
    return st;
}

/* Every GPU kernel's resident blocks per SM at MCS_GPU_VTHREADS threads a
 * block (the CUDA occupancy API, through the module) into
 * gpu->blocks_per_sm: the kernel of its family's job at the plan's last
 * fit point (the many-step loop most jobs run), in each precision and
 * generator; and the SM count into gpu->sm_count. One line says what they
 * came to. */
static mcs_status occupancies(const mcs_kernel_calibration *kc, mcs_gpu_profile *gpu, char *err,
                              size_t len)
{
    const mcs_gpu_module *m = mcs_gpu_module_get();
    if (!m || !m->occupancy) {
        snprintf(err, len, "the GPU module has no occupancy query (another version's?)");
        return MCS_E_UNAVAILABLE;
    }
    int least = 1 << 30, most = 0, sms = 0, n = 0;
    char least_name[MCS_KERNEL_NAME_MAX] = "", most_name[MCS_KERNEL_NAME_MAX] = "";
    for (int f = 0; f < mcs_kernel_family_count(); f++) {
        mcs_kernel_plan plan;
        point pt;
        mcs_job job;
        mcs_status st = mcs_kernel_plan_make(f, &plan, err, len);
        if (st == MCS_OK)
            st = point_job(&plan, plan.points[plan.n_fit - 1], &pt, &job, err, len);
        if (st != MCS_OK)
            return st;
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int g = 0; g < MCS_GPU_RNG_COUNT; g++) {
                int blocks = 0;
                job.sim.precision = (mcs_precision)q;
                job.sim.rng = mcs_kernel_rng(1, g);
                int e = m->occupancy(&job, 0, MCS_GPU_VTHREADS, &blocks, &sms);
                char name[MCS_KERNEL_NAME_MAX];
                mcs_kernel_name(f, q, job.sim.rng, name, sizeof name);
                if (e || blocks < 1) {
                    snprintf(err, len, "kernel %s: the occupancy query failed (CUDA error %d, %d "
                             "blocks per SM)", name, e, blocks);
                    return MCS_E_UNAVAILABLE;
                }
                gpu->blocks_per_sm[f][q][g] = blocks;
                if (blocks < least)
                    least = blocks, snprintf(least_name, sizeof least_name, "%s", name);
                if (blocks > most)
                    most = blocks, snprintf(most_name, sizeof most_name, "%s", name);
                n++;
            }
    }
    gpu->sm_count = sms;
    kc->progress("gpu: occupancy of %d kernels at %d threads a block (CUDA occupancy API): %d "
                 "(%s) to %d (%s) blocks per SM, x %d SMs; profile keys blocks_per_sm.KERNEL",
                 n, MCS_GPU_VTHREADS, least, least_name, most, most_name, sms);
    return MCS_OK;
}

mcs_status mcs_calibrate_gpu_kernels(const mcs_kernel_calibration *kc, mcs_gpu_profile *gpu,
                                     char *err, size_t err_len)
{
    double spread;
    mcs_status st = occupancies(kc, gpu, err, err_len);
    return st != MCS_OK ? st
                        : calibrate_side(kc, NULL, gpu, &gpu->kernel_ps[0][0][0], gpu, NULL,
                                         &spread, err, err_len);
}
