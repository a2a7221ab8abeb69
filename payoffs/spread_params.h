/* spread_params.h - the spread payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list spread_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_SPREAD_PARAMS_H
#define MCS_SPREAD_PARAMS_H

#define MCS_BLOCK_NAME spread
#define MCS_BLOCK_LIST "../payoffs/spread_params.def"
#include "payoff_block_struct.h"

#endif
