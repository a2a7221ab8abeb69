/* analytic.c - closed forms for mcsim's products, dispatched on the model:
 * a model without a closed form for a product gives none (never another
 * model's). Under GBM (spot S, rate r, dividend yield q, volatility sigma,
 * maturity T; b = r - q the cost of carry), sources:
 *   european  Black-Scholes-Merton (models/black_scholes.c).
 *   digital   Reiner & Rubinstein (1991), "Unscrambling the binary code";
 *             Haug, "The Complete Guide to Option Pricing Formulas" (2nd ed.,
 *             binary options: cash-or-nothing, asset-or-nothing).
 *   asian     geometric average over the n fixings t_k = k T / n (t = 0 is not
 *             a fixing): ln G is normal (Kemna & Vorst 1990, here in its
 *             discrete version), with mean and variance summed exactly over
 *             the n dates. Fixed strike: Black's formula on G. Floating strike:
 *             S_T and G are jointly log-normal, so (S_T - G)^+ is an exchange
 *             option (Margrabe 1978) on two log-normal assets.
 *   barrier   continuous monitoring: Reiner & Rubinstein (1991), "Breaking
 *             down the barriers"; Haug 4.17.1, terms A..E. mcsim pays the
 *             rebate at expiry both when knocked out and when never knocked
 *             in, so the rebate is worth R e^{-rT} P(hit) (out) or
 *             R e^{-rT} P(no hit) (in); Haug's E term is the latter, and the
 *             former replaces his F term (which pays at the hit).
 *   lookback  continuous monitoring, running extreme = spot at t = 0:
 *             floating strike Goldman, Sosin & Gatto (1979), Haug 4.15.1;
 *             fixed strike Conze & Viswanathan (1991), Haug 4.15.2. Their
 *             sigma^2/(2b) terms are rewritten without the division (see
 *             lookback_term) so that r == q is exact and r ~ q is stable.
 * Under Bachelier (S_t = F_t + sigma_N W_t, F_t = S e^{(r-q)t}) every
 * price is Bachelier's formula on a normal variable X with mean m and
 * standard deviation s: E(X - K)^+ = (m - K) N(d) + s phi(d), d = (m - K)/s
 * (Bachelier 1900; e.g. Musiela & Rutkowski, "Martingale Methods in
 * Financial Modelling", 2nd ed., 2.4; Haug 2nd ed., the Bachelier model):
 *   european  X = S_T: m = F_T, s = sigma_N sqrt(T).
 *   digital   cash: P(S_T > K) = N(d); asset: E[S_T 1{S_T > K}] =
 *             F_T N(d) + s phi(d) (and the put's mirror images).
 *   asian     arithmetic, fixings t_k = k T / n: the average A of a
 *             Gaussian process is Gaussian, m = (1/n) sum F_{t_k},
 *             Var A = sigma_N^2 / n^2 sum_{j,k} min(t_j, t_k)
 *                   = sigma_N^2 / n^2 sum_k (2 (n - k) + 1) t_k;
 *             floating strike: X = S_T - A, Cov(W_T, sum W_{t_k}) =
 *             sum t_k, so Var X = sigma_N^2 (T - 2 sum t_k / n) + Var A,
 *             struck at 0.
 * Under Heston (v0, kappa, theta, xi, rho) the European only: Heston's
 * (1993) semi-closed form, with the characteristic function of ln S_T in
 * the "little Heston trap" form (Albrecher, Mayer, Schoutens and Tistaert
 * 2007; continuous in u, so the principal logarithm is right) and the call
 * as one Fourier integral,
 *   C = (S e^{-qT} - K e^{-rT}) / 2
 *     + e^{-rT} / pi int_0^inf Re[e^{-iu ln K} (phi(u - i) - K phi(u)) / (iu)] du,
 * the put by parity; integrated adaptively (10-point Gauss-Legendre, each
 * panel halved until the halves agree to 1e-13) over panels of 10 until
 * they stop adding (tests/test_heston.c: QuantLib's AnalyticHestonEngine
 * to 1e-9).
 * Under Merton's jump-diffusion, the European and the digital are Poisson
 * mixtures of the GBM formulas (Merton 1976; merton_output below); the
 * path-dependent payoffs have none. */
#include "analytic.h"

#include <complex.h>
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "../models/bachelier_params.h"
#include "../models/black_scholes.h"
#include "../models/heston_params.h"
#include "../models/merton_params.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/barrier_params.h"
#include "../payoffs/digital_params.h"

#define MCS_INV_SQRT_2PI 0.39894228040143267794

typedef struct {
    double s, r, q, sigma, t;
} market;

static double normal_pdf(double x)
{
    return MCS_INV_SQRT_2PI * exp(-0.5 * x * x);
}

/* N(hi) - N(lo) with hi >= lo, taken in the upper tail's complement when both
 * points are positive so that it keeps its relative precision there. */
