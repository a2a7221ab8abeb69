/* internal.h - the inside of libmcsim, shared by api/ and the mcsim command
 * (app/, built into the library): the structures behind the public API's
 * opaque handles, the backend pick, and the run of a share of a job
 * (shards, checkpoints, MPI ranks) that the public mcsim_run is the whole-job
 * case of. Not installed; may change in any release. */
#ifndef MCS_API_INTERNAL_H
#define MCS_API_INTERNAL_H

#include <pthread.h>
#include "../include/mcsim.h"
#include "backend.h"
#include "config.h"
#include "engine.h"
#include "job.h"
#include "result.h"
#include "status.h"
#include "timing.h"

/* What the CLI's help and messages need to say about a status: the
 * library's status codes are the command's exit codes. */
static inline mcsim_status mcs_api_status(mcs_status st)
{
    return (mcsim_status)mcs_status_exit_code(st);
}

/* Fill err (may be NULL) with st and the message; returns st. */
mcsim_status mcs_api_fail(mcsim_error *err, mcsim_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A validated config: the INI text it came from and every assignment, in
 * order, so a derived job re-validates them all with new ones. */
struct mcsim_job {
    char *name;        /* what messages call the config: the file's path, "<stdin>" */
    char *text;        /* the INI text (a file's bytes) */
    size_t text_len;
    mcs_override *overrides; /* origin and assignment, both owned */
    int n_overrides;
    mcs_job job;       /* validated; rng may still be auto */
    char *resolved;    /* mcs_config_render: every key with its value */
    double config_seconds; /* reading and validating it (the run's `config` phase) */
    int n_values;      /* "section.key" and value of every key in `resolved` */
    char **value_keys, **values;
};

/* A job from INI text of text_len bytes and overrides with their origins
 * (the CLI's "--set", "--paths 1e6", ...). */
mcsim_status mcs_job_make(const char *name, const char *text, size_t text_len,
                          const mcs_override *overrides, int n_overrides, mcsim_job **out,
                          mcsim_error *err);
/* The same from a file as the command reads CONFIG ("-": standard input). */
mcsim_status mcs_job_read(const char *path, const mcs_override *overrides, int n_overrides,
                          mcsim_job **out, mcsim_error *err);

/* Why --backend auto chose what it chose (the CLI says it on stderr). */
typedef enum {
    MCS_PICK_NAMED,         /* the backend asked for by name */
    MCS_PICK_GPU,           /* auto: the GPU is usable (no prediction) */
    MCS_PICK_GPU_PREDICTED, /* auto: the local profile predicts the GPU faster (why) */
    MCS_PICK_CPU_PREDICTED, /* auto: ... the CPU faster (why) */
    MCS_PICK_CPU_NO_GPU,    /* auto: the GPU module is there, no usable GPU (why) */
    MCS_PICK_CPU_RNG,       /* auto: the GPU cannot run the job's generator */
    MCS_PICK_CPU_NO_MODULE  /* auto: a build or installation without the GPU module */
} mcs_pick_reason;

typedef struct {
    const mcs_backend *backend;
    mcs_pick_reason reason;
    char why[4608];
} mcs_pick;

/* 1 if `name` is a backend choice (cpu, gpu, auto); else 0 with the one
 * message the command and the library give: "WHAT: unknown backend (valid:
 * cpu, gpu, auto)", WHAT naming where the name came from ("--backend tpu"). */
int mcs_backend_choice_ok(const char *name, const char *what, char *err, size_t err_len);

/* Resolve `wanted` ("cpu", "gpu", "auto") to a usable backend. With a job,
 * auto asks the local profile which is faster and keeps to backends that
 * can run the job's generator (the command's choice per job); without one
 * (an engine made before its jobs), auto is the GPU when usable, else the
 * CPU. `origin` names the choice in messages ("--backend",
 * "MCSIM_BACKEND", "mcsim_engine_options.backend"), config_name the job's
 * config. Probing a GPU starts its driver. */
mcs_status mcs_backend_pick(const char *wanted, const char *origin, const char *config_name,
                            const mcs_job *job, int threads, mcs_pick *out, char *err,
                            size_t err_len);

/* Can backend `be` run the job's generator: rng = auto resolved to its
 * default, else MCS_E_CONFIG naming config_name. */
mcs_status mcs_backend_accept(const mcs_backend *be, const char *config_name, mcs_job *job,
                              char *err, size_t err_len);

/* An engine: a backend and where it runs. */
struct mcsim_engine {
    const mcs_backend *be;
    mcs_placement where;
    int runs; /* jobs run so far (the first is cold: pays the GPU context) */
};

/* An engine on an already picked backend. */
mcsim_status mcs_engine_make(const mcs_backend *be, const mcs_placement *where,
                             mcsim_engine **out, mcsim_error *err);

/* A run's result: the job as run, the estimate, timings and facts for the
 * report and the log. Immutable once made, but for its JSON after a log
 * is written (guarded by `lock`; earlier JSON strings are kept till free). */
struct mcsim_result {
    mcs_job job;          /* as run: rng resolved, write_log 0 (the run wrote no log) */
    mcs_result res;
    mcs_timings t;
    const mcs_backend *be;
    int threads;
    int has_gpu;
    mcs_gpu_info gpu;
    int estimate_cold;    /* the log's /estimate: for a fresh process, */
    int estimate_threads; /* on the engine's thread count (a GPU run's CPU side too) */
    char *config_name;
    char *resolved;       /* the config as run (rng resolved) */
    pthread_mutex_t lock;
    char *json;           /* the report as `--format json` prints it, made when first
                           * asked for (most of a small run's cost: shortest numbers) */
    char *log_path;       /* the last log written through the API, or NULL */
    char **retired;       /* JSON documents replaced by a log's, freed with the result */
    int n_retired;
};

/* What a run adds to mcsim_run (the command's extension). */
typedef struct {
    const mcs_share *share;  /* NULL: the whole job */
    mcs_progress_fn progress;
    void *progress_ctx;
    const mcs_timings *before; /* NULL, or the phases so far (the command's: from the
                                * process's start, config, probe, checks): the run
                                * adds to them; NULL: from the job's config phase */
    int cold;                /* the estimate stored is for a fresh process */
} mcs_run_options;

/* mcsim_run with options: the engine's status (as mcs_status, for the
 * command's exit codes; MCS_OK for a result its checks distrust, which
 * mcsim_run turns into MCSIM_E_DATA), and *out the result whenever the
 * engine ran, failed or interrupted too (the partial estimate), NULL only
 * when it did not (err says why). */
mcs_status mcs_run_job(mcsim_engine *engine, const mcsim_job *job, const mcs_run_options *o,
                       mcsim_result **out, char *err, size_t err_len);

/* The result's JSON document with `job` and `t` for r's (a log written:
 * write_log set, the total with the writing) and the log's path (NULL:
 * none); NULL when out of memory. */
char *mcs_result_render_json(const mcsim_result *r, const mcs_job *job, const mcs_timings *t,
                             const char *log_path);

/* The run log's facts for `r` (strings point into r and command_line). */
void mcs_result_run_info(const mcsim_result *r, const char *command_line, mcs_run_info *info);

/* HDF5 (Debian's libhdf5 is built without thread safety): every HDF5 call
 * of the library is made with this mutex held. */
void mcs_hdf5_lock(void);
void mcs_hdf5_unlock(void);

#endif
