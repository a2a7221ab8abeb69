/* merton.h - Merton's jump-diffusion (Merton 1976, "Option pricing when
 * underlying stock returns are discontinuous"), shared by both backends:
 * GBM plus a compound Poisson process of log-normal jumps,
 *   dS/S- = (r - q - lambda k) dt + sigma dW + (J - 1) dN,
 *   N Poisson of intensity lambda, ln J ~ N(jump_mean, jump_vol^2),
 *   k = E[J - 1] = e^{jump_mean + jump_vol^2/2} - 1 (the compensator, so
 *   that S e^{-(r - q) t} is a martingale).
 * The state is x = ln(S/S0); one step of length dt is exact in distribution
 * for any dt (like models/gbm.h's):
 *   x += (r - q - lambda k - sigma^2/2) dt + sigma sqrt(dt) z1
 *        + n jump_mean + sqrt(n) jump_vol z3,
 * n ~ Poisson(lambda dt) the step's jump count, drawn by inversion from the
 * normal z2: n = the number of thresholds t_j below z2, with
 * t_j = Phi^{-1}(P(n <= j)), j = 0 .. MCS_MERTON_COUNTS - 1, so that
 * P(n > j) = P(z2 > t_j) exactly (monotone in z2; no special function per
 * path). The thresholds are made in double with the coefficients (once
 * per block of paths on the CPU, by each thread of a launch on the GPU:
 * 32 inverse normals, small beside a block's paths; models/
 * normal_quantile.h). The table ends at
 * MCS_MERTON_COUNTS jumps a step: the config refuses a job whose
 * lambda maturity / steps leaves more than MCS_MERTON_TAIL_LIMIT of
 * probability beyond it (models/model_types.c, naming the keys and the
 * steps that would do). The count is drawn from a normal because the GPU
 * kernel draws no model uniforms (gpu_kernel.cuh). The interface is the
 * one models/gbm.h describes. The jumps make ln S between two dates other
 * than a Brownian bridge (MCS_MERTON_HAS_BRIDGE 0): continuous monitoring
 * is refused at config time (engine/pair.c). */
#ifndef MCS_MERTON_H
#define MCS_MERTON_H

#include "real.h"
#include "normal_quantile.h"
#include "merton_params.h"

#define MCS_MERTON_DIM 1
#define MCS_MERTON_NORMALS 3 /* z1 diffusion, z2 the count, z3 the jump sizes */
#define MCS_MERTON_UNIFORMS 0
#define MCS_MERTON_HAS_LOG 1
#define MCS_MERTON_HAS_BRIDGE 0

/* The count table: thresholds for 0 .. MCS_MERTON_COUNTS - 1 jumps, so a
 * step has at most MCS_MERTON_COUNTS jumps; a job where more has
 * probability over MCS_MERTON_TAIL_LIMIT is refused (lambda dt up to
 * about 5.4). */
#define MCS_MERTON_COUNTS 32
#define MCS_MERTON_TAIL_LIMIT 1e-15
/* Poisson terms summed beyond the table for its tail */
#define MCS_MERTON_TAIL_TERMS 64
/* (its size is checked where the config checks jobs against it: models/model_types.c) */
/* a threshold no normal reaches: the count's probability underflows */
#define MCS_MERTON_NEVER 1e30

typedef struct {
    mcs_real drift_dt;    /* (r - q - lambda k - sigma^2/2) dt */
    mcs_real vol_sqrt_dt; /* sigma sqrt(dt) */
    mcs_real jump_mean;   /* of one log jump */
    mcs_real jump_vol;
    mcs_real spot;        /* S0 */
    mcs_real count_at[MCS_MERTON_COUNTS]; /* t_j: n > j when z2 > t_j; nondecreasing */
} mcs_merton_coef;

/* P(n > j) for j = 0 .. MCS_MERTON_COUNTS (upper[j]) and P(n <= j) for
 * j < MCS_MERTON_COUNTS (lower[j]), n ~ Poisson(mean), each summed from its
 * own small end so that both keep their relative precision. */
MC_HD static inline void mcs_merton_count_tails(double mean, double upper[MCS_MERTON_COUNTS + 1],
                                                double lower[MCS_MERTON_COUNTS])
{
    double pmf[MCS_MERTON_COUNTS + 1];
    double p = exp(-mean), below = 0.0;
    for (int j = 0; j <= MCS_MERTON_COUNTS; j++) {
        pmf[j] = p;
        if (j < MCS_MERTON_COUNTS)
            lower[j] = below += p;
        p = p * mean / (j + 1);
    }
    double above = 0.0; /* P(n > MCS_MERTON_COUNTS), terms smallest first */
    double term[MCS_MERTON_TAIL_TERMS];
    for (int i = 0; i < MCS_MERTON_TAIL_TERMS; i++) {
        term[i] = p;
        p = p * mean / (MCS_MERTON_COUNTS + 2 + i);
    }
    for (int i = MCS_MERTON_TAIL_TERMS - 1; i >= 0; i--)
        above += term[i];
    for (int j = MCS_MERTON_COUNTS; j >= 0; j--) {
        upper[j] = above;
        above += pmf[j];
    }
}

