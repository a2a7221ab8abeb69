/* terminal_assets.h - what the multi-asset payoffs (payoffs/basket.h,
 * best_of.h and worst_of.h through extreme_of.h, spread.h) share:
 * European-style on the terminal spots of every asset of the view
 * (models/view.h, mcs_view_asset), a call or put on one number of them
 * (mode 0 put, 1 call, as payoffs/european.h), no accumulator, no draw, no
 * monitoring date. A payoff here defines MCS_NAME_* and its coef (or
 * MCS_STRIKE_COEF(name) makes it) and finish; the rest is made by
 * MCS_TERMINAL_PAYOFF(name). Include
 * models/real.h first. */
#ifndef MCS_TERMINAL_ASSETS_H
#define MCS_TERMINAL_ASSETS_H

#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "../models/view.h"
#include "european.h"

/* coef and coef_make of a terminal payoff NAME whose coef is its strike
 * and call or put (extreme_of.h, spread.h) */
#define MCS_STRIKE_COEF(name)                                                                  \
    typedef struct {                                                                           \
        mcs_real strike;                                                                       \
        int is_call;                                                                           \
    } mcs_##name##_coef;                                                                       \
    MC_HD static inline mcs_##name##_coef mcs_##name##_coef_make(                              \
        const mcs_option_params *o, const mcs_model_params *m, uint32_t steps)                \
    {                                                                                          \
        (void)m;                                                                               \
        (void)steps;                                                                           \
        mcs_##name##_coef c;                                                                   \
        c.strike = (mcs_real)o->strike;                                                        \
        c.is_call = o->type == MCS_CALL;                                                       \
        return c;                                                                              \
    }

/* init, watches, mode and observe of a terminal payoff NAME whose coef has
 * is_call */
#define MCS_TERMINAL_PAYOFF(name)                                                              \
    MC_HD static inline void mcs_##name##_init(const mcs_##name##_coef *c, mcs_real a[1])      \
    {                                                                                          \
        (void)c;                                                                               \
        a[0] = 0;                                                                              \
    }                                                                                          \
    MC_HD static inline int mcs_##name##_watches(const mcs_##name##_coef *c, uint32_t k)       \
    {                                                                                          \
        (void)c;                                                                               \
        (void)k;                                                                               \
        return 0;                                                                              \
    }                                                                                          \
    MC_HD static inline int mcs_##name##_mode(const mcs_##name##_coef *c)                      \
    {                                                                                          \
        return c->is_call;                                                                     \
    }                                                                                          \
    MC_HD static inline void mcs_##name##_observe(const mcs_##name##_coef *c, int mode,        \
                                                 mcs_real a[1], const mcs_view *v)             \
    {                                                                                          \
        (void)c, (void)mode, (void)a, (void)v;                                                 \
    }

#endif
