/* validate.c - `mcsim validate`: the estimator's predictions for every run
 * of one or more sweep files against what was measured (docs/estimator.md,
 * "Validation"), as a table on stdout and optionally an HTML report. */
#define _GNU_SOURCE
#include "validate.h"
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "catalog.h"
#include "commands.h"
#include "json_out.h"
#include "model.h"
#include "output_path.h"
#include "report.h"
#include "stop.h"

static const char *const sides[2] = {"cpu", "gpu"};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double quantile_sorted(const double *x, int n, double q)
{
    if (n == 0)
        return NAN;
    double pos = q * (n - 1);
    int i = (int)floor(pos);
    if (i >= n - 1)
        return x[n - 1];
    return x[i] + (pos - i) * (x[i + 1] - x[i]);
}

void mcs_quantiles(double *x, int n, double *median, double *p90)
{
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    *median = quantile_sorted(x, n, 0.5);
    *p90 = quantile_sorted(x, n, 0.9);
}

int mcs_line_fit(const double *x, const double *y, const double *w, int n, double *a, double *b)
{
    double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < n; i++) {
        double wi = w ? w[i] : 1;
        sw += wi;
        sx += wi * x[i];
        sy += wi * y[i];
        sxx += wi * x[i] * x[i];
        sxy += wi * x[i] * y[i];
    }
    double d = sw * sxx - sx * sx;
    if (!(d > 0))
        return 0;
    *b = (sw * sxy - sx * sy) / d;
    *a = (sy - *b * sx) / sw;
    return 1;
}

double mcs_median_spread(double *x, int n, double *spread)
{
    double median, p90;
    mcs_quantiles(x, n, &median, &p90);
    *spread = n > 0 && median > 0 ? (x[n - 1] - x[0]) / median : 0;
    return median;
}

static int find_id(const mcs_named *table, const char *name)
{
    const mcs_named *e = mcs_named_find(table, name);
    return e ? e->id : -1;
}

/* The kernel of the sweep file row i comes from. */
static mcs_file_kernel *file_kernel(mcs_validation *v, size_t i)
{
    int f = 0;
    while (f + 1 < v->n_files && i >= v->file_first_row[f + 1])
        f++;
    return &v->kernels[f];
}

/* The workload of row i: its sizes and settings, and the kernel of its
 * file's job at the row's steps (the kernel's monitored steps counted once
 * per file and step count). */
mcs_workload mcs_validate_row_workload(mcs_validation *v, size_t i)
{
    const mcs_sweep_row *r = &v->rows[i];
    mcs_workload w = {.paths = r->paths,
                      .steps = r->steps,
                      .block_size = r->block_size,
                      .precision = (mcs_precision)find_id(mcs_precisions, r->precision),
                      .rng = (mcs_rng_id)find_id(mcs_rngs, r->rng),
                      .threads = r->threads,
                      .cold = strcmp(r->mode, "cold") == 0};
    mcs_file_kernel *k = file_kernel(v, i);
    if (k->known) {
        k->job.sim.steps = r->steps;
        /* the job's own workload (its kernel, normals and assets: a
         * multi-asset job's costs scale with them), the row's sizes */
        const mcs_workload sizes = w;
        w = mcs_workload_of_job(&k->job, sizes.threads, sizes.cold);
        w.paths = sizes.paths;
        w.steps = sizes.steps;
        w.block_size = sizes.block_size;
        w.precision = sizes.precision;
        w.rng = sizes.rng;
    }
    return w;
}

/* The kernel costs a file's first prediction on a backend used, for the
 * text (b: 0 cpu, 1 gpu). */
static void note_kernel(mcs_validation *v, size_t i, int b, const mcs_prediction *p)
{
    mcs_file_kernel *k = file_kernel(v, i);
    if (k->predicted[b] || !p->available)
        return;
    k->predicted[b] = 1;
    k->source[b] = p->source;
    snprintf(k->kernel[b], sizeof k->kernel[b], "%s", p->kernel);
}

/* Row i's prediction per phase, NAN throughout where the profiles cannot
 * predict it; 0 and the reason in `why` then. */
static int predict_row(mcs_validation *v, size_t i, double *out, char *why, size_t why_len)
{
    const mcs_sweep_row *r = &v->rows[i];
    mcs_workload w = mcs_validate_row_workload(v, i);
    mcs_prediction p;
    memset(&p, 0, sizeof p);
    if (strcmp(r->backend, "gpu") == 0 && !v->gpu.has_gpu)
        snprintf(p.why, sizeof p.why, "gpu runs: the profile '%s' has no [gpu] section",
                 v->gpu.name);
    else if (strcmp(r->backend, "gpu") == 0)
        mcs_predict_gpu(&v->gpu.gpu, &v->cpu.cpu, &w, &p);
    else
        mcs_predict_cpu(&v->cpu.cpu, &w, &p);
    for (int j = 0; j < MCS_PHASE_COUNT; j++)
        out[j] = p.available ? p.seconds[j] : NAN;
    if (!p.available)
        snprintf(why, why_len, "%s", p.why);
    note_kernel(v, i, strcmp(r->backend, "gpu") == 0, &p);
    return p.available;
}

/* Rows i and j of v ordered by series (job, mode, precision, steps), then
 * paths, then backend, threads, generator and block size, so that the
 * repeats of one workload are next to each other: the first `keys` of those
 * compared, in that order (SIZE_KEYS: one size; WORKLOAD_KEYS: the repeats
 * of one workload). */
enum { SIZE_KEYS = 5, WORKLOAD_KEYS = 9 };
static int compare_rows(const mcs_validation *v, size_t i, size_t j, int keys)
{
    const mcs_sweep_row *x = &v->rows[i], *y = &v->rows[j];
    const int jx = v->row_job[i], jy = v->row_job[j];
#define BY_TEXT(f) strcmp(x->f, y->f)
#define BY_NUMBER(f) ((x->f > y->f) - (x->f < y->f))
    const int by[WORKLOAD_KEYS] = {(jx > jy) - (jx < jy), BY_TEXT(mode),    BY_TEXT(precision),
                                   BY_NUMBER(steps),      BY_NUMBER(paths), BY_TEXT(backend),
                                   BY_NUMBER(threads),    BY_TEXT(rng),     BY_NUMBER(block_size)};
#undef BY_TEXT
#undef BY_NUMBER
    for (int k = 0; k < keys; k++)
        if (by[k])
            return by[k];
    return 0;
}

/* qsort takes no context: the validation sorted is set in sort_v. */
static const mcs_validation *sort_v;
static int cmp_row(const void *a, const void *b)
{
    return compare_rows(sort_v, *(const size_t *)a, *(const size_t *)b, WORKLOAD_KEYS);
}

/* Seconds of phase p of a run (measured or predicted): a run-log phase, or
 * MCS_FIXED_OTHER, the time outside every phase (mcs_other_seconds; NAN for a
 * run the profiles predict nothing for, as its phases). */
