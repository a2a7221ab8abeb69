/* split_uniform.h - a uniform drawn in two parts under Philox, shared by
 * both backends: its top byte c first and its fine bits f only where they
 * are needed, u = (c + f) / 256 with f in (0, 1). A payoff asks for it with
 * MCS_NAME_SPLIT_MODE (payoffs/european.h): most of its steps are decided
 * by c alone (u >= c / 256), so the CPU draws one byte per path-step and a
 * full Philox block only for the few steps that need f
 * (cpu_backend/path_kernel.inc, "Split mode").
 *
 * Layout (docs/reproducibility.md): the fine bits of path j of group g at
 * step k are the payoff's uniform draw, counter ((g steps + k) draws + d)
 * as any draw; the bytes come from one more draw slot, d = normals +
 * uniforms, used every MCS_SPLIT_SPAN steps: its 16 bytes (words 0..3,
 * little-endian) hold, for each path j of the group, the bytes of SPAN
 * consecutive steps, byte j SPAN + k mod SPAN of the counter at step
 * k - k mod SPAN. */
#ifndef MCS_SPLIT_UNIFORM_H
#define MCS_SPLIT_UNIFORM_H

#include <stdint.h>
#include "box_muller.h"
#include "mc_hd.h"

/* Steps whose bytes one counter carries for each path of its group: 4 in
 * single precision (4 paths a group), 8 in double (2 paths). */
#define MCS_SPLIT_SPAN(group) (16u / (group))

/* The byte of path j (of its group) at step k, from the 4 words of the
 * byte counter at step k - k mod span. */
MC_HD static inline uint32_t mcs_split_byte(const uint32_t w[4], uint32_t span, uint32_t j,
                                            uint32_t k)
{
    uint32_t b = j * span + k % span;
    return (w[b / 4] >> (8 * (b % 4))) & 255u;
}

/* u = (c + f) / 256 in (0, 1] from the byte c and 32 fine bits w
 * (f = mcs_uniform_f(w)): u >= c / 256. */
MC_HD static inline float mcs_split_uniform_f(uint32_t c, uint32_t w)
{
    return ((float)c + mcs_uniform_f(w)) * 0.00390625f;
}

/* The double form: f = mcs_uniform_d(w), from the top 52 of 64 fine bits. */
MC_HD static inline double mcs_split_uniform_d(uint32_t c, uint64_t w)
{
    return ((double)c + mcs_uniform_d(w)) * 0.00390625;
}

#endif
