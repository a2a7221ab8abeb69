/* stats.h - streaming mean/variance: per-block partial sums and their
 * numerically stable merge (Chan, Golub & LeVeque 1979), in block order. */
#ifndef MCS_STATS_H
#define MCS_STATS_H

#include <stdint.h>

/* Partial sums of one block, as a backend produces them: values are
 * accumulated shifted by `shift` (the block's first value), which keeps the
 * sum of squares free of cancellation when the mean is large. */
typedef struct {
    uint64_t n;
    double shift;
    double sum;   /* sum of (x - shift) */
    double sumsq; /* sum of (x - shift)^2 */
} mcs_block_sums;

/* Running moments: count, mean and sum of squared deviations M2. */
typedef struct {
    uint64_t n;
    double mean;
    double m2;
} mcs_moments;

/* Moments of one block from its shifted partial sums. */
mcs_moments mcs_moments_from_block(const mcs_block_sums *b);
/* Merge b into a (a := a followed by b). Order matters for bit-identity. */
void mcs_moments_merge(mcs_moments *a, const mcs_moments *b);
/* Unbiased sample variance M2/(n-1); 0 when n < 2. */
double mcs_moments_variance(const mcs_moments *m);
/* Standard error of the mean sqrt(var/n); 0 when n < 2. */
double mcs_moments_std_error(const mcs_moments *m);

#endif