static double normal_cdf_diff(double lo, double hi)
{
    if (lo > 0.0)
        return mcs_normal_cdf(-lo) - mcs_normal_cdf(-hi);
    return mcs_normal_cdf(hi) - mcs_normal_cdf(lo);
}

/* Mean of the normal density over the interval between a and c (either
 * order): (N(c) - N(a)) / (c - a), and phi(a) when a == c. Short intervals use
 * 10-point Gauss-Legendre (nodes and weights: Abramowitz & Stegun, Table 25.4),
 * exact to double precision for a length up to 1, so that no difference of
 * nearly equal N values is ever taken. */
static double normal_pdf_mean(double a, double c)
{
    static const double node[5] = {0.14887433898163121088, 0.43339539412924719080,
                                   0.67940956829902440623, 0.86506336668898451073,
                                   0.97390652851717172008};
    static const double weight[5] = {0.29552422471475287017, 0.26926671930999635509,
                                     0.21908636251598204400, 0.14945134915058059315,
                                     0.06667134430868813759};
    double width = c - a;
    if (fabs(width) <= 1.0) {
        double mid = 0.5 * (a + c), half = 0.5 * width, sum = 0.0;
        for (int i = 0; i < 5; i++)
            sum += weight[i] * (normal_pdf(mid - half * node[i]) + normal_pdf(mid + half * node[i]));
        return 0.5 * sum;
    }
    return width > 0.0 ? normal_cdf_diff(a, c) / width : normal_cdf_diff(c, a) / -width;
}

/* expm1(z) / z, 1 at z = 0. */
static double expm1_over(double z)
{
    return z == 0.0 ? 1.0 : expm1(z) / z;
}

/* Black's formula on a log-normal underlying X (E[X] = fwd, Var[ln X] = var)
 * discounted by df: df E[(X - K)^+] (call) or df E[(K - X)^+] (put). */
static double black(double fwd, double strike, double var, double df, int is_call)
{
    if (var <= 0.0) {
        double intrinsic = is_call ? fwd - strike : strike - fwd;
        return intrinsic > 0.0 ? df * intrinsic : 0.0;
    }
    double sd = sqrt(var);
    double d1 = log(fwd / strike) / sd + 0.5 * sd;
    double d2 = d1 - sd;
    if (is_call)
        return df * (fwd * mcs_normal_cdf(d1) - strike * mcs_normal_cdf(d2));
    return df * (strike * mcs_normal_cdf(-d2) - fwd * mcs_normal_cdf(-d1));
}

/* ---- digital ------------------------------------------------------------ */

/* Cash-or-nothing pays `cash` when S_T > K (call) or S_T < K (put):
 * cash e^{-rT} N(+-d2); asset-or-nothing pays S_T: S e^{-qT} N(+-d1). */
static double digital_price(const market *m, const mcs_option_params *o)
{
    int phi = o->type == MCS_CALL ? 1 : -1;
    double sd = m->sigma * sqrt(m->t);
    double d1 = (log(m->s / o->strike) + (m->r - m->q) * m->t) / sd + 0.5 * sd;
    if (mcs_digital_params_of(o)->digital == MCS_DIGITAL_CASH)
        return mcs_digital_params_of(o)->cash * exp(-m->r * m->t) * mcs_normal_cdf(phi * (d1 - sd));
    return m->s * exp(-m->q * m->t) * mcs_normal_cdf(phi * d1);
}

/* ---- geometric asian ---------------------------------------------------- */

/* ln G = ln S + (1/n) sum_k [(b - sigma^2/2) t_k + sigma W(t_k)], t_k = k T / n:
 *   mean     ln S + (b - sigma^2/2) T (n + 1) / (2n)
 *   variance sigma^2 T / n^3 sum_{j,k} min(j, k) = sigma^2 T (n + 1)(2n + 1) / (6 n^2)
 *   Cov(ln S_T, ln G) = sigma^2 / n sum_k t_k = sigma^2 T (n + 1) / (2n)
 *   Var(ln S_T - ln G) = sigma^2 T + variance - 2 Cov = sigma^2 T (n - 1)(2n - 1) / (6 n^2).
 * Fixed strike: Black on G (forward e^{mean + variance/2}). Floating strike,
 * Margrabe: e^{-rT} E[(S_T - G)^+] = e^{-rT} [F_S N(d1) - F_G N(d2)] with
 * F_S = S e^{bT}, d1 = (ln(F_S / F_G) + v/2) / sqrt(v), v = Var(ln S_T - ln G),
 * i.e. Black's formula with forward F_S, strike F_G and variance v. */
