/* best_of.h - call or put on the largest terminal spot, max_i S_i(T), of a
 * multi-asset model; the interface of payoffs/european.h, made by
 * payoffs/extreme_of.h. Include models/real.h first. */
#ifndef MCS_BEST_OF_H
#define MCS_BEST_OF_H

#include "extreme_of.h"

#define MCS_BEST_OF_DIM 1
#define MCS_BEST_OF_OUTPUTS 1
#define MCS_BEST_OF_UNIFORMS 0
#define MCS_BEST_OF_NORMALS 0
#define MCS_BEST_OF_MODES 2 /* 0 put, 1 call */

MCS_EXTREME_OF_PAYOFF(best_of, 1)

#endif
