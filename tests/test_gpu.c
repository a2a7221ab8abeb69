/* test_gpu.c - the GPU backend on a real GPU: prices against QuantLib for
 * every GPU generator and precision, CPU-philox against GPU-philox (the same
 * random numbers: prices agree to float rounding), bit-identical results
 * across launch shapes and chunk sizes, the timing breakdown and device facts,
 * the Bachelier, Heston and Merton models' references and CPU agreement,
 * the multi-asset GBM's (every pair, every generator; CPU and GPU Philox
 * agreeing),
 * a bad --device, and libmcsim's GPU context made once per process. Exits 77 (ctest: skipped) when no GPU is usable.
 * MCSIM_TEST_QUICK=1 uses few paths (for compute-sanitizer, which is slow). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include "mc_test_util.h"
#include "mcsim.h"
#include "product_test_util.h"
#include "merton.h" /* its count thresholds, for the CPU-GPU tolerance */
#include "../models/multi_gbm_params.h"
#include "../payoffs/digital_params.h"

static int quick; /* MCSIM_TEST_QUICK */

static uint64_t scaled(uint64_t paths)
{
    return quick ? 131075 : paths; /* quick: two whole blocks and a 3-path one */
}

static const char *rng_name(mcs_rng_id rng)
{
    return rng == MCS_RNG_PHILOX ? "philox" : rng == MCS_RNG_MRG32K3A ? "mrg32k3a" : "sobol";
}

/* Calls and puts of every reference case, for one generator and precision. */
static void prices_match_quantlib(mcs_rng_id rng, mcs_precision prec, uint64_t paths)
{
    for (size_t i = 0; i < MCS_REF_CASE_COUNT; i++) {
        const mcs_ref_case *c = &mcs_ref_cases[i];
        char what[96];
        for (int call = 0; call < 2; call++) {
            mcs_job job = job_for_case(c, call ? MCS_CALL : MCS_PUT, prec, rng, scaled(paths),
                                       3000 + 2 * i + call);
            mcs_result r = run_on("gpu", &job, 1, NULL, NULL);
            snprintf(what, sizeof what, "%s %s %s %s", c->name, call ? "call" : "put",
                     rng_name(rng), prec == MCS_DOUBLE ? "double" : "single");
            expect_near(what, r.price, r.std_error, call ? c->call : c->put);
        }
    }
}

static void test_philox_prices_match_quantlib(void **state)
{
    (void)state;
    prices_match_quantlib(MCS_RNG_PHILOX, MCS_SINGLE, 4000000);
    prices_match_quantlib(MCS_RNG_PHILOX, MCS_DOUBLE, 2000000);
}

static void test_mrg32k3a_prices_match_quantlib(void **state)
{
    (void)state;
    prices_match_quantlib(MCS_RNG_MRG32K3A, MCS_SINGLE, 2000000);
    prices_match_quantlib(MCS_RNG_MRG32K3A, MCS_DOUBLE, 1000000);
}

/* The standard error printed for Sobol is the i.i.d. formula: conservative
 * for quasi-random points, so a 4-se check is looser than for Philox. */
static void test_sobol_prices_match_quantlib(void **state)
{
    (void)state;
    prices_match_quantlib(MCS_RNG_SOBOL, MCS_SINGLE, 1000000);
    prices_match_quantlib(MCS_RNG_SOBOL, MCS_DOUBLE, 1000000);
}

/* Exact steps: 12 and 3 steps have the terminal law of one step; a block
 * size of 9999 leaves partial groups of paths in every block. */
static void test_multi_step_paths_match_quantlib(void **state)
{
    (void)state;
    const mcs_ref_case *c = &mcs_ref_cases[0];
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    const uint32_t steps[] = {12, 3};
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 2; k++)
            for (int p = 0; p < 2; p++) {
                mcs_precision prec = p ? MCS_DOUBLE : MCS_SINGLE;
                mcs_job job = job_for_case(c, MCS_CALL, prec, rngs[r], scaled(1000000), 70 + k);
                job.sim.steps = steps[k];
                job.sim.block_size = 9999;
                mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
                char what[96];
                snprintf(what, sizeof what, "%s call %u steps %s %s", c->name, steps[k],
                         rng_name(rngs[r]), p ? "double" : "single");
                expect_near(what, res.price, res.std_error, c->call);
            }
}

/* The strongest check: the CPU's C Philox draws the GPU's numbers, so the
 * prices differ only by float rounding of the math (GPU intrinsics vs the
 * CPU's polynomials) and of the sums' order: at most 2e-6 relative in single
 * precision and 1e-10 in double (seen on an H100: 6.5e-7 and 1.5e-12, the
 * largest for the deep in-the-money call worth 0.011), where a stream
 * mismatch would be off by about one standard error (1e-3 relative here). */
