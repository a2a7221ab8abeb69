/* pcg64.h - PCG64 random number generator, bit-identical to pcg-cpp's pcg64
 * (setseq_xsl_rr_128_64: 128-bit LCG with per-stream increment, XSL-RR output). */
#ifndef MCS_PCG64_H
#define MCS_PCG64_H

#include <stdint.h>

/* pcg-cpp's default 128-bit LCG multiplier 0x2360ED051FC65DA44385DF649FCCF645. */
#define MCS_PCG64_MULTIPLIER_HIGH 0x2360ED051FC65DA4ULL
#define MCS_PCG64_MULTIPLIER_LOW  0x4385DF649FCCF645ULL
#define MCS_PCG64_MULTIPLIER \
    (((unsigned __int128)MCS_PCG64_MULTIPLIER_HIGH << 64) | MCS_PCG64_MULTIPLIER_LOW)

/* Generator state: LCG state and the (odd) increment that selects the stream. */
typedef struct {
    unsigned __int128 state, inc;
} mcs_pcg64;

/* Seed as pcg-cpp's pcg64(seed, stream): inc = (stream << 1) | 1,
 * state = (seed + inc) * multiplier + inc. */
void mcs_pcg64_seed(mcs_pcg64 *g, uint64_t seed, uint64_t stream);

/* Next 64-bit output. As in pcg-cpp's pcg64 (output_previous = false for a
 * 128-bit state), the LCG steps first and the NEW state is output through
 * XSL-RR: xor the two halves, rotate right by the top 6 bits of the state. */
static inline uint64_t mcs_pcg64_next(mcs_pcg64 *g)
{
    g->state = g->state * MCS_PCG64_MULTIPLIER + g->inc;
    uint64_t x = (uint64_t)(g->state >> 64) ^ (uint64_t)g->state;
    unsigned rot = (unsigned)(g->state >> 122);
    return (x >> rot) | (x << ((-rot) & 63u));
}

/* Jump ahead delta steps in O(log delta) (Brown 1994, as pcg-cpp's advance);
 * same result as delta calls of mcs_pcg64_next. A delta of 2^128 - k steps
 * back k. */
void mcs_pcg64_advance(mcs_pcg64 *g, unsigned __int128 delta);

/* The affine map state -> mult * state + plus that advances a generator of
 * increment `inc` by delta steps. */
void mcs_pcg64_jump(unsigned __int128 inc, unsigned __int128 delta, unsigned __int128 *mult,
                    unsigned __int128 *plus);

#endif
