/* ranks.c - MPI start-up, failure agreement and the gather of rank
 * reports (ranks.h); without MPI at build time, the single-process case.
 * Part of the mcsim executable, which hands it to the library's command,
 * so libmcsim.so itself needs no MPI. */
#include "ranks.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef MCSIM_HAVE_MPI
#include <mpi.h>
#endif

/* Monotonic wall clock in seconds (the engine's mcs_now is inside the library). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The local rank from the launcher's environment (Open MPI, Slurm, PMIx). */
static int env_int(const char *const *names, int dflt)
{
    for (int i = 0; names[i]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return atoi(v);
    }
    return dflt;
}

#ifdef MCSIM_HAVE_MPI
static void finalize(void)
{
    int done = 0;
    MPI_Finalized(&done);
    if (!done)
        MPI_Finalize();
}
#endif

static void mcs_ranks_init(int *argc, char ***argv, mcs_ranks *r)
{
    static const char *const local_vars[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                                             "SLURM_LOCALID", NULL};
    memset(r, 0, sizeof r[0]);
    r->size = 1;
    (void)argc;
    (void)argv;
#ifdef MCSIM_HAVE_MPI
    /* only under a launcher: a plain `mcsim` never starts MPI */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMIX_RANK") && !getenv("PMI_RANK"))
        return;
    if (MPI_Init(argc, argv) != MPI_SUCCESS)
        return;
    atexit(finalize);
    MPI_Comm_rank(MPI_COMM_WORLD, &r->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r->size);
    r->active = r->size > 1;
    r->local_rank = env_int(local_vars, r->rank);
#else
    (void)local_vars;
    (void)env_int;
#endif
}

static int mcs_ranks_first_failed(const mcs_ranks *r, mcs_status st, const char *err,
                           mcs_status *first_st, char *first_err, size_t len)
{
    int first = st != MCS_OK ? 0 : -1;
    *first_st = st;
    snprintf(first_err, len, "%s", err);
#ifdef MCSIM_HAVE_MPI
    if (r->active) {
        /* (rank, status) of each failed rank, (size, 0) of the others: the
         * lowest pair is the first failure's */
        int mine[2] = {st != MCS_OK ? r->rank : r->size, (int)st}, lowest[2];
        MPI_Allreduce(mine, lowest, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
        if (lowest[0] == r->size)
            return -1;
        first = lowest[0];
        *first_st = (mcs_status)lowest[1];
        MPI_Bcast(first_err, (int)len, MPI_CHAR, first, MPI_COMM_WORLD);
        first_err[len - 1] = '\0';
    }
#endif
    (void)r;
    return first;
}

static int mcs_ranks_first_different(const mcs_ranks *r, uint64_t value)
{
#ifdef MCSIM_HAVE_MPI
    if (r->active) {
        uint64_t first = value;
        int mine, lowest = -1;
        MPI_Bcast(&first, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
        mine = value != first ? r->rank : r->size; /* size: agrees */
        MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        return lowest < r->size ? lowest : -1;
    }
#endif
    (void)r;
    (void)value;
    return -1;
}

static mcs_status mcs_ranks_gather(const mcs_ranks *r, const mcs_rank_report *mine,
                            mcs_rank_report *all, double *mpi_seconds)
{
    double t0 = now();
#ifdef MCSIM_HAVE_MPI
    if (r->active) {
        int rc = MPI_Gather(mine, (int)sizeof *mine, MPI_BYTE, all, (int)sizeof *mine, MPI_BYTE,
                            0, MPI_COMM_WORLD);
        *mpi_seconds = now() - t0;
        return rc == MPI_SUCCESS ? MCS_OK : MCS_E_SOFTWARE;
    }
#endif
    (void)r;
    if (all)
        all[0] = *mine;
    *mpi_seconds = now() - t0;
    return MCS_OK;
}

static const char *mcs_ranks_library(void)
{
#ifdef MCSIM_HAVE_MPI
    static char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(version, &len);
    version[strcspn(version, ",\n")] = '\0';
    return version;
#else
    return "none";
#endif
}

const mcs_ranks_ops mcs_ranks_mpi = {mcs_ranks_init, mcs_ranks_first_failed,
                                     mcs_ranks_first_different, mcs_ranks_gather,
                                     mcs_ranks_library};
