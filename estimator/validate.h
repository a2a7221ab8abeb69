/* validate.h - predicted vs measured: the errors of the estimator over one
 * or more sweep files (per phase, speedup, break-even, backend choice). */
#ifndef MCS_VALIDATE_H
#define MCS_VALIDATE_H

#include <stddef.h>
#include "job.h"
#include "model.h"
#include "profile.h"
#include "sweep.h"

/* validate wants at least this many repeats per size for its medians
 * (`mcsim sweep --repeat`'s default); fewer are noted. */
#define MCS_VALIDATE_REPEATS 5

/* The targets validate prints beside its figures (issue 28, bench/README.md):
 * speedup error median and p90 (as e^x - 1), break-even N* predicted over
 * measured within a factor, the share of right backend choices. */
#define MCS_TARGET_SPEEDUP_MEDIAN 0.05
#define MCS_TARGET_SPEEDUP_P90 0.15
#define MCS_TARGET_BREAK_EVEN_RATIO 1.25
#define MCS_TARGET_RIGHT_BACKEND 0.97

/* The phases compared: the run log's and "other", the time outside them
 * (the total less the phases: the model's MCS_FIXED_OTHER). */
#define MCS_VALIDATE_PHASES (MCS_PHASE_COUNT + 1)

/* A phase's errors over the sizes of a group (backend, mode): per size the
 * bias |ln(predicted / median of its repeats)| and the noise, the repeats'
 * spread (max - min) / median; median and 90th percentile of the bias, the
 * median noise; n sizes of `runs` runs, the fewest repeats of a size;
 * share: the median over the sizes of the phase's median over the total's;
 * direction: the median over the sizes of the signed ln(predicted / median)
 * (> 0: predicted slower than measured), so that a bias common to every size
 * shows apart from a scatter of both signs. */
typedef struct {
    char backend[8], mode[8], phase[16];
    int n, runs, min_repeats;
    double median, p90, spread, share, direction;
} mcs_phase_error;

/* One size of one series (job, mode, precision, steps): medians over repeats. */
typedef struct {
    int job;                    /* the first sweep file of its job (mcs_validation) */
    char mode[8], precision[8];
    uint32_t steps;
    uint64_t paths;
    double measured, predicted; /* speedup T_cpu / T_gpu */
    int correct;                /* the predicted faster backend is the measured one */
    double cpu_spread, gpu_spread; /* of the totals' repeats: (max - min) / median */
    int repeats;                /* the fewer of the two backends' */
} mcs_speedup_point;

/* Speedup errors of a series (or mode "all": job -1). */
typedef struct {
    int job;
    char mode[8], precision[8];
    uint32_t steps;
    int n;
    double median, p90;
    double spread; /* median over the points of cpu_spread + gpu_spread */
} mcs_speedup_error;

/* Break-even path count N* of a series: predicted by the model, measured by
 * log-log interpolation where the measured speedup crosses 1 (NAN when it
 * does not cross inside the sweep; below = 1 if the GPU won at every size). */
typedef struct {
    int job;
    char mode[8], precision[8];
    uint32_t steps;
    double predicted, measured;
    int below, above;
} mcs_break_even_pair;

/* The compiled kernel of a sweep file's job (its resolved config), whose
 * measured costs the model uses (docs/estimator.md). */
typedef struct {
    int known;                /* 0: the config does not load here (why) */
    char why[256];
    mcs_job job;              /* the config, at the steps asked for last */
    /* the kernel costs its first CPU and GPU predictions used */
    char kernel[2][MCS_KERNEL_NAME_MAX];
    mcs_cost_source source[2];
    int predicted[2];
} mcs_file_kernel;

