/* profile.h - hardware profiles for the speedup estimator: what a CPU and a
 * GPU cost per phase of a run, measured by `mcsim calibrate` or taken from a
 * spec sheet (the catalogue in profiles/). Read from and written as INI; the
 * key table in profile.c is the one list of keys (docs/estimator.md). */
#ifndef MCS_PROFILE_H
#define MCS_PROFILE_H

#include <stddef.h>
#include <stdio.h>
#include "status.h"

#define MCS_PROFILE_TEXT 256
#define MCS_PROFILE_SCALING_MAX 64
#define MCS_PREC_COUNT 2    /* single, double (mcs_precision) */
#define MCS_CPU_RNG_COUNT 2 /* pcg64, philox: the generators the CPU runs */
#define MCS_GPU_RNG_COUNT 3 /* philox, mrg32k3a, sobol: the generators the GPU runs */

/* A link (host-to-device or device-to-host copies): t = alpha + bytes / beta. */
typedef struct {
    double alpha_us; /* fixed cost per copy, microseconds */
    double gbps;     /* beta: bandwidth, GB/s (1e9 bytes per second) */
} mcs_link;

/* The CPU: spec-sheet numbers and measured costs. Absent numbers are NAN. */
typedef struct {
    char model[MCS_PROFILE_TEXT];
    double cores, threads;                       /* physical cores, hardware threads */
    double base_clock_mhz, all_core_clock_mhz;   /* spec sheet */
    double fp32_flops_per_cycle;                 /* per core, peak */
    double fp32_gflops, fp64_gflops;             /* peak, all cores */
    double sustained_gflops_fp32;                /* the generic calculator's CPU rate */
    /* measured: host phases of every run (both backends), seconds */
    double config_cold_s, config_warm_s;   /* cold: a fresh process; warm: a later run */
    double write_cold_s, write_warm_s;     /* HDF5 run log (cold pays library start-up) */
    double other_cold_s, other_warm_s;     /* time in a run outside every phase */
    double setup_cold_s, setup_warm_s, teardown_cold_s, teardown_warm_s;
    double chunk_start_cold_us, chunk_start_warm_us; /* waking the thread team, per chunk */
    double reduce_block_ns;                      /* merging one block's sums */
    /* measured: one thread's cost per path-step, ns, [precision][pcg64, philox] */
    double path_step_ns[MCS_PREC_COUNT][MCS_CPU_RNG_COUNT];
    /* parallel efficiency: throughput(T) / (T x throughput(1)), measured at T threads */
    int n_scaling;
    double scaling_threads[MCS_PROFILE_SCALING_MAX], scaling_efficiency[MCS_PROFILE_SCALING_MAX];
} mcs_cpu_profile;

/* The GPU: spec-sheet numbers and measured costs. Absent numbers are NAN. */
typedef struct {
    char model[MCS_PROFILE_TEXT];
    double sm_count, boost_clock_mhz;
    double fp32_tflops, fp64_tflops, fp16_tflops; /* peak, non-tensor */
    double memory_gb, memory_bandwidth_gbps, pcie_gbps;
    /* measured, seconds unless the name says otherwise */
    double context_s;                 /* CUDA start-up in a fresh process (cold runs only) */
    double device_query_cold_s, device_query_warm_s;
    double setup_cold_s, setup_warm_s; /* stream, events, kernel module load (cold) */
    double alloc_s, alloc_ns_per_byte; /* device + pinned buffers */
    double teardown_s;
    double write_cold_s, write_warm_s; /* a GPU run's log (more to write than a CPU run's) */
    double launch_us;                 /* one kernel launch, empty kernel */
    double first_launch_us;           /* extra for the first launch in a fresh process */
    mcs_link h2d_pinned, h2d_pageable, d2h_pinned, d2h_pageable;
    /* kernel time = launches x (launch + fixed + ramp) + path-steps x throughput cost:
     * [precision][philox, mrg32k3a, sobol] */
    double kernel_path_step_ps[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* saturated, ps */
    double kernel_ramp_path_step_ns[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* one thread, ns */
    double kernel_fixed_us[MCS_PREC_COUNT][MCS_GPU_RNG_COUNT]; /* per launch beyond an empty one */
} mcs_gpu_profile;

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
    char origin[1024];                  /* the file it came from, or "catalogue:NAME" */
    int has_cpu, has_gpu;
    mcs_cpu_profile cpu;
    mcs_gpu_profile gpu;
} mcs_profile;

/* An empty profile: every number NAN, no sections. */
void mcs_profile_init(mcs_profile *p);

/* Parse INI text (`origin` names it in messages). MCS_E_CONFIG with
 * "origin:line: [section] key: ..." for an unknown key, a bad number or a
 * missing [profile] name/kind. */
mcs_status mcs_profile_parse(const char *text, const char *origin, mcs_profile *p, char *err,
                             size_t err_len);

/* Read a profile file. MCS_E_NOINPUT if it cannot be read. */
mcs_status mcs_profile_load_file(const char *path, mcs_profile *p, char *err, size_t err_len);

/* A profile by name or path: a path (contains '/' or ends in .ini) is read
 * as a file; otherwise profiles/NAME.ini in the working folder, then the
 * built-in catalogue. */
mcs_status mcs_profile_find(const char *name_or_path, mcs_profile *p, char *err,
                            size_t err_len);

/* The local machine's profile: $MCSIM_PROFILE, else profiles/local.ini if it
 * exists. MCS_E_NOINPUT (and a message) when there is none. */
mcs_status mcs_profile_local(mcs_profile *p, char *err, size_t err_len);

/* Write the profile as INI (keys with values only; comments give units). */
int mcs_profile_write(const mcs_profile *p, FILE *f);

/* The built-in catalogue (every profiles/NAME.ini but local.ini, compiled in): NULL-terminated. */
typedef struct {
    const char *name;
    const char *text;
} mcs_catalogue_entry;
extern const mcs_catalogue_entry mcs_catalogue[];

/* Fill what an uncalibrated spec-sheet profile lacks (measured costs) from
 * a calibrated reference, scaled by spec ratios (docs/estimator.md). A
 * calibrated profile is left as is. MCS_E_CONFIG when a ratio's inputs are
 * missing. */
mcs_status mcs_profile_derive(mcs_profile *p, const mcs_profile *reference, char *err,
                              size_t err_len);

/* The CPU and the GPU to estimate with: each side from --cpu / --gpu if
 * named, else from --profile, else from the local profile; spec-sheet
 * profiles are scaled from the reference (mcs_profile_derive). */
mcs_status mcs_profiles_choose(const char *profile, const char *cpu, const char *gpu,
                               mcs_profile *cpu_out, mcs_profile *gpu_out, char *err,
                               size_t err_len);

/* The reference profile that spec-sheet profiles are scaled from. */
#define MCS_PROFILE_REFERENCE "h100-reference"

#endif
