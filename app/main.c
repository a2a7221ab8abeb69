/* main.c - the mcsim command (mcsim_cli_main, inside libmcsim.so; the
 * executable, app/program.c, only calls it): parse the command line, and
 * run the job through the library's run path (api/internal.h: the job, the
 * backend pick, the run, shards, checkpoints and MPI ranks), write the HDF5
 * run log, print the result. The only place that turns a status into an
 * exit code. */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "backend.h"
#include "catalog.h"
#include "cli.h"
#include "cli_main.h"
#include "internal.h"
#include "commands.h"
#include "config.h"
#include "diagnostics.h"
#include "engine.h"
#include "checkpoint.h"
#include "h5log.h"
#include "key_tables.h"
#include "ranks.h"
#include "merge.h"
#include "notice.h"
#include "shard.h"
#include "output_path.h"
#include "pilot.h"
#include "profile.h"
#include "analytic.h"
#include "product.h"
#include "progress.h"
#include "report.h"
#include "stop.h"
#include "sysinfo.h"

#ifndef MCS_VERSION
#define MCS_VERSION "0.0.0"
#endif

#define RESOLVED_MAX MCS_CONFIG_RESOLVED_MAX
#define MCS_MAX_RANKS 4096 /* MPI ranks gathered (about 18 KB each) */
#define ERR_MAX 1024

/* MPI, as the executable gives it (app/ranks.h). */
static const mcs_ranks_ops *ranks_ops;

static void print_version(void)
{
    printf("mcsim %s\n", MCS_VERSION);
    const mcs_backend *cpu = mcs_backend_find("cpu");
    printf("  cpu backend: %s (OpenMP %d; kernel for this CPU: %s)\n", cpu->description,
           _OPENMP, cpu->variant ? cpu->variant() : "?");
    printf("  mpi ranks: %s\n", ranks_ops->library());
    char gpu[8192]; /* the GPU module: where, CUDA versions; or why none; no GPU context */
    mcs_gpu_module_describe(gpu, sizeof gpu);
    printf("  gpu backend: %s\n", gpu);
}

/* output/<config name>-<backend>-<UTC time>.h5; made unique when written,
 * and the folder is created only then, so a failed run leaves nothing. */
static void default_log_path(const char *config_path, const mcs_cli *cli, const char *backend,
                             char *buf, size_t len)
{
    char copy[MCS_PATH_MAX];
    snprintf(copy, sizeof copy, "%s", config_path);
    char *base = basename(copy);
    char *dot = strrchr(base, '.');
    if (dot && dot != base)
        *dot = '\0';
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
    char shard[48] = ""; /* a shard's log: output/<config>-shard-i-of-n-<backend>-... */
    if (cli->shard_count)
        snprintf(shard, sizeof shard, "shard-%d-of-%d-", cli->shard_index, cli->shard_count);
    snprintf(buf, len, "output/%s-%s%s-%s.h5", base, shard, backend, stamp);
}

/* What the log-path messages suggest. */
#define LOG_HINT "-o names another place; --no-log prints the result without a log"

/* --backend auto runs on the cpu, the GPU being unusable (why): with -v
 * the reason, every time; else the reason and the switches that skip the
 * GPU, once per machine and reason, and not at all where the local profile
 * was calibrated on this host without a GPU. */
static void gpu_fallback_notice(int verbose, const char *why)
{
    int cpu_only = 0;
    char unused[ERR_MAX];
    if (verbose)
        fprintf(stderr, "mcsim: --backend auto: running on the cpu: %s\n", why);
    else if (!(mcs_estimate_local_profile(&cpu_only, unused, sizeof unused) && cpu_only) &&
             mcs_notice_is_news("no-gpu", why))
        fprintf(stderr, "mcsim: running on the cpu: %s (said once per machine, with -v every "
                        "time; MCSIM_BACKEND=cpu skips the GPU, and building with "
                        "-DMCSIM_CUDA=OFF, e.g. make run CMAKE_FLAGS=-DMCSIM_CUDA=OFF, leaves "
                        "it out)\n", why);
}

/* What --backend auto chose and why, on stderr (the library's pick,
 * api/pick.c, says nothing itself). */
