/* test_heston_cost.c - the share of a Heston job's QE steps that take the
 * exponential branch (models/heston_cost.c, the model's dear_share), from
 * the CIR law, against the share counted in a simulation of the variance
 * by the model's own QE step (models/heston.h, double precision): for one
 * path and for groups of 32 and 2048 paths stepped together, on jobs where
 * the Feller condition fails by different margins and grids (one longer
 * than the 256 steps the share is evaluated at); 0 where the branch cannot
 * be taken (configs/heston.ini's xi = 0.3: psi stays below psi_c at every
 * variance) and for the Euler scheme; the edges (v0 = 0, the boundary
 * xi^2 = 3 kappa theta, a step whose e^{-kappa dt} underflows, contrived
 * parameters). The simulated share is
 * QE's, the predicted one the exact CIR law's that QE matches in two
 * moments: they differed by 0.0003-0.005 (0.1-2% of the share) in a
 * 131072-path NumPy run of the same step (2026-11-28), so the bound is 4
 * standard errors of the simulated share plus 0.005. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "config.h"
#define MCS_REAL_DOUBLE
#include "../models/real.h"
#include "../models/heston.h"
#include "../models/heston_cost.h"

#define BATCH_PATHS 2048 /* one group of the largest size */
#define BATCHES 16
#define PATHS (BATCHES * BATCH_PATHS)
/* QE's share against the CIR law's, beside the noise (the file's comment) */
#define QE_LAW_GAP 0.005

