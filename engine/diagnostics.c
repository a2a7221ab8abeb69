/* diagnostics.c - the checks of a result against its closed forms, its
 * product's bounds and its heavy tail (diagnostics.h). */
#include "diagnostics.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "analytic.h"
#include "bounds.h"
#include "../payoffs/barrier_params.h"
#include "../payoffs/digital_params.h"
#include "progress.h"
#include "type_table.h"

/* An estimate as the checks see it: its name, value and std error, the
 * spread its distances are measured in, and what is too small to report. */
typedef struct {
    const char *name;
    double price, std_error;
    /* the std error a comparison uses: a constant sample (std error 0)
     * still only shows its value to within about a path's share of the
     * output's scale */
    double spread;
    double negligible; /* a difference too small to report (MCS_DIAG_NEGLIGIBLE) */
} estimate;

static void add(mcs_result *res, mcs_severity severity, const char *output, const char *check,
                const char *fmt, ...)
{
    if (res->n_warnings >= MCS_MAX_WARNINGS) /* cannot happen: see MCS_MAX_WARNINGS */
        return;
    mcs_warning *w = &res->warnings[res->n_warnings++];
    w->severity = severity;
    snprintf(w->output, sizeof w->output, "%s", output);
    w->check = check;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->message, sizeof w->message, fmt, ap);
    va_end(ap);
}

/* "8.34 +/- 5.1", or "0 (std error 0: all 1e5 paths gave this value)". */
static void estimate_text(const estimate *e, uint64_t paths, char *buf, size_t len)
{
    if (e->std_error > 0) {
        snprintf(buf, len, "%.6g +/- %.3g", e->price, e->std_error);
    } else {
        char n[32];
        mcs_short_count((double)paths, n, sizeof n);
        snprintf(buf, len, "%.6g (std error 0: all %s paths gave this value)", e->price, n);
    }
}

/* "6.2 std errors ", or `otherwise` when the std error is 0 (the distance
 * would be to the floor of estimate.spread). */
static void distance_text(const estimate *e, double spreads, const char *otherwise, char *buf,
                          size_t len)
{
    if (e->std_error > 0)
        snprintf(buf, len, "%.3g std errors ", spreads);
    else
        snprintf(buf, len, "%s", otherwise);
}

/* The job's largest amount of money (spot, strike, cash, barrier, rebate):
 * the scale of what is negligible, and of an output without a smaller
 * upper bound. */
static double money_scale(const mcs_job *job)
{
    const mcs_option_params *o = &job->option;
    double s = fmax(job->model.spot, o->strike);
    if (o->payoff == MCS_PAYOFF_DIGITAL)
        s = fmax(s, mcs_digital_params_of(o)->cash);
    if (o->payoff == MCS_PAYOFF_BARRIER) {
        const mcs_barrier_params *b = mcs_barrier_params_of(o);
        s = fmax(s, fmax(b->barrier, b->rebate));
    }
    return s;
}

static estimate estimate_of(const mcs_job *job, const mcs_output_result *o, uint64_t paths,
                            double scale)
{
    estimate e = {o->name, o->price, o->std_error, o->std_error, 0};
    if (!(e.spread > 0))
        e.spread = 4 * scale / (double)paths;
    e.negligible = MCS_DIAG_NEGLIGIBLE * money_scale(job);
    return e;
}

/* What may bring a result far from its closed form or bounds back to
 * them, for its messages: a model whose step is not exact, more steps
 * (and what else shrinks its bias); else a smaller volatility x
 * sqrt(maturity), or double precision where single under- or overflows. */
static void advice_of(const mcs_job *job, char *buf, size_t len)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    if (mt && !mt->exact_steps) {
        const char *other = mt->less_bias ? mt->less_bias(job) : NULL;
        snprintf(buf, len,
                 "%s's step is not exact, so its bias at %u steps a path may be why: more "
                 "steps (simulation.steps)%s%s shrink it",
                 mt->name, job->sim.steps, other ? " or " : "", other ? other : "");
    } else
        snprintf(buf, len, "the paths do not represent this distribution; a smaller volatility x "
                 "sqrt(maturity)%s may help",
                 job->sim.precision == MCS_SINGLE
                     ? " or, where prices under- or overflow, precision = double" : "");
}

/* The tail check of an estimate whose value grows with `tail`. */
static void check_tail(const mcs_job *job, mcs_result *res, const estimate *e, mcs_tail tail)
{
    if (res->paths < MCS_DIAG_TAIL_MIN_PATHS)
        return;
    double unseen = mcs_tail_unseen(job, tail, (double)res->paths);
    double ratio = unseen / e->spread;
    if (!(ratio > MCS_DIAG_TAIL_WARN) || !(unseen > e->negligible))
        return;
    char n[32];
    mcs_short_count((double)res->paths, n, sizeof n);
    int error = ratio > MCS_DIAG_TAIL_ERROR;
    char far[48] = "";
    if (e->std_error > 0)
        snprintf(far, sizeof far, " (%.2g std errors)", ratio);
    add(res, error ? MCS_SEVERITY_ERROR : MCS_SEVERITY_WARNING, e->name, "tail",
        "%s: about %.3g of its value lies in paths rarer than 1 in %s, which a sample of that "
        "size is short of (volatility x sqrt(maturity) = %.3g): %s%s",
        e->name, unseen, n, job->model.volatility * sqrt(job->option.maturity),
        error ? "the estimate is likely that much too low and its std error far too small"
              : "its std error may understate the error",
        far);
}

