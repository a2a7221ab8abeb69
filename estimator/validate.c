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
#include "model.h"

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

static int find_id(const mcs_named *table, const char *name)
{
    const mcs_named *e = mcs_named_find(table, name);
    return e ? e->id : -1;
}

static void predict_row(const mcs_validation *v, const mcs_sweep_row *r, double *out)
{
    mcs_workload w = {r->paths, r->steps, r->block_size,
                      (mcs_precision)find_id(mcs_precisions, r->precision),
                      (mcs_rng_id)find_id(mcs_rngs, r->rng), r->threads,
                      strcmp(r->mode, "cold") == 0};
    mcs_prediction p;
    if (strcmp(r->backend, "gpu") == 0 && !v->gpu.has_gpu)
        p.available = 0; /* a CPU-only profile predicts no GPU run */
    else if (strcmp(r->backend, "gpu") == 0)
        mcs_predict_gpu(&v->gpu.gpu, &v->cpu.cpu, &w, &p);
    else
        mcs_predict_cpu(&v->cpu.cpu, &w, &p);
    for (int i = 0; i < MCS_PHASE_COUNT; i++)
        out[i] = p.available ? p.seconds[i] : NAN;
}

/* Median measured and predicted total of the runs matching a series point. */
static int series_total(const mcs_validation *v, const char *backend, const mcs_speedup_point *pt,
                        double *measured, double *predicted)
{
    double m[256], p[256];
    int n = 0;
    for (size_t i = 0; i < v->n_rows && n < 256; i++) {
        const mcs_sweep_row *r = &v->rows[i];
        if (strcmp(r->backend, backend) || strcmp(r->mode, pt->mode) ||
            strcmp(r->precision, pt->precision) || r->steps != pt->steps || r->paths != pt->paths)
            continue;
        m[n] = r->seconds[MCS_PHASE_TOTAL];
        p[n++] = v->predicted[i][MCS_PHASE_TOTAL];
    }
    if (n == 0)
        return 0;
    double p90;
    mcs_quantiles(m, n, measured, &p90);
    mcs_quantiles(p, n, predicted, &p90);
    return 1;
}

static void add_phase_errors(mcs_validation *v)
{
    static const char *backends[] = {"cpu", "gpu"}, *modes[] = {"cold", "warm"};
    double *e = malloc((v->n_rows + 1) * sizeof *e);
    for (int b = 0; b < 2; b++)
        for (int m = 0; m < 2; m++)
            for (int p = 0; p < MCS_PHASE_COUNT && e; p++) {
                int n = 0;
                for (size_t i = 0; i < v->n_rows; i++) {
                    const mcs_sweep_row *r = &v->rows[i];
                    double meas = r->seconds[p], pred = v->predicted[i][p];
                    if (strcmp(r->backend, backends[b]) || strcmp(r->mode, modes[m]) ||
                        !(meas > 0) || !(pred > 0))
                        continue;
                    e[n++] = fabs(log(pred / meas));
                }
                if (n == 0 || v->n_phases == MCS_VALIDATE_MAX)
                    continue;
                mcs_phase_error *pe = &v->phases[v->n_phases++];
                snprintf(pe->backend, sizeof pe->backend, "%s", backends[b]);
                snprintf(pe->mode, sizeof pe->mode, "%s", modes[m]);
                snprintf(pe->phase, sizeof pe->phase, "%s", mcs_phase_name((mcs_phase)p));
                pe->n = n;
                mcs_quantiles(e, n, &pe->median, &pe->p90);
            }
    free(e);
}

static int same_series(const mcs_speedup_point *a, const mcs_speedup_point *b)
{
    return strcmp(a->mode, b->mode) == 0 && strcmp(a->precision, b->precision) == 0 &&
           a->steps == b->steps;
}

/* Speedup points (cpu and gpu measured at the same size), their errors per
 * series and overall, break-even per series, decisions. */
