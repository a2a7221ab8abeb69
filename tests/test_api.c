/* test_api.c - libmcsim's public API (include/mcsim.h), linked against
 * libmcsim.so as a user's program is: jobs from text and files with the
 * mcsim command's messages (the built mcsim is run for the same inputs),
 * bare keys, derived jobs, every key of the key table accepted on a job of
 * its type, runs equal to the command's JSON, two threads at once equal to
 * serial runs, a stop request, the run log, estimate and validate,
 * argument errors. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcsim.h"

#ifndef SOURCE_DIR
#error "SOURCE_DIR (the repository) must be defined (tests/CMakeLists.txt)"
#endif
#ifndef MCSIM_EXE
#error "MCSIM_EXE (the built mcsim) must be defined (tests/CMakeLists.txt)"
#endif

#define CONFIGS SOURCE_DIR "/configs/"

static const char *const EUROPEAN = "[model]\nspot = 100\nrate = 0.05\nvolatility = 0.2\n"
                                    "[option]\nstrike = 100\nmaturity = 1\n"
                                    "[simulation]\npaths = 20000\nseed = 7\n";

/* What `mcsim ARGS` says on stderr, first line, without "mcsim: ". */
static void cli_message(const char *args, char *buf, size_t len)
{
    char *cmd;
    assert_true(asprintf(&cmd, "cd /tmp && %s %s --no-log 2>&1 >/dev/null", MCSIM_EXE, args) > 0);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    buf[0] = '\0';
    if (!fgets(buf, (int)len, p))
        buf[0] = '\0';
    pclose(p);
    free(cmd);
    buf[strcspn(buf, "\n")] = '\0';
    if (strncmp(buf, "mcsim: ", 7) == 0)
        memmove(buf, buf + 7, strlen(buf + 7) + 1);
}

/* What `mcsim ARGS` prints on stdout, whole. */
static char *cli_output(const char *args)
{
    char *cmd, *text = NULL;
    size_t cap = 0;
    assert_true(asprintf(&cmd, "%s %s 2>/dev/null", MCSIM_EXE, args) > 0);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    ssize_t n = getdelim(&text, &cap, '\0', p);
    assert_true(n > 0);
    pclose(p);
    free(cmd);
    return text;
}

/* A run's JSON without what differs between two runs of one job: the
 * timings, the seconds and the rates made from them. */
static char *json_without_times(const char *json)
{
    char *copy = strdup(json);
    static const char *const keys[] = {"\"seconds\": ", "\"simulate_seconds\": ",
                                       "\"paths_per_second\": ", "\"threads\": "};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        char *at = strstr(copy, keys[k]);
        assert_non_null(at);
        char *end = strchr(at, ',');
        memmove(at, end + 1, strlen(end + 1) + 1);
    }
    char *t = strstr(copy, "\"timings\": {");
    assert_non_null(t);
    char *end = strstr(t, "}, ");
    memmove(t, end + 3, strlen(end + 3) + 1);
    return copy;
}

static mcsim_job *job_or_fail(const char *text, const char *const *sets, int n)
{
    mcsim_job *job = NULL;
    mcsim_error e;
    mcsim_status st = mcsim_job_from_text("test.ini", text, sets, n, &job, &e);
    if (st != MCSIM_OK)
        fail_msg("job: %d %s", st, e.message);
    return job;
}

static mcsim_engine *cpu_engine(int threads)
{
    mcsim_engine_options o = {"cpu", threads, 0};
    mcsim_engine *engine = NULL;
    mcsim_error e;
    assert_int_equal(mcsim_engine_new(&o, &engine, &e), MCSIM_OK);
    assert_string_equal(mcsim_engine_backend(engine), "cpu");
    return engine;
}

static void version(void **state)
{
    (void)state;
    int major, minor, patch;
    mcsim_version_numbers(&major, &minor, &patch);
    assert_string_equal(mcsim_version(), MCSIM_VERSION_STRING);
    assert_int_equal(major, MCSIM_VERSION_MAJOR);
    assert_int_equal(minor, MCSIM_VERSION_MINOR);
    assert_int_equal(patch, MCSIM_VERSION_PATCH);
    char *out = cli_output("--version");
    char want[64];
    snprintf(want, sizeof want, "mcsim %s\n", MCSIM_VERSION_STRING);
    assert_memory_equal(out, want, strlen(want));
    free(out);
}

