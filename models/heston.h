/* heston.h - the Heston stochastic-volatility model, shared by both
 * backends:
 *   dS = (r - q) S dt + sqrt(v) S dW_S,
 *   dv = kappa (theta - v) dt + xi sqrt(v) dW_v,   d<W_S, W_v> = rho dt.
 * The state is the log-spot x = ln(S/S0) and the variance v (DIM 2); each
 * step draws two normals (z[0] for v, z[1] for x) and no uniform. The
 * interface is the one models/gbm.h describes; the step's length dt is the
 * job's (coef_make(params, dt)), and the coefficients are computed there in
 * double, then rounded. Two schemes ([model] scheme):
 *
 * qe (default): Andersen (2008), "Simple and efficient simulation of the
 * Heston stochastic volatility model", J. Comp. Finance 11(3). v's step
 * matches the exact conditional mean m and variance s^2 of v(t+dt) given
 * v(t); with psi = s^2/m^2, psi <= psi_c = 1.5 takes v' = a (b + z_v)^2,
 * else the exponential branch v' = 0 with probability p, else
 * ln((1-p)/(1-U))/beta, with U = Phi(z_v) the variance normal's uniform
 * (exact in distribution; the kernels draw no model uniform). x takes
 * Andersen's central discretisation (gamma1 = gamma2 = 1/2),
 *   x' = x + (r-q) dt + K0* + K1 v + K2 v' + sqrt(K3 v + K4 v') z_x,
 * with the martingale correction K0* in place of K0, so E[S'|S, v] =
 * S e^{(r-q) dt} exactly for the scheme's v'. Where the correction's
 * condition fails (A >= 1/(2a), A >= beta: large positive rho with long
 * steps) that step takes Andersen's plain K0.
 *
 * euler: full truncation (Lord, Koekkoek and van Dijk 2010): v+ = max(v, 0)
 * in drift and diffusion, v itself kept, x by log-Euler with
 * z_x = rho z_v + sqrt(1 - rho^2) z_1. Biased: the bias shrinks with the
 * steps (tests/test_heston.c).
 *
 * The Feller condition need not hold (v reaches 0; QE's exponential branch
 * is there for it). There is a log-spot (S > 0, HAS_LOG 1) but no
 * Brownian bridge (HAS_BRIDGE 0): continuous monitoring is refused at
 * config time (engine/pair.c). The model's default steps are daily (its
 * type table entry: 252 a year). Include models/real.h (with the precision
 * chosen) first. */
#ifndef MCS_HESTON_H
#define MCS_HESTON_H

#include "real.h"
#include "heston_params.h"

#define MCS_HESTON_DIM 2 /* s[0] = x = ln(S/S0), s[1] = v */
#define MCS_HESTON_NORMALS 2 /* z[0] drives v, z[1] (independent) x */
#define MCS_HESTON_UNIFORMS 0
#define MCS_HESTON_HAS_LOG 1
#define MCS_HESTON_HAS_BRIDGE 0
#define MCS_HESTON_PSI_C 1.5 /* Andersen's switch between the branches */

typedef struct {
    int euler;            /* 1: full-truncation Euler, 0: QE */
    mcs_real drift_dt;    /* (r - q) dt */
    mcs_real spot;        /* S0 */
    mcs_real v0;          /* v at t = 0 */
    /* QE: m = m0 + m1 v, s^2 = s1 v + s0 (v's conditional moments) */
    mcs_real m0, m1, s0, s1;
    mcs_real k0, k1, k2, k3, k4; /* Andersen's K0..K4 */
    mcs_real big_a;              /* A = K2 + K4 / 2 */
    mcs_real half_k3;            /* K3 / 2: K0* = ... - (K1 + K3/2) v, plus K1 v */
    /* Euler: */
    mcs_real dt, kappa_dt, kappa_theta_dt, xi_sqrt_dt, sqrt_dt, rho, rho_bar;
} mcs_heston_coef;

