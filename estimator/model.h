/* model.h - the estimator's time model: predicted seconds per phase of a run
 * on the CPU and on the GPU from a hardware profile, speedup and break-even
 * path count, and the generic FLOP-based calculator. Every formula is
 * written out, with its symbols, in docs/estimator.md. */
#ifndef MCS_MODEL_H
#define MCS_MODEL_H

#include <stdint.h>
#include "job.h"
#include "profile.h"
#include "timing.h"

/* A model whose step is dearer on a branch the data choose (its type's
 * dear_share, core/type_table.h): the share of the CPU's batch steps ([0])
 * and of the GPU's warp steps ([1]) that pay it in the job, in calibrate's
 * job of its kernel family (the plan's last fit point) and at the plan's
 * dear point (kernel_plan.h). branch NULL: the model has none (all 0). */
typedef struct {
    const char *branch;
    double job[2], calibrated[2], dear[2];
} mcs_dear_shares;

/* The paths of a GPU warp, which step together and so pay a dear branch
 * when any of them takes it (on the CPU: a batch, MCS_BATCH). */
#define MCS_GPU_WARP_PATHS 32u

/* The least share between calibrate's job's and the dear point's for a
 * kernel's step to be taken between them by the job's share. */
#define MCS_DEAR_SPAN_LEAST 0.3

/* Whether a kernel's step is taken between calibrate's job's and its dear
 * point's for these shares on side gpu (0 CPU, 1 GPU): the model has a
 * dear branch, the kernel's dear step was measured (> 0), and the dear
 * point's share is above calibrate's job's by MCS_DEAR_SPAN_LEAST. */
int mcs_dear_applies(const mcs_dear_shares *d, const mcs_kernel_cost *cost, int gpu);

/* The dear shares of the job (branch NULL where its model has no dear
 * branch or its kernel family no plan). */
void mcs_dear_shares_of(const mcs_job *job, mcs_dear_shares *d);

/* The [model] keys of the variant step the job's model runs
 * (core/type_table.h variant_sets: "model.scheme=euler"), or NULL where it
 * runs its own. */
const char *mcs_job_variant_sets(const mcs_job *job);

/* What the model needs to know about a job. */
typedef struct {
    uint64_t paths;       /* N */
    uint32_t steps;       /* time steps per path */
    uint32_t block_size;  /* paths per block */
    mcs_precision precision;
    mcs_rng_id rng;       /* as configured; auto = each backend's default */
    int threads;          /* CPU threads (0: all the CPU's hardware threads) */
    int cold;             /* 1: a fresh process (pays context creation) */
    /* the compiled kernel the job runs (kernel_plan.h), whose measured
     * costs the profile may have; has_kernel = 0: not known (a workload
     * without a job), the per-precision fallback costs */
    int has_kernel;
    mcs_model_id model;
    mcs_payoff_id payoff;
    int mode;             /* the payoff's hot-loop mode */
    double watched;       /* W: monitored steps per path (the payoff watches them) */
    unsigned normals;     /* normals per step (a multi-asset model's grow with its assets) */
    unsigned assets;      /* the model's assets ([model] assets; 1 for a one-asset model) */
    unsigned draws;       /* random draws per path and step (mcs_job_draws; 0: one) */
    /* costs given instead of the profile's (e.g. measured by a pilot run
     * of the job itself): CPU ns, GPU ps; NULL: the profile's */
    const mcs_kernel_cost *cpu_cost, *gpu_cost;
    /* its model's dear branch: a kernel measured at its dear point too
     * takes its per-step cost between calibrate's job's and that point's
     * by the job's share (docs/estimator.md) */
    mcs_dear_shares dear;
    /* 1: its model runs its variant step (core/type_table.h variant_sets,
     * heston's Euler scheme): a kernel measured at its variant point too
     * takes that point's per-step cost */
    int variant;
} mcs_workload;

/* Where the simulate phase's kernel costs came from. */
typedef enum {
    MCS_COST_FALLBACK, /* the profile's per-precision cost of a one-step European */
    MCS_COST_KERNEL,   /* the profile's measurement of the job's own kernel */
    MCS_COST_GIVEN     /* the workload's cpu_cost / gpu_cost */
} mcs_cost_source;

/* "fallback", "kernel", "pilot" (the given costs: estimate --pilot is who gives them). */
const char *mcs_cost_source_name(mcs_cost_source s);

