/* calibrate.c - `mcsim calibrate`: measure this machine's costs for every
 * term of the estimator's model (docs/estimator.md) and write them as a
 * hardware profile. Fixed costs come from real mcsim runs (cold: fresh
 * processes; warm: in this process), so they are what a run pays. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdarg.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include "backend.h"
#include "calibrate_kernels.h"
#include "catalog.h"
#include "commands.h"
#include "profile.h"
#include "runner.h"
#include "stop.h"
#include "sysinfo.h"
#include "validate.h"
#include "chunking.h"
#include "gpu_module.h"
#include "output_path.h"

/* Fixed costs: at least this many rounds (--quick: MCS_REPEATS_QUICK).
 * They are cheap (a cold CPU round about 30 ms on the H100 host, a GPU one
 * 0.3 s) and noisy: a 16-thread team's start spread 37% over a sweep's
 * fresh runs there, where 3 rounds gave cold set-ups of 4.6 and 7.2 ms in
 * two calibrations minutes apart. 5: the median drops the fastest and the
 * slowest (mcs_trimmed_spread). */
#define FIXED_ROUNDS_MIN 5
_Static_assert(FIXED_ROUNDS_MIN <= MCS_REPEATS_MAX, "fixed-cost rounds: s[] holds MCS_REPEATS_MAX");

/* The time cap (docs/estimator.md): the seconds each stage may spend on
 * rounds beyond its minimum (mcs_repeat_rule), so that a full calibration
 * takes at most 90 s on the H100 machine (its minimum rounds about 50 s
 * there); --quick runs its fixed rounds only (15 s at most there). */
enum { STAGE_CPU_FIXED, STAGE_CPU_RATES, STAGE_CPU_SCALING, STAGE_CPU_KERNELS, STAGE_GPU_FIXED,
       STAGE_GPU_LAUNCH, STAGE_GPU_KERNELS, STAGES };
static const double stage_budget_s[STAGES] = {3, 3, 5, 5, 3, 3, 4};
#define CALIBRATE_CAP_S 90
#define CALIBRATE_CAP_QUICK_S 15

/* No round beyond the minimum after this many seconds of the whole
 * calibration either, so that re-measurements and the last stage's
 * minimum rounds (the GPU kernels', about 20 s on the H100, 31 s on the
 * H200 machine with the narrow points: 83.6-90.9 s in all there,
 * 2026-11-28, with 30 s and a GPU kernel budget of 10 s) stay within the
 * cap. */
#define EXTRAS_UNTIL_S (CALIBRATE_CAP_S - 35)

/* The CPU's fixed costs also in single rounds between the kernels, at
 * least SPREAD_EVERY_S apart, at most SPREAD_ROUNDS_MAX of them and none
 * after EXTRAS_UNTIL_S (not --quick); the profile's figure is the median
 * of those rounds and of each pass's median (cpu_fixed_final). A pass's
 * rounds run back to back and share one moment of the host: on the H200
 * machine a warm 1000-path run's log write sat at 0.47-0.50, 0.62-0.65 or
 * 0.71-0.74 ms for 0.1-1 s at a time, whatever its vCPU (taskset) or
 * address layout (setarch -R), and nine calibrations' warm writes were
 * 0.52-0.59 or 0.71-0.80 ms, one of the levels each
 * (bench/results/estimator/h200-session25). */
#define SPREAD_EVERY_S 2.0
#define SPREAD_ROUNDS_MAX 48

/* The kernel families (kernel_plan.h), as --help's list: "       a b c\n"
 * lines of at most 80 columns. */
static void print_kernel_families(FILE *f)
{
    int col = 0;
    for (int k = 0; k < mcs_kernel_family_count(); k++) {
        const char *name = mcs_kernel_family_get(k)->name;
        if (col && col + 1 + (int)strlen(name) > 80) {
            fputc('\n', f);
            col = 0;
        }
        col += fprintf(f, "%s%s", col ? " " : "       ", name);
    }
    fputc('\n', f);
}

void mcs_cmd_calibrate_help(FILE *f)
{
    char local[4200];
    if (!mcs_profile_local_path(local, sizeof local))
        snprintf(local, sizeof local, "(none here: HOME is unset; give -o)");
    fprintf(f,
            "usage: mcsim calibrate [--backend cpu|gpu|all] [-o PROFILE.ini] [--name NAME]\n"
            "                       [--quick] [--mpirun CMD] [-q]\n"
            "\n"
            "Measures this machine for the speedup estimator and writes a profile, by\n"
            "default the local profile %s, which estimate, validate and\n"
            "--backend auto use from any folder ($XDG_CONFIG_HOME/mcsim/local.ini when\n"
            "XDG_CONFIG_HOME is set; $MCSIM_PROFILE, when set, is read instead):\n"
            "  cpu: fixed costs of a run (fresh processes and repeated runs, on all\n"
            "       threads and on one block, at least %d rounds, before and after the\n"
            "       kernels, and single rounds between the kernels every %g s until\n"
            "       %d s in, not --quick, one sample of the host's moment each); a chunk's\n"
            "       start on one thread and on all; a fresh process's start and exit\n"
            "       outside its run), one thread's\n"
            "       cost per path-step for each precision and generator, parallel\n"
            "       efficiency from 1 thread to all, and one wave of as many blocks as\n"
            "       threads (its slowest thread) at each of those thread counts, each\n"
            "       wave a fresh process; the config phase's cost per asset of a\n"
            "       multi-asset model (its 64-asset kernel runs);\n"
            "  mpi: with --mpirun CMD, a rank's start-up on each backend measured: `CMD -n 1\n"
            "       mcsim ...` against the same fresh run alone (estimate --ranks adds it to\n"
            "       each rank);\n"
            "  gpu: CUDA context creation in fresh processes (and their start and exit;\n"
            "       back to back, and after a 2 s pause with no GPU process; on a host of\n"
            "       several GPUs, 2, 4, ... processes at once, one per GPU, each after\n"
            "       such a pause),\n"
            "       kernel launch latency,\n"
            "       pinned and pageable copies of 1 KB..256 MB fitted to alpha + bytes/beta,\n"
            "       kernel cost per path-step and the ramp of small grids for each precision\n"
            "       and generator;\n"
            "  kernels: every compiled kernel's cost per path, per step and per monitored\n"
            "       step (its own job at two or more step counts), in single and double, the\n"
            "       cpu with pcg64 and philox, the gpu with philox, mrg32k3a and sobol (runs\n"
            "       of 6 blocks a SM or more, a step point at fewer steps where its runs\n"
            "       cannot be within the cap; not --quick), and on the gpu one thread's\n"
            "       walk through a block, fixed and per path (one-block runs of two\n"
            "       sizes); a multi-asset model's kernels also at 16 and 64 assets (1 and\n"
            "       8 steps) and, on the gpu where the warp rule leaves fewer assets on\n"
            "       the per-thread kernel, at 6 and 12 (and its walk at 12); a model\n"
            "       whose step is dearer on a branch the data choose (heston: QE's\n"
            "       exponential branch) also at its dear point, where nearly every path\n"
            "       group pays it (dear_step_ns, dear_step_ps), and one with a variant\n"
            "       step (heston: scheme = euler) with it; the families (profile keys\n"
            "       path_ns.FAMILY_PRECISION_GENERATOR and the like):\n",
            local, FIXED_ROUNDS_MIN, SPREAD_EVERY_S, EXTRAS_UNTIL_S);
    print_kernel_families(f);
    fprintf(f,
            "Each measurement runs in interleaved rounds until its median settles: at least\n"
            "%d rounds (2 that agree within %.0f%%, where a stage asks for no more), then\n"
            "until its runs spread at most %.0f%%, or its median moved at most %.0f%% with the\n"
            "last round and they spread at most %.0f%%; at most %d rounds, and none beyond %d\n"
            "once the stage's share of the time cap (90 s on an H100 machine, --quick 15 s)\n"
            "is spent. Implausible figures (parallel efficiency above %.2f, repeats spread\n"
            "more than %.0f%%, fits off by more than %.0f%%, warm above cold, a negative cost\n"
            "per step) are measured once more (%d times in all); what stays implausible is\n"
            "written as the profile's `warning`, which estimate and validate print. Without\n"
            "a usable GPU the profile is CPU-only (no [gpu]).\n"
            "\n"
            "options (valid values):\n"
            "  --backend cpu|gpu|all  what to measure (default all: the GPU when usable);\n"
            "                         gpu keeps the [cpu] section of an existing output file\n"
            "                         (one without it: exit 78, nothing measured)\n"
            "  -o, --output FILE      where to write the profile: a regular file, never a\n"
            "                         folder, device, pipe or link, checked before\n"
            "                         measuring (its folder must exist; the default folder\n"
            "                         is created); written whole or not at all\n"
            "  --name NAME            the profile's name (default local), at most 192\n"
            "                         characters, no line break\n"
            "  --quick                measure less: %d rounds, nothing measured twice, every\n"
            "                         kernel but the single-precision default generator's\n"
            "                         at one step count (their per-path costs inferred; on\n"
            "                         the GPU in one round; no quiet-host context); the\n"
            "                         profile says quick = yes\n"
            "  --mpirun CMD           also measure an MPI rank's start-up with this launcher\n"
            "                         (words split at spaces; `-n 1` is added), e.g.\n"
            "                         --mpirun mpirun or --mpirun 'srun --mpi=pmix'; the\n"
            "                         profile's [cpu] and [gpu] mpi_start_s, which estimate\n"
            "                         --ranks adds\n"
            "  -q, --quiet            no progress or notes on stderr (errors still)\n"
            "  -h, --help             this text\n"
            "Progress on stderr; about a minute in all.\n"
            "\n"
            "The runs write their files in a private folder in $TMPDIR (default /tmp),\n"
            "removed at the end. SIGINT or SIGTERM stops the calibration and its running\n"
            "child: no profile written, nothing left, exit 130.\n"
            "\n"
            "exit codes: 0 ok, 64 usage, 69 --backend gpu without a usable GPU, 74 the\n"
            "profile cannot be written (checked first: nothing is measured then), 78\n"
            "--backend gpu and the output has no [cpu] section (also checked first), 130\n"
            "interrupted.\n",
            MCS_REPEATS_MIN, 100 * MCS_AGREED_SPREAD, 100 * MCS_SETTLED_SPREAD,
            100 * MCS_SETTLED_MOVE, 100 * MCS_PLAUSIBLE_SPREAD_MAX, MCS_REPEATS_MAX,
            MCS_REPEATS_MIN, MCS_PLAUSIBLE_EFFICIENCY_MAX, 100 * MCS_PLAUSIBLE_SPREAD_MAX,
            100 * MCS_PLAUSIBLE_FIT_MAX, MCS_CALIBRATE_ATTEMPTS, MCS_REPEATS_QUICK);
}

/* Each phase's median and spread (mcs_trimmed_spread) over the runs of one
 * kind, then the time outside every phase (MCS_FIXED_OTHER) and outside the
 * run's total (MCS_FIXED_PROCESS, cold runs), profile.h; the runs' own
 * seconds in x (pooled: pool_stats, pool_moments). */
#define FIXED_RUNS_MAX MCS_TRIMMED_RUNS_MAX /* all of them summarised */
_Static_assert(FIXED_RUNS_MAX >= MCS_REPEATS_MAX && FIXED_RUNS_MAX >= SPREAD_ROUNDS_MAX + 3,
               "phase_stats: a pass's rounds; the spread rounds, the CPU's two passes' "
               "medians and the GPU's pooled (cpu_fixed_final, pool_write)");