static void add_speedups(mcs_validation *v)
{
    if (!v->gpu.has_gpu)
        return; /* a CPU-only profile: no speedup to judge */
    for (size_t i = 0; i < v->n_rows; i++) {
        const mcs_sweep_row *r = &v->rows[i];
        if (strcmp(r->backend, "gpu") != 0)
            continue;
        mcs_speedup_point pt;
        memset(&pt, 0, sizeof pt);
        snprintf(pt.mode, sizeof pt.mode, "%s", r->mode);
        snprintf(pt.precision, sizeof pt.precision, "%s", r->precision);
        pt.steps = r->steps;
        pt.paths = r->paths;
        int seen = 0;
        for (int k = 0; k < v->n_points; k++)
            seen |= same_series(&v->points[k], &pt) && v->points[k].paths == pt.paths;
        if (seen || v->n_points == MCS_VALIDATE_MAX)
            continue;
        double mc, pc, mg, pg;
        if (!series_total(v, "cpu", &pt, &mc, &pc) || !series_total(v, "gpu", &pt, &mg, &pg))
            continue;
        pt.measured = mc / mg;
        pt.predicted = pc / pg;
        pt.correct = (pt.predicted > 1) == (pt.measured > 1);
        v->points[v->n_points++] = pt;
        v->decisions++;
        v->correct += pt.correct;
    }
    /* errors per series, then per mode, then all */
    double e[MCS_VALIDATE_MAX];
    for (int s = 0; s < v->n_points; s++) {
        int first = 1;
        for (int k = 0; k < s; k++)
            first &= !same_series(&v->points[k], &v->points[s]);
        if (!first)
            continue;
        int n = 0;
        for (int k = 0; k < v->n_points; k++)
            if (same_series(&v->points[k], &v->points[s]))
                e[n++] = fabs(log(v->points[k].predicted / v->points[k].measured));
        mcs_speedup_error *se = &v->speedups[v->n_speedups++];
        snprintf(se->mode, sizeof se->mode, "%s", v->points[s].mode);
        snprintf(se->precision, sizeof se->precision, "%s", v->points[s].precision);
        se->steps = v->points[s].steps;
        se->n = n;
        mcs_quantiles(e, n, &se->median, &se->p90);

        /* break-even of this series */
        mcs_break_even_pair *be = &v->break_even[v->n_break_even++];
        memset(be, 0, sizeof *be);
        memcpy(be->mode, se->mode, sizeof be->mode);
        memcpy(be->precision, se->precision, sizeof be->precision);
        be->steps = se->steps;
        mcs_workload w = {1, se->steps, 65536, (mcs_precision)find_id(mcs_precisions, se->precision),
                          MCS_RNG_AUTO, 0, strcmp(se->mode, "cold") == 0};
        for (size_t i = 0; i < v->n_rows; i++) /* the sweep's own rng, block size, threads */
            if (strcmp(v->rows[i].precision, se->precision) == 0 && v->rows[i].steps == se->steps &&
                strcmp(v->rows[i].backend, "cpu") == 0) {
                w.block_size = v->rows[i].block_size;
                w.threads = v->rows[i].threads;
                w.rng = (mcs_rng_id)find_id(mcs_rngs, v->rows[i].rng);
                if (w.rng == MCS_RNG_PCG64) /* rng = auto: pcg64 on the cpu, philox on the gpu */
                    w.rng = MCS_RNG_AUTO;
            }
        be->predicted = mcs_break_even(&v->cpu.cpu, &v->gpu.gpu, &w);
        /* measured: the points of this series by size */
        mcs_speedup_point *sp[MCS_VALIDATE_MAX];
        int m = 0;
        for (int k = 0; k < v->n_points; k++)
            if (same_series(&v->points[k], &v->points[s]))
                sp[m++] = &v->points[k];
        for (int a = 1; a < m; a++) /* insertion sort by paths */
            for (int b = a; b > 0 && sp[b]->paths < sp[b - 1]->paths; b--) {
                mcs_speedup_point *t = sp[b];
                sp[b] = sp[b - 1];
                sp[b - 1] = t;
            }
        int last_cpu = -1;
        for (int k = 0; k < m; k++)
            if (sp[k]->measured <= 1)
                last_cpu = k;
        be->measured = NAN;
        if (last_cpu < 0)
            be->below = 1;
        else if (last_cpu == m - 1)
            be->above = 1;
        else {
            double x0 = log((double)sp[last_cpu]->paths), x1 = log((double)sp[last_cpu + 1]->paths);
            double y0 = log(sp[last_cpu]->measured), y1 = log(sp[last_cpu + 1]->measured);
            be->measured = exp(x0 + (x1 - x0) * (0 - y0) / (y1 - y0));
        }
    }
    int n_all = v->n_speedups;
    static const char *modes[] = {"cold", "warm", "all"};
    for (int md = 0; md < 3; md++) {
        int n = 0;
        for (int k = 0; k < v->n_points; k++)
            if (md == 2 || strcmp(v->points[k].mode, modes[md]) == 0)
                e[n++] = fabs(log(v->points[k].predicted / v->points[k].measured));
        if (n == 0 || (md < 2 && n_all <= 1))
            continue;
        mcs_speedup_error *se = &v->speedups[v->n_speedups++];
        memset(se, 0, sizeof *se);
        snprintf(se->mode, sizeof se->mode, "%s", modes[md]);
        snprintf(se->precision, sizeof se->precision, "all");
        se->n = n;
        mcs_quantiles(e, n, &se->median, &se->p90);
    }
}