static void pick_notice(const mcs_cli *cli, const mcs_job *job, const mcs_pick *pick)
{
    if (cli->quiet)
        return;
    switch (pick->reason) {
    case MCS_PICK_CPU_PREDICTED:
        fprintf(stderr, "mcsim: --backend auto: using cpu, predicted faster: %s\n", pick->why);
        break;
    case MCS_PICK_GPU_PREDICTED:
        fprintf(stderr, "mcsim: --backend auto: using gpu, predicted faster: %s\n", pick->why);
        break;
    case MCS_PICK_CPU_NO_GPU:
        gpu_fallback_notice(cli->verbose, pick->why);
        break;
    case MCS_PICK_CPU_RNG:
        fprintf(stderr, "mcsim: running on the cpu: the gpu backend cannot run rng = %s\n",
                mcs_named_by_id(mcs_rngs, job->sim.rng)->name);
        break;
    case MCS_PICK_CPU_NO_MODULE: /* a build without the GPU module says it with -v only */
        if (cli->verbose)
            fprintf(stderr, "mcsim: --backend auto: running on the cpu: %s\n", pick->why);
        break;
    case MCS_PICK_NAMED: /* asked for: nothing to explain */
    case MCS_PICK_GPU:
        break;
    }
}

/* `mcsim help keys [--markdown | --format json]`: every model's and
 * payoff's keys (engine/key_tables.h); plain: as in --help. */
static int help_keys(int argc, char **argv)
{
    if (argc == 3) {
        mcs_config_print_keys(stdout);
        return 0;
    }
    if (argc == 4 && strcmp(argv[3], "--markdown") == 0) {
        mcs_print_key_tables_markdown(stdout);
        return 0;
    }
    if (argc == 5 && strcmp(argv[3], "--format") == 0 && strcmp(argv[4], "json") == 0) {
        mcs_print_key_tables_json(stdout);
        return 0;
    }
    fprintf(stderr, "mcsim help keys: takes --markdown or --format json, got '%s'\n", argv[3]);
    return mcs_status_exit_code(MCS_E_USAGE);
}

/* `mcsim help profile-keys --format json`: every profile key
 * (estimator/profile.h). */
static int help_profile_keys(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[3], "--format") == 0 && strcmp(argv[4], "json") == 0) {
        mcs_profile_print_keys_json(stdout);
        return 0;
    }
    fprintf(stderr, "mcsim help profile-keys: takes --format json (the keys of a profile "
                    "and what each holds; docs/estimator.md, \"Profile keys\")\n");
    return mcs_status_exit_code(MCS_E_USAGE);
}

/* `mcsim help [COMMAND]`: the main help, or a subcommand's --help;
 * `mcsim help keys`: the key tables; `mcsim help profile-keys`: a
 * profile's. */
static int help_command(int argc, char **argv, const char *self)
{
    if (argc < 3) {
        mcs_cli_print_help(stdout);
        return 0;
    }
    if (strcmp(argv[2], "keys") == 0)
        return help_keys(argc, argv);
    if (strcmp(argv[2], "profile-keys") == 0)
        return help_profile_keys(argc, argv);
    char *sub_argv[] = {argv[2], "--help", NULL};
    if (strcmp(argv[2], "estimate") == 0)
        return mcs_cmd_estimate(2, sub_argv);
    if (strcmp(argv[2], "calibrate") == 0)
        return mcs_cmd_calibrate(2, sub_argv, self);
    if (strcmp(argv[2], "sweep") == 0)
        return mcs_cmd_sweep(2, sub_argv, self);
    if (strcmp(argv[2], "merge") == 0) {
        mcs_cmd_merge_help(stdout);
        return 0;
    }
    if (strcmp(argv[2], "validate") == 0)
        return mcs_cmd_validate(2, sub_argv);
    if (strcmp(argv[2], "run") == 0 || strcmp(argv[2], "help") == 0 ||
        strcmp(argv[2], "version") == 0) {
        mcs_cli_print_help(stdout);
        return 0;
    }
    fprintf(stderr, "mcsim help: unknown command '%s' (commands: calibrate, estimate, sweep, "
                    "validate, keys, profile-keys; `mcsim help` for pricing)\n", argv[2]);
    return mcs_status_exit_code(MCS_E_USAGE);
}

/* A short notice when the steps cannot change the estimate: an exact-step
 * model and a payoff that looks at the terminal spot only. */
static void steps_notice(const mcs_job *job)
{
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    mcs_job one = *job; /* a model may need the steps (merton's jumps a step) */
    one.sim.steps = 1;
    char why[512];
    if (mt->check_grid && !mt->check_grid(&one, why, sizeof why))
        return;
    if (job->sim.steps > 1 && !pt->path_dependent && mt->exact_steps)
        fprintf(stderr, "mcsim: note: steps = %u does not change the estimate (%s steps exactly, "
                        "and a %s looks at expiry only); steps = 1 gives it faster\n",
                job->sim.steps, mt->name, pt->name);
}

/* The payoff's note on a key it was given and leaves unused (its type
 * table's unused_note: digital = asset with a cash of 5). */
