/* chunking.h - how much work one backend call takes, in one place: the
 * engine, the backends and the estimator's model all read it (plain C). */
#ifndef MCS_CHUNKING_H
#define MCS_CHUNKING_H

/* CPU: work per thread in one backend call, in path-steps (about 0.3 s at
 * 450 M/s): large enough that the wait at the end of a chunk costs under 1%,
 * small enough for a lively progress bar; at most 128 blocks per thread. */
#define MCS_CHUNK_PATH_STEPS_PER_THREAD (1u << 27)
#define MCS_MAX_BLOCKS_PER_THREAD_PER_CHUNK 128

/* GPU: virtual threads per block: block b's paths are split over 256
 * virtual threads (thread v takes path groups v, v+256, ...), each summing
 * its paths in order; the 256 partial sums are added in a fixed tree. The
 * order is the same for any real CUDA block size (32..256) or grid, so
 * results are bit-identical across launch shapes and chunkings. */
#define MCS_GPU_VTHREADS 256

/* GPU: work per launch, in path-steps: about 30 ms at 500 G path-steps/s,
 * long enough that launch and copy overheads are small, short enough for a
 * live progress bar and a prompt Ctrl-C. At most 2^20 blocks. */
#define MCS_GPU_CHUNK_PATH_STEPS (1ull << 34)
#define MCS_GPU_MAX_CHUNK_BLOCKS (1ull << 20)

#endif
