/* bachelier_params.h - the bachelier model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list bachelier_params.def,
 * made by models/model_block_struct.h. */
#ifndef MCS_BACHELIER_PARAMS_H
#define MCS_BACHELIER_PARAMS_H

#define MCS_BLOCK_NAME bachelier
#define MCS_BLOCK_LIST "../models/bachelier_params.def"
#include "model_block_struct.h"

#endif
