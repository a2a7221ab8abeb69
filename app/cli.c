/* cli.c - getopt_long parsing and the --help text. */
#define _GNU_SOURCE
#include "cli.h"
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "backend.h"
#include "internal.h"
#include "shard.h"

static int add_override(mcs_cli *cli, const char *origin, const char *assignment, char *err,
                        size_t err_len)
{
    if (cli->n_overrides >= MCS_MAX_OVERRIDES) {
        snprintf(err, err_len, "too many overrides (at most %d)", MCS_MAX_OVERRIDES);
        return 0;
    }
    cli->overrides[cli->n_overrides].origin = origin;
    cli->overrides[cli->n_overrides].assignment = assignment;
    cli->n_overrides++;
    return 1;
}

/* A value that fits its buffer; else an error naming the limit (never a
 * silently shortened value). */
static int fits(const char *value, size_t max, const char *option, char *err, size_t err_len)
{
    if (strlen(value) <= max)
        return 1;
    snprintf(err, err_len, "%s: value longer than %zu characters", option, max);
    return 0;
}

/* A whole decimal number in [lo, hi] into *out; 0 if text is anything else. */
static int parse_int(const char *text, long lo, long hi, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

mcs_status mcs_cli_parse(int argc, char **argv, mcs_cli *cli, char *err, size_t err_len)
{
    static const struct option opts[] = {
        {"backend", required_argument, NULL, 'b'}, {"paths", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 's'},    {"threads", required_argument, NULL, 't'},
        {"set", required_argument, NULL, 'S'},     {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'f'},  {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},          {"version", no_argument, NULL, 'V'},
        {"device", required_argument, NULL, 'd'},  {"no-log", no_argument, NULL, 'L'},
        {"progress", required_argument, NULL, 'P'}, {"verbose", no_argument, NULL, 'v'},
        {"shard", required_argument, NULL, 'H'},  {"checkpoint", required_argument, NULL, 'C'},
        {"checkpoint-every", required_argument, NULL, 'E'},
        {"resume", required_argument, NULL, 'R'},
        {"tolerance", required_argument, NULL, 'T'},
        {NULL, 0, NULL, 0},
    };
    memset(cli, 0, sizeof *cli);
    cli->backend = "auto";
    cli->backend_origin = "--backend";
    const char *env = getenv("MCSIM_BACKEND");
    if (env && *env) {
        char what[512];
        snprintf(what, sizeof what, "MCSIM_BACKEND=%s", env);
        if (!mcs_backend_choice_ok(env, what, err, err_len))
            return MCS_E_USAGE;
        cli->backend = env;
        cli->backend_origin = "MCSIM_BACKEND";
    }
    cli->format = MCS_FORMAT_TEXT;
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, ":b:d:n:s:t:S:o:f:qvhV", opts, NULL)) != -1) {
        switch (c) {
        case 'b': {
            char what[512];
            snprintf(what, sizeof what, "--backend %s", optarg);
            if (!mcs_backend_choice_ok(optarg, what, err, err_len))
                return MCS_E_USAGE;
            cli->backend = optarg;
            cli->backend_origin = "--backend";
            break;
        }
        case 'L':
            cli->no_log = 1;
            cli->no_log_origin = "--no-log";
            break;
        case 'P':
            if (strcmp(optarg, "auto") == 0)
                cli->progress = MCS_PROGRESS_AUTO;
            else if (strcmp(optarg, "bar") == 0)
                cli->progress = MCS_PROGRESS_BAR;
            else if (strcmp(optarg, "lines") == 0)
                cli->progress = MCS_PROGRESS_LINES;
            else if (strcmp(optarg, "none") == 0)
                cli->progress = MCS_PROGRESS_NONE;
            else {
                snprintf(err, err_len,
                         "--progress %s: unknown mode (valid: auto, bar, lines, none)", optarg);
                return MCS_E_USAGE;
            }
            break;
        case 'v':
            cli->verbose = 1;
            break;
        case 'C':
            if (!*optarg) {
                snprintf(err, err_len, "--checkpoint: empty file name");
                return MCS_E_USAGE;
            }
            cli->checkpoint = optarg;
            break;
        case 'E': {
            char *end;
            cli->checkpoint_every = strtod(optarg, &end);
            if (end == optarg || *end || !(cli->checkpoint_every >= 1) ||
                cli->checkpoint_every > 86400) {
                snprintf(err, err_len, "--checkpoint-every %s: seconds from 1 to 86400", optarg);
                return MCS_E_USAGE;
            }
            break;
        }
        case 'R':
            if (!*optarg) {
                snprintf(err, err_len, "--resume: empty file name");
                return MCS_E_USAGE;
            }
            cli->resume = optarg;
            break;
        case 'H':
            if (!mcs_shard_parse(optarg, &cli->shard_index, &cli->shard_count)) {
                snprintf(err, err_len, "--shard %s: expected i/n with 1 <= i <= n <= %d, the "
                         "most `mcsim merge` joins (e.g. --shard $SLURM_ARRAY_TASK_ID/8)", optarg,
                         MCS_SHARDS_MAX);
                return MCS_E_USAGE;
            }
            break;
        case 'T': {
            char *end;
            double v = strtod(optarg, &end);
            if (end == optarg || *end != '\0' || !(v > 0) || !(v < INFINITY)) {
                snprintf(err, err_len, "--tolerance %s: must be a standard error, a number > 0 "
                         "in the price's units (e.g. --tolerance 1e-3)", optarg);
                return MCS_E_USAGE;
            }
            cli->tolerance = v;
            break;
        }
        case 'n':
            if (!fits(optarg, sizeof cli->paths_assignment - sizeof "simulation.paths=", "--paths",
                      err, err_len))
                return MCS_E_USAGE;
            snprintf(cli->paths_assignment, sizeof cli->paths_assignment, "simulation.paths=%s",
                     optarg);
            snprintf(cli->paths_origin, sizeof cli->paths_origin, "--paths %s", optarg);
            if (!add_override(cli, cli->paths_origin, cli->paths_assignment, err, err_len))
                return MCS_E_USAGE;
            break;
        case 's':
            if (!fits(optarg, sizeof cli->seed_assignment - sizeof "simulation.seed=", "--seed",
                      err, err_len))
                return MCS_E_USAGE;
            snprintf(cli->seed_assignment, sizeof cli->seed_assignment, "simulation.seed=%s",
                     optarg);
            snprintf(cli->seed_origin, sizeof cli->seed_origin, "--seed %s", optarg);
            if (!add_override(cli, cli->seed_origin, cli->seed_assignment, err, err_len))
                return MCS_E_USAGE;
            break;
        case 't':
            if (!parse_int(optarg, 1, 4096, &cli->threads)) {
                snprintf(err, err_len, "--threads %s: must be a whole number from 1 to 4096",
                         optarg);
                return MCS_E_USAGE;
            }
            break;
        case 'd':
            cli->device_given = 1;
            if (!parse_int(optarg, 0, 1023, &cli->device)) {
                snprintf(err, err_len, "--device %s: must be a GPU number from 0 (see nvidia-smi)",
                         optarg);
                return MCS_E_USAGE;
            }
            break;
        case 'S':
            if (!add_override(cli, "--set", optarg, err, err_len))
                return MCS_E_USAGE;
            break;
        case 'o':
            if (!*optarg) {
                snprintf(err, err_len, "-o: empty file name");
                return MCS_E_USAGE;
            }
            cli->output = optarg;
            break;
        case 'f':
            if (strcmp(optarg, "text") == 0)
                cli->format = MCS_FORMAT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                cli->format = MCS_FORMAT_JSON;
            else {
                snprintf(err, err_len, "--format %s: unknown format (valid: text, json)", optarg);
                return MCS_E_USAGE;
            }
            break;
        case 'q':
            cli->quiet = 1;
            break;
        case 'h':
            cli->help = 1;
            return MCS_OK;
        case 'V':
            cli->version = 1;
            return MCS_OK;
        case ':':
            snprintf(err, err_len, "%s needs a value", argv[optind - 1]);
            return MCS_E_USAGE;
        default:
            snprintf(err, err_len, "unknown option %s", argv[optind - 1]);
            return MCS_E_USAGE;
        }
    }
    /* MCSIM_LOG=no: --no-log by default (for those who price in loops);
     * checked after the options (--help and --version work whatever it is)
     * and applied last, since -o and --shard still write */
    const char *log_env = getenv("MCSIM_LOG");
    if (log_env && *log_env && strcmp(log_env, "yes") != 0 && strcmp(log_env, "no") != 0) {
        snprintf(err, err_len, "MCSIM_LOG=%s: expected yes or no (no: --no-log by default)",
                 log_env);
        return MCS_E_USAGE;
    }
    if (optind >= argc) {
        snprintf(err, err_len, "no config file given (try: mcsim configs/european.ini)");
        return MCS_E_USAGE;
    }
    if (argc - optind > 1) {
        snprintf(err, err_len, "one config file expected, got %d (%s, %s, ...)", argc - optind,
                 argv[optind], argv[optind + 1]);
        return MCS_E_USAGE;
    }
    cli->config_path = argv[optind];
    if (cli->checkpoint_every > 0 && !cli->checkpoint) {
        snprintf(err, err_len, "--checkpoint-every needs --checkpoint FILE");
        return MCS_E_USAGE;
    }
    if (cli->checkpoint && cli->checkpoint_every == 0)
        cli->checkpoint_every = 60;
    if (cli->tolerance > 0 && cli->paths_origin[0]) {
        snprintf(err, err_len, "--tolerance and %s: choose one (--tolerance sets the paths)",
                 cli->paths_origin);
        return MCS_E_USAGE;
    }
    if (cli->tolerance > 0 && cli->resume) {
        snprintf(err, err_len, "--tolerance and --resume: resume with --paths N, the paths the "
                 "interrupted run chose (its [simulation] paths)");
        return MCS_E_USAGE;
    }
    if (cli->quiet)
        cli->progress = MCS_PROGRESS_NONE;
    if (!cli->no_log && !cli->output && !cli->shard_count && log_env && !strcmp(log_env, "no")) {
        cli->no_log = 1;
        cli->no_log_origin = "MCSIM_LOG=no";
    }
    return MCS_OK;
}

