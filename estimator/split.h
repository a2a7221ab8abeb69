/* split.h - a job split over MPI ranks (`mcsim estimate --ranks R`) or over
 * shards of a job array (`--shards N`, then `mcsim merge`): each rank or
 * shard a fresh process with the profile's machine computing its share of
 * the blocks (engine/shard.h mcs_shard_range), then the gather (ranks) or
 * the merge (shards). docs/estimator.md gives the formulas. */
#ifndef MCS_SPLIT_H
#define MCS_SPLIT_H

#include <stdint.h>
#include <stdio.h>
#include "job.h"
#include "profile.h"
#include "shard.h" /* MCS_SHARDS_MAX */
#include "status.h"

/* The most MPI ranks estimated (as --threads: one count per host thread). */
#define MCS_RANKS_MAX 4096

/* The prediction, per backend [0 cpu, 1 gpu]; seconds of cold runs. */
typedef struct {
    int count;            /* R ranks or N shards */
    int shards;           /* 1: shards, 0: ranks */
    uint64_t blocks;      /* the job's blocks */
    int available[2];     /* 0: the backend cannot run the job (or no GPU profile) */
    double *seconds[2];   /* per rank or shard: its run's total (malloc'ed; NULL if unavailable) */
    double slowest[2];    /* the largest of them */
    double busy[2];       /* their sum: the machine time a job array is billed */
    double combine[2];    /* ranks: the gather at rank 0; shards: `mcsim merge` */
    double total[2];      /* wall time: slowest + combine */
    double together;      /* the GPU shares' context phase over one process's alone
                             (mcs_gpu_context_together of the count): they start at once */
    int quiet_context;    /* 1: one process's context is [gpu] context_quiet_s */
    /* ranks: each rank's MPI start-up on each backend, in its seconds ([cpu]
     * mpi_start_s; [gpu] mpi_start_s, else the CPU's); NAN: not measured
     * (calibrate --mpirun), not counted */
    double mpi_start[2];
    int gpu_mpi_own; /* 1: the GPU ranks' is [gpu] mpi_start_s */
} mcs_split;

/* Predict `job` split `count` ways (shards = 1: a job array and a merge,
 * else MPI ranks), each with `threads` CPU threads (0: the profile's) and,
 * with a GPU profile (gpu->has_gpu), one GPU. MCS_E_USAGE when count is
 * below 1, above MCS_RANKS_MAX (ranks) or MCS_SHARDS_MAX (shards), or above
 * the job's blocks (a rank without blocks); MCS_E_NOMEM when out of
 * memory. Free with mcs_split_free. */
mcs_status mcs_split_predict(const mcs_profile *cpu, const mcs_profile *gpu, const mcs_job *job,
                             int threads, int count, int shards, mcs_split *out, char *err,
                             size_t err_len);

/* The seconds arrays of s. */
void mcs_split_free(mcs_split *s);

/* s as text lines (a table of cpu and gpu), or as the value of JSON key
 * "ranks" / "shards" (an object). */
void mcs_split_print(FILE *f, const mcs_split *s, int json);

#endif
