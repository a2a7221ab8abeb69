/* gpu_calibrate.h - GPU microbenchmarks for `mcsim calibrate`: kernel launch
 * latency and host<->device copy times (CUDA event time). */
#ifndef MCS_GPU_CALIBRATE_H
#define MCS_GPU_CALIBRATE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Median seconds of one empty-kernel launch, bracketed by events, over reps.
 * Returns a cudaError_t (0 = success). */
int mcs_gpu_launch_seconds(int device, int reps, double *seconds);

/* Median seconds of one copy of `bytes` (to_device: host-to-device, else
 * device-to-host; pinned or pageable host memory) over reps, for each of
 * n sizes (ascending; buffers are sized for the largest). */
int mcs_gpu_copy_seconds(int device, int to_device, int pinned, const size_t *bytes, int n,
                         int reps, double *seconds);

#ifdef __cplusplus
}
#endif

#endif
