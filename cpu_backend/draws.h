/* draws.h - one time step's random numbers for a batch of paths, step-major:
 * draws[d * MCS_BATCH + p] is path p's draw d at the step (normals first,
 * then uniforms), so every loop over the batch is contiguous. Precision
 * follows models/real.h. The layouts (docs/reproducibility.md):
 * - Philox: counter i = (g * steps + k) * draws + d of the block, g the path
 *   group (4 paths in single precision, 2 in double), the GPU's layout; with
 *   one draw per step it is the layout of mcsim 0.1, so old results
 *   reproduce.
 * - PCG64: in the block's stream, path p's draw d at step k is number
 *   ((g * steps + k) * draws + d) * 16 + p % 16 with g = p / 16: a group of
 *   16 paths takes 16 numbers per draw, step by step; one state per group
 *   of the batch, so the groups' generators run side by side. */
#ifndef MCS_DRAWS_H
#define MCS_DRAWS_H

#include <stdint.h>
#include "../models/box_muller.h"
#include "../models/real.h"
#include "block_kernel.h"

#ifdef MCS_REAL_DOUBLE
#define MCS_PHILOX_GROUP 2u /* paths per Philox counter */
#define MCS_PCG_OUTPUTS 16u /* PCG64 outputs per group and draw */
#else
#define MCS_PHILOX_GROUP 4u
#define MCS_PCG_OUTPUTS 8u
#endif

/* A uniform in (0, 1) from 32 random bits (cuRAND's k 2^-32 + 2^-33). */
static inline float mcs_uniform_f(uint32_t w)
{
    return (float)w * 2.3283064365386963e-10f + 1.1641532182693481e-10f;
}
/* A uniform in (0, 1) from the top 52 of 64 random bits. */
static inline double mcs_uniform_d(uint64_t w)
{
    return mcs_bits_double(0x3ff0000000000000ull | (w >> 12)) - 1.0 + 1.1102230246251565e-16;
}

/* Normals for draw slot `z` (nb paths, nb even) from 64-bit words: single
 * precision one word per Box-Muller pair, double two. */
static inline void mcs_normals_from_bits(const uint64_t *restrict bits, uint32_t nb,
                                         mcs_real *restrict z)
{
#ifdef MCS_REAL_DOUBLE
    for (uint32_t m = 0; m < nb / 2; m++)
        mcs_box_muller_d(bits[2 * m], bits[2 * m + 1], &z[2 * m], &z[2 * m + 1]);
#else
    for (uint32_t m = 0; m < nb / 2; m++)
        mcs_box_muller_f(bits[m], &z[2 * m], &z[2 * m + 1]);
#endif
}

#ifdef __AVX512F__
/* Store the words of four 16-lane vectors interleaved: dst = a[0], b[0],
 * c[0], d[0], a[1], ... (64 words), with two rounds of two-source permutes
 * rather than a scalar transpose. */
static inline void mcs_store_interleaved_x4(__m512i a, __m512i b, __m512i c, __m512i d,
                                            uint32_t *dst)
{
    const __m512i lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i hi = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30,
                                         15, 31);
    const __m512i q_lo = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i q_hi = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    __m512i ab0 = _mm512_permutex2var_epi32(a, lo, b), ab1 = _mm512_permutex2var_epi32(a, hi, b);
    __m512i cd0 = _mm512_permutex2var_epi32(c, lo, d), cd1 = _mm512_permutex2var_epi32(c, hi, d);
    _mm512_storeu_si512(dst, _mm512_permutex2var_epi64(ab0, q_lo, cd0));
    _mm512_storeu_si512(dst + 16, _mm512_permutex2var_epi64(ab0, q_hi, cd0));
    _mm512_storeu_si512(dst + 32, _mm512_permutex2var_epi64(ab1, q_lo, cd1));
    _mm512_storeu_si512(dst + 48, _mm512_permutex2var_epi64(ab1, q_hi, cd1));
}
#endif

