/* product.c - reading a job's parameters through the type tables
 * (product.h): values, their config text, and the walk over the keys that
 * apply to a job. */
#include "product.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <float.h>
#include <math.h>

double mcs_param_get(const mcs_param_spec *p, const mcs_job *job)
{
    const char *at = (const char *)job + p->offset;
    switch (p->kind) {
    case MCS_PARAM_REAL:
        return *(const double *)at;
    case MCS_PARAM_COUNT:
        return (double)*(const uint32_t *)at;
    case MCS_PARAM_CHOICE:
        return (double)*(const int *)at;
    case MCS_PARAM_LIST:
    case MCS_PARAM_MATRIX:
        return (double)mcs_param_list_length(p, job);
    }
    return 0;
}

size_t mcs_param_list_length(const mcs_param_spec *p, const mcs_job *job)
{
    const char *at = (const char *)job + p->offset;
    if (p->kind == MCS_PARAM_LIST)
        return ((const mcs_list *)at)->n;
    if (p->kind == MCS_PARAM_MATRIX)
        return (size_t)((const mcs_matrix *)at)->n * ((const mcs_matrix *)at)->n;
    return 0;
}

const double *mcs_param_list_values(const mcs_param_spec *p, const mcs_job *job)
{
    const char *at = (const char *)job + p->offset;
    if (p->kind == MCS_PARAM_LIST)
        return ((const mcs_list *)at)->v;
    if (p->kind == MCS_PARAM_MATRIX)
        return ((const mcs_matrix *)at)->v;
    return NULL;
}

/* "1, 0.5, 2": n numbers, shortest round-trip form, comma-separated. */
static void list_text(const double *v, size_t n, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < n && used + 1 < len; i++) {
        char one[32];
        mcs_format_real(v[i], one, sizeof one);
        int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", one);
        if (w < 0)
            return;
        used += (size_t)w;
    }
}

int mcs_param_applies(const mcs_param_spec *p, const mcs_job *job)
{
    return !p->applies || p->applies(job);
}

