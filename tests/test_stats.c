/* test_stats.c - block moments of K outputs and their merge against a direct
 * two-pass computation (means, variances, covariances), data with a large
 * mean (cancellation), and the fixed merge tree: its shape depends only on
 * the block count, so merging an aligned power-of-two run of blocks
 * separately and handing over its root gives the same bits. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>
#include "stats.h"
#include "sums_record.h"

/* Shifted sums of k outputs x[i*k + j] for n values, as a backend forms them. */
static mcs_block_sums block_of(const double *x, int n, int k)
{
    mcs_block_sums b;
    memset(&b, 0, sizeof b);
    b.n = (uint64_t)n;
    for (int j = 0; j < k; j++)
        b.shift[j] = x[j];
    for (int i = 0; i < n; i++)
        for (int a = 0; a < k; a++) {
            double da = x[i * k + a] - b.shift[a];
            b.sum[a] += da;
            for (int c = a; c < k; c++)
                b.cross[mcs_cross_index(k, a, c)] += da * (x[i * k + c] - b.shift[c]);
        }
    return b;
}

/* Two-pass mean of output a and covariance of outputs a, c. */
static void two_pass(const double *x, int n, int k, int a, int c, double *mean, double *cov)
{
    double sa = 0, sc = 0;
    for (int i = 0; i < n; i++) {
        sa += x[i * k + a];
        sc += x[i * k + c];
    }
    double ma = sa / n, mc = sc / n, q = 0;
    for (int i = 0; i < n; i++)
        q += (x[i * k + a] - ma) * (x[i * k + c] - mc);
    *mean = ma;
    *cov = q / (n - 1);
}

static double value(int i, int j)
{
    return sin(0.37 * i + 1.3 * j) * (1 + j) + 0.01 * i * (j == 2);
}

static void test_merge_of_blocks_equals_two_pass(void **state)
{
    (void)state;
    enum { N = 1000, K = 3 };
    static double x[N * K];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < K; j++)
            x[i * K + j] = value(i, j);
    mcs_merge_tree tree;
    mcs_tree_init(&tree, K);
    for (int first = 0; first < N; first += 37) {
        int n = N - first < 37 ? N - first : 37;
        mcs_block_sums s = block_of(x + first * K, n, K);
        mcs_moments m = mcs_moments_from_block(&s, K);
        mcs_tree_push(&tree, &m);
    }
    mcs_moments total = mcs_tree_total(&tree);
    assert_int_equal(total.n, N);
    for (int a = 0; a < K; a++)
        for (int c = a; c < K; c++) {
            double mean, cov;
            two_pass(x, N, K, a, c, &mean, &cov);
            double got = total.cm[mcs_cross_index(K, a, c)] / (N - 1);
            assert_true(fabs(got - cov) < 1e-12 * (1 + fabs(cov)));
            if (a == c) {
                assert_true(fabs(total.mean[a] - mean) < 1e-13);
                assert_true(fabs(mcs_moments_variance(&total, K, a) - cov) < 1e-12 * cov);
                assert_true(fabs(mcs_moments_std_error(&total, K, a) - sqrt(cov / N)) < 1e-12);
            }
        }
}

/* The engine merges packed records (sums_record.h): from a record, the
 * moments are the bits mcs_moments_from_block gives from the sums, for
 * every output count, an empty block and equal values (the clamp). */
static void test_record_gives_the_blocks_bits(void **state)
{
    (void)state;
    static double x[64 * MCS_MAX_OUTPUTS];
    for (int k = 1; k <= MCS_MAX_OUTPUTS; k++)
        for (int n = 0; n <= 64; n += 16) {
            for (int i = 0; i < n * k; i++)
                x[i] = n == 32 ? 2.5 : value(i / k, i % k) * 1e3;
            mcs_block_sums b = block_of(x, n, k);
            double rec[1 + 2 * MCS_MAX_OUTPUTS + MCS_MAX_CROSS];
            mcs_sums_pack(&b, k, rec);
            assert_int_equal(rec[0], n);
            mcs_moments want = mcs_moments_from_block(&b, k), got;
            memset(&got, 0xff, sizeof got); /* whatever was there */
            mcs_moments_from_record(rec, k, &got);
            assert_int_equal(got.n, want.n);
            assert_memory_equal(got.mean, want.mean, k * sizeof *got.mean);
            assert_memory_equal(got.cm, want.cm, k * (k + 1) / 2 * sizeof *got.cm);
        }
}

