/* philox.h - Philox4x32-10 (Salmon et al., SC'11) in C, drawing exactly the
 * numbers cuRAND's curand_Philox4x32_10 draws on the GPU, and the counter
 * layout both backends use (docs/reproducibility.md, "Philox streams").
 * Counter-based: output = bijection(counter, key), no state to carry, so any
 * path's numbers can be computed directly and loops over counters vectorise. */
#ifndef MCS_PHILOX_H
#define MCS_PHILOX_H

#include <stdint.h>
#ifdef __AVX512F__
#include <immintrin.h>
#endif

#define MCS_PHILOX_M0 0xD2511F53u /* round multipliers */
#define MCS_PHILOX_M1 0xCD9E8D57u
#define MCS_PHILOX_W0 0x9E3779B9u /* Weyl key increments */
#define MCS_PHILOX_W1 0xBB67AE85u

/* One Philox4x32-10 block: 10 rounds of (counter c[0..3], key k[0..1]) into
 * out[0..3]. Bit-identical to Random123's philox4x32_R(10, ...) and cuRAND. */
static inline void mcs_philox4x32_10(const uint32_t c[4], const uint32_t k[2], uint32_t out[4])
{
    uint32_t x0 = c[0], x1 = c[1], x2 = c[2], x3 = c[3];
    uint32_t k0 = k[0], k1 = k[1];
    for (int r = 0; r < 10; r++) {
        uint64_t p0 = (uint64_t)MCS_PHILOX_M0 * x0;
        uint64_t p1 = (uint64_t)MCS_PHILOX_M1 * x2;
        uint32_t y0 = (uint32_t)(p1 >> 32) ^ x1 ^ k0;
        uint32_t y1 = (uint32_t)p1;
        uint32_t y2 = (uint32_t)(p0 >> 32) ^ x3 ^ k1;
        uint32_t y3 = (uint32_t)p0;
        x0 = y0, x1 = y1, x2 = y2, x3 = y3;
        k0 += MCS_PHILOX_W0;
        k1 += MCS_PHILOX_W1;
    }
    out[0] = x0, out[1] = x1, out[2] = x2, out[3] = x3;
}

#ifdef __AVX512F__
/* Counters per register in the AVX-512 form, and registers (sets) the
 * block loop keeps in flight: independent sets hide the multiplies'
 * latency. */
#define MCS_PHILOX_LANES 8
#define MCS_PHILOX_SETS 4

/* Ten Philox rounds on `sets` sets of eight counters held in 64-bit lanes:
 * x[s][w] lane i holds word w of counter 8s + i in its low 32 bits.
 * vpmuludq reads only the low 32 bits of a lane and XOR never carries
 * between halves, so the high halves may hold anything: a product's low
 * word is the product itself and its high word one shift, with no permute
 * (the 32-bit-lane form needed four per round, and was 1.6x slower on
 * Zen 4). Call with a constant `sets`. */
static inline __attribute__((always_inline)) void mcs_philox_rounds_sets(__m512i x[][4], int sets,
                                                                         const uint32_t k[2])
{
    const __m512i m0 = _mm512_set1_epi64(MCS_PHILOX_M0), m1 = _mm512_set1_epi64(MCS_PHILOX_M1);
    uint32_t k0 = k[0], k1 = k[1];
    for (int r = 0; r < 10; r++) {
        const __m512i key0 = _mm512_set1_epi64(k0), key1 = _mm512_set1_epi64(k1);
        for (int q = 0; q < sets; q++) {
            __m512i p0 = _mm512_mul_epu32(x[q][0], m0), p1 = _mm512_mul_epu32(x[q][2], m1);
            /* 0x96: a ^ b ^ c */
            x[q][0] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p1, 32), x[q][1], key0, 0x96);
            x[q][2] = _mm512_ternarylogic_epi64(_mm512_srli_epi64(p0, 32), x[q][3], key1, 0x96);
            x[q][1] = p1;
            x[q][3] = p0;
        }
        k0 += MCS_PHILOX_W0;
        k1 += MCS_PHILOX_W1;
    }
}
#endif

/* Sixteen Philox4x32-10 blocks at once, counters and outputs as four
 * arrays of 16 words (c[w][i] is word w of counter i): the same numbers as
 * mcs_philox4x32_10 per counter, in a loop the compiler vectorises (the
 * kernels without AVX-512; with it, cpu_backend/draws.h uses
 * mcs_philox_rounds_sets). */
static inline void mcs_philox4x32_10_x16(uint32_t c[4][16], const uint32_t k[2],
                                         uint32_t out[4][16])
{
    for (int i = 0; i < 16; i++) {
        uint32_t ci[4] = {c[0][i], c[1][i], c[2][i], c[3][i]}, o[4];
        mcs_philox4x32_10(ci, k, o);
        out[0][i] = o[0], out[1][i] = o[1], out[2][i] = o[2], out[3][i] = o[3];
    }
}

/* The stream layout shared with the GPU kernels. Key = the 64-bit seed
 * (low word first). Counter for block b, path group g, time step k:
 *   (lo(i), hi(i), lo(b), hi(b))  with  i = g * steps + k,
 * i.e. cuRAND's curand_init(seed, subsequence = b, offset = 4 i). A group is
 * 4 paths in single precision (one counter -> two Box-Muller pairs -> the
 * normals of paths 4g..4g+3 at step k) and 2 paths in double (one counter ->
 * one pair of 64-bit draws -> paths 2g, 2g+1). */
static inline void mcs_philox_key(uint64_t seed, uint32_t key[2])
{
    key[0] = (uint32_t)seed;
    key[1] = (uint32_t)(seed >> 32);
}

static inline void mcs_philox_counter(uint64_t block, uint64_t index, uint32_t ctr[4])
{
    ctr[0] = (uint32_t)index;
    ctr[1] = (uint32_t)(index >> 32);
    ctr[2] = (uint32_t)block;
    ctr[3] = (uint32_t)(block >> 32);
}

#endif