static double geometric_asian_price(const market *m, const mcs_option_params *o)
{
    double n = (double)mcs_asian_params_of(o)->fixings;
    double s2t = m->sigma * m->sigma * m->t;
    double mean = log(m->s) + (m->r - m->q - 0.5 * m->sigma * m->sigma) * m->t * (n + 1.0) / (2.0 * n);
    double var = s2t * (n + 1.0) * (2.0 * n + 1.0) / (6.0 * n * n);
    double fwd_g = exp(mean + 0.5 * var);
    double df = exp(-m->r * m->t);
    int is_call = o->type == MCS_CALL;
    if (o->strike_type == MCS_STRIKE_FIXED)
        return black(fwd_g, o->strike, var, df, is_call);
    if (mcs_asian_params_of(o)->fixings == 1)
        return 0.0; /* G = S_T */
    double fwd_s = m->s * exp((m->r - m->q) * m->t);
    double var_diff = s2t * (n - 1.0) * (2.0 * n - 1.0) / (6.0 * n * n);
    /* call: S_T vs strike G; put: (G - S_T)^+, the same exchange mirrored */
    return black(fwd_s, fwd_g, var_diff, df, is_call);
}

/* ---- barrier ------------------------------------------------------------ */

static int barrier_is_down(mcs_barrier_type t)
{
    return t == MCS_BARRIER_DOWN_OUT || t == MCS_BARRIER_DOWN_IN;
}

static int barrier_is_in(mcs_barrier_type t)
{
    return t == MCS_BARRIER_DOWN_IN || t == MCS_BARRIER_UP_IN;
}

/* Reiner-Rubinstein (Haug 4.17.1) for a continuously monitored barrier H,
 * strike K, rebate R paid at expiry. phi = +1 call / -1 put, eta = +1 down /
 * -1 up, mu = (b - sigma^2/2) / sigma^2, s = sigma sqrt(T):
 *   x1 = ln(S/K)/s + (1+mu)s        x2 = ln(S/H)/s + (1+mu)s
 *   y1 = ln(H^2/(S K))/s + (1+mu)s  y2 = ln(H/S)/s + (1+mu)s
 *   A = phi S e^{-qT} N(phi x1) - phi K e^{-rT} N(phi x1 - phi s)
 *   B = the same with x2
 *   C = phi S e^{-qT} (H/S)^{2(mu+1)} N(eta y1) - phi K e^{-rT} (H/S)^{2mu} N(eta y1 - eta s)
 *   D = the same with y2
 *   P(no hit) = N(eta x2 - eta s) - (H/S)^{2mu} N(eta y2 - eta s)     (Haug's E / (R e^{-rT}))
 *   P(hit)    = N(eta s - eta x2) + (H/S)^{2mu} N(eta y2 - eta s)     (1 - P(no hit), no cancellation)
 * and the knock-in / knock-out values without rebate:
 *                    in                   out
 *   call down K>=H:  C                    A - C
 *   call down K< H:  A - B + D            B - D
 *   call up   K>=H:  A                    0
 *   call up   K< H:  B - C + D            A - B + C - D
 *   put  down K>=H:  B - C + D            A - B + C - D
 *   put  down K< H:  A                    0
 *   put  up   K>=H:  A - B + D            B - D
 *   put  up   K< H:  C                    A - C
 * (in + out = A, the vanilla, in every row). A barrier breached at the spot
 * knocks at once: a knock-out is worth R e^{-rT}, a knock-in the vanilla. */
static double barrier_price(const market *m, int is_call, mcs_barrier_type type, double strike,
                            double barrier, double rebate)
{
    int down = barrier_is_down(type), in = barrier_is_in(type);
    double df = exp(-m->r * m->t);
    if (down ? m->s <= barrier : m->s >= barrier)
        return in ? mcs_black_scholes(m->s, strike, m->r, m->q, m->sigma, m->t, is_call)
                  : rebate * df;

    double phi = is_call ? 1.0 : -1.0, eta = down ? 1.0 : -1.0;
    double sd = m->sigma * sqrt(m->t);
    double mu = (m->r - m->q - 0.5 * m->sigma * m->sigma) / (m->sigma * m->sigma);
    double shift = (1.0 + mu) * sd;
    double x1 = log(m->s / strike) / sd + shift;
    double x2 = log(m->s / barrier) / sd + shift;
    double y1 = log(barrier * barrier / (m->s * strike)) / sd + shift;
    double y2 = log(barrier / m->s) / sd + shift;
    double fwd = m->s * exp(-m->q * m->t), pvk = strike * df;
    double hs = barrier / m->s;
    double hs_2mu = pow(hs, 2.0 * mu), hs_2mu2 = pow(hs, 2.0 * (mu + 1.0));
    double a = phi * fwd * mcs_normal_cdf(phi * x1) - phi * pvk * mcs_normal_cdf(phi * (x1 - sd));
    double b = phi * fwd * mcs_normal_cdf(phi * x2) - phi * pvk * mcs_normal_cdf(phi * (x2 - sd));
    double c = phi * fwd * hs_2mu2 * mcs_normal_cdf(eta * y1)
             - phi * pvk * hs_2mu * mcs_normal_cdf(eta * (y1 - sd));
    double d = phi * fwd * hs_2mu2 * mcs_normal_cdf(eta * y2)
             - phi * pvk * hs_2mu * mcs_normal_cdf(eta * (y2 - sd));
    int above = strike >= barrier;
    double value;
    if (in) {
        if (is_call)
            value = down ? (above ? c : a - b + d) : (above ? a : b - c + d);
        else
            value = down ? (above ? b - c + d : a) : (above ? a - b + d : c);
        double no_hit = mcs_normal_cdf(eta * (x2 - sd)) - hs_2mu * mcs_normal_cdf(eta * (y2 - sd));
        value += rebate * df * no_hit;
    } else {
        if (is_call)
            value = down ? (above ? a - c : b - d) : (above ? 0.0 : a - b + c - d);
        else
            value = down ? (above ? a - b + c - d : 0.0) : (above ? b - d : a - c);
        double hit = mcs_normal_cdf(-eta * (x2 - sd)) + hs_2mu * mcs_normal_cdf(eta * (y2 - sd));
        value += rebate * df * hit;
    }
    return value > 0.0 ? value : 0.0; /* rounding only: every term is a value >= 0 */
}