typedef struct {
    double median[MCS_FIXED_COLUMNS], spread[MCS_FIXED_COLUMNS];
    double x[MCS_FIXED_COLUMNS][FIXED_RUNS_MAX];
    int runs;
} phase_stats;

/* median and spread of every column from st->x's runs */
static void summarise_stats(phase_stats *st)
{
    for (int p = 0; p < MCS_FIXED_COLUMNS; p++)
        st->median[p] = mcs_trimmed_spread(st->x[p], st->runs, &st->spread[p]);
}

/* The runs of a and b as one set (as many as FIXED_RUNS_MAX holds: its
 * static assert bounds what calibrate pools), summarised. */
static phase_stats pool_stats(const phase_stats *a, const phase_stats *b)
{
    phase_stats all = *a;
    for (int i = 0; i < b->runs && all.runs < FIXED_RUNS_MAX; i++, all.runs++)
        for (int p = 0; p < MCS_FIXED_COLUMNS; p++)
            all.x[p][all.runs] = b->x[p][i];
    summarise_stats(&all);
    return all;
}

/* a's medians as one run, with a's spreads: a pass of back-to-back rounds
 * is one moment of the host (SPREAD_EVERY_S), one sample where passes and
 * single rounds pool */
static phase_stats medians_of(const phase_stats *a)
{
    phase_stats m = *a;
    m.runs = a->runs > 0;
    for (int p = 0; p < MCS_FIXED_COLUMNS; p++)
        m.x[p][0] = a->median[p];
    return m;
}

/* Moments of the host as one set (pool_stats), each column's spread the
 * larger of the spread over them and a moment's own (the runs of a pass
 * spread too, which two pass medians alone would not show). */
static phase_stats pool_moments(const phase_stats *a, const phase_stats *b)
{
    phase_stats all = pool_stats(a, b);
    for (int p = 0; p < MCS_FIXED_COLUMNS; p++)
        all.spread[p] = fmax(all.spread[p], fmax(a->runs ? a->spread[p] : 0,
                                                  b->runs ? b->spread[p] : 0));
    return all;
}

typedef struct {
    const char *self, *output, *name;
    const char *mpirun; /* --mpirun CMD: the MPI launcher whose start-up is measured */
    int cpu, gpu, quick, output_given;
    char dir[4096], config[4200], log[4200]; /* dir: in $TMPDIR */
    char default_output[4200];
    double last_spread; /* (max - min) / median of timed_run's last repeats */
    double last_fit;    /* e^worst|ln(fit/measured)| - 1 of calibrate_kernel's last fit */
    mcs_repeat_rule launch_rule; /* the GPU's per-launch terms' rounds */
    double extras_until; /* no round beyond the minimum after this (mcs_now seconds) */
    char cpu_counted_by[64]; /* what counted the cores (mcs_cpu_facts), for the source line */
    /* the CPU's fixed costs, cold, warm and on one block: the first pass's
     * rounds, then the passes' medians (cpu_fixed_again), then those and the
     * single rounds (cpu_fixed_final) */
    phase_stats cpu_cold, cpu_warm, cpu_one[2]; /* cpu_one: one block, cold and warm */
    /* the CPU's single rounds between the kernels (spread_round): cold, warm,
     * one block cold and warm; when the last one ended */
    phase_stats spread[4];
    double spread_last;
    phase_stats gpu_cold, gpu_warm; /* the GPU's fixed-cost rounds (pool_write) */
} calib;

static int quiet; /* -q: no progress */
/* The longest --mpirun command: the runner's launcher (runner.h), less the
 * " -n 1" calibrate adds */
#define MPIRUN_SUFFIX " -n 1"
#define MPIRUN_MAX (MCS_LAUNCHER_MAX - (int)sizeof MPIRUN_SUFFIX + 1)

