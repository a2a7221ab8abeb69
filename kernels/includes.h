/* includes.h - every model and payoff header named in kernels/combos.def,
 * for the kernel sources (include models/real.h's precision choice first). */
#include "../models/gbm.h"
#include "../models/bachelier.h"
#include "../models/heston.h"
#include "../models/merton.h"
#include "../payoffs/european.h"
#include "../payoffs/digital.h"
#include "../payoffs/asian.h"
#include "../payoffs/barrier.h"
#include "../payoffs/lookback.h"
