/* box_muller.h - standard normals (Box-Muller) and uniforms from raw random
 * bits, shared by both backends. Why Box-Muller: it is branch-free, so it
 * vectorises on the CPU and does not diverge on the GPU; two normals per
 * pair of uniforms; and it is the transform cuRAND's curand_normal uses, so
 * CPU and GPU streams can be made to agree. Uniforms follow cuRAND's convention u = k*2^-32 + 2^-33,
 * which lies in (0, 1] and never gives log(0); the largest |z| is 6.66 in
 * single precision (2^-33 floor) and 8.49 in double (2^-53 floor). */
#ifndef MCS_BOX_MULLER_H
#define MCS_BOX_MULLER_H

#include <stdint.h>
#include "fastmath.h"
#include "mc_hd.h"

/* A uniform in (0, 1) from 32 random bits (cuRAND's k 2^-32 + 2^-33). */
MC_HD static inline float mcs_uniform_f(uint32_t w)
{
    return (float)w * 2.3283064365386963e-10f + 1.1641532182693481e-10f;
}
/* A uniform in (0, 1) from the top 52 of 64 random bits (k 2^-52 + 2^-53). */
MC_HD static inline double mcs_uniform_d(uint64_t w)
{
    return mcs_bits_double(0x3ff0000000000000ull | (w >> 12)) - 1.0 + 1.1102230246251565e-16;
}

/* Two float normals from one 64-bit draw: high word -> radius, low word ->
 * angle; (r sin, r cos) in that order, as cuRAND's _curand_box_muller. */
MC_HD static inline void mcs_box_muller_f(uint64_t bits, float *z0, float *z1)
{
#ifdef __CUDA_ARCH__
    /* GPU: the special-function unit, in as few instructions as it takes:
     * r = sqrt(-2 ln 2 log2 u) as x * rsqrt(x), angle straight in radians
     * (2 pi k 2^-32 + pi 2^-32, as cuRAND) */
    const float two_m32 = 2.3283064365386963e-10f;
    float u = (float)(uint32_t)(bits >> 32) * two_m32 + two_m32 * 0.5f;
    float a = (float)(uint32_t)bits * 1.4629180792671596e-09f + 7.3145903963357980e-10f;
    /* u rounds to 1 for the top 128 values of the word: x = -0 there, and
     * -0 * rsqrt(-0) would be NaN (a path paying 0), hence the floor */
    float x = fmaxf(-1.3862943611198906f * mcs_lg2_ftz(u), 1e-30f);
    float r = x * mcs_rsqrt_ftz(x);
    float s, c;
    __sincosf(a, &s, &c);
    *z0 = r * s;
    *z1 = r * c;
#else
    const float two_m32 = 2.3283064365386963e-10f; /* 2^-32 */
    float u = (float)(uint32_t)(bits >> 32) * two_m32 + two_m32 * 0.5f;
    float v = (float)(uint32_t)bits * two_m32 + two_m32 * 0.5f;
    float r = sqrtf(-2.0f * mcs_log_f(u));
    float s, c;
    mcs_sincos_2pi_f(v, &s, &c);
    *z0 = r * s; /* sine first, as cuRAND's _curand_box_muller */
    *z1 = r * c;
#endif
}

/* Two double normals from two 64-bit draws (top 52 bits each). The top 52
 * bits are placed in the mantissa of a double in [1, 2) and 1 subtracted,
 * which is exact and needs no int64 conversion (none in AVX2). */
MC_HD static inline void mcs_box_muller_d(uint64_t a, uint64_t b, double *z0, double *z1)
{
    const double half_ulp = 1.1102230246251565e-16; /* 2^-53 */
    double u = mcs_bits_double(0x3ff0000000000000ull | (a >> 12)) - 1.0 + half_ulp;
    double v = mcs_bits_double(0x3ff0000000000000ull | (b >> 12)) - 1.0 + half_ulp;
    double r = sqrt(-2.0 * mcs_log_d(u));
    double s, c;
    mcs_sincos_2pi_d(v, &s, &c);
    *z0 = r * s;
    *z1 = r * c;
}

#endif
