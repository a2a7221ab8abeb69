/* test_fastmath.c - the vectorisable exp/log/sincos against the C library
 * one precision up (double for float, long double for double), and
 * Box-Muller moments. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include "box_muller.h"
#include "fastmath.h"
#include "pcg64.h"

/* Error of a float result in units of the float spacing at the true value. */
static double ulps(float got, double want)
{
    double spacing = ldexp(1.0, ilogb(want) - 23);
    return fabs((double)got - want) / spacing;
}

static void test_exp_within_2_ulps(void **state)
{
    (void)state;
    double worst = 0;
    for (int i = 0; i <= 200000; i++) { /* the whole clamped range [-87.3, 88.0] */
        float x = (float)(-87.3 + 175.3 * i / 200000.0);
        double e = ulps(mcs_exp_f(x), exp((double)x));
        worst = e > worst ? e : worst;
    }
    print_message("exp worst error %.2f ulp\n", worst);
    assert_true(worst <= 2.0);
    assert_true(isfinite(mcs_exp_f(88.7f)) && isfinite(mcs_exp_f(1000.0f)));
    assert_true(mcs_exp_f(-1000.0f) > 0.0f);
}

static void test_log_within_2_ulps(void **state)
{
    (void)state;
    double worst = 0;
    /* the uniforms Box-Muller feeds it: (0, 1], down to 2^-33 */
    for (int i = 1; i <= 200000; i++) {
        float x = (float)pow(2.0, -33.0 * i / 200000.0);
        double want = log((double)x);
        if (want == 0.0)
            continue;
        double e = ulps(mcs_log_f(x), want);
        worst = e > worst ? e : worst;
    }
    for (int i = 1; i < 100000; i++) { /* and linearly near 1, where log -> 0 */
        float x = (float)(0.5 + 0.5 * i / 100000.0);
        double e = ulps(mcs_log_f(x), log((double)x));
        worst = e > worst ? e : worst;
    }
    print_message("log worst error %.2f ulp\n", worst);
    assert_true(worst <= 2.0);
}

/* The bound of -ln u the lookback uses to skip a step (payoffs/lookback.h)
 * is an upper bound of the computed -log, by at least the margin its
 * comparison relies on, and within 0.0602 (ln 2 times Mitchell's largest
 * error, 0.0597, plus the margins) above -ln u, for every uniform the
 * generators give (float: k 2^-32 + 2^-33, double: down to 2^-53), exactly
 * at powers of two and next to 1 included. */
static void test_neg_log_bound(void **state)
{
    (void)state;
    for (int i = 0; i <= 400000; i++) {
        float x = (float)pow(2.0, -33.0 * i / 400000.0);
        if (x >= 1.0f)
            continue;
        float b = mcs_neg_log_bound_f(x), l = -mcs_log_f(x);
        assert_true(b >= l * (1.0f + 5e-5f));
        assert_true(b <= (-log((double)x) + 0.0602) * 1.0001);
        double xd = pow(2.0, -53.0 * i / 400000.0);
        if (xd >= 1.0)
            continue;
        double bd = mcs_neg_log_bound_d(xd), ld = -mcs_log_d(xd);
        assert_true(bd >= ld * (1.0 + 5e-5));
        assert_true(bd <= (-log(xd) + 0.0602) * 1.0001);
    }
    for (int e = 1; e <= 53; e++) { /* exact powers of two, where the bound is tightest */
        if (e <= 33) {
            float x = ldexpf(1.0f, -e);
            assert_true(mcs_neg_log_bound_f(x) >= -mcs_log_f(x) * (1.0f + 5e-5f));
        }
        double xd = ldexp(1.0, -e);
        assert_true(mcs_neg_log_bound_d(xd) >= -mcs_log_d(xd) * (1.0 + 5e-5));
    }
    for (uint32_t k = 0; k < 4096; k++) { /* the uniforms next to 1 */
        float x = (float)(0xffffffffu - k) * 0x1p-32f + 0x1p-33f;
        if (x < 1.0f)
            assert_true(mcs_neg_log_bound_f(x) >= -mcs_log_f(x) * (1.0f + 5e-5f));
        double xd = 1.0 - (k + 1) * 0x1p-53;
        assert_true(mcs_neg_log_bound_d(xd) >= -mcs_log_d(xd) * (1.0 + 5e-5));
    }
    assert_true(mcs_neg_log_bound_f(0.5f) >= 0.693f && mcs_neg_log_bound_f(0.5f) < 0.694f);
    assert_true(mcs_neg_log_bound_f(0x1p-33f) >= -mcs_log_f(0x1p-33f));
}

static void test_sincos_2pi_absolute_error(void **state)
{
    (void)state;
    double worst = 0;
    for (int i = 0; i <= 400000; i++) {
        float v = (float)(i / 400000.0);
        float s, c;
        mcs_sincos_2pi_f(v, &s, &c);
        double a = 2.0 * M_PI * (double)v;
        double e = fmax(fabs(s - sin(a)), fabs(c - cos(a)));
        worst = e > worst ? e : worst;
    }
    print_message("sincos worst absolute error %.3g\n", worst);
    assert_true(worst < 2.5e-7); /* about 2 float ulps of 1 */
}

/* Error of a double result in units of the double spacing at the true value. */
static double ulps_d(double got, long double want)
{
    long double spacing = ldexpl(1.0L, ilogbl(want) - 52);
    return (double)(fabsl((long double)got - want) / spacing);
}

