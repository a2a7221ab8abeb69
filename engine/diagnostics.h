/* diagnostics.h - the checks every result gets before it is shown: is what
 * it reports supported by its own sample? Every output is held against its
 * closed form where one exists, against the bounds its product implies
 * (engine/bounds.h), the outputs' sum against its known value (a barrier's
 * in + out), and every unbounded output's heavy tail against its standard
 * error. What they find travels with the result (mcs_result.warnings): on
 * stderr, in the JSON `warnings` array and in the run log's /warnings. */
#ifndef MCS_DIAGNOSTICS_H
#define MCS_DIAGNOSTICS_H

#include <stdio.h>

#include "job.h"
#include "result.h"
#include "status.h"

/* Std errors an estimate may be from a closed form or beyond a bound
 * before it is an error (P(|Z| > 6) = 2e-9: no false alarm in practice). */
#define MCS_DIAG_MAX_SE 6.0
/* The heavy tail: the value in paths rarer than 1 in n (mcs_tail_unseen)
 * over the std error, from which the std error understates the error
 * (warning: the value the sample likely misses exceeds it), and from which
 * the estimate is expected to be several std errors too low (error). */
#define MCS_DIAG_TAIL_WARN 1.0
#define MCS_DIAG_TAIL_ERROR 3.0
/* Differences below this share of the job's largest amount (spot, strike,
 * barrier, cash, rebate) are not reported: below what single precision
 * resolves and what any price is quoted to. */
#define MCS_DIAG_NEGLIGIBLE 1e-5
/* Fewest paths for the tail check: below it the std error is rough anyway. */
#define MCS_DIAG_TAIL_MIN_PATHS 100

/* Fill res->warnings (n_warnings) from res's outputs, their std errors and
 * paths, and the job. A one-path result (no std error) gets none. */
void mcs_diagnose(const mcs_job *job, mcs_result *res);

/* 1 when one of res's warnings is an error: the result cannot be trusted. */
int mcs_result_untrusted(const mcs_result *res);

/* Print res's warnings on f, one line each ("PROG: warning: ..." or "PROG:
 * error: ..."), then, after an error, a line saying the result cannot be
 * trusted. Returns MCS_E_DATA after an error, else MCS_OK. */
mcs_status mcs_warnings_print(FILE *f, const char *prog, const mcs_result *res);

#endif
