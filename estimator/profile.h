/* profile.h - hardware profiles for the speedup estimator: what a CPU and a
 * GPU cost per phase of a run, measured by `mcsim calibrate` or taken from a
 * spec sheet (the catalogue in profiles/). Read from and written as INI; the
 * key table in profile.c is the one list of keys (docs/estimator.md). */
#ifndef MCS_PROFILE_H
#define MCS_PROFILE_H

#include <stddef.h>
#include <stdio.h>
#include "kernel_plan.h"
#include "status.h"

#define MCS_PROFILE_TEXT 256
#define MCS_PROFILE_SCALING_MAX 64
#define MCS_PROFILE_SCALING_MAX_TEXT "64"
/* The process counts of [gpu] context_together_G: G = 2, 4, 8, 16. */
#define MCS_CONTEXT_TOGETHER_POINTS 4
/* The most characters a profile line holds (inih's line buffer, less its
 * NUL): a longer line is an error, never split. */
#define MCS_PROFILE_LINE_MAX 199
/* The largest profile file read (the catalogue's are a few KB). */
#define MCS_PROFILE_FILE_MAX (1 << 20)
/* The largest count (cores, threads, SMs, scaling threads), as --threads. */
#define MCS_PROFILE_COUNT_MAX 4096
#define MCS_PROFILE_COUNT_MAX_TEXT "4096"
/* MCS_PREC_COUNT, MCS_CPU_RNG_COUNT, MCS_GPU_RNG_COUNT: kernel_plan.h */

/* A table over thread counts, whole and rising: value[i] at threads[i]
 * (n = 0: none). */
typedef struct {
    int n;
    double threads[MCS_PROFILE_SCALING_MAX], value[MCS_PROFILE_SCALING_MAX];
} mcs_thread_table;

/* A compiled kernel's measured costs (kernel_plan.h): per path (start,
 * finish, the payoff), per time step and per monitored step (a fixing, a
 * barrier check: the payoff's watches); and a linear-factor model's
 * (multi_gbm) per path and per step at MCS_MID_ASSETS and MCS_MOST_ASSETS
 * assets (its plan's wide points: estimator/model.c takes a job of n
 * assets between its calibration job's and these). ns of one CPU thread or ps of the
 * saturated GPU; NAN (or 0 for the wide ones) where not measured. */
typedef struct {
    double path, step, watch;
    double wide_path, wide_step;
    double mid_step; /* per step at MCS_MID_ASSETS assets (0: not measured) */
    /* per step at the plan's dear point, where nearly every group of paths
     * pays the model's dear branch (heston's QE exponential branch;
     * kernel_plan.h); NAN (or 0) where not measured or the model has none */
    double dear_step;
    /* per path at MCS_MID_ASSETS assets (0: not measured; the path is then
     * taken affine in the assets between the calibration job's and the
     * widest) */
    double mid_path;
    /* per step at the plan's variant point (heston: its Euler scheme);
     * NAN (or 0) where not measured or the model has none */
    double variant_step;
    /* GPU: per step of the per-thread kernel at MCS_NARROW_ASSETS and
     * MCS_NARROW_TOP_ASSETS assets, measured where those run the per-thread
     * kernel (0: not measured) */
    double narrow_step, narrow_top_step;
    /* and per path there, each from its pair of runs at 1 and MCS_WIDE_STEPS
     * steps (0: not measured; the narrow steps then hold the path's growth
     * over the calibration job's: a profile from before 2026-11-29) */
    double narrow_path, narrow_top_path;
} mcs_kernel_cost;
/* Every cost of c times f. */
void mcs_kernel_cost_scale(mcs_kernel_cost *c, double f);

/* A link (host-to-device or device-to-host copies): t = alpha + bytes / beta. */
typedef struct {
    double alpha_us; /* fixed cost per copy, microseconds */
    double gbps;     /* beta: bandwidth, GB/s (1e9 bytes per second) */
} mcs_link;

/* The CPU: spec-sheet numbers and measured costs. Absent numbers are NAN.
 * The spec-sheet numbers come first, up to MCS_CPU_FIRST_MEASURED: a
 * profile scaled from the reference keeps them (mcs_profile_derive). */
