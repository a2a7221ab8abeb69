/* worst_of_params.h - the worst_of payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list worst_of_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_WORST_OF_PARAMS_H
#define MCS_WORST_OF_PARAMS_H

#define MCS_BLOCK_NAME worst_of
#define MCS_BLOCK_LIST "../payoffs/worst_of_params.def"
#include "payoff_block_struct.h"

#endif
