/* model_block_struct.h - a model's block of parameters (core/job.h), made
 * from its key list: the struct mcs_<name>_params (the head every model
 * has, then the list's fields), its checks (MCS_MODEL_BLOCK_CHECK) and its
 * readers mcs_<name>_params_of and _in (models/model_block.h). A model's
 * block header models/<name>_params.h defines MCS_BLOCK_NAME (e.g. heston)
 * and MCS_BLOCK_LIST ("heston_params.def") and includes this file; no
 * include guard: one inclusion per model. */
#include "model_block.h"

#define MCS_BLOCK_CHECK_(type_) MCS_MODEL_BLOCK_CHECK(type_)
#define MCS_BLOCK_ACCESS_(name_) MCS_MODEL_BLOCK_ACCESS(name_)

typedef struct MCS_MAY_ALIAS {
    MCS_MODEL_HEAD
#include "../core/rows_as_fields.h"
#include MCS_BLOCK_LIST
#include "../core/rows_end.h"
} MCS_MODEL_BLOCK_TYPE(MCS_BLOCK_NAME);
MCS_BLOCK_CHECK_(MCS_MODEL_BLOCK_TYPE(MCS_BLOCK_NAME));
MCS_BLOCK_ACCESS_(MCS_BLOCK_NAME)

#undef MCS_BLOCK_CHECK_
#undef MCS_BLOCK_ACCESS_
#undef MCS_BLOCK_NAME
#undef MCS_BLOCK_LIST
