/* estimate.c - libmcsim's estimator calls (include/mcsim.h): `mcsim
 * estimate` on a job and `mcsim validate` on sweep files, run through the
 * commands' own functions (estimator/commands.h) with their JSON written to
 * memory. Both parse options with getopt and may read or write HDF5 files
 * (the pilot's run logs, the sweep files), so each call holds the
 * library's HDF5 mutex throughout: they run one at a time, and not beside
 * a log being written. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "internal.h"

/* 1 when args name --format (the call adds its own). */
static int names_format(const char *const *args, int n)
{
    for (int i = 0; i < n; i++)
        if (args[i] && (strcmp(args[i], "-f") == 0 || strncmp(args[i], "--format", 8) == 0))
            return 1;
    return 0;
}

/* argv for a command: `name`, the `first` arguments, args, "--format json". */
static char **command_argv(const char *name, const char *const *first, int n_first,
                           const char *const *args, int n_args, int *argc)
{
    char **argv = calloc((size_t)(1 + n_first + n_args + 3), sizeof *argv);
    if (!argv)
        return NULL;
    int n = 0;
    argv[n++] = (char *)name;
    for (int i = 0; i < n_first; i++)
        argv[n++] = (char *)first[i];
    for (int i = 0; i < n_args; i++)
        argv[n++] = (char *)args[i];
    argv[n++] = "--format";
    argv[n++] = "json";
    *argc = n;
    return argv;
}

/* A command: `name` is what its document calls the config (estimate). */
typedef mcs_status (*command_fn)(const char *name, int argc, char **argv, FILE *out, char *err,
                                 size_t len);

/* Run a command with its document into *json. */
static mcsim_status run_command(command_fn fn, const char *name, int argc, char **argv,
                                char **json, mcsim_error *err)
{
    char message[MCSIM_MESSAGE_MAX] = "", *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory for the document");
    mcs_hdf5_lock();
    mcs_status st = fn(name, argc, argv, out, message, sizeof message);
    mcs_hdf5_unlock();
    if (fclose(out) != 0 && st == MCS_OK) {
        snprintf(message, sizeof message, "out of memory for the document");
        st = MCS_E_NOMEM;
    }
    if (st != MCS_OK) {
        free(text);
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    }
    *json = text;
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}

static mcs_status estimate(const char *name, int argc, char **argv, FILE *out, char *err,
                           size_t len)
{
    return mcs_estimate_command(argc, argv, name, out, NULL, err, len);
}

static mcs_status validate(const char *name, int argc, char **argv, FILE *out, char *err,
                           size_t len)
{
    (void)name;
    return mcs_validate_command(argc, argv, 0, out, NULL, err, len);
}

mcsim_status mcsim_estimate(const mcsim_job *job, const char *const *args, int n_args,
                            char **json, mcsim_error *err)
{
    if (!json)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_estimate: json is NULL");
    *json = NULL;
    if (!job || n_args < 0 || (n_args && !args))
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_estimate: %s",
                            !job ? "job is NULL" : "n_args < 0, or args NULL");
    if (names_format(args, n_args))
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_estimate: --format is the call's own "
                            "(json): leave it out of args");
    /* the command reads CONFIG from a file: the job's text, with its
     * assignments as --set, in a temporary file for the call */
    char path[] = "/tmp/mcsim-estimate-XXXXXX.ini";
    const char *tmpdir = getenv("TMPDIR");
    char *where = NULL;
    if (tmpdir && *tmpdir && asprintf(&where, "%s/mcsim-estimate-XXXXXX.ini", tmpdir) < 0)
        where = NULL;
    char *name = where ? where : path;
    int fd = mkstemps(name, 4);
    if (fd < 0 && where) { /* TMPDIR unusable: /tmp */
        name = path;
        fd = mkstemps(name, 4);
    }
    if (fd < 0) {
        free(where);
        return mcs_api_fail(err, MCSIM_E_IO, "mcsim_estimate: cannot create a temporary config "
                            "file in %s: %m", tmpdir && *tmpdir ? tmpdir : "/tmp");
    }
    size_t done = 0;
    while (done < job->text_len) {
        ssize_t n = write(fd, job->text + done, job->text_len - done);
        if (n <= 0)
            break;
        done += (size_t)n;
    }
    close(fd);
    mcsim_status st;
    const char **first = calloc((size_t)(1 + 2 * job->n_overrides), sizeof *first);
    int argc = 0;
    char **argv = NULL;
    if (done != job->text_len) {
        st = mcs_api_fail(err, MCSIM_E_IO, "mcsim_estimate: cannot write the temporary config "
                          "file %s", name);
    } else if (!first) {
        st = mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory");
    } else {
        int n_first = 0;
        first[n_first++] = name;
        for (int i = 0; i < job->n_overrides; i++) {
            first[n_first++] = "--set";
            first[n_first++] = job->overrides[i].assignment;
        }
        argv = command_argv("estimate", first, n_first, args, n_args, &argc);
        if (!argv) {
            st = mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory");
        } else {
            st = run_command(estimate, job->name, argc, argv, json, err);
        }
    }
    unlink(name);
    free(argv);
    free(first);
    free(where);
    return st;
}

mcsim_status mcsim_validate(const char *const *args, int n_args, char **json, mcsim_error *err)
{
    if (!json)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_validate: json is NULL");
    *json = NULL;
    if (n_args < 0 || (n_args && !args))
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_validate: n_args < 0, or args NULL");
    if (names_format(args, n_args))
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_validate: --format is the call's own "
                            "(json): leave it out of args");
    int argc = 0;
    char **argv = command_argv("validate", NULL, 0, args, n_args, &argc);
    if (!argv)
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory");
    mcsim_status st = run_command(validate, NULL, argc, argv, json, err);
    free(argv);
    return st;
}
