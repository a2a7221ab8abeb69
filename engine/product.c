/* product.c - reading a job's parameters through the type tables
 * (product.h): values, their config text, and the walk over the keys that
 * apply to a job. */
#include "product.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    }
    return 0;
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
    for (int digits = first; digits <= 17; digits++) {
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

/* A name table (catalog.h) of a type table, made on first use. */
#define NAME_TABLE(fn, types, max)                                   \
    const mcs_named *fn(void)                                        \
    {                                                                \
        static mcs_named table[max + 1];                             \
        if (!table[0].name)                                          \
            for (int i = 0; types[i] && i < max; i++)                \
                table[i] = (mcs_named){types[i]->name, (int)types[i]->id, \
                                       types[i]->description};       \
        return table;                                                \
    }
NAME_TABLE(mcs_model_names, mcs_model_types, 16)
NAME_TABLE(mcs_payoff_names, mcs_payoff_types, 32)
