/* heston_cost.c - how often a Heston job's QE steps take the exponential
 * branch, from the job's parameters (the model's dear_share,
 * core/type_table.h): the branch the step takes where the variance is near
 * 0 (psi > psi_c, models/heston.h) costs a tail function, a logarithm and
 * three divisions more, and a group of paths stepped together pays it when
 * any of its paths takes it (a CPU batch, a GPU warp). Host code only.
 *
 * The variance is taken as the CIR process the QE step matches in mean and
 * variance: v(t) / c is noncentral chi-square with d = 4 kappa theta / xi^2
 * degrees of freedom and noncentrality lambda = v0 e^{-kappa t} / c, where
 * c = xi^2 (1 - e^{-kappa t}) / (4 kappa) (Cox, Ingersoll and Ross 1985;
 * Andersen 2008, eq. 3). A step from v takes the branch when
 * psi(v) = s^2 / m^2 > psi_c (m = m0 + m1 v, s^2 = s0 + s1 v, the step's
 * conditional moments); psi falls with v, so that is v below the root hi
 * of psi_c m^2 = s^2, and only where xi^2 > 2 psi_c kappa theta. */
#include <math.h>
#include <stdint.h>
#include "heston_cost.h"
#define MCS_REAL_DOUBLE /* the step's coefficients in double (heston.h) */
#include "heston.h"
_Static_assert(sizeof(mcs_real) == sizeof(double), "heston_cost.c: the coefficients in double");

/* The steps at which the share is evaluated, at most: a longer grid is
 * sampled at this many evenly spaced steps (the share moves slowly with t). */
#define SHARE_SAMPLES 256

/* P(a, x), the regularised lower incomplete gamma function: its series
 * below a + 1, else 1 - Q by Lentz's continued fraction (Numerical Recipes,
 * 2nd ed., 6.2: gser, gcf). */
static double gamma_p(double a, double x)
{
    if (x <= 0)
        return 0;
    const double front = exp(-x + a * log(x) - lgamma(a));
    if (x < a + 1) {
        double ap = a, sum = 1 / a, del = sum;
        for (int n = 0; n < 100000 && fabs(del) > fabs(sum) * 1e-15; n++) {
            ap += 1;
            del *= x / ap;
            sum += del;
        }
        return sum * front;
    }
    const double tiny = 1e-300;
    double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
    for (int i = 1; i < 100000; i++) {
        const double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        d = fabs(d) < tiny ? tiny : d;
        c = b + an / c;
        c = fabs(c) < tiny ? tiny : c;
        d = 1 / d;
        const double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15)
            break;
    }
    return 1 - front * h;
}

/* Above this many terms of the Poisson mixture (h = lam / 2, or d / 2),
 * ncx2_cdf takes Sankaran's normal approximation instead (relative error
 * far below the share's needs there, and no 1e5-term sums). */
#define NCX2_TERMS_MOST 1e4

/* The standard normal's distribution function. */
static double normal_cdf(double z)
{
    return 0.5 * erfc(-z * 0.70710678118654752440);
}

/* P(X <= x) for X noncentral chi-square with d degrees of freedom and
 * noncentrality lam: the Poisson(lam / 2) mixture of central chi-squares
 * with d + 2j degrees of freedom, over the 20 + 12 sqrt(h) weights each
 * side of the mode (beyond 12 standard deviations of the Poisson); 0 and 1
 * far below and above the mean; Sankaran's approximation (Johnson, Kotz
 * and Balakrishnan, "Continuous Univariate Distributions" 2, 29.8) where
 * the sum would be too long. */