void mcs_format_real(double x, char *buf, size_t len)
{
    /* at least the integer digits, so 100 prints as 100, not 1e+02 */
    double mag = fabs(x);
    int first = mag >= 1 && mag < 1e17 ? (int)floor(log10(mag)) + 1 : 1;
    /* From 15 digits for a normal double: where fewer digits round-trip,
     * %.15g prints the same text (x lies within half an ulp, 1.1e-16
     * relative, of that decimal, and %g drops the zeros), so the shortest
     * text is found in at most 3 tries, not 17 (a 64-asset config's
     * lists: 0.5 ms of each render). Subnormals keep the walk from
     * `first` (their ulp is coarser). The same text as the walk from
     * `first` for 3 million values of every kind (2026-11-28). */
    const int start = mag > 0 && mag < DBL_MIN ? first : first > 15 ? first : 15;
    for (int digits = start; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

void mcs_param_text(const mcs_param_spec *p, const mcs_job *job, char *buf, size_t len)
{
    const char *at = (const char *)job + p->offset;
    switch (p->kind) {
    case MCS_PARAM_REAL:
        mcs_format_real(*(const double *)at, buf, len);
        return;
    case MCS_PARAM_COUNT:
        snprintf(buf, len, "%u", *(const uint32_t *)at);
        return;
    case MCS_PARAM_CHOICE: {
        const mcs_named *e = mcs_named_by_id(p->choices, *(const int *)at);
        snprintf(buf, len, "%s", e ? e->name : "?");
        return;
    }
    case MCS_PARAM_LIST:
    case MCS_PARAM_MATRIX:
        list_text(mcs_param_list_values(p, job), mcs_param_list_length(p, job), buf, len);
        return;
    }
}

void mcs_job_params(const mcs_job *job, void (*fn)(const mcs_param_spec *p, void *ctx),
                    void *ctx)
{
    const mcs_param_spec *lists[2] = {mcs_model_type_of(job->model.id)->params,
                                      mcs_payoff_type_of(job->option.payoff)->params};
    for (int l = 0; l < 2; l++)
        for (const mcs_param_spec *p = lists[l]; p->key; p++)
            if (mcs_param_applies(p, job))
                fn(p, ctx);
}

typedef struct {
    void (*fn)(const mcs_input *in, void *ctx);
    void *ctx;
    const mcs_job *job;
} inputs_walk;

static void param_input(const mcs_param_spec *p, void *ctx)
{
    inputs_walk *w = ctx;
    mcs_input in = {p->section, p->key, MCS_INPUT_REAL, NULL, 0, 0, NULL};
    if (p->kind == MCS_PARAM_CHOICE) {
        const mcs_named *e = mcs_named_by_id(p->choices, (int)mcs_param_get(p, w->job));
        in.kind = MCS_INPUT_TEXT;
        in.text = e ? e->name : "?";
    } else if (p->kind == MCS_PARAM_COUNT) {
        in.kind = MCS_INPUT_COUNT;
        in.count = (uint64_t)mcs_param_get(p, w->job);
    } else if (p->kind == MCS_PARAM_LIST || p->kind == MCS_PARAM_MATRIX) {
        if (mcs_param_list_length(p, w->job) == 0)
            return; /* not given (correlation_matrix: correlation is) */
        in.kind = MCS_INPUT_LIST;
        in.count = mcs_param_list_length(p, w->job);
        in.list = mcs_param_list_values(p, w->job);
    } else {
        in.real = mcs_param_get(p, w->job);
    }
    w->fn(&in, w->ctx);
}

static void name_input(inputs_walk *w, const char *section, const char *key,
                       const mcs_named *table, int id)
{
    const mcs_named *e = mcs_named_by_id(table, id);
    mcs_input in = {section, key, MCS_INPUT_TEXT, e ? e->name : "?", 0, 0, NULL};
    w->fn(&in, w->ctx);
}

static void count_input(inputs_walk *w, const char *key, uint64_t v)
{
    mcs_input in = {"simulation", key, MCS_INPUT_COUNT, NULL, 0, v, NULL};
    w->fn(&in, w->ctx);
}

void mcs_job_inputs(const mcs_job *job, void (*fn)(const mcs_input *in, void *ctx), void *ctx)
{
    inputs_walk w = {fn, ctx, job};
    const mcs_param_spec *model = mcs_model_type_of(job->model.id)->params;
    const mcs_param_spec *payoff = mcs_payoff_type_of(job->option.payoff)->params;
    name_input(&w, "model", "model", mcs_model_names(), (int)job->model.id);
    for (const mcs_param_spec *p = model; p->key; p++)
        if (mcs_param_applies(p, job))
            param_input(p, &w);
    name_input(&w, "option", "payoff", mcs_payoff_names(), (int)job->option.payoff);
    for (const mcs_param_spec *p = payoff; p->key; p++)
        if (mcs_param_applies(p, job))
            param_input(p, &w);
    count_input(&w, "paths", job->sim.paths);
    count_input(&w, "steps", job->sim.steps);
    count_input(&w, "seed", job->sim.seed);
    name_input(&w, "simulation", "rng", mcs_rngs, (int)job->sim.rng);
    name_input(&w, "simulation", "precision", mcs_precisions, (int)job->sim.precision);
    count_input(&w, "block_size", job->sim.block_size);
    name_input(&w, "output", "log", mcs_yes_no, job->write_log);
}

void mcs_input_text(const mcs_input *in, char *buf, size_t len)
{
    switch (in->kind) {
    case MCS_INPUT_TEXT:
        snprintf(buf, len, "%s", in->text);
        return;
    case MCS_INPUT_REAL:
        mcs_format_real(in->real, buf, len);
        return;
    case MCS_INPUT_COUNT:
        snprintf(buf, len, "%llu", (unsigned long long)in->count);
        return;
    case MCS_INPUT_LIST:
        list_text(in->list, (size_t)in->count, buf, len);
        return;
    }
}

const char *mcs_job_option_type(const mcs_job *job)
{
    for (const mcs_param_spec *p = mcs_payoff_type_of(job->option.payoff)->params; p->key; p++)
        if (strcmp(p->section, "option") == 0 && strcmp(p->key, "type") == 0) {
            const mcs_named *e = mcs_named_by_id(p->choices, (int)mcs_param_get(p, job));
            return e ? e->name : "?";
        }
    return NULL;
}

/* The (model, payoff) pairs compiled into the hot loops, in the order of
 * kernels/combos.def. */
static const struct {
    mcs_model_id model;
    mcs_payoff_id payoff;
} compiled_pairs[] = {
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) {MCS_MODEL_##MODEL, MCS_PAYOFF_##PAYOFF},
#include "../kernels/combos.def"
#undef MCS_COMBO
};
#define N_COMPILED_PAIRS (sizeof compiled_pairs / sizeof compiled_pairs[0])

int mcs_pair_compiled(mcs_model_id model, mcs_payoff_id payoff)
{
    for (size_t i = 0; i < N_COMPILED_PAIRS; i++)
        if (compiled_pairs[i].model == model && compiled_pairs[i].payoff == payoff)
            return 1;
    return 0;
}

void mcs_compiled_pairs_text(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int m = 0; mcs_model_types[m]; m++) {
        const char *sep = used ? "; " : "";
        for (size_t i = 0; i < N_COMPILED_PAIRS && used < len; i++) {
            if (compiled_pairs[i].model != mcs_model_types[m]->id)
                continue;
            const mcs_payoff_type *pt = mcs_payoff_type_of(compiled_pairs[i].payoff);
            int n = sep[0] == ',' ? snprintf(buf + used, len - used, ", %s", pt->name)
                                  : snprintf(buf + used, len - used, "%s%s with %s", sep,
                                             mcs_model_types[m]->name, pt->name);
            used += n > 0 ? (size_t)n : 0;
            sep = ",";
        }
    }
}

/* A name table (catalog.h) of a type table, made once on first use
 * (pthread_once: two jobs in two threads may ask at once); its room is the
 * type table's limit, which the type tables assert. */
#define NAME_TABLE(fn, types, max)                                                \
    static mcs_named fn##_table[max + 1];                                         \
    static void fn##_fill(void)                                                   \
    {                                                                             \
        for (int i = 0; types[i]; i++)                                            \
            fn##_table[i] = (mcs_named){types[i]->name, (int)types[i]->id,        \
                                        types[i]->description};                   \
    }                                                                             \
    const mcs_named *fn(void)                                                     \
    {                                                                             \
        static pthread_once_t once = PTHREAD_ONCE_INIT;                           \
        pthread_once(&once, fn##_fill);                                           \
        return fn##_table;                                                        \
    }
NAME_TABLE(mcs_model_names, mcs_model_types, MCS_MAX_MODEL_TYPES)
NAME_TABLE(mcs_payoff_names, mcs_payoff_types, MCS_MAX_PAYOFF_TYPES)
