/* multi_gbm_derive.h - the host side of the multi-asset GBM
 * (models/multi_gbm.c): what the config derives from its keys. */
#ifndef MCS_MULTI_GBM_DERIVE_H
#define MCS_MULTI_GBM_DERIVE_H

#include <stddef.h>
#include "../core/job.h"

/* m->factor (core/asset_factor.h) from m's assets, lists and correlation:
 * 1; or 0 and why (naming the key) when the correlation is not a
 * symmetric positive semi-definite matrix with a unit diagonal. */
int mcs_multi_gbm_derive(mcs_model_params *m, char *why, size_t len);

#endif