static double phase_seconds(const double *seconds, int p)
{
    if (p != MCS_FIXED_OTHER || isnan(seconds[MCS_PHASE_TOTAL]))
        return seconds[p == MCS_FIXED_OTHER ? MCS_PHASE_TOTAL : p];
    return mcs_other_seconds(seconds);
}

/* The phases validate compares, in the tables' order: the run log's, the
 * time outside them ("other") just before the total. */
_Static_assert(MCS_PHASE_TOTAL == MCS_PHASE_COUNT - 1, "phase_at: the total is the last phase");
static int phase_at(int i)
{
    return i < MCS_PHASE_TOTAL ? i : i == MCS_PHASE_TOTAL ? MCS_FIXED_OTHER : MCS_PHASE_TOTAL;
}
static const char *phase_label(int p)
{
    return p == MCS_FIXED_OTHER ? "other" : mcs_phase_name((mcs_phase)p);
}

/* The median of phase p over the measured runs order[from..to) (scratch:
 * m), and their spread. */
static double size_median(const mcs_validation *v, const size_t *order, size_t from, size_t to,
                          int p, double *m, double *spread)
{
    int t = 0;
    for (size_t j = from; j < to; j++)
        m[t++] = phase_seconds(v->rows[order[j]].seconds, p);
    return mcs_median_spread(m, t, spread);
}

/* pe's backend b, mode and phase p, by name */
static void name_phase(mcs_phase_error *pe, int b, const char *mode, int p)
{
    snprintf(pe->backend, sizeof pe->backend, "%s", sides[b]);
    snprintf(pe->mode, sizeof pe->mode, "%s", mode);
    snprintf(pe->phase, sizeof pe->phase, "%s", phase_label(p));
}

/* Per backend, mode and phase: per size (the repeats of one workload,
 * rows order[from..to)) the bias of the median of its repeats and their
 * spread; counted once (the total) are the sizes with too few repeats. */
static void add_phase_errors(mcs_validation *v, const size_t *order)
{
    static const char *modes[] = {"cold", "warm"};
    const size_t len = v->n_rows + 1;
    double *bias = malloc(5 * len * sizeof *bias); /* and noise, m, share, sign after it */
    if (!bias)
        return;
    double *noise = bias + len, *m = noise + len, *share = m + len, *sign = share + len;
    for (int b = 0; b < 2; b++)
        for (int md = 0; md < 2; md++)
            for (int at = 0; at < MCS_VALIDATE_PHASES; at++) {
                const int p = phase_at(at);
                int n = 0, runs = 0, fewest = 0, blind = 0, blind_runs = 0;
                for (size_t from = 0, to; from < v->n_rows; from = to) {
                    const mcs_sweep_row *r = &v->rows[order[from]];
                    for (to = from + 1;
                         to < v->n_rows && !compare_rows(v, order[from], order[to], WORKLOAD_KEYS);
                         to++)
                        ;
                    if (strcmp(r->backend, sides[b]) || strcmp(r->mode, modes[md]))
                        continue;
                    int k = 0, unseen = 0; /* measured: predicted > 0, predicted 0 */
                    double pred = NAN;
                    for (size_t j = from; j < to; j++) {
                        size_t i = order[j];
                        const double seen = phase_seconds(v->rows[i].seconds, p),
                                     said = phase_seconds(v->predicted[i], p);
                        if (seen > 0 && said > 0) {
                            m[k++] = seen;
                            pred = said;
                        } else if (seen > 0 && said == 0)
                            unseen++;
                    }
                    double unused;
                    if (k == 0 && unseen > 0 && n == 0) { /* a share for the blind list */
                        double phase = size_median(v, order, from, to, p, m, &noise[blind]);
                        share[blind++] =
                            phase / size_median(v, order, from, to, MCS_PHASE_TOTAL, m, &unused);
                        blind_runs += unseen;
                    }
                    if (k == 0)
                        continue;
                    double median = mcs_median_spread(m, k, &noise[n]);
                    sign[n] = log(pred / median);
                    bias[n] = fabs(sign[n]);
                    share[n] =
                        median / size_median(v, order, from, to, MCS_PHASE_TOTAL, m, &unused);
                    n++;
                    runs += k;
                    fewest = fewest && fewest < k ? fewest : k;
                    if (p == MCS_PHASE_TOTAL) {
                        v->n_sizes++;
                        v->n_thin += k < MCS_VALIDATE_REPEATS;
                        v->fewest_repeats = v->fewest_repeats && v->fewest_repeats < k
                                                ? v->fewest_repeats : k;
                    }
                }
                if (n == 0 && blind > 0) {
                    mcs_phase_error *pe = &v->blind[v->n_blind++];
                    *pe = (mcs_phase_error){.n = blind, .runs = blind_runs, .median = NAN,
                                            .p90 = NAN, .direction = NAN};
                    name_phase(pe, b, modes[md], p);
                    double p90;
                    mcs_quantiles(noise, blind, &pe->spread, &p90);
                    mcs_quantiles(share, blind, &pe->share, &p90);
                }
                if (n == 0)
                    continue;
                mcs_phase_error *pe = &v->phases[v->n_phases++];
                name_phase(pe, b, modes[md], p);
                pe->n = n;
                pe->runs = runs;
                pe->min_repeats = fewest;
                mcs_quantiles(bias, n, &pe->median, &pe->p90);
                double p90;
                mcs_quantiles(noise, n, &pe->spread, &p90);
                mcs_quantiles(share, n, &pe->share, &p90);
                mcs_quantiles(sign, n, &pe->direction, &p90);
            }
    free(bias);
}

static int same_series(const mcs_speedup_point *a, const mcs_speedup_point *b)
{
    return a->job == b->job && strcmp(a->mode, b->mode) == 0 &&
           strcmp(a->precision, b->precision) == 0 && a->steps == b->steps;
}

/* Scratch for the medians of one size: measured and predicted totals. */
typedef struct {
    double *m, *p;
    int n;
} totals;

/* The speedup point of one size (rows order[from..to), sorted, cpu first):
 * medians of the totals per backend, over the runs with a prediction.
 * 0 when one backend has none there. */
static int size_point(const mcs_validation *v, const size_t *order, size_t from, size_t to,
                      totals *cpu, totals *gpu, mcs_speedup_point *pt, size_t *cpu_row)
{
    cpu->n = gpu->n = 0;
    for (size_t k = from; k < to; k++) {
        size_t i = order[k];
        totals *t = strcmp(v->rows[i].backend, "cpu") == 0 ? cpu : gpu;
        if (isnan(v->predicted[i][MCS_PHASE_TOTAL]))
            continue;
        if (t == cpu)
            *cpu_row = i;
        t->m[t->n] = v->rows[i].seconds[MCS_PHASE_TOTAL];
        t->p[t->n++] = v->predicted[i][MCS_PHASE_TOTAL];
    }
    if (cpu->n == 0 || gpu->n == 0)
        return 0;
    const mcs_sweep_row *r = &v->rows[order[from]];
    memset(pt, 0, sizeof *pt);
    pt->job = v->row_job[order[from]];
    snprintf(pt->mode, sizeof pt->mode, "%s", r->mode);
    snprintf(pt->precision, sizeof pt->precision, "%s", r->precision);
    pt->steps = r->steps;
    pt->paths = r->paths;
    double unused;
    pt->measured = mcs_median_spread(cpu->m, cpu->n, &pt->cpu_spread) /
                   mcs_median_spread(gpu->m, gpu->n, &pt->gpu_spread);
    pt->predicted = mcs_median_spread(cpu->p, cpu->n, &unused) /
                    mcs_median_spread(gpu->p, gpu->n, &unused);
    pt->repeats = cpu->n < gpu->n ? cpu->n : gpu->n;
    pt->correct = (pt->predicted > 1) == (pt->measured > 1);
    return 1;
}

