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
 * psi(v) = s^2 / m^2 > psi_c, i.e. v in the interval where the quadratic
 * 1.5 m1^2 v^2 + (3 m0 m1 - s1) v + 1.5 m0^2 - s0 is negative (m = m0 + m1 v,
 * s^2 = s0 + s1 v, the step's conditional moments). */
#include <math.h>
#include <stdint.h>
#include "heston_cost.h"
#include "heston.h"

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

/* P(X <= x) for X noncentral chi-square with d degrees of freedom and
 * noncentrality lam: the Poisson(lam / 2) mixture of central chi-squares
 * with d + 2j degrees of freedom, summed outward from the mode of the
 * weights until they are negligible. */
static double ncx2_cdf(double x, double d, double lam)
{
    if (x <= 0)
        return 0;
    const double h = lam / 2;
    if (h <= 0)
        return gamma_p(d / 2, x / 2);
    const double mean = d + lam, sd = sqrt(2 * (d + 2 * lam));
    if (x < mean - 40 * sd)
        return 0;
    const long mode = (long)floor(h), span = 20 + (long)(12 * sqrt(h));
    double sum = 0;
    for (long j = mode - span < 0 ? 0 : mode - span; j <= mode + span; j++) {
        const double w = exp(-h + (double)j * log(h) - lgamma((double)j + 1));
        sum += w * gamma_p(d / 2 + (double)j, x / 2);
    }
    return sum < 1 ? sum : 1;
}

/* The chance that a path's variance at time t lies in (lo, hi). */
static double cir_between(const mcs_heston_params *m, double t, double lo, double hi)
{
    if (t <= 0)
        return m->v0 > lo && m->v0 < hi ? 1 : 0;
    const double k = m->kappa, e = exp(-k * t), c = m->xi * m->xi * -expm1(-k * t) / (4 * k);
    const double d = 4 * k * m->theta / (m->xi * m->xi), lam = m->v0 * e / c;
    return fmax(0, ncx2_cdf(hi / c, d, lam) - ncx2_cdf(lo / c, d, lam));
}

double mcs_heston_dear_share(const mcs_job *job, uint32_t group)
{
    const mcs_heston_params *m = mcs_heston_params_of(&job->model);
    const uint32_t steps = job->sim.steps;
    if (m->scheme != MCS_HESTON_QE || steps == 0 || group == 0)
        return 0; /* the Euler step has no branch */
    const double dt = job->option.maturity / steps, k = m->kappa, th = m->theta, xi = m->xi;
    const double e = exp(-k * dt), one_e = -expm1(-k * dt);
    /* the step's moments as mcs_heston_coef_make has them */
    const double m0 = th * one_e, m1 = e, s1 = xi * xi * e * one_e / k,
                 s0 = th * xi * xi * one_e * one_e / (2 * k);
    const double psi_c = MCS_HESTON_PSI_C;
    const double qa = psi_c * m1 * m1, qb = 2 * psi_c * m0 * m1 - s1,
                 qc = psi_c * m0 * m0 - s0, disc = qb * qb - 4 * qa * qc;
    if (disc <= 0)
        return 0; /* psi <= psi_c at every variance */
    const double root = sqrt(disc);
    const double hi = (-qb + root) / (2 * qa), lo = fmax(0, (-qb - root) / (2 * qa));
    if (hi <= 0)
        return 0;
    const uint32_t n = steps < SHARE_SAMPLES ? steps : SHARE_SAMPLES;
    double share = 0;
    for (uint32_t i = 0; i < n; i++) {
        /* step k starts from the variance at k dt, k = 0 .. steps - 1 */
        const double kk = n == steps ? i : floor((i + 0.5) * steps / n);
        const double p = cir_between(m, kk * dt, lo, hi);
        share += p >= 1 ? 1 : -expm1((double)group * log1p(-p));
    }
    return share / n;
}