static mcs_barrier_type barrier_complement(mcs_barrier_type t)
{
    switch (t) {
    case MCS_BARRIER_DOWN_OUT: return MCS_BARRIER_DOWN_IN;
    case MCS_BARRIER_DOWN_IN: return MCS_BARRIER_DOWN_OUT;
    case MCS_BARRIER_UP_OUT: return MCS_BARRIER_UP_IN;
    default: return MCS_BARRIER_UP_OUT;
    }
}

/* ---- lookback ----------------------------------------------------------- */

/* The sigma^2/(2b) term of Haug 4.15.1-4.15.2, for s = +1 or -1:
 *   G = s sigma^2/(2b) [e^{bT} N(s a) - (S/X)^{-2b/sigma^2} N(s (a - 2b sqrt(T)/sigma))]
 * with L = ln(S/X). Writing x = s a, y = x - s h, h = 2b sqrt(T)/sigma, and
 *   e^{bT} N(x) - e^{-2bL/sigma^2} N(y)
 *     = e^{-2bL/sigma^2} [N(x) - N(y) + N(x) expm1(b c)],  c = T + 2L/sigma^2,
 *   N(x) - N(y) = s h * (mean of phi between y and x),
 * the 1/b cancels exactly:
 *   G = e^{-2bL/sigma^2} [sigma sqrt(T) mean_phi(y, x) + s (sigma^2/2) c N(x) expm1(b c)/(b c)],
 * which is finite and accurate for every b, and at b = 0 is the r == q limit. */
static double lookback_term(const market *m, int s, double a, double log_s_over_x)
{
    double b = m->r - m->q, sig2 = m->sigma * m->sigma, sqrt_t = sqrt(m->t);
    double h = 2.0 * b * sqrt_t / m->sigma;
    double x = s * a, y = x - s * h;
    double c = m->t + 2.0 * log_s_over_x / sig2;
    return exp(-2.0 * b * log_s_over_x / sig2)
         * (m->sigma * sqrt_t * normal_pdf_mean(y, x)
            + s * 0.5 * sig2 * c * mcs_normal_cdf(x) * expm1_over(b * c));
}

/* (ln(S/X) + (b + sigma^2/2) T) / (sigma sqrt(T)): Haug's a1, b1, d1, e1, f1. */
static double lookback_d1(const market *m, double x)
{
    double sd = m->sigma * sqrt(m->t);
    return (log(m->s / x) + (m->r - m->q) * m->t) / sd + 0.5 * sd;
}

/* Floating strike (Goldman-Sosin-Gatto), running min = max = S at t = 0:
 *   call = S e^{-qT} N(a1) - S_min e^{-rT} N(a2) + S e^{-rT} G(-1, a1, ln(S/S_min))
 *   put  = S_max e^{-rT} N(-b2) - S e^{-qT} N(-b1) + S e^{-rT} G(+1, b1, ln(S/S_max))
 * Fixed strike (Conze-Viswanathan), M = running max, m = running min (= S):
 *   call, K > M:  S e^{-qT} N(d1) - K e^{-rT} N(d2) + S e^{-rT} G(+1, d1, ln(S/K))
 *   call, K <= M: e^{-rT}(M - K) + S e^{-qT} N(e1) - M e^{-rT} N(e2) + S e^{-rT} G(+1, e1, ln(S/M))
 *   put,  K < m:  K e^{-rT} N(-d2) - S e^{-qT} N(-d1) + S e^{-rT} G(-1, d1, ln(S/K))
 *   put,  K >= m: e^{-rT}(K - m) - S e^{-qT} N(-f1) + m e^{-rT} N(-f2) + S e^{-rT} G(-1, f1, ln(S/m))
 * with *2 = *1 - sigma sqrt(T). */