static void test_cpu_philox_agrees_with_gpu(void **state)
{
    (void)state;
    const uint32_t steps[] = {1, 12};
    for (size_t i = 0; i < MCS_REF_CASE_COUNT; i++)
        for (int k = 0; k < 2; k++)
            for (int p = 0; p < 2; p++) {
                mcs_precision prec = p ? MCS_DOUBLE : MCS_SINGLE;
                mcs_job job = job_for_case(&mcs_ref_cases[i], i % 2 ? MCS_PUT : MCS_CALL, prec,
                                           MCS_RNG_PHILOX, scaled(1000003), 11 + i);
                job.sim.steps = steps[k];
                job.sim.block_size = k ? 9999 : 65536;
                mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
                mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
                double rel = fabs(g.price - c.price) / fabs(c.price);
                double rel_se = fabs(g.std_error - c.std_error) / c.std_error;
                double tol = p ? 1e-10 : 2e-6;
                print_message("  %-10s %2u steps %s: gpu %.12f cpu %.12f rel %.1e (se rel %.1e)\n",
                              mcs_ref_cases[i].name, steps[k], p ? "double" : "single",
                              g.price, c.price, rel, rel_se);
                assert_int_equal(g.paths, c.paths);
                if (!(rel <= tol) || !(rel_se <= 10 * tol))
                    fail_msg("cpu and gpu philox differ by %.2e relative (limit %.0e)", rel, tol);
            }
}

/* Every product reference case on every GPU generator in single precision
 * and, for every third case, double: within 4 combined std errors (the BGK
 * discrete-barrier approximation gets the allowance test_mc_products.c
 * explains, 0.25% of the price). */
static void test_products_match_references(void **state)
{
    (void)state;
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (size_t i = 0; i < MCS_PRODUCT_REF_COUNT; i++) {
        const mcs_product_ref *r = &mcs_product_refs[i];
        for (int g = 0; g < 3; g++)
            for (int p = 0; p < 2; p++) {
                if (p && i % 3)
                    continue;
                mcs_job job = product_ref_job(r, p ? MCS_DOUBLE : MCS_SINGLE, rngs[g],
                                          scaled(2000000), 300 + i);
                mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
                double se = sqrt(res.std_error * res.std_error + r->ref_se * r->ref_se);
                double allow = strncmp(r->origin, "APPROXIMATION", 13) == 0 ? 0.0025 * fabs(r->price) : 0;
                double gap = fabs(res.price - r->price);
                print_message("  %-40s %-8s %s %11.6f ref %11.6f z %+.2f\n", r->name,
                              rng_name(rngs[g]), p ? "double" : "single", res.price, r->price,
                              se > 0 ? (res.price - r->price) / se : 0.0);
                if (se == 0 ? gap > 1e-9 * (1 + fabs(r->price)) : gap > K_SE * se + allow)
                    fail_msg("%s on the gpu (%s): %.8f vs %.8f (%s)", r->name, rng_name(rngs[g]),
                             res.price, r->price, r->origin);
            }
    }
}

/* The same Philox numbers on both backends: for every product case, CPU and
 * GPU agree to float rounding (single 2e-6 relative, double 1e-9, times
 * sqrt(steps / 12) beyond 12 steps, as rounding accumulates). A payoff
 * with a jump (digital, discrete barrier) may see a path that ends within
 * rounding of the strike or barrier land on the other side on one backend:
 * each such path moves the price by at most J / N, J = 2 max(spot, strike,
 * cash); up to 3 of them are allowed for those payoffs, a fifth of a std
 * error (a different random stream would be off by about sqrt(N) J / N).
 * The continuous lookbacks also run on 300 steps. */
