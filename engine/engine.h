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

/* mcs_engine_run for the blocks of `range` only: res holds the estimate of
 * those blocks, and *partial (when not NULL) the merge tree of the range,
 * whose aligned subtrees replay into the whole job's tree bit for bit
 * (mcs_tree_push_node). */
mcs_status mcs_engine_run_range(const mcs_job *job, const mcs_backend *be,
                                const mcs_placement *where, const mcs_block_range *range,
                                mcs_progress_fn progress, void *progress_ctx, mcs_result *res,
                                int *threads_used, mcs_gpu_info *gpu, mcs_timings *t,
                                mcs_merge_tree *partial, char *err, size_t err_len);

/* The result of a job from its merged moments (every output, analytic
 * values, interval), as a run fills it. */
void mcs_engine_fill_result(const mcs_job *job, const mcs_moments *total, mcs_result *res);

/* Discount factor e^{-rT} of a job. */
double mcs_job_discount(const mcs_job *job);

#endif
