/* report_html.c - the validation report: estimator/report_template.html
 * (compiled in) with the data (profiles, runs, predictions, errors) put in
 * place of its MCS_DATA line, written as one self-contained HTML file. */
#define _GNU_SOURCE
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "output_path.h"
#include "report.h"
#include "validate.h"

extern const char mcs_report_template[];

static void key(FILE *f, const char *k, double x, int comma)
{
    fprintf(f, "%s\"%s\": ", comma ? ", " : "", k);
    mcs_json_number(f, x);
}

static void link_json(FILE *f, const char *k, const mcs_link *l)
{
    fprintf(f, ", \"%s\": {\"alpha_us\": ", k);
    mcs_json_number(f, l->alpha_us);
    fprintf(f, ", \"gbps\": ");
    mcs_json_number(f, l->gbps);
    fprintf(f, "}");
}

static void matrix(FILE *f, const char *k, const double *m, int rows, int cols)
{
    fprintf(f, ", \"%s\": [", k);
    for (int r = 0; r < rows; r++) {
        fprintf(f, "%s[", r ? ", " : "");
        for (int c = 0; c < cols; c++) {
            if (c)
                fprintf(f, ", ");
            mcs_json_number(f, m[r * cols + c]);
        }
        fprintf(f, "]");
    }
    fprintf(f, "]");
}

/* A side's measured kernel costs, {"KERNEL": [path, step, watch]}, the
 * kernels with path and step only (the others cost the fallback). */
static void kernels_json(FILE *f, const char *k, const mcs_kernel_cost *table, int gpu)
{
    const int rngs = mcs_kernel_rng_count(gpu);
    int n = 0;
    fprintf(f, ", \"%s\": {", k);
    for (int fam = 0; fam < mcs_kernel_family_count(); fam++)
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int g = 0; g < rngs; g++) {
                const mcs_kernel_cost *c = &table[((size_t)fam * MCS_PREC_COUNT + q) * rngs + g];
                if (isnan(c->path) || isnan(c->step))
                    continue;
                char name[MCS_KERNEL_NAME_MAX];
                mcs_kernel_name(fam, q, mcs_kernel_rng(gpu, g), name, sizeof name);
                fprintf(f, "%s\"%s\": [", n++ ? ", " : "", name);
                mcs_json_number(f, c->path);
                fprintf(f, ", ");
                mcs_json_number(f, c->step);
                fprintf(f, ", ");
                mcs_json_number(f, c->watch);
                fprintf(f, "]");
            }
    fprintf(f, "}");
}

