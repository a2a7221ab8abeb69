/* bounds.c - bounds, output relations and tails of mcsim's products under
 * GBM (bounds.h). Every bound holds path by path, so it holds for any
 * monitoring and any step count:
 *   a payoff is never negative;
 *   a call pays at most S_T (lookback, floating: S_T - min <= S_T), a put at
 *   most K, a cash digital at most its cash;
 *   lookback: the running extreme starts at the spot, so S_T - min >=
 *   (S_T - S0)^+, max - S_T >= (S0 - S_T)^+, (max - K)^+ >= (S_T - K)^+ and
 *   (S0 - K)^+; a discrete extreme is inside the continuous one, so a
 *   discretely monitored lookback is worth at most the continuous one;
 *   asian: the arithmetic average A >= the geometric G, and (x)^+ >= x
 *   (Jensen): a call on A is worth at least the geometric call and
 *   e^{-rT} (E[A] - K), and so on mirrored;
 *   barrier: each output at most in + out = the European + the rebate;
 *   an up-and-out call pays at most H - K (+ rebate), a down-and-out put
 *   at most K - H. */
#include "bounds.h"

#include <math.h>
#include <stddef.h>

#include "analytic.h"
#include "../models/black_scholes.h"
#include "../payoffs/asian_params.h"
#include "../payoffs/barrier_params.h"
#include "../payoffs/digital_params.h"

static void raise_lower(mcs_bounds *b, double v, const char *source)
{
    if (isfinite(v) && v > b->lower) {
        b->lower = v;
        b->lower_source = source;
    }
}

static void cut_upper(mcs_bounds *b, double v, const char *source)
{
    if (isfinite(v) && v < b->upper) {
        b->upper = v;
        b->upper_source = source;
    }
}

static double european(const mcs_job *job, double strike, int is_call)
{
    const mcs_model_params *m = &job->model;
    return mcs_black_scholes(m->spot, strike, m->rate, m->dividend, m->volatility,
                             job->option.maturity, is_call);
}

/* The closed form of a variant of the job (a geometric average, continuous
 * monitoring), or NaN. */
static double variant_price(const mcs_job *variant)
{
    double price;
    const char *source;
    return mcs_analytic_output(variant, 0, &price, &source) ? price : NAN;
}

/* e^{-rT} E[A]: the discounted mean of the arithmetic average over the
 * fixings T/n, 2T/n, ..., T. */
static double average_forward(const mcs_job *job)
{
    const mcs_model_params *m = &job->model;
    const uint32_t fixings = mcs_asian_params_of(&job->option)->fixings;
    double t = job->option.maturity, n = (double)fixings, sum = 0;
    for (uint32_t k = 1; k <= fixings; k++)
        sum += exp((m->rate - m->dividend) * t * k / n);
    return m->spot * exp(-m->rate * t) * sum / n;
}

static void asian_bounds(const mcs_job *job, double df, double fwd, mcs_bounds *b)
{
    const mcs_option_params *o = &job->option;
    int is_call = o->type == MCS_CALL, fixed = o->strike_type == MCS_STRIKE_FIXED;
    int arithmetic = mcs_asian_params_of(o)->average == MCS_AVERAGE_ARITHMETIC;
    double avg = average_forward(job), k = fixed ? o->strike * df : fwd;
    mcs_job geometric = *job;
    mcs_asian_params_in(&geometric.option)->average = MCS_AVERAGE_GEOMETRIC;
    double geo = arithmetic ? variant_price(&geometric) : NAN;
    const char *geo_name = fixed ? "the geometric Asian (Kemna-Vorst)"
                                 : "the geometric Asian (Margrabe)";
    /* fixed: A against K; floating: S_T against A (call) or A against S_T */
    if (is_call == fixed) { /* what is received is the average: A - K or A - S_T */
        raise_lower(b, avg - k, "the discounted mean payoff (Jensen)");
        cut_upper(b, avg, "the discounted mean of the average");
        raise_lower(b, geo, geo_name);
        /* A - S_T is large only where the path rose and fell back: a tail
         * far lighter than A's, which S_T follows */
        b->tail = fixed ? MCS_TAIL_AVERAGE : MCS_TAIL_NONE;
    } else { /* the average is paid: K - A or S_T - A */
        raise_lower(b, k - avg, "the discounted mean payoff (Jensen)");
        cut_upper(b, k, fixed ? "strike e^{-rT}" : "spot e^{-qT}");
        cut_upper(b, geo, geo_name);
        b->tail = fixed ? MCS_TAIL_NONE : MCS_TAIL_TERMINAL;
    }
}

