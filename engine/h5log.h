/* h5log.h - the HDF5 run log (schema version 3, see docs/hdf5-schema.md):
 * result, its checks' warnings, convergence table, phase timings and device
 * facts of one run. */
#ifndef MCS_H5LOG_H
#define MCS_H5LOG_H

#include <stddef.h>

#include "job.h"
#include "result.h"
#include "status.h"
#include "timing.h"

/* Root attribute `schema_version`; incremented on incompatible changes. */
#define MCS_H5LOG_SCHEMA_VERSION 3

/* Write the run log to `path`: written first to a temporary name in the same
 * folder (path + ".tmp.<pid>") and renamed onto `path` only when complete; on
 * any error the temporary file is removed and no file is created at `path`
 * (a file already there is left as it was). Sets t->seconds[MCS_PHASE_WRITE]
 * (time spent writing everything but the timings table) and
 * t->seconds[MCS_PHASE_TOTAL] (= mcs_now() - t->start, taken just before the
 * timings table is written) before writing the timings table last. err
 * receives a message naming the path on failure (may be NULL). Returns
 * MCS_E_IO when the file cannot be written, MCS_E_SOFTWARE on bad arguments. */
mcs_status mcs_h5log_write(const char *path, const mcs_run_info *info,
                           const mcs_job *job, const mcs_result *res,
                           mcs_timings *t, char *err, size_t errlen);

/* As mcs_h5log_write, but never replaces an existing file, even one another
 * process creates at the same moment: if `path` is taken, "-2", "-3", ...
 * (up to 999) go before its extension, and `path` (capacity path_len)
 * receives the name used. For default log names. */
mcs_status mcs_h5log_write_new(char *path, size_t path_len, const mcs_run_info *info,
                               const mcs_job *job, const mcs_result *res,
                               mcs_timings *t, char *err, size_t errlen);

#endif