/* Speedup points, one per size measured on both backends, in series order
 * (cpu_row[k]: a cpu run of point k); the sizes with runs on one backend
 * only are counted. */
static mcs_status add_points(mcs_validation *v, const size_t *order, size_t *cpu_row)
{
    totals cpu = {malloc(v->n_rows * sizeof(double) + 1), malloc(v->n_rows * sizeof(double) + 1), 0};
    totals gpu = {malloc(v->n_rows * sizeof(double) + 1), malloc(v->n_rows * sizeof(double) + 1), 0};
    v->points = malloc((v->n_rows + 1) * sizeof *v->points);
    mcs_status st = cpu.m && cpu.p && gpu.m && gpu.p && v->points ? MCS_OK : MCS_E_NOMEM;
    for (size_t from = 0, to; st == MCS_OK && from < v->n_rows; from = to) {
        for (to = from + 1; to < v->n_rows &&
                            !compare_rows(v, order[from], order[to], SIZE_KEYS);
             to++)
            ;
        mcs_speedup_point pt;
        if (!size_point(v, order, from, to, &cpu, &gpu, &pt, &cpu_row[v->n_points])) {
            v->n_unpaired++;
            continue;
        }
        v->points[v->n_points++] = pt;
        v->decisions++;
        v->correct += pt.correct;
    }
    free(cpu.m);
    free(cpu.p);
    free(gpu.m);
    free(gpu.p);
    return st;
}

/* The workload a series' break-even is predicted for: the sweep's own
 * block size, threads and generator, from cpu run `row` of the series. */
static mcs_workload series_workload(mcs_validation *v, size_t row)
{
    mcs_workload w = mcs_validate_row_workload(v, row);
    w.paths = 1;
    if (w.rng == MCS_RNG_PCG64) /* rng = auto: pcg64 on the cpu, philox on the gpu */
        w.rng = MCS_RNG_AUTO;
    return w;
}

/* The median over points[from..to) of mode `mode` (NULL: any) of
 * cpu_spread + gpu_spread, the speedup's spread at most; e is scratch. */
static double points_spread(const mcs_validation *v, size_t from, size_t to, const char *mode,
                            double *e)
{
    int n = 0;
    for (size_t k = from; k < to; k++)
        if (!mode || strcmp(v->points[k].mode, mode) == 0)
            e[n++] = v->points[k].cpu_spread + v->points[k].gpu_spread;
    double median, p90;
    mcs_quantiles(e, n, &median, &p90);
    return median;
}

/* One series (points[from..to), sorted by paths): its speedup errors and
 * its break-even, predicted and measured (log-log interpolation where the
 * measured speedup crosses 1). */
static void add_series(mcs_validation *v, const size_t *cpu_row, size_t from, size_t to,
                       double *e)
{
    const mcs_speedup_point *sp = &v->points[from];
    size_t m = to - from;
    for (size_t k = 0; k < m; k++)
        e[k] = fabs(log(sp[k].predicted / sp[k].measured));
    mcs_speedup_error *se = &v->speedups[v->n_speedups++];
    memset(se, 0, sizeof *se);
    se->job = sp->job;
    snprintf(se->mode, sizeof se->mode, "%s", sp->mode);
    snprintf(se->precision, sizeof se->precision, "%s", sp->precision);
    se->steps = sp->steps;
    se->n = (int)m;
    mcs_quantiles(e, (int)m, &se->median, &se->p90);
    se->spread = points_spread(v, from, to, NULL, e);

    mcs_break_even_pair *be = &v->break_even[v->n_break_even++];
    memset(be, 0, sizeof *be);
    be->job = se->job;
    memcpy(be->mode, se->mode, sizeof be->mode);
    memcpy(be->precision, se->precision, sizeof be->precision);
    be->steps = se->steps;
    mcs_workload w = series_workload(v, cpu_row[from]);
    be->predicted = mcs_break_even(&v->cpu.cpu, &v->gpu.gpu, &w);
    long last_cpu = -1;
    for (size_t k = 0; k < m; k++)
        if (sp[k].measured <= 1)
            last_cpu = (long)k;
    be->measured = NAN;
    if (last_cpu < 0) {
        be->below = 1;
    } else if ((size_t)last_cpu == m - 1) {
        be->above = 1;
    } else {
        const mcs_speedup_point *a = &sp[last_cpu], *b = &sp[last_cpu + 1];
        double x0 = log((double)a->paths), x1 = log((double)b->paths);
        double y0 = log(a->measured), y1 = log(b->measured);
        be->measured = exp(x0 + (x1 - x0) * (0 - y0) / (y1 - y0));
    }
}

/* Speedup errors per mode ("cold", "warm") and over all points. */
static void add_mode_errors(mcs_validation *v, size_t n_series, double *e)
{
    static const char *modes[] = {"cold", "warm", "all"};
    for (int md = 0; md < 3; md++) {
        int n = 0;
        for (size_t k = 0; k < v->n_points; k++)
            if (md == 2 || strcmp(v->points[k].mode, modes[md]) == 0)
                e[n++] = fabs(log(v->points[k].predicted / v->points[k].measured));
        if (n == 0 || (md < 2 && n_series <= 1))
            continue;
        mcs_speedup_error *se = &v->speedups[v->n_speedups++];
        memset(se, 0, sizeof *se);
        se->job = -1;
        snprintf(se->mode, sizeof se->mode, "%s", modes[md]);
        snprintf(se->precision, sizeof se->precision, "all");
        se->n = n;
        mcs_quantiles(e, n, &se->median, &se->p90);
        se->spread = points_spread(v, 0, v->n_points, md == 2 ? NULL : modes[md], e);
    }
}

/* Speedup points (cpu and gpu measured at the same size), their errors per
 * series, per mode and overall, break-even per series, decisions. */