static void test_products_cpu_philox_agrees_with_gpu(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_PRODUCT_REF_COUNT; i++)
        for (int v = 0; v < 4; v++) {
            const mcs_product_ref *r = &mcs_product_refs[i];
            const int p = v % 2;
            /* a continuous lookback also on 300 steps: the CPU's split mode
             * in two runs (MCS_SPLIT_RUN = 256) against the GPU's every-step
             * observation */
            const int fine = v >= 2;
            if (fine && !(r->payoff == MCS_PAYOFF_LOOKBACK &&
                          r->monitoring == MCS_MONITOR_CONTINUOUS))
                continue;
            mcs_job job = product_ref_job(r, p ? MCS_DOUBLE : MCS_SINGLE, MCS_RNG_PHILOX,
                                      scaled(fine ? 30011 : 300007), 500 + i);
            if (fine)
                job.sim.steps = 300;
            mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
            mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
            /* float rounding grows along the path: 2e-6 at up to 12 steps */
            double tol = (p ? 1e-9 : 2e-6) * sqrt(fmax(1.0, job.sim.steps / 12.0));
            int jumps = r->payoff == MCS_PAYOFF_DIGITAL ||
                        (r->payoff == MCS_PAYOFF_BARRIER && r->monitoring == MCS_MONITOR_DISCRETE);
            double jump = jumps ? 2 * fmax(r->spot, fmax(r->strike, r->cash)) / (double)c.paths : 0;
            for (int j = 0; j < c.n_outputs; j++) {
                double gp = g.outputs[j].price, cp = c.outputs[j].price;
                /* rounding scales with the path's values (S ~ spot), not
                 * with a price near 0: a tenth of the spot at least */
                double scale = fmax(fabs(cp), 0.1 * r->spot);
                double diff = fabs(gp - cp), limit = tol * scale + 3 * jump + 1e-12;
                print_message("  %-40s %3u steps %s out %d: gpu %.10f cpu %.10f diff %.1e (limit %.1e)\n",
                              r->name, job.sim.steps, p ? "double" : "single", j, gp, cp, diff,
                              limit);
                if (!(diff <= limit))
                    fail_msg("%s output %d: cpu and gpu philox differ by %.2e (limit %.1e)",
                             r->name, j, diff, limit);
            }
        }
}

/* The Bachelier cases (tests/reference/bachelier_refs.h: S < 0 likely in
 * several) on the GPU: within 4 std errors of the reference with every GPU
 * generator in single precision and Philox in double, and CPU and GPU
 * Philox agreeing to float rounding (the tolerance of the products' test;
 * a digital may see up to 3 paths cross the strike on one backend only). */
static void test_bachelier_on_gpu(void **state)
{
    (void)state;
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (size_t i = 0; i < MCS_BACHELIER_REF_COUNT; i++) {
        const mcs_bachelier_ref *r = &mcs_bachelier_refs[i];
        for (int v = 0; v < 4; v++) {
            mcs_job job = bachelier_ref_job(r, v == 3 ? MCS_DOUBLE : MCS_SINGLE,
                                            rngs[v == 3 ? 0 : v], scaled(1000000), 700 + i);
            mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
            char what[160];
            snprintf(what, sizeof what, "%s gpu %s %s", r->name, rng_name(job.sim.rng),
                     v == 3 ? "double" : "single");
            expect_near(what, res.price, res.std_error, r->price);
        }
        for (int p = 0; p < 2; p++) {
            mcs_job job = bachelier_ref_job(r, p ? MCS_DOUBLE : MCS_SINGLE, MCS_RNG_PHILOX,
                                            scaled(300007), 900 + i);
            mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
            mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
            double tol = (p ? 1e-9 : 2e-6) * sqrt(fmax(1.0, job.sim.steps / 12.0));
            double scale = fmax(fabs(c.price), fabs(r->spot) + r->normal_vol);
            /* a digital's jump: at most the asset's size or the cash */
            double size = fmax(fabs(r->spot) + 4 * r->normal_vol, r->cash);
            double jump = r->payoff == MCS_PAYOFF_DIGITAL ? 2 * size / (double)c.paths : 0;
            double diff = fabs(g.price - c.price), limit = tol * scale + 3 * jump + 1e-12;
            print_message("  %-36s %s: gpu %.10f cpu %.10f diff %.1e (limit %.1e)\n", r->name,
                          p ? "double" : "single", g.price, c.price, diff, limit);
            if (!(diff <= limit))
                fail_msg("%s: cpu and gpu philox differ by %.2e (limit %.1e)", r->name, diff,
                         limit);
        }
    }
}

/* The Merton cases (tests/reference/merton_refs.h: one step and many, 5
 * jumps a step expected, the martingale, lambda = 0) on the GPU: within 4
 * std errors of Merton's series with every GPU generator in single
 * precision and Philox in double; and CPU and GPU Philox agreeing to float
 * rounding, allowing in single precision for a few jump counts that differ
 * (the GPU's float Box-Muller differs from the CPU's in its last bits, and
 * a normal that close to a count threshold counts one jump more on one
 * backend: count_flip_chance; each moves the price by at most about
 * 2 spot / paths) and for a digital's paths crossing the strike on one
 * backend only. */