mcs_status mcs_validate_read(const char *const *files, int n_files, mcs_validation *v,
                             char *err, size_t err_len)
{
    memset(v, 0, sizeof *v);
    for (int f = 0; f < n_files && f < 16; f++) {
        mcs_sweep_meta meta;
        mcs_sweep_row *rows;
        size_t n;
        mcs_status st = mcs_sweep_read(files[f], &meta, &rows, &n, err, err_len);
        if (st != MCS_OK)
            return st;
        if (f == 0)
            v->meta = meta;
        v->files[v->n_files++] = files[f];
        mcs_sweep_row *all = realloc(v->rows, (v->n_rows + n) * sizeof *all);
        if (!all) {
            free(rows);
            return MCS_E_NOMEM;
        }
        memcpy(all + v->n_rows, rows, n * sizeof *rows);
        v->rows = all;
        v->n_rows += n;
        free(rows);
        if (meta.failures[0]) {
            size_t used = strlen(v->failures);
            snprintf(v->failures + used, sizeof v->failures - used, "%s%s: %s",
                     used ? "; " : "", files[f], meta.failures);
        }
    }
    for (size_t i = 0; i < v->n_rows; i++)
        if (find_id(mcs_precisions, v->rows[i].precision) < 0 ||
            find_id(mcs_rngs, v->rows[i].rng) < 0) {
            snprintf(err, err_len, "run %zu: unknown precision '%s' or rng '%s'", i,
                     v->rows[i].precision, v->rows[i].rng);
            return MCS_E_DATA;
        }
    return MCS_OK;
}

mcs_status mcs_validate_compute(mcs_validation *v, const mcs_profile *cpu,
                                const mcs_profile *gpu, char *err, size_t err_len)
{
    (void)err;
    (void)err_len;
    v->cpu = *cpu;
    v->gpu = *gpu;
    v->n_phases = v->n_points = v->n_speedups = v->n_break_even = 0;
    v->correct = v->decisions = 0;
    free(v->predicted);
    v->predicted = calloc(v->n_rows + 1, sizeof *v->predicted);
    if (!v->predicted)
        return MCS_E_NOMEM;
    for (size_t i = 0; i < v->n_rows; i++)
        predict_row(v, &v->rows[i], v->predicted[i]);
    add_phase_errors(v);
    add_speedups(v);
    return MCS_OK;
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
    free(v->rows);
    free(v->predicted);
    v->rows = NULL;
    v->predicted = NULL;
}

void mcs_cmd_validate_help(FILE *f)
{
    fputs("usage: mcsim validate SWEEP.h5 [SWEEP.h5 ...] [--report REPORT.html]\n"
          "                      [--profile P] [--cpu NAME] [--gpu NAME] [-q]\n"
          "\n"
          "Compares the estimator's predictions (from the profiles: by default the local\n"
          "one) with the runs measured by `mcsim sweep`: for every backend, mode and phase\n"
          "the median and 90th percentile of |ln(predicted/measured)|; the same for the\n"
          "speedup T_cpu/T_gpu; the break-even path count N*, predicted and measured; and\n"
          "the share of sizes where the predicted faster backend is the measured one.\n"
          "With a CPU-only profile (no [gpu] section) and no --gpu, only the CPU's\n"
          "predictions are judged. The profiles' calibration figures are checked against\n"
          "the plausibility bounds (docs/estimator.md) first.\n"
          "\n"
          "options (valid values):\n"
          "  SWEEP.h5            1 to 16 sweep files written by `mcsim sweep` (read first:\n"
          "                      a missing one exits 66 before any profile is looked at)\n"
          "  --report FILE       also write everything, with charts and the calculator, as\n"
          "                      one self-contained HTML file\n"
          "  --profile P         the profile for both sides, --cpu NAME / --gpu NAME for one\n"
          "                      side: a path (with '/' or ending in .ini), NAME.ini in the\n"
          "                      profile folder or ./profiles/, or a catalogue name\n"
          "                      (mcsim estimate --list-profiles); default: the local\n"
          "                      profile ($MCSIM_PROFILE, else $XDG_CONFIG_HOME/mcsim/local.ini,\n"
          "                      else ~/.config/mcsim/local.ini)\n"
          "  -q, --quiet         no notes on stderr (errors still)\n"
          "  -h, --help          this text\n"
          "\n"
          "exit codes: 0 ok, 64 usage, 65 not a sweep file, 66 a sweep file or profile\n"
          "missing, 74 the report cannot be written, 78 a profile is wrong.\n", f);
}

