/* report_html.c - the validation report: estimator/report_template.html
 * (compiled in) with the data (profiles, runs, predictions, errors) put in
 * place of its MCS_DATA line, written as one self-contained HTML file. */
#define _GNU_SOURCE
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json_out.h"
#include "output_path.h"
#include "report.h"
#include "validate.h"

extern const char mcs_report_template[];

/* A profile as the page's JSON (field names as in profile.h). */
static void profile_json(FILE *f, const mcs_profile *p)
{
    fprintf(f, "{\"name\": ");
    mcs_json_string(f, p->name);
    mcs_json_key_string(f, "kind", p->kind);
    fprintf(f, ", \"calibrated\": %s, \"quick\": %s, \"description\": ",
            p->calibrated ? "true" : "false", p->quick ? "true" : "false");
    mcs_json_string(f, p->description);
    mcs_json_key_string(f, "source", p->source);
    mcs_json_key_number(f, "price_per_hour", p->price_per_hour);
    mcs_json_key_string(f, "price_basis", p->price_basis);
    mcs_json_key_string(f, "warning", p->warning);
    char problems[512];
    mcs_profile_problems(p, problems, sizeof problems);
    /* its figures outside the plausibility bounds */
    mcs_json_key_string(f, "problems", problems);
    for (int k = 0; k < 2; k++) { /* its sides: the model (and the CPU's threads), or null */
        fprintf(f, ", \"%s\": ", k ? "gpu" : "cpu");
        if (!(k ? p->has_gpu : p->has_cpu)) {
            fprintf(f, "null");
            continue;
        }
        fprintf(f, "{\"model\": ");
        mcs_json_string(f, k ? p->gpu.model : p->cpu.model);
        if (!k)
            mcs_json_key_number(f, "threads", p->cpu.threads);
        fprintf(f, "}");
    }
    fprintf(f, "}");
}