static double count_flip_chance(const mcs_job *job);
static void test_merton_on_gpu(void **state)
{
    (void)state;
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (size_t i = 0; i < MCS_MERTON_REF_COUNT; i++) {
        const mcs_merton_ref *r = &mcs_merton_refs[i];
        for (int v = 0; v < 4; v++) {
            mcs_job job = merton_ref_job(r, v == 3 ? MCS_DOUBLE : MCS_SINGLE, rngs[v == 3 ? 0 : v],
                                         scaled(1000000), 1700 + i);
            mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
            char what[160];
            snprintf(what, sizeof what, "%.32s gpu %s %s", r->name, rng_name(job.sim.rng),
                     v == 3 ? "double" : "single");
            expect_near(what, res.price, res.std_error, r->price);
        }
        for (int p = 0; p < 2; p++) {
            mcs_job job = merton_ref_job(r, p ? MCS_DOUBLE : MCS_SINGLE, MCS_RNG_PHILOX,
                                         scaled(300007), 1900 + i);
            mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
            mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
            const double spot = job.model.spot, n = (double)c.paths;
            double tol = (p ? 1e-9 : 2e-6) * sqrt(fmax(1.0, job.sim.steps / 12.0));
            double flips = p ? 2 : 4 + 3 * n * job.sim.steps * count_flip_chance(&job);
            double size = job.option.payoff == MCS_PAYOFF_DIGITAL &&
                                  mcs_digital_params_in(&job.option)->digital == MCS_DIGITAL_CASH
                              ? mcs_digital_params_in(&job.option)->cash
                              : 2 * spot;
            double limit = tol * fmax(fabs(c.price), spot) + flips * size / n +
                           (job.option.payoff == MCS_PAYOFF_DIGITAL ? 6 * size / n : 0) + 1e-12;
            double diff = fabs(g.price - c.price);
            print_message("  %-36.36s %s: gpu %.10f cpu %.10f diff %.1e (limit %.1e)\n", r->name,
                          p ? "double" : "single", g.price, c.price, diff, limit);
            if (!(diff <= limit))
                fail_msg("%s: cpu and gpu philox differ by %.2e (limit %.1e)", r->name, diff,
                         limit);
        }
    }
}

/* The chance that a path-step's jump count differs between the CPU's and
 * the GPU's float normals: the density of z2 at each count threshold t
 * times the normals' difference there, at most about 1e-6 (1 + |t|) (the
 * GPU's __sincosf, lg2 and rsqrt approximations, a few 2^-22 each). */
static double count_flip_chance(const mcs_job *job)
{
    const mcs_merton_coef c = mcs_merton_coef_make(&job->model, job->option.maturity /
                                                                   job->sim.steps);
    double chance = 0;
    for (int j = 0; j < MCS_MERTON_COUNTS; j++) {
        const double t = c.count_at[j];
        if (t < 40)
            chance += exp(-0.5 * t * t) / sqrt(2 * M_PI) * 1e-6 * (1 + fabs(t));
    }
    return chance;
}

/* The Heston cases (tests/reference/heston_refs.h, QuantLib) on the GPU:
 * QE within 4 std errors of the reference with every GPU generator in
 * single precision and Philox in double; and for QE and Euler (biased, so
 * compared with the CPU only) CPU and GPU Philox agreeing to float
 * rounding, scaled with the steps (a path whose psi rounds across QE's
 * switch 1.5 on one backend only moves the price by about 1/paths of the
 * spot). */
static void test_heston_on_gpu(void **state)
{
    (void)state;
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (size_t i = 0; i < MCS_HESTON_REF_COUNT; i++) {
        const mcs_heston_ref *r = &mcs_heston_refs[i];
        for (int v = 0; v < 4; v++) {
            mcs_job job = heston_ref_job(r, MCS_HESTON_QE, 0, v == 3 ? MCS_DOUBLE : MCS_SINGLE,
                                         rngs[v == 3 ? 0 : v], scaled(1000000), 1100 + i);
            mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
            char what[160];
            snprintf(what, sizeof what, "%s qe gpu %s %s", r->name, rng_name(job.sim.rng),
                     v == 3 ? "double" : "single");
            expect_near(what, res.price, res.std_error, r->price);
        }
        for (int p = 0; p < 4; p++) {
            mcs_heston_scheme scheme = p >= 2 ? MCS_HESTON_EULER : MCS_HESTON_QE;
            mcs_job job = heston_ref_job(r, scheme, 0, p % 2 ? MCS_DOUBLE : MCS_SINGLE,
                                         MCS_RNG_PHILOX, scaled(300007), 1300 + i);
            mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
            mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
            double tol = (p % 2 ? 1e-9 : 5e-6) * sqrt(fmax(1.0, job.sim.steps / 12.0));
            double diff = fabs(g.price - c.price);
            /* single: up to 3 paths whose psi rounds across the switch */
            double flips = p % 2 ? 0 : 3 * r->spot / (double)c.paths;
            double limit = tol * r->spot + flips + 1e-12;
            print_message("  %-28s %s %s: gpu %.10f cpu %.10f diff %.1e (limit %.1e)\n",
                          r->name, scheme == MCS_HESTON_QE ? "qe" : "euler",
                          p % 2 ? "double" : "single", g.price, c.price, diff, limit);
            if (!(diff <= limit))
                fail_msg("%s: cpu and gpu philox differ by %.2e (limit %.1e)", r->name, diff,
                         limit);
        }
    }
}