static mcs_job heston_job(double v0, double kappa, double theta, double xi, double t,
                          unsigned steps, const char *scheme)
{
    char text[512], resolved[8192], err[512] = "";
    snprintf(text, sizeof text,
             "[model]\ntype = heston\nspot = 100\nrate = 0.05\nv0 = %g\nkappa = %g\n"
             "theta = %g\nxi = %g\nrho = -0.7\nscheme = %s\n[option]\npayoff = european\n"
             "type = call\nstrike = 100\nmaturity = %g\n[simulation]\npaths = 1000\n"
             "steps = %u\n",
             v0, kappa, theta, xi, scheme, t, steps);
    mcs_job job;
    if (mcs_config_load_text("heston cost", text, strlen(text), NULL, 0, &job, resolved,
                             sizeof resolved, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    return job;
}

/* splitmix64, then a normal by Box-Muller: the test's own noise */
static uint64_t state = 0x9e3779b97f4a7c15u;
static double uniform(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return ((double)((z ^ (z >> 31)) >> 11) + 0.5) / 9007199254740992.0;
}
static double normal(void)
{
    return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

/* The share of steps in which a group of `group` paths has at least one
 * path whose psi (as mcs_heston_step_qe computes it) exceeds psi_c, for
 * groups of 1, 32 and 2048, each with its standard error from the spread
 * of BATCHES independent batches' shares (the steps of a path are not
 * independent; the batches are). */
static void simulate_shares(const mcs_job *job, double share[3], double se[3])
{
    static const unsigned groups[3] = {1, 32, 2048};
    static double v[PATHS], per_batch[3][BATCHES];
    static unsigned char dear[PATHS];
    const mcs_heston_coef c = mcs_heston_coef_make(&job->model, job->option.maturity / job->sim.steps);
    for (int p = 0; p < PATHS; p++)
        v[p] = c.v0;
    memset(per_batch, 0, sizeof per_batch);
    for (unsigned k = 0; k < job->sim.steps; k++) {
        for (int p = 0; p < PATHS; p++) {
            const double m = c.m0 + c.m1 * v[p], psi = (c.s0 + c.s1 * v[p]) / (m * m);
            dear[p] = psi > MCS_HESTON_PSI_C;
            double s[MCS_HESTON_DIM] = {0, v[p]};
            mcs_heston_step_qe(&c, s, normal(), 0);
            v[p] = s[1];
        }
        for (int g = 0; g < 3; g++)
            for (unsigned first = 0; first < PATHS; first += groups[g]) {
                unsigned any = 0;
                for (unsigned p = first; p < first + groups[g]; p++)
                    any |= dear[p];
                per_batch[g][first / BATCH_PATHS] += (double)any * groups[g] / BATCH_PATHS;
            }
    }
    for (int g = 0; g < 3; g++) {
        double sum = 0, sq = 0;
        for (int b = 0; b < BATCHES; b++) {
            const double x = per_batch[g][b] / job->sim.steps;
            sum += x;
            sq += x * x;
        }
        share[g] = sum / BATCHES;
        se[g] = sqrt(fmax(0, sq / BATCHES - share[g] * share[g]) / (BATCHES - 1));
    }
}

static void predicted_near_simulated(const mcs_job *job, double least_one_path)
{
    static const unsigned groups[3] = {1, 32, 2048};
    double sim[3], se[3];
    simulate_shares(job, sim, se);
    for (int g = 0; g < 3; g++) {
        const double pred = mcs_heston_dear_share(job, groups[g]);
        printf("  xi %g, %u steps, group %u: predicted %.4f, simulated %.4f +/- %.4f\n",
               mcs_heston_params_of(&job->model)->xi, job->sim.steps, groups[g], pred, sim[g],
               se[g]);
        assert_true(fabs(pred - sim[g]) <= 4 * se[g] + QE_LAW_GAP);
    }
    assert_true(sim[0] >= least_one_path); /* the branch is really taken */
}

/* Feller fails (2 kappa theta / xi^2 = 0.12, 0.48, 0.33, 0.25): the branch
 * is taken, more often in groups */
static void test_share_where_feller_fails(void **unused)
{
    (void)unused;
    mcs_job a = heston_job(0.04, 1.5, 0.04, 1.0, 1, 252, "qe");
    predicted_near_simulated(&a, 0.4);
    mcs_job b = heston_job(0.04, 1.5, 0.04, 0.5, 1, 252, "qe");
    predicted_near_simulated(&b, 0.02);
    mcs_job c = heston_job(0.04, 1.5, 0.04, 0.6, 1, 52, "qe");
    predicted_near_simulated(&c, 0.1);
    mcs_job d = heston_job(0.09, 2.0, 0.04, 0.8, 2, 100, "qe");
    predicted_near_simulated(&d, 0.2);
    /* a grid longer than the 256 steps the share is evaluated at */
    mcs_job e = heston_job(0.04, 1.5, 0.04, 0.6, 1, 1000, "qe");
    predicted_near_simulated(&e, 0.05);
}

/* The edges: psi is largest at v = 0, where it is xi^2 / (2 kappa theta)
 * at any step length, so the branch is taken from the first step when v0 =
 * 0 and xi^2 > 3 kappa theta, and never when xi^2 <= 3 kappa theta (psi_c
 * = 1.5); a step so long that e^{-kappa dt} underflows keeps psi at that
 * value for every v; and contrived parameters inside the keys' ranges end
 * (the share's sums are bounded) with a share in [0, 1]. */
static void test_share_edges(void **unused)
{
    (void)unused;
    static const unsigned groups[3] = {1, 32, 2048};
    mcs_job first = heston_job(0, 1.5, 0.04, 1.0, 1, 1, "qe");
    mcs_job below = heston_job(0.04, 1.5, 0.04, 0.4242, 1, 252, "qe"); /* xi^2 0.1799 < 0.18 */
    mcs_job above = heston_job(0.04, 1.5, 0.04, 0.4243, 1, 252, "qe");
    mcs_job long_step = heston_job(0.04, 100, 0.001, 1.0, 10, 2, "qe"); /* kappa dt = 500 */
    mcs_job tiny = heston_job(1, 0.01, 1e-15, 1e-6, 10, 1000, "qe");
    mcs_job wild = heston_job(10, 100, 10, 10, 100, 100000, "qe");
    for (int g = 0; g < 3; g++) {
        assert_true(mcs_heston_dear_share(&first, groups[g]) == 1);
        assert_true(mcs_heston_dear_share(&below, groups[g]) == 0);
        assert_true(mcs_heston_dear_share(&above, groups[g]) >= 0);
        assert_true(mcs_heston_dear_share(&long_step, groups[g]) == 1);
        const double s = mcs_heston_dear_share(&tiny, groups[g]), w = mcs_heston_dear_share(&wild, groups[g]);
        assert_true(s >= 0 && s <= 1 && w >= 0 && w <= 1);
    }
}

/* configs/heston.ini's parameters: psi's largest value is below psi_c, so
 * no step takes the branch; the Euler scheme has none */
static void test_share_zero_where_no_branch(void **unused)
{
    (void)unused;
    mcs_job base = heston_job(0.04, 1.5, 0.04, 0.3, 1, 252, "qe");
    double sim[3], se[3];
    simulate_shares(&base, sim, se);
    assert_true(sim[2] == 0);
    assert_true(mcs_heston_dear_share(&base, 2048) == 0);
    mcs_job euler = heston_job(0.04, 1.5, 0.04, 1.0, 1, 252, "euler");
    assert_true(mcs_heston_dear_share(&euler, 2048) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_share_where_feller_fails),
        cmocka_unit_test(test_share_zero_where_no_branch),
        cmocka_unit_test(test_share_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