static void lookback_bounds(const mcs_job *job, double df, double fwd, mcs_bounds *b)
{
    const mcs_option_params *o = &job->option;
    double s = job->model.spot;
    int is_call = o->type == MCS_CALL;
    if (o->strike_type == MCS_STRIKE_FLOATING) {
        raise_lower(b, european(job, s, is_call),
                    is_call ? "the European call struck at the spot"
                            : "the European put struck at the spot");
        if (is_call)
            cut_upper(b, fwd, "spot e^{-qT} (S_T - min S <= S_T)");
        b->tail = is_call ? MCS_TAIL_TERMINAL : MCS_TAIL_MAXIMUM;
    } else {
        double k = o->strike;
        raise_lower(b, european(job, k, is_call),
                    is_call ? "the European call" : "the European put");
        raise_lower(b, (is_call ? s - k : k - s) * df, "the discounted intrinsic value at the spot");
        if (!is_call)
            cut_upper(b, k * df, "strike e^{-rT}");
        b->tail = is_call ? MCS_TAIL_MAXIMUM : MCS_TAIL_NONE;
    }
    if (o->monitoring == MCS_MONITOR_DISCRETE) {
        mcs_job continuous = *job;
        continuous.option.monitoring = MCS_MONITOR_CONTINUOUS;
        cut_upper(b, variant_price(&continuous), "the continuously monitored lookback");
    }
}

static void barrier_bounds(const mcs_job *job, int j, double df, mcs_bounds *b)
{
    const mcs_option_params *o = &job->option;
    int is_call = o->type == MCS_CALL;
    const mcs_barrier_params *bp = mcs_barrier_params_of(o);
    int type = (int)bp->barrier_type ^ (j == 1); /* down-out <-> down-in, up-out <-> up-in */
    double rebate = bp->rebate * df;
    cut_upper(b, european(job, o->strike, is_call) + rebate, "the European plus the rebate");
    if (is_call && type == MCS_BARRIER_UP_OUT)
        cut_upper(b, fmax(bp->barrier - o->strike, 0) * df + rebate,
                  "(barrier - strike + rebate) e^{-rT}");
    if (!is_call)
        cut_upper(b, o->strike * df + rebate, "(strike + rebate) e^{-rT}");
    if (!is_call && type == MCS_BARRIER_DOWN_OUT)
        cut_upper(b, fmax(o->strike - bp->barrier, 0) * df + rebate,
                  "(strike - barrier + rebate) e^{-rT}");
    /* the sum of the two carries the tail (mcs_outputs_sum): how it splits
     * between in and out depends on the paths */
    b->tail = MCS_TAIL_NONE;
}

