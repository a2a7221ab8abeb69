/* stats.h - streaming statistics of K outputs per path: per-block shifted
 * sums with their cross-products, the numerically stable pairwise merge
 * (Chan, Golub & LeVeque 1979, extended to co-moments), and the fixed merge
 * tree over block indices that makes every split of the work (threads,
 * launches, chunks, shards, ranks) give the same bits. */
#ifndef MCS_STATS_H
#define MCS_STATS_H

#include <stdint.h>

/* Outputs per path a payoff may produce (a barrier gives 2: the option and
 * its in/out complement; control variates and Greeks will add more). Shard
 * files and checkpoints store as many as the job has (engine/shard.h), so
 * raising it changes no file format. */
#define MCS_MAX_OUTPUTS 16
/* Cross-products (i <= j) of MCS_MAX_OUTPUTS outputs. */
#define MCS_MAX_CROSS (MCS_MAX_OUTPUTS * (MCS_MAX_OUTPUTS + 1) / 2)

/* Index of the cross-product (i, j), i <= j, of k outputs: the upper
 * triangle packed row by row ((0,0), (0,1), ..., (1,1), ...). */
static inline int mcs_cross_index(int k, int i, int j)
{
    return i * k - i * (i - 1) / 2 + (j - i);
}

/* Partial sums of one block, as a backend produces them: output i is
 * accumulated shifted by shift[i] (the block's first value of it), which
 * keeps the sums of squares free of cancellation when the mean is large. */
typedef struct {
    uint64_t n;
    double shift[MCS_MAX_OUTPUTS];
    double sum[MCS_MAX_OUTPUTS];   /* sum of (x_i - shift_i) */
    double cross[MCS_MAX_CROSS];   /* sum of (x_i - shift_i)(x_j - shift_j), i <= j */
} mcs_block_sums;

/* Doubles in the packed record of one block with k outputs (n, shifts,
 * sums, cross-products; n stored as a double: exact below 2^53): what a
 * backend hands the engine per block (sums_record.h). */
static inline int mcs_sums_record_len(int k)
{
    return 1 + 2 * k + k * (k + 1) / 2;
}


/* Running moments of k outputs: count, means and co-moments
 * M_ij = sum (x_i - mean_i)(x_j - mean_j), packed as the cross-products. */
typedef struct {
    uint64_t n;
    double mean[MCS_MAX_OUTPUTS];
    double cm[MCS_MAX_CROSS];
} mcs_moments;

/* Moments of one block of k outputs from its shifted partial sums. */
mcs_moments mcs_moments_from_block(const mcs_block_sums *b, int k);
/* Merge b into a (a := a followed by b). Order matters for bit-identity. */
void mcs_moments_merge(mcs_moments *a, const mcs_moments *b, int k);
/* Unbiased sample variance of output j, M_jj/(n-1); 0 when n < 2. */
double mcs_moments_variance(const mcs_moments *m, int k, int j);
/* Standard error of output j's mean, sqrt(var/n); 0 when n < 2. */
double mcs_moments_std_error(const mcs_moments *m, int k, int j);

/* The fixed merge tree over block indices 0, 1, 2, ...: blocks are pushed
 * in order and merged like a binary counter (two subtrees of 2^j blocks,
 * the left one starting at a multiple of 2^j, merge into one of 2^(j+1));
 * the total folds the remaining subtrees from the right. Its shape depends
 * only on the number of blocks, so any owner of an aligned power-of-two run
 * of blocks (a shard, an MPI rank) can merge it alone and hand over the
 * subtree's root: the result is the same bits. */
/* Most subtrees a merge tree holds: a range of blocks starting at any block
 * of a 64-bit index holds at most 2 per bit (a stack of at most one per
 * size on each side of its largest aligned run). Files of subtrees with
 * more are refused (engine/shard.c). */
#define MCS_TREE_MOST_NODES (2 * 64)
typedef struct {
    int k;                  /* outputs */
    int depth;              /* subtrees on the stack */
    uint64_t blocks;        /* blocks pushed */
    uint64_t next;          /* index of the next block to push */
    mcs_moments node[MCS_TREE_MOST_NODES]; /* subtree roots, left to right */
    uint64_t start[MCS_TREE_MOST_NODES];   /* first block of each */
    uint64_t size[MCS_TREE_MOST_NODES];    /* blocks in each */
} mcs_merge_tree;

/* An empty tree for k outputs, for blocks from 0. */
void mcs_tree_init(mcs_merge_tree *t, int k);
/* An empty tree for the blocks from `first` on (a shard, a rank, a run
 * resumed): two subtrees merge only when the left one is aligned, so its
 * stack holds the aligned subtrees of its range, which mcs_tree_push_node
 * replays into the whole tree. */
void mcs_tree_init_at(mcs_merge_tree *t, int k, uint64_t first);
/* Push the next block (index t->next). */
void mcs_tree_push(mcs_merge_tree *t, const mcs_moments *block);
/* Push the root of an aligned subtree of `size` blocks starting at block
 * `start` == t->next (from another tree's stack). Returns 0, pushing
 * nothing, when it does not fit: not next, size not a power of two, not
 * aligned to it, or ending past block 2^64 - 1. */
int mcs_tree_push_node(mcs_merge_tree *t, const mcs_moments *node, uint64_t start,
                       uint64_t size);
/* Push every subtree of `part` (a tree of the blocks from t->next on, e.g.
 * an MPI rank's) in order; 0 when they do not follow on (those before the
 * first that does not are pushed: the caller gives the tree up). */
int mcs_tree_push_tree(mcs_merge_tree *t, const mcs_merge_tree *part);
/* The moments of every block pushed so far, merged over the tree. */
mcs_moments mcs_tree_total(const mcs_merge_tree *t);

#endif
