/* runlog.h - reading back what the estimator needs from an HDF5 run log
 * (the /timings table), for calibrate and sweep. */
#ifndef MCS_RUNLOG_H
#define MCS_RUNLOG_H

#include <stddef.h>
#include "status.h"
#include "timing.h"

/* Fill t->seconds/bytes/count from the log's /timings table (by phase name). */
mcs_status mcs_runlog_read(const char *path, mcs_timings *t, char *err, size_t err_len);

#endif
