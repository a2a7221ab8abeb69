/* model_block.h - what a model's block header (models/<name>_params.h)
 * uses: MCS_MODEL_BLOCK_ACCESS(name) gives the model's readers of its
 * block in a job's mcs_model_params (core/job.h), on host and device:
 *   mcs_<name>_params_of(m)  the block to read (kernels, closed forms)
 *   mcs_<name>_params_in(m)  the block to write (config derivations, tests)
 * A model's block header names the model and its list and includes
 * models/model_block_struct.h, which makes the struct from the list,
 * checks it (MCS_MODEL_BLOCK_CHECK) and gives its readers. */
#ifndef MCS_MODEL_BLOCK_H
#define MCS_MODEL_BLOCK_H

#include "../core/job.h"
#include "mc_hd.h"
#include "model_keys.h" /* rows several key lists use */

/* The block struct's name, mcs_<name>_params, from MCS_BLOCK_NAME
 * (models/model_block_struct.h) */
#define MCS_MODEL_BLOCK_TYPE_(name_) mcs_##name_##_params
#define MCS_MODEL_BLOCK_TYPE(name_) MCS_MODEL_BLOCK_TYPE_(name_)

#define MCS_MODEL_BLOCK_ACCESS(name_)                                                      \
    MC_HD static inline const mcs_##name_##_params *mcs_##name_##_params_of(              \
        const mcs_model_params *m)                                                        \
    {                                                                                     \
        return (const mcs_##name_##_params *)(const void *)m;                             \
    }                                                                                     \
    static inline mcs_##name_##_params *mcs_##name_##_params_in(mcs_model_params *m)      \
    {                                                                                     \
        return (mcs_##name_##_params *)(void *)m;                                         \
    }

#endif