static void test_large_mean_keeps_variance(void **state)
{
    (void)state;
    static double x[10000];
    for (int i = 0; i < 10000; i++)
        x[i] = 1e9 + (i % 7) * 0.5;
    double mean, var;
    two_pass(x, 10000, 1, 0, 0, &mean, &var);
    mcs_merge_tree tree;
    mcs_tree_init(&tree, 1);
    for (int b = 0; b < 100; b++) {
        mcs_block_sums s = block_of(x + 100 * b, 100, 1);
        mcs_moments m = mcs_moments_from_block(&s, 1);
        mcs_tree_push(&tree, &m);
    }
    mcs_moments total = mcs_tree_total(&tree);
    assert_true(fabs(mcs_moments_variance(&total, 1, 0) - var) < 1e-6 * var);
}

static void test_single_value_has_zero_error(void **state)
{
    (void)state;
    double x[1] = {3.5};
    mcs_block_sums s = block_of(x, 1, 1);
    mcs_moments m = mcs_moments_from_block(&s, 1);
    assert_true(m.mean[0] == 3.5);
    assert_true(mcs_moments_variance(&m, 1, 0) == 0.0);
    assert_true(mcs_moments_std_error(&m, 1, 0) == 0.0);
}

static void test_merge_with_empty_is_identity(void **state)
{
    (void)state;
    mcs_moments a, empty, b;
    memset(&a, 0, sizeof a);
    memset(&empty, 0, sizeof empty);
    a.n = 3, a.mean[0] = 2.0, a.cm[0] = 1.5;
    b = a;
    mcs_moments_merge(&b, &empty, 1);
    assert_true(b.n == a.n && b.mean[0] == a.mean[0] && b.cm[0] == a.cm[0]);
    mcs_moments_merge(&empty, &a, 1);
    assert_true(empty.n == a.n && empty.mean[0] == a.mean[0] && empty.cm[0] == a.cm[0]);
}

/* A shard owning blocks [8, 16) of 21 merges them alone; pushing its root
 * in place of those 8 blocks (the tree at 8 blocks holds one node) gives
 * the same bits as merging all 21 blocks in one tree. */
static void test_aligned_subtree_merges_alone(void **state)
{
    (void)state;
    enum { BLOCKS = 21, N = 10, K = 2 };
    static double x[BLOCKS * N * K];
    for (int i = 0; i < BLOCKS * N; i++)
        for (int j = 0; j < K; j++)
            x[i * K + j] = value(i, j) * 1e3;
    mcs_moments m[BLOCKS];
    for (int b = 0; b < BLOCKS; b++) {
        mcs_block_sums s = block_of(x + b * N * K, N, K);
        m[b] = mcs_moments_from_block(&s, K);
    }
    mcs_merge_tree all, shard, rest;
    mcs_tree_init(&all, K);
    for (int b = 0; b < BLOCKS; b++)
        mcs_tree_push(&all, &m[b]);
    mcs_tree_init(&shard, K);
    for (int b = 8; b < 16; b++)
        mcs_tree_push(&shard, &m[b]);
    assert_int_equal(shard.depth, 1);
    mcs_tree_init(&rest, K);
    for (int b = 0; b < 8; b++)
        mcs_tree_push(&rest, &m[b]);
    /* the shard's root takes the place of the right 8-block subtree */
    mcs_moments root = mcs_tree_total(&shard);
    assert_int_equal(rest.depth, 1);
    mcs_moments_merge(&rest.node[0], &root, K);
    rest.size[0] = 16;
    rest.blocks = 16;
    for (int b = 16; b < BLOCKS; b++)
        mcs_tree_push(&rest, &m[b]);
    mcs_moments a = mcs_tree_total(&all), c = mcs_tree_total(&rest);
    assert_memory_equal(&a, &c, sizeof a);
}

