/* warp_rule.h - from how many assets a linear-factor model runs the GPU's
 * warp kernel: read by the GPU backend, which picks the kernel, and by the
 * estimator, which predicts by the same rule (plain C; no kernel includes
 * it, so moving the line rebuilds neither backend's kernels). */
#ifndef MCS_WARP_RULE_H
#define MCS_WARP_RULE_H

/* The fewest assets for which a linear-factor model (MCS_NAME_LINEAR_FACTOR)
 * runs the GPU's warp kernel (gpu_backend/gpu_warp_kernel.cuh) where it is
 * compiled: a warp's lane l takes assets l and l + 32, so with few assets
 * most lanes have none. Measured on the H100 (33.5M paths, 16 steps,
 * single, philox; simulate in ms, per-thread / warp, medians of 3): 8
 * assets 21.3 / 41.3, 12: 48.0 / 47.7, 14: 63.8 / 54.3, 16: 75.4 / 54.4,
 * 64: 606 / 144; the lines cross at 12 (docs/gpu.md). */
#define MCS_WARP_KERNEL_MIN_ASSETS 13u

#endif
