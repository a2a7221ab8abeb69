/* gpu_kernel_double.cu - the GPU kernels in double precision. */
#define MCS_REAL_DOUBLE 1
#define LAUNCH_FN mcs_gpu_launch_double
#define PREPARE_FN mcs_gpu_prepare_double
#include "gpu_kernel.cuh"
