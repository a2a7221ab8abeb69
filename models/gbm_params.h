/* gbm_params.h - the gbm model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list gbm_params.def,
 * made by models/model_block_struct.h. */
#ifndef MCS_GBM_PARAMS_H
#define MCS_GBM_PARAMS_H

#define MCS_BLOCK_NAME gbm
#define MCS_BLOCK_LIST "../models/gbm_params.def"
#include "model_block_struct.h"

#endif
