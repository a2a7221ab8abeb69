/* gpu_kernel_single.cu - the GPU kernels in single precision (float paths,
 * double sums). */
#define LAUNCH_FN mcs_gpu_launch_single
#define PREPARE_FN mcs_gpu_prepare_single
#include "gpu_kernel.cuh"
