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
/* The JSON result's `schema_version`: 2 added it, `warnings`, and renamed
 * the log's path `log_file` (was `log`, beside `parameters.log`, the
 * [output] log key); the output before had no key (version 1). Bumped on
 * an incompatible change, as the run log's (docs/user-guide.md). */
#define MCS_JSON_SCHEMA_VERSION 2

/* Print one JSON object with schema_version, price, std_error, ci_low,
 * ci_high, paths, backend, seconds, warnings and more. */
void mcs_report_json(FILE *f, const mcs_job *job, const mcs_result *res,
                     const mcs_timings *t, const mcs_report_info *info);

/* The job's resolved inputs (model, payoff, their parameters, simulation
 * keys) as one JSON object, from mcs_job_inputs (product.h). */
void mcs_report_params_json(FILE *f, const mcs_job *job);
/* The same as one line of text: "spot 100, rate 0.05, ..., steps 12". */
void mcs_report_params_line(const mcs_job *job, char *buf, size_t len);

/* Print a JSON string with the escapes JSON requires. */
void mcs_json_string(FILE *f, const char *s);
/* The same of s's first n characters (fewer where s ends before). */
void mcs_json_string_n(FILE *f, const char *s, size_t n);
/* Print a number in shortest round-trip form (the fewest digits that read
 * back as exactly x: 0.05, not 0.050000000000000003), or null when it is
 * NaN or infinite. */
void mcs_json_number(FILE *f, double x);

#endif
