/* checkpoint.h - a running job's progress on disk, for preemption and
 * crashes: the aligned subtrees of the merge tree of the blocks finished so
 * far (as in a shard file), with the job's resolved config. Written whole or
 * not at all (a temporary renamed into place), so a kill at any moment
 * leaves the previous checkpoint; `--resume` replays it and goes on, and the
 * result is the uninterrupted run's, bit for bit. */
#ifndef MCS_CHECKPOINT_H
#define MCS_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>
#include "engine.h"
#include "stats.h"
#include "status.h"

/* Write the checkpoint of a job (resolved `config`, `blocks` blocks in all)
 * whose share `range` has merged `tree` (from range->first to tree->next). */
mcs_status mcs_checkpoint_write(const char *path, const char *config,
                                const mcs_block_range *range, uint64_t blocks,
                                const mcs_merge_tree *tree, char *err, size_t err_len);

/* May --checkpoint `path` be written (and removed when the job is done)?
 * Yes when nothing is there, or an empty file, or a sealed mcsim checkpoint
 * (of any job: an earlier run's); MCS_E_IO with a message when it holds
 * anything else (a config, a run log, notes, a damaged file), which is
 * never replaced. */
mcs_status mcs_checkpoint_check_target(const char *path, char *err, size_t err_len);

/* Read a checkpoint back into *tree for `job` (its resolved config text
 * `config`) and its share `range`: MCS_E_NOINPUT when it cannot be opened,
 * MCS_E_DATA when it is not a checkpoint, is damaged (its seal, checksums,
 * subtrees that do not follow on), holds a row no run of the job writes
 * (mcs_node_check), or belongs to another job or share (err names what
 * differs). */
mcs_status mcs_checkpoint_read(const char *path, const mcs_job *job, const char *config,
                               const mcs_block_range *range, mcs_merge_tree *tree, char *err,
                               size_t err_len);

#endif
