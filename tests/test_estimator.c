/* test_estimator.c - the speedup estimator: the model's arithmetic on hand-
 * computed cases, profile parsing and its error messages, the generic
 * calculator's worked example (../shared/seeds/000), and validation of a
 * sweep fixture whose errors are known by construction. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "model.h"
#include "profile.h"
#include "sweep.h"
#include "validate.h"

#ifndef FIXTURE_DIR
#define FIXTURE_DIR "tests/fixtures"
#endif

static void load_machine(mcs_profile *p)
{
    char err[512] = "";
    mcs_status st = mcs_profile_load_file(FIXTURE_DIR "/test-machine.ini", p, err, sizeof err);
    if (st != MCS_OK)
        fail_msg("%s", err);
}

static void expect_close(double got, double want, double rel)
{
    if (!(fabs(got - want) <= rel * fabs(want)))
        fail_msg("got %.17g, want %.17g (relative tolerance %g)", got, want, rel);
}

/* 4 threads, 4 blocks of 65536 paths: one wave at efficiency 0.5 (the
 * profile's scaling 1:1.0 4:0.5), so simulate = 65536 x 10 ns / 0.5. */
static void cpu_prediction_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_workload w = {4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 4, 1};
    mcs_prediction c;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_true(c.available);
    assert_int_equal(c.rng, MCS_RNG_PCG64); /* auto on the cpu */
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 1.31072e-3, 1e-12);
    /* config 1 ms + setup 1 ms + simulate + write 2 ms */
    expect_close(c.seconds[MCS_PHASE_TOTAL], 5.31072e-3, 1e-12);
    w.cold = 0; /* warm: config 0.1 ms, setup 10 us, write 0.5 ms */
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_TOTAL], 1e-4 + 1e-5 + 1.31072e-3 + 5e-4, 1e-12);
    w.rng = MCS_RNG_SOBOL; /* the cpu has no sobol */
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_false(c.available);
}

/* One launch: launch 5 us + fixed 15 us + 256 path-steps of one thread at
 * 100 ns + 262144 path-steps at 2 ps + first launch 20 us (cold). */
static void gpu_prediction_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_workload w = {4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 4, 1};
    mcs_prediction g;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    assert_true(g.available);
    assert_int_equal(g.rng, MCS_RNG_PHILOX);
    expect_close(g.launches, 1, 0);
    expect_close(g.seconds[MCS_PHASE_SIMULATE], 66.124288e-6, 1e-12);
    /* d2h: 10 us + 4 blocks x 32 bytes at 50 GB/s */
    expect_close(g.seconds[MCS_PHASE_D2H], 10.00256e-6, 1e-12);
    /* context 0.2 + config, device query, setup, alloc 1 ms each + write 2 ms */
    expect_close(g.seconds[MCS_PHASE_TOTAL], 0.206 + 66.124288e-6 + 10.00256e-6, 1e-12);
    w.rng = MCS_RNG_PCG64; /* the gpu has no pcg64 */
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    assert_false(g.available);
}

static void efficiency_interpolates(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    expect_close(mcs_cpu_efficiency(&p.cpu, 1), 1.0, 0);
    expect_close(mcs_cpu_efficiency(&p.cpu, 2), 1.0 - 0.5 / 3, 1e-15); /* linear 1..4 */
    expect_close(mcs_cpu_efficiency(&p.cpu, 8), 0.25, 1e-15); /* no gain beyond 4 */
}

/* N* is where the predicted speedup crosses 1 (found to 0.01%): from it on
 * the GPU is faster, 0.02% below it the CPU is at least as fast. */
static void break_even_is_the_crossing(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    for (int cold = 0; cold < 2; cold++) {
        mcs_workload w = {1, 1, 65536, MCS_SINGLE, MCS_RNG_PHILOX, 4, cold};
        double n = mcs_break_even(&p.cpu, &p.gpu, &w);
        assert_true(n > 1e3 && n < 1e12);
        mcs_prediction c, g;
        w.paths = (uint64_t)n;
        mcs_predict_cpu(&p.cpu, &w, &c);
        mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
        assert_true(c.seconds[MCS_PHASE_TOTAL] > g.seconds[MCS_PHASE_TOTAL]);
        w.paths = (uint64_t)(n / 1.0002);
        mcs_predict_cpu(&p.cpu, &w, &c);
        mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
        assert_true(c.seconds[MCS_PHASE_TOTAL] <= g.seconds[MCS_PHASE_TOTAL]);
    }
}

