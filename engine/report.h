/* report.h - the result on stdout: a readable table or one JSON object. */
#ifndef MCS_REPORT_H
#define MCS_REPORT_H

#include <stdio.h>
#include "job.h"
#include "result.h"
#include "timing.h"

/* Everything a report shows besides the result itself. */
typedef struct {
    const char *config_path;
    const char *backend;
    int threads;
    const char *log_path; /* HDF5 file written; NULL when none was */
    const char *log_note; /* why not, when log_path is NULL ("--no-log") */
    double seconds;       /* wall time of the whole run */
    const char *device;   /* GPU name, NULL on the cpu backend */
} mcs_report_info;

/* Print the text table (price, std error, CI, analytic, convergence ...). */
void mcs_report_text(FILE *f, const mcs_job *job, const mcs_result *res,
                     const mcs_timings *t, const mcs_report_info *info);
/* Print one JSON object with price, std_error, ci_low, ci_high, paths,
 * backend, seconds and more. */
void mcs_report_json(FILE *f, const mcs_job *job, const mcs_result *res,
                     const mcs_timings *t, const mcs_report_info *info);

/* The job's resolved inputs (model, payoff, their parameters, simulation
 * keys) as one JSON object, from mcs_job_inputs (product.h). */
void mcs_report_params_json(FILE *f, const mcs_job *job);
/* The same as one line of text: "spot 100, rate 0.05, ..., steps 12". */
void mcs_report_params_line(const mcs_job *job, char *buf, size_t len);

/* Print a JSON string with the escapes JSON requires. */
void mcs_json_string(FILE *f, const char *s);
/* Print a number exactly (%.17g), or null when it is NaN or infinite. */
void mcs_json_number(FILE *f, double x);

#endif
