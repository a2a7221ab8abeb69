/* gbm_params.h - the gbm model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list gbm_params.def. */
#ifndef MCS_GBM_PARAMS_H
#define MCS_GBM_PARAMS_H

#include "model_block.h"

typedef struct MCS_MAY_ALIAS {
    MCS_MODEL_HEAD
#include "../core/rows_as_fields.h"
#include "gbm_params.def"
#include "../core/rows_end.h"
} mcs_gbm_params;
MCS_MODEL_BLOCK_CHECK(mcs_gbm_params);
MCS_MODEL_BLOCK_ACCESS(gbm)

#endif