static void job_from_text_and_file(void **state)
{
    (void)state;
    const char *sets[] = {"option.strike=110", "simulation.paths=1e4"};
    mcsim_job *job = job_or_fail(EUROPEAN, sets, 2);
    assert_string_equal(mcsim_job_get(job, "option.strike"), "110");
    assert_string_equal(mcsim_job_get(job, "simulation.paths"), "10000");
    assert_string_equal(mcsim_job_get(job, "model.volatility"), "0.2");
    assert_string_equal(mcsim_job_get(job, "option.payoff"), "european");
    assert_null(mcsim_job_get(job, "option.barrier"));
    assert_non_null(strstr(mcsim_job_config(job), "strike = 110\n"));
    mcsim_job_free(job);

    mcsim_error e;
    const char *barrier_sets[] = {"simulation.paths=5000"};
    assert_int_equal(mcsim_job_from_file(CONFIGS "barrier.ini", barrier_sets, 1, &job, &e),
                     MCSIM_OK);
    assert_string_equal(e.message, "");
    assert_string_equal(mcsim_job_get(job, "option.barrier"), "90");
    assert_string_equal(mcsim_job_get(job, "simulation.paths"), "5000");
    mcsim_job_free(job);
}

/* Bad inputs: the status is the command's exit code, the message its. */
static void messages_are_the_commands(void **state)
{
    (void)state;
    static const struct {
        const char *text, *set; /* set: one --set, or NULL */
        mcsim_status st;
    } cases[] = {
        {"[model]\nspot = -1\nvolatility = 0.2\n[option]\nstrike = 1\nmaturity = 1\n", NULL,
         MCSIM_E_CONFIG},
        {"[model]\nspot = 100\n[option]\nstrike = 1\nmaturity = 1\n", NULL, MCSIM_E_CONFIG},
        {"[modle]\nspot = 100\n", NULL, MCSIM_E_CONFIG},
        {"spot = 100\n", NULL, MCSIM_E_CONFIG},
        {"[model]\nspot = 100\nspot = 101\n", NULL, MCSIM_E_CONFIG},
        {"[model\n", NULL, MCSIM_E_CONFIG},
        {NULL, "option.strike=-5", MCSIM_E_CONFIG},
        {NULL, "option.strik=5", MCSIM_E_CONFIG},
        {NULL, "simulation.paths=1e16", MCSIM_E_CONFIG},
        {NULL, "option.payoff=barrier", MCSIM_E_CONFIG},
    };
    char path[] = "/tmp/mcsim_test_api_XXXXXX.ini";
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    close(fd);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *text = cases[i].text ? cases[i].text : EUROPEAN;
        FILE *f = fopen(path, "w");
        fputs(text, f);
        fclose(f);
        mcsim_job *job = NULL;
        mcsim_error e;
        int n = cases[i].set ? 1 : 0;
        const char *sets[] = {cases[i].set};
        mcsim_status st = mcsim_job_from_file(path, sets, n, &job, &e);
        assert_int_equal(st, cases[i].st);
        assert_int_equal(e.status, st);
        assert_null(job);
        char args[512], want[MCSIM_MESSAGE_MAX];
        snprintf(args, sizeof args, "%s%s%s", path, n ? " --set " : "", n ? cases[i].set : "");
        cli_message(args, want, sizeof want);
        assert_string_equal(e.message, want);
        /* the same from text: the same message, naming the text's name */
        st = mcsim_job_from_text(path, text, sets, n, &job, &e);
        assert_int_equal(st, cases[i].st);
        assert_string_equal(e.message, want);
    }
    unlink(path);
    /* a missing file: the command's 66 and message */
    mcsim_job *job = NULL;
    mcsim_error e;
    char want[MCSIM_MESSAGE_MAX];
    assert_int_equal(mcsim_job_from_file("/nonexistent/x.ini", NULL, 0, &job, &e),
                     MCSIM_E_NOINPUT);
    cli_message("/nonexistent/x.ini", want, sizeof want);
    assert_string_equal(e.message, want);
}

