/* bachelier_params.h - the bachelier model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list bachelier_params.def. */
#ifndef MCS_BACHELIER_PARAMS_H
#define MCS_BACHELIER_PARAMS_H

#include "model_block.h"

typedef struct MCS_MAY_ALIAS {
    MCS_MODEL_HEAD
#include "../core/rows_as_fields.h"
#include "bachelier_params.def"
#include "../core/rows_end.h"
} mcs_bachelier_params;
MCS_MODEL_BLOCK_CHECK(mcs_bachelier_params);
MCS_MODEL_BLOCK_ACCESS(bachelier)

#endif
