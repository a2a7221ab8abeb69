/* merge.c - `mcsim merge SHARD.h5... -o ALL.h5`: joins the shard files of a
 * job array (`mcsim CONFIG --shard i/n`) into the result of the single run,
 * bit for bit, after checking that they belong together (engine/shard.h). */
#define _GNU_SOURCE
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "diagnostics.h"
#include "engine.h"
#include "h5log.h"
#include "h5seal.h"
#include "merge.h"
#include "output_path.h"
#include "product.h"
#include "report.h"
#include "shard.h"
#include "stop.h"
#include "sweep.h"
#include "sysinfo.h"

/* A stop request (SIGINT, SIGTERM: mcs_stop_on_signals) ends the merge
 * before it writes: MCS_E_INTERRUPTED, whatever st was; else st. */
static mcs_status unless_stopped(mcs_status st, const char *output, char *err, size_t len)
{
    if (!mcs_stop_flag)
        return st;
    snprintf(err, len, "interrupted; %s not written", output);
    return MCS_E_INTERRUPTED;
}

void mcs_cmd_merge_help(FILE *f)
{
    fprintf(f,
            "usage: mcsim merge SHARD.h5... -o ALL.h5 [--format text|json] [-q]\n"
            "       mcsim merge SWEEP.h5... -o ALL.h5        (sweep files of --task i --tasks n)\n"
            "\n"
            "Joins the shard files of a job array (each written by `mcsim CONFIG --shard\n"
            "i/n`, for i = 1..n) into the job's result: the same bits as one run of\n"
            "CONFIG. The shards must belong together: the same resolved config (seed,\n"
            "generator, block size, precision, paths, ...), the same n, each i once,\n"
            "none missing; otherwise merge names the shard and what is wrong and exits\n"
            "65, writing nothing. ALL.h5 is a run log (docs/hdf5-schema.md) whose\n"
            "convergence table holds the final estimate only. Given the sweep files of\n"
            "`mcsim sweep ... --task i --tasks n`, merge checks they sweep the same job,\n"
            "every task of the split once, and joins their rows into one sweep file for\n"
            "validate.\n"
            "\n"
            "options:\n"
            "  -o, --output FILE      the merged run log (required)\n"
            "  -f, --format text|json the result on stdout as a table (default) or JSON\n"
            "  -q, --quiet            no messages on stderr (errors still)\n"
            "  -h, --help             this text\n"
            "\n"
            "At most %d files (as `--shard i/n` allows n up to %d); ALL.h5 must not be\n"
            "one of them. SIGINT or SIGTERM stops the merge before it writes (exit 130).\n"
            "\n"
            "exit codes: 0 ok, 64 usage (ALL.h5 one of the inputs), 65 shards that do not\n"
            "belong together or a damaged shard, 66 a shard missing, unreadable or not a\n"
            "regular file, 74 ALL.h5 not writable, 130 interrupted\n"
            "\n"
            "example (a Slurm job array; cluster/array.sbatch):\n"
            "  mcsim configs/asian.ini --shard $SLURM_ARRAY_TASK_ID/8 -o shard-$SLURM_ARRAY_TASK_ID.h5\n"
            "  mcsim merge shard-*.h5 -o asian.h5\n", MCS_SHARDS_MAX, MCS_SHARDS_MAX);
}

/* Is `path` a sweep file (a /runs table) rather than a shard? */
static int is_sweep_file(const char *path)
{
    hid_t f = -1;
    int yes = 0;
    char err[1024];
    if (mcs_h5_open_sealed(path, "shard or sweep file", &f, err, sizeof err) != MCS_OK)
        return 0; /* the shard reader says why */
    H5E_BEGIN_TRY { yes = H5Lexists(f, "runs", H5P_DEFAULT) > 0; }
    H5E_END_TRY;
    if (f >= 0)
        H5Fclose(f);
    return yes;
}

static int same_run(const mcs_sweep_row *a, const mcs_sweep_row *b)
{
    return strcmp(a->backend, b->backend) == 0 && strcmp(a->mode, b->mode) == 0 &&
           a->paths == b->paths && a->repeat == b->repeat;
}

/* Sweep file i (meta m) against the first: tasks of the same split, each
 * given once (given[t] = 1 + the file of task t), or whole sweeps all. */