MC_HD static inline mcs_heston_coef mcs_heston_coef_make(const mcs_model_params *params, double dt)
{
    const mcs_heston_params *m = mcs_heston_params_of(params);
    mcs_heston_coef c;
    const double k = m->kappa, th = m->theta, xi = m->xi, rho = m->rho;
    const double e = exp(-k * dt), one_e = -expm1(-k * dt);
    const double g1 = 0.5, g2 = 0.5; /* Andersen's central weights */
    const double k0 = -rho * k * th * dt / xi;
    const double k1 = g1 * dt * (k * rho / xi - 0.5) - rho / xi;
    const double k2 = g2 * dt * (k * rho / xi - 0.5) + rho / xi;
    const double k3 = g1 * dt * (1 - rho * rho);
    const double k4 = g2 * dt * (1 - rho * rho);
    c.euler = m->scheme == MCS_HESTON_EULER;
    c.drift_dt = (mcs_real)((m->rate - m->dividend) * dt);
    c.spot = (mcs_real)m->spot;
    c.v0 = (mcs_real)m->v0;
    c.m0 = (mcs_real)(th * one_e);
    c.m1 = (mcs_real)e;
    c.s1 = (mcs_real)(xi * xi * e * one_e / k);
    c.s0 = (mcs_real)(th * xi * xi * one_e * one_e / (2 * k));
    c.k0 = (mcs_real)k0;
    c.k1 = (mcs_real)k1;
    c.k2 = (mcs_real)k2;
    c.k3 = (mcs_real)k3;
    c.k4 = (mcs_real)k4;
    c.big_a = (mcs_real)(k2 + 0.5 * k4);
    c.half_k3 = (mcs_real)(0.5 * k3);
    c.dt = (mcs_real)dt;
    c.kappa_dt = (mcs_real)(k * dt);
    c.kappa_theta_dt = (mcs_real)(k * th * dt);
    c.xi_sqrt_dt = (mcs_real)(xi * sqrt(dt));
    c.sqrt_dt = (mcs_real)sqrt(dt);
    c.rho = (mcs_real)rho;
    c.rho_bar = (mcs_real)sqrt(1 - rho * rho);
    return c;
}

MC_HD static inline void mcs_heston_init(const mcs_heston_coef *c, mcs_real s[MCS_HESTON_DIM])
{
    s[0] = 0;
    s[1] = c->v0;
}

/* Phi(-z) = erfc(z / sqrt 2) / 2, the upper tail of the standard normal,
 * positive. Double: the C library's erfc. Single: Numerical Recipes'
 * erfcc (Chebyshev fit, relative error below 1.2e-7 everywhere, about
 * float's rounding), branch-free so that the CPU loop vectorises. */
MC_HD static inline __attribute__((always_inline)) mcs_real mcs_heston_upper_tail(mcs_real z)
{
#ifdef MCS_REAL_DOUBLE
    return 0.5 * erfc(z * 0.70710678118654752440);
#else
    const float x = z * 0.70710678118654752440f;
    const float a = x < 0 ? -x : x;
#ifdef __CUDA_ARCH__
    const float t = mcs_rcp_ftz(1.0f + 0.5f * a);
#else
    const float t = 1.0f / (1.0f + 0.5f * a);
#endif
    float p = 0.17087277f;
    p = fmaf(t, p, -0.82215223f);
    p = fmaf(t, p, 1.48851587f);
    p = fmaf(t, p, -1.13520398f);
    p = fmaf(t, p, 0.27886807f);
    p = fmaf(t, p, -0.18628806f);
    p = fmaf(t, p, 0.09678418f);
    p = fmaf(t, p, 0.37409196f);
    p = fmaf(t, p, 1.00002368f);
    p = fmaf(t, p, -1.26551223f);
    const float r = t * mcs_exp_f(fmaf(-a, a, p));
    return 0.5f * (x >= 0 ? r : 2.0f - r);
#endif
}

#if defined(__CUDA_ARCH__) && !defined(MCS_REAL_DOUBLE)
/* One QE step on the GPU in single precision: the formulas of the CPU's
 * step below, with real branches (a warp whose paths all take the
 * quadratic branch skips the exponential one's tail, logarithm and
 * divisions) and the special-function unit's reciprocal, square root and
 * log2 (1-2 ulps; IEEE division and sqrt are about ten instructions each,
 * with a slow-path call). The correction's logarithm keeps the polynomial
 * (2 ulps relative): its argument is near 1, where lg2.approx's absolute
 * error (about 2^-22) would add up over the steps. */