static void progress(const char *fmt, ...)
{
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mcsim calibrate: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static mcs_repeat_rule stage_rule(const calib *c, int stage)
{
    mcs_repeat_rule r = mcs_repeat_rule_make(c->quick, stage_budget_s[stage]);
    r.deadline = fmin(r.deadline, c->extras_until);
    return r;
}

/* Measurements of a figure in all: the first and, where it is
 * implausible, one more (--quick: the first only). */
static int attempts(const calib *c)
{
    return c->quick ? 1 : MCS_CALIBRATE_ATTEMPTS;
}

/* A fixed number of rounds. */
static mcs_repeat_rule exactly(int rounds)
{
    mcs_repeat_rule r = {rounds, rounds, 0};
    return r;
}

/* The profile the fresh runs read while calibrate measures them: the
 * catalogue's reference with a stand-in cost for every kernel this build
 * has, in the private folder, named to them by MCSIM_PROFILE. Every run
 * reads the local profile to log its prediction (about 1 ms for a full
 * one on the development VM; two reads of 2.4 ms each before it was made
 * faster, outside every phase), so the fresh runs' time outside every
 * phase is measured with one of the size this calibration writes. */
static mcs_status stand_in_profile(calib *c, char *path, size_t path_len, char *err, size_t len)
{
    static mcs_profile p;
    mcs_status st = mcs_profile_find(MCS_PROFILE_REFERENCE, &p, err, len);
    if (st != MCS_OK)
        return st;
    p.has_gpu = c->gpu; /* the sections this calibration writes */
    snprintf(p.kind, sizeof p.kind, "%s", c->gpu ? "machine" : "cpu");
    const mcs_kernel_cost cost = {.path = 1, .step = 1, .dear_step = NAN};
    for (int f = 0; f < mcs_kernel_family_count(); f++)
        for (int q = 0; q < MCS_PREC_COUNT; q++) {
            for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
                p.cpu.kernel_ns[f][q][g] = cost;
            for (int g = 0; g < MCS_GPU_RNG_COUNT; g++) {
                p.gpu.kernel_ps[f][q][g] = cost;
                p.gpu.blocks_per_sm[f][q][g] = 1;
                p.gpu.walk[f][q][g] = 1;
                p.gpu.walk_fixed[f][q][g] = 0;
            }
        }
    snprintf(path, path_len, "%s/stand-in.ini", c->dir);
    return mcs_profile_save(path, &p, "# mcsim calibrate's stand-in for the profile it "
                            "measures (its fresh runs read it)\n", err, len);
}

/* The CPU's small job: max(1000, T) paths in blocks of floor(paths / T),
 * T the default thread count, so at least T blocks and a whole team (the
 * backend starts no more threads than a job has blocks; the profile's cold
 * set-up is that of a team of `threads`, its one-thread rounds give each
 * thread's start). */
static void small_cpu_shape(double *paths, double *block)
{
    const int threads = omp_get_max_threads();
    *paths = threads > 1000 ? threads : 1000;
    *block = floor(*paths / threads);
}

/* The 1000-path job of calibrate's fixed-cost and start-up runs on
 * `backend` ("cpu" or "gpu"); on the CPU in small_cpu_shape's paths and
 * blocks, the block size its last override (fixed_costs drops it for a
 * team of one). */
static mcs_run_spec small_job(const calib *c, const char *backend)
{
    if (strcmp(backend, "cpu") != 0) { /* the GPU's: default blocks */
        mcs_run_spec spec = {c->config, {"simulation.paths=1000"}, 1, backend, 0, NULL};
        return spec;
    }
    static char paths_set[48], block_set[48]; /* the same text every call */
    double paths, block;
    small_cpu_shape(&paths, &block);
    snprintf(paths_set, sizeof paths_set, "simulation.paths=%.0f", paths);
    snprintf(block_set, sizeof block_set, "simulation.block_size=%.0f", block);
    mcs_run_spec spec = {c->config, {paths_set, block_set}, 2, backend, 0, NULL};
    return spec;
}

/* Fixed costs: rounds of one fresh process (cold) and one run in this
 * process after a 10^7-path run (warm: caches as disturbed as in real use,
 * and as in a sweep), until both totals' medians settle by `rule`. A cold
 * round also gives the process's time outside its own total (its wall as
 * this process saw it, less the total: loading before main, exit after
 * the log). On the
 * CPU the two kinds are interleaved, so that a burst of noise hits one of
 * each. On the GPU every cold round comes first: a run in this process
 * keeps the CUDA driver open, and a fresh process then creates its context
 * in 0.14 s where a user's finds 0.2-0.4 s (H100, 2026-11-26); with
 * `warm_only` (a re-measurement after this process ran on the GPU) the
 * cold rounds are kept as they were. With `one` (the CPU), where the runs
 * start more than one thread, two more kinds in each round: a fresh process
 * on one thread, whose set-up against the cold one's gives each team
 * thread's start (keep_setup_thread), and the same one-block job in this
 * process; with the cold and warm kinds' team they give a chunk's start on
 * one thread and on all (keep_chunk_start); else one[0].runs is 0. */
static mcs_status fixed_costs(calib *c, const char *backend, const mcs_repeat_rule *rule,
                              int warm_only, int primed, phase_stats *cold, phase_stats *warm,
                              phase_stats one[2], char *err, size_t len)
{
    double s[4][MCS_FIXED_COLUMNS][MCS_REPEATS_MAX], wall = 0;
    /* the one-thread kind: the same paths in one block of the default size
     * (at least 1000 paths: MCS_DEFAULT_BLOCK_SIZE is 65536), so a team of
     * one in a process of the default thread count, as every job of one
     * block runs (a process started with --threads 1 set up 0.06 ms faster
     * on the H100 host: 0.12 ms against the sweeps' 0.18) */
    mcs_run_spec spec = small_job(c, backend), spec_one = spec;
    spec_one.n_overrides--; /* small_job's block size, its last override */
    mcs_run_spec larger = {c->config, {"simulation.paths=10000000"}, 1, backend, 0, NULL};
    const int gpu = strcmp(backend, "gpu") == 0;
    mcs_timings t;
    mcs_status st;
    /* unmeasured first runs, unless `primed` (the same runs came before):
     * load the binary and libraries into the page cache (cold), bring the
     * context and threads up (warm) */
    if (!primed && !warm_only &&
        (st = mcs_run_cold(c->self, &spec, c->log, &t, NULL, err, len)) != MCS_OK)
        return st;
    if (!primed && !gpu &&
        (st = mcs_run_warm(&spec, c->log, &t, NULL, NULL, NULL, err, len)) != MCS_OK)
        return st;
    /* kinds: 0 cold, 1 warm, 2 cold on one thread, 3 warm on one thread
     * (with `one`, on a team) */
    const int lone = !one || omp_get_max_threads() == 1;
    int r[4] = {0, 0, 0, 0}, settled[4] = {warm_only, 0, lone, lone};
    while (!settled[0] || !settled[1] || !settled[2] || !settled[3]) {
        for (int kind = 0; kind < 4; kind++) {
            if (settled[kind] || (gpu && kind == 1 && !settled[0]))
                continue; /* the GPU's warm rounds after its cold ones */
            if (kind == 1 && (st = mcs_run_warm(&larger, c->log, &t, NULL, NULL, NULL, err, len)))
                return st;
            const mcs_run_spec *job = kind >= 2 ? &spec_one : &spec;
            st = kind % 2 ? mcs_run_warm(job, c->log, &t, NULL, NULL, NULL, err, len)
                          : mcs_run_cold(c->self, job, c->log, &t, &wall, err, len);
            if (st != MCS_OK)
                return st;
            for (int p = 0; p < MCS_PHASE_COUNT; p++)
                s[kind][p][r[kind]] = t.seconds[p];
            s[kind][MCS_FIXED_OTHER][r[kind]] = mcs_other_seconds(t.seconds);
            s[kind][MCS_FIXED_PROCESS][r[kind]] =
                kind % 2 == 0 ? fmax(0, wall - t.seconds[MCS_PHASE_TOTAL]) : 0;
            r[kind]++;
        }
        for (int kind = 0; kind < 4; kind++)
            if (!settled[kind] && r[kind])
                settled[kind] = mcs_repeats_settled(s[kind][MCS_PHASE_TOTAL], r[kind], rule,
                                                    mcs_now());
    }
    phase_stats *out[4] = {cold, warm, one ? &one[0] : NULL, one ? &one[1] : NULL};
    for (int kind = warm_only; kind < 4; kind++) {
        if (!out[kind])
            continue;
        out[kind]->runs = r[kind];
        for (int p = 0; p < MCS_FIXED_COLUMNS; p++)
            memcpy(out[kind]->x[p], s[kind][p], (size_t)r[kind] * sizeof s[kind][p][0]);
        summarise_stats(out[kind]);
    }
    return MCS_OK;
}

/* The fixed costs of one side (gpu 0 or 1) that phase medians give
 * (mcs_fixed_phases): each cold and warm field from its phase's median
 * over the cold and the warm runs, each spread field from its spread. */
static void keep_fixed(mcs_profile *p, int gpu, const phase_stats *cold, const phase_stats *warm)
{
    for (int i = 0; i < mcs_fixed_phase_count; i++) {
        const mcs_fixed_phase *f = &mcs_fixed_phases[i];
        if (f->gpu != gpu || f->phase < 0)
            continue;
        const phase_stats *from[2] = {cold, warm};
        const size_t field[2] = {f->cold, f->warm}, spread[2] = {f->cold_spread, f->warm_spread};
        for (int k = 0; k < 2; k++)
            if (field[k] != MCS_FIXED_NONE) {
                *(double *)((char *)p + field[k]) = from[k]->median[f->phase];
                *(double *)((char *)p + spread[k]) = from[k]->spread[f->phase];
            }
    }
}

/* Each team thread's start in a fresh process's set-up: the cold set-up on
 * all threads (cpu->threads, what calibrate's runs start) less the one on
 * one thread, over the threads beyond the first; NAN without one-thread
 * rounds (the model then takes the set-up as it is for every thread count).
 * On the H100 host (2026-11-27, every CPU run then loading the GPU module)
 * the cold set-up's medians were 4.26 ms on one thread, 5.01 on 8 and 5.84
 * on 15; 0.54 ms on 2 threads and 0.32 ms a thread on the development VM. */
static void keep_setup_thread(mcs_cpu_profile *cpu, const phase_stats *cold,
                              const phase_stats *one)
{
    cpu->setup_cold_thread_s = cpu->spread.setup_cold_thread_s = NAN;
    if (one->runs == 0 || !(cpu->threads > 1))
        return;
    cpu->setup_cold_thread_s =
        fmax(0, cold->median[MCS_PHASE_SETUP] - one->median[MCS_PHASE_SETUP]) /
        (cpu->threads - 1);
    cpu->spread.setup_cold_thread_s =
        fmax(cold->spread[MCS_PHASE_SETUP], one->spread[MCS_PHASE_SETUP]);
}

/* One side's fixed costs (gpu 0 or 1): interleaved cold and warm rounds
 * (fixed_costs) into the profile (keep_fixed), measured once more where a
 * warm one comes out above its cold one (mcs_profile_warm_problems of that
 * side). */
/* The warm-above-cold problems of p's side gpu (0 or 1) alone, into why;
 * their count (mcs_profile_warm_problems). */
static int side_warm_problems(const mcs_profile *p, int gpu, char *why, size_t len)
{
    static mcs_profile one_side;
    one_side = *p;
    one_side.has_cpu = !gpu;
    one_side.has_gpu = gpu;
    why[0] = '\0';
    return mcs_profile_warm_problems(&one_side, why, len);
}

static mcs_status measure_fixed(calib *c, mcs_profile *p, int gpu, phase_stats *cold,
                                phase_stats *warm, phase_stats one[2], char *err, size_t len)
{
    const char *side = gpu ? "gpu" : "cpu";
    char why[512] = "";
    for (int a = 0; a < attempts(c) && (a == 0 || why[0]); a++) {
        if (a)
            progress("%s: %s: measuring the fixed costs again", side, why);
        mcs_repeat_rule rule = stage_rule(c, gpu ? STAGE_GPU_FIXED : STAGE_CPU_FIXED);
        if (!c->quick)
            rule.min = FIXED_ROUNDS_MIN;
        /* the GPU's cold rounds once: after a run here they would be too cheap */
        mcs_status st = fixed_costs(c, side, &rule, gpu && a > 0, 0, cold, warm, one, err, len);
        if (st != MCS_OK)
            return st;
        keep_fixed(p, gpu, cold, warm);
        if (!gpu)
            keep_setup_thread(&p->cpu, cold, &one[0]);
        side_warm_problems(p, gpu, why, sizeof why);
    }
    progress("%s: fixed costs of %d rounds of a fresh process%s and a run in this one (1000 "
             "paths)", side, cold->runs, one && one[0].runs ? ", one on one thread," : "");
    return MCS_OK;
}

/* MPI start-up on `backend` (--mpirun CMD): rounds of a fresh process
 * alone and of the same job as one rank, `CMD -n 1 mcsim ...`,
 * interleaved, until the ranks' walls settle; *start is the difference of
 * the medians of the walls: the launcher's start and exit, MPI_Init and
 * MPI_Finalize, which each rank of `estimate --ranks` pays. Each backend
 * has its own: on the 4-H100 host a CPU rank paid 2.3 s, a GPU rank 1.2 s,
 * since MPI_Init starts the GPU driver, which a GPU process starts anyway
 * (bench/results/estimator/h100x4-mpi-start/). */
static mcs_status measure_mpi_start(calib *c, const char *backend, double *start,
                                    double *start_spread, char *err, size_t len)
{
    char launcher[MCS_LAUNCHER_MAX + 1];
    snprintf(launcher, sizeof launcher, "%s" MPIRUN_SUFFIX, c->mpirun);
    mcs_run_spec alone = small_job(c, backend);
    mcs_run_spec rank = alone;
    rank.launcher = launcher;
    double wall[2][MCS_REPEATS_MAX], spread;
    mcs_timings t;
    /* unmeasured: the launcher's and MPI's libraries into the page cache */
    mcs_status st = mcs_run_cold(c->self, &rank, c->log, &t, NULL, err, len);
    mcs_repeat_rule rule = stage_rule(c, STAGE_CPU_FIXED);
    int r = 0;
    while (st == MCS_OK) {
        if ((st = mcs_run_cold(c->self, &alone, c->log, &t, &wall[0][r], err, len)) ||
            (st = mcs_run_cold(c->self, &rank, c->log, &t, &wall[1][r], err, len)))
            break;
        if (mcs_repeats_settled(wall[1], ++r, &rule, mcs_now()))
            break;
    }
    if (st != MCS_OK)
        return st;
    double one = mcs_trimmed_spread(wall[0], r, &spread);
    double ranked = mcs_trimmed_spread(wall[1], r, &spread);
    *start = fmax(0, ranked - one);
    *start_spread = spread;
    progress("%s: MPI start-up %.3g s (%s: %.3f s a run against %.3f s alone, %d rounds)",
             backend, *start, launcher, ranked, one, r);
    return MCS_OK;
}


/* Starting a chunk: the small job's simulate time beyond its busiest
 * thread's path-steps (the model's shape of that job: a block a thread,
 * mcs_cpu_busiest_paths), cold and warm (path_step_ns, the scaling and the
 * wave factors measured first). */
/* A start in microseconds from a run kind's simulate median less its
 * path-steps (steps, seconds), and its spread. */
static void keep_start(const phase_stats *runs, double steps, double *us, double *spread)
{
    *us = fmax(0, runs->median[MCS_PHASE_SIMULATE] - steps) * 1e6;
    *spread = runs->spread[MCS_PHASE_SIMULATE];
}

static void keep_chunk_start(mcs_cpu_profile *cpu, const phase_stats *cold,
                             const phase_stats *warm, const phase_stats one[2])
{
    double paths, block;
    small_cpu_shape(&paths, &block);
    mcs_workload w = {.paths = (uint64_t)paths, .steps = 1, .block_size = (uint32_t)block,
                      .precision = MCS_SINGLE, .rng = MCS_RNG_PCG64, .threads = 0};
    double steps = mcs_cpu_busiest_paths(cpu, &w) * cpu->path_step_ns[0][0] * 1e-9;
    keep_start(cold, steps, &cpu->chunk_start_cold_us, &cpu->spread.chunk_start_cold_us);
    keep_start(warm, steps, &cpu->chunk_start_warm_us, &cpu->spread.chunk_start_warm_us);
    /* the one-block job (fixed_costs' one-thread kinds): its lone thread's
     * start, where there were such rounds (a profile of more than one thread) */
    cpu->chunk_start_one_cold_us = cpu->chunk_start_one_warm_us = NAN;
    cpu->spread.chunk_start_one_cold_us = cpu->spread.chunk_start_one_warm_us = NAN;
    if (one[0].runs == 0 || one[1].runs == 0)
        return;
    w.block_size = MCS_DEFAULT_BLOCK_SIZE; /* fixed_costs' spec_one: the paths in one block */
    steps = mcs_cpu_busiest_paths(cpu, &w) * cpu->path_step_ns[0][0] * 1e-9;
    keep_start(&one[0], steps, &cpu->chunk_start_one_cold_us,
               &cpu->spread.chunk_start_one_cold_us);
    keep_start(&one[1], steps, &cpu->chunk_start_one_warm_us,
               &cpu->spread.chunk_start_one_warm_us);
}

/* The CPU's fixed costs once more, after its kernels. Both passes' medians
 * are pooled (each phase's median over them and, at the end, the single
 * rounds between the kernels: cpu_fixed_final), unless one
 * pass's totals are more than MCS_BUSY_PASS_RATIO times the other's
 * (mcs_pass_to_keep): then the
 * lower pass is kept (a host still busy when calibrate starts only adds
 * time: on a freshly started H100 machine the first pass measured the cold
 * set-up at 13.5 ms and the warm one at 1.7 ms, where every sweep after it
 * took 5-6 ms and 0.07 ms). Always keeping the lower pass (before
 * 2026-11-28) took the lower of two noisy medians: over the H100 matrix of
 * 2026-11-27 the cold set-up came out 34% fast and the cold write 25%
 * (validate's sign column, every config the same sign). A line says which. */
static mcs_status cpu_fixed_again(calib *c, mcs_profile *p, char *err, size_t len)
{
    phase_stats cold, warm, one[2];
    mcs_status st = measure_fixed(c, p, 0, &cold, &warm, one, err, len);
    if (st != MCS_OK)
        return st;
    double later = cold.median[MCS_PHASE_TOTAL] + warm.median[MCS_PHASE_TOTAL];
    double first = c->cpu_cold.median[MCS_PHASE_TOTAL] + c->cpu_warm.median[MCS_PHASE_TOTAL];
    const char *kept;
    const int keep = mcs_pass_to_keep(first, later);
    phase_stats *first_pass[4] = {&c->cpu_cold, &c->cpu_warm, &c->cpu_one[0], &c->cpu_one[1]};
    const phase_stats *later_pass[4] = {&cold, &warm, &one[0], &one[1]};
    kept = keep < 0 ? "the first kept (the later ran on a busy host)"
         : keep > 0 ? "the later kept (the first ran on a busy host)"
                    : "both passes' medians pooled";
    for (int k = 0; k < 4; k++) {
        phase_stats a = medians_of(first_pass[k]), b = medians_of(later_pass[k]);
        *first_pass[k] = keep < 0 ? a : keep > 0 ? b : pool_moments(&a, &b);
    }
    progress("cpu: fixed costs measured again after the kernels: %.3g ms cold + warm against "
             "%.3g ms at the start; %s", 1e3 * later, 1e3 * first, kept);
    keep_fixed(p, 0, &c->cpu_cold, &c->cpu_warm); /* measure_fixed wrote the later pass's */
    keep_setup_thread(&p->cpu, &c->cpu_cold, &c->cpu_one[0]);
    keep_chunk_start(&p->cpu, &c->cpu_cold, &c->cpu_warm, c->cpu_one);
    return MCS_OK;
}

/* The GPU's log write, cold and warm, from its rounds (their medians, one
 * moment) and the CPU's moments pooled (when this calibration measured
 * both): the same host code writes both logs, a GPU run's with a dozen
 * attributes more (about 0.1 ms of 2.8 in the H100 matrix's cold runs,
 * 2026-11-28), and the GPU's 5-8 rounds alone were too few: two
 * calibrations an hour apart measured its cold write at 4.1 and 2.0 ms,
 * where every config's sweep wrote in 2.8-3.0 ms (median; the CPU's pooled
 * rounds 2.6 ms). */
static void pool_write(const calib *c, mcs_gpu_profile *g)
{
    if (c->cpu_cold.runs == 0 || c->cpu_warm.runs == 0 || c->gpu_cold.runs == 0)
        return;
    const phase_stats gpu_cold = medians_of(&c->gpu_cold), gpu_warm = medians_of(&c->gpu_warm);
    phase_stats all_cold = pool_moments(&c->cpu_cold, &gpu_cold),
                all_warm = pool_moments(&c->cpu_warm, &gpu_warm);
    if (all_warm.median[MCS_PHASE_WRITE] > all_cold.median[MCS_PHASE_WRITE])
        return; /* implausible (measure_fixed checked the GPU's own): kept as they are */
    g->write_cold_s = all_cold.median[MCS_PHASE_WRITE];
    g->spread.write_cold_s = all_cold.spread[MCS_PHASE_WRITE];
    g->write_warm_s = all_warm.median[MCS_PHASE_WRITE];
    g->spread.write_warm_s = all_warm.spread[MCS_PHASE_WRITE];
}

/* One round of the CPU's fixed costs, each kind once, between two kernels
 * (mcs_kernel_calibration.between), SPREAD_EVERY_S after the last and at
 * most SPREAD_ROUNDS_MAX in all (SPREAD_EVERY_S says why). */
static mcs_status spread_round(void *user, char *err, size_t len)
{
    calib *c = user;
    const double now = mcs_now();
    if (c->spread[0].runs >= SPREAD_ROUNDS_MAX || now - c->spread_last < SPREAD_EVERY_S ||
        now >= c->extras_until) /* rounds beyond the minimum: within the cap's share */
        return MCS_OK;
    static phase_stats round[4]; /* cold, warm, one block cold and warm: one run each */
    const mcs_repeat_rule once = exactly(1);
    mcs_status st = fixed_costs(c, "cpu", &once, 0, 1, &round[0], &round[1], &round[2], err, len);
    if (st != MCS_OK)
        return st;
    for (int k = 0; k < 4; k++)
        c->spread[k] = pool_stats(&c->spread[k], &round[k]);
    c->spread_last = mcs_now();
    return MCS_OK;
}

/* The single rounds between the kernels (spread_round) pooled with the
 * passes' medians (cpu_fixed_again), each a moment of the host, into the
 * profile's CPU figures, unless a warm figure would then come out above
 * its cold one where it did not: then the passes' figures stay. A line
 * says which. */
static void keep_single_rounds(calib *c, mcs_profile *p)
{
    char why[512];
    const int problems_before = side_warm_problems(p, 0, why, sizeof why);
    const mcs_cpu_profile passes = p->cpu;
    phase_stats cold = pool_moments(&c->cpu_cold, &c->spread[0]),
                warm = pool_moments(&c->cpu_warm, &c->spread[1]), one[2];
    one[0] = pool_moments(&c->cpu_one[0], &c->spread[2]);
    one[1] = pool_moments(&c->cpu_one[1], &c->spread[3]);
    keep_fixed(p, 0, &cold, &warm);
    keep_setup_thread(&p->cpu, &cold, &one[0]);
    keep_chunk_start(&p->cpu, &cold, &warm, one);
    if (side_warm_problems(p, 0, why, sizeof why) > problems_before) {
        p->cpu = passes;
        progress("cpu: fixed costs of %d single rounds between the kernels not kept (%s): "
                 "the passes' figures stay", c->spread[0].runs, why);
        return;
    }
    c->cpu_cold = cold;
    c->cpu_warm = warm;
    c->cpu_one[0] = one[0];
    c->cpu_one[1] = one[1];
    progress("cpu: fixed costs, medians of %d single rounds between the kernels and %d pass "
             "median%s: warm write %.3g ms (the passes alone %.3g ms; spread %.0f%%)",
             c->spread[0].runs, cold.runs - c->spread[0].runs,
             cold.runs - c->spread[0].runs == 1 ? "" : "s", 1e3 * p->cpu.write_warm_s,
             1e3 * passes.write_warm_s, 100 * warm.spread[MCS_PHASE_WRITE]);
}

/* The CPU's fixed costs in the profile at the end (keep_single_rounds;
 * without single rounds, --quick, the passes' figures), then the GPU's log
 * write pooled with them (pool_write). */
static void cpu_fixed_final(calib *c, mcs_profile *p)
{
    if (c->spread[0].runs == 0)
        progress("cpu: fixed costs from the passes alone: no single rounds between the "
                 "kernels (%s)", c->quick ? "--quick" : "none before the deadline");
    else
        keep_single_rounds(c, p);
    if (p->has_gpu)
        pool_write(c, &p->gpu);
}

/* A warm run's timings: the run with the median simulate time of rounds
 * run until that median settles by `rule`; their spread in c->last_spread. */
static mcs_status timed_run(calib *c, const char *backend, int threads, const char **sets,
                            int n_sets, const mcs_repeat_rule *rule, mcs_timings *out, char *err,
                            size_t len)
{
    mcs_run_spec spec = {c->config, {0}, 0, backend, threads, NULL};
    for (int i = 0; i < n_sets; i++)
        spec.overrides[spec.n_overrides++] = sets[i];
    mcs_timings runs[MCS_REPEATS_MAX];
    double sim[MCS_REPEATS_MAX];
    int n = 0;
    do {
        mcs_status st = mcs_run_warm(&spec, c->log, &runs[n], NULL, NULL, NULL, err, len);
        if (st != MCS_OK)
            return st;
        sim[n] = runs[n].seconds[MCS_PHASE_SIMULATE];
        n++;
    } while (!mcs_repeats_settled(sim, n, rule, mcs_now()));
    double med = mcs_trimmed_spread(sim, n, &c->last_spread);
    *out = runs[n - 1];
    for (int r = 0; r < n; r++) /* the run nearest the median */
        if (fabs(sim[r] - med) < fabs(out->seconds[MCS_PHASE_SIMULATE] - med))
            *out = runs[r];
    return MCS_OK;
}

static const char *precisions[] = {"single", "double"};

/* One wave: b blocks on b threads take as long as their slowest thread. On
 * a host whose vCPUs run at different speeds (the H100 machine's 16: one
 * thread took 4.6 ms or 7.2 ms on the same block, by vCPU and moment) that
 * is more than the throughput of many waves says: 16 blocks on 16 threads
 * took 77 ms where 10 waves took 49 ms a wave, and one block alone 43 ms.
 * Measured for each thread count b of the scaling table (list, n) as the
 * median of one-wave runs of b blocks of 65536 paths, each in a fresh
 * process (wave_run says why), interleaved in rounds
 * with a run of WAVE_FULL waves on all threads that gives one thread's cost
 * per path c1 at full load, as the kernel costs are measured; wave(b) =
 * the one-wave run's time, less its chunk start, over one thread's time
 * for its block, 65536 c1 (model.c). A GBM European of enough steps that a
 * block takes about WAVE_BLOCK_S on one thread (paths_1s: one thread's
 * one-step paths per second). At least WAVE_ROUNDS rounds (--quick: 3),
 * then until wave(all) settles or the stage's time is spent. */
#define WAVE_FULL 8
#define WAVE_BLOCK_S 0.005
#define WAVE_ROUNDS 5
_Static_assert(WAVE_ROUNDS <= MCS_REPEATS_MAX, "measure_waves: its rounds fit factor[][]");
_Static_assert(MCS_PROFILE_SCALING_MAX >= 64, "measure_waves: a factor per entry of "
                                              "calibrate_cpu's list of up to 64 thread counts");
/* One run of measure_waves' job, w's blocks of paths (w->paths set here:
 * `blocks` of them) on `threads` threads: one thread's cost per path it
 * says, through the model's shape (at the efficiency of `threads`). The
 * full-load run (fresh = 0) runs in this process, as the kernel costs are
 * measured; a one-wave run (fresh = 1) in a fresh process, as a sweep's
 * cold runs: in calibrate's own process, after its full-load runs, one
 * wave of 2 blocks came out 1.45 times one block alone, where the sweeps
 * of the same H100 host ran 2 blocks as fast as one and 16 at 1.1-1.3
 * times (bench/results/estimator/h100-waves-session11, 2026-11-28). */
static mcs_status wave_run(calib *c, const mcs_cpu_profile *cpu, mcs_workload *w, int threads,
                           double blocks, int fresh, double *per_path, char *err, size_t len)
{
    char paths[64], steps[64];
    w->threads = threads;
    w->paths = (uint64_t)(blocks * w->block_size);
    snprintf(paths, sizeof paths, "simulation.paths=%.0f", (double)w->paths);
    snprintf(steps, sizeof steps, "simulation.steps=%u", w->steps);
    const char *sets[] = {"simulation.precision=single", "simulation.rng=pcg64", paths, steps};
    mcs_timings t;
    mcs_status st;
    if (fresh) {
        mcs_run_spec spec = {c->config, {sets[0], sets[1], sets[2], sets[3]}, 4, "cpu", threads,
                             NULL};
        st = mcs_run_cold(c->self, &spec, c->log, &t, NULL, err, len);
    } else {
        mcs_repeat_rule once = exactly(1);
        st = timed_run(c, "cpu", threads, sets, 4, &once, &t, err, len);
    }
    *per_path = st == MCS_OK ? mcs_cpu_seconds_per_path(cpu, w, t.seconds[MCS_PHASE_SIMULATE])
                             : NAN;
    return st;
}

static mcs_status measure_waves(calib *c, mcs_cpu_profile *cpu, const int *list, int n,
                                double paths_1s, char *err, size_t len)
{
    const double bs = 65536;
    const int all = list[n - 1];
    mcs_workload w = {.steps = (uint32_t)fmin(256, fmax(1, round(WAVE_BLOCK_S * paths_1s / bs))),
                      .block_size = (uint32_t)bs, .precision = MCS_SINGLE,
                      .rng = MCS_RNG_PCG64};
    mcs_repeat_rule rule = stage_rule(c, STAGE_CPU_SCALING);
    rule.min = c->quick ? 3 : WAVE_ROUNDS;
    rule.max = c->quick ? rule.min : MCS_REPEATS_MAX;
    double factor[MCS_PROFILE_SCALING_MAX][MCS_REPEATS_MAX];
    int rounds = 0;
    cpu->wave.n = 0; /* the model's one-wave time without it, below */
    do {
        /* the full-load run: one thread's cost per path c1; then each one-wave
         * run's, whose wave less its start is that x bs / e(b) */
        double c1, per;
        mcs_status st = wave_run(c, cpu, &w, all, WAVE_FULL * all, 0, &c1, err, len);
        for (int i = 0; i < n && st == MCS_OK; i++) {
            st = wave_run(c, cpu, &w, list[i], list[i], 1, &per, err, len);
            factor[i][rounds] = c1 > 0 ? per / (mcs_cpu_efficiency(cpu, list[i]) * c1) : NAN;
        }
        if (st != MCS_OK)
            return st;
        rounds++;
    } while (rounds < rule.min || /* (two agreeing rounds would end it: the host flips) */
             !mcs_repeats_settled(factor[n - 1], rounds, &rule, mcs_now()));
    for (int i = 0; i < n; i++) {
        double spread, f = mcs_trimmed_spread(factor[i], rounds, &spread);
        if (!(f > 0))
            return MCS_OK; /* not measured: the model keeps 1 / efficiency */
        cpu->wave.threads[i] = list[i];
        cpu->wave.value[i] = fmin(f, 10);
        progress("cpu: one wave of %d block%s on as many threads: %.3f x one thread's time "
                 "for a block (median of %d rounds, spread %.0f%%)", list[i],
                 list[i] == 1 ? "" : "s", cpu->wave.value[i], rounds, 100 * spread);
    }
    cpu->wave.n = n;
    return MCS_OK;
}

static mcs_status calibrate_cpu(calib *c, mcs_profile *p, char *err, size_t len)
{
    mcs_cpu_profile *cpu = &p->cpu;
    mcs_status st;
    mcs_timings t;
    p->has_cpu = 1;
    mcs_sysinfo_cpu_model(cpu->model, sizeof cpu->model);
    cpu->threads = omp_get_max_threads();
    if ((st = measure_fixed(c, p, 0, &c->cpu_cold, &c->cpu_warm, c->cpu_one, err, len)) !=
        MCS_OK)
        return st;

    /* one thread's cost per path-step: runs of at least 0.25 s (0.05 quick) */
    const double enough = c->quick ? 0.05 : 0.25;
    double paths_1s = 0;
    static const char *rngs[] = {"pcg64", "philox"};
    mcs_repeat_rule rule = stage_rule(c, STAGE_CPU_RATES);
    for (int q = 0; q < 2; q++)
        for (int g = 0; g < 2; g++) {
            char prec[64], rng[64], paths[64];
            snprintf(prec, sizeof prec, "simulation.precision=%s", precisions[q]);
            snprintf(rng, sizeof rng, "simulation.rng=%s", rngs[g]);
            double n = 1 << 22;
            for (;;) {
                snprintf(paths, sizeof paths, "simulation.paths=%.0f", n);
                const char *sets[] = {prec, rng, paths};
                mcs_repeat_rule sizing = exactly(1);
                if ((st = timed_run(c, "cpu", 1, sets, 3, &sizing, &t, err, len)))
                    return st;
                double sim = t.seconds[MCS_PHASE_SIMULATE];
                if (sim >= enough || n >= 1e11) {
                    /* rounds until the median settles; measured once more
                     * where they spread too far, the tighter kept */
                    double spread = INFINITY;
                    for (int a = 0; a < attempts(c) &&
                                    spread > MCS_PLAUSIBLE_SPREAD_MAX; a++) {
                        if (a)
                            progress("cpu: %s %s: repeats spread %.0f%% > %.0f%%: measuring "
                                     "again", precisions[q], rngs[g], 100 * spread,
                                     100 * MCS_PLAUSIBLE_SPREAD_MAX);
                        mcs_timings again;
                        if ((st = timed_run(c, "cpu", 1, sets, 3, &rule, &again, err, len)))
                            return st;
                        if (c->last_spread < spread) {
                            spread = c->last_spread;
                            t = again;
                            sim = t.seconds[MCS_PHASE_SIMULATE];
                        }
                    }
                    cpu->repeat_spread = fmax(isnan(cpu->repeat_spread) ? 0 : cpu->repeat_spread,
                                              spread);
                    cpu->path_step_ns[q][g] = sim / n * 1e9;
                    if (q == 0 && g == 0) {
                        paths_1s = n / sim;
                        cpu->reduce_block_ns = t.seconds[MCS_PHASE_REDUCE] / ceil(n / 65536) * 1e9;
                    }
                    break;
                }
                n *= sim > 0 ? fmin(8, 1.2 * enough / sim) : 8;
                n = ceil(n / 65536) * 65536;
            }
            progress("cpu: %s %s: %.3f ns per path-step on one thread", precisions[q], rngs[g],
                     cpu->path_step_ns[q][g]);
        }

    keep_chunk_start(cpu, &c->cpu_cold, &c->cpu_warm, c->cpu_one);

    /* parallel efficiency: T threads, blocks_per_thread blocks each (whole
     * waves), each T-thread run paired with a one-thread run of one thread's
     * share just before it, in rounds until the pairs' ratios settle
     * (mcs_repeat_rule), the efficiency the ratio of the pairs' mean rates:
     * a host whose speed drifts (identical one-thread runs on the H100
     * machine's 16-vCPU host spread 280-467 M paths/s seconds apart) gives
     * every pair the same drift, where one one-thread reference for the
     * whole series set every efficiency (0.64 at 16 threads there, against
     * about 1.0 in the sweeps) */
    int all = omp_get_max_threads(), n_threads = 0, list[64];
    for (int k = 1; k < all && n_threads < 62; k *= 2)
        list[n_threads++] = k;
    list[n_threads++] = all;
    /* each run of a pair about 0.1 s (0.05 quick): a pair's two runs share
     * the host's drift the better the closer together they run, and the
     * series costs 4 x (one-thread counts) x pairs of them (0.25 s runs
     * took 8 s a series on the H100 machine) */
    const double pair_enough = c->quick ? 0.05 : 0.1;
    double blocks_per_thread = fmax(16, ceil(pair_enough * paths_1s / 65536));
    /* the series once more, whole, while an efficiency is above the bound or
     * the pairs spread too far; the attempt furthest inside the bounds is kept */
    double best_excess = INFINITY, best_eff[64], best_spread = 0;
    for (int a = 0; a < attempts(c) && best_excess > 0; a++) {
        double eff[64], spread = 0, excess = 0;
        mcs_repeat_rule pairs_rule = stage_rule(c, STAGE_CPU_SCALING), once = exactly(1);
        eff[0] = 1; /* list[0] is one thread: 1 by definition */
        for (int i = 1; i < n_threads; i++) {
            int T = list[i], pairs = 0;
            double one = blocks_per_thread * 65536, ratio[MCS_REPEATS_MAX], s;
            double rate_sum[2] = {0, 0};
            do {
                double rate[2];
                for (int side = 0; side < 2; side++) {
                    int threads = side ? T : 1;
                    char paths[64];
                    snprintf(paths, sizeof paths, "simulation.paths=%.0f", one * threads);
                    const char *sets[] = {"simulation.precision=single", "simulation.rng=pcg64",
                                          paths};
                    if ((st = timed_run(c, "cpu", threads, sets, 3, &once, &t, err, len)))
                        return st;
                    rate[side] = one * threads / t.seconds[MCS_PHASE_SIMULATE];
                }
                ratio[pairs++] = rate[1] / (T * rate[0]);
                rate_sum[0] += rate[0];
                rate_sum[1] += rate[1];
            } while (!mcs_repeats_settled(ratio, pairs, &pairs_rule, mcs_now()));
            mcs_trimmed_spread(ratio, pairs, &s);
            /* the ratio of the mean rates, not the median of the pairs'
             * ratios: one thread's speed flips between two levels from run
             * to run (calibrate_kernels.c), so a median of few pairs
             * lands on either, where the means hold their mix */
            eff[i] = rate_sum[1] / (T * rate_sum[0]);
            progress("cpu: %d threads: parallel efficiency %.3f (mean rates of %d pairs with one "
                     "thread, spread %.0f%%)", T, eff[i], pairs, 100 * s);
            spread = fmax(spread, s);
            excess = fmax(excess, eff[i] / MCS_PLAUSIBLE_EFFICIENCY_MAX - 1);
        }
        excess = fmax(excess, spread / MCS_PLAUSIBLE_SPREAD_MAX - 1);
        if (excess < best_excess) {
            best_excess = excess;
            best_spread = spread;
            memcpy(best_eff, eff, sizeof eff);
        }
        if (excess > 0 && a + 1 < attempts(c))
            progress("cpu: efficiency above %.2f or repeats spread above %.0f%%: measuring the "
                     "scaling again", MCS_PLAUSIBLE_EFFICIENCY_MAX, 100 * MCS_PLAUSIBLE_SPREAD_MAX);
    }
    cpu->scaling.n = 0;
    for (int i = 0; i < n_threads; i++) {
        cpu->scaling.threads[cpu->scaling.n] = list[i];
        cpu->scaling.value[cpu->scaling.n++] = fmin(best_eff[i], 1.5);
    }
    cpu->repeat_spread = fmax(cpu->repeat_spread, best_spread);
    if ((st = measure_waves(c, cpu, list, n_threads, paths_1s, err, len)) != MCS_OK)
        return st;
    /* spec numbers: cores from hwloc, FLOPs per cycle from the instruction
     * sets, the clock from cpufreq or the TSC (docs/estimator.md) */
    mcs_cpu_facts facts;
    mcs_sysinfo_cpu_facts(&facts);
    snprintf(c->cpu_counted_by, sizeof c->cpu_counted_by, "%s", facts.counted_by);
    cpu->cores = facts.cores;
    cpu->all_core_clock_mhz = facts.clock_mhz;
    cpu->fp32_flops_per_cycle = facts.fp32_flops_per_cycle;
    cpu->fp32_gflops = cpu->cores * facts.clock_mhz * facts.fp32_flops_per_cycle / 1000;
    cpu->fp64_gflops = cpu->fp32_gflops / 2;
    progress("cpu: %d core%s, %d hardware thread%s, %d package%s (%s); %s%s: %g fp32 FLOPs "
             "per cycle per core; clock %.0f MHz (%s)", facts.cores, facts.cores == 1 ? "" : "s",
             facts.hardware_threads, facts.hardware_threads == 1 ? "" : "s", facts.packages,
             facts.packages == 1 ? "" : "s", facts.counted_by,
             facts.isa.avx512f ? "AVX-512" : facts.isa.avx ? "AVX" : "SSE",
             facts.isa.avx512_on_256 ? " on 256-bit units" : facts.isa.fma ? " with FMA" : "",
             facts.fp32_flops_per_cycle, facts.clock_mhz, facts.clock_source);
    return MCS_OK;
}

/* The copy sizes calibrate times: 1 KB to 256 MB by 4 (10). */
#define COPY_SIZES 16
_Static_assert((28 - 10) / 2 + 1 <= COPY_SIZES, "calibrate's copy sizes: 1 KB..256 MB by 4");

/* Least squares of t = a + b x weighted by 1/t^2 (relative errors). */
static void fit_line(const double *x, const double *t, int n, double *a, double *b)
{
    double w[COPY_SIZES];
    for (int i = 0; i < n; i++)
        w[i] = 1 / (t[i] * t[i]);
    if (!mcs_line_fit(x, t, w, n, a, b))
        *a = 0, *b = 0; /* (the flat fallback below) */
    if (*a < 0)
        *a = 0;
    if (!(*b > 0)) /* flat or falling times: no bandwidth to fit; the largest copy's rate */
        *b = t[n - 1] / x[n - 1];
}

static mcs_status calibrate_copies(calib *c, mcs_gpu_profile *g, char *err, size_t len)
{
    size_t bytes[COPY_SIZES];
    double x[COPY_SIZES], t[COPY_SIZES];
    int n = 0;
    size_t top = c->quick ? (size_t)1 << 26 : (size_t)1 << 28;
    for (size_t b = 1024; b <= top; b *= 4)
        bytes[n++] = b;
    mcs_link *links[4] = {&g->h2d_pinned, &g->h2d_pageable, &g->d2h_pinned, &g->d2h_pageable};
    static const char *names[4] = {"h2d pinned", "h2d pageable", "d2h pinned", "d2h pageable"};
    for (int k = 0; k < 4; k++) {
        int e = mcs_gpu_module_get()->copy_seconds(0, k < 2, k % 2 == 0, bytes, n,
                                                   c->quick ? 3 : 5, t);
        if (e) {
            snprintf(err, len, "timing %s copies: CUDA error %d", names[k], e);
            return MCS_E_UNAVAILABLE;
        }
        for (int i = 0; i < n; i++)
            x[i] = (double)bytes[i];
        double a, b;
        fit_line(x, t, n, &a, &b);
        links[k]->alpha_us = a * 1e6;
        links[k]->gbps = 1 / b / 1e9;
        double worst = 0;
        for (int i = 0; i < n; i++)
            worst = fmax(worst, fabs(log((a + b * x[i]) / t[i])));
        progress("gpu: %s copies 1 KB..%zu MB: alpha %.2f us, beta %.2f GB/s (fit within %.0f%%)",
                 names[k], top >> 20, links[k]->alpha_us, links[k]->gbps,
                 100 * (exp(worst) - 1));
        /* the worst link's fit: what calibrate_copies_checked judges */
        g->copy_fit_error = fmax(k ? g->copy_fit_error : 0, exp(worst) - 1);
    }
    return MCS_OK;
}

/* calibrate_copies, again while a link's fit is off by more than the bound;
 * the attempt with the best worst fit is kept (calibrate_copies changes
 * the four links and copy_fit_error only, so the whole section is kept). */
static mcs_status calibrate_copies_checked(calib *c, mcs_gpu_profile *g, char *err, size_t len)
{
    mcs_gpu_profile best = *g;
    best.copy_fit_error = INFINITY;
    for (int a = 0; a < attempts(c) && best.copy_fit_error > MCS_PLAUSIBLE_FIT_MAX;
         a++) {
        mcs_status st = calibrate_copies(c, g, err, len);
        if (st != MCS_OK)
            return st;
        if (g->copy_fit_error < best.copy_fit_error)
            best = *g;
    }
    *g = best;
    return MCS_OK;
}

/* Kernel cost of one precision and generator: simulate time of one block
 * and of a large single-launch run give the ramp and the per-path-step cost. */
static mcs_status calibrate_kernel(calib *c, mcs_gpu_profile *g, int q, int k, char *err,
                                   size_t len)
{
    static const char *rngs[] = {"philox", "mrg32k3a", "sobol"};
    char prec[64], rng[64], paths[64];
    snprintf(prec, sizeof prec, "simulation.precision=%s", precisions[q]);
    snprintf(rng, sizeof rng, "simulation.rng=%s", rngs[k]);
    const double bs = 65536, steps = 1, per_thread = ceil(bs / MCS_GPU_VTHREADS) * steps;
    const double launch = g->launch_us * 1e-6;
    mcs_timings t;
    mcs_status st;
    /* 1: a block of 256 paths (one per thread); 2: one full block */
    double t0, t1;
    snprintf(paths, sizeof paths, "simulation.paths=256");
    const char *sets[] = {prec, rng, paths};
    if ((st = timed_run(c, "gpu", 0, sets, 3, &c->launch_rule, &t, err, len)))
        return st;
    t0 = t.seconds[MCS_PHASE_SIMULATE];
    snprintf(paths, sizeof paths, "simulation.paths=%.0f", bs);
    if ((st = timed_run(c, "gpu", 0, sets, 3, &c->launch_rule, &t, err, len)))
        return st;
    t1 = t.seconds[MCS_PHASE_SIMULATE];
    /* 3: a large run, at least 20 ms of kernel (5 quick), one launch if it can */
    double n = 1 << 24, t2 = 0, launches = 1;
    double cap = k == 2 ? (double)MCS_SOBOL_MAX_PATHS : (double)MCS_GPU_CHUNK_PATH_STEPS / steps;
    const double enough = c->quick ? 0.005 : 0.02;
    for (;;) {
        snprintf(paths, sizeof paths, "simulation.paths=%.0f", n);
        if ((st = timed_run(c, "gpu", 0, sets, 3, &c->launch_rule, &t, err, len)))
            return st;
        t2 = t.seconds[MCS_PHASE_SIMULATE];
        launches = (double)t.count[MCS_PHASE_SIMULATE];
        if (t2 >= enough || n * 4 > cap)
            break;
        n *= 4;
    }
    /* per launch: t - launch = fixed + A ramp + paths ps (A: one thread's
     * path-steps); solve the three runs for fixed, ramp and ps */
    double m[3][4] = {{1, 1 * steps, 256 * steps, t0 - launch},
                      {1, per_thread, bs * steps, t1 - launch},
                      {launches, launches * per_thread, n * steps, t2 - launches * launch}};
    for (int i = 0; i < 3; i++) /* Gauss-Jordan, pivots on the diagonal */
        for (int r = 0; r < 3; r++) {
            if (r == i)
                continue;
            double f = m[r][i] / m[i][i];
            for (int j = 0; j < 4; j++)
                m[r][j] -= f * m[i][j];
        }
    double fixed = m[0][3] / m[0][0], ramp = m[1][3] / m[1][1], ps = m[2][3] / m[2][2];
    if (ramp < 0 || fixed < 0) { /* noise: keep the throughput, fold the rest into fixed */
        ramp = fmax(0, ramp);
        ps = (t2 - t0) / (n - 256) / steps;
        fixed = fmax(0, t0 - launch - 256 * steps * ps - steps * ramp);
    }
    g->kernel_fixed_us[q][k] = fixed * 1e6;
    g->kernel_ramp_path_step_ns[q][k] = ramp * 1e9;
    g->kernel_path_step_ps[q][k] = ps * 1e12;
    /* check the fit in between, by the model's two size curves: the
     * pipeline of this kernel's blocks (its occupancy) and the ramp model */
    mcs_job job;
    mcs_override ov[2] = {{"calibrate", prec}, {"calibrate", rng}};
    int blocks = 0, sms = 0, e = -1;
    const mcs_gpu_module *module = mcs_gpu_module_get();
    static char resolved[MCS_CONFIG_RESOLVED_MAX];
    if ((st = mcs_config_load(c->config, ov, 2, &job, resolved, sizeof resolved, err, len)) !=
        MCS_OK)
        return st;
    if (!module->occupancy ||
        (e = module->occupancy(&job, 0, MCS_GPU_VTHREADS, &blocks, &sms)) != 0) {
        snprintf(err, len, "the occupancy of the %s %s kernel: CUDA error %d", precisions[q],
                 rngs[k], e);
        return MCS_E_UNAVAILABLE;
    }
    g->sm_count = sms;
    mcs_workload w = mcs_workload_of_job(&job, 0, 0);
    double worst[2] = {0, 0};
    for (double size = bs * 16; size < n; size *= 16) {
        snprintf(paths, sizeof paths, "simulation.paths=%.0f", size);
        if ((st = timed_run(c, "gpu", 0, sets, 3, &c->launch_rule, &t, err, len)))
            return st;
        double L = (double)t.count[MCS_PHASE_SIMULATE];
        w.paths = (uint64_t)size;
        for (int waves = 0; waves < 2; waves++) {
            double pred = L * (launch + fixed) +
                          steps * ps * mcs_gpu_work_paths(g, &w, job.sim.rng, waves ? blocks : NAN);
            worst[waves] = fmax(worst[waves], fabs(log(pred / t.seconds[MCS_PHASE_SIMULATE])));
        }
    }
    progress("gpu: %s %s: %.3f ps per path-step saturated (%.3g G paths/s), fixed %.1f us per "
             "launch, ramp %.3f ns per path-step of one thread; fit up to %.3g paths within %.0f%% "
             "by the pipeline (%d blocks per SM x %d SMs), %.0f%% by the ramp",
             precisions[q], rngs[k], ps * 1e12, 1e-9 / ps, fixed * 1e6, ramp * 1e9, n,
             100 * (exp(worst[1]) - 1), blocks, sms, 100 * (exp(worst[0]) - 1));
    c->last_fit = exp(fmin(worst[0], worst[1])) - 1;
    return MCS_OK;
}

/* calibrate_kernel, again while its fit is off by more than the bound; the
 * best attempt is kept and its fit error goes into kernel_fit_error. */
static mcs_status calibrate_kernel_checked(calib *c, mcs_gpu_profile *g, int q, int k, char *err,
                                           size_t len)
{
    double *fit[3] = {&g->kernel_fixed_us[q][k], &g->kernel_ramp_path_step_ns[q][k],
                      &g->kernel_path_step_ps[q][k]};
    double best = INFINITY, kept[3] = {0, 0, 0};
    for (int a = 0; a < attempts(c) && best > MCS_PLAUSIBLE_FIT_MAX; a++) {
        mcs_status st = calibrate_kernel(c, g, q, k, err, len);
        if (st != MCS_OK)
            return st;
        for (int i = 0; i < 3 && c->last_fit < best; i++)
            kept[i] = *fit[i];
        best = fmin(best, c->last_fit);
    }
    for (int i = 0; i < 3; i++)
        *fit[i] = kept[i];
    g->kernel_fit_error = fmax(isnan(g->kernel_fit_error) ? 0 : g->kernel_fit_error, best);
    return MCS_OK;
}

/* FP32 and FP64 lanes per SM by compute capability (CUDA programming guide,
 * "Arithmetic instructions" throughput table). */
static void lanes(int major, int minor, double *fp32, double *fp64)
{
    *fp32 = major >= 8 && !(major == 8 && minor == 0) ? 128 : 64;
    *fp64 = (major == 9 && minor == 0) || (major == 8 && minor == 0) || major == 7 ? 32 : 2;
    if (major == 7 && minor == 5)
        *fp64 = 2;
}

/* The pause after the last GPU process before a context counts as a quiet
 * host's: a split's shares start so (measure_quiet_context). */
#define QUIET_PAUSE_S 2

/* Start-up contention (context_together_G): fresh processes started at
 * once, one per GPU, for G = 2, 4, 8, 16 while the host has G GPUs (a
 * round that fails, as on a GPU that does not exist, ends the series); 3
 * rounds (1 with --quick) of one process alone then G at once, interleaved,
 * and the median of the slowest one's context phase over the median of
 * the lone one's. Each run starts QUIET_PAUSE_S after the last (not with
 * --quick), as the split's shares do: the estimator multiplies the ratio by
 * the quiet context, and taken between back-to-back runs the ratio held the
 * pause's extra once more (4 H200s: a burst of 4 took 1.33 s and one alone
 * 0.67 s back to back, where the shares after a pause took 1.75 s and one
 * 1.13 s; 2.0 x 1.13 s predicted 2.26 s).
 * Before anything in this process opens CUDA (fixed_costs says why). */
static mcs_status calibrate_together(calib *c, mcs_gpu_profile *g, char *err, size_t len)
{
    mcs_run_spec spec = small_job(c, "gpu");
    static mcs_timings t[MCS_TOGETHER_MAX];
    double alone[3], slowest[3], spread;
    const int rounds = c->quick ? 1 : 3;
    char why[1024];
    mcs_status st = mcs_run_cold(c->self, &spec, c->log, t, NULL, err, len); /* unmeasured */
    const int gpus = mcs_sysinfo_nvidia_gpus(); /* -1: unknown, tried */
    if (st == MCS_OK && gpus >= 0 && gpus < 2) {
        progress("gpu: %d GPU%s here (the driver's /proc/driver/nvidia/gpus): no start-up "
                 "contention to measure", gpus, gpus == 1 ? "" : "s");
        return MCS_OK;
    }
    for (int i = 0; i < MCS_CONTEXT_TOGETHER_POINTS && st == MCS_OK; i++) {
        const int G = 2 << i;
        for (int r = 0; r < rounds; r++) {
            if (!c->quick)
                sleep(QUIET_PAUSE_S);
            if ((st = mcs_run_cold(c->self, &spec, c->log, t, NULL, err, len)) != MCS_OK)
                return st;
            alone[r] = t[0].seconds[MCS_PHASE_CONTEXT];
            if (!c->quick)
                sleep(QUIET_PAUSE_S);
            st = mcs_run_cold_together(c->self, &spec, G, c->log, t, why, sizeof why);
            if (st == MCS_E_INTERRUPTED) {
                snprintf(err, len, "%s", why);
                return st;
            }
            if (st != MCS_OK) {
                progress("gpu: %d processes at once: %s; start-up contention measured up to %d",
                         G, why, G / 2);
                return MCS_OK;
            }
            slowest[r] = 0;
            for (int j = 0; j < G; j++)
                slowest[r] = fmax(slowest[r], t[j].seconds[MCS_PHASE_CONTEXT]);
        }
        double one = mcs_trimmed_spread(alone, rounds, &spread);
        double most = mcs_trimmed_spread(slowest, rounds, &spread);
        g->context_together[i] = one > 0 ? most / one : NAN;
        progress("gpu: %d processes at once, one per GPU: the slowest context %.3gx one's alone "
                 "(%.3f s against %.3f s)", G, g->context_together[i], most, one);
    }
    return st;
}

/* The context on a quiet host (context_quiet_s): 3 fresh processes, each
 * started QUIET_PAUSE_S after the last GPU process ended, the median of
 * their context phases. The shares of a split start so; back to back, as
 * calibrate's other cold rounds run, a context comes out faster (2-H200
 * host: 0.43 s against 0.53-0.59 s after a 2 s pause). First of the GPU
 * steps, before this process opens CUDA: a context that any process holds
 * keeps the driver started, and measured after calibrate's own warm runs a
 * fresh context took 0.15 s (2-H100 host) where the split's shares paid
 * 0.52-0.55 s. Not with --quick (its 15 s cap). */
static mcs_status measure_quiet_context(calib *c, mcs_gpu_profile *g, char *err, size_t len)
{
    mcs_run_spec spec = small_job(c, "gpu");
    double context[3], spread;
    mcs_timings t;
    for (int r = 0; r < 3; r++) {
        sleep(QUIET_PAUSE_S);
        mcs_status st = mcs_run_cold(c->self, &spec, c->log, &t, NULL, err, len);
        if (st != MCS_OK)
            return st;
        context[r] = t.seconds[MCS_PHASE_CONTEXT];
    }
    g->context_quiet_s = mcs_trimmed_spread(context, 3, &spread);
    g->spread.context_quiet_s = spread;
    progress("gpu: context %.3f s after %d s with no GPU process (a split's share)",
             g->context_quiet_s, QUIET_PAUSE_S);
    return MCS_OK;
}

static mcs_status calibrate_gpu(calib *c, mcs_profile *p, char *err, size_t len)
{
    mcs_gpu_profile *g = &p->gpu;
    mcs_status st;
    phase_stats cold, warm;
    p->has_gpu = 1;
    if ((!c->quick && (st = measure_quiet_context(c, g, err, len)) != MCS_OK) ||
        (st = calibrate_together(c, g, err, len)) != MCS_OK ||
        (st = measure_fixed(c, p, 1, &cold, &warm, NULL, err, len)) != MCS_OK)
        return st;
    c->gpu_cold = cold; /* its write pooled with the CPU's at the end (cpu_fixed_final) */
    c->gpu_warm = warm;
    g->first_launch_us =
        fmax(0, cold.median[MCS_PHASE_SIMULATE] - warm.median[MCS_PHASE_SIMULATE]) * 1e6;
    g->spread.first_launch_us = cold.spread[MCS_PHASE_SIMULATE];
    progress("gpu: context %.3f s, device query %.2g s, set-up %.3g s (cold); a fresh "
             "process's start and exit %.3g s", g->context_s, g->device_query_cold_s,
             g->setup_cold_s, g->process_cold_s);
    double alloc_small = g->alloc_s;
    /* allocation per byte: 2^20 blocks of 256 paths = 2 x 32 MiB of block sums */
    mcs_timings t;
    const char *big[] = {"simulation.block_size=256", "simulation.paths=268435456"};
    c->launch_rule = stage_rule(c, STAGE_GPU_LAUNCH);
    if ((st = timed_run(c, "gpu", 0, big, 2, &c->launch_rule, &t, err, len)))
        return st;
    double bytes = 2.0 * MCS_GPU_MAX_CHUNK_BLOCKS * mcs_sums_record_len(1) * sizeof(double);
    g->alloc_ns_per_byte = fmax(0, (t.seconds[MCS_PHASE_ALLOC] - alloc_small) / bytes * 1e9);
    progress("gpu: allocation %.3g s (%.3g s in a fresh process) + %.3g ns per byte", g->alloc_s,
             g->alloc_cold_s, g->alloc_ns_per_byte);
    /* the host's work per block of a GPU run (gpu_run unpacks a launch's
     * records into the engine's block sums, which it merges): the same 2^20
     * blocks in 4 launches of 2^18, the chunk of a one-step job of
     * 65536-path blocks, so that a quarter of them (the first launch's)
     * pay their pages' first touch, as a run's first launch does */
    const char *chunk_env = getenv("MCSIM_GPU_CHUNK_BLOCKS");
    char chunk_was[32] = "";
    if (chunk_env)
        snprintf(chunk_was, sizeof chunk_was, "%s", chunk_env);
    setenv("MCSIM_GPU_CHUNK_BLOCKS", "262144", 1);
    mcs_repeat_rule some = exactly(c->quick ? 1 : 3);
    st = timed_run(c, "gpu", 0, big, 2, &some, &t, err, len);
    if (chunk_env)
        setenv("MCSIM_GPU_CHUNK_BLOCKS", chunk_was, 1);
    else
        unsetenv("MCSIM_GPU_CHUNK_BLOCKS");
    if (st)
        return st;
    g->reduce_block_ns = t.seconds[MCS_PHASE_REDUCE] / MCS_GPU_MAX_CHUNK_BLOCKS * 1e9;
    progress("gpu: reduce %.3g ns per block (the host's unpack and merge, %.0f launches)",
             g->reduce_block_ns, (double)t.count[MCS_PHASE_SIMULATE]);
    double launch;
    int e = mcs_gpu_module_get()->launch_seconds(0, c->quick ? 50 : 200, &launch);
    if (e) {
        snprintf(err, len, "timing kernel launches: CUDA error %d", e);
        return MCS_E_UNAVAILABLE;
    }
    g->launch_us = launch * 1e6;
    progress("gpu: kernel launch %.2f us (empty kernel, event time)", g->launch_us);
    if ((st = calibrate_copies_checked(c, g, err, len)))
        return st;
    for (int q = 0; q < 2; q++)
        for (int k = 0; k < 3; k++)
            if ((st = calibrate_kernel_checked(c, g, q, k, err, len)))
                return st;
    /* spec numbers: from the catalogue entry of this GPU model, else from
     * the device's SM count and clock */
    mcs_gpu_info info;
    mcs_run_spec spec = {c->config, {"simulation.paths=1"}, 1, "gpu", 0, NULL};
    if ((st = mcs_run_warm(&spec, c->log, &t, NULL, &info, NULL, err, len)))
        return st;
    snprintf(g->model, sizeof g->model, "%s", info.name);
    for (const mcs_catalogue_entry *ce = mcs_catalogue; ce->name; ce++) {
        mcs_profile cat;
        char why[256];
        if (mcs_profile_parse(ce->text, ce->name, &cat, why, sizeof why) == MCS_OK &&
            cat.has_gpu && strcmp(cat.gpu.model, info.name) == 0) {
            g->fp32_tflops = cat.gpu.fp32_tflops;
            g->fp64_tflops = cat.gpu.fp64_tflops;
            g->fp16_tflops = cat.gpu.fp16_tflops;
            g->pcie_gbps = cat.gpu.pcie_gbps;
            g->memory_bandwidth_gbps = cat.gpu.memory_bandwidth_gbps;
            g->boost_clock_mhz = cat.gpu.boost_clock_mhz;
            progress("gpu: spec numbers from the catalogue's %s", ce->name);
        }
    }
    g->sm_count = info.sm_count;
    g->memory_gb = info.memory_bytes / 1e9;
    if (isnan(g->fp32_tflops)) {
        double l32, l64;
        lanes(info.cc_major, info.cc_minor, &l32, &l64);
        g->boost_clock_mhz = info.sm_clock_khz / 1000.0;
        g->fp32_tflops = info.sm_count * l32 * 2 * g->boost_clock_mhz / 1e6;
        g->fp64_tflops = info.sm_count * l64 * 2 * g->boost_clock_mhz / 1e6;
        g->memory_bandwidth_gbps = 2.0 * info.memory_clock_khz * info.memory_bus_bits / 8 / 1e6;
    }
    return MCS_OK;
}

static int parse(int argc, char **argv, calib *c)
{
    static const struct option opts[] = {
        {"backend", required_argument, NULL, 'b'}, {"output", required_argument, NULL, 'o'},
        {"name", required_argument, NULL, 'n'},    {"quick", no_argument, NULL, 'Q'},
        {"help", no_argument, NULL, 'h'},          {"quiet", no_argument, NULL, 'q'},
        {"mpirun", required_argument, NULL, 'M'},  {NULL, 0, NULL, 0},
    };
    c->output = NULL; /* default: the local profile (mcs_profile_local_path) */
    c->name = "local";
    c->cpu = c->gpu = 1;
    optind = 1;
    opterr = 0;
    quiet = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":b:o:n:qh", opts, NULL)) != -1) {
        switch (o) {
        case 'b':
            if (strcmp(optarg, "cpu") && strcmp(optarg, "gpu") && strcmp(optarg, "all")) {
                fprintf(stderr, "mcsim calibrate: --backend %s: must be cpu, gpu or all\n", optarg);
                return 0;
            }
            c->cpu = strcmp(optarg, "gpu") != 0;
            c->gpu = strcmp(optarg, "cpu") != 0;
            break;
        case 'o': c->output = optarg; c->output_given = 1; break;
        case 'n': c->name = optarg; break;
        case 'Q': c->quick = 1; break;
        case 'q': quiet = 1; break;
        case 'M':
            if (!optarg[0] || strlen(optarg) > MPIRUN_MAX) {
                fprintf(stderr, "mcsim calibrate: --mpirun '%.40s': give the launcher's command, "
                        "1 to %d characters (e.g. --mpirun mpirun)\n", optarg, MPIRUN_MAX);
                return 0;
            }
            c->mpirun = optarg;
            break;
        case 'h': mcs_cmd_calibrate_help(stdout); exit(0);
        default:
            fprintf(stderr, "mcsim calibrate: %s '%s'\n(see mcsim calibrate --help)\n",
                    o == ':' ? "a value is missing after" : "unknown option", argv[optind - 1]);
            return 0;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "mcsim calibrate: unexpected argument '%s'\n", argv[optind]);
        return 0;
    }
    char why[256];
    if (mcs_profile_check_text("profile", "name", c->name, why, sizeof why) != MCS_OK) {
        fprintf(stderr, "mcsim calibrate: --name: %s\n", why);
        return 0;
    }
    if (!c->output) {
        if (!mcs_profile_local_path(c->default_output, sizeof c->default_output)) {
            fprintf(stderr, "mcsim calibrate: HOME and XDG_CONFIG_HOME are unset, so there is "
                    "no profile folder: give -o FILE\n");
            return 0;
        }
        c->output = c->default_output;
    }
    return 1;
}