static mcs_status add_speedups(mcs_validation *v, const size_t *order)
{
    if (!v->gpu.has_gpu)
        return MCS_OK; /* a CPU-only profile: no speedup to judge */
    size_t *cpu_row = malloc((v->n_rows + 1) * sizeof *cpu_row);
    if (!cpu_row)
        return MCS_E_NOMEM;
    mcs_status st = add_points(v, order, cpu_row);
    size_t n_series = 0;
    for (size_t k = 0; st == MCS_OK && k < v->n_points; k++)
        n_series += k == 0 || !same_series(&v->points[k - 1], &v->points[k]);
    double *e = malloc((v->n_points + 1) * sizeof *e);
    v->speedups = malloc((n_series + 3) * sizeof *v->speedups);
    v->break_even = malloc((n_series + 1) * sizeof *v->break_even);
    if (st == MCS_OK && (!e || !v->speedups || !v->break_even))
        st = MCS_E_NOMEM;
    for (size_t from = 0, to; st == MCS_OK && from < v->n_points; from = to) {
        for (to = from + 1; to < v->n_points && same_series(&v->points[from], &v->points[to]);
             to++)
            ;
        add_series(v, cpu_row, from, to, e);
    }
    if (st == MCS_OK)
        add_mode_errors(v, n_series, e);
    free(e);
    free(cpu_row);
    return st;
}

/* Appends "file: note" to v->failures. */
static mcs_status note_failures(mcs_validation *v, const char *file, const char *note)
{
    size_t used = v->failures ? strlen(v->failures) : 0;
    size_t more = strlen(file) + strlen(note) + 5;
    char *all = realloc(v->failures, used + more);
    if (!all)
        return MCS_E_NOMEM;
    snprintf(all + used, more, "%s%s: %s", used ? "; " : "", file, note);
    v->failures = all;
    return MCS_OK;
}

/* The kernel of a sweep file's job, from the resolved config it keeps
 * (not known when this mcsim cannot load it: the fallback costs then). */
static void read_kernel(mcs_file_kernel *k, const char *file, const mcs_sweep_meta *meta)
{
    char why[1024];
    memset(k, 0, sizeof *k);
    if (mcs_job_from_text(meta->config, NULL, 0, &k->job, why, sizeof why) != MCS_OK) {
        snprintf(k->why, sizeof k->why, "%s: its config does not load here: %s", file, why);
        return;
    }
    k->known = 1;
}

/* A hash of what makes a sweep file's job (its model and product): the
 * resolved config's lines but its comments and its [simulation] and [output]
 * sections (the sizes, precision, generator and seed: each run's row has
 * them, or they do not change the cost). FNV-1a, 64 bits. */
static uint64_t job_hash(const char *config)
{
    uint64_t h = 14695981039346656037ull;
    int skip = 0;
    for (const char *line = config; *line;) {
        size_t n = strcspn(line, "\n");
        if (line[0] == '[')
            skip = strncmp(line, "[simulation]", 12) == 0 || strncmp(line, "[output]", 8) == 0;
        if (!skip && n && line[0] != ';' && line[0] != '#')
            for (size_t k = 0; k <= n; k++) /* the line and its end */
                h = (h ^ (unsigned char)(k < n ? line[k] : '\n')) * 1099511628211ull;
        line += n + (line[n] == '\n');
    }
    return h;
}

/* One sweep file's rows, each checked, appended to v's. */
static mcs_status read_file(mcs_validation *v, const char *file, char *err, size_t err_len)
{
    static mcs_sweep_meta meta;
    mcs_sweep_row *rows;
    size_t n;
    mcs_status st = mcs_sweep_read(file, &meta, &rows, &n, err, err_len);
    if (st != MCS_OK)
        return st;
    char why[256];
    for (size_t i = 0; i < n && st == MCS_OK; i++)
        if (!mcs_sweep_check_row(&rows[i], why, sizeof why)) {
            snprintf(err, err_len, "%s: /runs row %zu: %s", file, i, why);
            st = MCS_E_DATA;
        }
    mcs_sweep_row *all = st == MCS_OK ? realloc(v->rows, (v->n_rows + n + 1) * sizeof *all) : NULL;
    if (st == MCS_OK && !all) {
        snprintf(err, err_len, "%s: out of memory for %zu runs", file, v->n_rows + n);
        st = MCS_E_NOMEM;
    }
    if (st == MCS_OK) {
        memcpy(all + v->n_rows, rows, n * sizeof *rows);
        v->rows = all;
        v->file_first_row[v->n_files] = v->n_rows;
        v->n_rows += n;
        if (v->n_files == 0)
            v->meta = meta;
        read_kernel(&v->kernels[v->n_files], file, &meta);
        const int f = v->n_files;
        v->job_hash[f] = job_hash(meta.config);
        for (v->file_job[f] = 0; v->job_hash[v->file_job[f]] != v->job_hash[f];)
            v->file_job[f]++;
        v->n_jobs += v->file_job[f] == f;
        v->files[v->n_files++] = file;
        if (meta.failures[0] && note_failures(v, file, meta.failures) != MCS_OK) {
            snprintf(err, err_len, "out of memory");
            st = MCS_E_NOMEM;
        }
    }
    free(rows);
    return st;
}

mcs_status mcs_validate_read(const char *const *files, int n_files, mcs_validation *v,
                             char *err, size_t err_len)
{
    memset(v, 0, sizeof *v);
    if (n_files < 1 || n_files > 16) {
        snprintf(err, err_len, "1 to 16 sweep files, not %d", n_files);
        return MCS_E_USAGE;
    }
    for (int f = 0; f < n_files; f++) {
        mcs_status st = read_file(v, files[f], err, err_len);
        if (st != MCS_OK)
            return st;
    }
    return MCS_OK;
}

/* Drops what a previous mcs_validate_compute made. */
static void clear_results(mcs_validation *v)
{
    free(v->predicted);
    free(v->points);
    free(v->speedups);
    free(v->break_even);
    free(v->row_job);
    v->row_job = NULL;
    v->predicted = NULL;
    v->points = NULL;
    v->speedups = NULL;
    v->break_even = NULL;
    v->n_phases = v->n_blind = 0;
    v->n_points = v->n_speedups = v->n_break_even = v->n_unpredicted = v->n_unpaired = 0;
    v->n_sizes = v->n_thin = 0;
    v->fewest_repeats = 0;
    v->correct = v->decisions = 0;
    v->unpredicted_why[0] = '\0';
    for (int f = 0; f < 16; f++)
        v->kernels[f].predicted[0] = v->kernels[f].predicted[1] = 0;
}

