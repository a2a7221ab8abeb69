/* report.c - text table and JSON output of a result. */
#include "report.h"
#include <math.h>
#include <string.h>
#include "catalog.h"
#include "product.h"

static const char *name_of(const mcs_named *table, int id)
{
    const mcs_named *e = mcs_named_by_id(table, id);
    return e ? e->name : "?";
}

void mcs_json_string(FILE *f, const char *s)
{
    mcs_json_string_n(f, s, strlen(s));
}

void mcs_json_string_n(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    for (const char *end = s + n; s < end && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '<') /* so "</script>" cannot end a script that embeds JSON */
            fputs("\\u003c", f);
        else if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void mcs_json_number(FILE *f, double x)
{
    char text[32];
    if (isfinite(x)) {
        mcs_format_real(x, text, sizeof text);
        fputs(text, f);
    } else {
        fputs("null", f);
    }
}

/* 12345678 -> "12,345,678" */
static void with_commas(unsigned long long v, char *buf, size_t len)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%llu", v);
    size_t n = strlen(digits), j = 0;
    for (size_t i = 0; i < n && j + 2 < len; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            buf[j++] = ',';
        buf[j++] = digits[i];
    }
    buf[j] = '\0';
}

void mcs_report_text(FILE *f, const mcs_job *job, const mcs_result *res,
                     const mcs_timings *t, const mcs_report_info *info)
{
    char paths[40];
    with_commas(res->paths, paths, sizeof paths);
    double sim = t->seconds[MCS_PHASE_SIMULATE];
    const char *type = mcs_job_option_type(job);
    fprintf(f, "%s%s%s on %s, %s\n", name_of(mcs_payoff_names(), job->option.payoff),
            type ? " " : "", type ? type : "", name_of(mcs_model_names(), job->model.id),
            info->config_path);
    char params[512];
    mcs_report_params_line(job, params, sizeof params);
    fprintf(f, "  parameters       %s\n", params);
    for (int j = 0; j < res->n_outputs; j++) {
        const mcs_output_result *o = &res->outputs[j];
        if (j > 0)
            fprintf(f, "  %-16s (same paths)\n", o->name);
        const char *in = j ? "    " : "  "; /* a further output is indented */
        fprintf(f, "%sprice            %.8f\n", in, o->price);
        if (isnan(o->std_error)) {
            fprintf(f, "%sstd error        n/a  (one path: no spread to measure)\n", in);
            fprintf(f, "%s95%% CI           n/a\n", in);
        } else {
            fprintf(f, "%sstd error        %.8f\n", in, o->std_error);
            fprintf(f, "%s95%% CI           [%.8f, %.8f]\n", in, o->ci_low, o->ci_high);
        }
        if (o->has_analytic) {
            fprintf(f, "%sanalytic         %.8f  (%s)\n", in, o->analytic, o->analytic_source);
            if (o->std_error > 0)
                fprintf(f, "%serror            %+.2f std errors\n", in,
                        (o->price - o->analytic) / o->std_error);
        }
    }
    fprintf(f, "  paths            %s\n", paths);
    if (info->device)
        fprintf(f, "  backend          %s (%s), %s precision, %s, seed %llu\n", info->backend,
                info->device, name_of(mcs_precisions, job->sim.precision),
                name_of(mcs_rngs, job->sim.rng), (unsigned long long)job->sim.seed);
    else
        fprintf(f, "  backend          %s, %d thread%s, %s precision, %s, seed %llu\n",
                info->backend, info->threads, info->threads == 1 ? "" : "s",
                name_of(mcs_precisions, job->sim.precision), name_of(mcs_rngs, job->sim.rng),
                (unsigned long long)job->sim.seed);
    fprintf(f, "  seconds          %.4f  (simulate %.4f)\n", info->seconds, sim);
    fprintf(f, "  time went to    ");
    for (int p = 0; p < MCS_PHASE_TOTAL; p++) /* every phase that took 0.1 ms or more */
        if (t->seconds[p] >= 1e-4)
            fprintf(f, " %s %.4f", mcs_phase_name((mcs_phase)p), t->seconds[p]);
    fprintf(f, " s\n");
    if (sim > 0)
        fprintf(f, "  paths/s          %.4g\n", (double)res->paths / sim);
    if (info->log_path)
        fprintf(f, "  run log          %s\n", info->log_path);
    else
        fprintf(f, "  run log          none (%s)\n", info->log_note ? info->log_note : "not written");
    if (res->n_convergence > 1) {
        fprintf(f, "\n  convergence          paths          price      std error\n");
        for (int i = 0; i < res->n_convergence; i++) {
            with_commas(res->convergence[i].paths, paths, sizeof paths);
            if (isnan(res->convergence[i].std_error))
                fprintf(f, "  %27s  %13.8f  %13s\n", paths, res->convergence[i].price, "n/a");
            else
                fprintf(f, "  %27s  %13.8f  %13.8f\n", paths, res->convergence[i].price,
                        res->convergence[i].std_error);
        }
    }
}

