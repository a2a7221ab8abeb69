/* runner.c - warm (in-process) and cold (fresh process) timed runs. */
#define _GNU_SOURCE
#include "runner.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "backend.h"
#include "engine.h"
#include "h5log.h"
#include "runlog.h"
#include "stop.h"
#include "sysinfo.h"

extern char **environ;

mcs_status mcs_run_spec_job(const mcs_run_spec *spec, mcs_job *job, char *resolved,
                            size_t resolved_len, char *err, size_t err_len)
{
    mcs_override ov[16];
    for (int i = 0; i < spec->n_overrides; i++)
        ov[i] = (mcs_override){"--set", spec->overrides[i]};
    mcs_status st = mcs_config_load(spec->config, ov, spec->n_overrides, job, resolved,
                                    resolved_len, err, err_len);
    const mcs_backend *be = mcs_backend_find(spec->backend);
    if (st == MCS_OK && be && job->sim.rng == MCS_RNG_AUTO)
        job->sim.rng = be->default_rng;
    return st;
}

mcs_status mcs_run_warm(const mcs_run_spec *spec, const char *log_path, mcs_timings *t,
                        mcs_job *job_out, mcs_gpu_info *gpu_out, mcs_result *res_out, char *err,
                        size_t err_len)
{
    static char resolved[MCS_CONFIG_RESOLVED_MAX];
    memset(t, 0, sizeof *t);
    t->start = mcs_now();
    mcs_job job;
    mcs_status st = mcs_run_spec_job(spec, &job, resolved, sizeof resolved, err, err_len);
    t->seconds[MCS_PHASE_CONFIG] = mcs_now() - t->start;
    if (st != MCS_OK)
        return st;
    double p0 = mcs_now();
    const mcs_backend *be = mcs_backend_find(spec->backend);
    char why[512];
    if (!be || be->probe(why, sizeof why) != MCS_OK) {
        snprintf(err, err_len, "backend %s unavailable: %s", spec->backend,
                 be ? why : "not built in");
        return MCS_E_UNAVAILABLE;
    }
    t->seconds[be->describe_gpu ? MCS_PHASE_CONTEXT : MCS_PHASE_SETUP] += mcs_now() - p0;
    mcs_placement where = {spec->threads > 0 ? spec->threads : omp_get_max_threads(), 0, 0};
    int threads_used = where.threads;
    mcs_gpu_info gpu;
    memset(&gpu, 0, sizeof gpu);
    mcs_result res;
    memset(&res, 0, sizeof res);
    st = mcs_engine_run(&job, be, &where, NULL, NULL, &res, &threads_used, &gpu, t, err,
                        err_len);
    if (st != MCS_OK)
        return st;
    if (log_path) {
        mcs_run_info info;
        memset(&info, 0, sizeof info);
        info.backend = be->name;
        info.command_line = "(in-process run by mcsim calibrate/sweep)";
        info.config_file = spec->config;
        mcs_config_render(&job, spec->config, resolved, sizeof resolved);
        info.config_text = resolved;
        mcs_sysinfo_host(info.host, sizeof info.host);
        mcs_sysinfo_cpu_model(info.cpu_model, sizeof info.cpu_model);
        info.cores = mcs_sysinfo_cores();
        info.threads = threads_used;
        info.cpu_isa = mcs_backend_find("cpu")->variant();
        info.gpu = be->describe_gpu ? &gpu : NULL;
        st = mcs_h5log_write(log_path, &info, &job, &res, t, err, err_len);
    } else { /* no log wanted: the run ends here */
        t->seconds[MCS_PHASE_TOTAL] = mcs_now() - t->start;
    }
    if (job_out)
        *job_out = job;
    if (gpu_out)
        *gpu_out = gpu;
    if (res_out)
        *res_out = res;
    return st;
}

/* The status whose exit code a child mcsim returned (MCS_E_SOFTWARE if none). */
static mcs_status status_of_exit_code(int code)
{
    for (int s = MCS_OK; s <= MCS_E_INTERRUPTED; s++)
        if (mcs_status_exit_code((mcs_status)s) == code)
            return (mcs_status)s;
    return MCS_E_SOFTWARE;
}

/* The last non-empty line of a small text file, without its newline. */
static void last_line(const char *path, char *buf, size_t len)
{
    char line[512];
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0])
            snprintf(buf, len, "%s", line);
    }
    if (f)
        fclose(f);
}

/* A note on stderr, once per message site. */
#define warn_once(msg)                                                                     \
    do {                                                                                   \
        static int said;                                                                   \
        if (!said)                                                                         \
            fprintf(stderr, "%s\n", msg);                                                  \
        said = 1;                                                                          \
    } while (0)

