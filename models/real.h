/* real.h - the working precision of path arithmetic (FFTW's `R` switch).
 * A translation unit defines MCS_REAL_DOUBLE (or not) before including any
 * model header; it then sees mcs_real = double (or float) and the matching
 * math functions. Accumulation is always in double. */
#ifndef MCS_REAL_H
#define MCS_REAL_H

#include "mc_hd.h"
#include "fastmath.h"

#ifdef MCS_REAL_DOUBLE
typedef double mcs_real;
#define MCS_EXP(x) mcs_exp_d(x)
#else
typedef float mcs_real;
#define MCS_EXP(x) mcs_exp_f(x)
#endif

#endif