/* The multi-asset cases (tests/reference/multi_refs.h: every pair of
 * multi_gbm with basket, best_of, worst_of, spread, and the 64-asset
 * basket) on the GPU: within 4 std errors of the reference with every GPU
 * generator in single precision and Philox in double, and CPU and GPU
 * Philox agreeing to float rounding (the payoffs are continuous in the
 * spots: no jump allowance; a sum over 64 assets rounds more, 1e-5 of the
 * spot in single precision). */
static void multi_case_on_gpu(const char *name, const char *sets, unsigned steps, double price,
                              double ref_se, uint64_t seed)
{
    static mcs_job job;
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (int v = 0; v < 4; v++) {
        multi_ref_job(&job, sets, steps, v == 3 ? MCS_DOUBLE : MCS_SINGLE, rngs[v == 3 ? 0 : v],
                      scaled(1000000), seed);
        mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
        char what[160];
        snprintf(what, sizeof what, "%s gpu %s %s", name, rng_name(job.sim.rng),
                 v == 3 ? "double" : "single");
        expect_near(what, res.price, sqrt(res.std_error * res.std_error + ref_se * ref_se), price);
    }
    for (int p = 0; p < 2; p++) {
        multi_ref_job(&job, sets, steps, p ? MCS_DOUBLE : MCS_SINGLE, MCS_RNG_PHILOX,
                      scaled(300007), seed + 1);
        mcs_result g = run_on("gpu", &job, 1, NULL, NULL);
        mcs_result c = run_on("cpu", &job, 2, NULL, NULL);
        double tol = (p ? 1e-9 : (job.model.assets > 2 ? 1e-5 : 2e-6)) *
                     sqrt(fmax(1.0, job.sim.steps / 12.0));
        double scale = fmax(fabs(c.price), 0.1 * mcs_multi_gbm_params_of(&job.model)->spots.v[0]);
        double diff = fabs(g.price - c.price), limit = tol * scale + 1e-12;
        print_message("  %-44s %s: gpu %.10f cpu %.10f diff %.1e (limit %.1e)\n", name,
                      p ? "double" : "single", g.price, c.price, diff, limit);
        if (!(diff <= limit))
            fail_msg("%s: cpu and gpu philox differ by %.2e (limit %.1e)", name, diff, limit);
    }
}

static void test_multi_asset_on_gpu(void **state)
{
    (void)state;
    for (size_t i = 0; i < MCS_MULTI_REF_COUNT; i++) {
        const mcs_multi_ref *r = &mcs_multi_refs[i];
        multi_case_on_gpu(r->name, r->sets, r->steps, r->price, 0, 1100 + 2 * i);
    }
    multi_case_on_gpu("basket 64 assets", MCS_BASKET64_SETS, 1, MCS_BASKET64_PRICE,
                      MCS_BASKET64_SE, 1300);
}

static void set_shape(const char *threads, const char *grid, const char *chunk)
{
    setenv("MCSIM_GPU_BLOCK_THREADS", threads, 1);
    setenv("MCSIM_GPU_GRID", grid, 1);
    setenv("MCSIM_GPU_CHUNK_BLOCKS", chunk, 1);
}

/* 1000 blocks of 1000 paths: every shape and chunking gives the same bits. */
static void test_bit_identical_across_launch_shapes(void **state)
{
    (void)state;
    static const char *const shapes[][3] = {
        {"256", "2147483647", "1000"}, {"128", "7", "1000"}, {"64", "1", "3"},
        {"32", "100", "64"},           {"256", "13", "1"},   {"128", "2147483647", "999"},
    };
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A, MCS_RNG_SOBOL};
    for (int r = 0; r < 3; r++)
        for (int p = 0; p < 2; p++) {
            mcs_job job = job_for_case(&mcs_ref_cases[0], MCS_CALL, p ? MCS_DOUBLE : MCS_SINGLE,
                                       rngs[r], quick ? 20003 : 1000000, 5);
            job.sim.block_size = 1000;
            job.sim.steps = r == 2 ? 2 : 1;
            set_shape("256", "2147483647", "1048576");
            mcs_result ref = run_on("gpu", &job, 1, NULL, NULL);
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
                set_shape(shapes[s][0], shapes[s][1], shapes[s][2]);
                mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
                print_message("  %s %s threads %s grid %s chunk %s: %.17g\n", rng_name(rngs[r]),
                              p ? "double" : "single", shapes[s][0], shapes[s][1],
                              shapes[s][2], res.price);
                assert_true(same_bits(res.price, ref.price));
                assert_true(same_bits(res.std_error, ref.std_error));
                assert_int_equal(res.n_convergence, ref.n_convergence);
                for (int i = 0; i < res.n_convergence; i++)
                    assert_true(same_bits(res.convergence[i].price, ref.convergence[i].price));
            }
        }
    unsetenv("MCSIM_GPU_BLOCK_THREADS");
    unsetenv("MCSIM_GPU_GRID");
    unsetenv("MCSIM_GPU_CHUNK_BLOCKS");
}

