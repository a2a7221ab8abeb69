/* digital.h - the digital (binary) call/put: pays `cash` (cash digital) or
 * S_T (asset digital) when S_T > K (call) or S_T < K (put). Shared by both
 * backends; the interface is described in payoffs/european.h. */
#ifndef MCS_DIGITAL_H
#define MCS_DIGITAL_H

#include <stdint.h>
#include "../models/real.h"
#include "../core/job.h"
#include "digital_params.h"
#include "../models/view.h"

#define MCS_DIGITAL_DIM 1
#define MCS_DIGITAL_OUTPUTS 1
#define MCS_DIGITAL_UNIFORMS 0
#define MCS_DIGITAL_NORMALS 0
#define MCS_DIGITAL_MODES 1

typedef struct {
    mcs_real strike, cash;
    int is_call, asset;
} mcs_digital_coef;

MC_HD static inline mcs_digital_coef mcs_digital_coef_make(const mcs_option_params *o,
                                                           const mcs_model_params *m,
                                                           uint32_t steps)
{
    (void)m;
    (void)steps;
    const mcs_digital_params *d = mcs_digital_params_of(o);
    mcs_digital_coef c;
    c.strike = (mcs_real)o->strike;
    c.cash = (mcs_real)d->cash;
    c.is_call = o->type == MCS_CALL;
    c.asset = d->digital == MCS_DIGITAL_ASSET;
    return c;
}

MC_HD static inline void mcs_digital_init(const mcs_digital_coef *c, mcs_real a[1])
{
    (void)c;
    a[0] = 0;
}

MC_HD static inline int mcs_digital_watches(const mcs_digital_coef *c, uint32_t k)
{
    (void)c;
    (void)k;
    return 0;
}

MC_HD static inline int mcs_digital_mode(const mcs_digital_coef *c)
{
    (void)c;
    return 0;
}

MC_HD static inline void mcs_digital_observe(const mcs_digital_coef *c, int mode, mcs_real a[1],
                                             const mcs_view *v)
{
    (void)c, (void)mode, (void)a, (void)v;
}

MC_HD static inline void mcs_digital_finish(const mcs_digital_coef *c, int mode, const mcs_real a[1],
                                            const mcs_view *v, mcs_real out[1])
{
    (void)mode;
    (void)a;
    const mcs_real s = v->s1;
    int in_money = c->is_call ? s > c->strike : s < c->strike;
    mcs_real pays = c->asset ? s : c->cash;
    out[0] = in_money ? pays : (mcs_real)0;
}

#endif