/* Philox blocks for counters base + j * stride, j < groups, of `block`:
 * bits[2j], bits[2j+1] = words (0,1) and (2,3) as 64-bit numbers, and
 * words = the four 32-bit words of each counter in order (each when not
 * NULL). With AVX-512 the counters are built and the outputs interleaved
 * in registers, sixteen at a time (scalar stores read back by a vector load
 * would stall on store forwarding). */
static inline void mcs_philox_words(const uint32_t key[2], uint64_t block, uint64_t base,
                                    uint64_t stride, uint32_t groups, uint64_t *restrict bits,
                                    uint32_t *restrict words)
{
    uint32_t j = 0;
#ifdef __AVX512F__
    {
        /* 64-bit counter indices of lanes 0-7 and 8-15 */
        __m512i lanes_a = _mm512_setr_epi64((long long)base, (long long)(base + stride),
                                            (long long)(base + 2 * stride),
                                            (long long)(base + 3 * stride),
                                            (long long)(base + 4 * stride),
                                            (long long)(base + 5 * stride),
                                            (long long)(base + 6 * stride),
                                            (long long)(base + 7 * stride));
        __m512i lanes_b = _mm512_add_epi64(lanes_a, _mm512_set1_epi64((long long)(8 * stride)));
        const __m512i next = _mm512_set1_epi64((long long)(16 * stride));
        const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26,
                                               28, 30);
        const __m512i odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27,
                                              29, 31);
        const __m512i block_lo = _mm512_set1_epi32((int)(uint32_t)block);
        const __m512i block_hi = _mm512_set1_epi32((int)(uint32_t)(block >> 32));
        for (; j + 16 <= groups; j += 16) {
            __m512i x[4] = {_mm512_permutex2var_epi32(lanes_a, even, lanes_b),
                            _mm512_permutex2var_epi32(lanes_a, odd, lanes_b), block_lo, block_hi};
            mcs_philox_rounds_x16(x, key);
            if (bits) /* bits[2i] = x0 << 32 | x1, bits[2i+1] = x2 << 32 | x3 */
                mcs_store_interleaved_x4(x[1], x[0], x[3], x[2], (uint32_t *)(bits + 2 * j));
            if (words)
                mcs_store_interleaved_x4(x[0], x[1], x[2], x[3], words + 4 * j);
            lanes_a = _mm512_add_epi64(lanes_a, next);
            lanes_b = _mm512_add_epi64(lanes_b, next);
        }
    }
#else
    for (; j + 16 <= groups; j += 16) { /* sixteen counters at a time */
        uint32_t c[4][16], out[4][16];
        for (int i = 0; i < 16; i++) {
            uint64_t idx = base + (j + i) * stride;
            c[0][i] = (uint32_t)idx;
            c[1][i] = (uint32_t)(idx >> 32);
            c[2][i] = (uint32_t)block;
            c[3][i] = (uint32_t)(block >> 32);
        }
        mcs_philox4x32_10_x16(c, key, out);
        if (bits)
            for (int i = 0; i < 16; i++) {
                bits[2 * (j + i)] = (uint64_t)out[0][i] << 32 | out[1][i];
                bits[2 * (j + i) + 1] = (uint64_t)out[2][i] << 32 | out[3][i];
            }
        if (words)
            for (int i = 0; i < 16; i++)
                for (int w = 0; w < 4; w++)
                    words[4 * (j + i) + w] = out[w][i];
    }
#endif
    for (; j < groups; j++) {
        uint32_t ctr[4], out[4];
        mcs_philox_counter(block, base + j * stride, ctr);
        mcs_philox4x32_10(ctr, key, out);
        if (bits) {
            bits[2 * j] = (uint64_t)out[0] << 32 | out[1];
            bits[2 * j + 1] = (uint64_t)out[2] << 32 | out[3];
        }
        if (words)
            for (int w = 0; w < 4; w++)
                words[4 * j + w] = out[w];
    }
}

/* Philox draws of step k for the batch's paths [first, first + nb) of
 * `block` (first a multiple of the group, nb rounded up to it). */
