/* includes.h - every model and payoff header named in kernels/combos.def,
 * for the kernel sources (include models/real.h's precision choice first). */
#include "../models/gbm.h"
#include "../models/bachelier.h"
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
