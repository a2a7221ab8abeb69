/* merton_params.h - the merton model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list merton_params.def,
 * made by models/model_block_struct.h. */
#ifndef MCS_MERTON_PARAMS_H
#define MCS_MERTON_PARAMS_H

#define MCS_BLOCK_NAME merton
#define MCS_BLOCK_LIST "../models/merton_params.def"
#include "model_block_struct.h"

#endif