/* A prediction: seconds per phase (the run log's phase names); total is the
 * sum. available = 0 when the backend cannot run the job (why says why). */
typedef struct {
    int available;
    char why[160];
    mcs_rng_id rng;        /* the generator that backend would use */
    int threads;           /* CPU threads assumed */
    double seconds[MCS_PHASE_COUNT];
    double launches;       /* kernel launches (GPU) */
    double h2d_bytes, d2h_bytes;
    /* the kernel costs simulate used: the kernel's name ("" when the job's
     * is not known), where they came from, the costs (CPU ns, GPU ps) */
    char kernel[MCS_KERNEL_NAME_MAX];
    mcs_cost_source source;
    mcs_kernel_cost cost;
} mcs_prediction;

/* The workload of a job (paths, steps, block size, precision, rng, its
 * kernel and monitored steps). */
mcs_workload mcs_workload_of_job(const mcs_job *job, int threads, int cold);

/* The kernel costs the model uses for w on one side, with generator rng
 * (resolved, one the side runs): the workload's own, else the profile's
 * measurement of the job's kernel (path and step both there; watch absent
 * counts 0), else the fallback {0, path_step_ns or kernel_path_step_ps, 0}.
 * The kernel's name goes to `name` ("" when the workload has none). */
mcs_cost_source mcs_cpu_kernel_cost(const mcs_cpu_profile *cpu, const mcs_workload *w,
                                    mcs_rng_id rng, mcs_kernel_cost *cost, char *name,
                                    size_t len);
mcs_cost_source mcs_gpu_kernel_cost(const mcs_gpu_profile *gpu, const mcs_workload *w,
                                    mcs_rng_id rng, mcs_kernel_cost *cost, char *name,
                                    size_t len);

/* Predicted CPU run. */
void mcs_predict_cpu(const mcs_cpu_profile *cpu, const mcs_workload *w, mcs_prediction *out);

/* Predicted GPU run; host-side phases (config, reduce, write) use `host`
 * where the GPU profile has no measurement of its own (reduce_block_ns,
 * write_cold_s / write_warm_s of the [gpu] section). */
void mcs_predict_gpu(const mcs_gpu_profile *gpu, const mcs_cpu_profile *host,
                     const mcs_workload *w, mcs_prediction *out);

/* The kernel's resident CUDA blocks per SM in the profile (blocks_per_sm of
 * w's kernel with generator rng), NAN when not measured. */
double mcs_gpu_blocks_per_sm(const mcs_gpu_profile *gpu, const mcs_workload *w,
                             mcs_rng_id rng);

/* The saturated work of a GPU run of w, in paths: simulate = launches x
 * (launch + fixed) + this x the saturated cost of one path (+ the first
 * launch, cold). With blocks_per_sm (>= 1) and the profile's sm_count: per
 * launch, its busiest SM's j blocks one after another at the saturated
 * rate (paths per block x SMs paths each) and one thread's walk through
 * the last (ceil(paths per block / 256) paths, whole passes on the warp
 * kernel: mcs_walk_paths, kernels/warp_rule.h; the kernel's walk_fixed +
 * that many walk, or walk_wide and walk_fixed_wide for a job on the warp
 * kernel; a per-thread multi-asset job's on the line in the assets through
 * the calibration job's, walk_narrow's, walk_mid's and walk_wide's, those
 * measured on the per-thread kernel; a job watching a share of its steps
 * between its family's sparsest fit point's and its last one's, on the
 * line in that share from walk_sparse; else the ramp, kernel_ramp_path_step_ns over
 * kernel_path_step_ps): (j - 1.25) blocks + max(walk, a block) (j > 1;
 * j = 1: max(walk, a block)), at least a walk per round of blocks_per_sm.
 * Without them (NAN): N plus one walk per launch (the ramp model). */
double mcs_gpu_work_paths(const mcs_gpu_profile *gpu, const mcs_workload *w, mcs_rng_id rng,
                          double blocks_per_sm);

/* 1 when the GPU runs a job of model type mt, precision, generator rng,
 * `watched` monitored steps and `assets` assets on its warp kernel
 * (MCS_WARP_KERNEL_MIN_ASSETS in kernels/warp_rule.h and the conditions of
 * gpu_backend/gpu_kernel.cuh's kernel_for); its walk then goes in passes
 * (mcs_walk_paths). */