static void bare_keys(void **state)
{
    (void)state;
    const char *sets[] = {"strike=105", "paths=2e4", "volatility = 0.3"};
    mcsim_job *job = job_or_fail(EUROPEAN, sets, 3);
    assert_string_equal(mcsim_job_get(job, "option.strike"), "105");
    assert_string_equal(mcsim_job_get(job, "simulation.paths"), "20000");
    assert_string_equal(mcsim_job_get(job, "model.volatility"), "0.3");
    mcsim_job_free(job);
    /* a key of the payoff named after it in the same call */
    const char *barrier[] = {"barrier=80", "option.payoff=barrier", "barrier_type=up-out",
                             "barrier=120"};
    job = job_or_fail(EUROPEAN, barrier, 4);
    assert_string_equal(mcsim_job_get(job, "option.barrier"), "120");
    assert_string_equal(mcsim_job_get(job, "option.barrier_type"), "up-out");
    mcsim_job_free(job);

    mcsim_error e;
    const char *ambiguous[] = {"type=put"}; /* model.type and option.type */
    assert_int_equal(mcsim_job_from_text("t.ini", EUROPEAN, ambiguous, 1, &job, &e),
                     MCSIM_E_CONFIG);
    assert_null(job);
    assert_non_null(strstr(e.message, "model.type, option.type"));
    const char *unknown[] = {"barrier=80"}; /* not a key of a European */
    assert_int_equal(mcsim_job_from_text("t.ini", EUROPEAN, unknown, 1, &job, &e),
                     MCSIM_E_CONFIG);
    assert_non_null(strstr(e.message, "no key 'barrier'"));
    assert_non_null(strstr(e.message, "option.strike"));
    const char *bad_value[] = {"strike=-1"}; /* resolved, then the command's message */
    assert_int_equal(mcsim_job_from_text("t.ini", EUROPEAN, bad_value, 1, &job, &e),
                     MCSIM_E_CONFIG);
    assert_string_equal(e.message, "--set option.strike=-1: [option] strike = -1: must be "
                                   "greater than 0");
}

static void derive(void **state)
{
    (void)state;
    mcsim_job *base = job_or_fail(EUROPEAN, NULL, 0), *d = NULL, *dd = NULL;
    mcsim_error e;
    const char *sets[] = {"strike=90"};
    assert_int_equal(mcsim_job_derive(base, sets, 1, &d, &e), MCSIM_OK);
    assert_string_equal(mcsim_job_get(d, "option.strike"), "90");
    assert_string_equal(mcsim_job_get(base, "option.strike"), "100");
    const char *more[] = {"option.type=put"};
    assert_int_equal(mcsim_job_derive(d, more, 1, &dd, &e), MCSIM_OK);
    assert_string_equal(mcsim_job_get(dd, "option.strike"), "90"); /* kept */
    assert_string_equal(mcsim_job_get(dd, "option.type"), "put");
    mcsim_job_free(dd);
    /* every assignment is validated again with the new ones */
    const char *bad[] = {"maturity=0"};
    assert_int_equal(mcsim_job_derive(d, bad, 1, &dd, &e), MCSIM_E_CONFIG);
    assert_null(dd);
    assert_non_null(strstr(e.message, "[option] maturity = 0"));
    mcsim_job_free(d);
    mcsim_job_free(base);
}

/* The config of configs/ for a key's applies_to: <payoff>.ini for a
 * payoff's keys, <model>.ini for a model's other than gbm (best_of.ini,
 * with the payoff set, for multi_gbm, worst_of and spread), european.ini
 * for the keys of every job and of gbm. */
static mcsim_job *base_for(const char *applies_to)
{
    char path[512];
    const char *payoff = strncmp(applies_to, "option.payoff=", 14) == 0 ? applies_to + 14
                         : strncmp(applies_to, "model.type=", 11) == 0 &&
                                 strcmp(applies_to + 11, "gbm") != 0
                             ? applies_to + 11
                             : "european";
    /* the multi-asset ones without a config of their own: best_of.ini with
     * the payoff set */
    char other[128] = "";
    const char *sets[1] = {other};
    if (strcmp(payoff, "multi_gbm") == 0 || strcmp(payoff, "worst_of") == 0 ||
        strcmp(payoff, "spread") == 0) {
        if (strcmp(payoff, "multi_gbm") != 0)
            snprintf(other, sizeof other, "option.payoff=%s", payoff);
        payoff = "best_of";
    }
    snprintf(path, sizeof path, CONFIGS "%s.ini", payoff);
    mcsim_job *job = NULL;
    mcsim_error e;
    if (mcsim_job_from_file(path, other[0] ? sets : NULL, other[0] ? 1 : 0, &job, &e) != MCSIM_OK)
        fail_msg("%s: %s", path, e.message);
    return job;
}