/* The warp kernel of a linear-factor model (gpu_backend/gpu_warp_kernel.cuh:
 * multi_gbm under the terminal payoffs, single precision, Philox or Sobol)
 * (MCSIM_GPU_WARP_KERNEL=1: a job of fewer than 13 assets would not choose
 * it) gives the per-thread kernel's bits (MCSIM_GPU_WARP_KERNEL=0), for 2 and
 * 64 assets, one step and several, a partial last group and block, and
 * every launch shape; blocks of 1000 paths give each virtual thread one
 * group (stepped beside a dropped copy), blocks of 4099 up to five, two at
 * a time, the partial group last and alone. */
static void test_warp_kernel_same_bits(void **state)
{
    (void)state;
    static mcs_job job;
    const char *sets[] = {mcs_multi_refs[0].sets, MCS_BASKET64_SETS};
    const mcs_rng_id rngs[] = {MCS_RNG_PHILOX, MCS_RNG_SOBOL};
    const char *threads[] = {"256", "32", "64"};
    const uint32_t block_sizes[] = {1000, 4099};
    for (int c = 0; c < 2; c++)
        for (int r = 0; r < 2; r++)
            for (int bs = 0; bs < 2; bs++)
                for (unsigned steps = 1; steps <= 5; steps += 4) {
                    multi_ref_job(&job, sets[c], steps, MCS_SINGLE, rngs[r], 20003, 77);
                    job.sim.block_size = block_sizes[bs];
                    setenv("MCSIM_GPU_WARP_KERNEL", "0", 1);
                    mcs_result ref = run_on("gpu", &job, 1, NULL, NULL);
                    setenv("MCSIM_GPU_WARP_KERNEL", "1", 1); /* 2 assets would not choose it */
                    for (int t = 0; t < 3; t++) {
                        set_shape(threads[t], "2147483647", "7");
                        mcs_result res = run_on("gpu", &job, 1, NULL, NULL);
                        print_message("  %u assets %s blocks of %u, %u steps threads %s: "
                                      "warp %.17g per-thread %.17g\n", job.model.assets,
                                      rng_name(rngs[r]), job.sim.block_size, steps, threads[t],
                                      res.price, ref.price);
                        assert_true(same_bits(res.price, ref.price));
                        assert_true(same_bits(res.std_error, ref.std_error));
                    }
                    unsetenv("MCSIM_GPU_BLOCK_THREADS");
                    unsetenv("MCSIM_GPU_GRID");
                    unsetenv("MCSIM_GPU_CHUNK_BLOCKS");
                    unsetenv("MCSIM_GPU_WARP_KERNEL");
                }
}

/* The run records its kernels, copies and GPU; one path and a partial last
 * block are counted right. */
static void test_timings_and_device_facts(void **state)
{
    (void)state;
    mcs_job job = job_for_case(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, MCS_RNG_PHILOX, 65539, 9);
    mcs_timings t;
    mcs_gpu_info gpu;
    memset(&t, 0, sizeof t);
    memset(&gpu, 0, sizeof gpu);
    mcs_result r = run_on("gpu", &job, 1, &t, &gpu);
    assert_int_equal(r.paths, 65539);
    assert_true(t.seconds[MCS_PHASE_CONTEXT] > 0);
    assert_true(t.seconds[MCS_PHASE_SIMULATE] > 0);
    assert_int_equal(t.count[MCS_PHASE_SIMULATE], 1);
    assert_int_equal(t.bytes[MCS_PHASE_D2H], 2 * mcs_sums_record_len(1) * sizeof(double));
    assert_int_equal(t.count[MCS_PHASE_D2H], 1);
    /* the tests before kept larger block sums: nothing allocated (below) */
    assert_int_equal(t.bytes[MCS_PHASE_ALLOC], 0);
    assert_true(gpu.name[0] != '\0');
    assert_true(gpu.sm_count > 0 && gpu.cc_major >= 1 && gpu.memory_bytes > 0);
    assert_true(gpu.driver_version > 0 && gpu.runtime_version > 0);
    print_message("  %s, %d SMs, cc %d.%d, context %.3f s, kernel %.6f s\n", gpu.name,
                  gpu.sm_count, gpu.cc_major, gpu.cc_minor, t.seconds[MCS_PHASE_CONTEXT],
                  t.seconds[MCS_PHASE_SIMULATE]);

    job.sim.paths = 1;
    r = run_on("gpu", &job, 1, NULL, NULL);
    assert_int_equal(r.paths, 1);
    assert_true(r.price >= 0 && isnan(r.std_error)); /* one path: no std error (as on the cpu) */
}