/* The probability that a step of `mean` = lambda dt expected jumps has more
 * than the table's MCS_MERTON_COUNTS (the config's check); 1 for a mean
 * beyond the table's size (then it is about 1/2 or more, and e^{-mean}
 * could underflow to a tail of 0). */
MC_HD static inline double mcs_merton_beyond_table(double mean)
{
    double upper[MCS_MERTON_COUNTS + 1], lower[MCS_MERTON_COUNTS];
    if (!(mean > 0.0))
        return 0.0;
    if (mean > MCS_MERTON_COUNTS)
        return 1.0;
    mcs_merton_count_tails(mean, upper, lower);
    return upper[MCS_MERTON_COUNTS];
}

MC_HD static inline mcs_merton_coef mcs_merton_coef_make(const mcs_model_params *params, double dt)
{
    const mcs_merton_params *m = mcs_merton_params_of(params);
    mcs_merton_coef c;
    const double lambda = m->jump_intensity, sigma = m->volatility;
    const double k = expm1(m->jump_mean + 0.5 * m->jump_vol * m->jump_vol);
    c.drift_dt = (mcs_real)((m->rate - m->dividend - lambda * k - 0.5 * sigma * sigma) * dt);
    c.vol_sqrt_dt = (mcs_real)(sigma * sqrt(dt));
    c.jump_mean = (mcs_real)m->jump_mean;
    c.jump_vol = (mcs_real)m->jump_vol;
    c.spot = (mcs_real)m->spot;
    double upper[MCS_MERTON_COUNTS + 1], lower[MCS_MERTON_COUNTS];
    const double mean = lambda * dt;
    if (mean > 0.0)
        mcs_merton_count_tails(mean, upper, lower);
    double last = -MCS_MERTON_NEVER;
    for (int j = 0; j < MCS_MERTON_COUNTS; j++) {
        double t = MCS_MERTON_NEVER; /* no jumps (lambda = 0), or beyond double's range */
        if (mean > 0.0 && upper[j] >= 1e-300)
            t = upper[j] < 0.5 ? -mcs_normal_quantile(upper[j]) : mcs_normal_quantile(lower[j]);
        if (!(t >= last)) /* never needed in exact arithmetic; keeps the table monotone */
            t = last;
        c.count_at[j] = (mcs_real)t;
        last = t;
    }
    return c;
}

MC_HD static inline void mcs_merton_init(const mcs_merton_coef *c, mcs_real s[MCS_MERTON_DIM])
{
    (void)c;
    s[0] = 0;
}

/* The step's jump count from z2: the number of thresholds below it. */
MC_HD static inline mcs_real mcs_merton_count(const mcs_merton_coef *c, mcs_real z2)
{
#ifdef __CUDA_ARCH__
    /* GPU: stop at the first threshold above z2 (most steps have none);
     * the same count, the thresholds being nondecreasing */
    int n = 0;
    while (n < MCS_MERTON_COUNTS && z2 > c->count_at[n])
        n++;
    return (mcs_real)n;
#else
    /* CPU: every threshold, no branch, unrolled so that the batch loop
     * around the step vectorises over the paths (left as a loop, GCC
     * vectorises it over the thresholds instead and the paths run one by
     * one, several times slower) */
    mcs_real n = 0;
#if defined(__GNUC__) && !defined(__CUDACC__)
#pragma GCC unroll 64
#endif
    for (int j = 0; j < MCS_MERTON_COUNTS; j++)
        n += z2 > c->count_at[j] ? (mcs_real)1 : (mcs_real)0;
    return n;
#endif
}

MC_HD static inline void mcs_merton_step(const mcs_merton_coef *c, mcs_real s[MCS_MERTON_DIM],
                                         const mcs_real z[MCS_MERTON_NORMALS], const mcs_real *u)
{
    (void)u;
    const mcs_real n = mcs_merton_count(c, z[1]);
    s[0] = s[0] + ((c->drift_dt + c->vol_sqrt_dt * z[0]) +
                   (n * c->jump_mean + MCS_SQRT(n) * c->jump_vol * z[2]));
}

MC_HD static inline mcs_real mcs_merton_log(const mcs_merton_coef *c,
                                            const mcs_real s[MCS_MERTON_DIM])
{
    (void)c;
    return s[0];
}

MC_HD static inline mcs_real mcs_merton_spot(const mcs_merton_coef *c,
                                             const mcs_real s[MCS_MERTON_DIM])
{
    return c->spot * MCS_EXP(s[0]);
}

MC_HD static inline mcs_real mcs_merton_unit(const mcs_merton_coef *c)
{
    return c->spot;
}

MC_HD static inline mcs_real mcs_merton_rel(const mcs_merton_coef *c,
                                            const mcs_real s[MCS_MERTON_DIM])
{
    (void)c;
    return MCS_EXP(s[0]);
}

#endif
