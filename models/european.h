/* european.h - the European call/put payoff, shared by both backends.
 * Include models/real.h (with the precision chosen) first. */
#ifndef MCS_EUROPEAN_H
#define MCS_EUROPEAN_H

#include "real.h"

/* Undiscounted payoff max(S-K, 0) (call) or max(K-S, 0) (put). */
MC_HD static inline mcs_real mcs_european_payoff(mcs_real s, mcs_real strike, int is_call)
{
    mcs_real d = is_call ? s - strike : strike - s;
    return d > (mcs_real)0 ? d : (mcs_real)0;
}

#endif
