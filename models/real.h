/* real.h - the working precision of path arithmetic (FFTW's `R` switch).
 * A translation unit defines MCS_REAL_DOUBLE (or not) before including any
 * model or payoff header; it then sees mcs_real = double (or float) and the
 * matching math functions. Accumulation is always in double. */
#ifndef MCS_REAL_H
#define MCS_REAL_H

#include <math.h>
#include "mc_hd.h"
#include "fastmath.h"

#ifdef MCS_REAL_DOUBLE
typedef double mcs_real;
#define MCS_EXP(x) mcs_exp_d(x)
#define MCS_LOG(x) mcs_log_d(x)
#define MCS_SQRT(x) sqrt(x)
#define MCS_NEG_LOG_BOUND(x) mcs_neg_log_bound_d(x)
#else
typedef float mcs_real;
#define MCS_EXP(x) mcs_exp_f(x)
#define MCS_LOG(x) mcs_log_f(x)
#define MCS_SQRT(x) sqrtf(x)
#define MCS_NEG_LOG_BOUND(x) mcs_neg_log_bound_f(x)
#endif

/* Branch-free max/min/select that vectorise on the CPU. */
MC_HD static inline mcs_real mcs_max(mcs_real a, mcs_real b)
{
    return a > b ? a : b;
}
MC_HD static inline mcs_real mcs_min(mcs_real a, mcs_real b)
{
    return a < b ? a : b;
}

#endif