static void expect_parse_error(const char *text, const char *message)
{
    mcs_profile p;
    char err[512] = "";
    assert_int_equal(mcs_profile_parse(text, "bad.ini", &p, err, sizeof err), MCS_E_CONFIG);
    if (!strstr(err, message))
        fail_msg("message '%s' lacks '%s'", err, message);
}

static void profile_errors_name_file_line_key(void **state)
{
    (void)state;
    static const char head[] = "[profile]\nname = x\nkind = cpu\n";
    char text[512];
    snprintf(text, sizeof text, "%s[cpu]\nmodel = m\nbogus = 1\n", head);
    expect_parse_error(text, "bad.ini:6: [cpu] bogus: unknown key");
    snprintf(text, sizeof text, "%s[cpu]\ncores = 16 cores\n", head);
    expect_parse_error(text, "bad.ini:5: [cpu] cores = '16 cores': not a number");
    snprintf(text, sizeof text, "%s[cpu]\nscaling = 4:0.9 2:1.0\n", head);
    expect_parse_error(text, "bad.ini:5: [cpu] scaling");
    snprintf(text, sizeof text, "%s[disk]\nsize = 1\n", head);
    expect_parse_error(text, "bad.ini:5: [disk] unknown section");
    expect_parse_error("[profile]\nname = x\nkind = cpu\n", "kind = cpu needs a [cpu] section");
    expect_parse_error("[profile]\nkind = cpu\n[cpu]\nmodel = m\n", "needs name and kind");
    expect_parse_error("[profile]\nname = x\nkind = tpu\n", "must be cpu, gpu or machine");
    expect_parse_error("[profile]\nname = x\nname = y\n", "bad.ini:3: [profile] name: duplicate");
    expect_parse_error("[profile]\nname = x\nkind = cpu\ncalibrated = maybe\n[cpu]\n",
                       "must be yes or no");
}

/* Every catalogue profile parses, and written out reads back the same. */
static void catalogue_parses_and_round_trips(void **state)
{
    (void)state;
    int n = 0;
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++, n++) {
        mcs_profile p, q;
        char err[512] = "", *text = NULL;
        size_t len = 0;
        if (mcs_profile_parse(e->text, e->name, &p, err, sizeof err) != MCS_OK)
            fail_msg("%s", err);
        assert_string_equal(p.name, e->name);
        FILE *f = open_memstream(&text, &len);
        assert_int_equal(mcs_profile_write(&p, f), 0);
        fclose(f);
        if (mcs_profile_parse(text, "written", &q, err, sizeof err) != MCS_OK)
            fail_msg("%s: written back: %s", e->name, err);
        assert_memory_equal(&p.cpu, &q.cpu, sizeof p.cpu);
        assert_memory_equal(&p.gpu, &q.gpu, sizeof p.gpu) ;
        free(text);
    }
    assert_true(n >= 9); /* 6 GPUs, 2 CPUs, the reference */
}

/* ../shared/seeds/000_b4630328d45859b8.txt, "Example 1": 10,000 GFLOP and
 * 1 GB; a high-end CPU takes 25 s; an RTX 3080 computes in about 0.8 s and
 * adds about 0.5 s of transfer and overhead: 1.3 s, "a 19x speedup".
 * Assumptions: the desktop CPU sustains 400 GFLOP/s (profiles/desktop.ini);
 * the RTX 3080 runs at 42% of its 29.77 TFLOPS fp32 peak (12.5 TFLOP/s:
 * 0.8 s), 1 GB crosses PCIe 4.0 x16 at 31.5 GB/s (0.032 s) and the fixed
 * overhead is 468 ms, so transfer + overhead = 0.5 s. */
static void worked_example_of_the_calculator(void **state)
{
    (void)state;
    mcs_profile cpu, gpu;
    char err[512] = "";
    assert_int_equal(mcs_profile_find("desktop", &cpu, err, sizeof err), MCS_OK);
    assert_int_equal(mcs_profile_find("rtx3080", &gpu, err, sizeof err), MCS_OK);
    mcs_flop_job job = {10000, 1, 0.42, 468, MCS_FP32};
    mcs_flop_estimate e;
    assert_int_equal(mcs_flop_estimate_run(&cpu.cpu, &gpu.gpu, &job, &e, err, sizeof err),
                     MCS_OK);
    expect_close(e.cpu_s, 25.0, 1e-12);
    assert_true(fabs(e.gpu_compute_s - 0.8) < 0.01);
    assert_true(fabs(e.gpu_transfer_s + e.gpu_overhead_s - 0.5) < 0.001);
    assert_true(fabs(e.gpu_s - 1.3) < 0.01);
    assert_true(e.speedup > 18.5 && e.speedup < 19.5); /* "a 19x speedup" */
}