/* Before measuring: the profile can be written where it goes (the
 * output-path rule: never a folder, device, pipe or link; a writable
 * folder, made first for the default local profile), and no other
 * calibrate writes it at the same time. */
static mcs_status check_output(const calib *c, char *err, size_t len)
{
    mcs_status st = mcs_output_check("profile", c->output, !c->output_given,
                                     c->output_given ? NULL : "set XDG_CONFIG_HOME or give -o FILE",
                                     err, len);
    if (st == MCS_OK)
        st = mcs_output_lock("profile", c->output, err, len);
    return st;
}

/* mkdir -p of the folder of path (the default profile folder). */
static void make_folder_of(const char *path)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return;
    *slash = '\0';
    for (char *q = dir + 1; *q; q++)
        if (*q == '/') {
            *q = '\0';
            mkdir(dir, 0777);
            *q = '/';
        }
    mkdir(dir, 0777); /* an error shows when the profile is written */
}

int mcs_cmd_calibrate(int argc, char **argv, const char *argv0)
{
    calib c;
    memset(&c, 0, sizeof c);
    if (!parse(argc, argv, &c))
        return mcs_status_exit_code(MCS_E_USAGE);
    c.self = mcs_self_path(argv0);
    char err[1024] = "";
    mcs_stop_on_signals(); /* SIGINT, SIGTERM: stop, clean up, exit 130; no SIGXFSZ kill */
    if (!c.output_given)
        make_folder_of(c.output);
    mcs_status st = check_output(&c, err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim calibrate: %s; nothing measured\n", err);
        return mcs_status_exit_code(st);
    }
    mcs_profile p;
    mcs_profile_init(&p);
    char gpu_why[4096 + 1024];
    mcs_gpu_module_status gpu_state = mcs_gpu_module_state(gpu_why, sizeof gpu_why);
    if (c.gpu && gpu_state != MCS_GPU_MODULE_LOADED) { /* GPU measurements need the module */
        if (!c.cpu) {
            fprintf(stderr, "mcsim calibrate: --backend gpu: %s\n", gpu_why);
            return mcs_status_exit_code(MCS_E_UNAVAILABLE);
        }
        if (gpu_state == MCS_GPU_MODULE_UNLOADABLE)
            progress("%s: calibrating the cpu only", gpu_why);
        c.gpu = 0;
    }
    if (c.gpu && !c.cpu) { /* keep the [cpu] part of an existing profile, refused before
                            * anything is measured where there is none */
        mcs_profile old;
        char why[1024] = "";
        if (mcs_profile_load_file(c.output, &old, why, sizeof why) == MCS_OK && old.has_cpu) {
            p.has_cpu = 1;
            p.cpu = old.cpu;
        } else {
            const int missing = access(c.output, F_OK) != 0;
            fprintf(stderr, "mcsim calibrate: --backend gpu keeps the [cpu] section of %s, "
                    "and %s: calibrate the cpu too (--backend all), or first (--backend cpu "
                    "-o %s); nothing measured\n", c.output,
                    missing ? "there is no such file" : why[0] ? "cannot read it" : "it has none",
                    c.output);
            if (why[0] && !missing)
                fprintf(stderr, "mcsim calibrate: %s\n", why);
            return mcs_status_exit_code(MCS_E_CONFIG);
        }
    }
    if ((st = mcs_run_folder_make("calibrate", c.dir, sizeof c.dir, err, sizeof err)) != MCS_OK) {
        fprintf(stderr, "mcsim calibrate: %s; nothing measured\n", err);
        return mcs_status_exit_code(st);
    }
    snprintf(c.config, sizeof c.config, "%s/calibrate.ini", c.dir);
    snprintf(c.log, sizeof c.log, "%s/run.h5", c.dir);
    FILE *f = fopen(c.config, "w");
    if (f) { /* the job every measurement runs: GBM European call, one step */
        fputs("# mcsim calibrate's job\n[model]\ntype = gbm\nspot = 100\nrate = 0.05\n"
              "volatility = 0.2\n[option]\npayoff = european\ntype = call\nstrike = 100\n"
              "maturity = 1\n[simulation]\npaths = 1000\nsteps = 1\nseed = 1\n", f);
        fclose(f);
    }
    double t0 = mcs_now();
    c.extras_until = t0 + EXTRAS_UNTIL_S;
    if (c.quick)
        progress("rule: %d interleaved rounds of each measurement, nothing measured twice, "
                 "all kernels but the single-precision default generator's at one step count; "
                 "cap %d s",
                 MCS_REPEATS_QUICK, CALIBRATE_CAP_QUICK_S);
    else
        progress("rule: interleaved rounds of each measurement, at least %d (2 that agree "
                 "within %.0f%%), until its runs spread at most %.0f%% or its median moved at "
                 "most %.0f%% (spread at most %.0f%%), at most %d; rounds beyond %d within each "
                 "stage's share of the %d s cap",
                 MCS_REPEATS_MIN, 100 * MCS_AGREED_SPREAD, 100 * MCS_SETTLED_SPREAD,
                 100 * MCS_SETTLED_MOVE,
                 100 * MCS_PLAUSIBLE_SPREAD_MAX, MCS_REPEATS_MAX, MCS_REPEATS_MIN,
                 CALIBRATE_CAP_S);
    if (c.gpu) {
        /* is there a usable GPU? Asked of a child process: a CUDA driver
         * opened here would keep the GPU initialised and make the cold runs'
         * context creation look cheaper than a user's fresh process finds it */
        mcs_run_spec probe = {c.config, {"simulation.paths=1"}, 1, "gpu", 0, NULL};
        mcs_timings t;
        char why[512];
        if (mcs_run_cold(c.self, &probe, c.log, &t, NULL, why, sizeof why) != MCS_OK && !mcs_stop_flag) {
            if (c.cpu) {
                progress("no usable GPU (%s): calibrating the cpu only", why);
                c.gpu = 0;
            } else {
                snprintf(err, sizeof err, "--backend gpu: no usable GPU: %s", why);
                st = MCS_E_UNAVAILABLE;
            }
        }
    }
    /* the fresh runs read a profile of this one's size (stand_in_profile) */
    char stand_in[4300];
    const char *user_profile = getenv("MCSIM_PROFILE");
    char *kept = user_profile ? strdup(user_profile) : NULL;
    if (st == MCS_OK && (st = stand_in_profile(&c, stand_in, sizeof stand_in, err,
                                               sizeof err)) == MCS_OK)
        setenv("MCSIM_PROFILE", stand_in, 1);
    mcs_kernel_calibration kernels = {c.quick, progress,
                                      c.quick ? 0 : stage_budget_s[STAGE_CPU_KERNELS],
                                      c.extras_until, c.cpu && !c.quick ? spread_round : NULL,
                                      &c};
    if (st == MCS_OK && c.cpu)
        st = calibrate_cpu(&c, &p, err, sizeof err);
    if (st == MCS_OK && c.mpirun && c.cpu)
        st = measure_mpi_start(&c, "cpu", &p.cpu.mpi_start_s, &p.cpu.spread.mpi_start_s, err,
                               sizeof err);
    if (st == MCS_OK && c.cpu)
        st = mcs_calibrate_cpu_kernels(&kernels, &p.cpu, err, sizeof err);
    if (st == MCS_OK && c.cpu)
        st = cpu_fixed_again(&c, &p, err, sizeof err);
    if (st == MCS_OK && c.gpu)
        st = calibrate_gpu(&c, &p, err, sizeof err);
    if (st == MCS_OK && c.mpirun && c.gpu)
        st = measure_mpi_start(&c, "gpu", &p.gpu.mpi_start_s, &p.gpu.spread.mpi_start_s, err,
                               sizeof err);
    kernels.budget = c.quick ? 0 : stage_budget_s[STAGE_GPU_KERNELS];
    if (st == MCS_OK && c.gpu)
        st = mcs_calibrate_gpu_kernels(&kernels, &p.gpu, err, sizeof err);
    if (st == MCS_OK && c.cpu)
        cpu_fixed_final(&c, &p);
    mcs_run_folder_remove(c.dir);
    if (kept)
        setenv("MCSIM_PROFILE", kept, 1);
    else
        unsetenv("MCSIM_PROFILE");
    free(kept);
    if (mcs_stop_flag) { /* whatever the runs said: a stop request */
        snprintf(err, sizeof err, "interrupted");
        st = MCS_E_INTERRUPTED;
    }
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim calibrate: %s; no profile written\n", err);
        return mcs_status_exit_code(st);
    }
    snprintf(p.name, sizeof p.name, "%s", c.name);
    snprintf(p.kind, sizeof p.kind, "%s", p.has_gpu ? "machine" : "cpu");
    p.calibrated = 1;
    p.quick = c.quick;
    mcs_sysinfo_host(p.host, sizeof p.host);
    mcs_utc_stamp(p.date, sizeof p.date);
    snprintf(p.mcsim_version, sizeof p.mcsim_version, "%s", MCS_VERSION);
    int n = snprintf(p.description, sizeof p.description, "%s%s%s (measured)", p.cpu.model,
                     p.has_gpu ? " + " : "", p.has_gpu ? p.gpu.model : "");
    if (n < 0 || (size_t)n + strlen("description = ") > MCS_PROFILE_LINE_MAX)
        snprintf(p.description, sizeof p.description, "measured by mcsim calibrate (the "
                 "models are in [cpu] model%s)", p.has_gpu ? " and [gpu] model" : "");
    snprintf(p.source, sizeof p.source, "mcsim calibrate%s%s; cpu spec numbers: cores by "
             "%s, FLOPs per cycle from the instruction sets", c.quick ? " --quick" : "",
             c.gpu ? "" : " --backend cpu", c.cpu_counted_by);
    /* figures still outside the plausibility bounds after re-measuring */
    if (mcs_profile_problems(&p, p.warning, sizeof p.warning) > 0)
        progress("warning: implausible after %d measurement%s: %s (written to the profile as "
                 "`warning`; calibrate again on a quiet machine)", attempts(&c),
                 attempts(&c) == 1 ? "" : "s", p.warning);
    /* measurements are noisy well before their sixth digit: kept short */
    mcs_profile_round(&p, 6);
    st = mcs_profile_save(c.output, &p, "# hardware profile measured by mcsim calibrate "
                          "(docs/estimator.md)\n", err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim calibrate: %s\n", err);
        return mcs_status_exit_code(st);
    }
    double took = mcs_now() - t0, cap = c.quick ? CALIBRATE_CAP_QUICK_S : CALIBRATE_CAP_S;
    if (took > cap)
        progress("note: took %.0f s, more than the %.0f s the H100 machine takes at most: this "
                 "machine is slower or busier (the minimum rounds alone took that long)", took, cap);
    progress("done in %.0f s%s: wrote %s%s", took,
             c.quick ? " (--quick: fewer rounds, most kernels at one step count; "
                       "marked quick = yes)" : "", c.output,
             c.output_given ? "" : " (the local profile: estimate, validate and --backend auto "
                                   "read it from any folder)");
    const char *env = getenv("MCSIM_PROFILE");
    if (env && *env && strcmp(env, c.output) != 0)
        progress("note: MCSIM_PROFILE=%s is set, and is what estimate and --backend auto read",
                 env);
    return 0;
}
