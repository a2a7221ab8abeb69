/* merton_params.h - the merton model's block of parameters (core/job.h): the
 * head every model has, then the fields of its key list merton_params.def. */
#ifndef MCS_MERTON_PARAMS_H
#define MCS_MERTON_PARAMS_H

#include "model_block.h"

typedef struct MCS_MAY_ALIAS {
    MCS_MODEL_HEAD
#include "../core/rows_as_fields.h"
#include "merton_params.def"
#include "../core/rows_end.h"
} mcs_merton_params;
MCS_MODEL_BLOCK_CHECK(mcs_merton_params);
MCS_MODEL_BLOCK_ACCESS(merton)

#endif
