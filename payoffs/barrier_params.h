/* barrier_params.h - the barrier payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list barrier_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_BARRIER_PARAMS_H
#define MCS_BARRIER_PARAMS_H

#define MCS_BLOCK_NAME barrier
#define MCS_BLOCK_LIST "../payoffs/barrier_params.def"
#include "payoff_block_struct.h"

#endif
