/* warp_rule.h - from how many assets a linear-factor model runs the GPU's
 * warp kernel: read by the GPU backend, which picks the kernel, and by the
 * estimator, which predicts by the same rule (plain C; no kernel includes
 * it, so moving the line rebuilds neither backend's kernels). */
#ifndef MCS_WARP_RULE_H
#define MCS_WARP_RULE_H

#include <math.h>

/* The fewest assets for which a linear-factor model (MCS_NAME_LINEAR_FACTOR)
 * runs the GPU's warp kernel (gpu_backend/gpu_warp_kernel.cuh) where it is
 * compiled: a warp's lane l takes assets l and l + 32, so with few assets
 * most lanes have none. Measured on the H100 (33.5M paths, 16 steps,
 * single, philox; simulate in ms, per-thread / warp, medians of 3): 8
 * assets 21.3 / 41.3, 12: 48.0 / 47.7, 14: 63.8 / 54.3, 16: 75.4 / 54.4,
 * 64: 606 / 144; the lines cross at 12 (docs/gpu.md). */
#define MCS_WARP_KERNEL_MIN_ASSETS 13u

/* Slots (assets) whose normals and factor entries a lane of the warp kernel
 * loads at once (ZRUN in gpu_warp_kernel.cuh): its step loops over the
 * assets in whole runs of these, so a job's step costs as its assets
 * rounded up to a whole run (H200, 52 steps, 1e8 paths: 93.7 ps a
 * path-step at 13 assets, 92.9 at 16). */
#define MCS_WARP_SLOT_RUN 4u

/* Paths of one virtual thread that a warp of the warp kernel steps at once
 * (two groups of 4: WARP_PATHS in gpu_warp_kernel.cuh, which asserts it). */
#define MCS_WARP_PASS_PATHS 8u

/* The paths a virtual thread walks through a block of p paths, as its
 * kernel takes them (`vthreads` virtual threads a block): p / vthreads
 * rounded up on the per-thread kernel; on the warp kernel rounded up to
 * whole passes (a lone group steps beside a dropped copy of itself, so a
 * block of 1024 paths, one group a virtual thread, costs a pass of 8). The
 * estimator's walk is in these units: its model and calibrate's two walk
 * blocks. */
static inline double mcs_walk_paths(double p, double vthreads, int warp)
{
    const double pass = warp ? MCS_WARP_PASS_PATHS : 1;
    return pass * ceil(p / vthreads / pass);
}

#endif
