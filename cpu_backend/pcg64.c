/* pcg64.c - seeding and jump-ahead of the PCG64 generator (see pcg64.h). */
#include "pcg64.h"

void mcs_pcg64_seed(mcs_pcg64 *g, uint64_t seed, uint64_t stream)
{
    /* pcg-cpp: inc_ = (stream << 1) | 1; state_ = bump(seed + increment()). */
    g->inc = ((unsigned __int128)stream << 1) | 1u;
    g->state = ((unsigned __int128)seed + g->inc) * MCS_PCG64_MULTIPLIER + g->inc;
}

void mcs_pcg64_jump(unsigned __int128 inc, unsigned __int128 delta, unsigned __int128 *mult,
                    unsigned __int128 *plus)
{
    /* Square-and-multiply on the affine map s -> m*s + c (pcg-cpp's advance). */
    unsigned __int128 cur_mult = MCS_PCG64_MULTIPLIER, cur_plus = inc;
    unsigned __int128 acc_mult = 1, acc_plus = 0;
    while (delta > 0) {
        if (delta & 1u) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1) * cur_plus;
        cur_mult *= cur_mult;
        delta >>= 1;
    }
    *mult = acc_mult;
    *plus = acc_plus;
}

void mcs_pcg64_advance(mcs_pcg64 *g, unsigned __int128 delta)
{
    unsigned __int128 mult, plus;
    mcs_pcg64_jump(g->inc, delta, &mult, &plus);
    g->state = mult * g->state + plus;
}