mcs_status mcs_validate_compute(mcs_validation *v, const mcs_profile *cpu,
                                const mcs_profile *gpu, char *err, size_t err_len)
{
    clear_results(v);
    v->cpu = *cpu;
    v->gpu = *gpu;
    v->predicted = calloc(v->n_rows + 1, sizeof *v->predicted);
    v->row_job = malloc((v->n_rows + 1) * sizeof *v->row_job);
    if (!v->predicted || !v->row_job) {
        snprintf(err, err_len, "out of memory for the predictions of %zu runs", v->n_rows);
        return MCS_E_NOMEM;
    }
    for (int f = 0; f < v->n_files; f++) /* (the sort's key, looked up once) */
        for (size_t i = v->file_first_row[f];
             i < (f + 1 < v->n_files ? v->file_first_row[f + 1] : v->n_rows); i++)
            v->row_job[i] = v->file_job[f];
    char why[160];
    for (size_t i = 0; i < v->n_rows; i++)
        if (!predict_row(v, i, v->predicted[i], why, sizeof why) &&
            v->n_unpredicted++ == 0)
            snprintf(v->unpredicted_why, sizeof v->unpredicted_why, "%s", why);
    size_t *order = malloc((v->n_rows + 1) * sizeof *order);
    mcs_status st = order ? MCS_OK : MCS_E_NOMEM;
    for (size_t i = 0; order && i < v->n_rows; i++)
        order[i] = i;
    sort_v = v;
    if (order)
        qsort(order, v->n_rows, sizeof *order, cmp_row);
    if (st == MCS_OK) {
        add_phase_errors(v, order);
        st = add_speedups(v, order);
    }
    free(order);
    if (st != MCS_OK)
        snprintf(err, err_len, "out of memory for the speedups of %zu runs", v->n_rows);
    return st;
}

mcs_status mcs_validate(const char *const *files, int n_files, const mcs_profile *cpu,
                        const mcs_profile *gpu, mcs_validation *v, char *err, size_t err_len)
{
    mcs_status st = mcs_validate_read(files, n_files, v, err, err_len);
    if (st == MCS_OK)
        st = mcs_validate_compute(v, cpu, gpu, err, err_len);
    return st;
}

void mcs_validation_free(mcs_validation *v)
{
    clear_results(v);
    free(v->rows);
    free(v->failures);
    v->rows = NULL;
    v->failures = NULL;
    v->n_rows = 0;
}

void mcs_cmd_validate_help(FILE *f)
{
    fputs("usage: mcsim validate SWEEP.h5 [SWEEP.h5 ...] [--report REPORT.html]\n"
          "                      [--profile P] [--cpu NAME] [--gpu NAME]\n"
          "                      [--format text|json] [-q]\n"
          "\n"
          "Compares the estimator's predictions (from the profiles: by default the local\n"
          "one) with the runs measured by `mcsim sweep`: for every backend, mode and phase\n"
          "(and \"other\", the time outside every phase) the median and 90th percentile\n"
          "of |ln(predicted/measured)|, and below them the phases measured that the model\n"
          "gives no time; the same for the speedup T_cpu/T_gpu; the break-even path count\n"
          "N*, predicted and measured; and the share of sizes where the predicted faster\n"
          "backend is the measured one.\n"
          "With a CPU-only profile (no [gpu] section) and no --gpu, only the CPU's\n"
          "predictions are judged. The profiles' calibration figures are checked against\n"
          "the plausibility bounds (docs/estimator.md) first.\n"
          "\n"
          "options (valid values):\n"
          "  SWEEP.h5            1 to 16 sweep files written by `mcsim sweep` (read first:\n"
          "                      a missing one exits 66 before any profile is looked at);\n"
          "                      the runs of one job (model and product) pool, whatever\n"
          "                      file holds them; several jobs are judged apart\n"
          "  --report FILE       also write everything, with charts and the calculator, as\n"
          "                      one self-contained HTML file (a regular file, written\n"
          "                      whole or not at all) of one job's sweep files\n"
          "  --profile P         the profile for both sides, --cpu NAME / --gpu NAME for one\n"
          "                      side: a path (with '/' or ending in .ini), NAME.ini in the\n"
          "                      profile folder or ./profiles/, or a catalogue name\n"
          "                      (mcsim estimate --list-profiles); default: the local\n"
          "                      profile ($MCSIM_PROFILE, else $XDG_CONFIG_HOME/mcsim/local.ini,\n"
          "                      else ~/.config/mcsim/local.ini)\n"
          "  -f, --format text|json  the tables (default), or one JSON object with the\n"
          "                      same figures (docs/estimator.md, \"validate --format json\")\n"
          "  -q, --quiet         no notes on stderr (errors still)\n"
          "  -h, --help          this text\n"
          "\n"
          "exit codes: 0 ok, 64 usage (the report is one of the sweep files or profile\n"
          "files), 65 not a sweep file or a run in it out of range (named by row and\n"
          "column), 66 a sweep file or profile missing or not a regular file, 74 the\n"
          "report cannot be written (checked first: a folder, device, pipe or link is\n"
          "never replaced), 78 a profile is wrong, 130 interrupted (no report written).\n", f);
}

static double pct(double log_error)
{
    return 100 * (exp(log_error) - 1);
}

/* The plausibility of a profile's calibration: its `warning` and the figures
 * outside the bounds, one line each into lines; returns how many. */
static int profile_check_lines(const mcs_profile *p, const char *side, char lines[2][1024])
{
    char problems[512];
    int n = 0;
    if (p->warning[0])
        snprintf(lines[n++], sizeof lines[0], "%s profile '%s' (%s): calibrate wrote: %s", side,
                 p->name, p->origin, p->warning);
    if (mcs_profile_problems(p, problems, sizeof problems) > 0 &&
        strcmp(problems, p->warning) != 0)
        snprintf(lines[n++], sizeof lines[0],
                 "%s profile '%s' (%s): outside the plausibility bounds: %s", side, p->name,
                 p->origin, problems);
    return n;
}

/* The same as lines of the text report. Returns how many. */
static int profile_checks(FILE *out, const mcs_profile *p, const char *side)
{
    char lines[2][1024];
    int n = profile_check_lines(p, side, lines);
    for (int i = 0; i < n; i++)
        fprintf(out, "  warning: %s\n", lines[i]);
    return n;
}

/* Per sweep file, the kernel costs its predictions took (docs/estimator.md,
 * "The kernel's costs"). */
static void print_kernels(FILE *out, const mcs_validation *v)
{
    fprintf(out, "\nkernel costs\n");
    for (int f = 0; f < v->n_files; f++) {
        const mcs_file_kernel *k = &v->kernels[f];
        fprintf(out, "  %s:", v->files[f]);
        if (!k->known)
            fprintf(out, " the job is not known (%s): the fallback costs", k->why);
        for (int b = 0; b < 2 && k->known; b++)
            if (k->predicted[b])
                fprintf(out, " %s %s %s;", sides[b], k->kernel[b][0] ? k->kernel[b] : "(no kernel)",
                       k->source[b] == MCS_COST_KERNEL ? "measured" : "not measured: the fallback");
        fprintf(out, "\n");
    }
}