/* A warm run takes the stream and buffers the last run kept
 * (gpu_backend.c): a job needing the largest block sums (a chunk of
 * MCS_GPU_MAX_CHUNK_BLOCKS blocks) allocates them, the same job again
 * allocates nothing and gives the same bits, and so does a smaller job
 * after it. Runs early, before other tests' runs keep the largest sums. */
static void test_warm_run_reuses_buffers(void **state)
{
    (void)state;
    mcs_job job = job_for_case(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, MCS_RNG_PHILOX,
                               3 * 65536 + 7, 5);
    mcs_job big = job;
    big.sim.block_size = 1; /* a chunk of the most blocks, each a path */
    big.sim.paths = quick ? 4096 : MCS_GPU_MAX_CHUNK_BLOCKS + 1;
    const size_t sums = (size_t)(quick ? 4096 : MCS_GPU_MAX_CHUNK_BLOCKS) *
                        (size_t)mcs_sums_record_len(1) * sizeof(double);
    mcs_timings t[4];
    memset(t, 0, sizeof t);
    mcs_result a = run_on("gpu", &big, 1, &t[0], NULL);
    mcs_result b = run_on("gpu", &big, 1, &t[1], NULL);
    assert_true(t[0].bytes[MCS_PHASE_ALLOC] >= 2 * sums); /* device and pinned host */
    assert_int_equal(t[1].bytes[MCS_PHASE_ALLOC], 0);
    assert_int_equal(t[1].count[MCS_PHASE_ALLOC], 0);
    assert_memory_equal(&a.price, &b.price, sizeof a.price);
    assert_memory_equal(&a.std_error, &b.std_error, sizeof a.std_error);
    a = run_on("gpu", &job, 1, &t[2], NULL);
    b = run_on("gpu", &job, 1, &t[3], NULL);
    assert_int_equal(t[2].count[MCS_PHASE_ALLOC], 0);
    assert_int_equal(t[3].count[MCS_PHASE_ALLOC], 0);
    assert_memory_equal(&a.price, &b.price, sizeof a.price);
    /* the CPU's philox, whose buffers are its own, to float rounding (the
     * tolerance of test_cpu_philox_agrees_with_gpu) */
    mcs_result cpu = run_on("cpu", &job, 2, NULL, NULL);
    assert_true(fabs(cpu.price - a.price) <= 2e-6 * fabs(cpu.price));
}

/* A warm run reads the parameters and Sobol tables the last run kept
 * (gpu_backend.c): a job copies its own tables (steps x draws dimensions)
 * where none as large are kept, a job of more steps copies larger ones,
 * and the first job again copies and allocates nothing and gives the same
 * bits, its dimensions a prefix of the kept tables. A job of another strike
 * copies its parameters, one copy, and prices its own option. Runs before
 * the other sobol tests keep tables of their own. */
static void test_warm_run_reuses_params_and_tables(void **state)
{
    (void)state;
    mcs_job few = job_for_case(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, MCS_RNG_SOBOL, 100000, 5);
    few.sim.steps = 7;
    mcs_job many = few, other = few;
    many.sim.steps = 20;
    other.option.strike *= 1.25;
    mcs_timings t[4];
    memset(t, 0, sizeof t);
    const size_t word = sizeof(uint32_t), params = sizeof few.model + sizeof few.option;
    mcs_result a = run_on("gpu", &few, 1, &t[0], NULL);
    run_on("gpu", &many, 1, &t[1], NULL); /* the same parameters: its tables only */
    mcs_result b = run_on("gpu", &few, 1, &t[2], NULL);
    mcs_result c = run_on("gpu", &other, 1, &t[3], NULL);
    const size_t tables = 7 * mcs_job_draws(&few) * 33 * word; /* and the parameters, if copied */
    assert_true(t[0].bytes[MCS_PHASE_H2D] == tables ||
                t[0].bytes[MCS_PHASE_H2D] == tables + params);
    assert_int_equal(t[1].bytes[MCS_PHASE_H2D], 20 * mcs_job_draws(&many) * 33 * word);
    assert_int_equal(t[2].bytes[MCS_PHASE_H2D], 0);
    assert_int_equal(t[2].count[MCS_PHASE_H2D], 0);
    assert_int_equal(t[2].bytes[MCS_PHASE_ALLOC], 0);
    assert_int_equal(t[2].count[MCS_PHASE_ALLOC], 0);
    assert_memory_equal(&a.price, &b.price, sizeof a.price);
    assert_memory_equal(&a.std_error, &b.std_error, sizeof a.std_error);
    assert_int_equal(t[3].bytes[MCS_PHASE_H2D], params);
    assert_int_equal(t[3].count[MCS_PHASE_H2D], 1);
    assert_true(c.price < a.price); /* a higher strike: a cheaper call, read from its own */
}