static double lookback_price(const market *m, const mcs_option_params *o)
{
    double extreme = m->s; /* running max and min start at the spot */
    double sd = m->sigma * sqrt(m->t);
    double df = exp(-m->r * m->t), fwd = m->s * exp(-m->q * m->t);
    int is_call = o->type == MCS_CALL, fixed = o->strike_type == MCS_STRIKE_FIXED;
    double x = extreme, intrinsic = 0.0;
    if (fixed) {
        double k = o->strike;
        if (is_call ? k > extreme : k < extreme)
            x = k;
        else
            intrinsic = is_call ? extreme - k : k - extreme;
    }
    double d1 = lookback_d1(m, x), d2 = d1 - sd;
    /* G's sign: +1 for the fixed call and the floating put, -1 for the others */
    double term = m->s * df * lookback_term(m, is_call == fixed ? 1 : -1, d1, log(m->s / x));
    double value = df * intrinsic + term
                 + (is_call ? fwd * mcs_normal_cdf(d1) - x * df * mcs_normal_cdf(d2)
                            : x * df * mcs_normal_cdf(-d2) - fwd * mcs_normal_cdf(-d1));
    return value > 0.0 ? value : 0.0;
}

/* ---- Bachelier ------------------------------------------------------------ */

/* Undiscounted E(X - K)^+ (call) or E(K - X)^+ (put), X ~ N(m, s^2). */
static double bachelier_formula(double m, double s, double strike, int is_call)
{
    double w = is_call ? 1.0 : -1.0, d = w * (m - strike) / s;
    return w * (m - strike) * mcs_normal_cdf(d) + s * normal_pdf(d);
}

/* Mean and standard deviation of the arithmetic average of S over the n
 * fixings k T / n, and those of S_T minus it (floating strike). */
static void bachelier_average(const mcs_job *job, double *mean, double *sd, double *float_mean,
                              double *float_sd)
{
    const mcs_bachelier_params *p = mcs_bachelier_params_of(&job->model);
    const double t = job->option.maturity, n = (double)mcs_asian_params_of(&job->option)->fixings;
    double sum_f = 0, sum_t = 0, sum_min = 0;
    for (uint32_t k = 1; k <= mcs_asian_params_of(&job->option)->fixings; k++) {
        double tk = t * k / n;
        sum_f += p->spot * exp((p->rate - p->dividend) * tk);
        sum_t += tk;
        sum_min += (2.0 * (n - k) + 1.0) * tk;
    }
    const double var_w = sum_min / (n * n); /* Var of the average of W */
    *mean = sum_f / n;
    *sd = p->normal_vol * sqrt(var_w);
    *float_mean = p->spot * exp((p->rate - p->dividend) * t) - *mean;
    double v = t - 2.0 * sum_t / n + var_w;
    *float_sd = p->normal_vol * sqrt(v > 0 ? v : 0);
}

static int bachelier_output(const mcs_job *job, int j, double *price, const char **source)
{
    const mcs_bachelier_params *p = mcs_bachelier_params_of(&job->model);
    const mcs_option_params *o = &job->option;
    const double t = o->maturity, df = exp(-p->rate * t);
    const double fwd = p->spot * exp((p->rate - p->dividend) * t), s = p->normal_vol * sqrt(t);
    const int is_call = o->type == MCS_CALL;
    if (j != 0 || !isfinite(fwd) || !(s > 0.0) || !isfinite(s) || !(t > 0.0))
        return 0;
    *source = "Bachelier";
    switch (o->payoff) {
    case MCS_PAYOFF_EUROPEAN:
        *price = df * bachelier_formula(fwd, s, o->strike, is_call);
        return 1;
    case MCS_PAYOFF_DIGITAL: {
        double d = (is_call ? 1.0 : -1.0) * (fwd - o->strike) / s;
        if (mcs_digital_params_of(o)->digital == MCS_DIGITAL_CASH)
            *price = df * mcs_digital_params_of(o)->cash * mcs_normal_cdf(d);
        else /* E[S_T 1{S_T > K}] = F N(d) + s phi(d); the put: F N(d) - s phi(d) */
            *price = df * (fwd * mcs_normal_cdf(d) + (is_call ? s : -s) * normal_pdf(d));
        return 1;
    }
    case MCS_PAYOFF_ASIAN: {
        if (mcs_asian_params_of(o)->average != MCS_AVERAGE_ARITHMETIC || mcs_asian_params_of(o)->fixings < 1)
            return 0;
        double m, sd, fm, fsd;
        bachelier_average(job, &m, &sd, &fm, &fsd);
        if (o->strike_type == MCS_STRIKE_FIXED)
            *price = df * bachelier_formula(m, sd, o->strike, is_call);
        else /* call: (S_T - A)^+, put: (A - S_T)^+ */
            *price = df * bachelier_formula(fm, fsd, 0.0, is_call);
        *source = "Bachelier (Gaussian average)";
        return isfinite(*price);
    }
    default:
        return 0;
    }
}

/* ---- Merton jump-diffusion ------------------------------------------------ */