/* Subtrees of 2^63 blocks, the largest a 64-bit block index allows: the
 * first is taken, one that would end past block 2^64 - 1 is refused, and
 * nothing divides by a wrapped 2 * size. */
static void test_largest_subtrees(void **state)
{
    (void)state;
    mcs_merge_tree t;
    mcs_moments m;
    memset(&m, 0, sizeof m);
    m.n = 1;
    const uint64_t half = (uint64_t)1 << 63;
    mcs_tree_init_at(&t, 1, 0);
    assert_true(mcs_tree_push_node(&t, &m, 0, half));
    assert_false(mcs_tree_push_node(&t, &m, half, half));
    assert_int_equal(t.depth, 1);
    mcs_tree_init_at(&t, 1, half);
    assert_true(mcs_tree_push_node(&t, &m, half, half / 2));
    assert_true(mcs_tree_push_node(&t, &m, half + half / 2, half / 4));
    assert_int_equal(t.depth, 2);
}

/* Any split of the blocks into contiguous ranges (shards, ranks, a run
 * resumed), each merged alone from its first block, replays into the same
 * bits as the whole run: for many block counts and random cut points. */
static void test_ranges_replay_to_the_same_bits(void **state)
{
    (void)state;
    enum { K = 2, MAXB = 700 };
    static mcs_moments blocks[MAXB];
    for (int b = 0; b < MAXB; b++) {
        double x[3 * K];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < K; j++)
                x[i * K + j] = value(3 * b + i, j);
        mcs_block_sums s = block_of(x, 3, K);
        blocks[b] = mcs_moments_from_block(&s, K);
    }
    unsigned seed = 12345;
    for (int nb = 1; nb <= MAXB; nb += 1 + nb / 7) {
        mcs_merge_tree whole, joined, part;
        mcs_tree_init(&whole, K);
        for (int b = 0; b < nb; b++)
            mcs_tree_push(&whole, &blocks[b]);
        mcs_moments want = mcs_tree_total(&whole);
        for (int trial = 0; trial < 5; trial++) {
            mcs_tree_init(&joined, K);
            int first = 0;
            while (first < nb) {
                seed = seed * 1103515245u + 12345u;
                int len = 1 + (int)((seed >> 8) % (unsigned)(nb - first));
                mcs_tree_init_at(&part, K, (uint64_t)first);
                for (int b = first; b < first + len; b++)
                    mcs_tree_push(&part, &blocks[b]);
                assert_true(mcs_tree_push_tree(&joined, &part));
                first += len;
            }
            mcs_moments got = mcs_tree_total(&joined);
            assert_int_equal(got.n, want.n);
            assert_memory_equal(got.mean, want.mean, sizeof want.mean);
            assert_memory_equal(got.cm, want.cm, sizeof want.cm);
        }
    }
    /* a node that is not next, or not aligned, is refused */
    mcs_merge_tree t;
    mcs_tree_init(&t, K);
    assert_false(mcs_tree_push_node(&t, &blocks[0], 1, 1));
    assert_false(mcs_tree_push_node(&t, &blocks[0], 0, 3));
    assert_true(mcs_tree_push_node(&t, &blocks[0], 0, 1));
    assert_false(mcs_tree_push_node(&t, &blocks[0], 1, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge_of_blocks_equals_two_pass),
        cmocka_unit_test(test_record_gives_the_blocks_bits),
        cmocka_unit_test(test_large_mean_keeps_variance),
        cmocka_unit_test(test_single_value_has_zero_error),
        cmocka_unit_test(test_merge_with_empty_is_identity),
        cmocka_unit_test(test_aligned_subtree_merges_alone),
        cmocka_unit_test(test_ranges_replay_to_the_same_bits),
        cmocka_unit_test(test_largest_subtrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
