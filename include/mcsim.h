/* mcsim.h - libmcsim, the mcsim engine as a C library: build a job from INI
 * text or key=value pairs (the CLI's validation and messages), run it on a
 * backend, read the result, write its HDF5 run log, and ask the speedup
 * estimator. The mcsim command is built on this API; docs/api.md is its
 * guide.
 *
 * Conventions
 * - Every call that can fail returns an mcsim_status and, when `err` is not
 *   NULL, fills it with the status and a one-line message (the CLI's message
 *   for the same input). Nothing here calls exit() or prints.
 * - Objects are opaque and owned by the caller: free them with their
 *   mcsim_*_free. Strings a call returns through `char **` are freed with
 *   mcsim_free; `const char *` results live as long as their object.
 * - Thread safety: jobs and results are immutable once made and may be read
 *   from any thread. An mcsim_engine is used by one thread at a time; two
 *   engines may run jobs in two threads at once (the GPU context is shared
 *   per process). Writing HDF5 logs is serialised inside the library.
 *   mcsim_request_stop is process-wide.
 */
#ifndef MCSIM_H
#define MCSIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Semantic version of this header; the library's own is mcsim_version().
 * The shared object is libmcsim.so.MAJOR: a new major version breaks the
 * ABI, a new minor one only adds. */
#define MCSIM_VERSION_MAJOR 0
#define MCSIM_VERSION_MINOR 2
#define MCSIM_VERSION_PATCH 0
#define MCSIM_VERSION_STRING "0.2.0"

#if defined(__GNUC__)
#define MCSIM_API __attribute__((visibility("default")))
#else
#define MCSIM_API
#endif

/* Status codes: the mcsim command's exit codes (sysexits.h). */
typedef enum {
    MCSIM_OK = 0,
    MCSIM_E_USAGE = 64,       /* a call's arguments are wrong */
    MCSIM_E_DATA = 65,        /* bad data, or a result its checks cannot trust */
    MCSIM_E_NOINPUT = 66,     /* an input file is missing or unreadable */
    MCSIM_E_UNAVAILABLE = 69, /* the backend asked for cannot run here */
    MCSIM_E_SOFTWARE = 70,    /* internal error */
    MCSIM_E_NOMEM = 71,       /* out of memory */
    MCSIM_E_IO = 74,          /* an output cannot be written */
    MCSIM_E_CONFIG = 78,      /* the config is invalid (message: file:line: [section] key ...) */
    MCSIM_E_INTERRUPTED = 130 /* mcsim_request_stop() was called during the run */
} mcsim_status;

/* What went wrong in a call. */
#define MCSIM_MESSAGE_MAX 2048
typedef struct {
    mcsim_status status;
    char message[MCSIM_MESSAGE_MAX]; /* one line; "" on success */
} mcsim_error;

/* The library's version at run time ("0.2.0"), and its parts. */
MCSIM_API const char *mcsim_version(void);
MCSIM_API void mcsim_version_numbers(int *major, int *minor, int *patch);

/* Free a string the library returned through `char **`. */
MCSIM_API void mcsim_free(void *p);

/* ---- keys: what a config may say, from the model and payoff type tables */

typedef struct {
    const char *section;       /* "model", "option", "simulation", "output" */
    const char *key;           /* "strike" */
    const char *default_value; /* as text; NULL when the key is required */
    const char *meaning;       /* one line */
    const char *applies_to;    /* "" for every job, else "model.type=gbm" or
                                * "option.payoff=barrier": the type whose key it is */
    const char *choices;       /* "call, put" for a key with named values, else "" */
} mcsim_key_info;

/* Number of entries in the key table (a key several types share appears
 * once per type), and entry i (0 <= i < count) into *out. */
MCSIM_API int mcsim_key_count(void);
MCSIM_API mcsim_status mcsim_key_at(int i, mcsim_key_info *out, mcsim_error *err);

/* ---- jobs: a validated config */

typedef struct mcsim_job mcsim_job;

/* A job from INI text (`name` is what messages call it, e.g. the file's
 * path) and assignments "section.key=value" applied in order, as the CLI's
 * --set does; a bare "key=value" is accepted when exactly one section has
 * that key for this job's model and payoff. text may be "" (every key at its
 * default). */
MCSIM_API mcsim_status mcsim_job_from_text(const char *name, const char *text,
                                           const char *const *assignments, int n_assignments,
                                           mcsim_job **out, mcsim_error *err);
/* A job from an INI file, as `mcsim PATH --set ...` reads it. */
MCSIM_API mcsim_status mcsim_job_from_file(const char *path, const char *const *assignments,
                                           int n_assignments, mcsim_job **out,
                                           mcsim_error *err);
/* A new job: `base` with more assignments applied (grids: one base, one
 * derived job per point). */
MCSIM_API mcsim_status mcsim_job_derive(const mcsim_job *base, const char *const *assignments,
                                        int n_assignments, mcsim_job **out, mcsim_error *err);