static void unused_notice(const mcs_job *job)
{
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    char note[256];
    if (pt && pt->unused_note && pt->unused_note(job, note, sizeof note))
        fprintf(stderr, "mcsim: note: %s\n", note);
}

/* A local profile named or present but unusable: one line, since then
 * --backend auto predicts nothing and the run log has no /estimate. Said
 * after the run (its total stamped): a profile read (about 0.8 ms) inside
 * it would be a cost calibrate's quiet runs never see. */
static void profile_notice(void)
{
    int cpu_only;
    char why[ERR_MAX];
    const char *env = getenv("MCSIM_PROFILE");
    if (!mcs_estimate_local_profile(&cpu_only, why, sizeof why) && why[0])
        fprintf(stderr, "mcsim: note: %s%s is not used (no prediction for --backend auto, no "
                        "/estimate in the run log): %s\n", env && *env ? "MCSIM_PROFILE=" :
                        "the local profile", env && *env ? env : "", why);
}

/* What the engine's checkpoint calls need. */
typedef struct {
    const char *path, *config;
    const mcs_block_range *range;
    uint64_t blocks;
    int written; /* a checkpoint was written */
    int resumed; /* the run went on from this checkpoint (--resume of the same file) */
} checkpoint_ctx;

/* Before any work, the files of a run: --resume a regular file (a FIFO
 * would block); no output (the log, the checkpoint) one of the inputs (the
 * config, --resume) or the other output; and a --checkpoint path that holds
 * something else than a checkpoint is never replaced (and removed at the
 * end). `config` is NULL for standard input, `log` NULL without a log. */
static mcs_status check_run_files(const mcs_cli *cli, const char *config, const char *log,
                                  char *err, size_t len)
{
    mcs_status st = MCS_OK;
    if (cli->resume && (st = mcs_input_check("checkpoint", cli->resume, err, len)) != MCS_OK)
        return st;
    if (log && ((st = mcs_output_not_input("run log", log, "the config", config, err, len)) ||
                (st = mcs_output_not_input("run log", log, "--resume", cli->resume, err, len)) ||
                (st = mcs_output_not_input("run log", log, "--checkpoint", cli->checkpoint, err,
                                           len))))
        return st;
    if (cli->checkpoint &&
        ((st = mcs_output_not_input("checkpoint", cli->checkpoint, "the config", config, err,
                                    len)) ||
         (st = mcs_checkpoint_check_target(cli->checkpoint, err, len))))
        return st;
    return MCS_OK;
}

static mcs_status write_checkpoint(void *arg, const mcs_merge_tree *tree, char *err, size_t len)
{
    checkpoint_ctx *ck = arg;
    mcs_status st = mcs_checkpoint_write(ck->path, ck->config, ck->range, ck->blocks, tree, err,
                                         len);
    ck->written |= st == MCS_OK;
    return st;
}

/* Rank 0's join: the first rank that failed says why (its status is the
 * run's), else every rank's tree is replayed, in rank order, into *tree. */
static mcs_status join_ranks(const mcs_rank_report *all, int size, mcs_merge_tree *tree,
                             char *err, size_t err_len)
{
    for (int r = 0; r < size; r++) {
        mcs_status st = (mcs_status)all[r].status;
        if (st == MCS_E_INTERRUPTED) {
            snprintf(err, err_len, "interrupted; no run log written");
            return st;
        }
        if (st != MCS_OK) {
            snprintf(err, err_len, "rank %d (%s) failed: %s", r, all[r].host,
                     all[r].error[0] ? all[r].error : mcs_status_message(st));
            return st;
        }
    }
    for (int r = 0; r < size; r++)
        if (!mcs_tree_push_tree(tree, &all[r].tree)) {
            snprintf(err, err_len, "rank %d's blocks do not follow on", r);
            return MCS_E_SOFTWARE;
        }
    return MCS_OK;
}

/* "mcsim: ERR" on stderr, "mcsim: rank R: ERR" from an MPI rank other than
 * 0; a usage error adds where to read the usage. */
static void say_error(int rank, mcs_status st, const char *err)
{
    if (rank)
        fprintf(stderr, "mcsim: rank %d: %s\n", rank, err);
    else
        fprintf(stderr, "mcsim: %s\n", err);
    if (st == MCS_E_USAGE)
        fprintf(stderr, "(see mcsim --help)\n");
}

/* MPI, before the run: every rank says whether it failed (st, err). Where
 * one did, rank 0 says the first failed rank's message, naming the rank;
 * each other rank that failed with another message says its own; all exit
 * with the first's code (returned). -1 where none failed. */