/* "key": a JSON number, or null where JSON has none (inf, nan). */
static void json_number(FILE *f, const char *key, double v)
{
    fprintf(f, "\"%s\": ", key);
    mcs_json_number(f, v);
}

/* "price": ..., "std_error": ..., "ci_low": ..., "ci_high": ... of one output. */
static void json_estimate(FILE *f, const mcs_output_result *o)
{
    json_number(f, "price", o->price);
    fputs(", ", f);
    json_number(f, "std_error", o->std_error);
    fputs(", ", f);
    json_number(f, "ci_low", o->ci_low);
    fputs(", ", f);
    json_number(f, "ci_high", o->ci_high);
}

void mcs_report_json(FILE *f, const mcs_job *job, const mcs_result *res,
                     const mcs_timings *t, const mcs_report_info *info)
{
    double sim = t->seconds[MCS_PHASE_SIMULATE];
    fprintf(f, "{\"schema_version\": %d, ", MCS_JSON_SCHEMA_VERSION);
    json_estimate(f, &res->outputs[0]);
    fprintf(f, ", \"paths\": %llu, \"backend\": ", (unsigned long long)res->paths);
    mcs_json_string(f, info->backend);
    fprintf(f, ", \"device\": ");
    if (info->device)
        mcs_json_string(f, info->device);
    else
        fputs("null", f);
    fprintf(f, ", \"threads\": %d, \"seconds\": %.9g, \"simulate_seconds\": %.9g, ", info->threads,
            info->seconds, sim);
    fprintf(f, "\"paths_per_second\": %.9g, ", sim > 0 ? (double)res->paths / sim : 0.0);
    if (res->has_analytic) {
        json_number(f, "analytic", res->analytic);
        fputs(", \"analytic_source\": ", f);
        mcs_json_string(f, res->analytic_source);
        fputs(", ", f);
    } else {
        fprintf(f, "\"analytic\": null, \"analytic_source\": null, ");
    }
    fputs("\"outputs\": [", f);
    for (int j = 0; j < res->n_outputs; j++) {
        const mcs_output_result *o = &res->outputs[j];
        fprintf(f, "%s{\"name\": ", j ? ", " : "");
        mcs_json_string(f, o->name);
        fputs(", ", f);
        json_estimate(f, o);
        fputs(", ", f);
        json_number(f, "analytic", o->has_analytic ? o->analytic : NAN);
        fputs("}", f);
    }
    fputs("], \"warnings\": [", f);
    for (int i = 0; i < res->n_warnings; i++) {
        const mcs_warning *w = &res->warnings[i];
        fprintf(f, "%s{\"severity\": \"%s\", \"output\": ", i ? ", " : "",
                w->severity == MCS_SEVERITY_ERROR ? "error" : "warning");
        mcs_json_string(f, w->output);
        fprintf(f, ", \"check\": \"%s\", \"message\": ", w->check);
        mcs_json_string(f, w->message);
        fputc('}', f);
    }
    fputs("], \"parameters\": ", f);
    mcs_report_params_json(f, job);
    fputs(", ", f);
    fprintf(f, "\"model\": \"%s\", \"payoff\": \"%s\", \"type\": ",
            name_of(mcs_model_names(), job->model.id), name_of(mcs_payoff_names(), job->option.payoff));
    const char *type = mcs_job_option_type(job);
    if (type) /* null for a payoff without a type key */
        mcs_json_string(f, type);
    else
        fputs("null", f);
    fputs(", ", f);
    fprintf(f, "\"seed\": %llu, \"rng\": \"%s\", \"precision\": \"%s\", \"block_size\": %u, ",
            (unsigned long long)job->sim.seed, name_of(mcs_rngs, job->sim.rng),
            name_of(mcs_precisions, job->sim.precision), job->sim.block_size);
    fprintf(f, "\"steps\": %u, \"log_file\": ", job->sim.steps);
    if (info->log_path)
        mcs_json_string(f, info->log_path);
    else
        fputs("null", f);
    fprintf(f, ", \"timings\": {");
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        fprintf(f, "%s\"%s\": %.9g", p ? ", " : "", mcs_phase_name((mcs_phase)p), t->seconds[p]);
    fprintf(f, "}, \"h2d_bytes\": %llu, \"d2h_bytes\": %llu, \"kernel_launches\": %llu",
            (unsigned long long)t->bytes[MCS_PHASE_H2D], (unsigned long long)t->bytes[MCS_PHASE_D2H],
            (unsigned long long)t->count[MCS_PHASE_SIMULATE]);
    fprintf(f, ", \"convergence\": [");
    for (int i = 0; i < res->n_convergence; i++) {
        fprintf(f, "%s{\"paths\": %llu, ", i ? ", " : "",
                (unsigned long long)res->convergence[i].paths);
        json_number(f, "price", res->convergence[i].price);
        fputs(", ", f);
        json_number(f, "std_error", res->convergence[i].std_error);
        fputc('}', f);
    }
    fprintf(f, "]}\n");
}

