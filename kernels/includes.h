/* includes.h - every model and payoff header named in kernels/combos.def,
 * for what sizes every pair (cpu_backend/block_scratch.c,
 * estimator/kernel_plan.c); a kernel source includes its own two alone
 * (MCS_MODEL_HEADER, MCS_PAYOFF_HEADER). Include models/real.h's precision
 * choice first. */
#include "../models/gbm.h"
#include "../models/bachelier.h"
#include "../models/heston.h"
#include "../models/merton.h"
#include "../payoffs/european.h"
#include "../payoffs/digital.h"
#include "../payoffs/asian.h"
#include "../payoffs/barrier.h"
#include "../payoffs/lookback.h"
#include "../models/multi_gbm.h"
#include "../payoffs/basket.h"
#include "../payoffs/best_of.h"
#include "../payoffs/worst_of.h"
#include "../payoffs/spread.h"
