/* worst_of.h - call or put on the smallest terminal spot, min_i S_i(T), of a
 * multi-asset model; the interface of payoffs/european.h, made by
 * payoffs/extreme_of.h. Include models/real.h first. */
#ifndef MCS_WORST_OF_H
#define MCS_WORST_OF_H

#include "extreme_of.h"

#define MCS_WORST_OF_DIM 1
#define MCS_WORST_OF_OUTPUTS 1
#define MCS_WORST_OF_UNIFORMS 0
#define MCS_WORST_OF_NORMALS 0
#define MCS_WORST_OF_MODES 2 /* 0 put, 1 call */

MCS_EXTREME_OF_PAYOFF(worst_of, 0)

#endif
