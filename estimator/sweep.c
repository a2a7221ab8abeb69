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
#include <time.h>
#include <unistd.h>
#include "catalog.h"
#include "commands.h"
#include "runner.h"
#include "stop.h"
#include "sweep.h"
#include "sysinfo.h"

static const char usage[] =
    "usage: mcsim sweep CONFIG --paths FROM:TO[:FACTOR] -o SWEEP.h5 [--backend cpu,gpu]\n"
    "                   [--mode cold,warm] [--repeat R] [--threads T] [--set section.key=value]...\n"
    "\n"
    "Measures CONFIG at path counts FROM, FROM x FACTOR, ... up to TO (FACTOR 10 by\n"
    "default; 1e3:1e10 is eight sizes) on each backend, R times each (default 3):\n"
    "cold runs are fresh mcsim processes (they pay GPU context creation), warm runs\n"
    "happen in this process after one unmeasured run. Every run's phase timings go\n"
    "into SWEEP.h5 (table /runs); `mcsim validate SWEEP.h5` compares them with the\n"
    "estimator's predictions. Progress on stderr.\n";

#define MAX_SIZES 64

typedef struct {
    const char *config, *output;
    double sizes[MAX_SIZES];
    int n_sizes, repeat, threads;
    int cpu, gpu, cold, warm;
    const char *overrides[12];
    int n_overrides;
} options;

