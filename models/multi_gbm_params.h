/* multi_gbm_params.h - the multi_gbm model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list multi_gbm_params.def,
 * made by models/model_block_struct.h. */
#ifndef MCS_MULTI_GBM_PARAMS_H
#define MCS_MULTI_GBM_PARAMS_H

#define MCS_BLOCK_NAME multi_gbm
#define MCS_BLOCK_LIST "../models/multi_gbm_params.def"
#include "model_block_struct.h"

#endif
