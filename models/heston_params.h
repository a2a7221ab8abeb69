/* heston_params.h - the heston model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list heston_params.def,
 * made by models/model_block_struct.h. */
#ifndef MCS_HESTON_PARAMS_H
#define MCS_HESTON_PARAMS_H

#define MCS_BLOCK_NAME heston
#define MCS_BLOCK_LIST "../models/heston_params.def"
#include "model_block_struct.h"

#endif
