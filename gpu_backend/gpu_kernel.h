/* gpu_kernel.h - the C interface between the GPU backend's host code
 * (gpu_backend.c) and its CUDA kernels (gpu_kernel.cuh): plain data and
 * launch functions, no CUDA types, so the host side stays C. */
#ifndef MCS_GPU_KERNEL_H
#define MCS_GPU_KERNEL_H

#include <stdint.h>
#include "../engine/stats.h"

/* Virtual threads per block: block b's paths are split over 256 virtual
 * threads (thread v takes path groups v, v+256, ...), each summing its paths
 * in order; the 256 partial sums are added in a fixed tree. The order is the
 * same for any real CUDA block size (32..256) or grid, so results are
 * bit-identical across launch shapes and chunkings. */
#define MCS_GPU_VTHREADS 256

/* Work per launch, in path-steps: about 30 ms at 500 G path-steps/s, long
 * enough that launch and copy overheads are small, short enough for a live
 * progress bar and a prompt Ctrl-C. At most 2^20 blocks (32 MiB of sums).
 * The estimator's model (estimator/model.c) follows the same chunking. */
#define MCS_GPU_CHUNK_PATH_STEPS (1ull << 34)
#define MCS_GPU_MAX_CHUNK_BLOCKS (1ull << 20)

/* Everything a kernel needs, passed by value as a kernel parameter. */
typedef struct {
    double spot, rate, dividend, volatility, dt; /* GBM, dt = maturity / steps */
    double strike;
    int is_call;
    int rng;              /* mcs_rng_id: philox, mrg32k3a or sobol */
    uint32_t steps;
    uint32_t block_size;
    uint64_t paths;
    uint64_t seed;
    const uint32_t *sobol_directions; /* device: 32 words per step (sobol only) */
    const uint32_t *sobol_scramble;   /* device: one word per step (sobol only) */
} mcs_gpu_kernel_args;

#ifdef __cplusplus
extern "C" {
#endif

/* Launch the kernel for blocks [first, first + count) on `grid` CUDA blocks
 * of `threads` threads (a power of two from 32 to 256) into d_out[0..count)
 * on CUDA stream `stream` (a cudaStream_t). Returns a cudaError_t (0 = ok). */
int mcs_gpu_launch_single(const mcs_gpu_kernel_args *a, uint64_t first, uint64_t count,
                          int grid, int threads, mcs_block_sums *d_out, void *stream);
int mcs_gpu_launch_double(const mcs_gpu_kernel_args *a, uint64_t first, uint64_t count,
                          int grid, int threads, mcs_block_sums *d_out, void *stream);

/* Load the kernel module for generator `rng` (CUDA loads lazily at the
 * first launch otherwise). Returns a cudaError_t. */
int mcs_gpu_prepare_single(int rng);
int mcs_gpu_prepare_double(int rng);

#ifdef __cplusplus
}
#endif

#endif