void mcs_output_bounds(const mcs_job *job, int j, mcs_bounds *b)
{
    const mcs_option_params *o = &job->option;
    double df = exp(-job->model.rate * o->maturity);
    double fwd = job->model.spot * exp(-job->model.dividend * o->maturity);
    int is_call = o->type == MCS_CALL;
    if (job->model.id != MCS_MODEL_GBM) { /* the bounds below are GBM's: none for the others */
        *b = (mcs_bounds){-INFINITY, INFINITY, NULL, NULL, MCS_TAIL_NONE};
        return;
    }
    *b = (mcs_bounds){0, INFINITY, "0 (a payoff is never negative)", NULL, MCS_TAIL_NONE};
    switch (o->payoff) {
    case MCS_PAYOFF_EUROPEAN:
        if (is_call)
            cut_upper(b, fwd, "spot e^{-qT}");
        else
            cut_upper(b, o->strike * df, "strike e^{-rT}");
        b->tail = is_call ? MCS_TAIL_TERMINAL : MCS_TAIL_NONE;
        return;
    case MCS_PAYOFF_DIGITAL:
        if (mcs_digital_params_of(o)->digital == MCS_DIGITAL_CASH) {
            cut_upper(b, mcs_digital_params_of(o)->cash * df, "cash e^{-rT}");
            return;
        }
        cut_upper(b, fwd, "spot e^{-qT}");
        if (!is_call)
            cut_upper(b, o->strike * df, "strike e^{-rT}");
        b->tail = is_call ? MCS_TAIL_TERMINAL : MCS_TAIL_NONE;
        return;
    case MCS_PAYOFF_ASIAN:
        asian_bounds(job, df, fwd, b);
        return;
    case MCS_PAYOFF_BARRIER:
        barrier_bounds(job, j, df, b);
        return;
    case MCS_PAYOFF_LOOKBACK:
        lookback_bounds(job, df, fwd, b);
        return;
    default: /* a payoff without bounds here: at least 0 */
        return;
    }
}

int mcs_outputs_sum(const mcs_job *job, double *sum, const char **source, mcs_tail *tail)
{
    const mcs_option_params *o = &job->option;
    if (o->payoff != MCS_PAYOFF_BARRIER || job->model.id != MCS_MODEL_GBM)
        return 0;
    int is_call = o->type == MCS_CALL;
    *sum = european(job, o->strike, is_call) +
           mcs_barrier_params_of(o)->rebate * exp(-job->model.rate * o->maturity);
    *source = "the European plus the rebate (in + out, path by path)";
    *tail = is_call ? MCS_TAIL_TERMINAL : MCS_TAIL_NONE;
    return isfinite(*sum);
}

/* P(Z > x), accurate far into the tail. */
static double upper_tail(double x)
{
    return mcs_normal_cdf(-x);
}

/* z with P(Z > z) = 1/paths (paths >= 2), by bisection. */
static double sample_edge(double paths)
{
    double lo = 0, hi = 40;
    for (int i = 0; i < 100; i++) {
        double mid = 0.5 * (lo + hi);
        if (upper_tail(mid) > 1 / paths)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* P(Z > z - s) - e^{s z - s^2/2} P(Z > z): the share of a log-normal's mean
 * (log-spread s) beyond z, less what it would be at the edge z. */
static double unseen_share(double z, double s)
{
    double u = upper_tail(z - s) - exp(s * z - 0.5 * s * s + log(upper_tail(z)));
    return u > 0 ? u : 0;
}

double mcs_tail_unseen(const mcs_job *job, mcs_tail tail, double paths)
{
    const mcs_model_params *m = &job->model;
    double t = job->option.maturity, sigma = m->volatility;
    /* the log-normal tail of GBM; other models' bounds give no tail */
    if (tail == MCS_TAIL_NONE || !(paths >= 2) || m->id != MCS_MODEL_GBM)
        return 0;
    double z = sample_edge(paths);
    double fwd = m->spot * exp(-m->dividend * t);
    if (tail == MCS_TAIL_TERMINAL)
        return fwd * unseen_share(z, sigma * sqrt(t));
    if (tail == MCS_TAIL_MAXIMUM) /* reflection: P(max > x) is about 2 P(S_T > x), so the
                                   * sample's edge is S_T's for twice the paths */
        return 2 * fwd * unseen_share(sample_edge(2 * paths), sigma * sqrt(t));
    /* the average: each fixing's own tail, weighted 1/n */
    const uint32_t fixings = mcs_asian_params_of(&job->option)->fixings;
    double n = (double)fixings, sum = 0;
    for (uint32_t k = 1; k <= fixings; k++) {
        double tk = t * k / n;
        sum += exp((m->rate - m->dividend) * tk) * unseen_share(z, sigma * sqrt(tk));
    }
    return m->spot * exp(-m->rate * t) * sum / n;
}
