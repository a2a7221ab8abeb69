/* draws.h - one time step's random numbers for a batch of paths, step-major:
 * draws[d * MCS_BATCH + p] is path p's draw d at the step (slot d: the
 * model's normals, the model's uniforms, the payoff's normals, the payoff's
 * uniforms; mcs_slot_kinds says which slots are normals), so every loop over the
 * batch is contiguous. Precision
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

/* Which of a step's draw slots are normals (docs/reproducibility.md):
 * the model's normals, then its uniforms, then the payoff's normals; the
 * rest (the payoff's uniforms) are uniforms. */
typedef struct {
    unsigned model_normals, model_uniforms, payoff_normals;
} mcs_slot_kinds;

static inline __attribute__((always_inline)) int mcs_slot_is_normal(mcs_slot_kinds k, unsigned d)
{
    const unsigned second = k.model_normals + k.model_uniforms;
    return d < k.model_normals || (d >= second && d < second + k.payoff_normals);
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
/* Philox blocks for `sets` x 8 counters: lane i of set q has counter
 * index idx[q]_i; stores what mcs_philox_words stores for them, set after
 * set (bits and words each when not NULL).
 * The outputs are interleaved in registers: one shift and one ternary
 * logic op per pair of words, then one two-source permute per store. */
static inline __attribute__((always_inline)) void
mcs_philox_store_sets(const uint32_t key[2], uint64_t block, const __m512i idx[], int sets,
                      uint64_t *restrict bits, uint32_t *restrict words)
{
    __m512i x[MCS_PHILOX_SETS][4];
    for (int q = 0; q < sets; q++) {
        x[q][0] = idx[q]; /* low word; the high one is don't-care (philox.h) */
        x[q][1] = _mm512_srli_epi64(idx[q], 32);
        x[q][2] = _mm512_set1_epi64((long long)(uint32_t)block);
        x[q][3] = _mm512_set1_epi64((long long)(uint32_t)(block >> 32));
    }
    mcs_philox_rounds_sets(x, sets, key);
    const __m512i low = _mm512_set1_epi64(0xffffffffll);
    const __m512i pair_lo = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
    const __m512i pair_hi = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
    for (int q = 0; q < sets; q++) {
        /* 0xf8: a | (b & c) */
        if (bits) { /* bits[2i] = x0 << 32 | x1, bits[2i+1] = x2 << 32 | x3 */
            __m512i a = _mm512_ternarylogic_epi64(_mm512_slli_epi64(x[q][0], 32), x[q][1], low, 0xf8);
            __m512i b = _mm512_ternarylogic_epi64(_mm512_slli_epi64(x[q][2], 32), x[q][3], low, 0xf8);
            uint64_t *d = bits + 2 * MCS_PHILOX_LANES * q;
            _mm512_storeu_si512(d, _mm512_permutex2var_epi64(a, pair_lo, b));
            _mm512_storeu_si512(d + 8, _mm512_permutex2var_epi64(a, pair_hi, b));
        }
        if (words) { /* words[4i + w] = x_w: little-endian pairs x1 << 32 | x0, x3 << 32 | x2 */
            __m512i a = _mm512_ternarylogic_epi64(_mm512_slli_epi64(x[q][1], 32), x[q][0], low, 0xf8);
            __m512i b = _mm512_ternarylogic_epi64(_mm512_slli_epi64(x[q][3], 32), x[q][2], low, 0xf8);
            uint32_t *d = words + 4 * MCS_PHILOX_LANES * q;
            _mm512_storeu_si512(d, _mm512_permutex2var_epi64(a, pair_lo, b));
            _mm512_storeu_si512(d + 16, _mm512_permutex2var_epi64(a, pair_hi, b));
        }
    }
}
#endif

/* Philox blocks for counters base + j * stride, j < groups, of `block`:
 * bits[2j], bits[2j+1] = words (0,1) and (2,3) as 64-bit numbers, and
 * words = the four 32-bit words of each counter in order (each when not
 * NULL). With AVX-512 the counters are built and the outputs interleaved
 * in registers, 32 at a time, then 8 (scalar stores read back by a vector
 * load would stall on store forwarding). */
static inline __attribute__((always_inline)) void mcs_philox_words(const uint32_t key[2], uint64_t block, uint64_t base,
                                    uint64_t stride, uint32_t groups, uint64_t *restrict bits,
                                    uint32_t *restrict words)
{
    uint32_t j = 0;
#ifdef __AVX512F__
    {
        const uint32_t wide = MCS_PHILOX_SETS * MCS_PHILOX_LANES;
        const long long t = (long long)stride;
        const __m512i lane = _mm512_setr_epi64(0, t, 2 * t, 3 * t, 4 * t, 5 * t, 6 * t, 7 * t);
        const __m512i set_step = _mm512_set1_epi64(MCS_PHILOX_LANES * t);
        __m512i idx[MCS_PHILOX_SETS];
        for (; j + wide <= groups; j += wide) {
            idx[0] = _mm512_add_epi64(_mm512_set1_epi64((long long)(base + j * stride)), lane);
            for (int q = 1; q < MCS_PHILOX_SETS; q++)
                idx[q] = _mm512_add_epi64(idx[q - 1], set_step);
            mcs_philox_store_sets(key, block, idx, MCS_PHILOX_SETS, bits ? bits + 2 * j : NULL,
                                  words ? words + 4 * j : NULL);
        }
        for (; j + MCS_PHILOX_LANES <= groups; j += MCS_PHILOX_LANES) {
            idx[0] = _mm512_add_epi64(_mm512_set1_epi64((long long)(base + j * stride)), lane);
            mcs_philox_store_sets(key, block, idx, 1, bits ? bits + 2 * j : NULL,
                                  words ? words + 4 * j : NULL);
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

/* Philox blocks at n arbitrary counter indices idx[j] of `block`:
 * words[4j + w] = word w of counter j. With AVX-512 eight counters share a
 * register and four registers are in flight (mcs_philox_rounds_sets). */
static inline void mcs_philox_words_at(const uint32_t key[2], uint64_t block,
                                       const uint64_t *restrict idx, uint32_t n,
                                       uint32_t *restrict words)
{
    uint32_t j = 0;
#ifdef __AVX512F__
    for (; j + MCS_PHILOX_SETS * MCS_PHILOX_LANES <= n; j += MCS_PHILOX_SETS * MCS_PHILOX_LANES) {
        __m512i x[MCS_PHILOX_SETS];
        for (int q = 0; q < MCS_PHILOX_SETS; q++)
            x[q] = _mm512_loadu_si512(idx + j + MCS_PHILOX_LANES * q);
        mcs_philox_store_sets(key, block, x, MCS_PHILOX_SETS, NULL, words + 4 * j);
    }
#else
    for (; j + 16 <= n; j += 16) {
        uint32_t c[4][16], out[4][16];
        for (int i = 0; i < 16; i++) {
            c[0][i] = (uint32_t)idx[j + i];
            c[1][i] = (uint32_t)(idx[j + i] >> 32);
            c[2][i] = (uint32_t)block;
            c[3][i] = (uint32_t)(block >> 32);
        }
        mcs_philox4x32_10_x16(c, key, out);
        for (int i = 0; i < 16; i++)
            for (int w = 0; w < 4; w++)
                words[4 * (j + i) + w] = out[w][i];
    }
#endif
    for (; j < n; j++) {
        uint32_t ctr[4];
        mcs_philox_counter(block, idx[j], ctr);
        mcs_philox4x32_10(ctr, key, words + 4 * j);
    }
}

/* Philox draws of step k for the batch's paths [first, first + nb) of
 * `block` (first a multiple of the group, nb rounded up to it): the first
 * `drawn` of the step's `draws` counter slots (slot d a normal where
 * normal_slots says so, else a uniform). */
static inline __attribute__((always_inline)) void mcs_draw_philox(const uint32_t key[2], uint64_t block, uint32_t first,
                                   uint32_t nb, uint32_t steps, uint32_t k, mcs_slot_kinds normal_slots,
                                   unsigned drawn, unsigned draws, mcs_block_scratch *restrict s,
                                   mcs_real *restrict z)
{
    const uint32_t groups = nb / MCS_PHILOX_GROUP;
    const uint64_t g0 = first / MCS_PHILOX_GROUP;
    uint64_t *restrict bits = s->bits;
    for (unsigned d = 0; d < drawn; d++) {
        const uint64_t base = (g0 * steps + k) * draws + d, stride = (uint64_t)steps * draws;
        mcs_real *restrict zd = z + (size_t)d * MCS_BATCH;
        if (mcs_slot_is_normal(normal_slots, d)) {
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
 * each group's generator gives its 16 numbers per draw in stream order;
 * slot d a normal where normal_slots says so. */
static inline void mcs_draw_pcg(mcs_pcg64 *restrict g, uint32_t nb, mcs_slot_kinds normal_slots,
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
        if (mcs_slot_is_normal(normal_slots, d)) {
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