static void test_exp_d_within_2_ulps(void **state)
{
    (void)state;
    double worst = 0;
    for (int i = 0; i <= 400000; i++) {
        double x = -700.0 + 1400.0 * i / 400000.0 + 1e-7 * (i % 13);
        double e = ulps_d(mcs_exp_d(x), expl((long double)x));
        worst = e > worst ? e : worst;
    }
    for (int i = 0; i <= 200000; i++) { /* the range GBM paths use */
        double x = -3.0 + 6.0 * i / 200000.0;
        double e = ulps_d(mcs_exp_d(x), expl((long double)x));
        worst = e > worst ? e : worst;
    }
    print_message("exp (double) worst error %.2f ulp\n", worst);
    assert_true(worst <= 2.0);
}

static void test_log_d_within_2_ulps(void **state)
{
    (void)state;
    double worst = 0;
    for (int i = 1; i <= 400000; i++) { /* uniforms down to 2^-53 and below */
        double x = pow(2.0, -54.0 * i / 400000.0) * (1.0 - 1e-9 * (i % 7));
        long double want = logl((long double)x);
        if (want == 0.0L)
            continue;
        double e = ulps_d(mcs_log_d(x), want);
        worst = e > worst ? e : worst;
    }
    for (int i = 1; i < 200000; i++) {
        double x = 0.5 + 0.5 * i / 200000.0;
        double e = ulps_d(mcs_log_d(x), logl((long double)x));
        worst = e > worst ? e : worst;
    }
    print_message("log (double) worst error %.2f ulp\n", worst);
    assert_true(worst <= 2.0);
}

static void test_sincos_2pi_d_absolute_error(void **state)
{
    (void)state;
    long double worst = 0;
    const long double two_pi = 6.283185307179586476925286766559L;
    for (int i = 0; i <= 400000; i++) {
        double v = i / 400000.0 + 1e-9 * (i % 11);
        double s, c;
        mcs_sincos_2pi_d(v, &s, &c);
        long double a = two_pi * (long double)v;
        long double e = fmaxl(fabsl(s - sinl(a)), fabsl(c - cosl(a)));
        worst = e > worst ? e : worst;
    }
    print_message("sincos (double) worst absolute error %.3Lg\n", worst);
    assert_true(worst < 4e-16L);
}

/* Moments of 2^22 normals: mean 0, variance 1, skew 0, kurtosis 3, each
 * within 4 standard errors (se of the k-th sample moment from the normal's
 * moments: sqrt(1/n), sqrt(2/n), sqrt(15/n), sqrt(96/n)). */
static void check_moments(const double *m, double n)
{
    assert_true(fabs(m[0]) < 4 * sqrt(1 / n));
    assert_true(fabs(m[1] - 1) < 4 * sqrt(2 / n));
    assert_true(fabs(m[2]) < 4 * sqrt(15 / n));
    assert_true(fabs(m[3] - 3) < 4 * sqrt(96 / n));
}

static void test_box_muller_single_moments(void **state)
{
    (void)state;
    mcs_pcg64 g;
    mcs_pcg64_seed(&g, 7, 3);
    const int pairs = 1 << 21;
    double m[4] = {0};
    float zmax = 0;
    for (int i = 0; i < pairs; i++) {
        float z[2];
        mcs_box_muller_f(mcs_pcg64_next(&g), &z[0], &z[1]);
        for (int k = 0; k < 2; k++) {
            double x = z[k];
            m[0] += x, m[1] += x * x, m[2] += x * x * x, m[3] += x * x * x * x;
            zmax = fabsf(z[k]) > zmax ? fabsf(z[k]) : zmax;
        }
    }
    for (int k = 0; k < 4; k++)
        m[k] /= 2.0 * pairs;
    check_moments(m, 2.0 * pairs);
    assert_true(zmax <= 6.67f); /* sqrt(-2 ln 2^-33) = 6.66 */
}

static void test_box_muller_double_moments(void **state)
{
    (void)state;
    mcs_pcg64 g;
    mcs_pcg64_seed(&g, 11, 5);
    const int pairs = 1 << 21;
    double m[4] = {0};
    for (int i = 0; i < pairs; i++) {
        double z[2];
        uint64_t a = mcs_pcg64_next(&g), b = mcs_pcg64_next(&g);
        mcs_box_muller_d(a, b, &z[0], &z[1]);
        for (int k = 0; k < 2; k++) {
            double x = z[k];
            m[0] += x, m[1] += x * x, m[2] += x * x * x, m[3] += x * x * x * x;
        }
    }
    for (int k = 0; k < 4; k++)
        m[k] /= 2.0 * pairs;
    check_moments(m, 2.0 * pairs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exp_within_2_ulps),
        cmocka_unit_test(test_log_within_2_ulps),
        cmocka_unit_test(test_neg_log_bound),
        cmocka_unit_test(test_sincos_2pi_absolute_error),
        cmocka_unit_test(test_exp_d_within_2_ulps),
        cmocka_unit_test(test_log_d_within_2_ulps),
        cmocka_unit_test(test_sincos_2pi_d_absolute_error),
        cmocka_unit_test(test_box_muller_single_moments),
        cmocka_unit_test(test_box_muller_double_moments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
