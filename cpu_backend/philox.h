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
/* Ten Philox rounds on sixteen counters held in registers, x[w] lane i =
 * word w of counter i. The 32x32->64-bit products use vpmuludq on the even
 * and odd lanes (GCC 12 would widen to vpmullq, three times slower); one
 * two-source permute per word picks the products' low and high words. */
static inline void mcs_philox_rounds_x16(__m512i x[4], const uint32_t k[2])
{
    const __m512i m0 = _mm512_set1_epi64(MCS_PHILOX_M0), m1 = _mm512_set1_epi64(MCS_PHILOX_M1);
    /* from (even-lane products, odd-lane products): lane i's low / high word */
    const __m512i pick_lo = _mm512_setr_epi32(0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28,
                                              14, 30);
    const __m512i pick_hi = _mm512_setr_epi32(1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29,
                                              15, 31);
    __m512i x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    uint32_t k0 = k[0], k1 = k[1];
    for (int r = 0; r < 10; r++) {
        __m512i p0e = _mm512_mul_epu32(x0, m0), p0o = _mm512_mul_epu32(_mm512_srli_epi64(x0, 32), m0);
        __m512i p1e = _mm512_mul_epu32(x2, m1), p1o = _mm512_mul_epu32(_mm512_srli_epi64(x2, 32), m1);
        __m512i lo0 = _mm512_permutex2var_epi32(p0e, pick_lo, p0o);
        __m512i hi0 = _mm512_permutex2var_epi32(p0e, pick_hi, p0o);
        __m512i lo1 = _mm512_permutex2var_epi32(p1e, pick_lo, p1o);
        __m512i hi1 = _mm512_permutex2var_epi32(p1e, pick_hi, p1o);
        /* 0x96: a ^ b ^ c */
        __m512i y0 = _mm512_ternarylogic_epi32(hi1, x1, _mm512_set1_epi32((int)k0), 0x96);
        __m512i y2 = _mm512_ternarylogic_epi32(hi0, x3, _mm512_set1_epi32((int)k1), 0x96);
        x0 = y0, x1 = lo1, x2 = y2, x3 = lo0;
        k0 += MCS_PHILOX_W0;
        k1 += MCS_PHILOX_W1;
    }
    x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3;
}
#endif

/* Sixteen Philox4x32-10 blocks at once, counters and outputs as four
 * arrays of 16 words (c[w][i] is word w of counter i): the same numbers as
 * mcs_philox4x32_10 per counter. With AVX-512, mcs_philox_rounds_x16; else
 * a loop the compiler vectorises. */
static inline void mcs_philox4x32_10_x16(uint32_t c[4][16], const uint32_t k[2],
                                         uint32_t out[4][16])
{
#ifdef __AVX512F__
    __m512i x[4];
    for (int w = 0; w < 4; w++)
        x[w] = _mm512_loadu_si512(c[w]);
    mcs_philox_rounds_x16(x, k);
    for (int w = 0; w < 4; w++)
        _mm512_storeu_si512(out[w], x[w]);
#else
    for (int i = 0; i < 16; i++) {
        uint32_t ci[4] = {c[0][i], c[1][i], c[2][i], c[3][i]}, o[4];
        mcs_philox4x32_10(ci, k, o);
        out[0][i] = o[0], out[1][i] = o[1], out[2][i] = o[2], out[3][i] = o[3];
    }
#endif
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