/* Every key of the key table is accepted by mcsim_job_derive on a job of
 * its type: its default (or the base's value; 100 for a required amount
 * the base does not use), where needed with another key of its type at one
 * of its choices (strike of a lookback needs strike_type = fixed). */
static void every_key_is_accepted(void **state)
{
    (void)state;
    const int n = mcsim_key_count();
    assert_true(n >= 30);
    for (int i = 0; i < n; i++) {
        mcsim_key_info k;
        mcsim_error e;
        assert_int_equal(mcsim_key_at(i, &k, &e), MCSIM_OK);
        assert_non_null(k.meaning);
        mcsim_job *base = base_for(k.applies_to), *d = NULL;
        char name[128], set[256];
        snprintf(name, sizeof name, "%s.%s", k.section, k.key);
        const char *value = k.default_value ? k.default_value : mcsim_job_get(base, name);
        snprintf(set, sizeof set, "%s=%s", name, value ? value : "100");
        const char *sets[2] = {set, NULL};
        mcsim_status st = mcsim_job_derive(base, sets, 1, &d, &e);
        for (int j = 0; j < n && st != MCSIM_OK; j++) { /* another key of the type, each choice */
            mcsim_key_info o;
            mcsim_key_at(j, &o, NULL);
            if (j == i || strcmp(o.applies_to, k.applies_to) != 0 || !o.choices[0])
                continue;
            char *choices = strdup(o.choices), *save = NULL;
            for (char *c = strtok_r(choices, ", ", &save); c && st != MCSIM_OK;
                 c = strtok_r(NULL, ", ", &save)) {
                char other[256];
                snprintf(other, sizeof other, "%s.%s=%s", o.section, o.key, c);
                const char *two[2] = {other, set};
                st = mcsim_job_derive(base, two, 2, &d, &e);
            }
            free(choices);
        }
        if (st != MCSIM_OK)
            fail_msg("%s (%s): %s", set, k.applies_to, e.message);
        /* the choices listed are the names the key takes */
        if (k.choices[0] && value) {
            char *copy = strdup(k.choices), *save = NULL;
            int listed = 0;
            for (char *c = strtok_r(copy, ", ", &save); c; c = strtok_r(NULL, ", ", &save))
                listed |= strcasecmp(c, value) == 0;
            free(copy);
            assert_true(listed);
        }
        mcsim_job_free(d);
        mcsim_job_free(base);
    }
    mcsim_key_info k;
    mcsim_error e;
    assert_int_equal(mcsim_key_at(n, &k, &e), MCSIM_E_USAGE);
}

/* mcsim_run gives the command's JSON, bit for bit but for the times. The
 * engine runs every config in turn, each on the threads' buffers the run
 * before it left (cpu_backend/block_scratch.c keeps them): the 64-asset
 * basket first, so that the smaller jobs after it find its values there,
 * and each is compared with a fresh process. */
static void run_equals_the_command(void **state)
{
    (void)state;
    static const char *const configs[] = {"basket", "european", "barrier", "asian", "lookback",
                                          "digital", "heston", "merton", "best_of", "bachelier"};
    mcsim_engine *engine = cpu_engine(2);
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; c++) {
        char path[512], args[1024];
        snprintf(path, sizeof path, CONFIGS "%s.ini", configs[c]);
        const char *sets[] = {"simulation.paths=30000", "simulation.block_size=4096"};
        mcsim_job *job = NULL;
        mcsim_result *res = NULL;
        mcsim_error e;
        assert_int_equal(mcsim_job_from_file(path, sets, 2, &job, &e), MCSIM_OK);
        mcsim_status st = mcsim_run(engine, job, &res, &e);
        assert_true(st == MCSIM_OK || st == MCSIM_E_DATA);
        assert_non_null(res);
        assert_int_equal(mcsim_result_rows(res), 1);
        assert_int_equal(mcsim_result_paths(res), 30000);
        assert_string_equal(mcsim_result_backend(res), "cpu");
        mcsim_output o;
        assert_int_equal(mcsim_result_output(res, 0, 0, &o, &e), MCSIM_OK);
        assert_true(isfinite(o.value) && o.std_error > 0 && o.ci_low < o.value);
        assert_int_equal(mcsim_result_output(res, 1, 0, &o, &e), MCSIM_E_USAGE);
        snprintf(args, sizeof args, "%s --set %s --set %s --backend cpu -t 2 --no-log "
                 "--format json", path, sets[0], sets[1]);
        char *cli = cli_output(args);
        char *a = json_without_times(mcsim_result_json(res)), *b = json_without_times(cli);
        assert_string_equal(a, b);
        free(a);
        free(b);
        free(cli);
        /* the phases: every name, the total their whole */
        assert_int_equal(mcsim_phase_count(), 13);
        assert_string_equal(mcsim_phase_name(mcsim_phase_count() - 1), "total");
        assert_null(mcsim_phase_name(mcsim_phase_count()));
        double sum = 0, total = mcsim_result_seconds(res, mcsim_phase_count() - 1);
        for (int p = 0; p < mcsim_phase_count() - 1; p++)
            sum += mcsim_result_seconds(res, p);
        assert_true(total >= sum * 0.999 && total > 0);
        mcsim_result_free(res);
        mcsim_job_free(job);
    }
    mcsim_engine_free(engine);
}