__device__ static inline __attribute__((always_inline)) void mcs_heston_step_qe(
    const mcs_heston_coef *c, float s[MCS_HESTON_DIM], float zv, float zx)
{
    const float tiny = 1e-30f;
    const float v = s[1];
    const float m = c->m0 + c->m1 * v;
    const float s2 = c->s0 + c->s1 * v;
    const float inv_m = mcs_rcp_ftz(m);
    const float psi = fmaxf(fminf(s2 * inv_m * inv_m, 1e10f), 1e-18f);
    float v1, k0_k1v;
    if (psi <= (float)MCS_HESTON_PSI_C) {
        const float t = 2 * mcs_rcp_ftz(psi); /* >= 4/3 here */
        const float b2 = t - 1 + mcs_sqrt_ftz(t * (t - 1));
        const float a = m * mcs_rcp_ftz(1 + b2);
        const float bz = mcs_sqrt_ftz(b2) + zv;
        const float w = 1 - 2 * c->big_a * a;
        v1 = a * bz * bz;
        k0_k1v = w > 0 ? -c->big_a * b2 * a * mcs_rcp_ftz(fmaxf(w, tiny)) +
                             0.5f * mcs_log_f(w) - c->half_k3 * v
                       : c->k0 + c->k1 * v;
    } else {
        const float omp = 2 * mcs_rcp_ftz(psi + 1);
        const float tail = fmaxf(mcs_heston_upper_tail(zv), tiny);
        const float exp_den = omp - c->big_a * m;
        const float ln_ratio = (mcs_lg2_ftz(omp) - mcs_lg2_ftz(tail)) * 0.69314718055994531f;
        v1 = fmaxf(ln_ratio, 0) * (m * (psi + 1) * 0.5f);
        k0_k1v = exp_den > 0 ? -mcs_log_f(fmaxf((1 - omp) + omp * omp * mcs_rcp_ftz(exp_den),
                                                tiny)) -
                                   c->half_k3 * v
                             : c->k0 + c->k1 * v;
    }
    const float var_x = fmaxf(c->k3 * v + c->k4 * v1, 0);
    s[0] = s[0] + (c->drift_dt + k0_k1v + c->k2 * v1 + mcs_sqrt_ftz(var_x) * zx);
    s[1] = v1;
}
#else
/* One QE step (the file's comment): v' from z_v, then x with the
 * martingale-corrected K0*. Both branches are computed and one selected
 * (the CPU loop vectorises over paths), with one logarithm shared by the
 * two branches' corrections. */