/* The per-phase table. */
static void print_phases(FILE *out, const mcs_validation *v)
{
    fprintf(out, "\nper phase, per size: bias |ln(predicted / median of the repeats)| (as %% error:\n"
           "e^x - 1), median and p90 over the sizes; noise: the repeats' spread (max - min) /\n"
           "median, median over the sizes; sign: the median signed error (+: predicted\n"
           "slower than measured), a bias common to the sizes\n");
    fprintf(out, "  %-4s %-5s %-13s %5s %10s %10s %8s %8s %5s %6s\n", "", "mode", "phase", "sizes",
           "bias", "p90", "sign", "noise", "runs", "share");
    for (int i = 0; i < v->n_phases; i++) {
        const mcs_phase_error *e = &v->phases[i];
        double sign = e->direction < 0 ? -pct(-e->direction) : pct(e->direction);
        fprintf(out, "  %-4s %-5s %-13s %5d %9.1f%% %9.1f%% %+7.1f%% %7.1f%% %5d %5.1f%%\n",
               e->backend, e->mode, e->phase, e->n, pct(e->median), pct(e->p90), sign,
               100 * e->spread, e->runs, 100 * e->share);
    }
    if (!v->n_phases)
        fprintf(out, "  none: no run of the sweep has a prediction\n");
    for (int i = 0; i < v->n_blind; i++) {
        const mcs_phase_error *e = &v->blind[i];
        fprintf(out, "%s  %-4s %-5s %-13s %5d %9s %10s %8s %7.1f%% %5d %5.1f%%\n",
                i ? "" : "  measured, not predicted (the model gives these phases no time):\n",
                e->backend, e->mode, e->phase, e->n, "-", "-", "-", 100 * e->spread, e->runs,
                100 * e->share);
    }
    if (v->n_thin)
        fprintf(out, "  note: %zu of %zu sizes have fewer than %d repeats (the fewest %d): their medians "
               "are noisy; sweep with --repeat %d\n", v->n_thin, v->n_sizes, MCS_VALIDATE_REPEATS,
               v->fewest_repeats, MCS_VALIDATE_REPEATS);
}

/* Where the sweep files hold several jobs, a line naming the job's first
 * file before its first series, or "all N jobs" before the modes' rows
 * (job -1); *last: the job of the line before (NO_JOB_YET at first). */
enum { NO_JOB_YET = -2 };
static void job_heading(FILE *out, const mcs_validation *v, int job, int *last)
{
    if (v->n_jobs > 1 && job != *last && job >= 0)
        fprintf(out, "  %s:\n", v->files[job]);
    else if (v->n_jobs > 1 && job != *last)
        fprintf(out, "  all %d jobs:\n", v->n_jobs);
    *last = job;
}

/* Speedup per series and size, break-even, decisions. */
static void print_speedups(FILE *out, const mcs_validation *v)
{
    int last = NO_JOB_YET;
    fprintf(out, "\nspeedup T_cpu/T_gpu (targets: median <= %g%%, p90 <= %g%%)\n",
            100 * MCS_TARGET_SPEEDUP_MEDIAN, 100 * MCS_TARGET_SPEEDUP_P90);
    for (size_t i = 0; i < v->n_speedups; i++) {
        const mcs_speedup_error *s = &v->speedups[i];
        job_heading(out, v, s->job, &last);
        char steps[32] = "";
        if (s->steps)
            snprintf(steps, sizeof steps, ", %u step%s", s->steps, s->steps == 1 ? "" : "s");
        fprintf(out, "  %-5s %-7s%-10s n %3d  median %6.1f%%  p90 %6.1f%%  noise %5.1f%%\n", s->mode,
               s->precision, steps, s->n, pct(s->median), pct(s->p90), 100 * s->spread);
    }
    fprintf(out, "  (bias: the medians of the repeats against the prediction; noise: the median\n"
           "  of the CPU's plus the GPU's spread (max - min) / median of the totals' repeats)\n");
    fprintf(out, "\n  %-5s %-7s %12s %12s %12s %7s %13s  %s\n", "mode", "prec", "paths", "measured",
           "predicted", "error", "spread c/g", "faster: measured/predicted");
    last = NO_JOB_YET;
    for (size_t i = 0; i < v->n_points; i++) {
        const mcs_speedup_point *p = &v->points[i];
        job_heading(out, v, p->job, &last);
        fprintf(out, "  %-5s %-7s %12.3g %12.4g %12.4g %6.1f%% %5.1f%%/%5.1f%%  %s/%s%s\n", p->mode,
               p->precision, (double)p->paths, p->measured, p->predicted,
               pct(fabs(log(p->predicted / p->measured))), 100 * p->cpu_spread,
               100 * p->gpu_spread, p->measured > 1 ? "gpu" : "cpu",
               p->predicted > 1 ? "gpu" : "cpu", p->correct ? "" : "  WRONG");
    }
    fprintf(out, "\nbreak-even N* (target: within %gx)\n", MCS_TARGET_BREAK_EVEN_RATIO);
    last = NO_JOB_YET;
    for (size_t i = 0; i < v->n_break_even; i++) {
        const mcs_break_even_pair *b = &v->break_even[i];
        job_heading(out, v, b->job, &last);
        /* mcs_break_even: 1, the GPU predicted faster from one path; 0, never */
        if (b->predicted == 1 || b->predicted == 0)
            fprintf(out, "  %-5s %-7s predicted %s, measured ", b->mode, b->precision,
                    b->predicted ? "the GPU faster at every path count"
                                 : "the CPU faster at every path count");
        else
            fprintf(out, "  %-5s %-7s predicted %10.4g  measured ", b->mode, b->precision,
                    b->predicted);
        if (b->below)
            fprintf(out, "below the smallest size (the GPU won at every size)\n");
        else if (b->above)
            fprintf(out, "above the largest size (the CPU won at every size)\n");
        else if (b->predicted == 0) /* no finite ratio */
            fprintf(out, "%10.4g  ratio -\n", b->measured);
        else /* (from one path: one over the measured N*, at most) */
            fprintf(out, "%10.4g  ratio %.3g\n", b->measured, b->predicted / b->measured);
    }
    fprintf(out, "\nbackend decisions: %d of %d correct (%.1f%%; target >= %g%%)\n", v->correct,
           v->decisions, 100.0 * v->correct / v->decisions, 100 * MCS_TARGET_RIGHT_BACKEND);
}

/* What the comparisons above left out, and why: nothing is dropped silently. */
static void print_left_out(FILE *out, const mcs_validation *v)
{
    if (!v->n_unpredicted && !v->n_unpaired)
        return;
    fprintf(out, "\nleft out\n");
    if (v->n_unpredicted)
        fprintf(out, "  %zu of %zu runs: no prediction (%s%s)\n", v->n_unpredicted, v->n_rows,
               v->unpredicted_why, v->n_unpredicted > 1 ? ", and the like" : "");
    if (v->n_unpaired)
        fprintf(out, "  %zu size%s: runs with a prediction on one backend only, so no speedup\n",
               v->n_unpaired, v->n_unpaired == 1 ? "" : "s");
}

/* Why no speedup, break-even or decision was judged (v->decisions = 0). */
static const char *not_judged(const mcs_validation *v, const mcs_profile *gp)
{
    size_t n_gpu_rows = 0;
    for (size_t i = 0; i < v->n_rows; i++)
        n_gpu_rows += strcmp(v->rows[i].backend, "gpu") == 0;
    return !gp->has_gpu               ? "the profile has no GPU: name one with --gpu to compare"
           : n_gpu_rows == 0          ? "the sweep has no GPU runs"
           : n_gpu_rows == v->n_rows  ? "the sweep has no CPU runs"
                                      : "no size has both CPU and GPU runs with predictions";
}

