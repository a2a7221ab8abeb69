/* shard.h - shares of a job for Slurm job arrays: `mcsim CONFIG --shard i/n`
 * computes blocks [first, end) of the job and writes a run log with a
 * /shard group (its range and the aligned subtrees of its merge tree);
 * `mcsim merge` checks that shard files belong together and replays their
 * subtrees into the whole job's merge tree, giving the single run's result
 * bit for bit (core/stats.h). */
#ifndef MCS_SHARD_H
#define MCS_SHARD_H

#include <hdf5.h>
#include <stddef.h>
#include <stdint.h>
#include "engine.h"
#include "result.h"
#include "stats.h"
#include "status.h"

/* The most shards a job is split into: what `--shard i/n` accepts as n and
 * the most files `mcsim merge` joins (their names must also fit in one
 * command line: about 2 MB on Linux, `getconf ARG_MAX`). */
#define MCS_SHARDS_MAX 100000

/* "i/n" with 1 <= i <= n <= MCS_SHARDS_MAX into *index, *count; 0 if not. */
int mcs_shard_parse(const char *text, int *index, int *count);

/* Shard i of n of a job of `blocks` blocks: [(i-1)B/n, iB/n). */
mcs_block_range mcs_shard_range(uint64_t blocks, int index, int count);

/* One row of a `nodes` dataset: an aligned subtree of a merge tree (its
 * first block, its size in blocks, and its moments). In memory a row has
 * room for MCS_MAX_OUTPUTS outputs; in a file its arrays have the row's
 * width W: `mean` W doubles, `comoments` W (W + 1) / 2, the first k and
 * k (k + 1) / 2 of them used (k the job's outputs). Files written since
 * the width followed the job have W = k; earlier ones have W =
 * MCS_LEGACY_ROW_WIDTH (the MCS_MAX_OUTPUTS of then) and are still read. */
typedef struct {
    uint64_t start, size, n;
    double mean[MCS_MAX_OUTPUTS];
    double cm[MCS_MAX_CROSS];
} mcs_node_row;

/* The row width of the files written before it followed the job's outputs. */
#define MCS_LEGACY_ROW_WIDTH 4

/* The HDF5 compound type of a row of width `width` (1..MCS_MAX_OUTPUTS)
 * laid over mcs_node_row (the caller closes it), and the checksum stored
 * beside n rows: FNV-1a over each row's start, size, n, its width's means
 * and co-moments, in that order (for the legacy width, the bytes of the
 * rows as they were then). */
hid_t mcs_node_row_type(int width);
/* The width of the rows of a `nodes` dataset (its `mean` member's length,
 * 1..MCS_MAX_OUTPUTS), or 0 when it has none: what the reader goes by. */
int mcs_node_rows_width(hid_t dset);
uint64_t mcs_node_rows_checksum(const mcs_node_row *rows, size_t n, int width);

/* The aligned subtrees of a merge tree as dataset `nodes` of group `grp`
 * (with attributes `outputs` and `checksum`; rows of width k), and back:
 * the shared format of shard files and checkpoints. Read, for a job of k
 * outputs: rows of width k or, when k <= MCS_LEGACY_ROW_WIDTH, of the
 * legacy width, into arrays of MCS_TREE_MOST_NODES (more rows: refused);
 * 0, or -1 with why (missing, another width, too many rows, or a checksum
 * that does not match: a damaged file). */
int mcs_nodes_write(hid_t grp, const mcs_merge_tree *t);
int mcs_nodes_read(hid_t grp, int k, int *depth, uint64_t *start, uint64_t *size,
                   mcs_moments *node, char *why, size_t why_len);

/* Is `row` of a merge tree (the subtree of `size` blocks from block
 * `start`, its moments `m`) what a run of `job` writes: within the job's
 * blocks, holding exactly the paths of those blocks, every mean and
 * co-moment of the job's outputs finite, no negative sum of squares? 1, or
 * 0 with why. A row can match its checksum (and its file its seal) and
 * still fail: a file edited and sealed again. */
int mcs_node_check(const mcs_job *job, uint64_t start, uint64_t size, const mcs_moments *m,
                   char *why, size_t why_len);

/* 1 when resolved configs a and b are the same job: their identities,
 * every line but comments, the [output] section and key `skip` (NULL: none;
 * "paths" for sweeps, whose tasks start at their own sizes), are equal, of
 * whatever length (a 64 x 64 correlation matrix is 20 KB of lines); else 0
 * and in diff the first line where they differ, for a message ("'seed = 7'
 * against 'seed = 42'": a's, then b's). */
int mcs_config_same_job(const char *a, const char *b, const char *skip, char *diff, size_t len);
/* A 64-bit hash (FNV-1a) of a resolved config's identity, for processes
 * that must run the same job to compare (MPI ranks). */
uint64_t mcs_config_identity_hash(const char *config);

/* Write the /shard group of a run log (called by engine/h5log.c). */
int mcs_shard_write_group(hid_t file, const mcs_shard_info *sh);

/* A shard file as read back: a few hundred bytes and its config text and
 * subtrees (allocated to their size), as merge holds up to MCS_SHARDS_MAX. */
typedef struct {
    const char *path;     /* as given to mcs_shard_read, which must outlive this */
    char *config;         /* the resolved config text (malloc'd) */
    char backend[16];
    char config_file[256];
    int index, count, k;
    uint64_t first, end, blocks;
    int depth;
    uint64_t *start, *size; /* depth of each (malloc'd, with node) */
    mcs_moments *node;
} mcs_shard_file;

/* Read a shard file. MCS_E_NOINPUT when it cannot be opened, MCS_E_DATA
 * when it is not a shard file (err says what is wrong). Free it with
 * mcs_shard_free. */
mcs_status mcs_shard_read(const char *path, mcs_shard_file *out, char *err, size_t err_len);
void mcs_shard_free(mcs_shard_file *s);

/* Check every row of the n shard files (read and joined) against the job
 * their config gives (mcs_node_check): MCS_E_DATA naming the file and row
 * otherwise. */
mcs_status mcs_shard_check_rows(const mcs_job *job, const mcs_shard_file *shards, int n,
                                char *err, size_t err_len);

/* Check that the n shard files belong together (the same job: resolved
 * config, seed, generator, block size, precision; the same split; each
 * share once; none missing) and replay their subtrees, in block order, into
 * *tree. MCS_E_DATA naming the shard and what is wrong otherwise. */
mcs_status mcs_shard_join(mcs_shard_file *shards, int n, mcs_merge_tree *tree, char *err,
                          size_t err_len);

#endif