/* A profile as the page's JSON (field names as in profile.h). */
static void profile_json(FILE *f, const mcs_profile *p)
{
    fprintf(f, "{\"name\": ");
    mcs_json_string(f, p->name);
    fprintf(f, ", \"kind\": ");
    mcs_json_string(f, p->kind);
    fprintf(f, ", \"calibrated\": %s, \"quick\": %s, \"description\": ",
            p->calibrated ? "true" : "false", p->quick ? "true" : "false");
    mcs_json_string(f, p->description);
    fprintf(f, ", \"source\": ");
    mcs_json_string(f, p->source);
    key(f, "price_per_hour", p->price_per_hour, 1);
    fprintf(f, ", \"price_basis\": ");
    mcs_json_string(f, p->price_basis);
    fprintf(f, ", \"warning\": ");
    mcs_json_string(f, p->warning);
    char problems[512];
    mcs_profile_problems(p, problems, sizeof problems);
    fprintf(f, ", \"problems\": "); /* its figures outside the plausibility bounds */
    mcs_json_string(f, problems);
    fprintf(f, ", \"cpu\": ");
    if (p->has_cpu) {
        const mcs_cpu_profile *c = &p->cpu;
        fprintf(f, "{\"model\": ");
        mcs_json_string(f, c->model);
        key(f, "cores", c->cores, 1);
        key(f, "threads", c->threads, 1);
        key(f, "config_cold_s", c->config_cold_s, 1);
        key(f, "config_warm_s", c->config_warm_s, 1);
        key(f, "write_cold_s", c->write_cold_s, 1);
        key(f, "write_warm_s", c->write_warm_s, 1);
        key(f, "other_cold_s", c->other_cold_s, 1);
        key(f, "other_warm_s", c->other_warm_s, 1);
        key(f, "setup_cold_s", c->setup_cold_s, 1);
        key(f, "setup_warm_s", c->setup_warm_s, 1);
        key(f, "teardown_cold_s", c->teardown_cold_s, 1);
        key(f, "teardown_warm_s", c->teardown_warm_s, 1);
        key(f, "chunk_start_cold_us", c->chunk_start_cold_us, 1);
        key(f, "chunk_start_warm_us", c->chunk_start_warm_us, 1);
        key(f, "reduce_block_ns", c->reduce_block_ns, 1);
        matrix(f, "path_step_ns", &c->path_step_ns[0][0], MCS_PREC_COUNT, MCS_CPU_RNG_COUNT);
        kernels_json(f, "kernel_ns", &c->kernel_ns[0][0][0], 0);
        fprintf(f, ", \"scaling\": [");
        for (int i = 0; i < c->n_scaling; i++) {
            fprintf(f, "%s[", i ? ", " : "");
            mcs_json_number(f, c->scaling_threads[i]);
            fprintf(f, ", ");
            mcs_json_number(f, c->scaling_efficiency[i]);
            fprintf(f, "]");
        }
        fprintf(f, "]}");
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ", \"gpu\": ");
    if (p->has_gpu) {
        const mcs_gpu_profile *g = &p->gpu;
        fprintf(f, "{\"model\": ");
        mcs_json_string(f, g->model);
        key(f, "context_s", g->context_s, 1);
        key(f, "device_query_cold_s", g->device_query_cold_s, 1);
        key(f, "device_query_warm_s", g->device_query_warm_s, 1);
        key(f, "setup_cold_s", g->setup_cold_s, 1);
        key(f, "setup_warm_s", g->setup_warm_s, 1);
        key(f, "alloc_s", g->alloc_s, 1);
        key(f, "alloc_ns_per_byte", g->alloc_ns_per_byte, 1);
        key(f, "teardown_s", g->teardown_s, 1);
        key(f, "write_cold_s", g->write_cold_s, 1);
        key(f, "write_warm_s", g->write_warm_s, 1);
        key(f, "launch_us", g->launch_us, 1);
        key(f, "first_launch_us", g->first_launch_us, 1);
        link_json(f, "h2d_pinned", &g->h2d_pinned);
        link_json(f, "h2d_pageable", &g->h2d_pageable);
        link_json(f, "d2h_pinned", &g->d2h_pinned);
        link_json(f, "d2h_pageable", &g->d2h_pageable);
        matrix(f, "kernel_path_step_ps", &g->kernel_path_step_ps[0][0], MCS_PREC_COUNT,
               MCS_GPU_RNG_COUNT);
        matrix(f, "kernel_ramp_path_step_ns", &g->kernel_ramp_path_step_ns[0][0], MCS_PREC_COUNT,
               MCS_GPU_RNG_COUNT);
        matrix(f, "kernel_fixed_us", &g->kernel_fixed_us[0][0], MCS_PREC_COUNT, MCS_GPU_RNG_COUNT);
        kernels_json(f, "kernel_ps", &g->kernel_ps[0][0][0], 1);
        fprintf(f, "}");
    } else {
        fprintf(f, "null");
    }
    fprintf(f, "}");
}

static void profiles_json(FILE *f, const mcs_validation *v)
{
    fprintf(f, "\"profiles\": {");
    mcs_json_string(f, v->cpu.name);
    fprintf(f, ": ");
    profile_json(f, &v->cpu);
    if (v->gpu.has_gpu && strcmp(v->gpu.name, v->cpu.name) != 0) {
        fprintf(f, ", ");
        mcs_json_string(f, v->gpu.name);
        fprintf(f, ": ");
        profile_json(f, &v->gpu);
    }
    mcs_profile ref;
    char err[512];
    int have_ref = mcs_profile_find(MCS_PROFILE_REFERENCE, &ref, err, sizeof err) == MCS_OK;
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        mcs_profile p;
        if (strcmp(e->name, v->cpu.name) == 0 || strcmp(e->name, v->gpu.name) == 0 ||
            mcs_profile_parse(e->text, e->name, &p, err, sizeof err) != MCS_OK)
            continue;
        if (!p.calibrated && (!have_ref || mcs_profile_derive(&p, &ref, err, sizeof err) != MCS_OK))
            continue;
        fprintf(f, ", ");
        mcs_json_string(f, p.name);
        fprintf(f, ": ");
        profile_json(f, &p);
    }
    fprintf(f, "}");
}