/* Given n jumps by T, ln S_T is normal: mean ln S + (r - q - lambda k -
 * sigma^2/2) T + n jump_mean, variance v_n = sigma^2 T + n jump_vol^2, so
 * the forward given n is F_n = S e^{(r - q - lambda k) T} (1 + k)^n, and
 * every price is the Poisson(lambda T) mixture of Black's formula:
 *   european  sum_n P(n) Black(F_n, K, v_n)   (Merton 1976, eq. 16, written
 *             with the true intensity: e^{-lambda T}(lambda T)^n / n! F_n =
 *             e^{-lambda' T}(lambda' T)^n / n! S e^{(r_n - q) T}, lambda' =
 *             lambda (1 + k), r_n = r - lambda k + n ln(1 + k) / T, his form)
 *   digital   cash: e^{-rT} cash sum_n P(n) N(+-d2_n); asset: e^{-rT}
 *             sum_n P(n) F_n N(+-d1_n)
 * summed over n = 0 .. lambda T + 12 sqrt(lambda T) + 30 (the Poisson
 * weight left beyond is below 1e-25 of the whole). */
static int merton_output(const mcs_job *job, int j, double *price, const char **source)
{
    const mcs_merton_params *p = mcs_merton_params_of(&job->model);
    const mcs_option_params *o = &job->option;
    const double t = o->maturity, lambda = p->jump_intensity, lt = lambda * t;
    const double k = expm1(p->jump_mean + 0.5 * p->jump_vol * p->jump_vol);
    const double df = exp(-p->rate * t), sig2t = p->volatility * p->volatility * t;
    const int is_call = o->type == MCS_CALL, phi = is_call ? 1 : -1;
    if (j != 0 || !(t > 0.0) || !(p->spot > 0.0) || !(o->strike > 0.0) || !(sig2t > 0.0) ||
        !isfinite(lt) || !isfinite(k) || lt > 1e5)
        return 0;
    if (o->payoff != MCS_PAYOFF_EUROPEAN && o->payoff != MCS_PAYOFF_DIGITAL)
        return 0;
    const double log_f0 = log(p->spot) + (p->rate - p->dividend - lambda * k) * t;
    const double log_jump = log1p(k); /* ln(1 + k) = jump_mean + jump_vol^2 / 2 */
    const double terms = lt + 12.0 * sqrt(lt) + 30.0;
    double sum = 0.0;
    for (double n = 0; n <= terms; n += 1) {
        const double w = exp(-lt + (n > 0 ? n * log(lt) : 0.0) - lgamma(n + 1.0));
        const double fwd = exp(log_f0 + n * log_jump);
        const double var = sig2t + n * p->jump_vol * p->jump_vol, sd = sqrt(var);
        const double d1 = log(fwd / o->strike) / sd + 0.5 * sd, d2 = d1 - sd;
        double v;
        if (o->payoff == MCS_PAYOFF_EUROPEAN)
            v = black(fwd, o->strike, var, 1.0, is_call);
        else if (mcs_digital_params_of(o)->digital == MCS_DIGITAL_CASH)
            v = mcs_digital_params_of(o)->cash * mcs_normal_cdf(phi * d2);
        else
            v = fwd * mcs_normal_cdf(phi * d1);
        sum += w * v;
    }
    *price = df * sum;
    *source = "Merton (Poisson series)";
    return isfinite(*price);
}

/* ---- Heston --------------------------------------------------------------- */

/* The characteristic function of ln S_T, E[e^{iu ln S_T}] (little trap). */
static double complex heston_cf(const mcs_heston_params *p, double t, double complex u)
{
    const double k = p->kappa, xi = p->xi, rho = p->rho;
    const double complex b = k - rho * xi * I * u;
    const double complex d = csqrt(b * b + xi * xi * (I * u + u * u));
    const double complex g = (b - d) / (b + d), e = cexp(-d * t);
    const double complex c = k * p->theta / (xi * xi) *
                             ((b - d) * t - 2.0 * clog((1.0 - g * e) / (1.0 - g)));
    const double complex dd = (b - d) / (xi * xi) * (1.0 - e) / (1.0 - g * e);
    return cexp(c + dd * p->v0 + I * u * (log(p->spot) + (p->rate - p->dividend) * t));
}

/* The Fourier integrand of the call (the file's comment) at u > 0. */
static double heston_integrand(const mcs_heston_params *p, double t, double strike, double u)
{
    const double complex num = heston_cf(p, t, u - I) - strike * heston_cf(p, t, u);
    return creal(cexp(-I * u * log(strike)) * num / (I * u));
}

