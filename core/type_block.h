/* type_block.h - what a model's or payoff's block header uses
 * (models/<name>_params.h, payoffs/<name>_params.h): the block struct's
 * name and its readers in a job's mcs_model_params or mcs_option_params
 * (core/job.h), on host and device:
 *   mcs_<name>_params_of(p)  the block to read (kernels, closed forms)
 *   mcs_<name>_params_in(p)  the block to write (config derivations, tests)
 * The struct itself is made by core/type_block_struct.h. Include
 * models/mc_hd.h (MC_HD) before the readers are made. */
#ifndef MCS_TYPE_BLOCK_H
#define MCS_TYPE_BLOCK_H

#include "job.h"

/* The block struct's name, mcs_<name>_params */
#define MCS_TYPE_BLOCK_TYPE_(name_) mcs_##name_##_params
#define MCS_TYPE_BLOCK_TYPE(name_) MCS_TYPE_BLOCK_TYPE_(name_)

/* The readers of block mcs_<name_>_params where a `of_` (mcs_model_params
 * or mcs_option_params) lies. */
#define MCS_TYPE_BLOCK_ACCESS(name_, of_) MCS_TYPE_BLOCK_ACCESS_(name_, of_)
#define MCS_TYPE_BLOCK_ACCESS_(name_, of_)                                               \
    MC_HD static inline const mcs_##name_##_params *mcs_##name_##_params_of(const of_ *p) \
    {                                                                                   \
        return (const mcs_##name_##_params *)(const void *)p;                           \
    }                                                                                   \
    static inline mcs_##name_##_params *mcs_##name_##_params_in(of_ *p)                 \
    {                                                                                   \
        return (mcs_##name_##_params *)(void *)p;                                       \
    }

#endif