static void phases_json(FILE *f, const double *s)
{
    fprintf(f, "{");
    for (int p = 0; p < MCS_PHASE_COUNT; p++) {
        fprintf(f, "%s\"%s\": ", p ? ", " : "", mcs_phase_name((mcs_phase)p));
        mcs_json_number(f, s[p]);
    }
    fprintf(f, "}");
}

/* The sweep files' names as one JSON string, "a.h5, b.h5" (never cut). */
static void files_json(FILE *f, const mcs_validation *v)
{
    size_t len = 1;
    for (int i = 0; i < v->n_files; i++)
        len += strlen(v->files[i]) + 2;
    char *files = malloc(len);
    if (!files) {
        mcs_json_string(f, "");
        return;
    }
    files[0] = '\0';
    for (int i = 0, used = 0; i < v->n_files; i++)
        used += snprintf(files + used, len - (size_t)used, "%s%s", i ? ", " : "", v->files[i]);
    mcs_json_string(f, files);
    free(files);
}

/* The first sweep file's kernel for the calculator: its family, and its
 * monitored steps as W = fixed + per_step S (exact for every payoff here:
 * none, every step, or the fixings), or null when not known. */
static void job_kernel_json(FILE *f, const mcs_validation *v)
{
    const mcs_file_kernel *k = &v->kernels[0];
    static mcs_job job;
    job = k->job;
    int fam = k->known ? mcs_kernel_family_index(job.model.id, job.option.payoff,
                                                 mcs_job_kernel_mode(&job))
                       : -1;
    if (fam < 0 || job.sim.steps == 0) {
        fprintf(f, "null");
        return;
    }
    double s1 = job.sim.steps, w1 = mcs_job_watched_steps(&job);
    job.sim.steps *= 2;
    double per_step = (mcs_job_watched_steps(&job) - w1) / s1;
    fprintf(f, "{\"family\": \"%s\", \"watched_fixed\": ", mcs_kernel_family_get(fam)->name);
    mcs_json_number(f, w1 - per_step * s1);
    fprintf(f, ", \"watched_per_step\": ");
    mcs_json_number(f, per_step);
    fprintf(f, "}");
}