static mcs_status check_task(char **paths, int i, const mcs_sweep_meta *m,
                             const mcs_sweep_meta *first, int *given, char *err, size_t len)
{
    if (m->tasks != first->tasks) {
        char a[64], b[64];
        snprintf(a, sizeof a, m->tasks ? "task %d of %d" : "a whole sweep", m->task, m->tasks);
        snprintf(b, sizeof b, first->tasks ? "task %d of %d" : "a whole sweep", first->task,
                 first->tasks);
        snprintf(err, len, "%s is %s but %s is %s: not the tasks of one split", paths[i], a,
                 paths[0], b);
        return MCS_E_DATA;
    }
    if (!m->tasks)
        return MCS_OK;
    if (given[m->task]) {
        snprintf(err, len, "task %d of %d is given twice: %s and %s", m->task, m->tasks,
                 paths[given[m->task] - 1], paths[i]);
        return MCS_E_DATA;
    }
    given[m->task] = i + 1;
    return MCS_OK;
}

/* After the last file: every task of the split given (whole sweeps: none
 * to check). */
static mcs_status check_all_tasks(const mcs_sweep_meta *first, const int *given, char *err,
                                  size_t len)
{
    char missing[256] = "";
    int n_missing = 0;
    for (int t = 1; t <= first->tasks; t++)
        if (!given[t] && strlen(missing) + 8 < sizeof missing)
            snprintf(missing + strlen(missing), sizeof missing - strlen(missing), "%s%d",
                     n_missing++ ? ", " : "", t);
    if (!n_missing)
        return MCS_OK;
    snprintf(err, len, "task%s %s of %d missing: merge needs the sweep file of every task "
             "(--task 1 to %d)", n_missing > 1 ? "s" : "", missing, first->tasks, first->tasks);
    return MCS_E_DATA;
}

/* mcsim merge of sweep files (mcsim sweep --task i --tasks n): the same job,
 * every task once, no run twice; the rows joined into one sweep file. */
static int merge_sweeps(char **paths, int n, const char *output, const char *command_line,
                        int quiet)
{
    static mcs_sweep_meta meta, first;
    int given[MCS_SWEEP_SIZES_MAX + 1] = {0}; /* given[t]: 1 + the file of task t */
    char err[4096] = "";
    mcs_sweep_row *all = NULL;
    size_t total = 0;
    mcs_status st = MCS_OK;
    for (int i = 0; i < n && st == MCS_OK && !mcs_stop_flag; i++) {
        mcs_sweep_row *rows = NULL;
        size_t count = 0;
        if ((st = mcs_sweep_read(paths[i], i ? &meta : &first, &rows, &count, err, sizeof err)) !=
            MCS_OK)
            break;
        const mcs_sweep_meta *m = i ? &meta : &first;
        char diff[512];
        if (i && !mcs_config_same_job(m->config, first.config, "paths", diff, sizeof diff)) {
            snprintf(err, sizeof err, "%s is a sweep of another job than %s: %s", paths[i],
                     paths[0], diff);
            st = MCS_E_DATA;
        }
        if (st == MCS_OK)
            st = check_task(paths, i, m, &first, given, err, sizeof err);
        if (st == MCS_OK && i && meta.failures[0])
            snprintf(first.failures + strlen(first.failures),
                     sizeof first.failures - strlen(first.failures), "%s%s",
                     first.failures[0] ? "; " : "", meta.failures);
        mcs_sweep_row *grown = st == MCS_OK ? realloc(all, (total + count + 1) * sizeof *all) : NULL;
        if (st == MCS_OK && !grown) {
            snprintf(err, sizeof err, "out of memory");
            st = MCS_E_NOMEM;
        }
        for (size_t r = 0; st == MCS_OK && r < count; r++) {
            for (size_t q = 0; q < total; q++)
                if (same_run(&grown[q], &rows[r])) {
                    snprintf(err, sizeof err, "%s: the %s %s run of %llu paths (repeat %d) is "
                             "in another file too: the same task given twice?", paths[i],
                             rows[r].backend, rows[r].mode, (unsigned long long)rows[r].paths,
                             (int)rows[r].repeat);
                    st = MCS_E_DATA;
                    break;
                }
            if (st == MCS_OK)
                grown[total + r] = rows[r];
        }
        if (grown) {
            all = grown;
            if (st == MCS_OK)
                total += count;
        }
        free(rows);
    }
    if (st == MCS_OK)
        st = check_all_tasks(&first, given, err, sizeof err);
    st = unless_stopped(st, output, err, sizeof err);
    if (st == MCS_OK) {
        snprintf(first.command_line, sizeof first.command_line, "%s", command_line);
        first.task = first.tasks = 0; /* the whole sweep now */
        st = mcs_sweep_write(output, &first, all, total, err, sizeof err);
    }
    free(all);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim merge: %s\n", err);
        return mcs_status_exit_code(st);
    }
    if (!quiet)
        fprintf(stderr, "mcsim merge: %zu runs of %d sweep files joined into %s\n", total, n,
                output);
    return 0;
}

