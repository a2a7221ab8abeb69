/* bounds.h - what a product's value must satisfy under GBM (other models:
 * no bounds, no tail, until theirs are written), closed form or
 * not: bounds from simpler products (a floating lookback call is worth at
 * least the European call struck at the spot), the relation between outputs
 * (a barrier's in + out = the European + the rebate, path by path), and how
 * much of an output's value lies in paths too rare for a sample of n paths
 * (the heavy upper tail of a log-normal). engine/diagnostics.c checks every
 * result against them. */
#ifndef MCS_BOUNDS_H
#define MCS_BOUNDS_H

#include "../core/job.h"

/* What an output without an upper bound grows with, for its tail: S_T, the
 * average of S over the fixings, or the path's maximum. */
typedef enum {
    MCS_TAIL_NONE = 0, /* bounded: no heavy tail */
    MCS_TAIL_TERMINAL,
    MCS_TAIL_AVERAGE,
    MCS_TAIL_MAXIMUM
} mcs_tail;

/* Discounted bounds of one output: lower <= value <= upper, each with what
 * it comes from (for messages); upper is INFINITY where there is none. */
typedef struct {
    double lower, upper;
    const char *lower_source, *upper_source;
    mcs_tail tail;
} mcs_bounds;

/* The bounds of output j of a GBM job (0 = the product as configured, for a
 * barrier 1 = its in/out complement). Bounds that do not evaluate to a
 * finite number (extreme parameters) are left out. */
void mcs_output_bounds(const mcs_job *job, int j, mcs_bounds *b);

/* The discounted value of the sum of all outputs, where it is known
 * whatever the monitoring (barrier: in + out = the European + the
 * rebate): returns 1 with *sum, *source and the sum's tail; else 0. */
int mcs_outputs_sum(const mcs_job *job, double *sum, const char **source, mcs_tail *tail);

/* The discounted value that paths rarer than 1 in `paths` add to an output
 * growing with `tail`, beyond what those paths would add at the edge of
 * the sample (z with P(Z > z) = 1/paths): F (P(Z > z - s) - e^{s z - s^2/2}
 * P(Z > z)) for a log-normal of forward F and log-spread s. Near 0 for a
 * light tail (about F s / (paths z^2)); most of the value when s is large,
 * for then a sample of that size is short of the paths that carry the
 * price, and both the estimate and its standard error come out too low. */
double mcs_tail_unseen(const mcs_job *job, mcs_tail tail, double paths);

#endif
