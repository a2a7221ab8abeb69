/* asian_params.h - the asian payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list asian_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_ASIAN_PARAMS_H
#define MCS_ASIAN_PARAMS_H

#define MCS_BLOCK_NAME asian
#define MCS_BLOCK_LIST "../payoffs/asian_params.def"
#include "payoff_block_struct.h"

#endif
