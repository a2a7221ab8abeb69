/* engine.h - runs a job on a backend: cuts the paths into blocks, asks the
 * backend for per-block sums chunk by chunk (bounded memory, progress between
 * chunks), and merges them in block order into the result. */
#ifndef MCS_ENGINE_H
#define MCS_ENGINE_H

#include <stddef.h>
#include "backend.h"
#include "chunking.h"
#include "job.h"
#include "result.h"
#include "timing.h"


/* Called between chunks with the share of paths done (0..1). */
typedef void (*mcs_progress_fn)(void *ctx, double done, uint64_t paths_done);

/* Price `job` on backend `be`. Fills res, *threads_used, *gpu (when the
 * backend has a GPU and gpu is not NULL) and adds to t's phases. err names
 * the failure. With fewer than two paths the std error and interval are NaN
 * (undefined). Stopped by mcs_request_stop(): MCS_E_INTERRUPTED, with res
 * holding the partial estimate of the whole chunks merged so far (res->paths
 * of them; 0 paths when none finished). */
mcs_status mcs_engine_run(const mcs_job *job, const mcs_backend *be, const mcs_placement *where,
                          mcs_progress_fn progress, void *progress_ctx, mcs_result *res,
                          int *threads_used, mcs_gpu_info *gpu, mcs_timings *t, char *err,
                          size_t err_len);

/* A share of a job's blocks, [first, end): a shard, an MPI rank's part, or
 * what is left after a checkpoint. */
typedef struct {
    uint64_t first, end;
} mcs_block_range;

/* What share of a job a run computes, and its checkpoints. */
typedef struct {
    mcs_block_range range;         /* the blocks to compute */
    mcs_merge_tree *partial;       /* out (NULL: not wanted): the range's merge tree,
                                    * whose aligned subtrees replay into the whole
                                    * job's tree bit for bit (mcs_tree_push_node) */
    const mcs_merge_tree *resume;  /* NULL, or blocks range.first .. resume->next - 1
                                    * already merged (a checkpoint): the run goes on
                                    * from there */
    double checkpoint_every;       /* seconds between checkpoints (0: only at a stop) */
    /* NULL, or called with the tree of the whole chunks merged so far: every
     * checkpoint_every seconds, and when a stop is asked for; 0 on success,
     * else an exit status with err set. */
    mcs_status (*checkpoint)(void *ctx, const mcs_merge_tree *tree, char *err, size_t len);
    void *checkpoint_ctx;
} mcs_share;

/* mcs_engine_run for a share of the job: res holds the estimate of its
 * blocks. Stopped (mcs_request_stop) with a checkpoint function: the last
 * checkpoint is written, then MCS_E_INTERRUPTED as without one. */
mcs_status mcs_engine_run_share(const mcs_job *job, const mcs_backend *be,
                                const mcs_placement *where, const mcs_share *share,
                                mcs_progress_fn progress, void *progress_ctx, mcs_result *res,
                                int *threads_used, mcs_gpu_info *gpu, mcs_timings *t,
                                char *err, size_t err_len);

/* The result of a job from its merged moments (every output, analytic
 * values, interval), as a run fills it. */
void mcs_engine_fill_result(const mcs_job *job, const mcs_moments *total, mcs_result *res);

/* Discount factor e^{-rT} of a job. */
double mcs_job_discount(const mcs_job *job);

#endif
