/* cli.h - command-line parsing (getopt_long) into plain options. */
#ifndef MCS_CLI_H
#define MCS_CLI_H

#include "config.h"
#include "progress.h"
#include "status.h"

#define MCS_MAX_OVERRIDES 64

typedef enum { MCS_FORMAT_TEXT, MCS_FORMAT_JSON } mcs_format;

typedef struct {
    const char *config_path;
    const char *backend; /* "cpu", "gpu", "auto" (default: $MCSIM_BACKEND, else auto) */
    const char *backend_origin; /* "--backend" or "MCSIM_BACKEND", for messages */
    int threads;         /* 0 = OpenMP default */
    int device;          /* --device: GPU number, default 0 */
    int device_given;    /* --device was given (else MPI ranks spread over the GPUs) */
    const char *output;  /* -o, NULL = from config or default */
    mcs_format format;
    int quiet;
    int verbose;         /* -v: the reasons behind notices (e.g. the CUDA error) */
    int no_log;          /* --no-log (or MCSIM_LOG=no without -o/--shard): no HDF5 run log */
    const char *no_log_origin;    /* "--no-log" or "MCSIM_LOG=no", for messages */
    int shard_index, shard_count; /* --shard i/n; 0/0 for the whole job */
    const char *checkpoint;       /* --checkpoint FILE, NULL: none */
    double checkpoint_every;      /* --checkpoint-every SECONDS (default 60) */
    const char *resume;           /* --resume FILE, NULL: a fresh run */
    double tolerance;             /* --tolerance SE: the paths for that std error; 0: none */
    mcs_progress_mode progress;
    int help, version;
    int n_overrides;
    mcs_override overrides[MCS_MAX_OVERRIDES]; /* --set, --paths, --seed in order */
    char paths_assignment[96], seed_assignment[96]; /* simulation.paths=N ... */
    char paths_origin[96], seed_origin[96];         /* "--paths N" ... */
} mcs_cli;

/* Parse argv. MCS_E_USAGE with a message in err for bad usage. */
mcs_status mcs_cli_parse(int argc, char **argv, mcs_cli *cli, char *err, size_t err_len);

/* Print the --help text. */
void mcs_cli_print_help(void *file);

/* argv as a shell command, for the run log (call it before getopt permutes
 * argv): an argument with any character outside [A-Za-z0-9_./=:,+@%-] is
 * single-quoted, an embedded ' written as '\''. */
void mcs_cli_command_line(int argc, char **argv, char *buf, size_t len);

#endif
