/* best_of_params.h - the best_of payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list best_of_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_BEST_OF_PARAMS_H
#define MCS_BEST_OF_PARAMS_H

#define MCS_BLOCK_NAME best_of
#define MCS_BLOCK_LIST "../payoffs/best_of_params.def"
#include "payoff_block_struct.h"

#endif