/* posix_spawn(p) with the calling thread's CPU affinity widened, for the
 * spawn, to every CPU of OpenMP's places. With OMP_PROC_BIND set, libgomp
 * binds this (the master) thread to the first place, and a child inherits
 * that mask: a fresh run of 16 threads on one vCPU, 8 times slower (a
 * sweep's cold runs on the H200 host, 2026-11-28,
 * bench/results/estimator/h200-binding-session14). The places cover the
 * CPUs the process started with; the mask is restored after. */
static int spawn_widened(pid_t *pid, const char *path, int search,
                         const posix_spawn_file_actions_t *fa, char *const argv[])
{
    cpu_set_t before, all;
    int widened = 0;
    if (omp_get_proc_bind() != omp_proc_bind_false && omp_get_num_places() > 0 &&
        pthread_getaffinity_np(pthread_self(), sizeof before, &before) == 0) {
        CPU_ZERO(&all);
        for (int p = 0; p < omp_get_num_places(); p++) {
            int n = omp_get_place_num_procs(p), ids[CPU_SETSIZE];
            if (n < 1 || n > CPU_SETSIZE)
                continue; /* (a place of more CPUs than a cpu_set_t holds: not widened by it) */
            omp_get_place_proc_ids(p, ids);
            for (int i = 0; i < n; i++)
                if (ids[i] >= 0 && ids[i] < CPU_SETSIZE)
                    CPU_SET(ids[i], &all);
        }
        widened = CPU_COUNT(&all) > 0 &&
                  pthread_setaffinity_np(pthread_self(), sizeof all, &all) == 0;
        if (!widened) /* said once: the fresh runs share this thread's CPUs */
            warn_once("mcsim: note: could not give a fresh run every CPU of OpenMP's places "
                      "(OMP_PROC_BIND is set): it runs on this thread's; unset OMP_PROC_BIND "
                      "for calibrate and sweep");
    }
    int rc = search ? posix_spawnp(pid, path, fa, NULL, argv, environ)
                    : posix_spawn(pid, path, fa, NULL, argv, environ);
    if (widened && pthread_setaffinity_np(pthread_self(), sizeof before, &before) != 0)
        warn_once("mcsim: note: could not bind this thread back to its place after starting a "
                  "fresh run: later runs in this process are unbound");
    return rc;
}

/* Start `self` as a fresh process of spec writing log_path (on GPU `device`
 * when >= 0), its stderr to log_path.stderr; MCS_OK with its pid. */
static mcs_status spawn_run(const char *self, const mcs_run_spec *spec, const char *log_path,
                            int device, pid_t *pid, char *err, size_t err_len)
{
    char threads[32], gpu[32], err_path[4200], words[MCS_LAUNCHER_MAX + 1];
    /* the launcher's words, mcsim and its 10 options' words, the overrides
     * (--set and each), the NULL */
    const char *argv[MCS_LAUNCHER_WORDS + 11 + 2 * (sizeof spec->overrides / sizeof *spec->overrides) + 1];
    int n = 0;
    if (spec->launcher) { /* its words first */
        if (strlen(spec->launcher) > MCS_LAUNCHER_MAX) {
            snprintf(err, err_len, "launcher '%.40s...': longer than %d characters",
                     spec->launcher, MCS_LAUNCHER_MAX);
            return MCS_E_USAGE;
        }
        snprintf(words, sizeof words, "%s", spec->launcher);
        for (char *save = NULL, *w = strtok_r(words, " \t", &save); w;
             w = strtok_r(NULL, " \t", &save)) {
            if (n == MCS_LAUNCHER_WORDS) {
                snprintf(err, err_len, "launcher '%s': more than %d words", spec->launcher,
                         MCS_LAUNCHER_WORDS);
                return MCS_E_USAGE;
            }
            argv[n++] = w;
        }
    }
    argv[n++] = self;
    argv[n++] = spec->config;
    argv[n++] = "--backend";
    argv[n++] = spec->backend;
    argv[n++] = "-q";
    argv[n++] = "-o";
    argv[n++] = log_path;
    if (spec->threads > 0) {
        snprintf(threads, sizeof threads, "%d", spec->threads);
        argv[n++] = "--threads";
        argv[n++] = threads;
    }
    if (device >= 0) {
        snprintf(gpu, sizeof gpu, "%d", device);
        argv[n++] = "--device";
        argv[n++] = gpu;
    }
    for (int i = 0; i < spec->n_overrides; i++) {
        argv[n++] = "--set";
        argv[n++] = spec->overrides[i];
    }
    argv[n] = NULL;
    /* the child's stderr (its error message: it runs with -q) goes to a
     * file beside the log, to be quoted if it fails */
    snprintf(err_path, sizeof err_path, "%s.stderr", log_path);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int rc = mcs_stop_flag ? ECANCELED
             : spec->launcher ? spawn_widened(pid, argv[0], 1, &fa, (char *const *)argv)
                              : spawn_widened(pid, self, 0, &fa, (char *const *)argv);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        unlink(err_path);
        snprintf(err, err_len, "cannot start %s: %s", argv[0], strerror(rc));
        if (mcs_stop_flag)
            return MCS_E_INTERRUPTED;
        /* a launcher the user named that is not there: unavailable, not a bug */
        return spec->launcher && (rc == ENOENT || rc == EACCES) ? MCS_E_UNAVAILABLE
                                                                 : MCS_E_SOFTWARE;
    }
    return MCS_OK;
}