static int ranks_agree(const mcs_ranks *ranks, mcs_status st, const char *err)
{
    static char first_err[ERR_MAX];
    mcs_status first_st;
    int first = ranks_ops->first_failed(ranks, st, err, &first_st, first_err, sizeof first_err);
    if (first < 0)
        return -1;
    if (ranks->rank == 0)
        say_error(first, first_st, first_err);
    else if (st != MCS_OK && ranks->rank != first && strcmp(err, first_err) != 0)
        say_error(ranks->rank, st, err);
    return mcs_status_exit_code(first_st);
}

/* Ctrl-C: the partial estimate on stderr (the exit stays 130, no log). */
/* --tolerance SE: sets the job's paths to those a standard error of SE
 * needs, from the payoff's closed-form variance, else from a variance
 * pilot on the CPU (estimator/pilot.h: the job run briefly in this
 * process); says so on stderr unless -q. `shared`: the job is one share
 * of several (--shard, MPI ranks), which must all choose the same paths:
 * only a closed form may choose them. */
static mcs_status tolerance_paths(const mcs_cli *cli, mcs_job *job, int shared, char *err,
                                  size_t len)
{
    double sd = 0;
    const char *source = NULL;
    if (!mcs_analytic_std_dev(job, &sd, &source)) {
        if (shared || strcmp(cli->config_path, "-") == 0) {
            snprintf(err, len, "--tolerance: the payoff's variance has no closed form, and %s: "
                     "give --paths (`mcsim estimate CONFIG --tolerance SE` says how many)",
                     shared ? "the shares of a job (--shard, MPI ranks) must choose the same "
                              "paths, which a pilot cannot promise"
                            : "a pilot cannot read the config again from standard input");
            return MCS_E_USAGE;
        }
        mcs_pilot pilot;
        mcs_status st = mcs_pilot_run(cli->config_path, cli->overrides, cli->n_overrides, "cpu",
                                      NULL, 1, NULL, MCS_PILOT_DEFAULT_S, &pilot, err, len);
        if (st != MCS_OK)
            return st;
        if (!pilot.ran || !(pilot.std_error > 0)) {
            snprintf(err, len, "--tolerance: the payoff's variance has no closed form and the "
                     "CPU pilot could not measure it (%s)", pilot.ran ? "a zero std error" : pilot.why);
            return MCS_E_UNAVAILABLE;
        }
        sd = pilot.std_error * sqrt((double)pilot.paths);
        source = "a 0.2 s CPU pilot";
    }
    const uint64_t paths = mcs_paths_for_tolerance(sd, cli->tolerance);
    if (paths == 0) {
        snprintf(err, len, "--tolerance %g: the payoff's standard deviation %.6g (from %s) needs "
                 "more than 1e15 paths", cli->tolerance, sd, source);
        return MCS_E_USAGE;
    }
    job->sim.paths = paths;
    if (!cli->quiet)
        fprintf(stderr, "mcsim: --tolerance %g: %llu paths (the payoff's standard deviation "
                "%.6g: %s)\n", cli->tolerance, (unsigned long long)paths, sd, source);
    return MCS_OK;
}

static void report_interrupted(const mcs_job *job, const mcs_result *res)
{
    char done[32], all[32];
    mcs_short_count((double)res->paths, done, sizeof done);
    mcs_short_count((double)job->sim.paths, all, sizeof all);
    if (res->paths == 0)
        fprintf(stderr, "mcsim: interrupted before the first chunk finished (0 of %s paths); "
                        "no estimate, no run log written\n", all);
    else if (isnan(res->std_error))
        fprintf(stderr, "mcsim: interrupted after %s of %s paths: partial estimate %.8g (std "
                        "error n/a); no run log written\n", done, all, res->price);
    else
        fprintf(stderr, "mcsim: interrupted after %s of %s paths: partial estimate %.8g, std "
                        "error %.3g, 95%% CI [%.8g, %.8g]; no run log written\n",
                done, all, res->price, res->std_error, res->ci_low, res->ci_high);
}

/* The library's objects of the run, freed by mcsim_cli_main when the
 * command returns, wherever it returns. */
static struct {
    mcsim_job *job;
    mcsim_engine *engine;
    mcsim_result *result;
} held;

