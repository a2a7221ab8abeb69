/* sweep.c - `mcsim sweep`: measure runs over a range of path counts on the
 * chosen backends, cold (each a fresh mcsim process) and warm (runs in this
 * process after a first one), repeated, into one HDF5 sweep file. */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "catalog.h"
#include "commands.h"
#include "output_path.h"
#include "runner.h"
#include "stop.h"
#include "sweep.h"
#include "sysinfo.h"

void mcs_cmd_sweep_help(FILE *f)
{
    fputs("usage: mcsim sweep CONFIG --paths FROM:TO[:FACTOR] -o SWEEP.h5 [--backend LIST]\n"
          "                   [--mode LIST] [--repeat R] [--threads T] [--set section.key=value]...\n"
          "                   [-q]\n"
          "\n"
          "Measures CONFIG at path counts FROM, FROM x FACTOR, ... up to TO on each\n"
          "backend, R times each: cold runs are fresh mcsim processes (they pay GPU\n"
          "context creation), warm runs happen in this process after one unmeasured run\n"
          "(at the size that needs the most threads and buffers, so that no measured\n"
          "run grows them), a CPU run with its thread team up (as a later run of the\n"
          "same job finds it).\n"
          "Every run's phase timings go into SWEEP.h5 (table /runs, one column per phase;\n"
          "docs/hdf5-schema.md); `mcsim validate SWEEP.h5` compares them with the\n"
          "estimator's predictions. Every backend is checked (a one-path fresh run of\n"
          "CONFIG) before anything is measured. A backend that fails part-way stops;\n"
          "the others go on, and the runs measured are written with the failure noted\n"
          "(root attribute `failures`; exit code of the failure).\n"
          "\n"
          "options (valid values):\n"
          "  --paths FROM:TO[:FACTOR]  path counts, whole numbers 1 to 1e15 (1e6 and 1_000_000\n"
          "                            work); FACTOR >= 2, default 10: 1e3:1e10 is eight sizes;\n"
          "                            N alone is one size; at most 64 sizes\n"
          "  -o, --output FILE         the sweep file (HDF5), replaced if it exists: a\n"
          "                            regular file, never a folder, device, pipe or link;\n"
          "                            checked before measuring, written whole or not at all\n"
          "  --backend LIST            cpu, gpu or cpu,gpu; default: the backends usable here\n"
          "                            (cpu, and gpu when built in and a GPU answers)\n"
          "  --mode LIST               cold, warm or cold,warm (default cold,warm)\n"
          "  --repeat R                runs per size, backend and mode, 1 to 4096 (default 5,\n"
          "                            what `mcsim validate` wants for its medians); repeats\n"
          "                            are interleaved: every size once, then every size\n"
          "                            again (A, B, C, A, B, C, ...), per backend and mode\n"
          "  --threads T               CPU threads, 1 to 4096 (default: all)\n"
          "  --set SECTION.KEY=VALUE   any config key, as for `mcsim CONFIG --set`; at most 12\n"
          "                            (the keys and their values: mcsim --help)\n"
          "  --task I --tasks N        for job arrays: only sizes I, I+N, I+2N, ... (1 <= I\n"
          "                            <= N, N at most the number of sizes); `mcsim merge`\n"
          "                            joins the tasks' sweep files\n"
          "  -q, --quiet               no progress or notes on stderr (errors still)\n"
          "  -h, --help                this text\n"
          "\n"
          "The runs write their logs in a private folder in $TMPDIR (default /tmp),\n"
          "removed at the end. SIGINT or SIGTERM stops the sweep and its running child:\n"
          "no sweep file written, nothing left, exit 130.\n"
          "\n"
          "exit codes: 0 ok, 64 usage (SWEEP.h5 is CONFIG), 66 CONFIG missing, 69 a backend\n"
          "asked for is not usable, 74 the sweep file cannot be written, 78 config error,\n"
          "130 interrupted; a failure part-way exits with its own code after writing the\n"
          "runs measured before it.\n", f);
}

typedef struct {
    const char *config, *output;
    double sizes[MCS_SWEEP_SIZES_MAX];
    int n_sizes, repeat, threads;
    int cpu, gpu, cold, warm;
    int backend_given, quiet;
    int task, tasks; /* --task i --tasks n: this task's sizes only (0, 0: all) */
    const char *overrides[12];
    int n_overrides;
} options;

