/* digital_params.h - the digital payoff's block of parameters (core/job.h): the
 * head every payoff has, then the fields of its key list digital_params.def,
 * made by payoffs/payoff_block_struct.h. */
#ifndef MCS_DIGITAL_PARAMS_H
#define MCS_DIGITAL_PARAMS_H

#define MCS_BLOCK_NAME digital
#define MCS_BLOCK_LIST "../payoffs/digital_params.def"
#include "payoff_block_struct.h"

#endif