/* The job of a shard's resolved config text, loaded as a config file. */
static mcs_status job_of(const char *text, mcs_job *job, char *err, size_t err_len)
{
    static char resolved[MCS_CONFIG_RESOLVED_MAX];
    int fd = memfd_create("mcsim-shard-config", MFD_CLOEXEC);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
        if (fd >= 0)
            close(fd);
        snprintf(err, err_len, "cannot hold the shards' config in memory");
        return MCS_E_SOFTWARE;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    mcs_status st = mcs_config_load(path, NULL, 0, job, resolved, sizeof resolved, err, err_len);
    close(fd);
    return st;
}

int mcs_cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {
        {"output", required_argument, NULL, 'o'}, {"format", required_argument, NULL, 'f'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    int json = 0, quiet = 0, c;
    char err[4096] = "";
    mcs_timings t;
    memset(&t, 0, sizeof t);
    t.start = mcs_now();
    static char command_line[8192] = "mcsim "; /* argv[0] is "merge" */
    const size_t used = strlen(command_line);
    mcs_cli_command_line(argc, argv, command_line + used, sizeof command_line - used); /* before getopt */
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:f:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case 'f':
            if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
                fprintf(stderr, "mcsim merge: --format %s: unknown format (valid: text, json)\n",
                        optarg);
                return mcs_status_exit_code(MCS_E_USAGE);
            }
            json = strcmp(optarg, "json") == 0;
            break;
        case 'q': quiet = 1; break;
        case 'h': mcs_cmd_merge_help(stdout); return 0;
        case ':':
            fprintf(stderr, "mcsim merge: %s needs a value\n", argv[optind - 1]);
            return mcs_status_exit_code(MCS_E_USAGE);
        default:
            fprintf(stderr, "mcsim merge: unknown option %s (see mcsim merge --help)\n",
                    argv[optind - 1]);
            return mcs_status_exit_code(MCS_E_USAGE);
        }
    }
    int n = argc - optind;
    if (n < 1 || !output || !*output) {
        fprintf(stderr, "mcsim merge: %s (see mcsim merge --help)\n",
                n < 1 ? "name the shard files" : "give -o ALL.h5 for the merged run log");
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    if (n > MCS_SHARDS_MAX) {
        fprintf(stderr, "mcsim merge: %d shard files, more than %d (the most `--shard i/n` "
                "allows)\n", n, MCS_SHARDS_MAX);
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    mcs_stop_on_signals(); /* SIGINT, SIGTERM: stop before writing; no SIGXFSZ kill */
    mcs_status st = mcs_output_check("merged run log", output, 0, NULL, err, sizeof err);
    for (int i = 0; i < n && st == MCS_OK; i++) /* every input a file, none the output */
        if ((st = mcs_input_check("input", argv[optind + i], err, sizeof err)) == MCS_OK)
            st = mcs_output_not_input("merged run log", output, "input", argv[optind + i], err,
                                      sizeof err);
    if (st == MCS_OK)
        st = mcs_output_lock("merged run log", output, err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim merge: %s\n", err);
        return mcs_status_exit_code(st);
    }
#ifdef __GLIBC__
    /* Head-room at the top of the heap: opening and closing each input
     * (HDF5) otherwise grew and shrank it file by file, faulting its pages
     * in again each time: 4 ms a file, 7 minutes for 100000 shards of 9
     * blocks, against 0.5 ms a file with it. */
    mallopt(M_TOP_PAD, 64 << 20);
#endif
    if (is_sweep_file(argv[optind]))
        return merge_sweeps(argv + optind, n, output, command_line, quiet);
    mcs_shard_file *shards = calloc((size_t)n, sizeof *shards);
    mcs_merge_tree *tree = malloc(sizeof *tree);
    mcs_job job;
    mcs_result res;
    memset(&res, 0, sizeof res);
    mcs_status trust = MCS_OK; /* the merged result's checks: MCS_E_DATA after an error */
    int read = 0;
    if (!shards || !tree) {
        snprintf(err, sizeof err, "out of memory");
        st = MCS_E_NOMEM;
        goto done;
    }
    for (; read < n && !mcs_stop_flag; read++)
        if ((st = mcs_shard_read(argv[optind + read], &shards[read], err, sizeof err)) != MCS_OK)
            break;
    if ((st = unless_stopped(st, output, err, sizeof err)) != MCS_OK)
        goto done;
    double c0 = mcs_now();
    if ((st = mcs_shard_join(shards, n, tree, err, sizeof err)) != MCS_OK)
        goto done;
    if ((st = job_of(shards[0].config, &job, err, sizeof err)) != MCS_OK) {
        char why[4096];
        snprintf(why, sizeof why, "%s: its config does not load: %s", shards[0].path, err);
        snprintf(err, sizeof err, "%s", why);
        st = MCS_E_DATA;
        goto done;
    }
    if (mcs_job_blocks(&job) != shards[0].blocks || mcs_job_outputs(&job) != shards[0].k) {
        snprintf(err, sizeof err, "%s: its config has %llu blocks, the shards %llu: a damaged "
                 "shard file", shards[0].path, (unsigned long long)mcs_job_blocks(&job),
                 (unsigned long long)shards[0].blocks);
        st = MCS_E_DATA;
        goto done;
    }
    if ((st = mcs_shard_check_rows(&job, shards, n, err, sizeof err)) != MCS_OK)
        goto done;
    mcs_moments total = mcs_tree_total(tree);
    mcs_engine_fill_result(&job, &total, &res);
    t.seconds[MCS_PHASE_REDUCE] = mcs_now() - c0;

    /* the backend(s) the shards ran on */
    char backend[64];
    snprintf(backend, sizeof backend, "%s", shards[0].backend);
    for (int i = 1; i < n; i++)
        if (strcmp(shards[i].backend, shards[0].backend) != 0) {
            snprintf(backend, sizeof backend, "mixed");
            break;
        }
    char config_name[320];
    snprintf(config_name, sizeof config_name, "%s", shards[0].config_file);
    mcs_run_info info;
    memset(&info, 0, sizeof info);
    info.backend = backend;
    info.command_line = command_line;
    info.config_file = config_name;
    info.config_text = shards[0].config;
    mcs_sysinfo_host(info.host, sizeof info.host);
    mcs_sysinfo_cpu_model(info.cpu_model, sizeof info.cpu_model);
    info.cores = mcs_sysinfo_cores();
    info.threads = 1;
    if ((st = unless_stopped(MCS_OK, output, err, sizeof err)) != MCS_OK)
        goto done;
    mcs_status log_st = mcs_h5log_write(output, &info, &job, &res, &t, err, sizeof err);

    char title[512];
    snprintf(title, sizeof title, "%s (merge of %d shards)", config_name, n);
    mcs_report_info rinfo = {title, backend, 1, log_st == MCS_OK ? output : NULL,
                             "writing it failed, see the error on stderr",
                             t.seconds[MCS_PHASE_TOTAL], NULL};
    if (json)
        mcs_report_json(stdout, &job, &res, &t, &rinfo);
    else
        mcs_report_text(stdout, &job, &res, &t, &rinfo);
    fflush(stdout);
    if (!quiet && log_st == MCS_OK)
        fprintf(stderr, "mcsim merge: %d shards of %llu blocks joined into %s\n", n,
                (unsigned long long)shards[0].blocks, output);
    st = log_st;
    trust = mcs_warnings_print(stderr, "mcsim merge", &res); /* even with -q */
done:
    for (int i = 0; i < read && shards; i++)
        mcs_shard_free(&shards[i]);
    free(shards);
    free(tree);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim merge: %s\n", err);
        return mcs_status_exit_code(st);
    }
    return mcs_status_exit_code(trust);
}