static int parse_list(const char *text, const char *a, const char *b, int *has_a, int *has_b)
{
    char copy[64];
    if (strlen(text) >= sizeof copy) /* longer than any valid list: never cut */
        return 0;
    snprintf(copy, sizeof copy, "%s", text);
    *has_a = *has_b = 0;
    for (char *save, *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, a) == 0)
            *has_a = 1;
        else if (strcmp(tok, b) == 0)
            *has_b = 1;
        else
            return 0;
    }
    return *has_a || *has_b;
}

/* --paths: N (one size) or FROM:TO[:FACTOR]; 0 with the reason in why when
 * the text is not one, or names more than MCS_SWEEP_SIZES_MAX sizes. */
static int parse_sizes(const char *text, options *o, char *why, size_t len)
{
    char copy[128], *parts[4] = {0};
    snprintf(why, len, "expected N, FROM:TO or FROM:TO:FACTOR (whole numbers from 1; FACTOR "
             "at least 2), e.g. 1e3:1e10");
    size_t n_text = strlen(text);
    if (n_text >= sizeof copy || n_text == 0 || text[0] == ':' || text[n_text - 1] == ':' ||
        strstr(text, "::")) /* longer than any valid range, or an empty part */
        return 0;
    snprintf(copy, sizeof copy, "%s", text);
    int n = 0;
    for (char *save, *tok = strtok_r(copy, ":", &save); tok && n < 4;
         tok = strtok_r(NULL, ":", &save))
        parts[n++] = tok;
    unsigned long long from, to, factor = 10;
    if (n < 1 || n > 3 || !mcs_parse_count(parts[0], &from) ||
        (n >= 2 && !mcs_parse_count(parts[1], &to)) ||
        (n == 3 && !mcs_parse_count(parts[2], &factor)) || from < 1 || factor < 2)
        return 0;
    if (n == 1)
        to = from;
    if (to < from)
        return 0;
    o->n_sizes = 0;
    for (double s = (double)from; s <= (double)to * (1 + 1e-12); s *= (double)factor) {
        if (o->n_sizes == MCS_SWEEP_SIZES_MAX) {
            snprintf(why, len, "more than %d sizes (a sweep's most): a larger FACTOR or a "
                     "shorter range", MCS_SWEEP_SIZES_MAX);
            return 0;
        }
        o->sizes[o->n_sizes++] = s;
    }
    return 1;
}