/* The command and its subcommands; mcsim_cli_main frees what it made. */
static int command(int argc, char **argv, const mcs_ranks_ops *ranks_given)
{
    static char resolved[RESOLVED_MAX], command_line[8192], log_path[MCS_PATH_MAX];
    char err[ERR_MAX] = "", log_err[ERR_MAX] = "";
    mcs_timings t; /* the phases before the run; then the run's (r->t) */
    memset(&t, 0, sizeof t);
    t.start = mcs_now();
    ranks_ops = ranks_given;
    mcs_cli cli;
    mcsim_job *mjob = NULL;    /* the config, validated (the library's job) */
    mcsim_engine *engine = NULL;
    mcsim_result *r = NULL;    /* the run's result (the library's) */
    const mcs_backend *be = NULL;
    const mcs_rank_report *rank_reports = NULL; /* MPI: every rank's part, on rank 0 */
    if (argc > 1 && strcmp(argv[1], "help") == 0)
        return help_command(argc, argv, argv[0]);
    if (argc > 1 && strcmp(argv[1], "version") == 0) { /* the same as --version */
        if (argc > 2) {
            fprintf(stderr, "mcsim version: takes no arguments, got '%s' (see mcsim --help)\n",
                    argv[2]);
            return mcs_status_exit_code(MCS_E_USAGE);
        }
        print_version();
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "estimate") == 0)
        return mcs_cmd_estimate(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "calibrate") == 0)
        return mcs_cmd_calibrate(argc - 1, argv + 1, argv[0]);
    if (argc > 1 && strcmp(argv[1], "sweep") == 0)
        return mcs_cmd_sweep(argc - 1, argv + 1, argv[0]);
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return mcs_cmd_merge(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "validate") == 0)
        return mcs_cmd_validate(argc - 1, argv + 1);
    mcs_cli_command_line(argc, argv, command_line, sizeof command_line); /* before getopt permutes */
    mcs_ranks ranks;
    ranks_ops->init(&argc, &argv, &ranks);
    int agreed = 0; /* the ranks have agreed that none failed before the run */
    mcs_status st = mcs_cli_parse(argc, argv, &cli, err, sizeof err);
    if (st == MCS_OK && ranks.rank != 0) { /* rank 0 alone talks and writes */
        cli.quiet = 1;
        cli.progress = MCS_PROGRESS_NONE;
    }
    if (st == MCS_OK && ranks.active && (cli.checkpoint || cli.resume)) {
        snprintf(err, sizeof err, "--checkpoint and --resume do not work with MPI ranks yet; "
                 "run one process per shard (--shard) to checkpoint each");
        st = MCS_E_USAGE;
    }
    if (st != MCS_OK)
        goto fail;
    if (cli.help) {
        mcs_cli_print_help(stdout);
        return 0;
    }
    if (cli.version) {
        print_version();
        return 0;
    }
    /* from here on a signal only asks the run to stop (exit 130, no log),
     * and a file size limit is an error, not a kill (stop.h) */
    mcs_stop_on_signals();

    /* what messages, the log and the default log name call the config */
    const int from_stdin = strcmp(cli.config_path, "-") == 0;
    const char *config_name = from_stdin ? MCS_STDIN_NAME : cli.config_path;
    st = MCS_E_USAGE;
    if (from_stdin && ranks.active) /* standard input reaches rank 0 alone */
        snprintf(err, sizeof err, "under mpirun the config must be a file, not standard input "
                 "(only rank 0 reads it)");
    else if (cli.no_log && cli.shard_count)
        snprintf(err, sizeof err, "--no-log and --shard: a shard's result is its file");
    else if (cli.no_log && cli.output)
        snprintf(err, sizeof err, "--no-log and -o %s: choose one (-o writes a run log)",
                 cli.output);
    else
        st = MCS_OK;
    if (st != MCS_OK)
        goto fail;

    double c0 = mcs_now();
    mcsim_error job_err;
    if (mcs_job_read(cli.config_path, cli.overrides, cli.n_overrides, &mjob, &job_err) !=
        MCSIM_OK) {
        snprintf(err, sizeof err, "%s", job_err.message);
        st = mcs_status_of_exit_code((int)job_err.status);
        goto fail;
    }
    held.job = mjob;
    t.seconds[MCS_PHASE_CONFIG] = mcs_now() - c0;
    mcs_job *job = &mjob->job; /* settled here (log, rng), then run as it stands */
    if (cli.tolerance > 0) { /* choosing the paths is part of reading the job */
        st = tolerance_paths(&cli, job, ranks.active || cli.shard_count > 0, err, sizeof err);
        t.seconds[MCS_PHASE_CONFIG] = mcs_now() - c0;
        if (st != MCS_OK)
            goto fail;
    }
    /* -o asks for a log even when the config says log = no */
    const int want_log = !cli.no_log && (job->write_log || cli.output || cli.shard_count);
    job->write_log = want_log; /* echoed as [output] log: what this run did */

    double p0 = mcs_now();
    mcs_pick pick;
    st = mcs_backend_pick(cli.backend, cli.backend_origin, config_name, job, cli.threads, &pick,
                          err, sizeof err);
    if (st != MCS_OK)
        goto fail;
    be = pick.backend;
    pick_notice(&cli, job, &pick);
    mcs_backend_accept(be, config_name, job, err, sizeof err); /* rng = auto: the backend's */
    /* probing a GPU starts its driver (about 0.1 s): part of context creation
     * when the GPU runs the job, of set-up when auto fell back to the CPU */
    t.seconds[be->describe_gpu ? MCS_PHASE_CONTEXT : MCS_PHASE_SETUP] += mcs_now() - p0;
    /* rng resolved; for checkpoints and the ranks' agreement only (the run
     * renders its own for the log: a 64-asset config's render is 0.2 ms) */
    if (cli.checkpoint || cli.resume || ranks.active)
        mcs_config_render(job, config_name, resolved, sizeof resolved);
    if (!cli.quiet) {
        steps_notice(job);
        unused_notice(job);
    }

    double s0 = mcs_now();
    int default_name = !cli.output && !job->output_file[0];
    if (cli.output)
        snprintf(log_path, sizeof log_path, "%s", cli.output);
    else if (job->output_file[0])
        snprintf(log_path, sizeof log_path, "%s", job->output_file);
    else
        default_log_path(from_stdin ? "stdin" : cli.config_path, &cli, be->name, log_path,
                         sizeof log_path);
    if (ranks.rank == 0 && (st = check_run_files(&cli, from_stdin ? NULL : cli.config_path,
                                                 want_log ? log_path : NULL, err, sizeof err)))
        goto fail;
    if (ranks.rank == 0 && want_log && (st = mcs_output_check("run log", log_path, default_name, LOG_HINT, err,
                                            sizeof err)) != MCS_OK)
        goto fail;
    /* a default name is claimed atomically when written (link), so only a
     * named log needs the lock */
    if (ranks.rank == 0 && want_log && !default_name &&
        (st = mcs_output_lock("run log", log_path, err, sizeof err)) != MCS_OK)
        goto fail;
    if (cli.checkpoint &&
        ((st = mcs_output_check("checkpoint", cli.checkpoint, 0, NULL, err, sizeof err)) != MCS_OK ||
         (st = mcs_output_lock("checkpoint", cli.checkpoint, err, sizeof err)) != MCS_OK))
        goto fail;
    t.seconds[MCS_PHASE_SETUP] += mcs_now() - s0;

    mcs_placement where = {cli.threads > 0 ? cli.threads : omp_get_max_threads(), cli.device,
                           ranks.local_rank};
    if (ranks.active && !cli.device_given)
        where.device = -1; /* each rank takes a GPU of its node: local rank mod GPUs */
    mcsim_error engine_err;
    if (mcs_engine_make(be, &where, &engine, &engine_err) != MCSIM_OK) {
        snprintf(err, sizeof err, "%s", engine_err.message);
        st = mcs_status_of_exit_code((int)engine_err.status);
        goto fail;
    }
    held.engine = engine;
    mcs_progress progress;
    mcs_progress_init(&progress, job->sim.paths, cli.progress);
    /* a shard computes its share of the blocks and keeps its merge tree; a
     * resumed run goes on from its checkpoint */
    const uint64_t blocks = mcs_job_blocks(job);
    static mcs_merge_tree shard_tree, resume_tree;
    mcs_share share;
    memset(&share, 0, sizeof share);
    share.range.end = blocks;
    mcs_shard_info shard = {cli.shard_index, cli.shard_count, 0, 0, blocks, &shard_tree};
    if (cli.shard_count) {
        share.range = mcs_shard_range(blocks, cli.shard_index, cli.shard_count);
        share.partial = &shard_tree;
        shard.first = share.range.first;
        shard.end = share.range.end;
        uint64_t bs = job->sim.block_size, end = share.range.end * bs;
        mcs_progress_init(&progress, (end < job->sim.paths ? end : job->sim.paths) -
                                         share.range.first * bs, cli.progress);
    }
    if (cli.resume) {
        st = mcs_checkpoint_read(cli.resume, job, resolved, &share.range, &resume_tree, err,
                                 sizeof err);
        if (st != MCS_OK)
            goto fail;
        share.resume = &resume_tree;
        if (!cli.quiet)
            fprintf(stderr, "mcsim: resuming from %s: blocks %llu to %llu of %llu done\n",
                    cli.resume, (unsigned long long)share.range.first,
                    (unsigned long long)resume_tree.next, (unsigned long long)blocks);
    }
    checkpoint_ctx ck = {cli.checkpoint, resolved, &share.range, blocks, 0,
                         cli.checkpoint && cli.resume && mcs_same_file(cli.resume, cli.checkpoint)};
    if (cli.checkpoint) {
        share.checkpoint = write_checkpoint;
        share.checkpoint_ctx = &ck;
        share.checkpoint_every = cli.checkpoint_every;
    }
    /* MPI: every rank got this far, and each takes its part of the share */
    static mcs_merge_tree rank_tree;
    const mcs_block_range whole = share.range;
    mcs_rank_report *all = NULL; /* rank 0: every rank's report, gathered after the run */
    if (ranks.active) {
        agreed = 1;
        /* the rank count and rank 0's room for the reports, settled before the run */
        mcs_status ready = MCS_OK;
        if (ranks.size > MCS_MAX_RANKS) {
            ready = MCS_E_USAGE;
            snprintf(err, sizeof err, "%d ranks: at most %d, with room for their reports",
                     ranks.size, MCS_MAX_RANKS);
        } else if (ranks.rank == 0 && !(all = calloc((size_t)ranks.size, sizeof *all))) {
            ready = MCS_E_NOMEM;
            snprintf(err, sizeof err, "out of memory for the %d ranks' reports", ranks.size);
        }
        int code = ranks_agree(&ranks, ready, err);
        if (code >= 0) {
            free(all);
            return code;
        }
        /* the ranks compute one share together: the same --shard everywhere */
        int other_shard = ranks_ops->first_different(&ranks, (uint64_t)cli.shard_index << 32 |
                                                                 (uint32_t)cli.shard_count);
        if (other_shard >= 0) {
            char mine[32] = "no --shard";
            if (cli.shard_count)
                snprintf(mine, sizeof mine, "--shard %d/%d", cli.shard_index, cli.shard_count);
            snprintf(err, sizeof err, "rank %d was given another --shard than rank 0 (%s): the "
                     "ranks compute one shard together, so give them all the same --shard",
                     other_shard, mine);
            if (ranks.rank == 0)
                say_error(0, MCS_E_USAGE, err);
            free(all);
            return mcs_status_exit_code(MCS_E_USAGE);
        }
        /* each rank read the config itself: the same job everywhere, or none */
        int other = ranks_ops->first_different(&ranks, mcs_config_identity_hash(resolved));
        if (other >= 0) {
            if (ranks.rank == 0)
                fprintf(stderr, "mcsim: rank %d read another job than rank 0 from %s (its "
                                "resolved config differs): every rank reads the config file "
                                "itself, so give them all the same file (and where some nodes "
                                "have no GPU, set --backend and [simulation] rng rather than "
                                "auto)\n", other, cli.config_path);
            free(all);
            return mcs_status_exit_code(MCS_E_DATA);
        }
        mcs_block_range part = mcs_shard_range(whole.end - whole.first, ranks.rank + 1,
                                               ranks.size);
        share.range.first = whole.first + part.first;
        share.range.end = whole.first + part.end;
        share.partial = &rank_tree;
    }
    /* the library's run path (api/run.c), with the command's share,
     * progress and the phases so far */
    const mcs_run_options run_options = {&share, mcs_progress_update, &progress, &t, 1};
    st = mcs_run_job(engine, mjob, &run_options, &r, err, sizeof err);
    mcs_progress_finish(&progress);
    if (!r) /* out of memory before the run */
        goto fail;
    held.result = r;
    job = &r->job;
    mcs_result *res = &r->res;
    if (ranks.active) {
        /* rank 0 gathers every rank's tree and replays them in rank order */
        static mcs_rank_report mine;
        memset(&mine, 0, sizeof mine);
        mine.rank = ranks.rank;
        mine.status = (int)st;
        mine.threads = r->threads;
        mine.first = share.range.first;
        mine.end = share.range.end;
        mcs_sysinfo_host(mine.host, sizeof mine.host);
        snprintf(mine.device, sizeof mine.device, "%s", r->has_gpu ? r->gpu.name : "cpu");
        memcpy(mine.seconds, r->t.seconds, sizeof mine.seconds);
        mine.seconds[MCS_PHASE_TOTAL] = mcs_now() - t.start;
        snprintf(mine.error, sizeof mine.error, "%s", st != MCS_OK ? err : "");
        mine.tree = rank_tree;
        double waited = 0;
        if (ranks_ops->gather(&ranks, &mine, all, &waited) != MCS_OK) {
            snprintf(err, sizeof err, "gathering the ranks' results failed (%d ranks)",
                     ranks.size);
            st = MCS_E_SOFTWARE;
            goto fail;
        }
        if (ranks.rank != 0)
            return mcs_status_exit_code(st);
        all[0].mpi_seconds = waited;
        mcs_tree_init_at(&rank_tree, mcs_job_outputs(job), whole.first);
        if ((st = join_ranks(all, ranks.size, &rank_tree, err, sizeof err)) != MCS_OK)
            goto fail;
        mcs_moments total = mcs_tree_total(&rank_tree);
        mcs_engine_fill_result(job, &total, res);
        if (cli.shard_count)
            shard_tree = rank_tree;
        rank_reports = all;
    }
    if (st == MCS_E_IO && mcs_stop_flag && ck.path) /* the stop's checkpoint failed (74): */
        report_interrupted(job, res);               /* the partial estimate is not lost */
    if (st == MCS_E_INTERRUPTED) {
        report_interrupted(job, res);
        if (cli.checkpoint && ck.written) {
            if (!cli.quiet)
                fprintf(stderr, "mcsim: checkpoint %s holds the blocks done; go on with the "
                                "same command and --resume %s\n", cli.checkpoint,
                        cli.checkpoint);
            return mcs_status_exit_code(MCS_E_CHECKPOINTED);
        }
        return mcs_status_exit_code(st);
    }
    if (st != MCS_OK)
        goto fail;

    mcs_run_info info;
    mcs_result_run_info(r, command_line, &info);
    info.shard = cli.shard_count ? &shard : NULL;
    info.ranks = rank_reports;
    info.n_ranks = rank_reports ? ranks.size : 0;
    /* A log that cannot be written does not lose the result: it is printed
     * first, then the error, and the exit is 74. */
    mcs_status log_st = MCS_OK;
    if (want_log && default_name && mkdir("output", 0777) != 0 && errno != EEXIST) {
        snprintf(log_err, sizeof log_err, "cannot create folder 'output' for the run log: %s",
                 strerror(errno));
        log_st = MCS_E_IO;
    } else if (want_log && default_name) {
        log_st = mcs_h5log_write_new(log_path, sizeof log_path, &info, job, res, &r->t, log_err,
                                     sizeof log_err);
    } else if (want_log) {
        log_st = mcs_h5log_write(log_path, &info, job, res, &r->t, log_err, sizeof log_err);
    } else {
        r->t.seconds[MCS_PHASE_TOTAL] = mcs_now() - r->t.start;
    }
    if (log_st != MCS_OK)
        r->t.seconds[MCS_PHASE_TOTAL] = mcs_now() - r->t.start;

    if (res->paths < 2 && !cli.quiet)
        fprintf(stderr, "mcsim: note: one path has no spread: the std error and interval are "
                        "undefined (n/a); use more paths\n");
    if (!cli.quiet) /* after the run: reading the profile is no part of its phases */
        profile_notice();

    mcs_report_info rinfo = {config_name,
                             be->name,
                             r->threads,
                             want_log && log_st == MCS_OK ? log_path : NULL,
                             !want_log ? (cli.no_log ? cli.no_log_origin : "[output] log = no")
                                       : "writing it failed, see the error on stderr",
                             r->t.seconds[MCS_PHASE_TOTAL],
                             info.gpu ? r->gpu.name : NULL};
    if (cli.format == MCS_FORMAT_JSON)
        mcs_report_json(stdout, job, res, &r->t, &rinfo);
    else
        mcs_report_text(stdout, job, res, &r->t, &rinfo);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "mcsim: cannot write the result to stdout: %s\n", strerror(errno));
        return mcs_status_exit_code(MCS_E_IO);
    }
    /* what the result's own checks found, even with -q: an error means the
     * result above cannot be trusted (exit 65; a shard's part is judged
     * again, whole, by mcsim merge, so the shard's file stands: exit 0) */
    const mcs_status trust = mcs_warnings_print(stderr, "mcsim", res);
    if (log_st != MCS_OK) {
        fprintf(stderr, "mcsim: %s (the result above is complete; only the log is missing)\n",
                log_err);
        return mcs_status_exit_code(log_st);
    }
    /* the job is done and logged: its checkpoint, if this run wrote or
     * resumed it, has served (any other file at that path is left alone) */
    if (cli.checkpoint && want_log && (ck.written || ck.resumed) && unlink(cli.checkpoint) == 0 &&
        !cli.quiet)
        fprintf(stderr, "mcsim: done; checkpoint %s removed\n", cli.checkpoint);
    return mcs_status_exit_code(cli.shard_count ? MCS_OK : trust);

fail:
    if (!err[0])
        snprintf(err, sizeof err, "%s", mcs_status_message(st));
    if (ranks.active && !agreed) /* the others wait to agree before the run */
        return ranks_agree(&ranks, st, err);
    say_error(ranks.rank, st, err);
    return mcs_status_exit_code(st);
}

int mcsim_cli_main(int argc, char **argv, const mcs_ranks_ops *ranks)
{
    int code = command(argc, argv, ranks);
    mcsim_result_free(held.result);
    mcsim_engine_free(held.engine);
    mcsim_job_free(held.job);
    memset(&held, 0, sizeof held);
    return code;
}
