/* ranks.h - MPI ranks (mpirun -np R mcsim CONFIG, srun mcsim CONFIG): each
 * rank computes a contiguous share of the blocks and keeps its merge tree;
 * rank 0 gathers the trees, replays them in rank order (the single run's
 * result, bit for bit: core/stats.h), and alone writes the log and the
 * result. Built with MPI when CMake finds it; otherwise (and when not
 * launched by mpirun or srun) one process does everything. */
#ifndef MCS_RANKS_H
#define MCS_RANKS_H

#include <stddef.h>
#include <stdint.h>
#include "result.h"
#include "stats.h"
#include "status.h"

typedef struct {
    int active;     /* launched under MPI with more than one rank */
    int rank, size; /* 0 and 1 when not active */
    int local_rank; /* index on its node (chooses the GPU) */
} mcs_ranks;

/* MPI lives in the mcsim executable (app/ranks.c), not in libmcsim.so,
 * which a Python process loads: the executable hands the library's
 * command (mcsim_cli_main, app/cli_main.h) this table. */
typedef struct {
    /* Start MPI when launched by mpirun or srun (their environment says so). */
    void (*init)(int *argc, char ***argv, mcs_ranks *r);
    /* Whether a rank has failed, each passing its status and message `err`:
     * the lowest rank whose status is not MCS_OK, its status in *first_st
     * and its message in first_err (len bytes, the same len on every rank);
     * -1 where none failed. All ranks must call it at the same point and
     * all get the same answer. */
    int (*first_failed)(const mcs_ranks *r, mcs_status st, const char *err,
                        mcs_status *first_st, char *first_err, size_t len);
    /* The lowest rank whose `value` differs from rank 0's, or -1 where
     * every rank has rank 0's (and without MPI); all ranks must call it at
     * the same point and all get the same answer. */
    int (*first_different)(const mcs_ranks *r, uint64_t value);
    /* Gather every rank's report to rank 0 (all[r] for rank r; all may be
     * NULL elsewhere). *mpi_seconds gets the time spent in MPI. */
    mcs_status (*gather)(const mcs_ranks *r, const mcs_rank_report *mine,
                         mcs_rank_report *all, double *mpi_seconds);
    /* "Open MPI 4.1.4", or "none" in a build without MPI. */
    const char *(*library)(void);
} mcs_ranks_ops;

/* The executable's (app/ranks.c): MPI where built with it, else one process. */
extern const mcs_ranks_ops mcs_ranks_mpi;

#endif