static int parse_options(int argc, char **argv, options *o, char *err, size_t len)
{
    static const struct option opts[] = {
        {"paths", required_argument, NULL, 'n'},  {"output", required_argument, NULL, 'o'},
        {"backend", required_argument, NULL, 'b'}, {"mode", required_argument, NULL, 'm'},
        {"repeat", required_argument, NULL, 'r'}, {"threads", required_argument, NULL, 't'},
        {"set", required_argument, NULL, 'S'},    {"help", no_argument, NULL, 'h'},
        {"quiet", no_argument, NULL, 'q'},        {"task", required_argument, NULL, 'T'},
        {"tasks", required_argument, NULL, 'N'},  {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->repeat = 5;
    o->cpu = o->gpu = o->cold = o->warm = 1;
    optind = 1;
    opterr = 0;
    int c;
    char *end, why[160];
    while ((c = getopt_long(argc, argv, ":n:o:b:m:r:t:S:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!parse_sizes(optarg, o, why, sizeof why)) {
                snprintf(err, len, "--paths %s: %s", optarg, why);
                return 0;
            }
            break;
        case 'o': o->output = optarg; break;
        case 'b':
            if (!parse_list(optarg, "cpu", "gpu", &o->cpu, &o->gpu)) {
                snprintf(err, len, "--backend %s: a list of cpu and gpu, e.g. cpu,gpu", optarg);
                return 0;
            }
            o->backend_given = 1;
            break;
        case 'm':
            if (!parse_list(optarg, "cold", "warm", &o->cold, &o->warm)) {
                snprintf(err, len, "--mode %s: a list of cold and warm", optarg);
                return 0;
            }
            break;
        case 'r':
        case 't':
        case 'T':
        case 'N': { /* whole numbers: --repeat, --threads to 4096; --task, --tasks to 100000 */
            static const char letters[] = "rtTN", *names[] = {"repeat", "threads", "task", "tasks"};
            int *to[] = {&o->repeat, &o->threads, &o->task, &o->tasks};
            const int i = (int)(strchr(letters, c) - letters);
            long v = strtol(optarg, &end, 10), most = i < 2 ? 4096 : 100000;
            if (*optarg == '\0' || *end != '\0' || v < 1 || v > most) {
                snprintf(err, len, "--%s %s: a whole number from 1 to %ld", names[i], optarg, most);
                return 0;
            }
            *to[i] = (int)v;
            break;
        }
        case 'S':
            if (o->n_overrides == 12) {
                snprintf(err, len, "too many --set (at most 12)");
                return 0;
            }
            o->overrides[o->n_overrides++] = optarg;
            break;
        case 'q': o->quiet = 1; break;
        case 'h': mcs_cmd_sweep_help(stdout); exit(0);
        case ':': snprintf(err, len, "%s needs a value", argv[optind - 1]); return 0;
        default: snprintf(err, len, "unknown option '%s'", argv[optind - 1]); return 0;
        }
    }
    if (optind < argc)
        o->config = argv[optind++];
    if (!o->config || optind < argc || !o->n_sizes || !o->output) {
        snprintf(err, len, "%s", !o->config     ? "name a CONFIG"
                                 : optind < argc ? "one CONFIG only"
                                 : !o->n_sizes   ? "give --paths FROM:TO"
                                                 : "give -o SWEEP.h5");
        return 0;
    }
    if (!o->task != !o->tasks || o->task > o->tasks) {
        snprintf(err, len, "--task %d --tasks %d: give both, with 1 <= task <= tasks (e.g. "
                 "--task $SLURM_ARRAY_TASK_ID --tasks 4)", o->task, o->tasks);
        return 0;
    }
    if (o->tasks > o->n_sizes) { /* refused in every task: merge needs them all */
        snprintf(err, len, "--task %d --tasks %d: %d sizes in all, so a task would have no "
                 "path count left; use at most %d tasks", o->task, o->tasks, o->n_sizes,
                 o->n_sizes);
        return 0;
    }
    if (o->tasks) { /* sizes dealt round-robin over the tasks: i, i + n, i + 2n, ... */
        int kept = 0;
        for (int i = o->task - 1; i < o->n_sizes; i += o->tasks)
            o->sizes[kept++] = o->sizes[i];
        o->n_sizes = kept;
    }
    return 1;
}

/* The command line as the sweep file records it ("mcsim sweep ..."); 0
 * with a message when it is longer than the file's attribute holds. */
static int command_line(int argc, char **argv, mcs_sweep_meta *meta, char *err, size_t len)
{
    size_t used = 0, size = sizeof meta->command_line;
    for (int i = 0; i < argc; i++) {
        int n = snprintf(meta->command_line + used, size - used, "%s%s", i ? " " : "mcsim ",
                         argv[i]);
        if (n < 0 || (size_t)n >= size - used) {
            snprintf(err, len, "the command line is longer than the %zu characters a sweep "
                     "file records", size - 1);
            return 0;
        }
        used += (size_t)n;
    }
    return 1;
}

static void fill_row(mcs_sweep_row *r, const char *backend, const char *mode, const mcs_job *job,
                     int threads, int repeat, const mcs_timings *t)
{
    memset(r, 0, sizeof *r);
    snprintf(r->backend, sizeof r->backend, "%s", backend);
    snprintf(r->mode, sizeof r->mode, "%s", mode);
    r->paths = job->sim.paths;
    r->steps = job->sim.steps;
    r->block_size = job->sim.block_size;
    snprintf(r->precision, sizeof r->precision, "%s",
             mcs_named_by_id(mcs_precisions, job->sim.precision)->name);
    snprintf(r->rng, sizeof r->rng, "%s", mcs_named_by_id(mcs_rngs, job->sim.rng)->name);
    r->threads = threads;
    r->repeat = repeat;
    memcpy(r->seconds, t->seconds, sizeof r->seconds);
}

/* A run spec for `backend` at `paths` ("simulation.paths=..." kept in buf). */
static mcs_run_spec spec_at(const options *o, const char *backend, double paths, char *buf,
                            size_t len)
{
    mcs_run_spec spec = {o->config, {0}, 0, backend, o->threads, NULL};
    for (int i = 0; i < o->n_overrides; i++)
        spec.overrides[spec.n_overrides++] = o->overrides[i];
    snprintf(buf, len, "simulation.paths=%.0f", paths);
    spec.overrides[spec.n_overrides++] = buf;
    return spec;
}

static const char *const backend_names[2] = {"cpu", "gpu"};

/* the resolved config of mcs_run_spec_job (the sweep's steps run one at a time) */
static char resolved[MCS_CONFIG_RESOLVED_MAX];

/* Before measuring: the sweep file can be written (the output-path rule:
 * never a folder, device, pipe or link; its folder exists and is writable)
 * and is locked against a second sweep writing it, the config loads, and
 * each backend runs the config (one path, fresh process). A backend asked
 * for with --backend that fails is an error; by default it is left out
 * with a note. */
static mcs_status check_before(options *o, const char *self, const char *log, char *err,
                               size_t len)
{
    mcs_status st = mcs_output_check("sweep file", o->output, 0, NULL, err, len);
    if (st == MCS_OK)
        st = mcs_output_not_input("sweep file", o->output, "the config", o->config, err, len);
    if (st == MCS_OK)
        st = mcs_output_lock("sweep file", o->output, err, len);
    if (st != MCS_OK)
        return st;
    mcs_job job;
    char paths[64];
    mcs_run_spec base = spec_at(o, "", o->sizes[0], paths, sizeof paths);
    st = mcs_run_spec_job(&base, &job, resolved, sizeof resolved, err, len);
    if (st != MCS_OK)
        return st;
    int *wanted[2] = {&o->cpu, &o->gpu};
    mcs_status first = MCS_OK;
    char why[2][1024] = {"", ""};
    for (int b = 0; b < 2; b++) {
        if (!*wanted[b])
            continue;
        mcs_run_spec probe = spec_at(o, backend_names[b], 1, paths, sizeof paths);
        mcs_timings t;
        mcs_status bs = mcs_run_cold(self, &probe, log, &t, NULL, why[b], sizeof why[b]);
        if (bs == MCS_OK)
            continue;
        if (bs == MCS_E_INTERRUPTED) {
            snprintf(err, len, "interrupted");
            return bs;
        }
        if (o->backend_given) {
            snprintf(err, len, "--backend %s: cannot run %s there: %s", backend_names[b],
                     o->config, why[b]);
            return bs;
        }
        *wanted[b] = 0;
        if (first == MCS_OK)
            first = bs;
        if (!o->quiet)
            fprintf(stderr, "mcsim sweep: leaving out %s: %s\n", backend_names[b], why[b]);
    }
    if (!o->cpu && !o->gpu) {
        snprintf(err, len, "no backend can run %s here (cpu: %s; gpu: %s)", o->config, why[0],
                 why[1]);
        return first;
    }
    return MCS_OK;
}

/* A sweep being measured. */
typedef struct {
    const options *o;
    const char *self, *log; /* this mcsim (cold runs), the run log each run writes */
    mcs_sweep_row *rows;
    size_t n, total;        /* rows measured, rows planned */
    mcs_sweep_meta *meta;
    mcs_status failed;      /* the first failure's status */
} sweep_run;

/* Start a team of `threads` OpenMP threads and let it rest. libgomp ends
 * the threads a smaller team leaves out, so a warm CPU run after a run of
 * fewer blocks would pay its new threads' start (0.3-0.6 ms for 14 of them
 * on the H200 machine's host, 2026-11-29), which a later run of the same
 * job does not: a warm run is measured with its team up, the state the
 * estimator predicts (docs/estimator.md, "Cold and warm"). */
static volatile int team_started; /* read nowhere: keeps the region from being elided */

static void team_up(int threads)
{
    int started = 0;
#pragma omp parallel num_threads(threads) reduction(+ : started)
    started += 1;
    team_started = started;
}

/* Before a backend's first warm run, an unmeasured run brings its context,
 * threads and buffers up, at the size that needs the most of them: on the
 * GPU the largest (the buffers the process keeps grow with a launch's
 * blocks; a run needing larger ones pays their allocation, about 1.4 ms);
 * on the CPU the smallest size with a block for every thread, else the
 * largest (each thread allocates its scratch in its first run, up to
 * about 7 MB, which then serves every size). */
static mcs_status warm_up(const sweep_run *sr, int b, int threads, char *err, size_t len)
{
    const options *o = sr->o;
    double at = o->sizes[o->n_sizes - 1];
    char paths[64];
    mcs_job job;
    for (int i = 0; !b && i < o->n_sizes - 1; i++) {
        mcs_run_spec spec = spec_at(o, backend_names[b], o->sizes[i], paths, sizeof paths);
        if (mcs_run_spec_job(&spec, &job, resolved, sizeof resolved, err, len) == MCS_OK &&
            mcs_job_blocks(&job) >= (uint64_t)threads) {
            at = o->sizes[i];
            break;
        }
    }
    mcs_run_spec spec = spec_at(o, backend_names[b], at, paths, sizeof paths);
    mcs_gpu_info gpu;
    mcs_timings t;
    mcs_status st = mcs_run_warm(&spec, sr->log, &t, &job, &gpu, NULL, err, len);
    if (st != MCS_OK) {
        char why[1024];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, len, "the unmeasured first run at %.0e paths: %s", at, why);
    }
    return st;
}

/* One run of backend b at size s into the next row: cold in a fresh
 * process, warm in this one (after warm_up, and on the CPU with the run's
 * team up). */
static mcs_status measure_one(sweep_run *sr, int b, int warm, int r, int s, char *err,
                              size_t len)
{
    const options *o = sr->o;
    const int threads = b ? 1 : (o->threads ? o->threads : omp_get_max_threads());
    char paths[64];
    mcs_run_spec spec = spec_at(o, backend_names[b], o->sizes[s], paths, sizeof paths);
    mcs_job job;
    mcs_gpu_info gpu;
    mcs_timings t;
    mcs_status st = MCS_OK;
    if (warm && r == 0 && s == 0)
        st = warm_up(sr, b, threads, err, len);
    if (st == MCS_OK && warm && !b &&
        (st = mcs_run_spec_job(&spec, &job, resolved, sizeof resolved, err, len)) == MCS_OK)
        team_up(mcs_job_team(&job, threads)); /* the team the run starts */
    if (st == MCS_OK)
        st = warm ? mcs_run_warm(&spec, sr->log, &t, &job, &gpu, NULL, err, len)
                  : mcs_run_cold(sr->self, &spec, sr->log, &t, NULL, err, len);
    if (st == MCS_OK && !warm) /* the job as the fresh process saw it */
        st = mcs_run_spec_job(&spec, &job, resolved, sizeof resolved, err, len);
    if (st != MCS_OK)
        return st;
    fill_row(&sr->rows[sr->n++], backend_names[b], warm ? "warm" : "cold", &job, threads, r,
             &t);
    if (!o->quiet)
        fprintf(stderr, "mcsim sweep: %zu/%zu  %s %s %.0e paths  total %.4g s\n", sr->n,
                sr->total, backend_names[b], warm ? "warm" : "cold", o->sizes[s],
                t.seconds[MCS_PHASE_TOTAL]);
    if (b && warm && !sr->meta->gpu_name[0])
        snprintf(sr->meta->gpu_name, sizeof sr->meta->gpu_name, "%s", gpu.name);
    return MCS_OK;
}

/* Every run of backend b, repeats outermost (a burst of noise on the
 * machine then hits one repeat of several sizes, which the medians
 * discard). The first failure stops this backend and is noted in
 * meta->failures; the other backend goes on. */
static void measure_backend(sweep_run *sr, int b)
{
    const options *o = sr->o;
    char err[1024];
    for (int warm = 0; warm < 2; warm++) {
        if (!(warm ? o->warm : o->cold))
            continue;
        for (int r = 0; r < o->repeat && !mcs_stop_flag; r++)
            for (int s = 0; s < o->n_sizes && !mcs_stop_flag; s++) {
                mcs_status st = measure_one(sr, b, warm, r, s, err, sizeof err);
                if (st == MCS_OK || mcs_stop_flag) /* a stop is no failure of the backend */
                    continue;
                size_t used = strlen(sr->meta->failures);
                snprintf(sr->meta->failures + used, sizeof sr->meta->failures - used,
                         "%s%s %s %.0e paths: %s", used ? "; " : "", backend_names[b],
                         warm ? "warm" : "cold", o->sizes[s], err);
                if (sr->failed == MCS_OK)
                    sr->failed = st;
                return;
            }
    }
}

/* The sweep file's facts about the sweep as a whole (command_line is set
 * before measuring); an error (the resolved config not had) in err. */
static mcs_status describe(const options *o, mcs_sweep_meta *meta, char *err, size_t len)
{
    snprintf(meta->config_file, sizeof meta->config_file, "%s", o->config);
    meta->task = o->task;
    meta->tasks = o->tasks;
    mcs_job job;
    char paths[64], why[256];
    mcs_run_spec base = spec_at(o, "", o->sizes[0], paths, sizeof paths);
    base.n_overrides--; /* the config with the --set overrides, no size */
    if (mcs_run_spec_job(&base, &job, meta->config, sizeof meta->config, why, sizeof why) !=
        MCS_OK) {
        snprintf(err, len, "the resolved config of %s: %s", o->config, why);
        return MCS_E_SOFTWARE;
    }
    mcs_sysinfo_host(meta->host, sizeof meta->host);
    mcs_sysinfo_cpu_model(meta->cpu_model, sizeof meta->cpu_model);
    mcs_utc_stamp(meta->created_utc, sizeof meta->created_utc);
    snprintf(meta->version, sizeof meta->version, "%s", MCS_VERSION);
    return MCS_OK;
}

/* After measuring: the rows written (unless interrupted or out of memory),
 * what happened said on stderr; the exit code. */
static int finish(const options *o, sweep_run *sr)
{
    char err[1024];
    mcs_sweep_meta *meta = sr->meta;
    mcs_status failed = mcs_stop_flag ? MCS_E_INTERRUPTED : sr->failed;
    int keep = sr->n > 0 && failed != MCS_E_INTERRUPTED && failed != MCS_E_NOMEM;
    mcs_status st = MCS_OK;
    if (keep) {
        st = describe(o, meta, err, sizeof err);
        if (st == MCS_OK)
            st = mcs_sweep_write(o->output, meta, sr->rows, sr->n, err, sizeof err);
    }
    if (st != MCS_OK) { /* the file could not be written */
        fprintf(stderr, "mcsim sweep: %s%s%s; no sweep file written\n", err,
                meta->failures[0] ? "; before that: " : "", meta->failures);
        return mcs_status_exit_code(st);
    }
    if (failed != MCS_OK) {
        if (keep)
            fprintf(stderr, "mcsim sweep: %s; the %zu runs measured are in %s\n",
                    meta->failures, sr->n, o->output);
        else
            fprintf(stderr, "mcsim sweep: %s; no sweep file written\n",
                    failed != MCS_E_INTERRUPTED && meta->failures[0] ? meta->failures
                                                                    : mcs_status_message(failed));
        return mcs_status_exit_code(failed);
    }
    if (!o->quiet)
        fprintf(stderr, "mcsim sweep: %zu runs written to %s\n", sr->n, o->output);
    return 0;
}

int mcs_cmd_sweep(int argc, char **argv, const char *argv0)
{
    options o;
    static mcs_sweep_meta meta;
    char err[1024] = "";
    memset(&meta, 0, sizeof meta);
    if (!parse_options(argc, argv, &o, err, sizeof err) ||
        !command_line(argc, argv, &meta, err, sizeof err)) {
        fprintf(stderr, "mcsim sweep: %s\n(see mcsim sweep --help)\n", err);
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    mcs_stop_on_signals(); /* SIGINT, SIGTERM: stop, clean up, exit 130; no SIGXFSZ kill */
    char dir[4096], log[4200];
    mcs_status st = mcs_run_folder_make("sweep", dir, sizeof dir, err, sizeof err);
    snprintf(log, sizeof log, "%s/run.h5", dir);
    sweep_run sr = {&o, mcs_self_path(argv0), log, NULL, 0, 0, &meta, MCS_OK};
    if (st == MCS_OK)
        st = check_before(&o, sr.self, log, err, sizeof err);
    if (st != MCS_OK) {
        mcs_run_folder_remove(dir);
        fprintf(stderr, "mcsim sweep: %s; nothing measured, no sweep file written\n", err);
        return mcs_status_exit_code(st);
    }
    sr.total = (size_t)(o.cpu + o.gpu) * (o.cold + o.warm) * o.n_sizes * o.repeat;
    sr.rows = calloc(sr.total, sizeof *sr.rows);
    if (!sr.rows)
        sr.failed = MCS_E_NOMEM;
    for (int b = 0; b < 2 && sr.rows && !mcs_stop_flag; b++)
        if (b ? o.gpu : o.cpu)
            measure_backend(&sr, b);
    mcs_run_folder_remove(dir);
    int code = finish(&o, &sr);
    free(sr.rows);
    return code;
}