static void test_missing_device_is_unavailable(void **state)
{
    (void)state;
    mcs_job job = job_for_case(&mcs_ref_cases[0], MCS_CALL, MCS_SINGLE, MCS_RNG_PHILOX, 1000, 1);
    mcs_result res;
    mcs_timings t;
    char err[512] = "";
    int used;
    memset(&t, 0, sizeof t);
    mcs_placement where = {1, 999, 0};
    mcs_status st = mcs_engine_run(&job, mcs_backend_find("gpu"), &where, NULL, NULL, &res,
                                   &used, NULL, &t, err, sizeof err);
    print_message("  %s\n", err);
    assert_int_equal(st, MCS_E_UNAVAILABLE);
    assert_non_null(strstr(err, "--device 999"));
}

/* libmcsim's GPU context rule (docs/api.md): the first GPU run in the
 * process makes the context (its `context` phase), every later run finds
 * it, by the same engine or another: its `context` phase is about 0. Runs
 * first, before any other test makes the context. */
static void test_api_context_made_once(void **state)
{
    (void)state;
    const char *config = "[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 100\n"
                         "maturity = 1\n[simulation]\npaths = 100000\nrng = philox\n";
    mcsim_job *job = NULL;
    mcsim_engine *engines[2] = {NULL, NULL};
    mcsim_engine_options options = {"gpu", 0, 0};
    mcsim_error e;
    assert_int_equal(mcsim_job_from_text("context.ini", config, NULL, 0, &job, &e), MCSIM_OK);
    int context = -1;
    for (int p = 0; p < mcsim_phase_count(); p++)
        if (strcmp(mcsim_phase_name(p), "context") == 0)
            context = p;
    assert_true(context >= 0);
    double seconds[3];
    for (int i = 0; i < 3; i++) {
        mcsim_engine **engine = &engines[i < 2 ? 0 : 1];
        if (!*engine)
            assert_int_equal(mcsim_engine_new(&options, engine, &e), MCSIM_OK);
        mcsim_result *res = NULL;
        assert_int_equal(mcsim_run(*engine, job, &res, &e), MCSIM_OK);
        assert_string_equal(mcsim_result_backend(res), "gpu");
        seconds[i] = mcsim_result_seconds(res, context);
        mcsim_result_free(res);
    }
    print_message("  context: first run %.4f s, second %.6f s, another engine %.6f s\n",
                  seconds[0], seconds[1], seconds[2]);
    assert_true(seconds[0] > 0.005);               /* made: tens of ms at least */
    assert_true(seconds[1] < 0.1 * seconds[0]);    /* found */
    assert_true(seconds[2] < 0.1 * seconds[0]);
    mcsim_engine_free(engines[0]);
    mcsim_engine_free(engines[1]);
    mcsim_job_free(job);
}

int main(void)
{
    char why[512] = "";
    const mcs_backend *gpu = mcs_backend_find("gpu");
    if (!gpu || gpu->probe(why, sizeof why) != MCS_OK) {
        printf("SKIP: %s\n", gpu ? why : "no GPU backend in this build");
        return 77; /* ctest SKIP_RETURN_CODE */
    }
    quick = getenv("MCSIM_TEST_QUICK") && atoi(getenv("MCSIM_TEST_QUICK")) > 0;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_api_context_made_once), /* first: no context yet */
        cmocka_unit_test(test_warm_run_reuses_buffers), /* before larger sums are kept */
        cmocka_unit_test(test_warm_run_reuses_params_and_tables), /* before other sobol tables */
        cmocka_unit_test(test_philox_prices_match_quantlib),
        cmocka_unit_test(test_mrg32k3a_prices_match_quantlib),
        cmocka_unit_test(test_sobol_prices_match_quantlib),
        cmocka_unit_test(test_multi_step_paths_match_quantlib),
        cmocka_unit_test(test_cpu_philox_agrees_with_gpu),
        cmocka_unit_test(test_products_match_references),
        cmocka_unit_test(test_products_cpu_philox_agrees_with_gpu),
        cmocka_unit_test(test_bachelier_on_gpu),
        cmocka_unit_test(test_heston_on_gpu),
        cmocka_unit_test(test_merton_on_gpu),
        cmocka_unit_test(test_multi_asset_on_gpu),
        cmocka_unit_test(test_bit_identical_across_launch_shapes),
        cmocka_unit_test(test_warp_kernel_same_bits),
        cmocka_unit_test(test_timings_and_device_facts),
        cmocka_unit_test(test_missing_device_is_unavailable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
