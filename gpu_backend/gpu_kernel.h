/* gpu_kernel.h - the C interface between the GPU backend's host code
 * (gpu_backend.c) and its CUDA kernels (gpu_kernel.cuh, instantiated per
 * (model, payoff) of kernels/combos.def and precision): plain data and
 * launch functions, no CUDA types, so the host side stays C. */
#ifndef MCS_GPU_KERNEL_H
#define MCS_GPU_KERNEL_H

#include <stdint.h>
#include "../engine/chunking.h"
#include "../core/job.h"
#include "../core/stats.h"

/* Everything a kernel needs, passed by value as a kernel parameter. The
 * model's and option's parameters are not in it (a multi-asset model's
 * are about 90 KB, over CUDA's kernel-parameter limit): the backend copies
 * them to device memory where they differ from the last run's, at most once
 * per run (gpu_backend.c), and the kernel reads
 * them there, once per CUDA block (coef_make), and a multi-asset model's
 * factor where it lies (every thread of a warp reads the same element). */
typedef struct {
    const mcs_model_params *model;   /* device: the job's model parameters */
    const mcs_option_params *option; /* device: the job's option parameters */
    const mcs_model_params *host_model;   /* host: the same, for prepare and occupancy */
    const mcs_option_params *host_option;
    double dt;            /* maturity / steps */
    int rng;              /* mcs_rng_id: philox, mrg32k3a or sobol */
    uint32_t steps;
    uint32_t normals;     /* draw slots per step before the payoff's uniforms (the
                             model's normals and uniforms, the payoff's normals) */
    uint32_t uniforms;    /* uniform draws per step (the payoff's, for this job) */
    uint32_t split;       /* 1: Philox draws the uniform split (models/split_uniform.h) */
    uint32_t block_size;
    int outputs;          /* outputs per path (the record length follows) */
    int loop, mode;       /* the kernel variant: set by the prepare function */
    int per_thread;       /* 1: the per-thread kernel even where the warp kernel
                             (gpu_warp_kernel.cuh) fits: MCSIM_GPU_WARP_KERNEL=0 */
    uint64_t paths;
    uint64_t seed;
    const uint32_t *sobol_directions; /* device: 32 words per dimension (sobol only) */
    const uint32_t *sobol_scramble;   /* device: one word per dimension (sobol only) */
} mcs_gpu_kernel_args;

/* Launch a kernel for blocks [first, first + count) on `grid` CUDA blocks
 * of `threads` threads (a power of two from 32 to 256) on CUDA stream
 * `stream` (a cudaStream_t); block first+i's packed sums record
 * (stats.h, mcs_sums_record_len(outputs) doubles) goes to d_out + i * len.
 * Returns a cudaError_t (0 = ok). */
typedef int (*mcs_gpu_launch_fn)(const mcs_gpu_kernel_args *a, uint64_t first, uint64_t count,
                                 int grid, int threads, double *d_out, void *stream);
/* Choose the kernel variant for the job `a` (sets a->loop and a->mode) and
 * load its module (CUDA loads lazily at the first launch otherwise). Call
 * once before the launches. Returns a cudaError_t. */
typedef int (*mcs_gpu_prepare_fn)(mcs_gpu_kernel_args *a);

/* Choose the kernel variant for the job `a` as the prepare function does,
 * and put its resident blocks per SM at `threads` threads a block (the CUDA
 * occupancy API: registers, shared memory, the SM's limits) in *blocks.
 * Returns a cudaError_t. */
typedef int (*mcs_gpu_occupancy_fn)(mcs_gpu_kernel_args *a, int threads, int *blocks);

/* The kernels for a job's model, payoff and precision (occupancy may be
 * NULL); 0 if none. */
int mcs_gpu_kernels_for(const mcs_job *job, mcs_gpu_launch_fn *launch,
                        mcs_gpu_prepare_fn *prepare, mcs_gpu_occupancy_fn *occupancy);

/* For `mcsim calibrate` (gpu_backend.c, in the module's table): the
 * resident blocks per SM (*blocks_per_sm) of the kernel that runs `job`
 * (its model, payoff, mode, loop shape, precision and generator) at
 * `threads` threads a block, from the CUDA occupancy API, and the device's
 * SM count (*sm_count). Returns a cudaError_t. */
int mcs_gpu_kernel_occupancy(const mcs_job *job, int device, int threads, int *blocks_per_sm,
                             int *sm_count);

/* The instantiations' names: mcs_gpu_<launch|prepare>_<model>_<payoff>_<prec>. */
#define MCS_GPU_FN_NAME(what, model, payoff, prec) mcs_gpu_##what##_##model##_##payoff##_##prec

#endif