static inline void mcs_draw_philox(const uint32_t key[2], uint64_t block, uint32_t first,
                                   uint32_t nb, uint32_t steps, uint32_t k, unsigned normals,
                                   unsigned draws, mcs_block_scratch *restrict s,
                                   mcs_real *restrict z)
{
    const uint32_t groups = nb / MCS_PHILOX_GROUP;
    const uint64_t g0 = first / MCS_PHILOX_GROUP;
    uint64_t *restrict bits = s->bits;
    for (unsigned d = 0; d < draws; d++) {
        const uint64_t base = (g0 * steps + k) * draws + d, stride = (uint64_t)steps * draws;
        mcs_real *restrict zd = z + (size_t)d * MCS_BATCH;
        if (d < normals) {
            mcs_philox_words(key, block, base, stride, groups, bits, NULL);
            mcs_normals_from_bits(bits, nb, zd);
            continue;
        }
#ifdef MCS_REAL_DOUBLE
        mcs_philox_words(key, block, base, stride, groups, bits, NULL);
        for (uint32_t p = 0; p < nb; p++)
            zd[p] = mcs_uniform_d(bits[p]);
#else
        mcs_philox_words(key, block, base, stride, groups, NULL, s->words);
        for (uint32_t p = 0; p < nb; p++)
            zd[p] = mcs_uniform_f(s->words[p]);
#endif
    }
}

/* Position the batch's group generators: group j of the batch starts
 * `stride` outputs after group j - 1 (jump = the affine map of `stride`
 * steps, from mcs_pcg64_jump). */
static inline void mcs_pcg_groups_start(mcs_pcg64 *restrict g, uint32_t groups,
                                        const mcs_pcg64 *first, unsigned __int128 jump_mult,
                                        unsigned __int128 jump_plus)
{
    g[0] = *first;
    for (uint32_t j = 1; j < groups; j++) {
        g[j].inc = first->inc;
        g[j].state = jump_mult * g[j - 1].state + jump_plus;
    }
}

/* PCG64 draws of the next step for the batch's groups (nb a multiple of 16):
 * each group's generator gives its 16 numbers per draw in stream order. */
static inline void mcs_draw_pcg(mcs_pcg64 *restrict g, uint32_t nb, unsigned normals,
                                unsigned draws, mcs_block_scratch *restrict s,
                                mcs_real *restrict z)
{
    const uint32_t groups = nb / MCS_PCG_GROUP;
    const uint32_t per_group = draws * MCS_PCG_OUTPUTS;
    uint64_t *restrict bits = s->bits;
    /* outputs of different groups are independent: interleave them */
    for (uint32_t o = 0; o < per_group; o++)
        for (uint32_t j = 0; j < groups; j++)
            bits[(size_t)o * groups + j] = mcs_pcg64_next(&g[j]);
    for (unsigned d = 0; d < draws; d++) {
        mcs_real *restrict zd = z + (size_t)d * MCS_BATCH;
        uint64_t *restrict w = s->bits + (size_t)MCS_MOST_DRAWS * MCS_BATCH; /* draw d, path order */
        for (uint32_t j = 0; j < groups; j++)
            for (uint32_t o = 0; o < MCS_PCG_OUTPUTS; o++)
                w[j * MCS_PCG_OUTPUTS + o] = bits[(size_t)(d * MCS_PCG_OUTPUTS + o) * groups + j];
        if (d < normals) {
            mcs_normals_from_bits(w, nb, zd);
        } else {
#ifdef MCS_REAL_DOUBLE
            for (uint32_t p = 0; p < nb; p++)
                zd[p] = mcs_uniform_d(w[p]);
#else
            for (uint32_t m = 0; m < nb / 2; m++) {
                zd[2 * m] = mcs_uniform_f((uint32_t)(w[m] >> 32));
                zd[2 * m + 1] = mcs_uniform_f((uint32_t)w[m]);
            }
#endif
        }
    }
}

#endif
