/* payoff_block_struct.h - a payoff's block of parameters (core/job.h), made
 * from its key list by core/type_block_struct.h with the head every payoff
 * has (MCS_OPTION_HEAD) and its checks. A payoff's block header
 * payoffs/<name>_params.h defines MCS_BLOCK_NAME (e.g. asian) and
 * MCS_BLOCK_LIST ("../payoffs/asian_params.def") and includes this file,
 * which gives mcs_<name>_params and its readers mcs_<name>_params_of(o)
 * and _in(o) (core/type_block.h); no include guard: one inclusion per
 * payoff. */
#include "../models/mc_hd.h"
#include "option_keys.h" /* rows several key lists use */

#define MCS_BLOCK_HEAD MCS_OPTION_HEAD
#define MCS_BLOCK_OF mcs_option_params
#define MCS_BLOCK_CHECK MCS_OPTION_BLOCK_CHECK
#include "../core/type_block_struct.h"