#define MCS_CPU_FIRST_MEASURED config_cold_s
typedef struct {
    char model[MCS_PROFILE_TEXT];
    double cores, threads;                       /* physical cores, hardware threads */
    double base_clock_mhz, all_core_clock_mhz;   /* spec sheet */
    double fp32_flops_per_cycle;                 /* per core, peak */
    double fp32_gflops, fp64_gflops;             /* peak, all cores */
    double sustained_gflops_fp32;                /* the generic calculator's CPU rate */
    /* measured: host phases of every run (both backends), seconds */
    double config_cold_s, config_warm_s;   /* cold: a fresh process; warm: a later run */
    /* the config phase's extra per asset of a multi-asset model beyond the
     * first (deriving and rendering its per-asset parameters); NAN: none */
    double config_asset_s;
    double write_cold_s, write_warm_s;     /* HDF5 run log (cold pays library start-up) */
    double other_cold_s, other_warm_s;     /* time in a run outside every phase */
    double process_cold_s; /* a fresh process's time outside its run's total: loading, exit */
    double mpi_start_s;    /* a CPU rank's MPI start-up: launcher, MPI_Init, MPI_Finalize */
    double setup_cold_s, setup_warm_s, teardown_cold_s, teardown_warm_s;
    /* a fresh process's set-up per team thread beyond the first (starting
     * it), seconds: setup_cold_s is on `threads` threads; optional */
    double setup_cold_thread_s;
    double chunk_start_cold_us, chunk_start_warm_us; /* waking the thread team, per chunk */
    /* a one-block chunk's start, the lone thread's (its batch set-up, a
     * short run's first touches), per chunk; NAN: a profile from before it,
     * 0 then */
    double chunk_start_one_cold_us, chunk_start_one_warm_us;
    double reduce_block_ns;                      /* merging one block's sums */
    /* measured: one thread's cost per path-step, ns, [precision][pcg64, philox]:
     * the fallback for a kernel without its own costs */
    double path_step_ns[MCS_PREC_COUNT][MCS_CPU_RNG_COUNT];
    /* measured per kernel: one thread, ns, [family][precision][pcg64, philox] */
    mcs_kernel_cost kernel_ns[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_CPU_RNG_COUNT];
    /* parallel efficiency: throughput(T) / (T x throughput(1)), measured at
     * T threads over many waves of blocks */
    mcs_thread_table scaling;
    /* one wave: b blocks on b threads take wave(b) x (block paths x c1), c1
     * one thread's cost per path; the slowest thread's time (optional:
     * without it, 1 / efficiency) */
    mcs_thread_table wave;
    /* calibration quality: the largest (max - min) / median of the repeated
     * runs that path_step_ns and the scaling come from */
    double repeat_spread;
    /* each fixed cost's spread over the interleaved runs it is the median
     * of ((max - min) / median, less the fastest and slowest from 5 runs
     * on): keys spread.config_cold_s and so on; NAN where not measured */
    struct {
        double config_cold_s, config_warm_s, write_cold_s, write_warm_s, other_cold_s,
            other_warm_s, process_cold_s, mpi_start_s, setup_cold_s, setup_warm_s,
            setup_cold_thread_s, teardown_cold_s, teardown_warm_s, chunk_start_cold_us,
            chunk_start_warm_us, chunk_start_one_cold_us, chunk_start_one_warm_us;
    } spread;
} mcs_cpu_profile;

/* The GPU: spec-sheet numbers and measured costs. Absent numbers are NAN.
 * The spec-sheet numbers come first, as the CPU's. */
