/* stats.c - block moments and the Chan et al. pairwise merge. */
#include "stats.h"
#include <math.h>

mcs_moments mcs_moments_from_block(const mcs_block_sums *b)
{
    mcs_moments m = {0, 0.0, 0.0};
    if (b->n == 0)
        return m;
    double n = (double)b->n;
    double d = b->sum / n;
    m.n = b->n;
    m.mean = b->shift + d;
    m.m2 = b->sumsq - b->sum * d;
    if (m.m2 < 0.0)
        m.m2 = 0.0; /* rounding when all values are equal */
    return m;
}

void mcs_moments_merge(mcs_moments *a, const mcs_moments *b)
{
    if (b->n == 0)
        return;
    if (a->n == 0) {
        *a = *b;
        return;
    }
    double na = (double)a->n, nb = (double)b->n, n = na + nb;
    double delta = b->mean - a->mean;
    a->mean += delta * (nb / n);
    a->m2 += b->m2 + delta * delta * (na * nb / n);
    a->n += b->n;
}

double mcs_moments_variance(const mcs_moments *m)
{
    return m->n < 2 ? 0.0 : m->m2 / (double)(m->n - 1);
}

double mcs_moments_std_error(const mcs_moments *m)
{
    return m->n < 2 ? 0.0 : sqrt(mcs_moments_variance(m) / (double)m->n);
}