/* The report's profiles by name: what the page shows of them. */
static void profiles_json(FILE *f, const mcs_validation *v)
{
    const mcs_profile *shown[2] = {
        &v->cpu, v->gpu.has_gpu && strcmp(v->gpu.name, v->cpu.name) != 0 ? &v->gpu : NULL};
    fprintf(f, "\"profiles\": {");
    for (int k = 0; k < 2 && shown[k]; k++) {
        fputs(k ? ", " : "", f);
        mcs_json_string(f, shown[k]->name);
        fprintf(f, ": ");
        profile_json(f, shown[k]);
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

/* The page's grid of path counts: floor(10^(i/GRID_PER_DECADE)) from 1 to
 * 10^GRID_DECADES, each once; returns how many (at most GRID_MAX). */
#define GRID_PER_DECADE 20
#define GRID_DECADES 15
#define GRID_MAX (GRID_PER_DECADE * GRID_DECADES + 1)
static int grid_paths(double *n)
{
    int count = 0;
    for (int i = 0; i < GRID_MAX; i++) {
        double x = floor(pow(10.0, (double)i / GRID_PER_DECADE));
        if (count == 0 || x > n[count - 1])
            n[count++] = x;
    }
    return count;
}

/* One backend's predictions for workload w at every grid size: whether it
 * runs the job (why not), its generator, threads, kernel and where the
 * kernel's costs came from, the GPU's launches, and every phase's seconds
 * as an array over the grid. */
static void grid_side_json(FILE *f, const mcs_validation *v, int gpu, mcs_workload w,
                           const double *n, int count)
{
    static double seconds[GRID_MAX][MCS_PHASE_COUNT], launches[GRID_MAX];
    mcs_prediction p;
    for (int i = 0; i < count; i++) {
        w.paths = (uint64_t)n[i];
        if (gpu)
            mcs_predict_gpu(&v->gpu.gpu, &v->cpu.cpu, &w, &p);
        else
            mcs_predict_cpu(&v->cpu.cpu, &w, &p);
        memcpy(seconds[i], p.seconds, sizeof p.seconds);
        launches[i] = p.launches;
    }
    fprintf(f, "{\"available\": %s, \"why\": ", p.available ? "true" : "false");
    mcs_json_string(f, p.why);
    fprintf(f, ", \"rng\": \"%s\", \"threads\": %d",
            mcs_named_by_id(mcs_rngs, (int)p.rng)->name, p.threads);
    mcs_json_key_string(f, "kernel", p.kernel);
    fprintf(f, ", \"kernel_costs\": \"%s\"", mcs_cost_source_name(p.source));
    if (gpu) {
        fprintf(f, ", \"launches\": [");
        for (int i = 0; i < count; i++)
            fprintf(f, "%s%.0f", i ? "," : "", launches[i]);
        fprintf(f, "]");
    }
    fprintf(f, ", \"seconds\": {");
    for (int ph = 0; ph < MCS_PHASE_COUNT; ph++) {
        fprintf(f, "%s\"%s\": [", ph ? ", " : "", mcs_phase_name((mcs_phase)ph));
        for (int i = 0; i < count; i++) {
            if (i)
                fputc(',', f);
            mcs_json_number(f, p.available ? seconds[i][ph] : NAN);
        }
        fprintf(f, "]");
    }
    fprintf(f, "}}");
}

/* The rng setting that gives a series' CPU and GPU generators (the sweep
 * rows hold the resolved ones): the same one, or auto for pcg64 on the cpu
 * and philox on the gpu; -1 where no one setting does. */
static int one_rng(const mcs_workload *c, const mcs_workload *g)
{
    if (c->rng == g->rng)
        return (int)c->rng;
    return c->rng == MCS_RNG_PCG64 && g->rng == MCS_RNG_PHILOX ? (int)MCS_RNG_AUTO
                                                               : -1;
}

/* The model on the grid per series of the sweep (precision and steps, with
 * the block size, threads, generators and kernel of its runs), cold and
 * warm, with the predicted break-even N*: everything the page draws and
 * its calculator shows, from this C model (the page has none). */
static void grid_json(FILE *f, mcs_validation *v)
{
    static double n[GRID_MAX];
    int count = grid_paths(n);
    fprintf(f, "\"grid\": {\"per_decade\": %d, \"paths\": [", GRID_PER_DECADE);
    for (int i = 0; i < count; i++)
        fprintf(f, "%s%.0f", i ? "," : "", n[i]);
    fprintf(f, "], \"series\": [");
    int shown = 0;
    for (size_t i = 0; i < v->n_rows; i++) {
        const mcs_sweep_row *r = &v->rows[i];
        long first[2] = {-1, -1}; /* the series' first cpu and gpu rows */
        int seen = 0;
        for (size_t j = 0; j < v->n_rows && !seen; j++) {
            const mcs_sweep_row *o = &v->rows[j];
            if (o->steps != r->steps || strcmp(o->precision, r->precision))
                continue;
            seen = j < i; /* a series is written at its first row */
            int b = strcmp(o->backend, "gpu") == 0;
            if (first[b] < 0)
                first[b] = (long)j;
        }
        if (seen)
            continue;
        mcs_workload w[2];
        for (int b = 0; b < 2; b++) {
            w[b] = mcs_validate_row_workload(v, (size_t)(first[b] >= 0 ? first[b] : first[!b]));
            if (first[b] < 0 && w[b].rng != MCS_RNG_PHILOX) /* no runs: the backend's default */
                w[b].rng = MCS_RNG_AUTO;
        }
        int rng = one_rng(&w[0], &w[1]);
        fprintf(f, "%s\n{\"precision\": \"%s\", \"steps\": %u, \"block_size\": %u, "
                   "\"threads\": %d, \"rng\": ",
                shown++ ? "," : "", r->precision, r->steps, r->block_size, w[0].threads);
        mcs_json_string_or_null(f, rng >= 0 ? mcs_named_by_id(mcs_rngs, rng)->name : NULL);
        for (int cold = 1; cold >= 0; cold--) {
            w[0].cold = w[1].cold = cold;
            fprintf(f, ", \"%s\": {\"cpu\": ", cold ? "cold" : "warm");
            grid_side_json(f, v, 0, w[0], n, count);
            fprintf(f, ", \"gpu\": ");
            if (v->gpu.has_gpu)
                grid_side_json(f, v, 1, w[1], n, count);
            else
                fprintf(f, "null");
            mcs_workload be = w[0];
            be.rng = (mcs_rng_id)rng;
            mcs_json_key_number(f, "break_even", v->gpu.has_gpu && rng >= 0
                                                     ? mcs_break_even(&v->cpu.cpu, &v->gpu.gpu, &be)
                                                     : NAN);
            fprintf(f, "}");
        }
        fprintf(f, "}");
    }
    fprintf(f, "]}");
}

static void data_json(FILE *f, mcs_validation *v)
{
    char now[32];
    mcs_utc_stamp(now, sizeof now);
    fprintf(f, "{\"generated\": \"%s\", \"mcsim_version\": \"%s\", \"sweep_file\": ", now,
            MCS_VERSION);
    files_json(f, v);
    mcs_json_key_string(f, "host", v->meta.host);
    mcs_json_key_string(f, "config", v->meta.config_file);
    mcs_json_key_string(f, "cpu_profile", v->cpu.name);
    /* null: a CPU-only profile, CPU predictions only */
    mcs_json_key_string(f, "gpu_profile", v->gpu.has_gpu ? v->gpu.name : NULL);
    /* what finds each profile again (its file, absolute, or its catalogue name):
     * the Reproduce commands' --cpu / --gpu */
    for (int k = 0; k < 2; k++) {
        const mcs_profile *p = k ? &v->gpu : &v->cpu;
        char abs[PATH_MAX];
        const char *arg = strncmp(p->origin, "catalogue:", 10) == 0 ? p->name
                          : realpath(p->origin, abs) ? abs : p->origin;
        mcs_json_key_string(f, k ? "gpu_profile_arg" : "cpu_profile_arg",
                            k && !v->gpu.has_gpu ? NULL : arg);
    }
    fprintf(f, ", \"phase_names\": [");
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        fprintf(f, "%s\"%s\"", p ? ", " : "", mcs_phase_name((mcs_phase)p));
    fprintf(f, "], ");
    profiles_json(f, v);
    fprintf(f, ",\n");
    grid_json(f, v);
    fprintf(f, ", \"runs\": [");
    for (size_t i = 0; i < v->n_rows; i++) {
        const mcs_sweep_row *r = &v->rows[i];
        fprintf(f, "%s\n{\"backend\": \"%s\", \"mode\": \"%s\", \"paths\": %llu, \"steps\": %u, "
                   "\"block_size\": %u, \"precision\": \"%s\", \"rng\": \"%s\", \"threads\": %d, "
                   "\"repeat\": %d, \"measured\": ",
                i ? "," : "", r->backend, r->mode, (unsigned long long)r->paths, r->steps,
                r->block_size, r->precision, r->rng, r->threads, r->repeat);
        mcs_json_phases(f, r->seconds);
        fprintf(f, ", \"predicted\": ");
        mcs_json_phases(f, v->predicted[i]);
        fprintf(f, "}");
    }
    fprintf(f, "],\n\"summary\": {\"phases\": [");
    for (int i = 0; i < v->n_phases; i++) {
        const mcs_phase_error *e = &v->phases[i];
        fprintf(f, "%s{\"backend\": \"%s\", \"mode\": \"%s\", \"phase\": \"%s\", \"n\": %d",
                i ? ", " : "", e->backend, e->mode, e->phase, e->n);
        mcs_json_key_number(f, "median", e->median);
        mcs_json_key_number(f, "p90", e->p90);
        mcs_json_key_number(f, "spread", e->spread);
        mcs_json_key_number(f, "share", e->share);
        fprintf(f, ", \"runs\": %d, \"min_repeats\": %d}", e->runs, e->min_repeats);
    }
    fprintf(f, "], \"speedup\": [");
    for (size_t i = 0; i < v->n_speedups; i++) {
        const mcs_speedup_error *e = &v->speedups[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"n\": %d",
                i ? ", " : "", e->mode, e->precision, e->steps, e->n);
        mcs_json_key_number(f, "median", e->median);
        mcs_json_key_number(f, "p90", e->p90);
        mcs_json_key_number(f, "spread", e->spread);
        fprintf(f, "}");
    }
    fprintf(f, "], \"points\": [");
    for (size_t i = 0; i < v->n_points; i++) {
        const mcs_speedup_point *p = &v->points[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"paths\": %llu",
                i ? ", " : "", p->mode, p->precision, p->steps, (unsigned long long)p->paths);
        mcs_json_key_number(f, "measured_speedup", p->measured);
        mcs_json_key_number(f, "predicted_speedup", p->predicted);
        mcs_json_key_number(f, "cpu_spread", p->cpu_spread);
        mcs_json_key_number(f, "gpu_spread", p->gpu_spread);
        fprintf(f, ", \"repeats\": %d, \"correct\": %s}", p->repeats, p->correct ? "true" : "false");
    }
    fprintf(f, "], \"break_even\": [");
    for (size_t i = 0; i < v->n_break_even; i++) {
        const mcs_break_even_pair *b = &v->break_even[i];
        fprintf(f, "%s{\"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u", i ? ", " : "",
                b->mode, b->precision, b->steps);
        mcs_json_key_number(f, "predicted", b->predicted);
        mcs_json_key_number(f, "measured", b->measured);
        fprintf(f, ", \"below\": %s, \"above\": %s}", b->below ? "true" : "false",
                b->above ? "true" : "false");
    }
    fprintf(f, "], \"decisions\": {\"correct\": %d, \"total\": %d}}}", v->correct, v->decisions);
}

mcs_status mcs_report_html(const char *path, mcs_validation *v, char *err, size_t err_len)
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
