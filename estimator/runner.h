/* runner.h - running mcsim jobs for calibrate and sweep: warm runs inside
 * this process (the CUDA context and thread team stay up between runs) and
 * cold runs as fresh mcsim processes, both timed phase by phase exactly as
 * a normal run is (the same /timings). */
#ifndef MCS_RUNNER_H
#define MCS_RUNNER_H

#include <stddef.h>
#include "config.h"
#include "job.h"
#include "result.h"
#include "timing.h"

/* What to run: a config file with overrides ("section.key=value"). */
typedef struct {
    const char *config;
    const char *overrides[16];
    int n_overrides;
    const char *backend; /* "cpu" or "gpu" */
    int threads;         /* 0: OpenMP default */
    /* cold runs only: words put before this mcsim (an MPI launcher, e.g.
     * "mpirun -n 1"), split at spaces, the first found on the PATH; NULL:
     * none. At most MCS_LAUNCHER_MAX characters and MCS_LAUNCHER_WORDS
     * words (a longer one fails the run, naming the limit). */
    const char *launcher;
} mcs_run_spec;
#define MCS_LAUNCHER_MAX 1023
#define MCS_LAUNCHER_WORDS 16

/* The job a run of `spec` prices: the config with the spec's overrides, rng
 * = auto resolved to the backend's default (left auto if the backend is not
 * built in); `resolved` receives the config as INI text. */
mcs_status mcs_run_spec_job(const mcs_run_spec *spec, mcs_job *job, char *resolved,
                            size_t resolved_len, char *err, size_t err_len);

/* Run in this process and write the run log to log_path (NULL: no log, as
 * calibrate's kernel runs, which read only t; t's write phase stays 0);
 * fills t (total included) and, when given (not NULL), job, gpu and the
 * run's result res. */
mcs_status mcs_run_warm(const mcs_run_spec *spec, const char *log_path, mcs_timings *t,
                        mcs_job *job, mcs_gpu_info *gpu, mcs_result *res, char *err,
                        size_t err_len);

/* Run `self` (this mcsim binary) as a fresh process writing log_path, then
 * read the timings back from the log; wall (when not NULL): seconds from
 * starting the process to its exit, as this one saw them (its total and
 * the process's start and exit). When it fails: the status of its exit
 * code (69: MCS_E_UNAVAILABLE, 78: MCS_E_CONFIG, ...) and its error message
 * (its stderr's last line) in err. A stop request (stop.h) is passed on to
 * the child, which is waited for: MCS_E_INTERRUPTED. */
mcs_status mcs_run_cold(const char *self, const mcs_run_spec *spec, const char *log_path,
                        mcs_timings *t, double *wall, char *err, size_t err_len);

/* The most processes mcs_run_cold_together starts. */
#define MCS_TOGETHER_MAX 16

/* `count` fresh processes of spec started at once, process i on GPU i
 * (--device i) writing log_path.i (removed after), all waited for; their
 * timings in t[0..count-1]. The first failure's status, its message naming
 * the process (a GPU that does not exist: the child's exit 69 or 64). */
mcs_status mcs_run_cold_together(const char *self, const mcs_run_spec *spec, int count,
                                 const char *log_path, mcs_timings *t, char *err,
                                 size_t err_len);

/* A new private folder for the runs' logs and files, $TMPDIR (default
 * /tmp) /mcsim-COMMAND-XXXXXX, into dir; MCS_E_IO with a message if it
 * cannot be made. Remove it, with the files in it, by
 * mcs_run_folder_remove (nothing when dir is ""). */
mcs_status mcs_run_folder_make(const char *command, char *dir, size_t len, char *err,
                               size_t err_len);
void mcs_run_folder_remove(const char *dir);

/* The path of this executable (for cold runs), from /proc/self/exe. */
const char *mcs_self_path(const char *argv0);

#endif