/* A sweep whose GPU runs took e^0.1 times the prediction in every phase and
 * whose CPU runs took exactly the prediction: every speedup error is 0.1,
 * every GPU phase error 0.1, every CPU phase error 0. */
static void validate_finds_known_errors(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    const double factor = exp(0.1);
    mcs_sweep_row rows[2 * 2 * 7 * 3];
    size_t n = 0;
    for (int b = 0; b < 2; b++)
        for (int cold = 0; cold < 2; cold++)
            for (int r = 0; r < 3; r++)
                for (int s = 3; s <= 9; s++) {
                    mcs_sweep_row *row = &rows[n++];
                    memset(row, 0, sizeof *row);
                    snprintf(row->backend, sizeof row->backend, "%s", b ? "gpu" : "cpu");
                    snprintf(row->mode, sizeof row->mode, "%s", cold ? "cold" : "warm");
                    row->paths = (uint64_t)pow(10, s);
                    row->steps = 1;
                    row->block_size = 65536;
                    snprintf(row->precision, sizeof row->precision, "single");
                    snprintf(row->rng, sizeof row->rng, "philox");
                    row->threads = 4;
                    row->repeat = r;
                    mcs_workload w = {row->paths, 1, 65536, MCS_SINGLE, MCS_RNG_PHILOX, 4, cold};
                    mcs_prediction pr;
                    if (b)
                        mcs_predict_gpu(&p.gpu, &p.cpu, &w, &pr);
                    else
                        mcs_predict_cpu(&p.cpu, &w, &pr);
                    for (int k = 0; k < MCS_PHASE_COUNT; k++)
                        row->seconds[k] = pr.seconds[k] * (b ? factor : 1);
                }
    const char *keep = getenv("MCS_SWEEP_KEEP");
    char path[512];
    snprintf(path, sizeof path, "%s", keep ? keep : "test_estimator_sweep.h5");
    mcs_sweep_meta meta;
    memset(&meta, 0, sizeof meta);
    snprintf(meta.config_file, sizeof meta.config_file, "configs/european.ini");
    snprintf(meta.host, sizeof meta.host, "fixture");
    char err[512] = "";
    if (mcs_sweep_write(path, &meta, rows, n, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    static mcs_validation v;
    const char *files[] = {path};
    if (mcs_validate(files, 1, &p, &p, &v, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    assert_int_equal(v.n_rows, n);
    assert_int_equal(v.n_points, 14); /* 7 sizes, cold and warm */
    for (int i = 0; i < v.n_speedups; i++) {
        expect_close(v.speedups[i].median, 0.1, 1e-9);
        expect_close(v.speedups[i].p90, 0.1, 1e-9);
    }
    for (int i = 0; i < v.n_phases; i++)
        expect_close(v.phases[i].median, strcmp(v.phases[i].backend, "gpu") == 0 ? 0.1 : 0,
                     1e-9);
    /* decisions: wrong exactly where 1 < predicted speedup <= e^0.1 */
    int wrong = 0;
    for (int i = 0; i < v.n_points; i++)
        wrong += v.points[i].predicted > 1 && v.points[i].predicted <= factor;
    assert_int_equal(v.decisions, 14);
    assert_int_equal(v.correct, 14 - wrong);
    /* the measured GPU is slower, so it breaks even later */
    for (int i = 0; i < v.n_break_even; i++)
        if (!v.break_even[i].below && !v.break_even[i].above)
            assert_true(v.break_even[i].measured > v.break_even[i].predicted);
    mcs_validation_free(&v);
    if (!keep)
        remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cpu_prediction_by_hand),
        cmocka_unit_test(gpu_prediction_by_hand),
        cmocka_unit_test(efficiency_interpolates),
        cmocka_unit_test(break_even_is_the_crossing),
        cmocka_unit_test(profile_errors_name_file_line_key),
        cmocka_unit_test(catalogue_parses_and_round_trips),
        cmocka_unit_test(worked_example_of_the_calculator),
        cmocka_unit_test(validate_finds_known_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
