/* run.c - libmcsim's engines, runs and results (include/mcsim.h): a backend
 * picked once, jobs run on it (engine/engine.c), the result with its
 * report (engine/report.c) and its HDF5 run log (engine/h5log.c). The
 * mcsim command runs through mcs_run_job too (api/internal.h). */
#define _GNU_SOURCE
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "diagnostics.h"
#include "h5log.h"
#include "internal.h"
#include "output_path.h"
#include "report.h"
#include "stop.h"
#include "sysinfo.h"

/* ---- stop requests ------------------------------------------------------ */

/* Runs in progress: the first to start clears an old stop request, so a
 * stop asked for during one run does not stop every later one. */
static pthread_mutex_t runs_mutex = PTHREAD_MUTEX_INITIALIZER;
static int runs_active;

static void run_begins(void)
{
    pthread_mutex_lock(&runs_mutex);
    if (runs_active++ == 0)
        mcs_stop_flag = 0;
    pthread_mutex_unlock(&runs_mutex);
}

static void run_ends(void)
{
    pthread_mutex_lock(&runs_mutex);
    runs_active--;
    pthread_mutex_unlock(&runs_mutex);
}

void mcsim_request_stop(void)
{
    mcs_request_stop();
}

/* ---- HDF5 ----------------------------------------------------------------- */

static pthread_mutex_t hdf5_mutex = PTHREAD_MUTEX_INITIALIZER;

void mcs_hdf5_lock(void)
{
    pthread_mutex_lock(&hdf5_mutex);
}

void mcs_hdf5_unlock(void)
{
    pthread_mutex_unlock(&hdf5_mutex);
}

/* ---- engines -------------------------------------------------------------- */

mcsim_status mcs_engine_make(const mcs_backend *be, const mcs_placement *where,
                             mcsim_engine **out, mcsim_error *err)
{
    mcsim_engine *e = calloc(1, sizeof *e);
    if (!e)
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory for the engine");
    e->be = be;
    e->where = *where;
    *out = e;
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}

mcsim_status mcsim_engine_new(const mcsim_engine_options *options, mcsim_engine **out,
                              mcsim_error *err)
{
    if (!out)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_engine_new: out is NULL");
    *out = NULL;
    const char *wanted = options && options->backend ? options->backend : "auto";
    const int threads = options ? options->threads : 0, device = options ? options->device : 0;
    char what[512], why[MCSIM_MESSAGE_MAX];
    snprintf(what, sizeof what, "backend %s", wanted);
    if (!mcs_backend_choice_ok(wanted, what, why, sizeof why))
        return mcs_api_fail(err, MCSIM_E_USAGE, "%s", why);
    if (threads < 0 || threads > 4096)
        return mcs_api_fail(err, MCSIM_E_USAGE, "threads %d: must be 0 (OpenMP's default) to "
                            "4096", threads);
    if (device < 0)
        return mcs_api_fail(err, MCSIM_E_USAGE, "device %d: must be a GPU number, 0 or more",
                            device);
    mcs_pick pick;
    char message[MCSIM_MESSAGE_MAX] = "";
    mcs_status st = mcs_backend_pick(wanted, "backend", NULL, NULL, threads, &pick, message,
                                     sizeof message);
    if (st != MCS_OK)
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    mcs_placement where = {threads > 0 ? threads : omp_get_max_threads(), device, 0};
    return mcs_engine_make(pick.backend, &where, out, err);
}

const char *mcsim_engine_backend(const mcsim_engine *engine)
{
    return engine ? engine->be->name : NULL;
}

void mcsim_engine_free(mcsim_engine *engine)
{
    free(engine);
}

/* ---- results -------------------------------------------------------------- */

void mcsim_result_free(mcsim_result *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n_retired; i++)
        free(r->retired[i]);
    free(r->retired);
    free(r->json);
    free(r->log_path);
    free(r->config_name);
    free(r->resolved);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

char *mcs_result_render_json(const mcsim_result *r, const mcs_job *job, const mcs_timings *t,
                             const char *log_path)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    mcs_report_info info = {r->config_name,
                            r->be->name,
                            r->threads,
                            log_path,
                            log_path ? NULL : "no run log written",
                            t->seconds[MCS_PHASE_TOTAL],
                            r->has_gpu ? r->gpu.name : NULL};
    mcs_report_json(f, job, &r->res, t, &info);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* The log's /estimate: r's job predicted on the backend that ran it (called
 * by the log writer after its stamp; 0 without a local profile). */
static int run_estimate(void *ctx, mcs_run_estimate *out)
{
    const mcsim_result *r = ctx;
    return mcs_estimate_for_run(&r->job, r->has_gpu, r->estimate_threads, r->estimate_cold,
                                out);
}

