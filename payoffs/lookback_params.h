/* lookback_params.h - the lookback payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list lookback_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_LOOKBACK_PARAMS_H
#define MCS_LOOKBACK_PARAMS_H

#define MCS_BLOCK_NAME lookback
#define MCS_BLOCK_LIST "../payoffs/lookback_params.def"
#include "payoff_block_struct.h"

#endif
