/* basket_params.h - the basket payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list basket_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_BASKET_PARAMS_H
#define MCS_BASKET_PARAMS_H

#define MCS_BLOCK_NAME basket
#define MCS_BLOCK_LIST "../payoffs/basket_params.def"
#include "payoff_block_struct.h"

#endif