typedef struct {
    mcs_profile cpu, gpu;            /* the profiles predicted with */
    mcs_sweep_meta meta;             /* of the first sweep file */
    const char *files[16];
    int n_files;
    size_t file_first_row[16];       /* rows of file f: from file_first_row[f] on */
    mcs_file_kernel kernels[16];     /* per file */
    /* per file, its job: the first file whose resolved config has the same
     * model and product (every section but [simulation] and [output]); the
     * runs of one job pool (a sweep per backend, the tasks of a job array),
     * those of others never do */
    int file_job[16];
    int n_jobs;
    uint64_t job_hash[16];           /* per file: what makes its job, hashed */
    mcs_sweep_row *rows;             /* every run of every file */
    double (*predicted)[MCS_PHASE_COUNT]; /* per row; NAN where the profiles cannot predict */
    int *row_job;                    /* per row: its file's job (file_job) */
    size_t n_rows;
    /* every table below is sized by what the files hold (malloc'ed) or by
     * the code (phases: backend x mode x phase), never a fixed count a
     * file could exceed */
    mcs_phase_error phases[2 * 2 * MCS_VALIDATE_PHASES];
    int n_phases;
    /* the phases the runs spent time in that the model gives none at any
     * size (n sizes, runs, share; no bias): a blind spot shown, not hidden */
    mcs_phase_error blind[2 * 2 * MCS_VALIDATE_PHASES];
    int n_blind;
    mcs_speedup_point *points;       /* per series and size, sorted by series then paths */
    size_t n_points;
    mcs_speedup_error *speedups;     /* per series, then per mode and all */
    size_t n_speedups;
    mcs_break_even_pair *break_even; /* per series */
    size_t n_break_even;
    int correct, decisions;
    /* what was left out, and why, so that nothing is dropped silently */
    size_t n_unpredicted;            /* runs the profiles predict nothing for */
    char unpredicted_why[160];       /* the first one's reason */
    size_t n_unpaired;               /* sizes with runs on one backend only: no speedup */
    size_t n_sizes, n_thin;          /* sizes (per backend, mode, workload); those with
                                      * fewer than MCS_VALIDATE_REPEATS runs */
    int fewest_repeats;
    char *failures;                  /* the sweep files' `failures` notes, or NULL */
} mcs_validation;

/* Read the sweep files and compute every error with the given profiles
 * (mcs_validate_read, then mcs_validate_compute). A gpu profile with
 * has_gpu = 0 (CPU-only) predicts the CPU runs only: no speedup, break-even
 * or decisions. */
mcs_status mcs_validate(const char *const *files, int n_files, const mcs_profile *cpu,
                        const mcs_profile *gpu, mcs_validation *v, char *err, size_t err_len);

/* The first half: read the rows of the sweep files into v. Every row is
 * checked (mcs_sweep_check_row): one outside what mcsim could have
 * measured is MCS_E_DATA naming the file, the row and the column. */
mcs_status mcs_validate_read(const char *const *files, int n_files, mcs_validation *v,
                             char *err, size_t err_len);

/* The second half: predict every row with the profiles, compute the errors. */
mcs_status mcs_validate_compute(mcs_validation *v, const mcs_profile *cpu,
                                const mcs_profile *gpu, char *err, size_t err_len);
/* Frees what v holds (it may then be read into again). */
void mcs_validation_free(mcs_validation *v);

/* Median and 90th percentile (linear interpolation, as numpy) of x[0..n). */
void mcs_quantiles(double *x, int n, double *median, double *p90);

/* Weighted least squares of y = a + b x over n points, weight w[i] (NULL:
 * 1 each): 1 with a and b, 0 where the points cannot give a line (fewer
 * than two distinct x). Calibrate's copy fits and its config_asset_s. */
int mcs_line_fit(const double *x, const double *y, const double *w, int n, double *a, double *b);

/* The median of x[0..n) (sorted in place); its spread, (max - min) /
 * median (0 where the median is not > 0), into *spread. */
double mcs_median_spread(double *x, int n, double *spread);

/* The workload of row i of v as the model predicts it: its sizes and
 * settings, and its file's kernel at the row's steps. */
mcs_workload mcs_validate_row_workload(mcs_validation *v, size_t i);

/* The self-contained HTML report (estimator/report_template.html + data:
 * the runs, the errors, and the model's predictions on a grid of path
 * counts per series, which the page draws and its calculator reads; it
 * holds no model of its own), built in memory and written by the
 * output-path rule (mcs_output_write_bytes). */
mcs_status mcs_report_html(const char *path, mcs_validation *v, char *err, size_t err_len);

#endif
