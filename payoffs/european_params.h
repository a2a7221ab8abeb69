/* european_params.h - the european payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list european_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_EUROPEAN_PARAMS_H
#define MCS_EUROPEAN_PARAMS_H

#define MCS_BLOCK_NAME european
#define MCS_BLOCK_LIST "../payoffs/european_params.def"
#include "payoff_block_struct.h"

#endif
