/* step_view.h - the model's per-step view (models/view.h) built from the
 * model's own inline functions, for the kernels (cpu_backend/path_kernel.inc,
 * gpu_backend/gpu_kernel.cuh): include after defining M_ (mcs_<model>_name)
 * and MC_ (MCS_<MODEL>_NAME). What the model says it lacks (HAS_LOG,
 * HAS_BRIDGE 0) is NaN. Everything is inline, so a field no payoff reads
 * costs nothing. */
#ifndef MCS_STEP_VIEW_H
#define MCS_STEP_VIEW_H

#include "../models/view.h"

/* The view of the step from state s0 to s1 with the step's normals z (the
 * model's slots first, then the payoff's) and the payoff's uniforms u. */
MC_HD static inline __attribute__((always_inline)) mcs_view
view_step(const M_(coef) *mc, const mcs_real *s0, const mcs_real *s1, const mcs_real *z,
          const mcs_real *u)
{
    mcs_view v;
    v.s1 = M_(spot)(mc, s1);
    v.rel1 = M_(rel)(mc, s1);
    v.unit = M_(unit)(mc);
#if MC_(HAS_LOG)
    v.x0 = M_(log)(mc, s0);
    v.x1 = M_(log)(mc, s1);
#else
    (void)s0;
    v.x0 = v.x1 = (mcs_real)NAN;
#endif
#if MC_(HAS_BRIDGE)
    v.var = M_(bridge_var)(mc, s0);
#else
    v.var = (mcs_real)NAN;
#endif
    v.z = z;
    v.u = u;
#if MC_(ASSETS) /* an undefined MCS_NAME_ASSETS is 0: one asset */
    v.assets = M_(assets)(mc);
    v.asset_x = s1;
    v.asset_s0 = mc->spot;
#else
    v.assets = 1;
    v.asset_x = v.asset_s0 = 0;
#endif
    return v;
}

/* The view at expiry (finish): the terminal state s, as a step from s to s
 * with no draws. */
MC_HD static inline __attribute__((always_inline)) mcs_view view_at(const M_(coef) *mc,
                                                                  const mcs_real *s)
{
    return view_step(mc, s, s, 0, 0);
}

#endif
