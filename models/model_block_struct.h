/* model_block_struct.h - a model's block of parameters (core/job.h), made
 * from its key list by core/type_block_struct.h with the head every model
 * has (MCS_MODEL_HEAD) and its checks. A model's block header
 * models/<name>_params.h defines MCS_BLOCK_NAME (e.g. heston) and
 * MCS_BLOCK_LIST ("../models/heston_params.def") and includes this file,
 * which gives mcs_<name>_params and its readers mcs_<name>_params_of(m)
 * and _in(m) (core/type_block.h); no include guard: one inclusion per
 * model. */
#include "mc_hd.h"
#include "model_keys.h" /* rows several key lists use */

#define MCS_BLOCK_HEAD MCS_MODEL_HEAD
#define MCS_BLOCK_OF mcs_model_params
#define MCS_BLOCK_CHECK MCS_MODEL_BLOCK_CHECK
#include "../core/type_block_struct.h"
