/* type_block_struct.h - one model's or payoff's block of parameters
 * (core/job.h), made from its key list: the struct mcs_<name>_params (the
 * head, then the list's fields), its compile-time checks and its readers
 * mcs_<name>_params_of and _in (core/type_block.h). The includer defines
 *   MCS_BLOCK_NAME   the type's name (e.g. heston, asian)
 *   MCS_BLOCK_LIST   its key list, as a path from core/ ("../models/heston_params.def")
 *   MCS_BLOCK_HEAD   the head (MCS_MODEL_HEAD or MCS_OPTION_HEAD)
 *   MCS_BLOCK_OF     where the block lies (mcs_model_params or mcs_option_params)
 *   MCS_BLOCK_CHECK  its checks (MCS_MODEL_BLOCK_CHECK or MCS_OPTION_BLOCK_CHECK)
 * (models/model_block_struct.h and payoffs/payoff_block_struct.h define the
 * last three); all five are undefined at the end. No include guard: one
 * inclusion per type. */
#include "type_block.h"

typedef struct MCS_MAY_ALIAS {
    MCS_BLOCK_HEAD
#include "rows_as_fields.h"
#include MCS_BLOCK_LIST
#include "rows_end.h"
} MCS_TYPE_BLOCK_TYPE(MCS_BLOCK_NAME);
MCS_BLOCK_CHECK(MCS_TYPE_BLOCK_TYPE(MCS_BLOCK_NAME));
MCS_TYPE_BLOCK_ACCESS(MCS_BLOCK_NAME, MCS_BLOCK_OF)

#undef MCS_BLOCK_NAME
#undef MCS_BLOCK_LIST
#undef MCS_BLOCK_HEAD
#undef MCS_BLOCK_OF
#undef MCS_BLOCK_CHECK