/* Distance of the estimate below `value` (negative: above) in spreads,
 * beyond what is negligible; 0 when within it. */
static double gap(const estimate *e, double value)
{
    double d = value - e->price;
    if (fabs(d) <= e->negligible)
        return 0;
    return d / e->spread;
}

static void check_output(const mcs_job *job, mcs_result *res, int j)
{
    const mcs_output_result *o = &res->outputs[j];
    mcs_bounds b;
    mcs_output_bounds(job, j, &b);
    double scale = money_scale(job); /* of the output: the smaller where it is bounded */
    if (b.upper > 0 && b.upper < scale)
        scale = b.upper;
    estimate e = estimate_of(job, o, res->paths, scale);
    char text[160], far[48], advice[200];
    estimate_text(&e, res->paths, text, sizeof text);
    advice_of(job, advice, sizeof advice);
    double away;
    if (o->has_analytic && isfinite(o->analytic) &&
        fabs(away = gap(&e, o->analytic)) > MCS_DIAG_MAX_SE) {
        distance_text(&e, fabs(away), "far ", far, sizeof far);
        add(res, MCS_SEVERITY_ERROR, o->name, "closed_form",
            "%s: %s is %sfrom its closed form %.8g (%s): %s", o->name, text, far, o->analytic,
            o->analytic_source, advice);
    } else { /* a closed form says all the bounds can */
        if ((away = gap(&e, b.lower)) > MCS_DIAG_MAX_SE) {
            distance_text(&e, away, "", far, sizeof far);
            add(res, MCS_SEVERITY_ERROR, o->name, "lower_bound",
                "%s: %s is %sbelow %.8g, %s, a lower bound of this product: the estimate is "
                "wrong; %s",
                o->name, text, far, b.lower, b.lower_source, advice);
        }
        if (isfinite(b.upper) && (away = -gap(&e, b.upper)) > MCS_DIAG_MAX_SE) {
            distance_text(&e, away, "", far, sizeof far);
            add(res, MCS_SEVERITY_ERROR, o->name, "upper_bound",
                "%s: %s is %sabove %.8g, %s, an upper bound of this product: the estimate is "
                "wrong; %s",
                o->name, text, far, b.upper, b.upper_source, advice);
        }
    }
    check_tail(job, res, &e, b.tail);
}

/* The outputs' sum against its known value (a barrier's in + out). */
static void check_sum(const mcs_job *job, mcs_result *res)
{
    double value;
    const char *source;
    mcs_tail tail;
    if (res->n_outputs < 2 || !mcs_outputs_sum(job, &value, &source, &tail))
        return;
    char name[40];
    snprintf(name, sizeof name, "%s + %s", res->outputs[0].name, res->outputs[1].name);
    estimate sum = {name, 0, 0, 0, 0};
    double scale = value > 0 ? value : money_scale(job);
    int closed_forms = 1; /* every output has one: they check the sum already */
    for (int j = 0; j < res->n_outputs; j++) {
        closed_forms &= res->outputs[j].has_analytic;
        estimate e = estimate_of(job, &res->outputs[j], res->paths, scale);
        sum.price += e.price;
        sum.std_error += e.std_error; /* at least the sum's: sd(x + y) <= sd(x) + sd(y) */
        sum.spread += e.spread;
        sum.negligible = e.negligible;
    }
    char text[160], far[48], advice[200];
    estimate_text(&sum, res->paths, text, sizeof text);
    advice_of(job, advice, sizeof advice);
    double away = gap(&sum, value);
    if (!closed_forms && fabs(away) > MCS_DIAG_MAX_SE) {
        distance_text(&sum, fabs(away), "far ", far, sizeof far);
        add(res, MCS_SEVERITY_ERROR, name, "sum", "%s: %s is %sfrom %.8g, %s: %s", name, text, far,
            value, source, advice);
    }
    check_tail(job, res, &sum, tail);
}

void mcs_diagnose(const mcs_job *job, mcs_result *res)
{
    res->n_warnings = 0;
    if (res->paths < 2)
        return;
    for (int j = 0; j < res->n_outputs; j++)
        if (isfinite(res->outputs[j].price) && isfinite(res->outputs[j].std_error))
            check_output(job, res, j);
    check_sum(job, res);
}

int mcs_result_untrusted(const mcs_result *res)
{
    for (int i = 0; i < res->n_warnings; i++)
        if (res->warnings[i].severity == MCS_SEVERITY_ERROR)
            return 1;
    return 0;
}

mcs_status mcs_warnings_print(FILE *f, const char *prog, const mcs_result *res)
{
    for (int i = 0; i < res->n_warnings; i++)
        fprintf(f, "%s: %s: %s\n", prog,
                res->warnings[i].severity == MCS_SEVERITY_ERROR ? "error" : "warning",
                res->warnings[i].message);
    if (!mcs_result_untrusted(res))
        return MCS_OK;
    fprintf(f, "%s: the result cannot be trusted (the errors above say why, and what may "
               "help)\n", prog);
    return MCS_E_DATA;
}