/* 10-point Gauss-Legendre on [a, b]. */
static double heston_gauss(const mcs_heston_params *p, double t, double strike, double a, double b)
{
    static const double x[5] = {0.1488743389816312, 0.4333953941292472, 0.6794095682990244,
                                0.8650633666889845, 0.9739065285171717};
    static const double w[5] = {0.2955242247147529, 0.2692667193099963, 0.2190863625159820,
                                0.1494513491505806, 0.0666713443086881};
    const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
    double sum = 0;
    for (int i = 0; i < 5; i++)
        sum += w[i] * (heston_integrand(p, t, strike, mid - half * x[i]) +
                       heston_integrand(p, t, strike, mid + half * x[i]));
    return sum * half;
}

/* [a, b] halved until the halves agree with the whole to tol (depth at
 * most 30). */
static double heston_adapt(const mcs_heston_params *p, double t, double strike, double a,
                           double b, double whole, double tol, int depth)
{
    const double mid = 0.5 * (a + b);
    const double left = heston_gauss(p, t, strike, a, mid);
    const double right = heston_gauss(p, t, strike, mid, b);
    if (depth >= 30 || fabs(left + right - whole) <= tol)
        return left + right;
    return heston_adapt(p, t, strike, a, mid, left, 0.5 * tol, depth + 1) +
           heston_adapt(p, t, strike, mid, b, right, 0.5 * tol, depth + 1);
}

/* The last integral, per process: a later run of the same job reads it
 * (the engine fills every run's closed forms; the integral took 300 us of a
 * 1.4 ms warm 1000-path Heston run on the development VM, 2026-11-29, and
 * 0.5 ms of the H200 host's warm runs' time outside their phases). */
static pthread_mutex_t heston_memo_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    int held;
    mcs_heston_params p;
    double t, k, integral;
} heston_memo;

/* The little-trap integral of the call: panels of 10 until three in a row add
 * nothing (at most u = 10000). */
static double heston_integral(const mcs_heston_params *p, double t, double k)
{
    double integral = 0;
    for (int panel = 0, quiet = 0; panel < 1000 && quiet < 3; panel++) {
        const double a = 10.0 * panel, b = a + 10.0;
        const double part =
            heston_adapt(p, t, k, a, b, heston_gauss(p, t, k, a, b), 1e-13, 0);
        integral += part;
        quiet = fabs(part) <= 1e-15 * (k + p->spot) ? quiet + 1 : 0;
    }
    return integral;
}

static int heston_output(const mcs_job *job, int j, double *price, const char **source)
{
    const mcs_heston_params *p = mcs_heston_params_of(&job->model);
    const mcs_option_params *o = &job->option;
    const double t = o->maturity, k = o->strike;
    if (j != 0 || o->payoff != MCS_PAYOFF_EUROPEAN || !(t > 0.0) || !(k > 0.0) ||
        !(p->spot > 0.0) || !(p->kappa > 0.0) || !(p->xi > 0.0) || !(p->theta > 0.0))
        return 0;
    double integral = NAN;
    pthread_mutex_lock(&heston_memo_lock);
    if (heston_memo.held && memcmp(&heston_memo.p, p, sizeof *p) == 0 && heston_memo.t == t &&
        heston_memo.k == k)
        integral = heston_memo.integral;
    pthread_mutex_unlock(&heston_memo_lock);
    if (isnan(integral)) {
        integral = heston_integral(p, t, k);
        pthread_mutex_lock(&heston_memo_lock);
        heston_memo.held = 1;
        heston_memo.p = *p;
        heston_memo.t = t;
        heston_memo.k = k;
        heston_memo.integral = integral;
        pthread_mutex_unlock(&heston_memo_lock);
    }
    const double df = exp(-p->rate * t), fwd_df = p->spot * exp(-p->dividend * t);
    const double call = 0.5 * (fwd_df - k * df) + df / M_PI * integral;
    *price = o->type == MCS_CALL ? call : call - fwd_df + k * df;
    *source = "Heston (little trap)";
    return isfinite(*price);
}

/* ---- dispatch ----------------------------------------------------------- */

static int gbm_output(const mcs_job *job, int j, double *price, const char **source);

int mcs_analytic_output(const mcs_job *job, int j, double *price, const char **source)
{
    switch (job->model.id) {
    case MCS_MODEL_GBM:
        return gbm_output(job, j, price, source);
    case MCS_MODEL_BACHELIER:
        return bachelier_output(job, j, price, source);
    case MCS_MODEL_HESTON:
        return heston_output(job, j, price, source);
    case MCS_MODEL_MERTON:
        return merton_output(job, j, price, source);
    default:
        return 0;
    }
}