/* A result its checks distrust (a heavy-tailed lookback below its bound,
 * tests/cli_test.sh's case): MCSIM_E_DATA with the result, its warnings
 * and JSON as the command's (which exits 65). */
static void untrusted_result(void **state)
{
    (void)state;
    const char *heavy = "[model]\nspot = 100\nrate = 0.05\nvolatility = 2\n[option]\n"
                        "payoff = lookback\nstrike_type = floating\nmonitoring = discrete\n"
                        "maturity = 10\n[simulation]\npaths = 1e4\nseed = 1\n";
    mcsim_job *job = job_or_fail(heavy, NULL, 0);
    mcsim_engine *engine = cpu_engine(1);
    mcsim_result *res = NULL;
    mcsim_error e;
    assert_int_equal(mcsim_run(engine, job, &res, &e), MCSIM_E_DATA);
    assert_non_null(res);
    assert_non_null(strstr(e.message, "the result cannot be trusted"));
    int errors = 0, severity = -1;
    for (int i = 0; i < mcsim_result_warnings(res); i++) {
        const char *w = mcsim_result_warning(res, i, &severity);
        assert_non_null(w);
        errors += severity == 1;
    }
    assert_true(errors >= 2); /* the lower bound and the tail */
    assert_null(mcsim_result_warning(res, mcsim_result_warnings(res), &severity));
    assert_non_null(strstr(mcsim_result_json(res), "\"severity\": \"error\""));
    mcsim_result_free(res);
    mcsim_engine_free(engine);
    mcsim_job_free(job);
}

/* --- two threads ------------------------------------------------------------ */

#define THREAD_JOBS 6

typedef struct {
    const char *config;
    char prices[THREAD_JOBS][64]; /* "%.17g %.17g": price and std error per seed */
} thread_work;

static void *run_jobs(void *arg)
{
    thread_work *w = arg;
    mcsim_engine *engine = NULL;
    mcsim_engine_options o = {"cpu", 2, 0};
    if (mcsim_engine_new(&o, &engine, NULL) != MCSIM_OK)
        return NULL;
    for (int i = 0; i < THREAD_JOBS; i++) {
        char seed[64];
        snprintf(seed, sizeof seed, "simulation.seed=%d", 100 + i);
        const char *sets[] = {seed, "simulation.paths=200000", "simulation.block_size=8192"};
        mcsim_job *job = NULL;
        mcsim_result *res = NULL;
        mcsim_output out;
        if (mcsim_job_from_file(w->config, sets, 3, &job, NULL) == MCSIM_OK &&
            mcsim_run(engine, job, &res, NULL) != MCSIM_E_USAGE && res &&
            mcsim_result_output(res, 0, 0, &out, NULL) == MCSIM_OK)
            snprintf(w->prices[i], sizeof w->prices[i], "%.17g %.17g", out.value, out.std_error);
        mcsim_result_free(res);
        mcsim_job_free(job);
    }
    mcsim_engine_free(engine);
    return NULL;
}