static int parse_list(const char *text, const char *a, const char *b, int *has_a, int *has_b)
{
    char copy[64];
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

static int parse_sizes(const char *text, options *o)
{
    char copy[128], *parts[3] = {0};
    snprintf(copy, sizeof copy, "%s", text);
    int n = 0;
    for (char *save, *tok = strtok_r(copy, ":", &save); tok && n < 3;
         tok = strtok_r(NULL, ":", &save))
        parts[n++] = tok;
    unsigned long long from, to, factor = 10;
    if (n < 2 || !mcs_parse_count(parts[0], &from) || !mcs_parse_count(parts[1], &to) ||
        (n == 3 && !mcs_parse_count(parts[2], &factor)) || from < 1 || to < from || factor < 2)
        return 0;
    o->n_sizes = 0;
    for (double s = (double)from; s <= (double)to * (1 + 1e-12) && o->n_sizes < MAX_SIZES;
         s *= (double)factor)
        o->sizes[o->n_sizes++] = s;
    return 1;
}

static int parse_options(int argc, char **argv, options *o, char *err, size_t len)
{
    static const struct option opts[] = {
        {"paths", required_argument, NULL, 'n'},  {"output", required_argument, NULL, 'o'},
        {"backend", required_argument, NULL, 'b'}, {"mode", required_argument, NULL, 'm'},
        {"repeat", required_argument, NULL, 'r'}, {"threads", required_argument, NULL, 't'},
        {"set", required_argument, NULL, 'S'},    {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->repeat = 3;
    o->cpu = o->gpu = o->cold = o->warm = 1;
    optind = 1;
    opterr = 0;
    int c;
    char *end;
    while ((c = getopt_long(argc, argv, ":n:o:b:m:r:t:S:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!parse_sizes(optarg, o)) {
                snprintf(err, len, "--paths %s: expected FROM:TO or FROM:TO:FACTOR, e.g. 1e3:1e10",
                         optarg);
                return 0;
            }
            break;
        case 'o': o->output = optarg; break;
        case 'b':
            if (!parse_list(optarg, "cpu", "gpu", &o->cpu, &o->gpu)) {
                snprintf(err, len, "--backend %s: a list of cpu and gpu, e.g. cpu,gpu", optarg);
                return 0;
            }
            break;
        case 'm':
            if (!parse_list(optarg, "cold", "warm", &o->cold, &o->warm)) {
                snprintf(err, len, "--mode %s: a list of cold and warm", optarg);
                return 0;
            }
            break;
        case 'r':
        case 't': {
            long v = strtol(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || v < 1 || v > 4096) {
                snprintf(err, len, "--%s %s: a whole number from 1 to 4096", c == 'r' ? "repeat" : "threads", optarg);
                return 0;
            }
            *(c == 'r' ? &o->repeat : &o->threads) = (int)v;
            break;
        }
        case 'S':
            if (o->n_overrides == 12) {
                snprintf(err, len, "too many --set (at most 12)");
                return 0;
            }
            o->overrides[o->n_overrides++] = optarg;
            break;
        case 'h': fputs(usage, stdout); exit(0);
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

int mcs_cmd_sweep(int argc, char **argv, const char *argv0)
{
    options o;
    char err[1024] = "";
    static char resolved[8192];
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(stderr, "mcsim sweep: %s\n(see mcsim sweep --help)\n", err);
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    const char *self = mcs_self_path(argv0);
    char dir[] = "/tmp/mcsim-sweep-XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "mcsim sweep: cannot make a temporary folder in /tmp\n");
        return mcs_status_exit_code(MCS_E_IO);
    }
    char log[256];
    snprintf(log, sizeof log, "%s/run.h5", dir);
    size_t total = (size_t)(o.cpu + o.gpu) * (o.cold + o.warm) * o.n_sizes * o.repeat, n = 0;
    mcs_sweep_row *rows = calloc(total, sizeof *rows);
    mcs_sweep_meta meta;
    memset(&meta, 0, sizeof meta);
    mcs_status st = rows ? MCS_OK : MCS_E_NOMEM;
    const char *backends[2] = {"cpu", "gpu"};
    for (int b = 0; b < 2 && st == MCS_OK; b++) {
        if (!(b ? o.gpu : o.cpu))
            continue;
        for (int warm = 0; warm < 2 && st == MCS_OK; warm++) {
            if (!(warm ? o.warm : o.cold))
                continue;
            /* repeats outermost: a burst of noise on the machine then hits
             * one repeat of several sizes, which the medians discard */
            for (int r = 0; r < o.repeat && st == MCS_OK && !mcs_stop_flag; r++)
                for (int s = 0; s < o.n_sizes && st == MCS_OK && !mcs_stop_flag; s++) {
                    char paths[64];
                    snprintf(paths, sizeof paths, "simulation.paths=%.0f", o.sizes[s]);
                    mcs_run_spec spec = {o.config, {0}, 0, backends[b], o.threads};
                    for (int i = 0; i < o.n_overrides; i++)
                        spec.overrides[spec.n_overrides++] = o.overrides[i];
                    spec.overrides[spec.n_overrides++] = paths;
                    mcs_job job;
                    mcs_gpu_info gpu;
                    mcs_timings t;
                    if (warm && r == 0 && s == 0) /* unmeasured: brings context and threads up */
                        st = mcs_run_warm(&spec, log, &t, &job, &gpu, err, sizeof err);
                    if (st == MCS_OK)
                        st = warm ? mcs_run_warm(&spec, log, &t, &job, &gpu, err, sizeof err)
                                  : mcs_run_cold(self, &spec, log, &t, err, sizeof err);
                    if (st == MCS_OK && !warm) /* the job as the fresh process saw it */
                        st = mcs_run_spec_job(&spec, &job, resolved, sizeof resolved, err,
                                              sizeof err);
                    if (st != MCS_OK)
                        break;
                    fill_row(&rows[n++], backends[b], warm ? "warm" : "cold", &job,
                             b ? 1 : (o.threads ? o.threads : omp_get_max_threads()), r, &t);
                    fprintf(stderr, "mcsim sweep: %zu/%zu  %s %s %.0e paths  total %.4g s\n", n,
                            total, backends[b], warm ? "warm" : "cold", o.sizes[s],
                            t.seconds[MCS_PHASE_TOTAL]);
                    if (b && !meta.gpu_name[0] && warm)
                        snprintf(meta.gpu_name, sizeof meta.gpu_name, "%s", gpu.name);
                }
        }
    }
    unlink(log);
    rmdir(dir);
    if (st == MCS_OK && mcs_stop_flag)
        st = MCS_E_INTERRUPTED;
    if (st == MCS_OK) {
        snprintf(meta.config_file, sizeof meta.config_file, "%s", o.config);
        mcs_job job;
        mcs_run_spec base = {o.config, {0}, 0, "", o.threads};
        for (int i = 0; i < o.n_overrides; i++)
            base.overrides[base.n_overrides++] = o.overrides[i];
        mcs_run_spec_job(&base, &job, meta.config, sizeof meta.config, err, sizeof err);
        size_t used = 0;
        for (int i = 0; i < argc && used < sizeof meta.command_line; i++)
            used += (size_t)snprintf(meta.command_line + used, sizeof meta.command_line - used,
                                     "%s%s", i ? " " : "mcsim ", argv[i]);
        mcs_sysinfo_host(meta.host, sizeof meta.host);
        mcs_sysinfo_cpu_model(meta.cpu_model, sizeof meta.cpu_model);
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(meta.created_utc, sizeof meta.created_utc, "%Y-%m-%dT%H:%M:%SZ", &tm);
        snprintf(meta.version, sizeof meta.version, "%s", MCS_VERSION);
        st = mcs_sweep_write(o.output, &meta, rows, n, err, sizeof err);
    }
    free(rows);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim sweep: %s%s\n", err[0] ? err : mcs_status_message(st),
                st == MCS_E_INTERRUPTED ? "" : "; no sweep file written");
        return mcs_status_exit_code(st);
    }
    fprintf(stderr, "mcsim sweep: %zu runs written to %s\n", n, o.output);
    return 0;
}