/* Everything but the report, as text. */
static void print_validation(FILE *out, const mcs_validation *v, const mcs_profile *cp,
                             const mcs_profile *gp, int n_files)
{
    fprintf(out, "mcsim validate: %zu runs from %d file%s; profiles cpu = %s, gpu = %s\n", v->n_rows,
           n_files, n_files == 1 ? "" : "s", cp->name,
           gp->has_gpu ? gp->name : "none (CPU-only profile: CPU predictions only)");
    fprintf(out, "\nprofile checks (plausibility bounds: efficiency <= %.2f, repeat spread <= %.0f%%, "
           "fits within %.0f%%)\n", MCS_PLAUSIBLE_EFFICIENCY_MAX, 100 * MCS_PLAUSIBLE_SPREAD_MAX,
           100 * MCS_PLAUSIBLE_FIT_MAX);
    int warned = profile_checks(out, cp, "cpu");
    if (gp->has_gpu && strcmp(gp->origin, cp->origin) != 0)
        warned += profile_checks(out, gp, "gpu");
    if (warned)
        fprintf(out, "  the errors below may come from these figures rather than the model: "
               "calibrate again on a quiet machine\n");
    else
        fprintf(out, "  none outside the bounds\n");
    print_kernels(out, v);
    print_phases(out, v);
    if (v->decisions == 0)
        fprintf(out, "\nspeedup, break-even and backend decisions: not judged (%s)\n",
                not_judged(v, gp));
    else
        print_speedups(out, v);
    print_left_out(out, v);
}

/* The same as JSON strings of an array, `n` written before (for commas). */
static int json_profile_checks(FILE *out, const mcs_profile *p, const char *side, int n)
{
    char lines[2][1024];
    int k = profile_check_lines(p, side, lines);
    for (int i = 0; i < k; i++) {
        fputs(n++ ? ", " : "", out);
        mcs_json_string(out, lines[i]);
    }
    return n;
}

/* The same as print_validation, as one JSON object (docs/estimator.md,
 * "validate --format json"): percentages as the text shows them. */
static void json_validation(FILE *out, const mcs_validation *v, const mcs_profile *cp,
                            const mcs_profile *gp, int n_files, const char *report)
{
    fprintf(out, "{\"mode\": \"validate\", \"runs\": %zu, \"files\": [", v->n_rows);
    for (int f = 0; f < n_files; f++) {
        fputs(f ? ", " : "", out);
        mcs_json_string(out, v->files[f]);
    }
    fputs("], \"cpu_profile\": ", out);
    mcs_json_string(out, cp->name);
    mcs_json_key_string(out, "gpu_profile", gp->has_gpu ? gp->name : NULL);
    fputs(", \"profile_warnings\": [", out);
    int warned = json_profile_checks(out, cp, "cpu", 0);
    if (gp->has_gpu && strcmp(gp->origin, cp->origin) != 0)
        json_profile_checks(out, gp, "gpu", warned);
    fputs("], \"kernels\": [", out);
    for (int f = 0; f < v->n_files; f++) {
        const mcs_file_kernel *k = &v->kernels[f];
        fprintf(out, "%s{\"file\": ", f ? ", " : "");
        mcs_json_string(out, v->files[f]);
        fprintf(out, ", \"known\": %s", k->known ? "true" : "false");
        mcs_json_key_string(out, "why", k->known ? NULL : k->why);
        for (int b = 0; b < 2; b++) {
            fprintf(out, ", \"%s\": ", sides[b]);
            if (!k->known || !k->predicted[b]) {
                fputs("null", out);
                continue;
            }
            fputs("{\"kernel\": ", out);
            mcs_json_string_or_null(out, k->kernel[b][0] ? k->kernel[b] : NULL);
            fprintf(out, ", \"costs\": \"%s\"}",
                    k->source[b] == MCS_COST_KERNEL ? "measured" : "fallback");
        }
        fputc('}', out);
    }
    fputs("], \"phases\": [", out);
    for (int i = 0; i < v->n_phases; i++) {
        const mcs_phase_error *e = &v->phases[i];
        fprintf(out, "%s{\"backend\": \"%s\", \"mode\": \"%s\", \"phase\": \"%s\", \"sizes\": %d, "
                "\"runs\": %d, \"fewest_repeats\": %d", i ? ", " : "", e->backend, e->mode,
                e->phase, e->n, e->runs, e->min_repeats);
        mcs_json_key_number(out, "bias_percent", pct(e->median));
        mcs_json_key_number(out, "p90_percent", pct(e->p90));
        mcs_json_key_number(out, "noise_percent", 100 * e->spread);
        mcs_json_key_number(out, "share_percent", 100 * e->share);
        mcs_json_key_number(out, "sign_percent",
                            e->direction < 0 ? -pct(-e->direction) : pct(e->direction));
        fputc('}', out);
    }
    fputs("], \"blind_phases\": [", out);
    for (int i = 0; i < v->n_blind; i++) {
        const mcs_phase_error *e = &v->blind[i];
        fprintf(out, "%s{\"backend\": \"%s\", \"mode\": \"%s\", \"phase\": \"%s\", \"sizes\": %d, "
                "\"runs\": %d", i ? ", " : "", e->backend, e->mode, e->phase, e->n, e->runs);
        mcs_json_key_number(out, "noise_percent", 100 * e->spread);
        mcs_json_key_number(out, "share_percent", 100 * e->share);
        fputc('}', out);
    }
    fprintf(out, "], \"sizes\": %zu, \"thin_sizes\": %zu, \"speedups\": [", v->n_sizes,
            v->n_thin);
    for (size_t i = 0; i < v->n_speedups; i++) {
        const mcs_speedup_error *e = &v->speedups[i];
        fprintf(out, "%s{\"file\": ", i ? ", " : "");
        mcs_json_string_or_null(out, e->job >= 0 ? v->files[e->job] : NULL);
        fprintf(out, ", \"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"n\": %d",
                e->mode, e->precision, e->steps, e->n);
        mcs_json_key_number(out, "median_percent", pct(e->median));
        mcs_json_key_number(out, "p90_percent", pct(e->p90));
        mcs_json_key_number(out, "noise_percent", 100 * e->spread);
        fputc('}', out);
    }
    fputs("], \"points\": [", out);
    for (size_t i = 0; i < v->n_points; i++) {
        const mcs_speedup_point *p = &v->points[i];
        fprintf(out, "%s{\"file\": ", i ? ", " : "");
        mcs_json_string(out, v->files[p->job]);
        fprintf(out, ", \"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"paths\": %llu, "
                "\"measured\": ", p->mode, p->precision, p->steps, (unsigned long long)p->paths);
        mcs_json_number(out, p->measured);
        mcs_json_key_number(out, "predicted", p->predicted);
        fprintf(out, ", \"correct\": %s, \"repeats\": %d", p->correct ? "true" : "false",
                p->repeats);
        mcs_json_key_number(out, "cpu_spread_percent", 100 * p->cpu_spread);
        mcs_json_key_number(out, "gpu_spread_percent", 100 * p->gpu_spread);
        fputc('}', out);
    }
    fputs("], \"break_even\": [", out);
    for (size_t i = 0; i < v->n_break_even; i++) {
        const mcs_break_even_pair *b = &v->break_even[i];
        fprintf(out, "%s{\"file\": ", i ? ", " : "");
        mcs_json_string(out, v->files[b->job]);
        fprintf(out, ", \"mode\": \"%s\", \"precision\": \"%s\", \"steps\": %u, \"predicted\": ",
                b->mode, b->precision, b->steps);
        mcs_json_number(out, b->predicted);
        mcs_json_key_number(out, "measured", b->below || b->above ? NAN : b->measured);
        fprintf(out, ", \"gpu_faster_at_every_size\": %s, \"cpu_faster_at_every_size\": %s}",
                b->below ? "true" : "false", b->above ? "true" : "false");
    }
    fputs("], \"decisions\": ", out);
    if (v->decisions)
        fprintf(out, "{\"correct\": %d, \"total\": %d}", v->correct, v->decisions);
    else
        fputs("null", out);
    mcs_json_key_string(out, "not_judged", v->decisions ? NULL : not_judged(v, gp));
    fprintf(out, ", \"unpredicted_runs\": %zu", v->n_unpredicted);
    mcs_json_key_string(out, "unpredicted_why", v->n_unpredicted ? v->unpredicted_why : NULL);
    fprintf(out, ", \"unpaired_sizes\": %zu", v->n_unpaired);
    mcs_json_key_string(out, "sweep_stopped_early", v->failures);
    mcs_json_key_string(out, "report", report);
    fputs("}\n", out);
}