static void data_json(FILE *f, const mcs_validation *v)
{
    char now[32];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(f, "{\"generated\": \"%s\", \"mcsim_version\": \"%s\", \"sweep_file\": ", now,
            MCS_VERSION);
    files_json(f, v);
    fprintf(f, ", \"host\": ");
    mcs_json_string(f, v->meta.host);
    fprintf(f, ", \"config\": ");
    mcs_json_string(f, v->meta.config_file);
    fprintf(f, ", \"cpu_profile\": ");
    mcs_json_string(f, v->cpu.name);
    fprintf(f, ", \"gpu_profile\": "); /* null: a CPU-only profile, CPU predictions only */
    if (v->gpu.has_gpu)
        mcs_json_string(f, v->gpu.name);
    else
        fprintf(f, "null");
    /* what finds each profile again (its file, absolute, or its catalogue name):
     * the Reproduce commands' --cpu / --gpu */
    for (int k = 0; k < 2; k++) {
        const mcs_profile *p = k ? &v->gpu : &v->cpu;
        char abs[PATH_MAX];
        const char *arg = strncmp(p->origin, "catalogue:", 10) == 0 ? p->name
                          : realpath(p->origin, abs) ? abs : p->origin;
        fprintf(f, ", \"%s_profile_arg\": ", k ? "gpu" : "cpu");
        if (k && !v->gpu.has_gpu)
            fprintf(f, "null");
        else
            mcs_json_string(f, arg);
    }
    fprintf(f, ", \"phase_names\": [");
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        fprintf(f, "%s\"%s\"", p ? ", " : "", mcs_phase_name((mcs_phase)p));
    fprintf(f, "], \"kernel\": ");
    job_kernel_json(f, v);
    fprintf(f, ", ");
    profiles_json(f, v);
    fprintf(f, ", \"runs\": [");
    for (size_t i = 0; i < v->n_rows; i++) {
        const mcs_sweep_row *r = &v->rows[i];
        fprintf(f, "%s\n{\"backend\": \"%s\", \"mode\": \"%s\", \"paths\": %llu, \"steps\": %u, "
                   "\"block_size\": %u, \"precision\": \"%s\", \"rng\": \"%s\", \"threads\": %d, "
                   "\"repeat\": %d, \"measured\": ",
                i ? "," : "", r->backend, r->mode, (unsigned long long)r->paths, r->steps,
                r->block_size, r->precision, r->rng, r->threads, r->repeat);
        phases_json(f, r->seconds);
        fprintf(f, ", \"predicted\": ");
        phases_json(f, v->predicted[i]);
        int fam = v->row_kernel[i].family; /* the kernel the prediction took */
        fprintf(f, ", \"family\": ");
        if (fam >= 0)
            mcs_json_string(f, mcs_kernel_family_get(fam)->name);
        else
            fprintf(f, "null");
        fprintf(f, ", \"watched\": ");
        mcs_json_number(f, v->row_kernel[i].watched);
        fprintf(f, "}");
    }
    fprintf(f, "],\n\"summary\": {\"phases\": [");
    for (int i = 0; i < v->n_phases; i++) {
        const mcs_phase_error *e = &v->phases[i];
        fprintf(f, "%s{\"backend\": \"%s\", \"mode\": \"%s\", \"phase\": \"%s\", \"n\": %d",
                i ? ", " : "", e->backend, e->mode, e->phase, e->n);
        key(f, "median", e->median, 1);
        key(f, "p90", e->p90, 1);
        key(f, "spread", e->spread, 1);
        key(f, "share", e->share, 1);
        fprintf(f, ", \"runs\": %d, \"min_repeats\": %d}", e->runs, e->min_repeats);
    }
    fprintf(f, "], \"speedup\": [");
    for (size_t i = 0; i < v->n_speedups; i++) {
        const mcs_speedup_error *e = &v->speedups[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"n\": %d",
                i ? ", " : "", e->mode, e->precision, e->steps, e->n);
        key(f, "median", e->median, 1);
        key(f, "p90", e->p90, 1);
        key(f, "spread", e->spread, 1);
        fprintf(f, "}");
    }
    fprintf(f, "], \"points\": [");
    for (size_t i = 0; i < v->n_points; i++) {
        const mcs_speedup_point *p = &v->points[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"paths\": %llu",
                i ? ", " : "", p->mode, p->precision, p->steps, (unsigned long long)p->paths);
        key(f, "measured_speedup", p->measured, 1);
        key(f, "predicted_speedup", p->predicted, 1);
        key(f, "cpu_spread", p->cpu_spread, 1);
        key(f, "gpu_spread", p->gpu_spread, 1);
        fprintf(f, ", \"repeats\": %d, \"correct\": %s}", p->repeats, p->correct ? "true" : "false");
    }
    fprintf(f, "], \"break_even\": [");
    for (size_t i = 0; i < v->n_break_even; i++) {
        const mcs_break_even_pair *b = &v->break_even[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u", i ? ", " : "",
                b->mode, b->precision, b->steps);
        key(f, "predicted", b->predicted, 1);
        key(f, "measured", b->measured, 1);
        fprintf(f, ", \"below\": %s, \"above\": %s}", b->below ? "true" : "false",
                b->above ? "true" : "false");
    }
    fprintf(f, "], \"decisions\": {\"correct\": %d, \"total\": %d}}}", v->correct, v->decisions);
}

mcs_status mcs_report_html(const char *path, const mcs_validation *v, char *err,
                           size_t err_len)
{
    static const char marker[] = "/*MCS_DATA*/";
    const char *at = strstr(mcs_report_template, marker);
    if (!at) {
        snprintf(err, err_len, "the compiled-in report template has no %s line", marker);
        return MCS_E_SOFTWARE;
    }
    char *page = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&page, &size);
    if (!f) {
        snprintf(err, err_len, "cannot write report '%s': out of memory", path);
        return MCS_E_NOMEM;
    }
    fwrite(mcs_report_template, 1, (size_t)(at - mcs_report_template), f);
    fprintf(f, "const MCS_DATA = ");
    data_json(f, v);
    fprintf(f, ";");
    fputs(at + strlen(marker), f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        free(page);
        snprintf(err, err_len, "cannot write report '%s': out of memory", path);
        return MCS_E_NOMEM;
    }
    mcs_status st = mcs_output_write_bytes("report", path, page, size, err, err_len);
    free(page);
    return st;
}