/* What the walk over a job's inputs (mcs_job_inputs) writes to. */
typedef struct {
    FILE *f;         /* JSON: the stream */
    char *buf;       /* text: the line */
    size_t len, used;
} params_state;

static void json_input(const mcs_input *in, void *ctx)
{
    params_state *ps = ctx;
    char text[64];
    fprintf(ps->f, "%s\"%s\": ", ps->used++ ? ", " : "", in->key);
    if (in->kind == MCS_INPUT_LIST) { /* an array of numbers (a matrix row-major) */
        fputc('[', ps->f);
        for (uint64_t i = 0; i < in->count; i++) {
            mcs_format_real(in->list[i], text, sizeof text);
            fprintf(ps->f, "%s%s", i ? ", " : "", text);
        }
        fputc(']', ps->f);
        return;
    }
    mcs_input_text(in, text, sizeof text);
    if (in->kind == MCS_INPUT_TEXT)
        mcs_json_string(ps->f, text);
    else
        fputs(text, ps->f);
}

void mcs_report_params_json(FILE *f, const mcs_job *job)
{
    params_state ps = {f, NULL, 0, 0};
    fputc('{', f);
    mcs_job_inputs(job, json_input, &ps);
    fputc('}', f);
}

/* The product's own keys and the steps: the rest is on other lines. */
static void text_input(const mcs_input *in, void *ctx)
{
    params_state *ps = ctx;
    int product = (strcmp(in->section, "model") == 0 || strcmp(in->section, "option") == 0) &&
                  strcmp(in->key, "model") != 0 && strcmp(in->key, "payoff") != 0;
    if (!product && strcmp(in->key, "steps") != 0)
        return;
    char text[64];
    if (in->kind == MCS_INPUT_LIST && in->count > 4) /* the line stays a line */
        snprintf(text, sizeof text, "(%llu numbers)", (unsigned long long)in->count);
    else
        mcs_input_text(in, text, sizeof text);
    if (ps->used < ps->len) {
        int n = snprintf(ps->buf + ps->used, ps->len - ps->used, "%s%s %s",
                         ps->used ? ", " : "", in->key, text);
        if (n > 0)
            ps->used += (size_t)n;
    }
}

void mcs_report_params_line(const mcs_job *job, char *buf, size_t len)
{
    params_state ps = {NULL, buf, len, 0};
    buf[0] = '\0';
    mcs_job_inputs(job, text_input, &ps);
}