void mcs_result_run_info(const mcsim_result *r, const char *command_line, mcs_run_info *info)
{
    memset(info, 0, sizeof *info);
    info->backend = r->be->name;
    info->command_line = command_line;
    info->config_file = r->config_name;
    info->config_text = r->resolved;
    mcs_sysinfo_host(info->host, sizeof info->host);
    mcs_sysinfo_cpu_model(info->cpu_model, sizeof info->cpu_model);
    info->cores = mcs_sysinfo_cores();
    info->threads = r->threads;
    info->cpu_isa = mcs_backend_find("cpu")->variant();
    info->gpu = r->has_gpu ? &r->gpu : NULL;
    info->estimate = run_estimate;
    info->estimate_ctx = (void *)r;
}

mcs_status mcs_run_job(mcsim_engine *engine, const mcsim_job *job, const mcs_run_options *o,
                       mcsim_result **out, char *err, size_t err_len)
{
    const double start = mcs_now();
    *out = NULL;
    mcsim_result *r = calloc(1, sizeof *r);
    if (!r || !(r->config_name = strdup(job->name)) ||
        !(r->resolved = malloc(strlen(job->resolved) + 64))) {
        if (r) {
            free(r->config_name);
            free(r);
        }
        snprintf(err, err_len, "out of memory for the result");
        return MCS_E_NOMEM;
    }
    pthread_mutex_init(&r->lock, NULL);
    r->job = job->job;
    r->be = engine->be;
    if (o && o->before) {
        r->t = *o->before;
    } else {
        r->t.start = start - job->config_seconds;
        r->t.seconds[MCS_PHASE_CONFIG] = job->config_seconds;
    }
    mcs_status st = mcs_backend_accept(engine->be, job->name, &r->job, err, err_len);
    if (st != MCS_OK)
        goto fail;
    /* the config as run: rng resolved (the log's `config`) */
    size_t cap = strlen(job->resolved) + 64;
    if (mcs_config_render(&r->job, job->name, r->resolved, cap) >= cap) {
        snprintf(err, err_len, "the resolved config of %s outgrew its buffer", job->name);
        st = MCS_E_SOFTWARE;
        goto fail;
    }
    r->threads = engine->where.threads;
    const int on_gpu = engine->be->describe_gpu != NULL;
    r->estimate_cold = o ? o->cold : engine->runs == 0;
    r->estimate_threads = engine->where.threads;
    mcs_share all;
    memset(&all, 0, sizeof all);
    all.range.end = mcs_job_blocks(&r->job);
    st = mcs_engine_run_share(&r->job, engine->be, &engine->where, o && o->share ? o->share : &all,
                              o ? o->progress : NULL, o ? o->progress_ctx : NULL, &r->res,
                              &r->threads, on_gpu ? &r->gpu : NULL, &r->t, err, err_len);
    engine->runs++;
    r->has_gpu = on_gpu;
    r->t.seconds[MCS_PHASE_TOTAL] = mcs_now() - r->t.start;
    *out = r;
    return st;
fail:
    mcsim_result_free(r);
    return st;
}

mcsim_status mcsim_run(mcsim_engine *engine, const mcsim_job *job, mcsim_result **out,
                       mcsim_error *err)
{
    if (!out)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_run: out is NULL");
    *out = NULL;
    if (!engine || !job)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_run: %s is NULL",
                            engine ? "job" : "engine");
    char message[MCSIM_MESSAGE_MAX] = "";
    mcsim_result *r = NULL;
    run_begins();
    mcs_status st = mcs_run_job(engine, job, NULL, &r, message, sizeof message);
    run_ends();
    if (r && (st == MCS_OK || st == MCS_E_INTERRUPTED)) {
        r->job.write_log = 0; /* the run wrote no log: the report's parameters say so */
        *out = r;             /* its JSON is made when first asked for */
    } else {
        mcsim_result_free(r);
    }
    if (st == MCS_OK && r && mcs_result_untrusted(&r->res)) {
        const char *why = "the result's checks found an error";
        for (int i = 0; i < r->res.n_warnings; i++)
            if (r->res.warnings[i].severity == MCS_SEVERITY_ERROR) {
                why = r->res.warnings[i].message;
                break;
            }
        return mcs_api_fail(err, MCSIM_E_DATA, "%s (the result cannot be trusted)", why);
    }
    if (st != MCS_OK)
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}

int mcsim_result_rows(const mcsim_result *res)
{
    return res ? 1 : 0;
}

int mcsim_result_outputs(const mcsim_result *res)
{
    return res ? res->res.n_outputs : 0;
}