/* Wait for the spawn_run child pid (a stop request goes on to it), then
 * read its timings back from log_path. */
static mcs_status wait_run(const char *self, const mcs_run_spec *spec, const char *log_path,
                           pid_t pid, mcs_timings *t, double *exited, char *err,
                           size_t err_len)
{
    char err_path[4200], message[512] = "";
    snprintf(err_path, sizeof err_path, "%s.stderr", log_path);
    mcs_stop_forward_to(pid); /* a stop request ends the child too: no orphan */
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (exited)
        *exited = mcs_now();
    mcs_stop_forward_to(0);
    last_line(err_path, message, sizeof message);
    unlink(err_path);
    if (mcs_stop_flag) { /* whatever the child did, this run is interrupted */
        snprintf(err, err_len, "interrupted");
        return MCS_E_INTERRUPTED;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char sets[1024] = ""; /* the run's --set, as the child had them (cut with "...") */
        size_t at = 0;
        for (int i = 0; i < spec->n_overrides && at < sizeof sets; i++)
            at += (size_t)snprintf(sets + at, sizeof sets - at, " --set %s", spec->overrides[i]);
        if (at >= sizeof sets)
            memcpy(sets + sizeof sets - 4, "...", 4);
        snprintf(err, err_len,
                 "a fresh mcsim run (%s%s%s %s%s --backend %s) failed with %s %d%s%s",
                 spec->launcher ? spec->launcher : "", spec->launcher ? " " : "", self,
                 spec->config, sets, spec->backend,
                 WIFEXITED(status) ? "exit code" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
                 message[0] ? ": " : "", message);
        return WIFEXITED(status) ? status_of_exit_code(WEXITSTATUS(status)) : MCS_E_SOFTWARE;
    }
    return mcs_runlog_read(log_path, t, err, err_len);
}

mcs_status mcs_run_cold(const char *self, const mcs_run_spec *spec, const char *log_path,
                        mcs_timings *t, double *wall, char *err, size_t err_len)
{
    pid_t pid;
    double started = mcs_now(), exited = started;
    mcs_status st = spawn_run(self, spec, log_path, -1, &pid, err, err_len);
    if (st == MCS_OK)
        st = wait_run(self, spec, log_path, pid, t, &exited, err, err_len);
    if (wall)
        *wall = exited - started;
    return st;
}

mcs_status mcs_run_cold_together(const char *self, const mcs_run_spec *spec, int count,
                                 const char *log_path, mcs_timings *t, char *err,
                                 size_t err_len)
{
    static char logs[MCS_TOGETHER_MAX][4200];
    pid_t pid[MCS_TOGETHER_MAX];
    mcs_status st = MCS_OK;
    if (count < 1 || count > MCS_TOGETHER_MAX) {
        snprintf(err, err_len, "%d processes at once: 1 to %d", count, MCS_TOGETHER_MAX);
        return MCS_E_SOFTWARE;
    }
    int started = 0;
    for (; started < count && st == MCS_OK; started++) {
        snprintf(logs[started], sizeof logs[started], "%s.%d", log_path, started);
        st = spawn_run(self, spec, logs[started], started, &pid[started], err, err_len);
    }
    if (st != MCS_OK)
        started--; /* the one that did not start */
    char why[1024];
    for (int i = 0; i < started; i++) { /* every child waited for; the first error kept */
        mcs_status one = wait_run(self, spec, logs[i], pid[i], &t[i], NULL, why, sizeof why);
        unlink(logs[i]);
        if (one != MCS_OK && st == MCS_OK) {
            st = one;
            snprintf(err, err_len, "process %d of %d at once (--device %d): %s", i + 1, count,
                     i, why);
        }
    }
    return st;
}

mcs_status mcs_run_folder_make(const char *command, char *dir, size_t len, char *err,
                               size_t err_len)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    int n = snprintf(dir, len, "%s/mcsim-%s-XXXXXX", tmp, command);
    if (n < 0 || (size_t)n >= len || !mkdtemp(dir)) {
        snprintf(err, err_len, "cannot make a temporary folder in %s (TMPDIR): %s", tmp,
                 n < 0 || (size_t)n >= len ? "its path is too long" : strerror(errno));
        dir[0] = '\0';
        return MCS_E_IO;
    }
    return MCS_OK;
}

void mcs_run_folder_remove(const char *dir)
{
    DIR *d = dir[0] ? opendir(dir) : NULL;
    if (!d)
        return;
    char path[8192];
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

const char *mcs_self_path(const char *argv0)
{
    static char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0)
        return argv0;
    path[n] = '\0';
    return path;
}
