/* validate.h - predicted vs measured: the errors of the estimator over one
 * or more sweep files (per phase, speedup, break-even, backend choice). */
#ifndef MCS_VALIDATE_H
#define MCS_VALIDATE_H

#include <stddef.h>
#include "profile.h"
#include "sweep.h"

/* |ln(predicted / measured)| over a group: count, median, 90th percentile. */
typedef struct {
    char backend[8], mode[8], phase[16];
    int n;
    double median, p90;
} mcs_phase_error;

/* One size of one series (mode, precision, steps): medians over repeats. */
typedef struct {
    char mode[8], precision[8];
    uint32_t steps;
    uint64_t paths;
    double measured, predicted; /* speedup T_cpu / T_gpu */
    int correct;                /* the predicted faster backend is the measured one */
} mcs_speedup_point;

/* Speedup errors of a series (or mode "all"). */
typedef struct {
    char mode[8], precision[8];
    uint32_t steps;
    int n;
    double median, p90;
} mcs_speedup_error;

/* Break-even path count N* of a series: predicted by the model, measured by
 * log-log interpolation where the measured speedup crosses 1 (NAN when it
 * does not cross inside the sweep; below = 1 if the GPU won at every size). */
typedef struct {
    char mode[8], precision[8];
    uint32_t steps;
    double predicted, measured;
    int below, above;
} mcs_break_even_pair;

#define MCS_VALIDATE_MAX 512

typedef struct {
    mcs_profile cpu, gpu;            /* the profiles predicted with */
    mcs_sweep_meta meta;             /* of the first sweep file */
    const char *files[16];
    int n_files;
    mcs_sweep_row *rows;             /* every run of every file */
    double (*predicted)[MCS_PHASE_COUNT]; /* per row */
    size_t n_rows;
    mcs_phase_error phases[MCS_VALIDATE_MAX];
    int n_phases;
    mcs_speedup_point points[MCS_VALIDATE_MAX];
    int n_points;
    mcs_speedup_error speedups[64];
    int n_speedups;
    mcs_break_even_pair break_even[32];
    int n_break_even;
    int correct, decisions;
    char failures[2048];             /* the sweep files' `failures` notes, if any */
} mcs_validation;

/* Read the sweep files and compute every error with the given profiles
 * (mcs_validate_read, then mcs_validate_compute). A gpu profile with
 * has_gpu = 0 (CPU-only) predicts the CPU runs only: no speedup, break-even
 * or decisions. */
mcs_status mcs_validate(const char *const *files, int n_files, const mcs_profile *cpu,
                        const mcs_profile *gpu, mcs_validation *v, char *err, size_t err_len);

/* The first half: read the rows of the sweep files into v. */
mcs_status mcs_validate_read(const char *const *files, int n_files, mcs_validation *v,
                             char *err, size_t err_len);

/* The second half: predict every row with the profiles, compute the errors. */
mcs_status mcs_validate_compute(mcs_validation *v, const mcs_profile *cpu,
                                const mcs_profile *gpu, char *err, size_t err_len);
void mcs_validation_free(mcs_validation *v);

/* Median and 90th percentile (linear interpolation, as numpy) of x[0..n). */
void mcs_quantiles(double *x, int n, double *median, double *p90);

/* The self-contained HTML report (estimator/report_template.html + data). */
mcs_status mcs_report_html(const char *path, const mcs_validation *v, char *err,
                           size_t err_len);

#endif
