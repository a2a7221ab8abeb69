/* mc_hd.h - the host/device marker for code shared by the CPU and GPU backends.
 * MC_HD is __host__ __device__ under nvcc and empty under a C compiler. */
#ifndef MC_HD_H
#define MC_HD_H

#ifdef __CUDACC__
#define MC_HD __host__ __device__
#else
#define MC_HD
#endif

#endif
