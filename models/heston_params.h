/* heston_params.h - the heston model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list heston_params.def. */
#ifndef MCS_HESTON_PARAMS_H
#define MCS_HESTON_PARAMS_H

#include "model_block.h"

typedef struct MCS_MAY_ALIAS {
    MCS_MODEL_HEAD
#include "../core/rows_as_fields.h"
#include "heston_params.def"
#include "../core/rows_end.h"
} mcs_heston_params;
MCS_MODEL_BLOCK_CHECK(mcs_heston_params);
MCS_MODEL_BLOCK_ACCESS(heston)

#endif