static void two_threads_equal_serial_runs(void **state)
{
    (void)state;
    thread_work serial[2] = {{CONFIGS "asian.ini", {{0}}}, {CONFIGS "barrier.ini", {{0}}}};
    thread_work both[2] = {serial[0], serial[1]};
    run_jobs(&serial[0]);
    run_jobs(&serial[1]);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&t[i], NULL, run_jobs, &both[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < THREAD_JOBS; j++) {
            assert_true(serial[i].prices[j][0]);
            assert_string_equal(both[i].prices[j], serial[i].prices[j]);
        }
    assert_string_not_equal(serial[0].prices[0], serial[0].prices[1]); /* the seeds differ */
}

/* --- stopping ------------------------------------------------------------------ */

/* Every 0.2 s until *returned (the run came back): mcsim_request_stop. A
 * request before the run began would be cleared by it (run_begins), so one
 * request at a fixed time could leave a run of hours going on a loaded host. */
static void *stop_soon(void *arg)
{
    atomic_int *returned = arg;
    while (!atomic_load(returned)) {
        usleep(200000);
        mcsim_request_stop();
    }
    return NULL;
}

/* mcsim_request_stop from another thread stops a long run at a chunk's end
 * with its partial result; the next run is not stopped by it. */
static void stop_request(void **state)
{
    (void)state;
    const char *sets[] = {"simulation.paths=1e12"}; /* hours on this machine */
    mcsim_job *job = job_or_fail(EUROPEAN, sets, 1);
    mcsim_engine *engine = cpu_engine(1);
    mcsim_result *res = NULL;
    mcsim_error e;
    pthread_t t;
    atomic_int returned = 0;
    assert_int_equal(pthread_create(&t, NULL, stop_soon, &returned), 0);
    mcsim_status st = mcsim_run(engine, job, &res, &e);
    atomic_store(&returned, 1);
    pthread_join(t, NULL);
    assert_int_equal(st, MCSIM_E_INTERRUPTED);
    assert_non_null(res);
    assert_true(mcsim_result_paths(res) < 1000000000000ULL);
    assert_non_null(strstr(e.message, "interrupted after"));
    mcsim_result_free(res);
    mcsim_job_free(job);
    job = job_or_fail(EUROPEAN, NULL, 0);
    assert_int_equal(mcsim_run(engine, job, &res, &e), MCSIM_OK);
    assert_int_equal(mcsim_result_paths(res), 20000);
    mcsim_result_free(res);
    mcsim_job_free(job);
    mcsim_engine_free(engine);
}

/* --- the log, estimate, validate, errors --------------------------------------- */

