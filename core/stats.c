/* stats.c - block moments, the pairwise co-moment merge and the fixed
 * merge tree (stats.h). */
#include "stats.h"
#include "sums_record.h"
#include <math.h>
#include <string.h>

void mcs_sums_pack(const mcs_block_sums *b, int k, double *rec)
{
    rec[0] = (double)b->n;
    for (int i = 0; i < k; i++) {
        rec[1 + i] = b->shift[i];
        rec[1 + k + i] = b->sum[i];
    }
    for (int c = 0; c < k * (k + 1) / 2; c++)
        rec[1 + 2 * k + c] = b->cross[c];
}

/* The arithmetic of mcs_moments_from_block, read from the record. */
void mcs_moments_from_record(const double *rec, int k, mcs_moments *m)
{
    const double *shift = rec + 1, *sum = rec + 1 + k, *cross = rec + 1 + 2 * k;
    m->n = (uint64_t)rec[0];
    if (m->n == 0) {
        for (int i = 0; i < k; i++)
            m->mean[i] = 0;
        for (int c = 0; c < k * (k + 1) / 2; c++)
            m->cm[c] = 0;
        return;
    }
    double n = (double)m->n, d[MCS_MAX_OUTPUTS];
    for (int i = 0; i < k; i++) {
        d[i] = sum[i] / n;
        m->mean[i] = shift[i] + d[i];
    }
    for (int i = 0; i < k; i++)
        for (int j = i; j < k; j++) {
            int c = mcs_cross_index(k, i, j);
            m->cm[c] = cross[c] - sum[i] * d[j];
            if (i == j && m->cm[c] < 0.0)
                m->cm[c] = 0.0; /* rounding when all values are equal */
        }
}

mcs_moments mcs_moments_from_block(const mcs_block_sums *b, int k)
{
    mcs_moments m;
    memset(&m, 0, sizeof m);
    if (b->n == 0)
        return m;
    double n = (double)b->n, d[MCS_MAX_OUTPUTS];
    m.n = b->n;
    for (int i = 0; i < k; i++) {
        d[i] = b->sum[i] / n;
        m.mean[i] = b->shift[i] + d[i];
    }
    for (int i = 0; i < k; i++)
        for (int j = i; j < k; j++) {
            int c = mcs_cross_index(k, i, j);
            m.cm[c] = b->cross[c] - b->sum[i] * d[j];
            if (i == j && m.cm[c] < 0.0)
                m.cm[c] = 0.0; /* rounding when all values are equal */
        }
    return m;
}

void mcs_moments_merge(mcs_moments *a, const mcs_moments *b, int k)
{
    if (b->n == 0)
        return;
    if (a->n == 0) {
        *a = *b;
        return;
    }
    double na = (double)a->n, nb = (double)b->n, n = na + nb, delta[MCS_MAX_OUTPUTS];
    double w = na * nb / n;
    for (int i = 0; i < k; i++) {
        delta[i] = b->mean[i] - a->mean[i];
        a->mean[i] += delta[i] * (nb / n);
    }
    for (int i = 0; i < k; i++)
        for (int j = i; j < k; j++) {
            int c = mcs_cross_index(k, i, j);
            a->cm[c] += b->cm[c] + delta[i] * delta[j] * w;
        }
    a->n += b->n;
}

double mcs_moments_variance(const mcs_moments *m, int k, int j)
{
    return m->n < 2 ? 0.0 : m->cm[mcs_cross_index(k, j, j)] / (double)(m->n - 1);
}

double mcs_moments_std_error(const mcs_moments *m, int k, int j)
{
    return m->n < 2 ? 0.0 : sqrt(mcs_moments_variance(m, k, j) / (double)m->n);
}

void mcs_tree_init(mcs_merge_tree *t, int k)
{
    mcs_tree_init_at(t, k, 0);
}

void mcs_tree_init_at(mcs_merge_tree *t, int k, uint64_t first)
{
    memset(t, 0, sizeof *t);
    t->k = k;
    t->next = first;
}

/* Append a subtree, then merge while the top two are equal in size and the
 * left one starts at a multiple of twice that size (from block 0 this is
 * the binary counter; from elsewhere it keeps every subtree aligned). */
static void push(mcs_merge_tree *t, const mcs_moments *node, uint64_t start, uint64_t size)
{
    t->node[t->depth] = *node;
    t->start[t->depth] = start;
    t->size[t->depth] = size;
    t->depth++;
    t->blocks += size;
    t->next = start + size;
    while (t->depth >= 2 && t->size[t->depth - 1] == t->size[t->depth - 2] &&
           (t->start[t->depth - 2] / t->size[t->depth - 2]) % 2 == 0) { /* no 2 * size: it may wrap */
        mcs_moments_merge(&t->node[t->depth - 2], &t->node[t->depth - 1], t->k);
        t->size[t->depth - 2] *= 2;
        t->depth--;
    }
}

void mcs_tree_push(mcs_merge_tree *t, const mcs_moments *block)
{
    push(t, block, t->next, 1);
}

int mcs_tree_push_node(mcs_merge_tree *t, const mcs_moments *node, uint64_t start,
                       uint64_t size)
{
    if (start != t->next || size == 0 || (size & (size - 1)) != 0 || start % size != 0 ||
        start + size < start || t->depth >= MCS_TREE_MOST_NODES)
        return 0;
    push(t, node, start, size);
    return 1;
}

int mcs_tree_push_tree(mcs_merge_tree *t, const mcs_merge_tree *part)
{
    for (int d = 0; d < part->depth; d++)
        if (!mcs_tree_push_node(t, &part->node[d], part->start[d], part->size[d]))
            return 0;
    return 1;
}

mcs_moments mcs_tree_total(const mcs_merge_tree *t)
{
    mcs_moments total;
    memset(&total, 0, sizeof total);
    if (t->depth == 0)
        return total;
    total = t->node[t->depth - 1];
    for (int i = t->depth - 2; i >= 0; i--) {
        mcs_moments left = t->node[i];
        mcs_moments_merge(&left, &total, t->k);
        total = left;
    }
    return total;
}
