/* test_stats.c - block moments and their merge against a direct two-pass
 * computation, including data with a large mean (cancellation). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "stats.h"

/* Shifted sums of x[0..n) as a backend would form them. */
static mcs_block_sums block_of(const double *x, int n)
{
    mcs_block_sums b = {(uint64_t)n, x[0], 0.0, 0.0};
    for (int i = 0; i < n; i++) {
        double d = x[i] - x[0];
        b.sum += d;
        b.sumsq += d * d;
    }
    return b;
}

static void two_pass(const double *x, int n, double *mean, double *var)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    *mean = s / n;
    double q = 0;
    for (int i = 0; i < n; i++)
        q += (x[i] - *mean) * (x[i] - *mean);
    *var = q / (n - 1);
}

static void test_merge_of_blocks_equals_two_pass(void **state)
{
    (void)state;
    double x[1000];
    for (int i = 0; i < 1000; i++)
        x[i] = sin(i * 0.37) * 3.0 + (i % 7);
    mcs_moments total = {0, 0, 0};
    for (int b = 0; b < 10; b++) { /* blocks of unequal size */
        int first = b * 100 - (b > 0 ? 13 : 0), last = b == 9 ? 1000 : (b + 1) * 100 - 13;
        mcs_block_sums s = block_of(x + first, last - first);
        mcs_moments m = mcs_moments_from_block(&s);
        mcs_moments_merge(&total, &m);
    }
    double mean, var;
    two_pass(x, 1000, &mean, &var);
    assert_int_equal(total.n, 1000);
    assert_true(fabs(total.mean - mean) < 1e-13);
    assert_true(fabs(mcs_moments_variance(&total) - var) < 1e-12 * var);
    assert_true(fabs(mcs_moments_std_error(&total) - sqrt(var / 1000)) < 1e-12);
}

static void test_large_mean_keeps_variance(void **state)
{
    (void)state;
    /* values 1e9 + {0.1, 0.2, ...}: naive sum of squares loses every digit */
    double x[400];
    for (int i = 0; i < 400; i++)
        x[i] = 1e9 + 0.1 * (i % 4);
    mcs_moments total = {0, 0, 0};
    for (int b = 0; b < 4; b++) {
        mcs_block_sums s = block_of(x + 100 * b, 100);
        mcs_moments m = mcs_moments_from_block(&s);
        mcs_moments_merge(&total, &m);
    }
    double mean, var;
    two_pass(x, 400, &mean, &var);
    assert_true(fabs(mcs_moments_variance(&total) - var) < 1e-6 * var);
}

static void test_single_value_has_zero_error(void **state)
{
    (void)state;
    double x[1] = {5.0};
    mcs_block_sums s = block_of(x, 1);
    mcs_moments m = mcs_moments_from_block(&s);
    assert_true(m.mean == 5.0);
    assert_true(mcs_moments_variance(&m) == 0.0);
    assert_true(mcs_moments_std_error(&m) == 0.0);
}

static void test_merge_with_empty_is_identity(void **state)
{
    (void)state;
    mcs_moments a = {3, 2.0, 1.5}, empty = {0, 0, 0}, b = a;
    mcs_moments_merge(&b, &empty);
    assert_true(b.n == a.n && b.mean == a.mean && b.m2 == a.m2);
    mcs_moments_merge(&empty, &a);
    assert_true(empty.n == a.n && empty.mean == a.mean && empty.m2 == a.m2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_merge_of_blocks_equals_two_pass),
        cmocka_unit_test(test_large_mean_keeps_variance),
        cmocka_unit_test(test_single_value_has_zero_error),
        cmocka_unit_test(test_merge_with_empty_is_identity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
