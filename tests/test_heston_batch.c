/* test_heston_batch.c - the CPU kernel's Heston batch step (models/heston.h,
 * mcs_heston_step_batch) gives every path the bits of the per-path step
 * (mcs_heston_step): a batch wholly on QE's quadratic branch (its own loop),
 * a batch with paths on the exponential branch (variances near 0), and the
 * Euler scheme, and a batch longer than the step keeps psi for
 * (MCS_HESTON_BATCH_MAX, stepped path by path); in single and double
 * precision (this file is compiled twice: MCS_REAL_DOUBLE below). A
 * difference of one bit fails. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "config.h"
#include "../models/real.h"
#include "../models/heston.h"

#define N 256 /* paths in the batch (the kernel's MCS_BATCH or fewer) */
#define MOST ((int)MCS_HESTON_BATCH_MAX + 1) /* the longest batch checked */

/* configs/heston.ini's parameters (xi 0.3: Feller holds), or xi 1.2 and
 * kappa 0.5 (2 kappa theta < xi^2: the variance often near 0) */
static mcs_heston_coef coef(int feller_fails, int euler, double dt)
{
    char text[512];
    snprintf(text, sizeof text,
             "[model]\ntype = heston\nspot = 100\nrate = 0.05\nv0 = 0.04\nkappa = %s\n"
             "theta = 0.04\nxi = %s\nrho = -0.7\nscheme = %s\n[option]\npayoff = european\n"
             "type = call\nstrike = 100\nmaturity = 1\n[simulation]\npaths = 1000\nsteps = 50\n",
             feller_fails ? "0.5" : "1.5", feller_fails ? "1.2" : "0.3", euler ? "euler" : "qe");
    static mcs_job job;
    char resolved[8192], err[512] = "";
    if (mcs_config_load_text("heston batch", text, strlen(text), NULL, 0, &job, resolved,
                             sizeof resolved, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    return mcs_heston_coef_make(&job.model, dt);
}

/* a fixed sequence in [0, 1) (a 64-bit LCG's top bits) */
static double next_unit(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*x >> 11) * 0x1p-53;
}

/* Steps the same states and normals both ways and compares every bit; the
 * variances are v_low (one path in `low_every`; 0: none) or 0.02-0.06.
 * Returns how many paths took QE's exponential branch (psi > psi_c). */
static int check_n(const mcs_heston_coef *c, double v_low, int low_every, int n)
{
    static mcs_real st[2 * MOST], z[2 * MOST], one[2 * MOST];
    uint64_t seed = 42;
    int exponential = 0;
    assert_true(n <= MOST);
    for (int p = 0; p < n; p++) {
        const double v = low_every && p % low_every == 0 ? v_low : 0.02 + 0.04 * next_unit(&seed);
        st[p] = (mcs_real)(0.1 * next_unit(&seed) - 0.05);
        st[n + p] = (mcs_real)v;
        z[p] = (mcs_real)(6 * next_unit(&seed) - 3);
        z[n + p] = (mcs_real)(6 * next_unit(&seed) - 3);
        const mcs_real m = c->m0 + c->m1 * st[n + p];
        exponential += (c->s0 + c->s1 * st[n + p]) / (m * m) > (mcs_real)MCS_HESTON_PSI_C;
    }
    memcpy(one, st, 2 * (size_t)n * sizeof st[0]);
    for (int p = 0; p < n; p++) {
        mcs_real s[2] = {one[p], one[n + p]}, zz[2] = {z[p], z[n + p]};
        mcs_heston_step(c, s, zz, NULL);
        one[p] = s[0];
        one[n + p] = s[1];
    }
    mcs_heston_step_batch(c, (uint32_t)n, st, z, (uint32_t)n);
    for (int i = 0; i < 2 * n; i++)
        if (memcmp(&st[i], &one[i], sizeof st[i]) != 0)
            fail_msg("path %d, %s: batch %.9g, per path %.9g", i % n, i < n ? "x" : "v",
                     (double)st[i], (double)one[i]);
    return exponential;
}

static int check(const mcs_heston_coef *c, double v_low, int low_every)
{
    return check_n(c, v_low, low_every, N);
}

static void batch_equals_per_path(void **state)
{
    (void)state;
    const double dt = 1.0 / 50;
    for (int fails = 0; fails < 2; fails++) {
        const mcs_heston_coef qe = coef(fails, 0, dt);
        /* every path quadratic: the batch's own loop */
        assert_int_equal(check(&qe, 0, 0), 0);
        /* variances near 0: where Feller holds psi stays under xi^2 / (2 kappa
         * theta) = 0.75 (quadratic: the batch's loop); where it fails some
         * paths take the exponential branch (the per-path step) */
        if (fails)
            assert_true(check(&qe, 1e-6, 7) > 0);
        else
            assert_int_equal(check(&qe, 0, 7), 0);
        /* Euler: the per-path step */
        const mcs_heston_coef euler = coef(fails, 1, dt);
        check(&euler, 1e-6, 7);
        check(&euler, 0, 0);
        /* a batch longer than MCS_HESTON_BATCH_MAX: stepped path by path,
         * the same bits, also where every path is quadratic */
        assert_int_equal(check_n(&qe, 0, 0, MOST), 0);
        check_n(&qe, 1e-6, 7, MOST);
        /* and the longest batch that keeps psi */
        assert_int_equal(check_n(&qe, 0, 0, (int)MCS_HESTON_BATCH_MAX), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(batch_equals_per_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