static double ncx2_cdf(double x, double d, double lam)
{
    if (!(x > 0))
        return 0;
    const double h = lam / 2, mean = d + lam, sd = sqrt(2 * (d + 2 * lam));
    if (x < mean - 40 * sd)
        return 0;
    if (x > mean + 40 * sd) /* (and x infinite) */
        return 1;
    if (h <= 0)
        return gamma_p(d / 2, x / 2);
    if (h > NCX2_TERMS_MOST || d / 2 > NCX2_TERMS_MOST) {
        const double a = d + lam, b = d + 2 * lam, c = d + 3 * lam;
        const double e = 1 - 2.0 / 3.0 * a * c / (b * b), p = b / (a * a),
                     m = (e - 1) * (1 - 3 * e);
        const double z = (pow(x / a, e) - (1 + e * p * (e - 1 - 0.5 * (2 - e) * m * p))) /
                         (e * sqrt(2 * p) * (1 + 0.5 * m * p));
        return normal_cdf(z);
    }
    const long mode = (long)floor(h), span = 20 + (long)(12 * sqrt(h));
    double sum = 0;
    for (long j = mode - span < 0 ? 0 : mode - span; j <= mode + span; j++) {
        const double w = exp(-h + (double)j * log(h) - lgamma((double)j + 1));
        sum += w * gamma_p(d / 2 + (double)j, x / 2);
    }
    return isnan(sum) ? NAN : sum < 1 ? sum : 1;
}

/* The chance that a path's variance at time t is below hi (v(0) = v0). */
static double cir_below(const mcs_heston_params *m, double t, double hi)
{
    if (t <= 0)
        return m->v0 < hi ? 1 : 0;
    const double k = m->kappa, e = exp(-k * t), c = m->xi * m->xi * -expm1(-k * t) / (4 * k);
    const double d = 4 * k * m->theta / (m->xi * m->xi), lam = m->v0 * e / c;
    return ncx2_cdf(hi / c, d, lam);
}

double mcs_heston_dear_share(const mcs_job *job, uint32_t group)
{
    const mcs_heston_params *m = mcs_heston_params_of(&job->model);
    const uint32_t steps = job->sim.steps;
    const double psi_c = MCS_HESTON_PSI_C, k = m->kappa, th = m->theta, xi = m->xi;
    /* psi falls with v (its derivative has the sign of -s1 m1 v), from
     * psi(0) = s0 / m0^2 = xi^2 / (2 kappa theta) at every step length: the
     * branch is taken below some hi > 0 where that is above psi_c, never
     * elsewhere (configs/heston.ini: 0.75) */
    if (m->scheme != MCS_HESTON_QE || steps == 0 || group == 0 ||
        !(xi * xi > 2 * psi_c * k * th))
        return 0; /* the Euler step has no branch */
    /* the step's conditional moments, as the kernels' step has them */
    const double dt = job->option.maturity / steps;
    const mcs_heston_coef co = mcs_heston_coef_make(&job->model, dt);
    const double m0 = co.m0, m1 = co.m1, s0 = co.s0, s1 = co.s1;
    /* hi: the positive root of psi_c (m0 + m1 v)^2 = s0 + s1 v, i.e. of
     * qa v^2 + qb v + qc with qc < 0, in the form without cancellation;
     * infinite where m1 (e^{-kappa dt}) underflowed: psi is then its value
     * at 0 for every v */
    const double qa = psi_c * m1 * m1, qb = 2 * psi_c * m0 * m1 - s1, qc = psi_c * m0 * m0 - s0;
    const double den = -qb - sqrt(qb * qb - 4 * qa * qc);
    const double hi = den < 0 ? 2 * qc / den : INFINITY;
    const uint32_t n = steps < SHARE_SAMPLES ? steps : SHARE_SAMPLES;
    double share = 0;
    for (uint32_t i = 0; i < n; i++) {
        /* step k starts from the variance at k dt, k = 0 .. steps - 1 */
        const double kk = n == steps ? i : floor((i + 0.5) * steps / n);
        const double p = cir_below(m, kk * dt, hi);
        share += isnan(p) ? 0 : p >= 1 ? 1 : p <= 0 ? 0 : -expm1((double)group * log1p(-p));
    }
    return share / n;
}

uint32_t mcs_heston_dear_cpu_group(mcs_precision precision, uint32_t batch)
{
    return precision == MCS_DOUBLE && MCS_HESTON_DOUBLE_APART ? 1 : batch;
}