mcsim_status mcsim_result_output(const mcsim_result *res, int row, int i, mcsim_output *out,
                                 mcsim_error *err)
{
    if (!res || !out)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_result_output: %s is NULL",
                            res ? "out" : "res");
    if (row != 0 || i < 0 || i >= res->res.n_outputs)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_result_output: row %d, output %d: the "
                            "result has 1 row (0) and %d outputs (0 to %d)", row, i,
                            res->res.n_outputs, res->res.n_outputs - 1);
    const mcs_output_result *o = &res->res.outputs[i];
    *out = (mcsim_output){o->name,      o->price,        o->std_error, o->ci_low, o->ci_high,
                          o->has_analytic, o->has_analytic ? o->analytic : NAN,
                          o->has_analytic ? o->analytic_source : NULL};
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}

uint64_t mcsim_result_paths(const mcsim_result *res)
{
    return res ? res->res.paths : 0;
}

const char *mcsim_result_backend(const mcsim_result *res)
{
    return res ? res->be->name : NULL;
}

int mcsim_phase_count(void)
{
    return MCS_PHASE_COUNT;
}

const char *mcsim_phase_name(int i)
{
    return i >= 0 && i < MCS_PHASE_COUNT ? mcs_phase_name((mcs_phase)i) : NULL;
}

double mcsim_result_seconds(const mcsim_result *res, int phase)
{
    return res && phase >= 0 && phase < MCS_PHASE_COUNT ? res->t.seconds[phase] : NAN;
}

int mcsim_result_warnings(const mcsim_result *res)
{
    return res ? res->res.n_warnings : 0;
}

const char *mcsim_result_warning(const mcsim_result *res, int i, int *severity)
{
    if (!res || i < 0 || i >= res->res.n_warnings)
        return NULL;
    if (severity)
        *severity = res->res.warnings[i].severity == MCS_SEVERITY_ERROR;
    return res->res.warnings[i].message;
}

const char *mcsim_result_json(const mcsim_result *res)
{
    if (!res)
        return NULL;
    mcsim_result *r = (mcsim_result *)res; /* made once, under its lock */
    pthread_mutex_lock(&r->lock);
    if (!r->json)
        r->json = mcs_result_render_json(r, &r->job, &r->t, NULL);
    const char *json = r->json;
    pthread_mutex_unlock(&r->lock);
    return json; /* NULL only when out of memory */
}

/* What the run log's command_line says of a log written through the API. */
#define API_COMMAND_LINE "libmcsim " MCSIM_VERSION_STRING ": mcsim_result_write_log"

mcsim_status mcsim_result_write_log(const mcsim_result *res, const char *path, mcsim_error *err)
{
    if (!res || !path || !*path)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_result_write_log: %s",
                            !res ? "res is NULL" : "path is NULL or empty");
    mcsim_result *r = (mcsim_result *)res; /* its JSON is renewed under its lock */
    char message[MCSIM_MESSAGE_MAX] = "";
    mcs_status st = mcs_output_check("run log", path, 0, NULL, message, sizeof message);
    if (st == MCS_OK)
        st = mcs_output_lock("run log", path, message, sizeof message);
    if (st != MCS_OK)
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    mcs_job job = r->job;
    job.write_log = 1; /* the log's config says so, as -o's */
    mcs_timings t = r->t; /* the total: the run's, then the writing */
    t.start = mcs_now() - r->t.seconds[MCS_PHASE_TOTAL];
    mcs_run_info info;
    mcs_result_run_info(r, API_COMMAND_LINE, &info);
    size_t cap = strlen(r->resolved) + 64;
    char *config = malloc(cap);
    if (!config || mcs_config_render(&job, r->config_name, config, cap) >= cap) {
        free(config);
        mcs_output_unlock(path);
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory for the log's config");
    }
    info.config_text = config;
    mcs_hdf5_lock();
    st = mcs_h5log_write(path, &info, &job, &r->res, &t, message, sizeof message);
    mcs_hdf5_unlock();
    mcs_output_unlock(path);
    free(config);
    if (st != MCS_OK)
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    /* the report now names the log, as `mcsim CONFIG -o PATH --format json` */
    pthread_mutex_lock(&r->lock);
    char *copy = strdup(path), **retired = realloc(r->retired,
                                                   (size_t)(r->n_retired + 1) * sizeof *retired);
    char *json = copy && retired ? mcs_result_render_json(r, &job, &t, path) : NULL;
    if (retired)
        r->retired = retired;
    if (json) {
        if (r->json)
            r->retired[r->n_retired++] = r->json;
        r->json = json;
        free(r->log_path);
        r->log_path = copy;
    } else {
        free(copy);
    }
    pthread_mutex_unlock(&r->lock);
    if (!json)
        return mcs_api_fail(err, MCSIM_E_NOMEM, "the log %s is written; out of memory for the "
                            "report naming it", path);
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}