MC_HD static inline __attribute__((always_inline)) void mcs_heston_step_qe(const mcs_heston_coef *c, mcs_real s[MCS_HESTON_DIM],
                                            mcs_real zv, mcs_real zx)
{
    const mcs_real tiny = (mcs_real)1e-30;
    const mcs_real v = s[1];
    const mcs_real m = c->m0 + c->m1 * v;
    const mcs_real s2 = c->s0 + c->s1 * v;
    const mcs_real inv_m = 1 / m;
    /* psi in [1e-18, 1e10]: an infinite ratio (m underflowed) takes 1e10,
     * the exponential branch with p near 1, v' = 0 */
    const mcs_real psi = mcs_max(mcs_min(s2 * inv_m * inv_m, (mcs_real)1e10), (mcs_real)1e-18);
    const int quadratic = psi <= (mcs_real)MCS_HESTON_PSI_C;
    /* quadratic branch: v' = a (b + z_v)^2 (t >= 1 there; clamped for the
     * lanes that take the other branch; t (t - 1) < 4e36 fits a float) */
    const mcs_real t = mcs_max(2 / psi, 1);
    const mcs_real b2 = t - 1 + MCS_SQRT(t * (t - 1));
    const mcs_real a = m / (1 + b2);
    const mcs_real bz = MCS_SQRT(b2) + zv;
    const mcs_real w = 1 - 2 * c->big_a * a; /* Andersen's condition: w > 0 */
    /* exponential branch: 1 - p = 2/(psi + 1), beta = (1 - p)/m, and
     * v' = max(0, ln((1 - p)/(1 - U)))/beta, 1 - U = Phi(-z_v) */
    const mcs_real omp = 2 / (psi + 1);
    const mcs_real tail = mcs_max(mcs_heston_upper_tail(zv), tiny);
    const mcs_real exp_den = omp - c->big_a * m; /* (beta - A) m: condition > 0 */
    /* K0* + (K1 + K3/2) v = extra + weight ln(arg):
     *   quadratic   -A b2 a / w + ln(w) / 2,
     *   exponential -ln(p + beta (1 - p) / (beta - A)),
     * or K0 + (K1 + K3/2) v where the branch's condition fails */
    const int ok = quadratic ? w > 0 : exp_den > 0;
    const mcs_real arg = quadratic ? w : (1 - omp) + omp * omp / mcs_max(exp_den, tiny);
    const mcs_real weight = quadratic ? (mcs_real)0.5 : (mcs_real)-1;
    const mcs_real extra = quadratic ? -c->big_a * b2 * a / mcs_max(w, tiny) : 0;
    const mcs_real k0_k1v = ok ? extra + weight * MCS_LOG(mcs_max(arg, tiny)) - c->half_k3 * v
                               : c->k0 + c->k1 * v;
    const mcs_real v1 = quadratic ? a * bz * bz
                                  : mcs_max(MCS_LOG(omp / tail), 0) * (m * (psi + 1) / 2);
    const mcs_real var_x = mcs_max(c->k3 * v + c->k4 * v1, 0);
    s[0] = s[0] + (c->drift_dt + k0_k1v + c->k2 * v1 + MCS_SQRT(var_x) * zx);
    s[1] = v1;
}
#endif

/* One full-truncation Euler step. */
MC_HD static inline __attribute__((always_inline)) void mcs_heston_step_euler(const mcs_heston_coef *c,
                                               mcs_real s[MCS_HESTON_DIM], mcs_real zv,
                                               mcs_real z1)
{
    const mcs_real v = s[1];
    const mcs_real vp = mcs_max(v, 0);
    const mcs_real sv = MCS_SQRT(vp);
    const mcs_real zx = c->rho * zv + c->rho_bar * z1;
    s[0] = s[0] + (c->drift_dt - (mcs_real)0.5 * vp * c->dt + sv * c->sqrt_dt * zx);
    s[1] = v + (c->kappa_theta_dt - c->kappa_dt * vp) + c->xi_sqrt_dt * sv * zv;
}

MC_HD static inline __attribute__((always_inline)) void mcs_heston_step(const mcs_heston_coef *c, mcs_real s[MCS_HESTON_DIM],
                                         const mcs_real z[MCS_HESTON_NORMALS], const mcs_real *u)
{
    (void)u;
    if (c->euler)
        mcs_heston_step_euler(c, s, z[0], z[1]);
    else
        mcs_heston_step_qe(c, s, z[0], z[1]);
}

#ifndef __CUDACC__
/* The CPU kernel's step of a batch's paths when no payoff watches it
 * (cpu_backend/path_kernel.inc, MCS_NAME_BATCH_STEP): state st[i * stride
 * + p], normals z[d * stride + p]. The vectorised QE step computes both
 * branches for every path; where no path of the batch takes the
 * exponential one (psi > psi_c, only where the variance is near 0), a
 * loop of the quadratic branch alone skips its tail function, exponential,
 * logarithm and three divisions: configs/heston.ini at 252 steps, one
 * thread, 1.5x faster (2026-11-28, bench/README.md). Each path gets the
 * operations mcs_heston_step gives it, in the same order
 * (-ffp-contract=off), so the same bits; a batch with an exponential-branch
 * path steps each path as it in single (vectorised, both branches), and
 * in double runs the quadratic loop, then steps its exponential paths
 * again on that branch alone (double's tail and logarithms are scalar
 * calls: see below); the Euler scheme steps each path as it. Every loop here
 * vectorises (the coefficients restrict, the count of exponential paths a
 * sum of reals): a first version whose check loop stopped at the first
 * exponential path did not, and gained 3%. The check loop keeps each
 * path's psi for the quadratic loop, which reads it rather than compute it
 * again (a division and five operations a path: configs/heston.ini, one
 * thread of the development VM, philox, 73.3 to 78.3 M path-steps a
 * second, medians of 3 and 5, 2026-11-28). The quadratic loop repeats
 * mcs_heston_step_qe's formulas rather than share them through inline
 * helpers: the helpers gave the CPU the same bits but moved nvcc's FMA
 * contraction in the GPU's double-precision Heston kernel (its PTX
 * differed in 288 lines, 2026-11-28); tests/test_heston_batch.c holds the
 * copy to the per-path step's bits. */
