/* host_probe.h - the host's CPU speed now, against the speed calibrate saw
 * ([cpu] probe_ns): a short fixed job on all threads, timed. The H100
 * machine's host ran every CPU phase 20-35% slower for minutes at a time
 * than when it was calibrated (docs/estimator.md, "Host probe"); a probe
 * just before a run sees that, and `estimate --probe`, calibrate and sweep
 * take one (validate scales each size's CPU prediction by its runs'). */
#ifndef MCS_HOST_PROBE_H
#define MCS_HOST_PROBE_H

#include <stddef.h>
#include "status.h"

/* Paths per thread of a probe run, and its runs (the median kept): about
 * 3 ms a run at 3 ns a path on the H100 machine's host. */
#define MCS_PROBE_PATHS_PER_THREAD 1048576
#define MCS_PROBE_RUNS 3

/* The probe's job, a GBM European call of one step in single precision
 * with pcg64 (the reference job of calibrate), on all `threads` (0: the
 * OpenMP default) in blocks of 16384 paths, MCS_PROBE_RUNS runs in this
 * process: the median of their simulate seconds x threads / paths, in ns
 * (one thread's cost per path when every thread works) into *ns. */
mcs_status mcs_host_probe(int threads, double *ns, char *err, size_t err_len);

/* The factor a CPU prediction takes from a probe: now / calibrated, or 1
 * when either is not a positive number. */
double mcs_host_probe_scale(double now_ns, double calibrated_ns);

#endif