#define MCS_GPU_FIRST_MEASURED context_s
typedef struct {
    char model[MCS_PROFILE_TEXT];
    double sm_count, boost_clock_mhz;
    double fp32_tflops, fp64_tflops, fp16_tflops; /* peak, non-tensor */
    double memory_gb, memory_bandwidth_gbps, pcie_gbps;
    /* measured, seconds unless the name says otherwise */
    double context_s;                 /* CUDA start-up in a fresh process (cold runs only) */
    /* a later run's context phase: the driver asked, the context current
     * already (NAN: a profile from before it, 0) */
    double context_warm_s;
    /* the same on a quiet host: a fresh process started after a pause with no
     * GPU process (the shares of a split start so); NAN: not measured */
    double context_quiet_s;
    /* a fresh GPU process's time outside its run's total: loading, exit
     * (the CUDA context's teardown at exit included) */
    double process_cold_s;
    double device_query_cold_s, device_query_warm_s;
    double setup_cold_s, setup_warm_s; /* stream, events, kernel module load (cold) */
    double alloc_s, alloc_ns_per_byte; /* device + pinned buffers (warm: a later run's) */
    /* a fresh process's fixed part, the driver's first buffers (NAN: a
     * profile from before it, whose cold runs take alloc_s) */
    double alloc_cold_s;
    /* the job's parameters to the device, host time (gpu_backend.c
     * upload_params: compared with the last run's, staged and enqueued
     * where they differ); NAN: a profile from before them, 0 */
    double h2d_cold_s, h2d_warm_s;
    double teardown_s;
    double write_cold_s, write_warm_s; /* a GPU run's log (more to write than a CPU run's) */
    /* a spec sheet's (mcs_profile_derive): the reference's [cpu] write_cold_s
     * and write_warm_s, the CPU run's log on the host where write_* was
     * measured. The log is the host's work, so a host whose CPU profile says
     * h writes a GPU run's log in write x h / these (model.c); 0: a
     * calibrated profile's write_* are its own host's, used as they are. Not
     * a profile key (derived each time the spec sheet is). */
    double write_host_cold_s, write_host_warm_s;
    /* a GPU rank's MPI start-up over a GPU process alone: launcher, MPI_Init
     * (which may start the driver the context needs), MPI_Finalize */
    double mpi_start_s;
    double launch_us;                 /* one kernel launch, empty kernel */
    double first_launch_us;           /* extra for the first launch in a fresh process */
    /* the GPU path's host work per block (gpu_run's unpack of the chunk's
     * records, then the engine's merge), ns; NAN: [cpu] reduce_block_ns */
    double reduce_block_ns;
    /* G fresh processes started at once, one per GPU of this host: the
     * slowest one's context phase over one process's alone, for G = 2, 4,
     * 8, 16 (keys context_together_G); NAN: not measured (this host has
     * fewer GPUs, or an older profile) */
    double context_together[MCS_CONTEXT_TOGETHER_POINTS];
    mcs_link h2d_pinned, h2d_pageable, d2h_pinned, d2h_pageable;
    /* kernel time = launches x (launch + fixed + ramp) + path-steps x throughput cost:
     * [precision][philox, mrg32k3a, sobol] */
    double kernel_path_step_ps[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* saturated, ps */
    double kernel_ramp_path_step_ns[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* one thread, ns */
    double kernel_fixed_us[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* per launch beyond an empty one */
    /* measured per kernel: saturated GPU, ps, [family][precision][philox, mrg32k3a, sobol];
     * kernel_path_step_ps is the fallback for a kernel without them */
    mcs_kernel_cost kernel_ps[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* measured per kernel: its resident CUDA blocks per SM at MCS_GPU_VTHREADS
     * threads a block (cudaOccupancyMaxActiveBlocksPerMultiprocessor), which
     * with sm_count gives the waves of a launch (model.c); NAN: not known */
    double blocks_per_sm[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* measured per kernel: one thread's walk through a path, in paths of the
     * saturated GPU's work (one-block runs at the kernel's last fit point),
     * which sets the time of a launch too small to fill the GPU (model.c);
     * NAN: the generator's ramp over kappa. Heston's QE step waits on its
     * own results 2x longer, for its saturated cost, than a European's */
    double walk[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* and its fixed part per block (the thread's start, the block's sums),
     * in the same unit: a lone block of p paths takes walk_fixed + ceil(p /
     * 256) walk; NAN (a profile from before it): none, the walk alone */
    double walk_fixed[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* the same two at a multi-asset family's last wide point (MCS_MOST_ASSETS
     * assets), where the GPU may run another kernel (the warp kernel): used
     * for a job that runs the warp kernel, and where that point ran the
     * per-thread kernel too (double, MRG32k3a, a watched step), the end of a
     * per-thread job's line in the assets (below); NAN: not measured */
    double walk_wide[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    double walk_fixed_wide[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* and at its narrow top point (MCS_NARROW_TOP_ASSETS assets on the
     * per-thread kernel, where calibrate measures the narrow points): a
     * per-thread job's walk lies on the line through the calibration job's
     * and this one in the assets, then on to the middle and wide points'
     * where those ran the per-thread kernel; NAN: not measured */
    double walk_narrow[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    double walk_fixed_narrow[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* and at its middle wide point (MCS_MID_ASSETS assets), where that ran
     * the per-thread kernel (double, MRG32k3a, a watched step): a point of
     * a per-thread job's line in the assets between the calibration job's
     * and the widest; NAN: not measured */
    double walk_mid[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    double walk_fixed_mid[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* and at its fit point that watches the fewest of its steps, where
     * fewer than the last fit point's (an Asian: 12 fixings of 264 steps,
     * against 264 of 264): a job's walk on the line in the share of its steps
     * it watches between the two; NAN: not measured */
    double walk_sparse[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    double walk_fixed_sparse[MCS_KERNEL_FAMILIES_MAX][MCS_PREC_COUNT][MCS_GPU_RNG_COUNT];
    /* calibration quality: the worst relative error (e^|ln(fit/measured)| - 1)
     * of the copy fits and of the kernel fits at the sizes checked */
    double copy_fit_error, kernel_fit_error;
    /* each fixed cost's spread, as the CPU's (keys spread.context_s, ...) */
    struct {
        double context_s, context_warm_s, context_quiet_s, process_cold_s, device_query_cold_s,
            device_query_warm_s, setup_cold_s, setup_warm_s, alloc_s, alloc_cold_s, h2d_cold_s,
            h2d_warm_s, teardown_s, write_cold_s, write_warm_s, mpi_start_s, first_launch_us;
    } spread;
} mcs_gpu_profile;

/* One term of a spec-sheet profile scaled from a calibrated reference
 * (mcs_profile_derive): its costs were multiplied by `ratio`, the
 * reference's spec figure over the profile's, by the figures `by` names. */
typedef struct {
    char side[4];    /* "cpu" or "gpu" */
    char term[32];   /* "kernel_single", "copies", ... */
    double ratio;    /* cost here / cost on the reference */
    char by[48];     /* "sm_count x boost_clock" */
} mcs_scaled_term;
#define MCS_SCALED_TERMS_MAX 8

typedef struct {
    char name[MCS_PROFILE_TEXT];        /* "h100-sxm" */
    char kind[16];                      /* "cpu", "gpu" or "machine" (both) */
    int calibrated;                     /* 1: measured by mcsim calibrate */
    char description[MCS_PROFILE_TEXT];
    char source[1024];                  /* spec sheet URLs, or "mcsim calibrate" */
    char host[MCS_PROFILE_TEXT];        /* where it was measured */
    char date[64];                      /* when (UTC, ISO 8601) */
    char mcsim_version[32];
    double price_per_hour;              /* default price, USD per hour (NAN: none) */
    char price_basis[16];               /* "cloud" (rented per hour), "amortised" (purchase
                                           price over the hours of use) or "" (not stated) */
    char warning[MCS_PROFILE_TEXT];     /* what calibrate found implausible, or "" */
    int quick;                          /* 1: measured by `mcsim calibrate --quick` (fewer
                                           runs, some kernels' costs inferred) */
    char origin[1024];                  /* the file it came from, or "catalogue:NAME" */
    int has_cpu, has_gpu;
    mcs_cpu_profile cpu;
    mcs_gpu_profile gpu;
    /* filled by mcs_profile_derive, never read or written as INI: the
     * reference scaled from ("" when not derived) and the terms scaled */
    char scaled_from[MCS_PROFILE_TEXT];
    int n_scaled;
    mcs_scaled_term scaled[MCS_SCALED_TERMS_MAX];
} mcs_profile;

/* An empty profile: every number NAN, no sections. */
void mcs_profile_init(mcs_profile *p);

/* Parse `len` bytes of INI text (`origin` names it in messages).
 * MCS_E_CONFIG with "origin:line: [section] key: ..." for an unknown
 * section or key, a duplicate, a bad number (not finite, below 0, 0 where
 * something divides by it, a count not whole or above
 * MCS_PROFILE_COUNT_MAX), a text value INI could not hold, or a missing
 * [profile] name/kind; with "origin:line: ..." for a NUL byte, a CR inside
 * a line or a line longer than MCS_PROFILE_LINE_MAX. A section header
 * without keys still makes its section present. */
mcs_status mcs_profile_parse_n(const char *text, size_t len, const char *origin, mcs_profile *p,
                               char *err, size_t err_len);

/* mcs_profile_parse_n of a NUL-terminated text (the catalogue's). */
mcs_status mcs_profile_parse(const char *text, const char *origin, mcs_profile *p, char *err,
                             size_t err_len);

/* Read a profile file: a regular file (a folder, device or FIFO is
 * MCS_E_NOINPUT, never opened for reading) of at most
 * MCS_PROFILE_FILE_MAX bytes (larger: MCS_E_CONFIG). MCS_E_NOINPUT if it
 * cannot be read. */
mcs_status mcs_profile_load_file(const char *path, mcs_profile *p, char *err, size_t err_len);

/* A profile by name or path: a path (contains '/' or ends in .ini) is read
 * as a file; otherwise NAME.ini in the user's profile folder
 * (mcs_profile_dir), then profiles/NAME.ini in the working folder, then the
 * built-in catalogue. */
mcs_status mcs_profile_find(const char *name_or_path, mcs_profile *p, char *err,
                            size_t err_len);

/* The user's profile folder: $XDG_CONFIG_HOME/mcsim when XDG_CONFIG_HOME is
 * an absolute path, else $HOME/.config/mcsim. 0 (and "" in buf) when
 * neither variable gives one. */
int mcs_profile_dir(char *buf, size_t len);

/* Where `mcsim calibrate` writes the local profile by default:
 * mcs_profile_dir()/local.ini. 0 when there is no profile folder. */
int mcs_profile_local_path(char *buf, size_t len);

/* The local machine's profile: $MCSIM_PROFILE (a path or a name, as for
 * mcs_profile_find) if set, else mcs_profile_local_path() if it exists;
 * never the working folder, so it is the same from any folder.
 * MCS_E_NOINPUT (and a message) when there is none. */
mcs_status mcs_profile_local(mcs_profile *p, char *err, size_t err_len);

/* 1 when a local profile is named or present ($MCSIM_PROFILE is set, or
 * mcs_profile_local_path() exists): not being able to use it is then worth
 * saying. 0 when there is none to read. */
int mcs_profile_local_named(void);

/* The profile as INI text (malloc'ed into *text, free it): `header` (NULL
 * or '#' comment lines) first, then each section the profile has, even one
 * whose keys are all absent, with the keys that have values, each after a
 * comment giving its units, numbers in shortest round-trip form. Reading
 * the text back gives the same profile (mcs_profile_diff finds nothing);
 * a value for which that could not hold is an error naming the key (a
 * line over MCS_PROFILE_LINE_MAX, a number out of its key's range, text
 * with a line break, spaces at its ends or an INI comment). */
mcs_status mcs_profile_format(const mcs_profile *p, const char *header, char **text,
                              size_t *len, char *err, size_t err_len);

/* mcs_profile_format written to `path` by the output-path rule
 * (mcs_output_write_bytes: whole or not at all; MCS_E_IO naming the path). */
mcs_status mcs_profile_save(const char *path, const mcs_profile *p, const char *header,
                            char *err, size_t err_len);

/* Can `value` be the text key [section] key of a written profile (its
 * field, a profile line, INI's rules, its choices)? MCS_E_CONFIG with the
 * reason otherwise: for checking a value before work that needs it. */
mcs_status mcs_profile_check_text(const char *section, const char *key, const char *value,
                                  char *err, size_t err_len);

/* 0 when a and b are the same profile (every key of the sections they
 * have, the sections themselves; `origin` aside), else 1 with the first
 * difference named in `what` ("[cpu] threads"). */
int mcs_profile_diff(const mcs_profile *a, const mcs_profile *b, char *what, size_t len);

/* Every key a profile may have, as one JSON object (`mcsim help
 * profile-keys --format json`; docs/estimator.md, "Profile keys"): "keys",
 * each {section, key, kind, range, choices, meaning} in the order a profile
 * writes them (a per-kernel key as "path_ns.KERNEL", kind "kernel"), and
 * "kernels": the families, precisions and each side's generators whose
 * names FAMILY_PRECISION_GENERATOR stand for KERNEL, with the largest
 * count ("count_max"). Tools read it rather than list the keys again
 * (tests/bad_inputs/generate.py). */
void mcs_profile_print_keys_json(FILE *f);

/* Every number of p (and scaling efficiency) to `digits` significant
 * digits: what calibrate keeps of its measurements, so that its profiles
 * read as plain short numbers. */
void mcs_profile_round(mcs_profile *p, int digits);

/* The built-in catalogue (every profiles/NAME.ini but local.ini, compiled in): NULL-terminated. */
typedef struct {
    const char *name;
    const char *text;
} mcs_catalogue_entry;
extern const mcs_catalogue_entry mcs_catalogue[];

/* Fill what an uncalibrated spec-sheet profile lacks (measured costs) from
 * a calibrated reference, scaled per term by spec ratios (docs/estimator.md):
 * CPU kernels by peak per core; GPU kernels by SM count x boost clock (double
 * also by the FP64 share), one thread's ramp and the per-launch kernel cost by
 * the clock, copies by the host link; a GPU run's log write relative to the
 * reference host's CPU log (gpu.write_host_*: the host that runs it writes
 * it); the other measured fixed costs kept. Records
 * the reference's name in p->scaled_from and each term scaled in p->scaled.
 * A calibrated profile is left as is. MCS_E_CONFIG when a ratio's inputs are
 * missing. */
mcs_status mcs_profile_derive(mcs_profile *p, const mcs_profile *reference, char *err,
                              size_t err_len);

/* The CPU and the GPU to estimate with: each side from --cpu / --gpu if
 * named, else from --profile, else from the local profile; spec-sheet
 * profiles are scaled (mcs_profile_derive) from the --profile when it is
 * calibrated and has that side (an H100 profile predicting --gpu h200),
 * else from the catalogue's reference. Each side
 * must then have every figure the model reads (MCS_E_CONFIG naming the
 * first key missing, e.g. [cpu] threads). The GPU side
 * may be absent: when --gpu is not given and the profile it would come from
 * has no [gpu] section (a CPU-only machine), gpu_out is returned with
 * has_gpu = 0 and the name of that profile, for CPU-only predictions. */
mcs_status mcs_profiles_choose(const char *profile, const char *cpu, const char *gpu,
                               mcs_profile *cpu_out, mcs_profile *gpu_out, char *err,
                               size_t err_len);

/* The reference profile that spec-sheet profiles are scaled from. */
#define MCS_PROFILE_REFERENCE "h100-reference"

/* Plausibility bounds on a calibration, defined once: `mcsim calibrate`
 * re-measures beyond them (up to MCS_CALIBRATE_ATTEMPTS times in all) and
 * then writes the profile with a `warning`; estimate and validate print it,
 * and validate checks any profile's figures against the same bounds.
 *
 * Parallel efficiency: throughput(T) / (T x throughput(1)). The calibration
 * job works in registers and L1, so T threads cannot do more than T times one
 * thread's work; a few percent above 1 is turbo and timer noise, beyond 1.05
 * the one-thread reference run was slowed by something else on the machine
 * (two back-to-back calibrations on a busy 2-core machine gave 1.26 and 0.99;
 * the H100 host's pairs 1.145 once). */
#define MCS_PLAUSIBLE_EFFICIENCY_MAX 1.05
/* Spread of repeats: (max - min) / median of the simulate times of the runs
 * a cost is taken from (runs of at least 0.05 s). Quiet machines stay within
 * a few percent; beyond 25% a burst of other work hit some of them. */
#define MCS_PLAUSIBLE_SPREAD_MAX 0.25
/* Fits (GPU copies alpha + bytes/beta, kernel fixed + ramp + throughput):
 * the worst e^|ln(fit/measured)| - 1 over the sizes measured. The H100
 * reference calibration's worst was 0.94 (pageable copies, which are not
 * linear in bytes); beyond a factor 2 the fit does not describe the hardware. */
#define MCS_PLAUSIBLE_FIT_MAX 1.0
/* Measurements in all (the first and one re-measurement) before calibrate
 * gives up on a figure and writes the warning. */
#define MCS_CALIBRATE_ATTEMPTS 2

/* The fixed phases of a run, each declared once: its side, the run-log
 * phase calibrate takes it from (MCS_PHASE_COUNT: the time outside every
 * phase; -1: derived by calibrate from the simulate phase), the profile
 * fields of its cold and warm costs and of their spreads (offsetof
 * mcs_profile; MCS_FIXED_NONE where a side has one key for both or none),
 * and the unit of the fields in seconds. calibrate fills the measured ones
 * from its interleaved runs' phase medians; mcs_profile_warm_problems
 * compares the pairs. */
#define MCS_FIXED_NONE ((size_t)-1)
/* The phase of an entry that is no phase of the run log: the time in a run
 * outside every phase, and a fresh process's time outside its run's total
 * (calibrate's columns after the run log's phases). */
#define MCS_FIXED_OTHER MCS_PHASE_COUNT
#define MCS_FIXED_PROCESS (MCS_PHASE_COUNT + 1)
#define MCS_FIXED_COLUMNS (MCS_PHASE_COUNT + 2)
typedef struct {
    const char *name;        /* "cpu setup" */
    int gpu;                 /* 0: [cpu], 1: [gpu] */
    int phase;
    size_t cold, warm, cold_spread, warm_spread;
    double unit;             /* seconds per unit of the fields (1e-6: microseconds) */
} mcs_fixed_phase;
extern const mcs_fixed_phase mcs_fixed_phases[];
extern const int mcs_fixed_phase_count;

/* The fixed costs of one side for a cold (cold = 1) or warm run, in
 * seconds, by mcs_fixed_phases: for each entry of side gpu (0: [cpu], 1:
 * [gpu]; `section` that side's member of a profile, p->cpu or p->gpu) on a
 * column (a run-log phase, MCS_FIXED_OTHER or MCS_FIXED_PROCESS), its cold
 * or warm key into seconds[column]; an entry with a warm key only holds
 * for both kinds of run, one with a cold key only for cold runs alone (0
 * warm), and a pair whose cold key the profile lacks (NAN) takes its warm
 * key cold too. seconds holds MCS_FIXED_COLUMNS; columns no entry names are left
 * as they are. The model (estimator/model.c) takes its fixed phases from
 * here. */
void mcs_fixed_costs(const void *section, int gpu, int cold, double *seconds);

/* A warm run skips start-up, so a warm fixed cost above its cold one by
 * more than MCS_PLAUSIBLE_SPREAD_MAX (and 50 us, below which timers and
 * wake-ups decide) is noise. The cpu and gpu phases
 * where that is so, appended to buf ("cpu setup warm 8.6 ms > cold 4.9
 * ms; ..."); returns how many. */
int mcs_profile_warm_problems(const mcs_profile *p, char *buf, size_t len);

/* The figures of p outside the bounds above (warm above cold included), as
 * one line ("2-thread
 * efficiency 1.26 > 1.1; ..."), at most 180 characters so that it fits a
 * profile line; "" and 0 when there are none. Returns how many. */
int mcs_profile_problems(const mcs_profile *p, char *buf, size_t len);

#endif