static int gbm_output(const mcs_job *job, int j, double *price, const char **source)
{
    const mcs_option_params *o = &job->option;
    switch (job->model.id) { /* every formula here is for GBM */
    case MCS_MODEL_GBM:
        break;
    default:
        return 0;
    }
    market m = {job->model.spot, job->model.rate, job->model.dividend, job->model.volatility,
                o->maturity};
    if (!(m.s > 0.0) || !(m.sigma > 0.0) || !(m.t > 0.0) || !isfinite(m.r) || !isfinite(m.q)
        || !isfinite(m.s) || !isfinite(m.sigma) || !isfinite(m.t))
        return 0;
    if (j != 0 && !(j == 1 && o->payoff == MCS_PAYOFF_BARRIER))
        return 0;
    int is_call = o->type == MCS_CALL;
    int fixed = o->strike_type == MCS_STRIKE_FIXED;
    switch (o->payoff) {
    case MCS_PAYOFF_EUROPEAN:
        if (!(o->strike > 0.0))
            return 0;
        *price = mcs_black_scholes(m.s, o->strike, m.r, m.q, m.sigma, m.t, is_call);
        *source = "Black-Scholes";
        return 1;
    case MCS_PAYOFF_DIGITAL:
        if (!(o->strike > 0.0))
            return 0;
        *price = digital_price(&m, o);
        *source = "Black-Scholes";
        return 1;
    case MCS_PAYOFF_ASIAN:
        if (mcs_asian_params_of(o)->average != MCS_AVERAGE_GEOMETRIC || mcs_asian_params_of(o)->fixings < 1 || (fixed && !(o->strike > 0.0)))
            return 0;
        *price = geometric_asian_price(&m, o);
        *source = fixed ? "Kemna-Vorst" : "Margrabe (geometric)";
        return 1;
    case MCS_PAYOFF_BARRIER: {
        if (o->monitoring != MCS_MONITOR_CONTINUOUS || !(o->strike > 0.0) || !(mcs_barrier_params_of(o)->barrier > 0.0))
            return 0;
        mcs_barrier_type type = j == 0 ? mcs_barrier_params_of(o)->barrier_type : barrier_complement(mcs_barrier_params_of(o)->barrier_type);
        *price = barrier_price(&m, is_call, type, o->strike, mcs_barrier_params_of(o)->barrier, mcs_barrier_params_of(o)->rebate);
        *source = "Reiner-Rubinstein";
        return 1;
    }
    case MCS_PAYOFF_LOOKBACK:
        if (o->monitoring != MCS_MONITOR_CONTINUOUS || (fixed && !(o->strike > 0.0)))
            return 0;
        *price = lookback_price(&m, o);
        *source = fixed ? "Conze-Viswanathan" : "Goldman-Sosin-Gatto";
        return 1;
    default: /* a payoff without a closed form here */
        return 0;
    }
}

/* ---- the variance of one path's payoff ------------------------------------ */

/* E[S_T^p 1{phi S_T > phi K}] for a log-normal S_T, ln S_T ~ N(mu, v): the
 * partial moment of the log-normal, e^{p mu + p^2 v / 2} N(phi (mu + p v - ln K) / sqrt v)
 * (complete the square in the normal density; e.g. Haug, "The Complete
 * Guide to Option Pricing Formulas", 2nd ed., the power-option section, or
 * any text on log-normal moments: E[X^p] = e^{p mu + p^2 v / 2}). */
static double lognormal_partial_moment(double mu, double v, double strike, int p, int phi)
{
    double sd = sqrt(v);
    return exp(p * mu + 0.5 * p * p * v) * mcs_normal_cdf(phi * (mu + p * v - log(strike)) / sd);
}

int mcs_analytic_std_dev(const mcs_job *job, double *sd, const char **source)
{
    const mcs_option_params *o = &job->option;
    double price;
    const char *price_source;
    if (job->model.id != MCS_MODEL_GBM || /* the moments below are log-normal ones */
        (o->payoff != MCS_PAYOFF_EUROPEAN && o->payoff != MCS_PAYOFF_DIGITAL) ||
        !mcs_analytic_output(job, 0, &price, &price_source))
        return 0;
    /* ln S_T ~ N(mu, v) under GBM, whatever the steps (the scheme is exact) */
    double s = job->model.spot, r = job->model.rate, q = job->model.dividend;
    double sigma = job->model.volatility, t = o->maturity, k = o->strike;
    double v = sigma * sigma * t, mu = log(s) + (r - q) * t - 0.5 * v;
    int phi = o->type == MCS_CALL ? 1 : -1;
    double m0 = lognormal_partial_moment(mu, v, k, 0, phi);
    double m1 = lognormal_partial_moment(mu, v, k, 1, phi);
    double m2 = lognormal_partial_moment(mu, v, k, 2, phi);
    double second; /* E[payoff^2], undiscounted */
    if (o->payoff == MCS_PAYOFF_EUROPEAN) /* (S_T - K)^2 on the exercise set */
        second = m2 - 2 * k * m1 + k * k * m0;
    else if (mcs_digital_params_of(o)->digital == MCS_DIGITAL_CASH) /* cash^2 on it */
        second = mcs_digital_params_of(o)->cash * mcs_digital_params_of(o)->cash * m0;
    else /* asset-or-nothing: S_T^2 on it */
        second = m2;
    double variance = exp(-2 * r * t) * second - price * price;
    *sd = sqrt(variance > 0 ? variance : 0);
    *source = "closed form";
    return 1;
}