int mcs_gpu_runs_warp(const mcs_model_type *mt, mcs_precision precision, mcs_rng_id rng,
                      double watched, double assets);

/* A linear-factor kernel's cost per path at n assets: piecewise affine in
 * the assets through its calibration job's n0 (cost->path), MCS_MID_ASSETS
 * (cost->mid_path) and MCS_MOST_ASSETS (cost->wide_path); without the
 * middle (a profile before it) affine between n0 and the widest. */
double mcs_wide_path_at(const mcs_kernel_cost *cost, double n0, double n);

/* A GPU per-thread kernel's path at its narrow points (MCS_NARROW_ASSETS
 * into *p6, MCS_NARROW_TOP_ASSETS into *p12): each pair's, taken no less
 * than the narrower point's (the calibration job's cost->path below the
 * first); 1 where measured, 0 where the profile has no narrow pairs (its
 * narrow paths NAN: from before them) or no narrow steps. The model's jobs
 * and calibrate's narrow walk take the same. */
int mcs_narrow_paths(const mcs_kernel_cost *cost, double *p6, double *p12);

/* The assets of a job of model type mt that draws `normals` normals a step
 * (a multi-asset model's normals grow with its assets). */
double mcs_assets_of_normals(const mcs_model_type *mt, double normals);

/* The context phase of the slowest of `processes` fresh processes started
 * at once on one host, one per GPU, over one process's alone: 1 for one;
 * linear in the process count between the profile's measured
 * context_together points (G = 2, 4, 8, 16; 1 at G = 1; a point not
 * measured is skipped); beyond the last measured point its value (more
 * processes than the host's GPUs start on other hosts); 1 when none is
 * measured. */
double mcs_gpu_context_together(const mcs_gpu_profile *gpu, int processes);

/* One wave of b blocks on b threads: its simulate time over one thread's
 * time for one of its blocks (the profile's [cpu] wave table, linear
 * between entries, its last value beyond them); NAN without a table. */
double mcs_cpu_wave_factor(const mcs_cpu_profile *cpu, double b);
/* Parallel efficiency at T threads, interpolated in the profile's scaling
 * table (1 when it has none; flat beyond its ends). */
double mcs_cpu_efficiency(const mcs_cpu_profile *cpu, double threads);

/* One thread's seconds per path of w's kernel from a run's measured
 * simulate seconds: mcs_predict_cpu's simulate phase inverted (its chunk
 * starts taken off, the busiest thread's paths at the parallel efficiency
 * of the threads busy); calibrate measures the CPU's kernels so, on all
 * threads. */
double mcs_cpu_seconds_per_path(const mcs_cpu_profile *cpu, const mcs_workload *w,
                                double simulate);
/* w's simulate phase on the CPU less its chunk starts, in one thread's
 * path times: the busiest thread's paths at the parallel efficiency (or
 * the one-wave factor) of the threads busy (what mcs_predict_cpu
 * multiplies by one thread's seconds per path). */
double mcs_cpu_busiest_paths(const mcs_cpu_profile *cpu, const mcs_workload *w);

/* Smallest path count (1 .. 1e15) from which the GPU is predicted faster
 * for the rest of the range scanned; 0 when the GPU is never faster; 1 when
 * it is always faster. Other workload fields are kept. */
double mcs_break_even(const mcs_cpu_profile *cpu, const mcs_gpu_profile *gpu,
                      const mcs_workload *w);

/* The generic calculator of ../shared/seeds/000 and 001:
 *   T_cpu = GFLOP / R_cpu;  T_gpu = GFLOP / (R_gpu x efficiency) + GB / B_link + overhead */
typedef enum { MCS_FP16, MCS_FP32, MCS_FP64 } mcs_flop_precision;
typedef struct {
    double gflop, data_gb, efficiency, overhead_ms;
    mcs_flop_precision precision;
} mcs_flop_job;
typedef struct {
    double cpu_gflops, gpu_gflops;  /* effective rates used */
    double cpu_s, gpu_compute_s, gpu_transfer_s, gpu_overhead_s, gpu_s, speedup;
} mcs_flop_estimate;

/* MCS_E_CONFIG (message in err) when a profile lacks a number it needs. */
mcs_status mcs_flop_estimate_run(const mcs_cpu_profile *cpu, const mcs_gpu_profile *gpu,
                                 const mcs_flop_job *job, mcs_flop_estimate *out, char *err,
                                 size_t err_len);

#endif
