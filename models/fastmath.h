/* fastmath.h - branch-free float exp, log and sincos(2*pi*v) that a compiler
 * can vectorise, shared by the CPU and GPU backends (Cephes polynomials).
 * Every multiply-add is an explicit fma/fmaf, so results are the same on
 * every CPU with or without vector units (and on the GPU). Float and double
 * versions of each.
 * Accuracy (tests/test_fastmath.c): exp and log within 2 ulps of the exact
 * value, sincos within 2.5e-7 (float) and 4e-16 (double) absolute.
 * In GPU device code exp is the GPU's own instead, which is where its speed
 * is: float 2^(x log2 e) on the special-function unit in its flush-to-zero
 * form (mcs_ex2_ftz: __expf's instruction, a few ulps; below 2^-126, about
 * e^-87.34, the result is 0), double CUDA's
 * exp, log and sincospi (2 ulps); the float Box-Muller uses the
 * special-function unit directly (box_muller.h). CPU and GPU normals
 * therefore agree to float rounding, not bit for bit
 * (docs/reproducibility.md). */
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

#ifdef __CUDA_ARCH__
/* One special-function-unit instruction (PTX OP.approx.ftz.f32) as the
 * float function NAME(x). */
#define MCS_SFU_FTZ(name, op)                                                   \
    __device__ static inline float name(float x)                               \
    {                                                                          \
        float y;                                                               \
        asm(op ".approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));                  \
        return y;                                                              \
    }
/* log2(x), 1/sqrt(x) and 2^x on the GPU's special-function unit (the PTX
 * .approx forms behind __log2f, rsqrtf and __expf), flushing subnormal
 * arguments and results to zero. For normal arguments and results the
 * values are those of the non-flushing forms, which cost three or four
 * more instructions each to check for subnormals: a quarter of the
 * multi-step loop. The kernels stay IEEE otherwise (no -ftz). */
MCS_SFU_FTZ(mcs_lg2_ftz, "lg2")
MCS_SFU_FTZ(mcs_rsqrt_ftz, "rsqrt")
MCS_SFU_FTZ(mcs_ex2_ftz, "ex2")
/* 1/x and sqrt(x) on the special-function unit (1 ulp and 2^-23 relative
 * for normal x): one instruction each where IEEE division and sqrt take
 * about ten with a call to a slow path. Used where a model's step says so
 * (models/heston.h). */
MCS_SFU_FTZ(mcs_rcp_ftz, "rcp")
MCS_SFU_FTZ(mcs_sqrt_ftz, "sqrt")
#undef MCS_SFU_FTZ
#endif

#ifndef __CUDA_ARCH__
/* exp's clamp bounds (float: [-87.3, 88]; double: [-708, 709]), read from
 * memory rather than written as constants: with constant bounds GCC folds
 * the clamped lanes' results into masked blends, about ten of the 39
 * AVX-512 instructions of an Asian's fixing loop. A weak definition is
 * never folded, so each clamp compiles to one max or min (x < lo ? lo : x
 * is the SSE max, which passes a NaN through). */
__attribute__((weak)) extern const float mcs_exp_f_bounds[2];
__attribute__((weak)) const float mcs_exp_f_bounds[2] = {-87.3f, 88.0f};
__attribute__((weak)) extern const double mcs_exp_d_bounds[2];
__attribute__((weak)) const double mcs_exp_d_bounds[2] = {-708.0, 709.0};
#endif

/* e^x for float x. On the CPU x is clamped to [-87.3, 88.0], so the
 * result is always finite (e^88 = 1.65e38 < FLT_MAX) and 2^n stays a
 * normal float; on the GPU see the file comment. */
MC_HD static inline float mcs_exp_f(float x)
{
#ifdef __CUDA_ARCH__
    /* __expf's 2^(x log2 e); no clamp: an overflow gives inf, which the
     * engine reports; below 2^-126 (about e^-87.34) the result flushes to 0 */
    return mcs_ex2_ftz(x * 1.44269504088896341f);
#else
    const float lo = mcs_exp_f_bounds[0], hi = mcs_exp_f_bounds[1]; /* -87.3, 88 */
    x = x < lo ? lo : x;
    x = x > hi ? hi : x;
    /* n = round(x log2 e) as mcs_round_f computes it; t = n + 1.5 * 2^23
     * also carries n in its low mantissa bits, read below for 2^n */
    const float magic = 12582912.0f;
    float t = x * 1.44269504088896341f + magic;
    float n = t - magic;
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
    /* n in [-126, 127]: 2^n is one normal float, and the product is exact;
     * bits(t) = bits(magic) + n, so 2^n's bits are two integer operations
     * away (no float-to-int conversion) */
    return p * mcs_bits_float((mcs_float_bits(t) - 0x4b400000u + 127u) << 23);
#endif
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

/* An upper bound of -ln x for x in (0, 1), normal, in three operations and
 * no log: with x = 2^(E-127) (1 + m), m in [0, 1), log2(1 + m) >= m
 * (Mitchell's approximation), so -log2 x <= 127 - (E + m) = 127 - b 2^-23,
 * b = x's bits. b is cut to its top 24 bits (exact as a float), which only
 * lowers E + m; the bound exceeds -ln x by at most 0.0597 (ln 2 times the
 * largest log2(1 + m) - m) + 2^-12 + 7.6e-5 (-ln x): 0.061 for the
 * uniforms the generators give (u >= 2^-33 in single precision; a split
 * uniform's u >= 2^-41, models/split_uniform.h, still a normal float, and
 * its byte's lower bound c / 256 may be 0, where the bound is 88). 0.6932 is
 * ln 2 rounded up by 7e-5 relative and 2^-12 is added, so a comparison
 * with the bound is not upset by a few ulps of rounding in it or in the
 * other operand. Used to rule out, cheaply, that an exponential draw -ln u
 * exceeds a threshold. */
MC_HD static inline float mcs_neg_log_bound_f(float x)
{
    float top = (float)(int32_t)(mcs_float_bits(x) >> 7); /* < 2^24: exact */
    return fmaf(top, -0.6932f * 0x1p-16f, 127.0f * 0.6932f + 0x1p-12f);
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

MC_HD static inline uint64_t mcs_double_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

MC_HD static inline double mcs_bits_double(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* e^x for double x (Cephes exp: Pade form); clamps to [e^-708, e^709].
 * Integer parts are read from the bits of x*log2(e) + 1.5*2^52 rather than
 * converted, so the loop vectorises without AVX-512's int64 conversions. */
MC_HD static inline double mcs_exp_d(double x)
{
#ifdef __CUDA_ARCH__
    x = x < -708.0 ? -708.0 : x;
    x = x > 709.0 ? 709.0 : x;
    return exp(x);
#else
    const double lo = mcs_exp_d_bounds[0], hi = mcs_exp_d_bounds[1]; /* -708, 709 */
    x = x < lo ? lo : x;
    x = x > hi ? hi : x;
    const double magic = 6755399441055744.0; /* 1.5 * 2^52 */
    double t = x * 1.4426950408889634074 + magic;
    double n = t - magic;
    int64_t ni = (int64_t)(mcs_double_bits(t) - mcs_double_bits(magic)); /* = n */
    x = fma(n, -6.93145751953125e-1, x);
    x = fma(n, -1.42860682030941723212e-6, x);
    double xx = x * x;
    double p = 1.26177193074810590878e-4;
    p = fma(p, xx, 3.02994407707441961300e-2);
    p = fma(p, xx, 9.99999999999999999910e-1);
    p = p * x;
    double q = 3.00198505138664455042e-6;
    q = fma(q, xx, 2.52448340349684104192e-3);
    q = fma(q, xx, 2.27265548208155028766e-1);
    q = fma(q, xx, 2.00000000000000000009e0);
    double r = fma(2.0, p / (q - p), 1.0);
    /* 2^n in two factors so n = -1022..1023 never builds a denormal or inf */
    int64_t h = ni >> 1;
    return r * mcs_bits_double((uint64_t)(h + 1023) << 52) *
           mcs_bits_double((uint64_t)(ni - h + 1023) << 52);
#endif
}

/* The double mcs_neg_log_bound_f: an upper bound of -ln x for x in (0, 1),
 * from the top 32 bits of x (sign, exponent, 20 bits of the mantissa; exact
 * as an int32 and as a double): -log2 x <= 1023 - t 2^-20. */
MC_HD static inline double mcs_neg_log_bound_d(double x)
{
    double top = (double)(int32_t)(mcs_double_bits(x) >> 32);
    return fma(top, -0.6932 * 0x1p-20, 1023.0 * 0.6932 + 0x1p-12);
}

/* Natural log for positive, normal, finite double x (Cephes log). */
MC_HD static inline double mcs_log_d(double x)
{
#ifdef __CUDA_ARCH__
    return log(x);
#else
    const double two52 = 4503599627370496.0;
    uint64_t bits = mcs_double_bits(x);
    /* exponent as a double without an int64 conversion: 2^52 + e - 2^52 */
    double fe = mcs_bits_double(0x4330000000000000ull | ((bits >> 52) & 0x7ffu)) - two52 - 1022.0;
    double m = mcs_bits_double((bits & 0x000fffffffffffffull) | 0x3fe0000000000000ull); /* [0.5,1) */
    int small = m < 0.70710678118654752440;
    fe = small ? fe - 1.0 : fe;
    double f = small ? m + m - 1.0 : m - 1.0;
    double z = f * f;
    double p = 1.01875663804580931796e-4;
    p = fma(p, f, 4.97494994976747001425e-1);
    p = fma(p, f, 4.70579119878881725854e0);
    p = fma(p, f, 1.44989225341610930846e1);
    p = fma(p, f, 1.79368678507819816313e1);
    p = fma(p, f, 7.70838733755885391666e0);
    double q = f + 1.12873587189167450590e1;
    q = fma(q, f, 4.52279145837532221105e1);
    q = fma(q, f, 8.29875266912776603211e1);
    q = fma(q, f, 7.11544750618563894466e1);
    q = fma(q, f, 2.31251620126765340583e1);
    double y = f * (z * p / q);
    y = fma(fe, -2.121944400546905827679e-4, y);
    y = fma(z, -0.5, y);
    return fma(fe, 0.693359375, f + y);
#endif
}

/* sin(2*pi*v) and cos(2*pi*v) for v in [0, 1], as the float version. */
MC_HD static inline void mcs_sincos_2pi_d(double v, double *s_out, double *c_out)
{
#ifdef __CUDA_ARCH__
    sincospi(2.0 * v, s_out, c_out);
#else
    const double magic = 6755399441055744.0; /* 1.5 * 2^52 */
    double t = 4.0 * v;
    double tq = t + magic;
    double q = tq - magic;
    uint64_t qi = mcs_double_bits(tq) & 3u; /* quadrant q mod 4, from the bits */
    double a = (t - q) * 1.57079632679489661923;
    double z = a * a;
    double s = 1.58962301576546568060e-10;
    s = fma(s, z, -2.50507477628578072866e-8);
    s = fma(s, z, 2.75573136213857245213e-6);
    s = fma(s, z, -1.98412698295895385996e-4);
    s = fma(s, z, 8.33333333332211858878e-3);
    s = fma(s, z, -1.66666666666666307295e-1);
    s = fma(s * z, a, a);
    double c = -1.13585365213876817300e-11;
    c = fma(c, z, 2.08757008419747316778e-9);
    c = fma(c, z, -2.75573141792967388112e-7);
    c = fma(c, z, 2.48015872888517045348e-5);
    c = fma(c, z, -1.38888888888730564116e-3);
    c = fma(c, z, 4.16666666666665929218e-2);
    c = fma(c * z, z, fma(z, -0.5, 1.0));
    double sv = (qi & 1) ? c : s;
    double cv = (qi & 1) ? s : c;
    *s_out = (qi & 2) ? -sv : sv;
    *c_out = ((qi + 1) & 2) ? -cv : cv;
#endif
}

#endif