static double pct(double log_error)
{
    return 100 * (exp(log_error) - 1);
}

/* The plausibility of a profile's calibration: its `warning` and the figures
 * outside the bounds, as lines of the report. Returns how many lines. */
static int profile_checks(const mcs_profile *p, const char *side)
{
    char problems[512];
    int n = 0;
    if (p->warning[0]) {
        printf("  warning: %s profile '%s' (%s): calibrate wrote: %s\n", side, p->name, p->origin,
               p->warning);
        n++;
    }
    if (mcs_profile_problems(p, problems, sizeof problems) > 0 &&
        strcmp(problems, p->warning) != 0) {
        printf("  warning: %s profile '%s' (%s): outside the plausibility bounds: %s\n", side,
               p->name, p->origin, problems);
        n++;
    }
    return n;
}

int mcs_cmd_validate(int argc, char **argv)
{
    static const struct option opts[] = {
        {"report", required_argument, NULL, 'r'}, {"profile", required_argument, NULL, 'p'},
        {"cpu", required_argument, NULL, 'c'},    {"gpu", required_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},         {"quiet", no_argument, NULL, 'q'},
        {NULL, 0, NULL, 0},
    };
    const char *report = NULL, *profile = NULL, *cpu = NULL, *gpu = NULL;
    int quiet = 0;
    char err[1024] = "";
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":r:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'r': report = optarg; break;
        case 'p': profile = optarg; break;
        case 'c': cpu = optarg; break;
        case 'g': gpu = optarg; break;
        case 'q': quiet = 1; break;
        case 'h': mcs_cmd_validate_help(stdout); return 0;
        default:
            fprintf(stderr, "mcsim validate: %s '%s'\n(see mcsim validate --help)\n",
                    c == ':' ? "a value is missing after" : "unknown option", argv[optind - 1]);
            return mcs_status_exit_code(MCS_E_USAGE);
        }
    }
    int n_files = argc - optind;
    if (n_files < 1 || n_files > 16) {
        fprintf(stderr, "mcsim validate: name 1 to 16 sweep files\n(see mcsim validate --help)\n");
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    static mcs_validation v;
    const char *const *files = (const char *const *)argv + optind;
    /* the sweep files first: a missing one is the error, whatever the profiles */
    for (int i = 0; i < n_files; i++)
        if (access(files[i], R_OK) != 0) {
            fprintf(stderr, "mcsim validate: %s: cannot read: %s\n", files[i], strerror(errno));
            return mcs_status_exit_code(MCS_E_NOINPUT);
        }
    mcs_profile cp, gp;
    mcs_status st = mcs_validate_read(files, n_files, &v, err, sizeof err);
    if (st == MCS_OK)
        st = mcs_profiles_choose(profile, cpu, gpu, &cp, &gp, err, sizeof err);
    if (st == MCS_OK)
        st = mcs_validate_compute(&v, &cp, &gp, err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim validate: %s\n", err);
        mcs_validation_free(&v);
        return mcs_status_exit_code(st);
    }
    if (v.failures[0] && !quiet)
        fprintf(stderr, "mcsim validate: note: the sweep stopped early: %s\n", v.failures);
    size_t n_gpu_rows = 0;
    for (size_t i = 0; i < v.n_rows; i++)
        n_gpu_rows += strcmp(v.rows[i].backend, "gpu") == 0;
    printf("mcsim validate: %zu runs from %d file%s; profiles cpu = %s, gpu = %s\n", v.n_rows,
           n_files, n_files == 1 ? "" : "s", cp.name,
           gp.has_gpu ? gp.name : "none (CPU-only profile: CPU predictions only)");
    printf("\nprofile checks (plausibility bounds: efficiency <= %.2f, repeat spread <= %.0f%%, "
           "fits within %.0f%%)\n", MCS_PLAUSIBLE_EFFICIENCY_MAX, 100 * MCS_PLAUSIBLE_SPREAD_MAX,
           100 * MCS_PLAUSIBLE_FIT_MAX);
    int warned = profile_checks(&cp, "cpu");
    if (gp.has_gpu && strcmp(gp.origin, cp.origin) != 0)
        warned += profile_checks(&gp, "gpu");
    if (warned)
        printf("  the errors below may come from these figures rather than the model: "
               "calibrate again on a quiet machine\n");
    else
        printf("  none outside the bounds\n");
    printf("\n|ln(predicted/measured)| per phase (as %% error: e^x - 1)\n");
    printf("  %-4s %-5s %-13s %4s %10s %10s\n", "", "mode", "phase", "n", "median", "p90");
    for (int i = 0; i < v.n_phases; i++)
        printf("  %-4s %-5s %-13s %4d %9.1f%% %9.1f%%\n", v.phases[i].backend, v.phases[i].mode,
               v.phases[i].phase, v.phases[i].n, pct(v.phases[i].median), pct(v.phases[i].p90));
    if (!v.n_phases)
        printf("  none: no run of the sweep has a prediction\n");
    if (v.decisions == 0) {
        printf("\nspeedup, break-even and backend decisions: not judged (%s)\n",
               !gp.has_gpu ? "the profile has no GPU: name one with --gpu to compare"
               : n_gpu_rows == 0 ? "the sweep has no GPU runs"
               : n_gpu_rows == v.n_rows ? "the sweep has no CPU runs"
                                        : "no size has both CPU and GPU runs");
    } else {
        printf("\nspeedup T_cpu/T_gpu (targets: median <= 5%%, p90 <= 15%%)\n");
        for (int i = 0; i < v.n_speedups; i++) {
            const mcs_speedup_error *s = &v.speedups[i];
            char steps[32] = "";
            if (s->steps)
                snprintf(steps, sizeof steps, ", %u step%s", s->steps, s->steps == 1 ? "" : "s");
            printf("  %-5s %-7s%-10s n %3d  median %6.1f%%  p90 %6.1f%%\n", s->mode,
                   s->precision, steps, s->n, pct(s->median), pct(s->p90));
        }
        printf("\n  %-5s %-7s %12s %12s %12s  %s\n", "mode", "prec", "paths", "measured",
               "predicted", "faster: measured/predicted");
        for (int i = 0; i < v.n_points; i++) {
            const mcs_speedup_point *p = &v.points[i];
            printf("  %-5s %-7s %12.3g %12.4g %12.4g  %s/%s%s\n", p->mode, p->precision,
                   (double)p->paths, p->measured, p->predicted, p->measured > 1 ? "gpu" : "cpu",
                   p->predicted > 1 ? "gpu" : "cpu", p->correct ? "" : "  WRONG");
        }
        printf("\nbreak-even N* (target: within 1.5x)\n");
        for (int i = 0; i < v.n_break_even; i++) {
            const mcs_break_even_pair *b = &v.break_even[i];
            printf("  %-5s %-7s predicted %10.4g  measured ", b->mode, b->precision,
                   b->predicted);
            if (b->below)
                printf("below the smallest size (the GPU won at every size)\n");
            else if (b->above)
                printf("above the largest size (the CPU won at every size)\n");
            else
                printf("%10.4g  ratio %.2f\n", b->measured, b->predicted / b->measured);
        }
        printf("\nbackend decisions: %d of %d correct (%.1f%%; target >= 95%%)\n", v.correct,
               v.decisions, 100.0 * v.correct / v.decisions);
    }
    if (report) {
        st = mcs_report_html(report, &v, err, sizeof err);
        if (st != MCS_OK) {
            fprintf(stderr, "mcsim validate: %s\n", err);
            mcs_validation_free(&v);
            return mcs_status_exit_code(st);
        }
        printf("report: %s\n", report);
    }
    mcs_validation_free(&v);
    return 0;
}