static void write_log(void **state)
{
    (void)state;
    char dir[] = "/tmp/mcsim_test_api_log_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[512];
    snprintf(path, sizeof path, "%s/run.h5", dir);
    mcsim_job *job = job_or_fail(EUROPEAN, NULL, 0);
    mcsim_engine *engine = cpu_engine(1);
    mcsim_result *res = NULL;
    mcsim_error e;
    assert_int_equal(mcsim_run(engine, job, &res, &e), MCSIM_OK);
    const char *before = mcsim_result_json(res);
    assert_non_null(strstr(before, "\"log_file\": null"));
    assert_non_null(strstr(before, "\"log\": \"no\""));
    assert_int_equal(mcsim_result_write_log(res, path, &e), MCSIM_OK);
    assert_non_null(strstr(before, "\"log_file\": null")); /* the old string lives on */
    const char *after = mcsim_result_json(res);
    char want[300];
    snprintf(want, sizeof want, "\"log_file\": \"%s\"", path);
    assert_non_null(strstr(after, want));
    assert_non_null(strstr(after, "\"log\": \"yes\""));
    /* the lock is given back; the file reads back (h5dump) with the result's price */
    mcsim_output o;
    assert_int_equal(mcsim_result_output(res, 0, 0, &o, &e), MCSIM_OK);
    snprintf(cmd, sizeof cmd, "test ! -e %s.lock && h5dump -m %%.17g -a /outputs/0/price %s | "
             "grep -qF '(0): %.17g'", path, path, o.value);
    assert_int_equal(system(cmd), 0);
    /* as -o: an existing file that is not a log, or a folder, is refused */
    assert_int_equal(mcsim_result_write_log(res, dir, &e), MCSIM_E_IO);
    assert_non_null(strstr(e.message, dir));
    mcsim_result_free(res);
    mcsim_engine_free(engine);
    mcsim_job_free(job);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* 1 when python3 reads text as one JSON document. */
static int json_parses(const char *text)
{
    FILE *p = popen("/usr/bin/python3 -c 'import json, sys; json.load(sys.stdin)'", "w");
    if (!p)
        return 0;
    fputs(text, p);
    return pclose(p) == 0;
}

static void estimate_and_validate(void **state)
{
    (void)state;
    mcsim_job *job = job_or_fail(EUROPEAN, NULL, 0);
    char *json = NULL;
    mcsim_error e;
    const char *args[] = {"--cpu", "desktop", "--gpu", "h100-sxm", "--tolerance", "1e-3"};
    assert_int_equal(mcsim_estimate(job, args, 6, &json, &e), MCSIM_OK);
    assert_true(json_parses(json));
    assert_non_null(strstr(json, "\"config\": \"test.ini\""));
    assert_non_null(strstr(json, "\"tolerance\": 0.001"));
    mcsim_free(json);
    const char *bad[] = {"--tolerance", "-1"};
    assert_int_equal(mcsim_estimate(job, bad, 2, &json, &e), MCSIM_E_USAGE);
    assert_null(json);
    assert_non_null(strstr(e.message, "--tolerance -1"));
    const char *format[] = {"--format", "text"};
    assert_int_equal(mcsim_estimate(job, format, 2, &json, &e), MCSIM_E_USAGE);
    const char *missing[] = {"/nonexistent/sweep.h5"};
    assert_int_equal(mcsim_validate(missing, 1, &json, &e), MCSIM_E_NOINPUT);
    assert_non_null(strstr(e.message, "/nonexistent/sweep.h5"));
    mcsim_job_free(job);
}

static void argument_errors(void **state)
{
    (void)state;
    mcsim_error e;
    mcsim_job *job = NULL;
    assert_int_equal(mcsim_job_from_text("t", NULL, NULL, 0, &job, &e), MCSIM_E_USAGE);
    assert_int_equal(mcsim_job_from_text("t", "", NULL, -1, &job, &e), MCSIM_E_USAGE);
    assert_int_equal(mcsim_job_derive(NULL, NULL, 0, &job, &e), MCSIM_E_USAGE);
    mcsim_engine_options bad = {"tpu", 0, 0};
    mcsim_engine *engine = NULL;
    assert_int_equal(mcsim_engine_new(&bad, &engine, &e), MCSIM_E_USAGE);
    bad.backend = "cpu";
    bad.threads = -1;
    assert_int_equal(mcsim_engine_new(&bad, &engine, &e), MCSIM_E_USAGE);
    mcsim_result *res = NULL;
    assert_int_equal(mcsim_run(NULL, NULL, &res, &e), MCSIM_E_USAGE);
    /* the GPU where this build or machine has none: 69 with the reason */
    mcsim_engine_options gpu = {"gpu", 0, 0};
    mcsim_status st = mcsim_engine_new(&gpu, &engine, &e);
    if (st == MCSIM_OK) {
        mcsim_engine_free(engine);
    } else {
        assert_int_equal(st, MCSIM_E_UNAVAILABLE);
        assert_non_null(strstr(e.message, "gpu"));
    }
    /* a generator the CPU cannot run: the command's message, at the run */
    const char *mrg[] = {"simulation.rng=mrg32k3a"};
    job = job_or_fail(EUROPEAN, mrg, 1);
    engine = cpu_engine(1);
    assert_int_equal(mcsim_run(engine, job, &res, &e), MCSIM_E_CONFIG);
    assert_null(res);
    assert_non_null(strstr(e.message, "test.ini: [simulation] rng = mrg32k3a is not available "
                                      "on the cpu backend"));
    mcsim_engine_free(engine);
    mcsim_job_free(job);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(version),
        cmocka_unit_test(job_from_text_and_file),
        cmocka_unit_test(messages_are_the_commands),
        cmocka_unit_test(bare_keys),
        cmocka_unit_test(derive),
        cmocka_unit_test(every_key_is_accepted),
        cmocka_unit_test(run_equals_the_command),
        cmocka_unit_test(untrusted_result),
        cmocka_unit_test(two_threads_equal_serial_runs),
        cmocka_unit_test(stop_request),
        cmocka_unit_test(write_log),
        cmocka_unit_test(estimate_and_validate),
        cmocka_unit_test(argument_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