/* The resolved config, every key with its value, as INI text. */
MCSIM_API const char *mcsim_job_config(const mcsim_job *job);
/* The resolved value of "section.key" as text, or NULL if the job has no
 * such key. */
MCSIM_API const char *mcsim_job_get(const mcsim_job *job, const char *key);
MCSIM_API void mcsim_job_free(mcsim_job *job);

/* ---- engines: a backend, ready to run jobs */

typedef struct mcsim_engine mcsim_engine;

typedef struct {
    const char *backend; /* "cpu", "gpu" or "auto" (NULL: "auto") */
    int threads;         /* CPU threads (0: OpenMP's default) */
    int device;          /* CUDA device (0 default) */
} mcsim_engine_options;

/* An engine on a backend. The GPU context is made on the first GPU run in
 * the process and reused by every later run and engine. "auto" is resolved
 * here, once: the GPU when one is usable, else the CPU. */
MCSIM_API mcsim_status mcsim_engine_new(const mcsim_engine_options *options,
                                        mcsim_engine **out, mcsim_error *err);
/* The backend the engine runs on ("cpu" or "gpu"; auto resolved). */
MCSIM_API const char *mcsim_engine_backend(const mcsim_engine *engine);
MCSIM_API void mcsim_engine_free(mcsim_engine *engine);

/* ---- results */

typedef struct mcsim_result mcsim_result;

/* Run `job` on `engine`. The result holds every output with its standard
 * error, the phase timings and the checks' warnings. A result whose checks
 * found an error still comes back (*out set) with MCSIM_E_DATA, and a run
 * stopped by mcsim_request_stop with MCSIM_E_INTERRUPTED and the estimate
 * of the chunks done. */
MCSIM_API mcsim_status mcsim_run(mcsim_engine *engine, const mcsim_job *job,
                                 mcsim_result **out, mcsim_error *err);

/* One output of a result row (a barrier has two: the option and its
 * complement; Greeks and control variates will be more outputs). */
typedef struct {
    const char *name;     /* "price", "down-in", ... */
    double value;         /* discounted mean */
    double std_error;
    double ci_low, ci_high; /* 95% interval */
    int has_analytic;
    double analytic;      /* closed form, when has_analytic */
    const char *analytic_source;
} mcsim_output;

/* Rows of a result (1 today; a grid on shared paths will give one row per
 * point), outputs per row, and output i of row r. */
MCSIM_API int mcsim_result_rows(const mcsim_result *res);
MCSIM_API int mcsim_result_outputs(const mcsim_result *res);
MCSIM_API mcsim_status mcsim_result_output(const mcsim_result *res, int row, int i,
                                           mcsim_output *out, mcsim_error *err);
MCSIM_API uint64_t mcsim_result_paths(const mcsim_result *res);
MCSIM_API const char *mcsim_result_backend(const mcsim_result *res);

/* Phase timings: the phases' names (the HDF5 timings table's), and the
 * seconds this run spent in phase i. */
MCSIM_API int mcsim_phase_count(void);
MCSIM_API const char *mcsim_phase_name(int i);
MCSIM_API double mcsim_result_seconds(const mcsim_result *res, int phase);

/* What the result's checks found: count, and warning i's severity
 * (0 warning, 1 error) and message. */
MCSIM_API int mcsim_result_warnings(const mcsim_result *res);
MCSIM_API const char *mcsim_result_warning(const mcsim_result *res, int i, int *severity);

/* The whole result as the JSON document `mcsim CONFIG --format json`
 * prints (its schema: docs/user-guide.md); later fields appear here with no
 * new call. Owned by the result; `log_file` is null until a log is written
 * through mcsim_result_write_log (the earlier string stays valid). */
MCSIM_API const char *mcsim_result_json(const mcsim_result *res);

/* Write the run's HDF5 log (docs/hdf5-schema.md) to `path`, as -o does. */
MCSIM_API mcsim_status mcsim_result_write_log(const mcsim_result *res, const char *path,
                                              mcsim_error *err);
MCSIM_API void mcsim_result_free(mcsim_result *res);

/* ---- the estimator and its validation */

/* `mcsim estimate` for a job: args are that command's options (e.g.
 * {"--pilot", "0.2"}, {"--tolerance", "1e-4"}), without CONFIG and without
 * --format; *json gets the document `mcsim estimate --format json` prints. */
MCSIM_API mcsim_status mcsim_estimate(const mcsim_job *job, const char *const *args, int n_args,
                                      char **json, mcsim_error *err);
/* `mcsim validate` on sweep files: args as that command's (files and
 * options, without --format); *json gets its JSON document. */
MCSIM_API mcsim_status mcsim_validate(const char *const *args, int n_args, char **json,
                                      mcsim_error *err);

/* Ask every running job in this process to stop at its next chunk
 * (MCSIM_E_INTERRUPTED); safe from a signal handler. */
MCSIM_API void mcsim_request_stop(void);

#ifdef __cplusplus
}
#endif
#endif