/* Before any work: the sweep files readable regular files (a missing one
 * is the error, whatever the profiles), the report's path writable by the
 * output-path rule, none of the inputs (sweep files, profile files), and
 * locked against a second run writing it. */
static mcs_status check_inputs(const char *const *files, int n_files, const char *report,
                               const char *const *profiles, char *err, size_t len)
{
    mcs_status st = MCS_OK;
    for (int i = 0; i < n_files && st == MCS_OK; i++)
        if ((st = mcs_input_check("sweep file", files[i], err, len)) == MCS_OK && report)
            st = mcs_output_not_input("report", report, "sweep file", files[i], err, len);
    for (int i = 0; i < 3 && report && st == MCS_OK; i++)
        if (profiles[i] && access(profiles[i], F_OK) == 0) /* a file, not a catalogue name */
            st = mcs_output_not_input("report", report, "profile", profiles[i], err, len);
    if (report && st == MCS_OK && (st = mcs_output_check("report", report, 0, NULL, err, len)) == MCS_OK)
        st = mcs_output_lock("report", report, err, len);
    return st;
}

mcs_status mcs_validate_command(int argc, char **argv, int command, FILE *out, FILE *notes,
                                char *err, size_t err_len)
{
    static const struct option opts[] = {
        {"report", required_argument, NULL, 'r'}, {"profile", required_argument, NULL, 'p'},
        {"cpu", required_argument, NULL, 'c'},    {"gpu", required_argument, NULL, 'g'},
        {"format", required_argument, NULL, 'f'}, {"help", no_argument, NULL, 'h'},
        {"quiet", no_argument, NULL, 'q'},        {NULL, 0, NULL, 0},
    };
    const char *report = NULL, *profile = NULL, *cpu = NULL, *gpu = NULL;
    int quiet = 0, json = 0;
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":r:f:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'r': report = optarg; break;
        case 'p': profile = optarg; break;
        case 'c': cpu = optarg; break;
        case 'g': gpu = optarg; break;
        case 'q': quiet = 1; break;
        case 'f':
            if (strcmp(optarg, "text") != 0 && strcmp(optarg, "json") != 0) {
                snprintf(err, err_len, "--format %s: must be text or json", optarg);
                return MCS_E_USAGE;
            }
            json = strcmp(optarg, "json") == 0;
            break;
        case 'h': mcs_cmd_validate_help(out); return MCS_OK;
        default:
            snprintf(err, err_len, "%s '%s'",
                     c == ':' ? "a value is missing after" : "unknown option", argv[optind - 1]);
            return MCS_E_USAGE;
        }
    }
    int n_files = argc - optind;
    if (n_files < 1 || n_files > 16) {
        snprintf(err, err_len, "name 1 to 16 sweep files");
        return MCS_E_USAGE;
    }
    mcs_validation *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, err_len, "out of memory");
        return MCS_E_NOMEM;
    }
    const char *const *files = (const char *const *)argv + optind;
    mcs_profile cp, gp;
    const char *const profiles[3] = {profile, cpu, gpu};
    if (command)
        mcs_stop_on_signals(); /* SIGINT, SIGTERM: no report written; no SIGXFSZ kill */
    mcs_status st = check_inputs(files, n_files, report, profiles, err, err_len);
    if (st == MCS_OK)
        st = mcs_validate_read(files, n_files, v, err, err_len);
    if (st == MCS_OK && report && v->n_jobs > 1) { /* the page draws one job's series */
        int other = 0;
        while (v->file_job[other] == 0)
            other++;
        snprintf(err, err_len, "--report takes the sweep files of one job: %s and %s sweep "
                 "different models or products (a report per job)", files[0], files[other]);
        st = MCS_E_USAGE;
    }
    if (st == MCS_OK)
        st = mcs_profiles_choose(profile, cpu, gpu, &cp, &gp, err, err_len);
    if (st == MCS_OK)
        st = mcs_validate_compute(v, &cp, &gp, err, err_len);
    if (st == MCS_OK && v->failures && !quiet && notes)
        fprintf(notes, "mcsim validate: note: the sweep stopped early: %s\n", v->failures);
    if (st == MCS_OK && mcs_stop_flag) {
        snprintf(err, err_len, "interrupted%s", report ? "; no report written" : "");
        st = MCS_E_INTERRUPTED;
    }
    if (st == MCS_OK && report)
        st = mcs_report_html(report, v, err, err_len);
    if (st == MCS_OK && json)
        json_validation(out, v, &cp, &gp, n_files, report);
    else if (st == MCS_OK) {
        print_validation(out, v, &cp, &gp, n_files);
        if (report)
            fprintf(out, "report: %s\n", report);
    }
    if (report)
        mcs_output_unlock(report);
    mcs_validation_free(v);
    free(v);
    return st;
}

int mcs_cmd_validate(int argc, char **argv)
{
    char err[1024] = "";
    mcs_status st = mcs_validate_command(argc, argv, 1, stdout, stderr, err, sizeof err);
    return mcs_cmd_exit("validate", st, err);
}
