/* test_philox.c - the C Philox4x32-10 against the known-answer vectors of
 * its authors (Random123 1.09, examples/kat_vectors: "philox4x32 10" lines,
 * counter words then key words then output words), and the counter layout
 * shared with the GPU kernels (cpu_backend/philox.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "philox.h"

static void test_known_answers(void **state)
{
    (void)state;
    static const struct {
        uint32_t ctr[4], key[2], out[4];
    } kat[] = {
        {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
        {{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff},
         {0xffffffff, 0xffffffff},
         {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
        {{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344},
         {0xa4093822, 0x299f31d0},
         {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
    };
    for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        uint32_t out[4];
        mcs_philox4x32_10(kat[i].ctr, kat[i].key, out);
        for (int w = 0; w < 4; w++)
            assert_int_equal(out[w], kat[i].out[w]);
    }
}

/* Key = seed low word first; counter = (index lo, index hi, block lo, block
 * hi): cuRAND's curand_init(seed, subsequence = block, offset = 4 * index). */
static void test_counter_layout(void **state)
{
    (void)state;
    uint32_t key[2], ctr[4];
    mcs_philox_key(0x0123456789abcdefull, key);
    assert_int_equal(key[0], 0x89abcdef);
    assert_int_equal(key[1], 0x01234567);
    mcs_philox_counter(0x1122334455667788ull, 0x99aabbccddeeff00ull, ctr);
    assert_int_equal(ctr[0], 0xddeeff00);
    assert_int_equal(ctr[1], 0x99aabbcc);
    assert_int_equal(ctr[2], 0x55667788);
    assert_int_equal(ctr[3], 0x11223344);
}

/* Sixteen at a time gives each counter's own numbers (the AVX-512 form,
 * draws.h's mcs_philox_store_sets, is compared with this one in
 * test_mc_products' instruction-set test). */
static void test_sixteen_at_a_time(void **state)
{
    (void)state;
    uint32_t c[4][16], out[4][16], key[2] = {0xdeadbeef, 0x12345678};
    for (int i = 0; i < 16; i++)
        for (int w = 0; w < 4; w++)
            c[w][i] = 0x9e3779b9u * (uint32_t)(4 * i + w + 1);
    mcs_philox4x32_10_x16(c, key, out);
    for (int i = 0; i < 16; i++) {
        uint32_t ci[4] = {c[0][i], c[1][i], c[2][i], c[3][i]}, o[4];
        mcs_philox4x32_10(ci, key, o);
        for (int w = 0; w < 4; w++)
            assert_int_equal(out[w][i], o[w]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_answers),
        cmocka_unit_test(test_counter_layout),
        cmocka_unit_test(test_sixteen_at_a_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