void mcs_cli_print_help(void *file)
{
    FILE *f = file;
    fprintf(f,
            "usage: mcsim CONFIG [options]         (CONFIG - reads the INI from stdin;\n"
            "                                       not with more than one MPI rank)\n"
            "       mcsim calibrate | estimate | sweep | validate | merge ...  (each has --help)\n"
            "       mcsim help [COMMAND] | version | --help | --version\n"
            "       mcsim help keys [--markdown | --format json]    (the key tables)\n"
            "       mcsim help profile-keys --format json    (a profile's keys)\n"
            "\n"
            "Prices the option described by the INI file CONFIG by Monte Carlo and\n"
            "writes a run log (result, convergence, where the time went) to HDF5.\n"
            "The speedup estimator (docs/estimator.md): `mcsim calibrate` measures this\n"
            "machine, `mcsim estimate CONFIG` predicts CPU and GPU time, `mcsim sweep`\n"
            "and `mcsim validate` check the predictions against measured runs.\n"
            "\n"
            "options:\n"
            "  -b, --backend cpu|gpu|auto  where to run (default $MCSIM_BACKEND, else auto:\n"
            "                              the one the local profile predicts faster, else\n"
            "                              the GPU when usable; this build: %s)\n"
            "  -n, --paths N               number of paths (1e6, 1_000_000; same as\n"
            "                              --set simulation.paths=N)\n"
            "      --tolerance SE          as many paths as a standard error of SE needs\n"
            "                              (the payoff's closed-form variance, else a 0.2 s\n"
            "                              CPU pilot); --backend auto then picks by the\n"
            "                              prediction at those paths (not with --paths)\n"
            "  -s, --seed S                seed (same as --set simulation.seed=S)\n"
            "  -t, --threads N             CPU threads (default: OMP_NUM_THREADS or all cores;\n"
            "                              at most the job's blocks of block_size paths)\n"
            "  -d, --device N              GPU number for --backend gpu (default 0)\n"
            "  -S, --set SECTION.KEY=VALUE override any config key (repeatable)\n"
            "  -o, --output FILE           HDF5 run log path (default [output] file, else\n"
            "                              output/<config>-<backend>-<UTC time>.h5)\n"
            "      --no-log                no run log, only the result on stdout (same as\n"
            "                              --set output.log=no; the default under\n"
            "                              MCSIM_LOG=no, where -o and --shard still write)\n"
            "      --checkpoint FILE       keep the blocks done in FILE (written whole, every\n"
            "                              --checkpoint-every SECONDS, default 60, and on\n"
            "                              SIGTERM/Ctrl-C, which then exit 75)\n"
            "      --resume FILE           go on from a checkpoint of this job: the result is\n"
            "                              the uninterrupted run's, bit for bit\n"
            "      --shard i/n             only share i of n of the blocks, for job arrays:\n"
            "                              its run log is a shard file; `mcsim merge` joins\n"
            "                              the n of them (n at most %d) into the single\n"
            "                              run's result, bit for bit (docs/cluster.md)\n"
            "  -f, --format text|json      result on stdout as a table (default) or as one\n"
            "                              JSON object\n"
            "      --progress MODE         auto (a bar on a terminal, else a line every 15 s),\n"
            "                              bar, lines or none\n"
            "  -q, --quiet                 no messages or progress on stderr (errors still)\n"
            "  -v, --verbose               say why, every time (e.g. why auto runs on the cpu)\n"
            "  -h, --help                  this text\n"
            "  -V, --version               version and what this build supports (also\n"
            "                              `mcsim version`)\n"
            "\n"
            "config keys (INI sections; every key can be overridden with --set):\n",
            mcs_backend_names(), MCS_SHARDS_MAX);
    mcs_config_print_keys(f);
    fprintf(f,
            "\n"
            "reproducibility: paths are cut into blocks of block_size paths; block b\n"
            "draws from its own stream (PCG64 stream b, or Philox counters from b), and\n"
            "block sums are merged in block order, so a result is bit-identical for any\n"
            "--threads, GPU launch shape or chunking. rng = philox draws the same numbers\n"
            "on cpu and gpu: the prices agree to float rounding. (docs/reproducibility.md)\n"
            "\n"
            "exit codes: 0 ok, 64 usage, 65 bad data, 66 config file missing, 69 backend\n"
            "unavailable, 70 internal error, 71 out of memory, 74 I/O error, 78 config error,\n"
            "75 interrupted with --checkpoint (the checkpoint is written: --resume it),\n"
            "130 interrupted (Ctrl-C or SIGTERM: stops between chunks, prints the partial\n"
            "estimate on stderr, writes no log). A result whose log cannot be written (a\n"
            "full disk, a file size limit) is still printed before the exit 74; one its\n"
            "checks cannot trust (a closed form, a bound of the product or its heavy tail\n"
            "says so, on stderr even with -q) is printed and logged before the exit 65.\n"
            "An output that is one of the inputs (-o CONFIG, -o the --checkpoint or\n"
            "--resume file) is a usage error; --checkpoint never replaces a file that is\n"
            "not a checkpoint.\n"
            "\n"
            "environment: MCSIM_BACKEND (default --backend), MCSIM_LOG=no (--no-log by\n"
            "default), MCSIM_PROFILE (the profile for auto and estimate), OMP_NUM_THREADS\n"
            "(default --threads)\n"
            "\n"
            "examples:\n"
            "  mcsim configs/european.ini\n"
            "  mcsim configs/european.ini --paths 1e8 --threads 8 --format json\n"
            "  mcsim configs/european.ini --set option.type=put --set model.volatility=0.3\n"
            "  mcsim configs/european.ini --backend gpu --paths 1e10 --set simulation.rng=philox\n"
            "  sed 's/strike = 100/strike = 110/' configs/european.ini | mcsim - --no-log\n");
}

void mcs_cli_command_line(int argc, char **argv, char *buf, size_t len)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_./=:,+@%-";
    size_t used = 0;
    buf[0] = '\0';
#define PUT(c)                      \
    do {                            \
        if (used + 1 < len)         \
            buf[used++] = (c);      \
    } while (0)
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        int quote = a[0] == '\0' || a[strspn(a, safe)] != '\0';
        if (i)
            PUT(' ');
        if (quote)
            PUT('\'');
        for (; *a; a++) {
            if (*a == '\'' && quote) {
                PUT('\'');
                PUT('\\');
                PUT('\'');
                PUT('\'');
            } else
                PUT(*a);
        }
        if (quote)
            PUT('\'');
    }
#undef PUT
    buf[used] = '\0';
}
