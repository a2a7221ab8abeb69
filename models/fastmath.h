/* fastmath.h - branch-free float exp, log and sincos(2*pi*v) that a compiler
 * can vectorise, shared by the CPU and GPU backends (Cephes polynomials).
 * Every multiply-add is an explicit fmaf, so results are the same on every
 * CPU with or without vector units (and on the GPU). Double precision uses
 * the C library, whose results are already accurate to about 1 ulp.
 * Accuracy (tests/test_fastmath.c): exp and log within 2 float ulps of the
 * exact value, sincos within 2.5e-7 absolute. */
#ifndef MCS_FASTMATH_H
#define MCS_FASTMATH_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "mc_hd.h"

MC_HD static inline uint32_t mcs_float_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

MC_HD static inline float mcs_bits_float(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* Round to the nearest integer (ties to even) for |x| < 2^22, portably and
 * without a library call: adding 1.5*2^23 pushes the fraction out. */
MC_HD static inline float mcs_round_f(float x)
{
    const float magic = 12582912.0f;
    return (x + magic) - magic;
}

/* e^x for float x; clamps to [e^-87.3, e^88.7] outside that range. */
MC_HD static inline float mcs_exp_f(float x)
{
    x = x < -87.3f ? -87.3f : x;
    x = x > 88.7f ? 88.7f : x;
    float n = mcs_round_f(x * 1.44269504088896341f);
    float r = fmaf(n, -0.693359375f, x); /* Cody-Waite: ln2 = C1 + C2 */
    r = fmaf(n, 2.12194440e-4f, r);
    float z = r * r;
    float p = 1.9875691500e-4f;
    p = fmaf(p, r, 1.3981999507e-3f);
    p = fmaf(p, r, 8.3334519073e-3f);
    p = fmaf(p, r, 4.1665795894e-2f);
    p = fmaf(p, r, 1.6666665459e-1f);
    p = fmaf(p, r, 5.0000001201e-1f);
    p = fmaf(p, z, r) + 1.0f;
    int32_t e = (int32_t)n + 127;
    return p * mcs_bits_float((uint32_t)e << 23);
}

/* Natural log for positive, normal, finite float x. */
MC_HD static inline float mcs_log_f(float x)
{
    uint32_t bits = mcs_float_bits(x);
    int32_t e = (int32_t)((bits >> 23) & 0xffu) - 127;
    float m = mcs_bits_float((bits & 0x007fffffu) | 0x3f800000u); /* [1,2) */
    int big = m > 1.41421356237f;
    m = big ? 0.5f * m : m;
    e = big ? e + 1 : e;
    float f = m - 1.0f;
    float fe = (float)e;
    float z = f * f;
    float p = 7.0376836292e-2f;
    p = fmaf(p, f, -1.1514610310e-1f);
    p = fmaf(p, f, 1.1676998740e-1f);
    p = fmaf(p, f, -1.2420140846e-1f);
    p = fmaf(p, f, 1.4249322787e-1f);
    p = fmaf(p, f, -1.6668057665e-1f);
    p = fmaf(p, f, 2.0000714765e-1f);
    p = fmaf(p, f, -2.4999993993e-1f);
    p = fmaf(p, f, 3.3333331174e-1f);
    float y = f * z * p;
    y = fmaf(fe, -2.12194440e-4f, y);
    y = fmaf(z, -0.5f, y);
    return fmaf(fe, 0.693359375f, f + y);
}

/* sin(2*pi*v) and cos(2*pi*v) for v in [0, 1]: v*4 is split exactly into a
 * quadrant q and a remainder g in [-1/2, 1/2], so no argument reduction
 * error arises; the polynomials cover [-pi/4, pi/4]. */
MC_HD static inline void mcs_sincos_2pi_f(float v, float *s_out, float *c_out)
{
    float t = 4.0f * v;
    float q = mcs_round_f(t);
    float a = (t - q) * 1.57079632679489662f;
    float z = a * a;
    float s = -1.9515295891e-4f;
    s = fmaf(s, z, 8.3321608736e-3f);
    s = fmaf(s, z, -1.6666654611e-1f);
    s = fmaf(s * z, a, a);
    float c = 2.443315711809948e-5f;
    c = fmaf(c, z, -1.388731625493765e-3f);
    c = fmaf(c, z, 4.166664568298827e-2f);
    c = fmaf(c * z, z, fmaf(z, -0.5f, 1.0f));
    int32_t qi = (int32_t)q & 3;
    float sv = (qi & 1) ? c : s;
    float cv = (qi & 1) ? s : c;
    *s_out = (qi & 2) ? -sv : sv;
    *c_out = ((qi + 1) & 2) ? -cv : cv;
}

/* Double precision: the C library (or CUDA's) functions. */
MC_HD static inline double mcs_exp_d(double x) { return exp(x); }
MC_HD static inline double mcs_log_d(double x) { return log(x); }
MC_HD static inline void mcs_sincos_2pi_d(double v, double *s, double *c)
{
    const double two_pi = 6.28318530717958647692;
    *s = sin(two_pi * v);
    *c = cos(two_pi * v);
}

#endif