#define MCS_HESTON_BATCH_STEP 1
/* 1: in double the batch step steps its exponential-branch paths apart
 * (below, under this switch), so a path, not its batch, pays the branch:
 * the estimator's group follows it (models/heston_cost.c,
 * mcs_heston_dear_cpu_group) */
#define MCS_HESTON_DOUBLE_APART 1
/* The most paths a batch step keeps each path's psi for, from the check
 * loop to the quadratic one (a larger batch steps each path as it). */
#define MCS_HESTON_BATCH_MAX 2048u
#ifdef MCS_BATCH
_Static_assert(MCS_BATCH <= MCS_HESTON_BATCH_MAX, "mcs_heston_step_batch: a CPU batch's psi "
                                                  "(MCS_HESTON_BATCH_MAX)");
#endif
static inline void mcs_heston_step_batch(const mcs_heston_coef *restrict c, uint32_t nb,
                                         mcs_real *restrict st, const mcs_real *restrict z,
                                         uint32_t stride)
{
    mcs_real *restrict x = st, *restrict var = st + stride;
    const mcs_real *restrict zv = z, *restrict zx = z + stride;
    if (c->euler || nb > MCS_HESTON_BATCH_MAX) {
        for (uint32_t p = 0; p < nb; p++) {
            mcs_real s[MCS_HESTON_DIM] = {x[p], var[p]};
            if (c->euler)
                mcs_heston_step_euler(c, s, zv[p], zx[p]);
            else
                mcs_heston_step_qe(c, s, zv[p], zx[p]);
            x[p] = s[0];
            var[p] = s[1];
        }
        return;
    }
    mcs_real psis[MCS_HESTON_BATCH_MAX]; /* each path's psi, for the quadratic loop */
    mcs_real exponential = 0; /* paths on the exponential branch (a vectorised count) */
    for (uint32_t p = 0; p < nb; p++) {
        const mcs_real v = var[p], m = c->m0 + c->m1 * v, inv_m = 1 / m;
        const mcs_real psi = mcs_max(mcs_min((c->s0 + c->s1 * v) * inv_m * inv_m,
                                             (mcs_real)1e10),
                                     (mcs_real)1e-18);
        psis[p] = psi;
        exponential += psi <= (mcs_real)MCS_HESTON_PSI_C ? (mcs_real)0 : (mcs_real)1;
    }
#if defined(MCS_REAL_DOUBLE) && MCS_HESTON_DOUBLE_APART
    /* double: the exponential branch's tail (erfc) and logarithms are
     * scalar calls, so the loop of every path branched per path, and its
     * cost followed the share of paths on the branch and their
     * mispredictions (one thread of the development VM: 26.5 to 40 ns a
     * step at 4% to 62% of paths, the quadratic loop's batches 18.6). Here
     * the quadratic loop steps every path, then each exponential path is
     * stepped again on that branch from its state kept before: the
     * quadratic loop's cost plus one per exponential path (20.2 to 38.8 ns
     * at 4% to 62%; 41 ns at 90%, where the loop of every path took 37). */
    uint32_t n_exp = 0, at[MCS_HESTON_BATCH_MAX];
    mcs_real kept_x[MCS_HESTON_BATCH_MAX], kept_v[MCS_HESTON_BATCH_MAX];
    if (exponential > 0)
        for (uint32_t p = 0; p < nb; p++) { /* without a branch: n_exp <= p */
            at[n_exp] = p;
            kept_x[n_exp] = x[p];
            kept_v[n_exp] = var[p];
            n_exp += psis[p] > (mcs_real)MCS_HESTON_PSI_C;
        }
#else
    if (exponential > 0) {
        for (uint32_t p = 0; p < nb; p++) {
            mcs_real s[MCS_HESTON_DIM] = {x[p], var[p]};
            mcs_heston_step_qe(c, s, zv[p], zx[p]);
            x[p] = s[0];
            var[p] = s[1];
        }
        return;
    }
#endif
    const mcs_real tiny = (mcs_real)1e-30;
    for (uint32_t p = 0; p < nb; p++) { /* mcs_heston_step_qe's quadratic branch */
        const mcs_real v = var[p];
        const mcs_real m = c->m0 + c->m1 * v;
        const mcs_real psi = psis[p]; /* the check loop's */
        const mcs_real t = mcs_max(2 / psi, 1);
        const mcs_real b2 = t - 1 + MCS_SQRT(t * (t - 1));
        const mcs_real a = m / (1 + b2);
        const mcs_real bz = MCS_SQRT(b2) + zv[p];
        const mcs_real w = 1 - 2 * c->big_a * a;
        const mcs_real extra = -c->big_a * b2 * a / mcs_max(w, tiny);
        const mcs_real k0_k1v = w > 0 ? extra + (mcs_real)0.5 * MCS_LOG(mcs_max(w, tiny)) -
                                            c->half_k3 * v
                                      : c->k0 + c->k1 * v;
        const mcs_real v1 = a * bz * bz;
        const mcs_real var_x = mcs_max(c->k3 * v + c->k4 * v1, 0);
        x[p] = x[p] + (c->drift_dt + k0_k1v + c->k2 * v1 + MCS_SQRT(var_x) * zx[p]);
        var[p] = v1;
    }
#if defined(MCS_REAL_DOUBLE) && MCS_HESTON_DOUBLE_APART
    for (uint32_t i = 0; i < n_exp; i++) { /* mcs_heston_step_qe's exponential branch */
        const uint32_t p = at[i];
        const mcs_real v = kept_v[i];
        const mcs_real m = c->m0 + c->m1 * v;
        const mcs_real psi = psis[p];
        const mcs_real omp = 2 / (psi + 1);
        const mcs_real tail = mcs_max(mcs_heston_upper_tail(zv[p]), tiny);
        const mcs_real exp_den = omp - c->big_a * m;
        const mcs_real arg = (1 - omp) + omp * omp / mcs_max(exp_den, tiny);
        const mcs_real k0_k1v = exp_den > 0 ? -MCS_LOG(mcs_max(arg, tiny)) - c->half_k3 * v
                                            : c->k0 + c->k1 * v;
        const mcs_real v1 = mcs_max(MCS_LOG(omp / tail), 0) * (m * (psi + 1) / 2);
        const mcs_real var_x = mcs_max(c->k3 * v + c->k4 * v1, 0);
        x[p] = kept_x[i] + (c->drift_dt + k0_k1v + c->k2 * v1 + MCS_SQRT(var_x) * zx[p]);
        var[p] = v1;
    }
#endif
}
#endif

MC_HD static inline mcs_real mcs_heston_log(const mcs_heston_coef *c,
                                            const mcs_real s[MCS_HESTON_DIM])
{
    (void)c;
    return s[0];
}

MC_HD static inline mcs_real mcs_heston_spot(const mcs_heston_coef *c,
                                             const mcs_real s[MCS_HESTON_DIM])
{
    return c->spot * MCS_EXP(s[0]);
}

MC_HD static inline mcs_real mcs_heston_unit(const mcs_heston_coef *c)
{
    return c->spot;
}

MC_HD static inline mcs_real mcs_heston_rel(const mcs_heston_coef *c,
                                            const mcs_real s[MCS_HESTON_DIM])
{
    (void)c;
    return MCS_EXP(s[0]);
}

#endif
