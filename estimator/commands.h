/* commands.h - the estimator's subcommands: `mcsim calibrate`, `estimate`,
 * `sweep` and `validate`. Each takes the arguments after its name (argv[0]
 * is the subcommand's name) and returns the process exit code; each takes
 * -q (no notes or progress on stderr; errors still). */
#ifndef MCS_COMMANDS_H
#define MCS_COMMANDS_H

#include <stdio.h>

int mcs_cmd_calibrate(int argc, char **argv, const char *self);
int mcs_cmd_estimate(int argc, char **argv);
#include "status.h"
/* `mcsim estimate` (argv[0] "estimate") writing its document (or --help) to
 * out and its warnings to notes (NULL: none), for the command and
 * libmcsim's mcsim_estimate; config_name (NULL: CONFIG's path) is what the
 * document calls the config. Errors: the status, err says why (usage
 * errors without the "see --help" line). */
mcs_status mcs_estimate_command(int argc, char **argv, const char *config_name, FILE *out,
                                FILE *notes, char *err, size_t err_len);
int mcs_cmd_sweep(int argc, char **argv, const char *self);
int mcs_cmd_validate(int argc, char **argv);
/* `mcsim validate` (argv[0] "validate"): its text or JSON document (or
 * --help) to out, its notes to notes (NULL: none); `command` 1 for the
 * command (Ctrl-C then stops it: stop.h), 0 for libmcsim (no signal
 * handler installed). Errors: the status, err says why. */
mcs_status mcs_validate_command(int argc, char **argv, int command, FILE *out, FILE *notes,
                                char *err, size_t err_len);

/* A subcommand's exit code for st, its error on stderr ("see --help" after a usage error). */
int mcs_cmd_exit(const char *command, mcs_status st, const char *err);

/* Each subcommand's help (what its --help prints), for `mcsim help COMMAND`. */
void mcs_cmd_calibrate_help(FILE *f);
void mcs_cmd_estimate_help(FILE *f);
void mcs_cmd_sweep_help(FILE *f);
void mcs_cmd_validate_help(FILE *f);

/* Which backend `--backend auto` should use for a job, by the local
 * profile: 1 = gpu, 0 = cpu, -1 = no local profile (why in `why`). */
#include "job.h"
int mcs_estimate_prefers_gpu(const mcs_job *job, int threads, char *why, size_t why_len);

/* The local profile's prediction for a run of `job` on the gpu (on_gpu = 1)
 * or the cpu; 0 when there is no local profile or it cannot predict. */
#include "result.h"
int mcs_estimate_for_run(const mcs_job *job, int on_gpu, int threads, int cold,
                         mcs_run_estimate *out);

/* Whether the local profile can serve runs (auto's choice, the log's
 * /estimate): 1 with *cpu_only_here = 1 where it has no [gpu] section and
 * was calibrated on this host (which thus has no usable GPU); 0 with `why`
 * empty where there is none, else why the one named ($MCSIM_PROFILE) or
 * present cannot be used (missing, unreadable, incomplete). */
int mcs_estimate_local_profile(int *cpu_only_here, char *why, size_t why_len);

#endif
