/* test_estimator.c - the speedup estimator: the model's arithmetic on hand-
 * computed cases, profile parsing and its error messages, the generic
 * calculator's worked example (../shared/seeds/000), validation of a
 * sweep fixture whose errors are known by construction, and the
 * reliability of issue 11: profiles written and read back the same (a
 * property over varied profiles), what the profile reader refuses (long
 * lines, NUL bytes, divisors of 0, non-finite or huge counts, devices,
 * oversized files), sweep rows checked, tables sized by the file, row
 * claims checked before allocating, the sweep file under a size limit; the
 * CPU facts calibrate records (issue 27: cores by hwloc, FLOPs per cycle
 * from the instruction sets, the model from the brand string). */
#include <dirent.h>
#include <hdf5.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include "h5mem.h"
#include "backend.h"
#include "block_kernel.h"
#include "calibrate_kernels.h"
#include "commands.h"
#include "config.h"
#include "kernel_plan.h"
#include "model.h"
#include "../kernels/warp_rule.h"
#include "output_path.h"
#include "profile.h"
#include "provenance.h"
#include "runner.h"
#include "split.h"
#include "stop.h"
#include "sweep.h"
#include "sysinfo.h"
#include "validate.h"
#include "../models/heston_cost.h"

#ifndef FIXTURE_DIR
#define FIXTURE_DIR "tests/fixtures"
#endif

/* A workload without a job's kernel (the fallback costs), by its sizes. */
#define WORKLOAD(n, s, b, q, g, t, c)                                                          \
    {.paths = (n), .steps = (s), .block_size = (b), .precision = (q), .rng = (g), .threads = (t), \
     .cold = (c)}

/* A job of configs/NAME.ini with up to two overrides (NULL: none); its
 * resolved config text into `resolved` when given. */
static void load_config_job(const char *name, const char *set1, const char *set2, mcs_job *job,
                            char *resolved, size_t len)
{
    static char scratch[8192];
    char path[512], err[512] = "";
    snprintf(path, sizeof path, "%s/../../configs/%s.ini", FIXTURE_DIR, name);
    mcs_override ov[2] = {{"--set", set1}, {"--set", set2}};
    int n = set2 ? 2 : set1 ? 1 : 0;
    if (mcs_config_load(path, ov, n, job, resolved ? resolved : scratch,
                        resolved ? len : sizeof scratch, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
}

/* A job of config assignments only ("model.type=heston model.xi=1 ..."),
 * as mcs_job_from_text reads a sweep file's config; a list it refuses fails
 * the test. */
static void job_of_sets(const char *sets, mcs_job *job)
{
    char storage[1024], err[512] = "";
    mcs_override ov[16];
    int n = mcs_overrides_split(sets, storage, sizeof storage, ov, 16);
    assert_true(n > 0);
    if (mcs_job_from_text("[model]\n", ov, n, job, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
}

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
    mcs_workload w = WORKLOAD(4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 4, 1);
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
    /* with a measured wave table (1:1.5 4:3), one wave of 4 blocks takes
     * 3 x one thread's block, 65536 x 10 ns x 3; of 2 blocks, between the
     * entries, 2; a second wave (5 blocks) goes by the efficiency again:
     * 2 x 65536 x 10 ns / 0.5; one partial block of 1000 paths, 1.5 x its
     * own time */
    p.cpu.wave = (mcs_thread_table){2, {1, 4}, {1.5, 3}};
    w.rng = MCS_RNG_PCG64;
    w.cold = 0;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 10e-9 * 3, 1e-12);
    expect_close(mcs_cpu_wave_factor(&p.cpu, 2), 2, 1e-15);
    expect_close(mcs_cpu_wave_factor(&p.cpu, 64), 3, 1e-15); /* its last beyond it */
    w.paths = 5 * 65536;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 2 * 65536 * 10e-9 / 0.5, 1e-12);
    w.paths = 1000;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 1000 * 10e-9 * 1.5, 1e-12);
    /* a chunk's start (measured for a team of the profile's 4 threads)
     * wakes the team the job's blocks start: 90 us for 4, 2/3 of it for a
     * team of 3 blocks, none for one block (no team to wake) */
    p.cpu.threads = 4;
    p.cpu.chunk_start_warm_us = 90;
    const double blocks[] = {4, 3, 1}, start[] = {90e-6, 60e-6, 0};
    for (int i = 0; i < 3; i++) {
        w.paths = (uint64_t)(blocks[i] * 65536);
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SIMULATE],
                     start[i] + 65536 * 10e-9 * mcs_cpu_wave_factor(&p.cpu, blocks[i]), 1e-12);
    }
    /* a warm start no dearer than the cold one: 90 us warm against 200
     * cold stays 90, against 30 cold (a noisy profile) is 30 */
    const double cold[] = {200, 30}, taken[] = {90e-6, 30e-6};
    w.paths = 4 * 65536;
    for (int i = 0; i < 2; i++) {
        p.cpu.chunk_start_cold_us = cold[i];
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SIMULATE],
                     taken[i] + 65536 * 10e-9 * mcs_cpu_wave_factor(&p.cpu, 4), 1e-12);
    }
    /* with a one-block start s1 = 30 us (the profile before had none: 0),
     * a team of T blocks pays s1 + (s - s1) (T - 1) / (threads - 1): 30 us
     * for one block, 70 for 3, the team's 90 for 4; s1 warm no dearer than
     * s1 cold either */
    p.cpu.chunk_start_cold_us = 200;
    p.cpu.chunk_start_one_warm_us = 30;
    const double with_one[] = {90e-6, 70e-6, 30e-6};
    for (int i = 0; i < 3; i++) {
        w.paths = (uint64_t)(blocks[i] * 65536);
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SIMULATE],
                     with_one[i] + 65536 * 10e-9 * mcs_cpu_wave_factor(&p.cpu, blocks[i]), 1e-12);
    }
    p.cpu.chunk_start_one_cold_us = 20;
    w.paths = 65536;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE],
                 20e-6 + 65536 * 10e-9 * mcs_cpu_wave_factor(&p.cpu, 1), 1e-12);
}

/* A fresh process's set-up by its thread count: the profile's setup_cold_s
 * (1 ms) is on its 4 threads; with setup_cold_thread_s 0.2 ms, one thread
 * takes 1 - 3 x 0.2 = 0.4 ms and 8 threads 1.8 ms; warm runs and a profile
 * without the key take the set-up as it is for every count; a job of fewer
 * blocks than threads sets up a team of its blocks. */
/* mcs_line_fit: points on y = 2 + 3x give a = 2, b = 3 with or without
 * weights; one point off the line (y 2 5 8 12) moves an unweighted fit to
 * b = sum(dx dy) / sum(dx^2) = 16.5 / 5 = 3.3, a = 6.75 - 3.3 x 1.5 = 1.8;
 * weighted 0 there, the line again; every x alike, no line. */
static void line_fit_by_hand(void **state)
{
    (void)state;
    const double x[4] = {0, 1, 2, 3}, y[4] = {2, 5, 8, 11}, w[4] = {1, 4, 9, 0.5};
    double a, b;
    assert_int_equal(mcs_line_fit(x, y, NULL, 4, &a, &b), 1);
    expect_close(a, 2, 1e-12);
    expect_close(b, 3, 1e-12);
    assert_int_equal(mcs_line_fit(x, y, w, 4, &a, &b), 1);
    expect_close(a, 2, 1e-12);
    expect_close(b, 3, 1e-12);
    const double off[4] = {2, 5, 8, 12}, skip[4] = {1, 1, 1, 0};
    assert_int_equal(mcs_line_fit(x, off, NULL, 4, &a, &b), 1);
    expect_close(b, 3.3, 1e-12);
    expect_close(a, 1.8, 1e-12);
    assert_int_equal(mcs_line_fit(x, off, skip, 4, &a, &b), 1);
    expect_close(b, 3, 1e-12);
    const double same[3] = {2, 2, 2};
    assert_int_equal(mcs_line_fit(same, y, NULL, 3, &a, &b), 0);
}

static void cpu_setup_by_threads(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    /* 8 blocks: a team of as many threads as asked, up to 8 */
    mcs_workload w = WORKLOAD(8 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_PCG64, 1, 1);
    mcs_prediction c;
    const int threads[] = {1, 4, 8};
    const double with[] = {0.4e-3, 1e-3, 1.8e-3};
    for (int i = 0; i < 3; i++) {
        w.threads = threads[i];
        p.cpu.setup_cold_thread_s = NAN; /* absent: as measured, every count */
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SETUP], 1e-3, 1e-15);
        p.cpu.setup_cold_thread_s = 0.2e-3;
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SETUP], with[i], 1e-12);
        w.cold = 0;
        mcs_predict_cpu(&p.cpu, &w, &c);
        expect_close(c.seconds[MCS_PHASE_SETUP], 1e-5, 1e-15);
        w.cold = 1;
    }
    /* the backend starts no more threads than the job has blocks: 3 blocks
     * on 8 threads set up a team of 3, one block a team of 1 */
    p.cpu.setup_cold_thread_s = 0.2e-3;
    w.threads = 8;
    w.paths = 2 * 65536 + 1;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SETUP], 0.8e-3, 1e-12);
    w.paths = 1000;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SETUP], 0.4e-3, 1e-12);
    p.cpu.setup_cold_thread_s = 1e-3; /* never below 0 */
    w.threads = 1;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_true(c.seconds[MCS_PHASE_SETUP] == 0);
}

/* calibrate's CPU kernel cost from an all-thread run (calibrate_kernels.c)
 * is mcs_predict_cpu's simulate phase inverted: a cost put through the
 * prediction comes back, for one and all threads, whole and partial waves,
 * cold and warm (chunk starts), small blocks and many steps; and one
 * wave of 4 blocks at the test profile's efficiency 0.5 by hand. */
static void cpu_cost_from_a_run_inverts_the_prediction(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    const struct {
        uint64_t paths;
        uint32_t steps, block;
        int threads, cold;
    } cases[] = {{4 * 65536, 1, 65536, 4, 1}, {1000, 1, 65536, 4, 0},
                 {1000000, 252, 1024, 4, 0}, {123457, 16, 4096, 3, 1},
                 {10 * 65536 + 17, 1, 65536, 1, 0}, {1 << 24, 1, 2048, 2, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mcs_workload w = WORKLOAD(cases[i].paths, cases[i].steps, cases[i].block, MCS_SINGLE,
                                  MCS_RNG_PCG64, cases[i].threads, cases[i].cold);
        mcs_prediction c;
        mcs_predict_cpu(&p.cpu, &w, &c);
        double one = (c.cost.path + cases[i].steps * c.cost.step) * 1e-9;
        expect_close(mcs_cpu_seconds_per_path(&p.cpu, &w, c.seconds[MCS_PHASE_SIMULATE]), one,
                     1e-12);
    }
    mcs_workload w = WORKLOAD(4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 4, 1);
    /* 1.31072 ms over one wave of 65536 paths at efficiency 0.5: 10 ns a path */
    expect_close(mcs_cpu_seconds_per_path(&p.cpu, &w, 1.31072e-3), 10e-9, 1e-12);
    /* a run faster than its chunk starts costs nothing a path, never less */
    assert_true(mcs_cpu_seconds_per_path(&p.cpu, &w, 0) == 0);
}

/* Warm slower than cold is implausible (a warm run skips start-up): the
 * test machine's setup, 1 ms cold, is flagged warm at 2 ms, not at 1.2 ms
 * (within the 25% spread) nor at 0.01 ms. */
static void warm_above_cold_is_implausible(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    char buf[256] = "";
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 0);
    p.cpu.setup_warm_s = 0.0012;
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 0);
    p.cpu.setup_warm_s = 0.002;
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 1);
    assert_string_equal(buf, "cpu setup warm 2 ms > cold 1 ms");
    /* every pair of mcs_fixed_phases, both sides, the microsecond keys scaled */
    buf[0] = '\0';
    p.cpu.setup_warm_s = p.cpu.setup_cold_s;
    p.cpu.chunk_start_cold_us = 100;
    p.cpu.chunk_start_warm_us = 1000;
    p.gpu.setup_warm_s = p.gpu.setup_cold_s + 0.003;
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 2);
    assert_non_null(strstr(buf, "cpu chunk start warm 1 ms > cold 0.1 ms"));
    assert_non_null(strstr(buf, "gpu setup warm"));
}

/* mcs_fixed_costs reads each fixed phase from mcs_fixed_phases: a pair's
 * cold or warm key (the GPU's alloc: alloc_cold_s and alloc_s; its context:
 * context_s and context_warm_s), a key for both (the GPU's teardown) on
 * either run, a cold-only key (a process's) 0 warm; the time outside every
 * phase in its own column; microsecond keys (chunk start) on no column. */
static void fixed_costs_follow_the_table(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    double cold[MCS_FIXED_COLUMNS], warm[MCS_FIXED_COLUMNS];
    for (int i = 0; i < MCS_FIXED_COLUMNS; i++)
        cold[i] = warm[i] = -7; /* untouched where no entry names the column */
    p.cpu.process_cold_s = 0.02;
    mcs_fixed_costs(&p.cpu, 0, 1, cold);
    mcs_fixed_costs(&p.cpu, 0, 0, warm);
    assert_true(cold[MCS_PHASE_CONFIG] == p.cpu.config_cold_s);
    assert_true(warm[MCS_PHASE_CONFIG] == p.cpu.config_warm_s);
    assert_true(cold[MCS_PHASE_WRITE] == p.cpu.write_cold_s);
    assert_true(warm[MCS_PHASE_TEARDOWN] == p.cpu.teardown_warm_s);
    assert_true(cold[MCS_FIXED_OTHER] == p.cpu.other_cold_s);
    assert_true(warm[MCS_FIXED_OTHER] == p.cpu.other_warm_s);
    assert_true(cold[MCS_FIXED_PROCESS] == 0.02 && warm[MCS_FIXED_PROCESS] == 0);
    assert_true(cold[MCS_PHASE_SIMULATE] == -7 && warm[MCS_PHASE_CONTEXT] == -7);
    for (int i = 0; i < MCS_FIXED_COLUMNS; i++)
        cold[i] = warm[i] = -7;
    p.gpu.teardown_s = 0.004;
    p.gpu.context_s = 0.2;
    p.gpu.context_warm_s = 6e-6;
    p.gpu.alloc_cold_s = 0.0013;
    p.gpu.process_cold_s = 0.03;
    mcs_fixed_costs(&p.gpu, 1, 1, cold);
    mcs_fixed_costs(&p.gpu, 1, 0, warm);
    assert_true(cold[MCS_PHASE_CONTEXT] == 0.2 && warm[MCS_PHASE_CONTEXT] == 6e-6);
    assert_true(cold[MCS_FIXED_PROCESS] == 0.03 && warm[MCS_FIXED_PROCESS] == 0);
    assert_true(cold[MCS_PHASE_TEARDOWN] == 0.004 && warm[MCS_PHASE_TEARDOWN] == 0.004);
    assert_true(cold[MCS_PHASE_ALLOC] == 0.0013 && warm[MCS_PHASE_ALLOC] == p.gpu.alloc_s);
    assert_true(cold[MCS_PHASE_SETUP] == p.gpu.setup_cold_s);
    assert_true(warm[MCS_PHASE_DEVICE_QUERY] == p.gpu.device_query_warm_s);
    assert_true(warm[MCS_PHASE_WRITE] == p.gpu.write_warm_s);
    assert_true(cold[MCS_PHASE_CONFIG] == -7); /* the host's, not the GPU's */
}

/* A measured kernel whose per-step cost is 0 (the fit wanted it
 * negative) is implausible, named in the problems; a path cost of 0 is not. */
static void zero_step_cost_is_implausible(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    char buf[256] = "";
    p.cpu.kernel_ns[0][0][0] = (mcs_kernel_cost){.step = 1.5};
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 0);
    p.cpu.kernel_ns[0][1][1] = (mcs_kernel_cost){.path = 2};
    assert_int_equal(mcs_profile_problems(&p, buf, sizeof buf), 1);
    char name[MCS_KERNEL_NAME_MAX];
    mcs_kernel_name(0, 1, MCS_RNG_PHILOX, name, sizeof name);
    assert_non_null(strstr(buf, name));
    assert_non_null(strstr(buf, "per-step cost 0"));
}

/* The distance rule of the catalogue's nearest entry (provenance.h): the
 * same CPU model 0, else 1 + |ln(threads ratio)|; the same GPU model 0,
 * else 1 / (words with a digit shared), none shared not a candidate. */
static void nearest_catalogue_entry_by_the_stated_rule(void **state)
{
    (void)state;
    mcs_profile desktop, sxm, rtx;
    char err[256];
    assert_int_equal(mcs_profile_find("desktop", &desktop, err, sizeof err), MCS_OK);
    assert_int_equal(mcs_profile_find("h100-sxm", &sxm, err, sizeof err), MCS_OK);
    assert_int_equal(mcs_profile_find("rtx4090", &rtx, err, sizeof err), MCS_OK);
    assert_true(mcs_profile_cpu_distance(&desktop, "AMD Ryzen 9 7950X", 2) == 0);
    expect_close(mcs_profile_cpu_distance(&desktop, "AMD EPYC", 2), 1 + log(16), 1e-15);
    expect_close(mcs_profile_cpu_distance(&desktop, "AMD EPYC", 64), 1 + log(2), 1e-15);
    assert_true(isinf(mcs_profile_cpu_distance(&sxm, "AMD EPYC", 2))); /* no [cpu] */
    assert_true(mcs_profile_gpu_distance(&sxm, "NVIDIA H100 80GB HBM3") == 0);
    assert_true(mcs_profile_gpu_distance(&sxm, "NVIDIA H100 80GB HBM3e") == 0.5); /* H100, 80GB */
    assert_true(mcs_profile_gpu_distance(&sxm, "NVIDIA H100 NVL") == 1);
    assert_true(isinf(mcs_profile_gpu_distance(&rtx, "NVIDIA H100 NVL")));   /* only NVIDIA */
    assert_true(mcs_profile_gpu_distance(&rtx, "NVIDIA GeForce RTX 4090 Laptop GPU") == 1);
    assert_true(isinf(mcs_profile_gpu_distance(&sxm, "")));                  /* no GPU here */
    assert_true(isinf(mcs_profile_gpu_distance(&desktop, "NVIDIA H100 NVL"))); /* no [gpu] */
}

/* The stated repeat rule (calibrate_kernels.h): at least min rounds, or
 * 2 that agree within 1%; settled when the runs spread at most 5%, or the
 * median moved at most 2% with the last round and they spread at most 25%;
 * at most max rounds; none beyond min past the deadline. */
static void repeats_settle_by_the_stated_rule(void **state)
{
    (void)state;
    mcs_repeat_rule rule = {3, 9, 1e300};
    double tight[] = {1.0, 1.02, 1.01};
    assert_false(mcs_repeats_settled(tight, 2, &rule, 0));     /* fewer than min, 2% apart */
    assert_true(mcs_repeats_settled(tight, 3, &rule, 0));      /* spread 2% */
    double agreed[] = {1.0, 1.009};
    assert_true(mcs_repeats_settled(agreed, 2, &rule, 0));     /* 2 within 1% */
    assert_false(mcs_repeats_settled(agreed, 1, &rule, 0));    /* one is no agreement */
    mcs_repeat_rule five = {5, 9, 1e300}; /* calibrate's fixed costs: 5 rounds asked for */
    assert_false(mcs_repeats_settled(agreed, 2, &five, 0));    /* no agreement shortcut */
    double moving[] = {1.0, 1.1, 1.01, 1.02};
    assert_false(mcs_repeats_settled(moving, 3, &rule, 0));    /* median 1.05 -> 1.01: 4% */
    assert_true(mcs_repeats_settled(moving, 4, &rule, 0));     /* 1.01 -> 1.015, spread 10% */
    double wide[] = {1.0, 1.6, 1.01, 1.02};
    assert_false(mcs_repeats_settled(wide, 4, &rule, 0));      /* moved 0.5%, spread 59% */
    assert_true(mcs_repeats_settled(wide, 4, &rule, 2e300));   /* past the deadline */
    rule.max = 4;
    assert_true(mcs_repeats_settled(wide, 4, &rule, 0));       /* max rounds */
    double spread, x[] = {5, 1, 100, 2, 3}; /* from 5 runs on, less the fastest and slowest */
    assert_true(mcs_trimmed_spread(x, 5, &spread) == 3);
    expect_close(spread, (5.0 - 2.0) / 3, 1e-15);
    assert_true(x[2] == 100); /* not sorted in place */
}

/* Two passes of calibrate's fixed costs: pooled unless one's total is more
 * than 1.25x the other's, then the lower kept. */
static void busy_pass_left_out_past_its_ratio(void **state)
{
    (void)state;
    assert_int_equal(mcs_pass_to_keep(10, 12.4), 0);  /* 1.24x: pooled */
    assert_int_equal(mcs_pass_to_keep(12.4, 10), 0);
    assert_int_equal(mcs_pass_to_keep(10, 12.5), 0);  /* 1.25x exactly: pooled */
    assert_int_equal(mcs_pass_to_keep(10, 12.6), -1); /* the later busy: the first kept */
    assert_int_equal(mcs_pass_to_keep(12.6, 10), 1);  /* the first busy: the later kept */
}

/* 1.5 blocks of 65536 paths (10 ns a path): blocks go to threads one at a
 * time, in order, the partial one last. 1 thread does both, 98304 paths (not
 * two full blocks); 2 threads: the busiest does the full block, at
 * e(2) = 5/6; 2.5 blocks on 2 threads: two full blocks in the first wave,
 * the half one alone in the second, so 65536 + 32768 paths. The old model
 * (waves x a full block) gave 131072, 65536 and 131072 paths. */
static void cpu_partial_block_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_workload w = WORKLOAD(98304, 1, 65536, MCS_SINGLE, MCS_RNG_PCG64, 1, 0);
    mcs_prediction c;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 98304 * 10e-9, 1e-12);
    w.threads = 2;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 10e-9 / (5.0 / 6), 1e-12);
    w.paths = 163840; /* 2.5 blocks */
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 98304 * 10e-9 / (5.0 / 6), 1e-12);
}

/* One launch: launch 5 us + fixed 15 us + 256 path-steps of one thread at
 * 100 ns + 262144 path-steps at 2 ps + first launch 20 us (cold). */
static void gpu_prediction_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_workload w = WORKLOAD(4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 4, 1);
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
    /* (that profile has no alloc_cold_s: the cold run's allocation is the
     * warm alloc_s; with it, the cold run's is alloc_cold_s, a warm one's
     * still alloc_s) */
    const double alloc = g.seconds[MCS_PHASE_ALLOC];
    p.gpu.alloc_cold_s = p.gpu.alloc_s + 3e-3;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_ALLOC], alloc + 3e-3, 1e-15);
    expect_close(g.seconds[MCS_PHASE_TOTAL], 0.209 + 66.124288e-6 + 10.00256e-6, 1e-12);
    w.cold = 0;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_ALLOC], alloc, 1e-15);
    /* a warm run's context: context_warm_s, absent in that profile: none */
    expect_close(g.seconds[MCS_PHASE_CONTEXT], 0, 0);
    p.gpu.context_warm_s = 5e-6;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_CONTEXT], 5e-6, 1e-15);
    w.cold = 1;
    /* the parameters' copy, h2d_cold_s / h2d_warm_s (absent in that
     * profile: none); sobol's tables, cold only (a warm run reads the tables
     * the last kept), steps x draws dimensions of 33 words over the pinned
     * link (10 us + bytes at 50 GB/s) */
    expect_close(g.seconds[MCS_PHASE_H2D], 0, 0);
    p.gpu.h2d_cold_s = 8e-6;
    p.gpu.h2d_warm_s = 3e-6;
    w.rng = MCS_RNG_SOBOL;
    w.steps = 12;
    w.draws = 3;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.h2d_bytes, 12 * 3 * 33 * 4, 0);
    expect_close(g.seconds[MCS_PHASE_H2D], 8e-6 + 10e-6 + 12 * 3 * 33 * 4 / 50e9, 1e-12);
    w.cold = 0;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.h2d_bytes, 0, 0);
    expect_close(g.seconds[MCS_PHASE_H2D], 3e-6, 1e-15);
    w.cold = 1;
    w.rng = MCS_RNG_PCG64; /* the gpu has no pcg64 */
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    assert_false(g.available);
}

/* The config phase of a multi-asset job: the profile's config_warm_s (or
 * cold) plus config_asset_s per asset beyond the first, on both backends;
 * a one-asset job and a profile without the key pay none. */
static void config_per_asset(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, NULL, 0);
    mcs_workload w = mcs_workload_of_job(&job, 4, 0);
    mcs_prediction cpu, gpu;
    p.cpu.config_asset_s = 2e-6;
    mcs_predict_cpu(&p.cpu, &w, &cpu);
    expect_close(cpu.seconds[MCS_PHASE_CONFIG], p.cpu.config_warm_s, 1e-15);
    w.assets = 64;
    w.cold = 1;
    mcs_predict_cpu(&p.cpu, &w, &cpu);
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &gpu);
    expect_close(cpu.seconds[MCS_PHASE_CONFIG], p.cpu.config_cold_s + 63 * 2e-6, 1e-15);
    expect_close(gpu.seconds[MCS_PHASE_CONFIG], p.cpu.config_cold_s + 63 * 2e-6, 1e-15);
    p.cpu.config_asset_s = NAN;
    mcs_predict_cpu(&p.cpu, &w, &cpu);
    expect_close(cpu.seconds[MCS_PHASE_CONFIG], p.cpu.config_cold_s, 1e-15);
}

/* The GPU's size curve (model.h, mcs_gpu_work_paths) on a fake GPU of 4
 * SMs holding 2 blocks each (8 resident), blocks of 65536 paths, the
 * kernel gbm_european_1 single philox at 1 + 3 S ps a path, one thread's
 * walk 256 paths x 4 ns / 2 ps = 512000 paths' time, a block on every SM
 * 65536 x 4 = 262144: a launch whose busiest SM holds j > 1 blocks costs
 * max(ceil(j / 2) x 512000, 512000 + (j - 1.25) x 262144) paths. */
static void gpu_waves_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, NULL, 0);
    mcs_workload w = mcs_workload_of_job(&job, 4, 0);
    w.steps = 1;
    w.block_size = 65536;
    w.precision = MCS_SINGLE;
    w.rng = MCS_RNG_PHILOX;
    int f = mcs_kernel_family_index(w.model, w.payoff, w.mode);
    assert_true(f >= 0);
    p.gpu.sm_count = 4;
    p.gpu.kernel_ramp_path_step_ns[0][0] = 4;
    p.gpu.blocks_per_sm[f][0][0] = 2;
    assert_true(mcs_gpu_blocks_per_sm(&p.gpu, &w, MCS_RNG_PHILOX) == 2);
    const struct {
        double blocks, work;
    } cases[] = {
        {1, 512000},                 /* one block: the walk, not 262144 */
        {5, 512000 + 196608},        /* 2 on the busiest SM: a walk after 3/4 block */
        {8, 512000 + 196608},        /* 2 on every SM: the same as 5 blocks */
        {9, 1024000},                /* 3 a SM: 2 rounds' walks > 1.75 blocks + a walk */
        {8.5, 1024000},              /* the partial block counts whole */
        {40, 512000 + 2293760}       /* 10 a SM: 8.75 blocks, above 5 rounds' 5 walks */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        w.paths = (uint64_t)(cases[i].blocks * 65536);
        expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), cases[i].work, 1e-15);
    }
    /* a walk shorter than a block's work (25600 paths: 256 x 100): one block a
     * SM costs the block, two the block and 3/4 of one */
    p.gpu.walk[f][0][0] = 100;
    w.paths = 65536;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 262144, 1e-15);
    w.paths = 5 * 65536;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 262144 + 196608, 1e-15);
    p.gpu.walk[f][0][0] = NAN;
    /* without the occupancy: every path and one walk per launch (the ramp model) */
    w.paths = 65536;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, NAN), 65536 + 512000, 1e-15);
    /* the kernel's own walk (walk.KERNEL), 5000 saturated paths a thread's path:
     * 256 x 5000 for one block; another precision still has the ramp's */
    p.gpu.walk[f][0][0] = 5000;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 256 * 5000.0, 1e-15);
    /* a walk that long sets the time: 4 blocks a SM are 2 rounds of 2, 2 walks
     * (2560000), more than the pipeline's 1280000 + 2.75 x 262144 */
    w.paths = 16 * 65536;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 2 * 256 * 5000.0, 1e-15);
    w.paths = 65536;
    /* and its fixed part per block (walk_fixed.KERNEL) once a block: 12000 more
     * for one block of 65536 (256 paths a thread), the same for one of 1000
     * (4 paths a thread) */
    p.gpu.walk_fixed[f][0][0] = 12000;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 12000 + 256 * 5000.0, 1e-15);
    /* a narrow walk (walk_narrow.KERNEL) is a multi-asset family's: a one-asset
     * job's walk does not move with one */
    p.gpu.walk_narrow[f][0][0] = 1000;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 12000 + 256 * 5000.0, 1e-15);
    p.gpu.walk_narrow[f][0][0] = NAN;
    w.paths = 1000;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 12000 + 4 * 5000.0, 1e-15);
    w.paths = 65536;
    /* a fixed part without a measured walk is not used: the ramp's walk alone */
    p.gpu.walk[f][0][0] = NAN;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 512000, 1e-15);
    p.gpu.walk_fixed[f][0][0] = NAN;
    {   /* a 64-asset basket on the warp kernel takes its family's wide walk
         * (walk_wide.KERNEL + walk_fixed_wide.KERNEL); on 2 assets (the
         * per-thread kernel) the narrow one */
        mcs_job basket;
        load_config_job("basket", NULL, NULL, &basket, NULL, 0);
        mcs_workload b = mcs_workload_of_job(&basket, 4, 0);
        b.paths = 65536;
        b.block_size = 65536;
        b.precision = MCS_SINGLE;
        b.rng = MCS_RNG_PHILOX;
        int fb = mcs_kernel_family_index(b.model, b.payoff, b.mode);
        assert_true(fb >= 0 && b.assets == 64);
        p.gpu.walk[fb][0][0] = 5000;
        p.gpu.walk_wide[fb][0][0] = 7000;
        p.gpu.walk_fixed_wide[fb][0][0] = 30000;
        p.gpu.blocks_per_sm[fb][0][0] = 1;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 30000 + 256 * 7000.0,
                     1e-15);
        /* the warp kernel walks in passes of 8 paths a virtual thread: a block
         * of 1000 paths (one group of 4 each) is one pass, 8 paths' walk
         * (the per-thread kernel: 4); 2049 paths, two passes (9 paths, 3 groups) */
        b.paths = b.block_size = 1000;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 30000 + 8 * 7000.0,
                     1e-15);
        b.paths = b.block_size = 2049;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 30000 + 16 * 7000.0,
                     1e-15);
        assert_true(mcs_walk_paths(1000, MCS_GPU_VTHREADS, 0) == 4);
        assert_true(mcs_walk_paths(8192, MCS_GPU_VTHREADS, 1) == 32);
        assert_true(mcs_walk_paths(8193, MCS_GPU_VTHREADS, 1) == 40);
        assert_true(mcs_gpu_runs_warp(mcs_model_type_of(b.model), MCS_SINGLE, MCS_RNG_PHILOX, 0,
                                      MCS_WARP_KERNEL_MIN_ASSETS));
        assert_false(mcs_gpu_runs_warp(mcs_model_type_of(b.model), MCS_SINGLE, MCS_RNG_PHILOX, 0,
                                       MCS_WARP_KERNEL_MIN_ASSETS - 1));
        assert_false(mcs_gpu_runs_warp(mcs_model_type_of(b.model), MCS_DOUBLE, MCS_RNG_PHILOX, 0,
                                       64));
        b.paths = b.block_size = 65536;
        b.assets = 2;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 256 * 5000.0, 1e-15);
        /* with the narrow top point's walk (walk_narrow.KERNEL, 12 assets on the
         * per-thread kernel): on the line through the 2-asset job's and it, in
         * the assets: 7 halfway (the fixed parts too: none and 40000), 12 and
         * beyond (the per-thread kernel in double) the narrow one's; 2 assets
         * the calibration job's own */
        p.gpu.walk_narrow[fb][0][0] = 3000;
        p.gpu.walk_fixed_narrow[fb][0][0] = 40000;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 256 * 5000.0, 1e-15);
        b.assets = 7;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 20000 + 256 * 4000.0,
                     1e-15);
        b.assets = 12;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 40000 + 256 * 3000.0,
                     1e-15);
        b.assets = 64; /* the warp kernel's, as above */
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 30000 + 256 * 7000.0,
                     1e-15);
        b.precision = MCS_DOUBLE; /* the per-thread kernel: the narrow one's, no further */
        p.gpu.walk[fb][1][0] = 5000;
        p.gpu.walk_narrow[fb][1][0] = 3000;
        p.gpu.blocks_per_sm[fb][1][0] = 1;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 256 * 3000.0, 1e-15);
        /* where the wide point ran the per-thread kernel too (double), its walk
         * (walk_wide.KERNEL, 64 assets) continues the line from the narrow
         * top point's: 38 assets halfway (2000 and the fixed parts' 15000: none and 30000), 64
         * its own; without the narrow one, the line from the 2-asset job's */
        p.gpu.walk_wide[fb][1][0] = 1000;
        p.gpu.walk_fixed_wide[fb][1][0] = 30000;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 30000 + 256 * 1000.0,
                     1e-15);
        b.assets = 38;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 15000 + 256 * 2000.0,
                     1e-15);
        p.gpu.walk_narrow[fb][1][0] = NAN;
        b.assets = 33; /* halfway from 2 to 64: 3000 and 15000 */
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 15000 + 256 * 3000.0,
                     1e-15);
        /* and the middle point's (walk_mid.KERNEL, 16 assets), where that ran
         * the per-thread kernel: 9 assets halfway from 2 (3500, 5000), 16
         * its own, 40 halfway to 64 (1500, 20000) */
        p.gpu.walk_mid[fb][1][0] = 2000;
        p.gpu.walk_fixed_mid[fb][1][0] = 10000;
        const struct {
            double assets, work;
        } mid[] = {{9, 5000 + 256 * 3500.0}, {16, 10000 + 256 * 2000.0},
                   {40, 20000 + 256 * 1500.0}, {64, 30000 + 256 * 1000.0}};
        for (size_t i = 0; i < sizeof mid / sizeof mid[0]; i++) {
            b.assets = mid[i].assets;
            expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), mid[i].work, 1e-15);
        }
        /* all three: 14 assets between the narrow top point's (3000, 40000)
         * and the middle one's (2000, 10000), halfway */
        p.gpu.walk_narrow[fb][1][0] = 3000;
        p.gpu.walk_fixed_narrow[fb][1][0] = 40000;
        b.assets = 14;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 25000 + 256 * 2500.0,
                     1e-15);
        /* the warp kernel's wide and middle walks are not the per-thread
         * line's (single: 16 and 64 assets run the warp kernel): with the
         * narrow one's too, 8 assets on the line to it; without it, the
         * calibration job's own walk (the others would bend it) */
        b.precision = MCS_SINGLE;
        p.gpu.walk_mid[fb][0][0] = 1;
        b.assets = 8;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1),
                     40000 * 0.6 + 256 * (5000 - 0.6 * 2000.0), 1e-15);
        p.gpu.walk_narrow[fb][0][0] = NAN;
        expect_close(mcs_gpu_work_paths(&p.gpu, &b, MCS_RNG_PHILOX, 1), 256 * 5000.0, 1e-15);
        p.gpu.walk_narrow[fb][0][0] = 3000;
    }
    {   /* an Asian's walk on the line in the share of its steps it watches,
         * between its sparsest fit point's (12 fixings of 264 steps:
         * walk_sparse.KERNEL, walk_fixed_sparse.KERNEL) and its last one's
         * (264 of 264: walk.KERNEL, walk_fixed.KERNEL) */
        mcs_job asian;
        load_config_job("asian", NULL, NULL, &asian, NULL, 0);
        mcs_workload a = mcs_workload_of_job(&asian, 4, 0);
        a.paths = a.block_size = 65536;
        a.precision = MCS_SINGLE;
        a.rng = MCS_RNG_PHILOX;
        int fa = mcs_kernel_family_index(a.model, a.payoff, a.mode);
        double lo, hi;
        assert_true(fa >= 0 && mcs_kernel_family_watch_shares(fa, &lo, &hi));
        expect_close(lo, 12 / 264.0, 1e-15);
        expect_close(hi, 1, 0);
        p.gpu.walk[fa][0][0] = 5000;
        p.gpu.walk_fixed[fa][0][0] = 20000;
        p.gpu.blocks_per_sm[fa][0][0] = 1;
        a.steps = a.watched = 260; /* watching all: the last point's */
        expect_close(mcs_gpu_work_paths(&p.gpu, &a, MCS_RNG_PHILOX, 1), 20000 + 256 * 5000.0,
                     1e-15);
        p.gpu.walk_sparse[fa][0][0] = 3000;
        p.gpu.walk_fixed_sparse[fa][0][0] = 10000;
        expect_close(mcs_gpu_work_paths(&p.gpu, &a, MCS_RNG_PHILOX, 1), 20000 + 256 * 5000.0,
                     1e-15);
        a.watched = 52; /* a fifth: t = (1/5 - 12/264) / (1 - 12/264) = 17/105 */
        const double t = 17 / 105.0;
        expect_close(mcs_gpu_work_paths(&p.gpu, &a, MCS_RNG_PHILOX, 1),
                     10000 + t * 10000 + 256 * (3000 + t * 2000), 1e-12);
        a.steps = 1000; /* fewer than the sparse point's: its own */
        a.watched = 1;
        expect_close(mcs_gpu_work_paths(&p.gpu, &a, MCS_RNG_PHILOX, 1), 10000 + 256 * 3000.0,
                     1e-15);
        /* a family without a sparser fit point (the European's) keeps its walk */
        int fe = mcs_kernel_family_index(w.model, w.payoff, w.mode);
        assert_false(mcs_kernel_family_watch_shares(fe, &lo, &hi));
    }
    /* 2^17 steps: 2 blocks a launch (2^34 path-steps), so 5 blocks are launches of
     * 2, 2 and 1 block, each one wave of 1 block per SM: 3 walks */
    w.steps = 131072;
    w.paths = 5 * 65536;
    expect_close(mcs_gpu_work_paths(&p.gpu, &w, MCS_RNG_PHILOX, 2), 3 * 512000, 1e-15);
    /* the prediction: launches x (5 + 15 us) + (1 + 3 S) ps x the work */
    mcs_prediction g;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.launches, 3, 0);
    expect_close(g.seconds[MCS_PHASE_SIMULATE], 3 * 20e-6 + (1 + 3 * 131072.0) * 1e-12 * 1536000,
                 1e-12);
    w.steps = 1;
    w.paths = 65536;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_SIMULATE], 20e-6 + 4e-12 * 512000, 1e-12);
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
        mcs_workload w = WORKLOAD(1, 1, 65536, MCS_SINGLE, MCS_RNG_PHILOX, 4, cold);
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
    expect_parse_error(text, "bad.ini:4: [disk] unknown section");
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
        if (mcs_profile_format(&p, NULL, &text, &len, err, sizeof err) != MCS_OK)
            fail_msg("%s: %s", e->name, err);
        if (mcs_profile_parse_n(text, len, "written", &q, err, sizeof err) != MCS_OK)
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

/* Row of a fixture sweep (4 threads, philox, single, blocks of 65536): the
 * run of workload w (its paths, steps and mode) on the GPU (gpu) or the CPU,
 * repeat r, each phase the profile's prediction times `factor`. */
static void workload_row(mcs_sweep_row *row, const mcs_profile *p, const mcs_workload *w,
                         int gpu, int r, double factor)
{
    memset(row, 0, sizeof *row);
    snprintf(row->backend, sizeof row->backend, "%s", gpu ? "gpu" : "cpu");
    snprintf(row->mode, sizeof row->mode, "%s", w->cold ? "cold" : "warm");
    row->paths = w->paths;
    row->steps = w->steps;
    row->block_size = 65536;
    snprintf(row->precision, sizeof row->precision, "single");
    snprintf(row->rng, sizeof row->rng, "philox");
    row->threads = 4;
    row->repeat = r;
    mcs_prediction pr;
    if (gpu)
        mcs_predict_gpu(&p->gpu, &p->cpu, w, &pr);
    else
        mcs_predict_cpu(&p->cpu, w, &pr);
    for (int k = 0; k < MCS_PHASE_COUNT; k++)
        row->seconds[k] = pr.seconds[k] * factor;
}

/* A break-even predicted from one path (mcs_break_even 1: the GPU faster at
 * every count) is said so in validate's text, its ratio one over the
 * measured N*, never "predicted 1 ... ratio 0.00" (an infinite worst ratio
 * in bench/validate_estimator.sh's summary, 2026-11-29). The profile's GPU
 * writes its log, asks the device and allocates free, the CPU writes in 2 ms
 * (both spend 0.2 ms outside every phase); the runs are its predictions,
 * the GPU's 40 times as long up to 1e4 paths, so they cross between 1e4
 * and 1e5. */
static void validate_says_the_gpu_faster_at_every_count(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    p.gpu.write_warm_s = p.gpu.device_query_warm_s = p.gpu.alloc_s = 0;
    p.cpu.write_warm_s = 0.002;
    p.cpu.other_warm_s = p.cpu.other_cold_s = 2e-4; /* outside every phase, both sides' */
    static mcs_sweep_meta meta;
    memset(&meta, 0, sizeof meta);
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, meta.config, sizeof meta.config);
    mcs_workload w = mcs_workload_of_job(&job, 4, 0);
    assert_true(mcs_break_even(&p.cpu, &p.gpu, &w) == 1);
    mcs_sweep_row rows[2 * 3 * 5];
    size_t n = 0;
    for (int b = 0; b < 2; b++)
        for (int r = 0; r < 3; r++)
            for (int s = 3; s <= 7; s++) {
                w.paths = (uint64_t)pow(10, s);
                workload_row(&rows[n++], &p, &w, b, r, b && s <= 4 ? 40 : 1);
            }
    char err[512] = "", sweep[] = "test_estimator_one_path.h5", prof[] = "test_estimator_one_path.ini";
    snprintf(meta.config_file, sizeof meta.config_file, "configs/european.ini");
    snprintf(meta.host, sizeof meta.host, "fixture");
    if (mcs_sweep_write(sweep, &meta, rows, n, err, sizeof err) != MCS_OK ||
        mcs_profile_save(prof, &p, NULL, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    static char text[1 << 16];
    FILE *tf = fmemopen(text, sizeof text, "w");
    assert_non_null(tf);
    char *argv[] = {"validate", sweep, "--profile", prof, "-q", NULL};
    optind = 0;
    assert_int_equal(mcs_validate_command(5, argv, 0, tf, tf, err, sizeof err), MCS_OK);
    fclose(tf);
    remove(sweep);
    remove(prof);
    const char *line = strstr(text, "  warm  single  predicted the GPU faster at every path count, "
                                    "measured ");
    double measured = 0, ratio = 0;
    if (!line || sscanf(strchr(line, ',') + strlen(", measured "), "%lf ratio %lf", &measured,
                        &ratio) != 2)
        fail_msg("validate's break-even lines:\n%s",
                 strstr(text, "break-even N*") ? strstr(text, "break-even N*") : text);
    assert_true(measured > 1e4 && measured < 1e5);
    expect_close(ratio, 1 / measured, 2e-3); /* (printed to 3 digits) */
    assert_null(strstr(text, "ratio 0.00"));
    /* "other", the total less the phases, compared as a phase: the CPU's
     * runs are their predictions, so no bias; listed just before the total */
    const char *other = strstr(text, "  cpu  warm  other "),
               *total = strstr(text, "  cpu  warm  total ");
    int sizes = 0;
    double bias = -1;
    if (!other || !total || other > total ||
        sscanf(other, " cpu warm other %d %lf%%", &sizes, &bias) != 2 || sizes != 5 || bias != 0)
        fail_msg("validate's phase table lacks the CPU's other (5 sizes, 0.0%%) before its "
                 "total:\n%s", strstr(text, "per phase") ? strstr(text, "per phase") : text);
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
    /* the sweep's job: configs/european.ini, a call, whose kernel
     * (gbm_european_1) has its own costs in test-machine.ini */
    static mcs_sweep_meta meta;
    memset(&meta, 0, sizeof meta);
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, meta.config, sizeof meta.config);
    for (int b = 0; b < 2; b++)
        for (int cold = 0; cold < 2; cold++)
            for (int r = 0; r < 3; r++)
                for (int s = 3; s <= 9; s++) {
                    mcs_sweep_row *row = &rows[n++];
                    mcs_workload w = mcs_workload_of_job(&job, 4, cold);
                    w.paths = (uint64_t)pow(10, s);
                    workload_row(row, &p, &w, b, r, b ? factor : 1);
                    /* a phase the model gives no time: listed apart, blind */
                    assert_true(row->seconds[MCS_PHASE_RNG_INIT] == 0);
                    if (!b)
                        row->seconds[MCS_PHASE_RNG_INIT] = 1e-3 * row->seconds[MCS_PHASE_TOTAL];
                }
    const char *keep = getenv("MCS_SWEEP_KEEP");
    char path[512];
    snprintf(path, sizeof path, "%s", keep ? keep : "test_estimator_sweep.h5");
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
    /* each side's predictions took the kernel's own costs, named */
    assert_true(v.kernels[0].known);
    for (int b = 0; b < 2; b++) {
        assert_int_equal(v.kernels[0].source[b], MCS_COST_KERNEL);
        assert_string_equal(v.kernels[0].kernel[b], "gbm_european_1_single_philox");
    }
    for (size_t i = 0; i < v.n_speedups; i++) {
        expect_close(v.speedups[i].median, 0.1, 1e-9);
        expect_close(v.speedups[i].p90, 0.1, 1e-9);
    }
    for (int i = 0; i < v.n_phases; i++) {
        expect_close(v.phases[i].median, strcmp(v.phases[i].backend, "gpu") == 0 ? 0.1 : 0,
                     1e-9);
        assert_string_not_equal(v.phases[i].phase, "rng_init");
    }
    assert_int_equal(v.n_blind, 2); /* the CPU's rng_init, cold and warm */
    for (int i = 0; i < v.n_blind; i++) {
        assert_string_equal(v.blind[i].backend, "cpu");
        assert_string_equal(v.blind[i].phase, "rng_init");
        assert_int_equal(v.blind[i].n, 7);
        assert_int_equal(v.blind[i].runs, 21);
        expect_close(v.blind[i].share, 1e-3, 1e-9);
    }
    /* decisions: wrong exactly where 1 < predicted speedup <= e^0.1 */
    int wrong = 0;
    for (size_t i = 0; i < v.n_points; i++)
        wrong += v.points[i].predicted > 1 && v.points[i].predicted <= factor;
    assert_int_equal(v.decisions, 14);
    assert_int_equal(v.correct, 14 - wrong);
    /* the measured GPU is slower, so it breaks even later */
    for (size_t i = 0; i < v.n_break_even; i++)
        if (!v.break_even[i].below && !v.break_even[i].above)
            assert_true(v.break_even[i].measured > v.break_even[i].predicted);
    mcs_validation_free(&v);
    if (!keep)
        remove(path);
}

/* validate predicts a sweep's rows with its job's own workload: a 64-asset
 * basket's normals and assets (its kernel costs scale with them), not the
 * calibration job's (they were left 0: the basket was predicted as 2
 * assets, 4-15x short on the H100 machine). */
static void validate_rows_keep_the_jobs_size(void **state)
{
    (void)state;
    static mcs_sweep_meta meta;
    memset(&meta, 0, sizeof meta);
    mcs_job job;
    load_config_job("basket", NULL, NULL, &job, meta.config, sizeof meta.config);
    mcs_sweep_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.backend, sizeof row.backend, "cpu");
    snprintf(row.mode, sizeof row.mode, "warm");
    row.paths = 1000;
    row.steps = 3;
    row.block_size = 65536;
    snprintf(row.precision, sizeof row.precision, "single");
    snprintf(row.rng, sizeof row.rng, "pcg64");
    row.threads = 2;
    for (int k = 0; k < MCS_PHASE_COUNT; k++)
        row.seconds[k] = 1e-3;
    snprintf(meta.config_file, sizeof meta.config_file, "configs/basket.ini");
    snprintf(meta.host, sizeof meta.host, "fixture");
    const char *path = "test_estimator_basket_sweep.h5";
    char err[512] = "";
    if (mcs_sweep_write(path, &meta, &row, 1, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    static mcs_validation v;
    const char *files[] = {path};
    if (mcs_validate_read(files, 1, &v, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    assert_true(v.kernels[0].known);
    mcs_workload w = mcs_validate_row_workload(&v, 0);
    assert_int_equal(w.assets, 64);
    assert_int_equal(w.normals, 64);
    assert_int_equal(w.model, MCS_MODEL_MULTI_GBM);
    assert_int_equal(w.steps, 3); /* the row's sizes */
    assert_int_equal(w.paths, 1000);
    assert_int_equal(w.threads, 2);
    assert_int_equal(w.rng, MCS_RNG_PCG64);
    mcs_validation_free(&v);
    remove(path);
}

/* --- profiles: writing then reading gives the same profile (issue 11.13) --- */

/* xorshift64*: the property tests' reproducible randomness. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t next_u64(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}
static double uniform(void) { return (double)(next_u64() >> 11) * 0x1p-53; }

/* A finite number >= 0 (> 0 when positive) of any magnitude and digits:
 * plain decimals, random bits (subnormals included), powers of two. */
static double random_number(int positive)
{
    switch (next_u64() % 4) {
    case 0:
        if (!positive)
            return 0;
        return 1e-3;
    case 1:
        return (double)(1 + next_u64() % 100000) / 1000;
    case 2: {
        uint64_t bits = next_u64() & 0x7fefffffffffffffULL; /* sign clear, finite */
        double v;
        memcpy(&v, &bits, sizeof v);
        return v > 0 ? v : 1;
    }
    default:
        return ldexp(uniform() + 0.5, (int)(next_u64() % 400) - 200);
    }
}

/* Text INI holds as it is: no line break, no space at either end, no ';'
 * at the start or after a space; `most` characters at most. */
static void random_text(char *buf, size_t most)
{
    static const char *pieces[] = {"a", "Z", "7", " ", "-", ";", "=", ":", "#", "[", "]", "\"",
                                   "\t", "\xc3\xa9", "(", "x", "/", "|", "."};
    size_t want = most ? next_u64() % (most + 1) : 0, n = 0;
    while (n < want) {
        const char *p = pieces[next_u64() % (sizeof pieces / sizeof pieces[0])];
        size_t len = strlen(p);
        if (n + len > want)
            break;
        if (p[0] == ';' && (n == 0 || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
            p = "x", len = 1;
        memcpy(buf + n, p, len);
        n += len;
    }
    while (n > 0 && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
        n--;
    buf[n] = '\0';
    if (buf[0] == ' ' || buf[0] == '\t')
        buf[0] = 'y';
}

/* A text field of a profile: what fits its field and a profile line. */
#define RANDOM_TEXT(field, key)                                                              \
    random_text(field, sizeof(field) - 1 < 199 - strlen(key " = ") ? sizeof(field) - 1        \
                                                                  : 199 - strlen(key " = "))

/* Random costs for about one kernel in eight of a side's table (n slots),
 * each cost NAN one time in four. */
static void random_kernels(mcs_kernel_cost *table, size_t n, int gpu)
{
    for (size_t i = 0; i < n; i++)
        if (next_u64() % 8 == 0) {
            mcs_kernel_cost *c = &table[i];
            /* every cost a profile writes for the side (the narrow ones: the
             * GPU's per-thread kernel's alone) */
            double *cost[] = {&c->path,     &c->step,      &c->watch,        &c->wide_path,
                              &c->wide_step, &c->mid_step, &c->dear_step,    &c->mid_path,
                              &c->variant_step, &c->narrow_step, &c->narrow_top_step,
                              &c->narrow_path, &c->narrow_top_path};
            const size_t n_cost = sizeof cost / sizeof cost[0] - (gpu ? 0 : 4);
            _Static_assert(sizeof *c == 13 * sizeof(double),
                           "random_kernels: every member of mcs_kernel_cost listed");
            for (size_t k = 0; k < n_cost; k++)
                *cost[k] = next_u64() % 4 ? random_number(0) : NAN;
        }
}

/* A random thread table: up to 6 rising thread counts within 4096 (else
 * none), values in (0, most]. */
static void random_table(mcs_thread_table *t, double most)
{
    t->n = (int)(next_u64() % 7);
    double threads = 0;
    for (int i = 0; i < t->n; i++) {
        threads += (double)(1 + next_u64() % 600);
        t->threads[i] = threads;
        t->value[i] = most * (1 - uniform());
    }
    if (threads > 4096)
        t->n = 0;
}

static void random_cpu(mcs_cpu_profile *c)
{
    double *any[] = {&c->base_clock_mhz, &c->all_core_clock_mhz, &c->fp32_flops_per_cycle,
                     &c->config_cold_s, &c->config_warm_s, &c->config_asset_s,
                     &c->write_cold_s, &c->write_warm_s,
                     &c->other_cold_s, &c->other_warm_s, &c->process_cold_s,
                     &c->spread.process_cold_s, &c->setup_cold_s, &c->setup_warm_s,
                     &c->setup_cold_thread_s, &c->spread.setup_cold_thread_s,
                     &c->teardown_cold_s, &c->teardown_warm_s, &c->chunk_start_cold_us,
                     &c->chunk_start_warm_us, &c->chunk_start_one_cold_us,
                     &c->chunk_start_one_warm_us, &c->reduce_block_ns, &c->repeat_spread};
    double *positive[] = {&c->fp32_gflops, &c->fp64_gflops, &c->sustained_gflops_fp32,
                          &c->path_step_ns[0][0], &c->path_step_ns[0][1],
                          &c->path_step_ns[1][0], &c->path_step_ns[1][1]};
    for (size_t i = 0; i < sizeof any / sizeof any[0]; i++)
        *any[i] = next_u64() % 4 ? random_number(0) : NAN;
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; i++)
        *positive[i] = next_u64() % 4 ? random_number(1) : NAN;
    c->cores = next_u64() % 4 ? (double)(1 + next_u64() % 4096) : NAN;
    c->threads = next_u64() % 4 ? (double)(1 + next_u64() % 4096) : NAN;
    RANDOM_TEXT(c->model, "model");
    random_table(&c->scaling, 1.5); /* efficiencies in (0, 1.5] */
    random_table(&c->wave, 10);     /* factors in (0, 10] */
    double *spread = (double *)&c->spread; /* every fixed cost's spread */
    for (size_t i = 0; i < sizeof c->spread / sizeof *spread; i++)
        spread[i] = next_u64() % 4 ? random_number(0) : NAN;
    /* the compiled kernels' slots only: the others are never written */
    random_kernels(&c->kernel_ns[0][0][0],
                   (size_t)mcs_kernel_family_count() * MCS_PREC_COUNT * MCS_CPU_RNG_COUNT, 0);
}

static void random_gpu(mcs_gpu_profile *g)
{
    double *any[] = {&g->memory_gb, &g->memory_bandwidth_gbps, &g->context_s,
                     &g->process_cold_s, &g->spread.process_cold_s,
                     &g->device_query_cold_s, &g->device_query_warm_s, &g->setup_cold_s,
                     &g->setup_warm_s, &g->alloc_s, &g->alloc_cold_s, &g->alloc_ns_per_byte,
                     &g->h2d_cold_s, &g->h2d_warm_s, &g->spread.h2d_warm_s, &g->teardown_s,
                     &g->context_warm_s, &g->spread.context_warm_s,
                     &g->write_cold_s, &g->write_warm_s, &g->launch_us, &g->first_launch_us,
                     &g->h2d_pinned.alpha_us, &g->h2d_pageable.alpha_us, &g->d2h_pinned.alpha_us,
                     &g->d2h_pageable.alpha_us, &g->copy_fit_error, &g->kernel_fit_error,
                     &g->reduce_block_ns};
    double *positive[] = {&g->boost_clock_mhz,      &g->fp32_tflops,          &g->fp64_tflops,
                          &g->fp16_tflops,          &g->pcie_gbps,            &g->h2d_pinned.gbps,
                          &g->h2d_pageable.gbps,    &g->d2h_pinned.gbps,      &g->d2h_pageable.gbps,
                          &g->context_together[0],  &g->context_together[1],
                          &g->context_together[2],  &g->context_together[3]};
    for (size_t i = 0; i < sizeof any / sizeof any[0]; i++)
        *any[i] = next_u64() % 4 ? random_number(0) : NAN;
    for (size_t i = 0; i < sizeof positive / sizeof positive[0]; i++)
        *positive[i] = next_u64() % 4 ? random_number(1) : NAN;
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int k = 0; k < MCS_GPU_RNG_COUNT; k++) {
            g->kernel_path_step_ps[q][k] = next_u64() % 4 ? random_number(1) : NAN;
            g->kernel_ramp_path_step_ns[q][k] = next_u64() % 4 ? random_number(0) : NAN;
            g->kernel_fixed_us[q][k] = next_u64() % 4 ? random_number(0) : NAN;
        }
    g->sm_count = next_u64() % 4 ? (double)(1 + next_u64() % 4096) : NAN;
    double *spread = (double *)&g->spread;
    for (size_t i = 0; i < sizeof g->spread / sizeof *spread; i++)
        spread[i] = next_u64() % 4 ? random_number(0) : NAN;
    RANDOM_TEXT(g->model, "model");
    random_kernels(&g->kernel_ps[0][0][0],
                   (size_t)mcs_kernel_family_count() * MCS_PREC_COUNT * MCS_GPU_RNG_COUNT, 1);
    for (int f = 0; f < mcs_kernel_family_count(); f++) /* counts, about one in eight */
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int k = 0; k < MCS_GPU_RNG_COUNT; k++)
            {
                if (next_u64() % 8 == 0)
                    g->blocks_per_sm[f][q][k] = (double)(1 + next_u64() % 32);
                if (next_u64() % 8 == 0) /* and walks */
                    g->walk[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_fixed[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_wide[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_fixed_wide[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_narrow[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_fixed_narrow[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_mid[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_fixed_mid[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_sparse[f][q][k] = random_number(0);
                if (next_u64() % 8 == 0)
                    g->walk_fixed_sparse[f][q][k] = random_number(0);
            }
}

/* A profile of random sections and values; one section in eight keeps
 * none of its keys (written as a bare header, which must stay). */
static void random_profile(mcs_profile *p)
{
    mcs_profile_init(p);
    int sections = 1 + (int)(next_u64() % 3); /* 1 cpu, 2 gpu, 3 both */
    p->has_cpu = sections & 1;
    p->has_gpu = (sections & 2) != 0;
    snprintf(p->kind, sizeof p->kind, "%s", sections == 3 ? "machine" : p->has_cpu ? "cpu" : "gpu");
    do
        RANDOM_TEXT(p->name, "name");
    while (!p->name[0]);
    p->calibrated = (int)(next_u64() % 2);
    p->quick = (int)(next_u64() % 2);
    RANDOM_TEXT(p->description, "description");
    RANDOM_TEXT(p->source, "source");
    RANDOM_TEXT(p->host, "host");
    RANDOM_TEXT(p->date, "date");
    RANDOM_TEXT(p->mcsim_version, "mcsim_version");
    RANDOM_TEXT(p->warning, "warning");
    static const char *bases[] = {"", "cloud", "amortised"};
    snprintf(p->price_basis, sizeof p->price_basis, "%s", bases[next_u64() % 3]);
    p->price_per_hour = next_u64() % 2 ? random_number(0) : NAN;
    if (p->has_cpu && next_u64() % 8)
        random_cpu(&p->cpu);
    if (p->has_gpu && next_u64() % 8)
        random_gpu(&p->gpu);
}

/* Property: for varied profiles, the written text reads back as the same
 * profile, and writing that gives the same text again. */
static void written_profiles_read_back_the_same(void **state)
{
    (void)state;
    static mcs_profile p, q;
    for (int i = 0; i < 3000; i++) {
        random_profile(&p);
        char err[1024] = "", *text = NULL, *again = NULL, what[128];
        size_t len = 0, len2 = 0;
        if (mcs_profile_format(&p, "# a header\n", &text, &len, err, sizeof err) != MCS_OK)
            fail_msg("profile %d: not written: %s", i, err);
        if (mcs_profile_parse_n(text, len, "written.ini", &q, err, sizeof err) != MCS_OK)
            fail_msg("profile %d: written, not read back: %s\n%s", i, err, text);
        if (mcs_profile_diff(&p, &q, what, sizeof what))
            fail_msg("profile %d: %s reads back differently\n%s", i, what, text);
        assert_int_equal(mcs_profile_format(&q, "# a header\n", &again, &len2, err, sizeof err),
                         MCS_OK);
        assert_int_equal(len, len2);
        assert_memory_equal(text, again, len);
        free(text);
        free(again);
    }
}

/* Property: a profile's lines in any order within their sections read
 * back as the same profile (the reader looks a kernel key up from the
 * family of the line before: a hint, never the answer). */
static void shuffled_profiles_read_back_the_same(void **state)
{
    (void)state;
    static mcs_profile p, q;
    for (int i = 0; i < 300; i++) {
        random_profile(&p);
        char err[1024] = "", *text = NULL, what[128];
        size_t len = 0;
        assert_int_equal(mcs_profile_format(&p, NULL, &text, &len, err, sizeof err), MCS_OK);
        char **line = malloc((len + 1) * sizeof *line), *shuffled = malloc(len + 1);
        int n = 0;
        for (char *at = strtok(text, "\n"); at; at = strtok(NULL, "\n"))
            line[n++] = at;
        for (int a = 0; a < n;) { /* a section: its header, then lines up to the next */
            int b = a + 1;
            while (b < n && line[b][0] != '[')
                b++;
            for (int k = b - 1; k > a + 1; k--) { /* Fisher-Yates over the lines after it */
                int j = a + 1 + (int)(next_u64() % (uint64_t)(k - a));
                char *t = line[k];
                line[k] = line[j];
                line[j] = t;
            }
            a = b;
        }
        size_t used = 0;
        for (int k = 0; k < n; k++)
            used += (size_t)sprintf(shuffled + used, "%s\n", line[k]);
        if (mcs_profile_parse_n(shuffled, used, "shuffled.ini", &q, err, sizeof err) != MCS_OK)
            fail_msg("profile %d: shuffled, not read: %s", i, err);
        if (mcs_profile_diff(&p, &q, what, sizeof what))
            fail_msg("profile %d: %s reads back differently shuffled", i, what);
        free(line);
        free(shuffled);
        free(text);
    }
}

/* A section whose keys are all absent is written as its header and stays
 * (kind = machine with an empty [gpu] loaded before only without it). */
static void empty_section_survives_writing(void **state)
{
    (void)state;
    mcs_profile p, q;
    mcs_profile_init(&p);
    snprintf(p.name, sizeof p.name, "bare");
    snprintf(p.kind, sizeof p.kind, "machine");
    p.has_cpu = p.has_gpu = 1;
    char err[512] = "", *text = NULL, what[128];
    size_t len = 0;
    assert_int_equal(mcs_profile_format(&p, NULL, &text, &len, err, sizeof err), MCS_OK);
    assert_non_null(strstr(text, "[cpu]\n"));
    assert_non_null(strstr(text, "[gpu]\n"));
    assert_int_equal(mcs_profile_parse_n(text, len, "bare.ini", &q, err, sizeof err), MCS_OK);
    assert_true(q.has_cpu && q.has_gpu);
    assert_int_equal(mcs_profile_diff(&p, &q, what, sizeof what), 0);
    free(text);
}

static void expect_format_error(const mcs_profile *p, const char *message)
{
    char err[512] = "", *text = (char *)"unchanged";
    size_t len = 1;
    assert_int_not_equal(mcs_profile_format(p, NULL, &text, &len, err, sizeof err), MCS_OK);
    assert_null(text);
    if (!strstr(err, message))
        fail_msg("message '%s' lacks '%s'", err, message);
}

/* What could not be read back as written is refused, naming the key. */
static void writer_refuses_what_would_not_read_back(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_profile base = p;
    snprintf(p.description, sizeof p.description, "fine\nprice_per_hour = 999");
    expect_format_error(&p, "[profile] description: holds a control character");
    p = base;
    memset(p.description, 'd', 230);
    p.description[230] = '\0';
    expect_format_error(&p, "[profile] description: the line 'description = ...' would be 244 "
                            "characters; a profile line holds at most 199");
    p = base;
    snprintf(p.host, sizeof p.host, "a ;comment");
    expect_format_error(&p, "[profile] host: holds ';'");
    p = base;
    snprintf(p.cpu.model, sizeof p.cpu.model, " padded");
    expect_format_error(&p, "[cpu] model: begins or ends with a space");
    p = base;
    p.gpu.d2h_pinned.gbps = 0;
    expect_format_error(&p, "[gpu] d2h_pinned_gbps = 0: must be a number > 0");
    p = base;
    p.cpu.threads = INFINITY;
    expect_format_error(&p, "[cpu] threads = inf: must be a finite number");
    p = base;
    p.cpu.scaling.n = 2;
    p.cpu.scaling.threads[1] = 1; /* not rising */
    expect_format_error(&p, "[cpu] scaling: thread counts must be whole numbers");
    p = base;
    p.cpu.wave.n = 1;
    p.cpu.wave.threads[0] = 1;
    p.cpu.wave.value[0] = 11; /* beyond 10 */
    expect_format_error(&p, "[cpu] wave: factors must be in (0, 10]");
    p = base;
    p.has_gpu = 0; /* kind = machine needs one */
    expect_format_error(&p, "would not load once written: the profile as written: kind = "
                            "machine needs a [gpu] section");
}

/* --- profiles: what the reader refuses (issue 11.5, 7, 10, 11) ------------ */

static void expect_parse_error_n(const char *text, size_t len, const char *message)
{
    mcs_profile p;
    char err[512] = "";
    assert_int_equal(mcs_profile_parse_n(text, len, "bad.ini", &p, err, sizeof err),
                     MCS_E_CONFIG);
    if (!strstr(err, message))
        fail_msg("message '%s' lacks '%s'", err, message);
}

/* A line over 199 characters is an error naming it, never split: before,
 * its tail was read as a line of its own (a long description injected
 * price_per_hour = 999). A NUL byte is found by what was read, not strlen. */
static void long_lines_and_nul_bytes_are_refused(void **state)
{
    (void)state;
    static const char head[] = "[profile]\nname = x\nkind = cpu\n";
    char text[1024], pad[200];
    memset(pad, 'x', 185);
    pad[185] = '\0'; /* "description = " + 185 = 199 characters: the longest line */
    snprintf(text, sizeof text, "%sdescription = %s\n[cpu]\n", head, pad);
    mcs_profile p;
    char err[512] = "";
    assert_int_equal(mcs_profile_parse(text, "ok.ini", &p, err, sizeof err), MCS_OK);
    assert_int_equal(strlen(p.description), 185);
    snprintf(text, sizeof text, "%sdescription = %.180s price_per_hour = 999\n[cpu]\n", head, pad);
    expect_parse_error(text, "bad.ini:4: line longer than 199 characters (215)");
    snprintf(text, sizeof text, "%sdescription = %sy\n[cpu]\n", head, pad);
    expect_parse_error(text, "bad.ini:4: line longer than 199 characters (200)");
    static const char nul[] = "[profile]\nname = x\nkind = cpu\n[cpu]\nmodel = a\0b\n";
    expect_parse_error_n(nul, sizeof nul - 1, "bad.ini:5: a NUL byte");
    static const char nul_last[] = "[profile]\nname = x\nkind = cpu\n[cpu]\n\0";
    expect_parse_error_n(nul_last, sizeof nul_last - 1, "bad.ini:5: a NUL byte");
    expect_parse_error("[profile]\nname = x\rkind = cpu\n", "bad.ini:2: a carriage return");
    /* CRLF line endings are fine */
    assert_int_equal(mcs_profile_parse("[profile]\r\nname = x\r\nkind = cpu\r\n[cpu]\r\n", "crlf",
                                       &p, err, sizeof err), MCS_OK);
    assert_string_equal(p.name, "x");
}

/* Every divisor key is > 0, every number finite, counts whole and at most
 * 4096: a bandwidth of 0 printed infx, threads = inf cast NaN to int. */
static void divisors_and_counts_are_range_checked(void **state)
{
    (void)state;
    static const char head[] = "[profile]\nname = x\nkind = machine\n[cpu]\n";
    static const struct {
        const char *line, *message;
    } cases[] = {
        {"threads = inf", "bad.ini:5: [cpu] threads = 'inf': must be a finite number"},
        {"threads = nan", "[cpu] threads = 'nan': must be a finite number"},
        {"threads = 1e9", "[cpu] threads = '1e9': must be a whole number from 1 to 4096"},
        {"threads = 2.5", "must be a whole number from 1 to 4096"},
        {"threads = 0", "must be a whole number from 1 to 4096"},
        {"cores = -1", "[cpu] cores = '-1': must be a whole number"},
        {"fp32_gflops = 0", "[cpu] fp32_gflops = '0': must be a number > 0"},
        {"path_step_ns_single_pcg64 = 0", "path_step_ns_single_pcg64 = '0': must be a number > 0"},
        {"config_cold_s = -0.5", "[cpu] config_cold_s = '-0.5': must be a number >= 0"},
        {"config_cold_s = 1e-400", "too small for a double"},
        {"config_cold_s = 1e400", "must be a finite number"},
        {"scaling = 1:1 8192:0.5", "[cpu] scaling = '1:1 8192:0.5': expected"},
        {"scaling = 1:inf", "[cpu] scaling"},
        {"wave = 1:1 16:11", "[cpu] wave = '1:1 16:11': expected threads:factor pairs with "
                             "threads whole, rising and at most 4096, factors in (0, 10]"},
        {"wave = 4:1.2 2:1", "[cpu] wave = '4:1.2 2:1': expected"},
        {"[gpu]\nh2d_pinned_gbps = 0", "bad.ini:6: [gpu] h2d_pinned_gbps = '0': must be a number > 0"},
        {"[gpu]\nd2h_pinned_gbps = 0", "[gpu] d2h_pinned_gbps = '0': must be a number > 0"},
        {"[gpu]\npcie_gbps = 0", "[gpu] pcie_gbps = '0': must be a number > 0"},
        {"[gpu]\nfp64_tflops = 0", "[gpu] fp64_tflops = '0': must be a number > 0"},
        {"[gpu]\nkernel_path_step_ps_double_sobol = 0", "must be a number > 0"},
        {"[gpu]\nsm_count = 1.5", "[gpu] sm_count = '1.5': must be a whole number"},
        /* the optional fixed costs of 2026-11-29 */
        {"chunk_start_one_warm_us = -1",
         "bad.ini:5: [cpu] chunk_start_one_warm_us = '-1': must be a number >= 0"},
        {"chunk_start_one_cold_us = fast", "[cpu] chunk_start_one_cold_us = 'fast': not a number"},
        {"[gpu]\nalloc_cold_s = -3", "bad.ini:6: [gpu] alloc_cold_s = '-3': must be a number >= 0"},
        {"[gpu]\nh2d_warm_s = -1e-6", "bad.ini:6: [gpu] h2d_warm_s = '-1e-6': must be a number >= 0"},
        {"[gpu]\ncontext_warm_s = inf", "[gpu] context_warm_s = 'inf': "},
        {"[gpu]\nspread.h2d_cold_s = x", "[gpu] spread.h2d_cold_s = 'x': not a number"},
        /* kernel keys: a kernel no backend compiles, a generator its side does
         * not run, a duplicate, a bad number, the family's bare name */
        {"path_ns.gbm_nosuch_0_single_pcg64 = 1",
         "bad.ini:5: [cpu] path_ns.gbm_nosuch_0_single_pcg64: no such kernel"},
        {"path_ns.gbm_european_2_single_pcg64 = 1", "no such kernel"},
        {"step_ns.gbm_european_0_single_sobol = 1",
         "[cpu] step_ns.gbm_european_0_single_sobol: no such"},
        {"path_ns.gbm_european_0_single_pcg64 = 1\npath_ns.gbm_european_0_single_pcg64 = 2",
         "bad.ini:6: [cpu] path_ns.gbm_european_0_single_pcg64: duplicate key"},
        {"step_ns.gbm_asian_1_double_philox = -1",
         "[cpu] step_ns.gbm_asian_1_double_philox = '-1': must be a number >= 0"},
        {"watch_ns.gbm_asian_1_double_philox = nan", "must be a finite number"},
        {"watch_ns.gbm_asian_1_double_philox = 1 ns", "not a number"},
        {"path_ns = 1", "[cpu] path_ns: unknown key"},
        {"path_ns. = 1", "no such kernel"},
        {"path_ps.gbm_european_0_single_philox = 1",
         "[cpu] path_ps.gbm_european_0_single_philox: unknown key"},
        {"[gpu]\npath_ps.gbm_european_0_single_pcg64 = 1",
         "[gpu] path_ps.gbm_european_0_single_pcg64: no such kernel"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s\n", head, cases[i].line);
        expect_parse_error(text, cases[i].message);
    }
}

/* A profile without a figure the model reads is refused for predictions
 * with the key named (no threads made the estimator print "threads":
 * -2147483648); the model itself predicts nothing without a thread count. */
static void missing_model_figures_are_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[128], err[512] = "";
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/nothreads.ini", dir);
    FILE *in = fopen(FIXTURE_DIR "/test-machine.ini", "r"), *out = fopen(path, "w");
    assert_non_null(in);
    assert_non_null(out);
    char line[512];
    while (fgets(line, sizeof line, in))
        if (strncmp(line, "threads", 7) != 0)
            fputs(line, out);
    fclose(in);
    fclose(out);
    mcs_profile cpu, gpu;
    assert_int_equal(mcs_profiles_choose(path, NULL, NULL, &cpu, &gpu, err, sizeof err),
                     MCS_E_CONFIG);
    if (!strstr(err, "[cpu] threads is missing") || !strstr(err, "nothreads.ini"))
        fail_msg("message '%s' lacks the key or the file", err);
    mcs_profile p;
    load_machine(&p);
    p.cpu.threads = NAN;
    mcs_workload w = WORKLOAD(1000, 1, 65536, MCS_SINGLE, MCS_RNG_AUTO, 0, 1);
    mcs_prediction c;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_false(c.available);
    assert_non_null(strstr(c.why, "[cpu] threads"));
    w.threads = 3; /* a thread count given: predicted */
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_true(c.available);
    assert_int_equal(c.threads, 3);
    /* every catalogue profile has all it needs (spec sheets through the reference) */
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        mcs_profile a, b;
        mcs_profile_find(e->name, &a, err, sizeof err);
        const char *cpu_side = a.has_cpu ? e->name : "desktop";
        const char *gpu_side = a.has_gpu ? e->name : "h100-sxm";
        if (mcs_profiles_choose(NULL, cpu_side, gpu_side, &a, &b, err, sizeof err) != MCS_OK)
            fail_msg("%s: %s", e->name, err);
    }
    remove(path);
    rmdir(dir);
}

/* A profile is a regular file of at most 1 MiB: /dev/zero, a FIFO or a
 * folder is refused at once (before, /dev/zero was read until memory ran
 * out), a larger file with the limit named. */
static void profile_files_are_regular_and_small(void **state)
{
    (void)state;
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[128], err[512] = "";
    assert_non_null(mkdtemp(dir));
    mcs_profile p;
    assert_int_equal(mcs_profile_load_file("/dev/zero", &p, err, sizeof err), MCS_E_NOINPUT);
    assert_non_null(strstr(err, "'/dev/zero': not a regular file"));
    assert_int_equal(mcs_profile_load_file(dir, &p, err, sizeof err), MCS_E_NOINPUT);
    snprintf(path, sizeof path, "%s/fifo.ini", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_int_equal(mcs_profile_load_file(path, &p, err, sizeof err), MCS_E_NOINPUT);
    remove(path);
    snprintf(path, sizeof path, "%s/big.ini", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (int i = 0; i < (1 << 20) / 16 + 1; i++)
        fputs("# padding line\n\n", f);
    fclose(f);
    assert_int_equal(mcs_profile_load_file(path, &p, err, sizeof err), MCS_E_CONFIG);
    assert_non_null(strstr(err, "larger than 1048576 bytes"));
    remove(path);
    rmdir(dir);
}

/* --- sweep files and validate (issue 11.3, 8, 9, 12) ----------------------- */

/* A cpu or gpu run of the test machine (no job: the fallback costs),
 * measured as predicted times `factor`. */
static void predicted_row(const mcs_profile *p, mcs_sweep_row *row, int gpu, int cold,
                          uint64_t paths, uint32_t steps, int repeat, double factor)
{
    mcs_workload w = WORKLOAD(paths, steps, 65536, MCS_SINGLE, MCS_RNG_PHILOX, 4, cold);
    workload_row(row, p, &w, gpu, repeat, factor);
}

/* Writes rows of the job `config` (a resolved config's text) to dir/name;
 * the path in `path`. */
static void write_sweep_of(const char *dir, const char *name, const char *config,
                           const mcs_sweep_row *rows, size_t n, char *path, size_t len)
{
    mcs_sweep_meta *meta = calloc(1, sizeof *meta);
    char err[512] = "";
    assert_non_null(meta);
    snprintf(meta->config, sizeof meta->config, "%s", config);
    snprintf(path, len, "%s/%s", dir, name);
    if (mcs_sweep_write(path, meta, rows, n, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    free(meta);
}

/* The same, of no config. */
static void write_sweep(const char *dir, const char *name, const mcs_sweep_row *rows, size_t n,
                        char *path, size_t len)
{
    write_sweep_of(dir, name, "", rows, n, path, len);
}

/* Sweep files of different jobs are never pooled; those of one job are (a
 * sweep per backend): validating sweeps of ten configs at once took the
 * median of every 1-step config's runs at a size as one workload's (the
 * H200, session 22: noise 160% where each config's was 25-135%). Three
 * files: the CPU runs and the GPU runs of one job (its config written
 * twice, with another comment and [simulation]), and a third job whose CPU
 * runs took twice the prediction. The configs load nowhere (payoff
 * "nosuch"), so both jobs are predicted with the fallback the rows were. */
static void validate_keeps_jobs_apart(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    static const char *configs[] = {
        "; resolved from a.ini\n[model]\ntype = gbm\n[option]\npayoff = nosuch\n",
        "; resolved from b.ini\n[model]\ntype = gbm\n[option]\npayoff = nosuch\n"
        "[simulation]\nseed = 7\n[output]\nfile = x.h5\n",
        "[model]\ntype = gbm\n[option]\npayoff = nosuch\nstrike = 90\n"};
    enum { SIZES = 4 };
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", paths[3][256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    for (int f = 0; f < 3; f++) {
        mcs_sweep_row rows[2 * SIZES];
        size_t n = 0;
        for (int z = 0; z < SIZES; z++)
            for (int gpu = 0; gpu < 2; gpu++)
                if (f == 2 || gpu == f) /* file 0: the cpu, file 1: the gpu */
                    predicted_row(&p, &rows[n++], gpu, 1, (uint64_t)pow(10, 3 + z), 1, 0,
                                  f == 2 && !gpu ? 2 : 1);
        char name[16];
        snprintf(name, sizeof name, "job%d.h5", f);
        write_sweep_of(dir, name, configs[f], rows, n, paths[f], sizeof paths[f]);
    }
    static mcs_validation v;
    const char *files[] = {paths[0], paths[1], paths[2]};
    if (mcs_validate(files, 3, &p, &p, &v, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    assert_int_equal(v.n_jobs, 2);
    assert_int_equal(v.file_job[0], 0);
    assert_int_equal(v.file_job[1], 0);
    assert_int_equal(v.file_job[2], 2);
    assert_int_equal(v.n_points, 2 * SIZES);
    assert_int_equal(v.n_break_even, 2);
    assert_int_equal(v.n_speedups, 2 + 2); /* per job's series, then cold and all */
    for (int s = 0; s < 2; s++) {
        assert_int_equal(v.speedups[s].job, 2 * s);
        expect_close(v.speedups[s].median, s ? log(2) : 0, 1e-9);
        assert_int_equal(v.break_even[s].job, 2 * s);
    }
    for (size_t k = 0; k < v.n_points; k++)
        expect_close(v.points[k].measured / v.points[k].predicted, v.points[k].job ? 2 : 1, 1e-9);
    mcs_validation_free(&v);
    /* the text: each job's series under its first file, then the modes under "all 2 jobs" */
    static char text[1 << 16];
    FILE *tf = fmemopen(text, sizeof text, "w");
    assert_non_null(tf);
    char *targv[] = {"validate", paths[0], paths[1], paths[2], "--profile",
                     FIXTURE_DIR "/test-machine.ini", "-q", NULL};
    optind = 0;
    assert_int_equal(mcs_validate_command(7, targv, 0, tf, tf, err, sizeof err), MCS_OK);
    fclose(tf);
    const char *first = strstr(text, "speedup T_cpu/T_gpu");
    const char *a = first ? strstr(first, "job0.h5:\n  cold") : NULL;
    const char *b = a ? strstr(a, "job2.h5:\n  cold") : NULL;
    const char *all = b ? strstr(b, "  all 2 jobs:\n  cold  all") : NULL;
    if (!all)
        fail_msg("validate's text lacks the jobs' headings in order:\n%s", first ? first : text);
    /* the report draws one job's series: refused with both files named */
    char report[300], out_text[4096] = "";
    snprintf(report, sizeof report, "%s/r.html", dir);
    FILE *out = fmemopen(out_text, sizeof out_text, "w");
    assert_non_null(out);
    char *argv[] = {"validate", paths[0], paths[2], "--report", report, "-q", NULL};
    optind = 0;
    assert_int_equal(mcs_validate_command(6, argv, 0, out, out, err, sizeof err), MCS_E_USAGE);
    fclose(out);
    if (!strstr(err, "--report takes the sweep files of one job") || !strstr(err, "job2.h5"))
        fail_msg("report refusal: '%s'", err);
    for (int f = 0; f < 3; f++)
        remove(paths[f]);
    rmdir(dir);
}

/* Rows outside what mcsim could have measured are refused with file, row
 * and column (exit 65): inf seconds printed -nan%, paths = 2^64-1 was
 * accepted, all-NaN runs were dropped silently ("0 of 0 correct"). */
static void sweep_rows_are_range_checked(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    static const struct {
        int column; /* -1 paths, -2 threads, -3 mode, -4 all NaN, else a phase */
        double value;
        const char *message;
    } cases[] = {
        {MCS_PHASE_TOTAL, INFINITY, "bad.h5: /runs row 1: total = inf s: must be a finite"},
        {MCS_PHASE_SIMULATE, NAN, "row 1: simulate = nan s"},
        {MCS_PHASE_CONFIG, -1, "row 1: config = -1 s"},
        {MCS_PHASE_TOTAL, 0, "row 1: total = 0 s"},
        {-1, 0, "row 1: paths = 18446744073709551615: must be 1 to 1e15"},
        {-2, 0, "row 1: threads = -3: must be 1 to 4096"},
        {-3, 0, "row 1: mode = 'tepid': must be cold or warm"},
        {-4, 0, "row 1: config = nan s"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mcs_sweep_row rows[2];
        predicted_row(&p, &rows[0], 0, 1, 1000, 1, 0, 1);
        predicted_row(&p, &rows[1], 1, 1, 1000, 1, 0, 1);
        if (cases[c].column >= 0)
            rows[1].seconds[cases[c].column] = cases[c].value;
        else if (cases[c].column == -1)
            rows[1].paths = UINT64_MAX;
        else if (cases[c].column == -2)
            rows[1].threads = -3;
        else if (cases[c].column == -3)
            snprintf(rows[1].mode, sizeof rows[1].mode, "tepid");
        else
            for (int k = 0; k < MCS_PHASE_COUNT; k++)
                rows[1].seconds[k] = NAN;
        write_sweep(dir, "bad.h5", rows, 2, path, sizeof path);
        static mcs_validation v;
        const char *files[] = {path};
        assert_int_equal(mcs_validate_read(files, 1, &v, err, sizeof err), MCS_E_DATA);
        if (!strstr(err, cases[c].message))
            fail_msg("case %zu: message '%s' lacks '%s'", c, err, cases[c].message);
        mcs_validation_free(&v);
    }
    remove(path);
    rmdir(dir);
}

/* 40 series (a steps count each) and one size with 300 repeats: every
 * table is sized by the file (a fixed 32-entry table overflowed at 33
 * series; medians took the first 256 repeats only). */
static void validate_has_no_fixed_tables(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    enum { SERIES = 40, SIZES = 3, REPEATS = 300 };
    size_t n = 2 * SERIES * SIZES + REPEATS, k = 0;
    mcs_sweep_row *rows = calloc(n, sizeof *rows);
    assert_non_null(rows);
    for (uint32_t s = 1; s <= SERIES; s++)
        for (int z = 0; z < SIZES; z++)
            for (int gpu = 0; gpu < 2; gpu++)
                predicted_row(&p, &rows[k++], gpu, 1, (uint64_t)pow(10, 4 + 2 * z), s, 0, 1);
    /* the gpu of series 1 at 1e4 paths, 300 more times: with the run above
     * 141 as predicted and 160 ten times slower, so the median of all is a
     * slow one (of the first 256 it would be a fast one) */
    for (int r = 0; r < REPEATS; r++)
        predicted_row(&p, &rows[k++], 1, 1, 10000, 1, r + 1, r < 140 ? 1 : 10);
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    write_sweep(dir, "series.h5", rows, n, path, sizeof path);
    static mcs_validation v;
    const char *files[] = {path};
    if (mcs_validate(files, 1, &p, &p, &v, err, sizeof err) != MCS_OK)
        fail_msg("%s", err);
    assert_int_equal(v.n_break_even, SERIES);
    assert_int_equal(v.n_points, SERIES * SIZES);
    assert_int_equal(v.n_speedups, SERIES + 2); /* per series, then cold and all */
    assert_int_equal(v.decisions, SERIES * SIZES);
    for (size_t i = 0; i < v.n_break_even; i++)
        assert_int_equal(v.break_even[i].steps, i + 1);
    const mcs_speedup_point *slow = &v.points[0]; /* steps 1, 1e4 paths: sorted first */
    assert_int_equal(slow->steps, 1);
    assert_int_equal(slow->paths, 10000);
    expect_close(slow->predicted / slow->measured, 10, 1e-9);
    assert_int_equal(v.n_unpredicted, 0);
    assert_int_equal(v.n_unpaired, 0);
    mcs_validation_free(&v);
    free(rows);
    remove(path);
    rmdir(dir);
}

/* validate judges the median of a size's repeats (the bias) and shows
 * their spread (the noise) apart: CPU runs at 0.5, 1, 1, 1.2, 1.2 times the
 * prediction have bias 0 and spread 0.7, where the median of the runs' own
 * errors (what validate took before) said 0.18; a size of 3 repeats is
 * noted as thin. */
static void validate_splits_bias_and_noise(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    static const double factor[] = {1.2, 0.5, 1, 1.2, 1};
    mcs_sweep_row rows[8];
    for (int r = 0; r < 5; r++)
        predicted_row(&p, &rows[r], 0, 0, 100000, 1, r, factor[r]);
    for (int r = 0; r < 3; r++) /* another size, 3 repeats at e^0.1 times */
        predicted_row(&p, &rows[5 + r], 0, 0, 1000, 1, r, exp(0.1));
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    write_sweep(dir, "noisy.h5", rows, 8, path, sizeof path);
    static mcs_validation v;
    const char *files[] = {path};
    assert_int_equal(mcs_validate(files, 1, &p, &p, &v, err, sizeof err), MCS_OK);
    int found = 0;
    for (int i = 0; i < v.n_phases; i++) {
        if (strcmp(v.phases[i].phase, "total") != 0)
            continue;
        found = 1;
        assert_int_equal(v.phases[i].n, 2); /* sizes */
        assert_int_equal(v.phases[i].runs, 8);
        assert_int_equal(v.phases[i].min_repeats, 3);
        /* biases 0 and 0.1; spreads 0.7 and 0 */
        expect_close(v.phases[i].median, 0.05, 1e-9);
        expect_close(v.phases[i].spread, 0.35, 1e-9);
    }
    assert_true(found);
    assert_int_equal(v.n_sizes, 2);
    assert_int_equal(v.n_thin, 1);
    assert_int_equal(v.fewest_repeats, 3);
    mcs_validation_free(&v);
    remove(path);
    rmdir(dir);
}

/* What validate leaves out is counted with the reason: gpu runs for a
 * CPU-only profile, sizes measured on one backend only. */
static void validate_counts_what_it_leaves_out(void **state)
{
    (void)state;
    mcs_profile p, cpu_only;
    load_machine(&p);
    cpu_only = p;
    cpu_only.has_gpu = 0;
    mcs_sweep_row rows[5];
    predicted_row(&p, &rows[0], 0, 1, 1000, 1, 0, 1);
    predicted_row(&p, &rows[1], 1, 1, 1000, 1, 0, 1);
    predicted_row(&p, &rows[2], 1, 1, 100000, 1, 0, 1); /* no cpu run at this size */
    predicted_row(&p, &rows[3], 0, 1, 1000, 1, 1, 1);
    predicted_row(&p, &rows[4], 0, 0, 1000, 1, 0, 1); /* warm: no gpu run */
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", path[256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    write_sweep(dir, "partial.h5", rows, 5, path, sizeof path);
    static mcs_validation v;
    const char *files[] = {path};
    assert_int_equal(mcs_validate(files, 1, &p, &p, &v, err, sizeof err), MCS_OK);
    assert_int_equal(v.n_points, 1);
    assert_int_equal(v.n_unpaired, 2);
    assert_int_equal(v.n_unpredicted, 0);
    assert_int_equal(mcs_validate_compute(&v, &cpu_only, &cpu_only, err, sizeof err), MCS_OK);
    assert_int_equal(v.n_unpredicted, 2);
    assert_non_null(strstr(v.unpredicted_why, "has no [gpu] section"));
    assert_int_equal(v.decisions, 0);
    mcs_validation_free(&v);
    remove(path);
    rmdir(dir);
}

/* A file whose /runs claims `rows` rows it does not hold (HDF5 allocates
 * a contiguous dataset's storage only when written): the type and the
 * `phases` attribute of a real sweep file at `real`. */
static void write_claiming_file(const char *real, const char *path, hsize_t rows)
{
    hid_t src = H5Fopen(real, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t runs = H5Dopen2(src, "runs", H5P_DEFAULT), type = H5Dget_type(runs);
    hid_t attr = H5Aopen(runs, "phases", H5P_DEFAULT), atype = H5Aget_type(attr);
    hid_t aspace = H5Aget_space(attr);
    char *names[MCS_PHASE_COUNT];
    assert_true(H5Aread(attr, atype, names) >= 0);
    hid_t file = mcs_h5mem_create(path); /* sealed, as mcsim writes it */
    hid_t space = H5Screate_simple(1, &rows, NULL);
    hid_t dset = H5Dcreate2(file, "runs", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t out = H5Acreate2(dset, "phases", atype, aspace, H5P_DEFAULT, H5P_DEFAULT);
    assert_true(H5Awrite(out, atype, names) >= 0);
    H5Dvlen_reclaim(atype, aspace, H5P_DEFAULT, names);
    H5Aclose(out);
    H5Dclose(dset);
    H5Sclose(space);
    void *image = NULL;
    size_t size = 0;
    char err[512];
    assert_int_equal(mcs_h5mem_close_image(file, &image, &size), 0);
    assert_int_equal(mcs_output_write_bytes("test file", path, image, size, err, sizeof err),
                     MCS_OK);
    free(image);
    H5Sclose(aspace);
    H5Tclose(atype);
    H5Aclose(attr);
    H5Tclose(type);
    H5Dclose(runs);
    H5Fclose(src);
}

/* A small file declaring 20 million empty rows is refused before anything
 * is allocated for them (it took 6.5 GB and 11 s), as is a claim beyond
 * the most rows a sweep measures. */
static void row_claims_are_checked_against_the_file(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_sweep_row row;
    predicted_row(&p, &row, 0, 1, 1000, 1, 0, 1);
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX", real[256], path[256], err[512] = "";
    assert_non_null(mkdtemp(dir));
    write_sweep(dir, "real.h5", &row, 1, real, sizeof real);
    snprintf(path, sizeof path, "%s/claims.h5", dir);
    static const hsize_t claims[] = {20000000, 500000};
    static const char *messages[] = {"/runs declares 20000000 rows, more than the 1048576",
                                     "/runs declares 500000 rows"};
    for (int c = 0; c < 2; c++) {
        write_claiming_file(real, path, claims[c]);
        static mcs_sweep_meta meta;
        mcs_sweep_row *rows = NULL;
        size_t n = 0;
        assert_int_equal(mcs_sweep_read(path, &meta, &rows, &n, err, sizeof err), MCS_E_DATA);
        assert_null(rows);
        if (!strstr(err, messages[c]) || (c == 1 && !strstr(err, "the file holds 0 bytes")))
            fail_msg("message '%s' lacks '%s'", err, messages[c]);
    }
    static mcs_sweep_meta meta;
    mcs_sweep_row *rows = NULL;
    size_t n = 0;
    assert_int_equal(mcs_sweep_read("/dev/zero", &meta, &rows, &n, err, sizeof err),
                     MCS_E_NOINPUT);
    assert_non_null(strstr(err, "not a regular file"));
    remove(path);
    remove(real);
    rmdir(dir);
}

/* Under a file size limit the sweep file is an error with the reason, no
 * file and no temporary is left, and the process ends normally: before,
 * HDF5 was left a file whose close had failed and crashed at exit. Run in
 * a child, which this test watches, set up as the commands set themselves
 * up (mcs_stop_on_signals: without it SIGXFSZ kills the child). */
static void sweep_write_under_a_size_limit(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    enum { N = 200 };
    static mcs_sweep_row rows[N];
    for (int i = 0; i < N; i++)
        predicted_row(&p, &rows[i], i % 2, 1, 1000, 1, i, 1);
    char dir[] = "/tmp/mcs-test-estimator-XXXXXX";
    assert_non_null(mkdtemp(dir));
    fflush(NULL); /* the child's exit flushes nothing of ours twice */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        struct rlimit lim = {16384, 16384};
        mcs_stop_on_signals(); /* as every command does: SIGXFSZ ignored, EFBIG reported */
        if (setrlimit(RLIMIT_FSIZE, &lim) != 0)
            _exit(3);
        static mcs_sweep_meta meta;
        char path[256], err[512] = "";
        snprintf(path, sizeof path, "%s/limited.h5", dir);
        mcs_status st = mcs_sweep_write(path, &meta, rows, N, err, sizeof err);
        exit(st == MCS_E_IO && strstr(err, "File too large") && strstr(err, "limited.h5") ? 0
                                                                                          : 4);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status)); /* no crash at HDF5's shutdown */
    assert_int_equal(WEXITSTATUS(status), 0);
    DIR *d = opendir(dir);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.')
            fail_msg("left behind: %s/%s", dir, e->d_name);
    closedir(d);
    rmdir(dir);
}

/* FLOPs per cycle follow the instruction sets: 64 for a Zen 5 with AVX-512
 * too (the old vendor-string guess gave every non-Intel AVX-512 CPU 32),
 * 32 for Zen 4's AVX-512 on 256-bit units and for AVX2 + FMA. */
static void cpu_flops_per_cycle_follow_the_isa(void **state)
{
    (void)state;
#if defined(__x86_64__) || defined(__i386__)
    const struct {
        mcs_cpu_isa isa; /* avx512f, avx, fma, avx512_on_256 */
        double want;
    } cases[] = {
        {{1, 1, 1, 0}, 64}, /* AVX-512: Intel Xeon, AMD Zen 5 */
        {{1, 1, 1, 1}, 32}, /* AVX-512 on 256-bit units: AMD Zen 4 */
        {{0, 1, 1, 0}, 32}, /* AVX2 + FMA */
        {{0, 1, 0, 0}, 16}, /* AVX without FMA: one add and one multiply pipe */
        {{0, 0, 0, 0}, 8},  /* SSE2 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (mcs_sysinfo_fp32_flops_per_cycle(&cases[i].isa) != cases[i].want)
            fail_msg("case %zu: %g FLOPs per cycle, expected %g", i,
                     mcs_sysinfo_fp32_flops_per_cycle(&cases[i].isa), cases[i].want);
#else
    skip();
#endif
}

/* The model is the processor's brand string: what the kernel shows as
 * "model name" in /proc/cpuinfo (read here only to compare). */
static void cpu_model_is_the_brand_string(void **state)
{
    (void)state;
    char model[256], line[512], want[256] = "";
    mcs_sysinfo_cpu_model(model, sizeof model);
    assert_true(model[0] != '\0' && model[0] != ' ' && model[strlen(model) - 1] != ' ');
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && !want[0] && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0 && strchr(line, ':'))
            sscanf(strchr(line, ':') + 1, " %255[^\n]", want);
    if (f)
        fclose(f);
    if (!want[0])
        skip(); /* not x86, or no /proc */
    assert_string_equal(model, want);
}

/* Cores are physical cores (hwloc), not hardware threads: a two-package
 * machine with two threads per core (HWLOC_SYNTHETIC) has 8 cores, not
 * the 16 logical CPUs the old count gave; and this machine's figures hang
 * together. */
static void cpu_cores_are_counted_by_hwloc(void **state)
{
    (void)state;
    mcs_cpu_facts f;
    mcs_sysinfo_cpu_facts(&f);
    assert_true(f.cores >= 1 && f.cores <= f.hardware_threads);
    assert_true(f.hardware_threads <= mcs_sysinfo_cores());
    assert_true(isnan(f.clock_mhz) || (f.clock_mhz > 100 && f.clock_mhz < 10000));
    assert_true(isnan(f.clock_mhz) == (strcmp(f.clock_source, "unknown") == 0));
#if defined(__x86_64__) || defined(__i386__)
    assert_true(f.fp32_flops_per_cycle >= 8 && f.fp32_flops_per_cycle <= 64);
#endif
    if (strncmp(f.counted_by, "hwloc ", 6) != 0)
        skip(); /* built without hwloc: logical CPUs */
    assert_true(f.packages >= 1 && f.packages <= f.cores);
    setenv("HWLOC_SYNTHETIC", "pack:2 core:4 pu:2", 1);
    mcs_sysinfo_cpu_facts(&f);
    unsetenv("HWLOC_SYNTHETIC");
    assert_int_equal(f.packages, 2);
    assert_int_equal(f.cores, 8);
    assert_int_equal(f.hardware_threads, 16);
}

/* --- costs per compiled kernel (issue 28) ----------------------------------- */

/* Every CPU instantiation of the dispatch table (cpu_backend/
 * block_dispatch.c, from kernels/combos.def) is in the calibration plan:
 * each mode of its payoff its model can run (a mode it cannot, such as a
 * geometric average without a log-spot, has no family), both precisions,
 * every generator the CPU backend runs; and the plan has no family the
 * table lacks. */
static void calibration_plan_covers_the_dispatch_table(void **state)
{
    (void)state;
    enum { MOST = 256 };
    static mcs_model_id models[MOST];
    static mcs_payoff_id payoffs[MOST];
    size_t n = mcs_block_kernel_pairs(models, payoffs, MOST);
    assert_true(n > 0 && n <= MOST);
    const mcs_backend *cpu = mcs_backend_find("cpu");
    assert_non_null(cpu);
    char err[1024] = "", name[MCS_KERNEL_NAME_MAX];
    for (size_t i = 0; i < n; i++) {
        const mcs_payoff_type *t = mcs_payoff_type_of(payoffs[i]);
        const mcs_model_type *m = mcs_model_type_of(models[i]);
        int modes = 0;
        while (t->mode_sets && t->mode_sets[modes])
            modes++;
        if (modes < 1)
            fail_msg("payoff %s declares no modes (mode_sets, payoffs/payoff_types.c)", t->name);
        for (int mode = 0; mode < modes; mode++) {
            int f = mcs_kernel_family_index(models[i], payoffs[i], mode);
            if (!mcs_kernel_mode_runs(models[i], payoffs[i], mode)) {
                if (f >= 0)
                    fail_msg("%s_%s mode %d is a family its model cannot run", m->name,
                             t->name, mode);
                continue;
            }
            if (f < 0)
                fail_msg("the CPU kernel %s_%s mode %d of the dispatch table is not in the "
                         "calibration plan", m->name, t->name, mode);
            mcs_kernel_plan plan;
            if (mcs_kernel_plan_make(f, &plan, err, sizeof err) != MCS_OK)
                fail_msg("%s", err);
            for (int q = 0; q < MCS_PREC_COUNT; q++)
                for (int rng = 0; rng < MCS_RNG_AUTO; rng++) {
                    if (!mcs_backend_has_rng(cpu, (mcs_rng_id)rng))
                        continue;
                    int g = mcs_kernel_rng_index(0, (mcs_rng_id)rng), f2, q2, g2;
                    if (g < 0)
                        fail_msg("the cpu backend runs generator %d, the plan does not "
                                 "measure it", rng);
                    mcs_kernel_name(f, q, (mcs_rng_id)rng, name, sizeof name);
                    assert_true(mcs_kernel_parse_name(0, name, &f2, &q2, &g2));
                    assert_true(f2 == f && q2 == q && g2 == g);
                }
        }
        /* the modes the payoff declares are all the plan has for it */
        assert_int_equal(mcs_kernel_family_index(models[i], payoffs[i], modes), -1);
    }
    for (int f = 0; f < mcs_kernel_family_count(); f++) {
        const mcs_kernel_family *k = mcs_kernel_family_get(f);
        int found = 0;
        for (size_t i = 0; i < n && !found; i++)
            found = models[i] == k->model->id && payoffs[i] == k->payoff->id;
        if (!found)
            fail_msg("plan family %s has no kernel in the dispatch table", k->name);
    }
}

/* calibrate's GPU runs a fit point at fewer steps where its runs cannot
 * fill the GPU within the cap (calibrate_kernels.c, wave_steps): every
 * family's last fit point runs at 8 steps or the next count its job takes
 * (an Asian's: a multiple of its fixings) in the family's mode, its
 * fixings with it where they equal its steps, and its dear and variant
 * points (that point's keys and more) at those steps too; the other keys
 * stay as they were; a count nothing takes keeps the point. */
static void kernel_plan_points_run_at_fewer_steps(void **state)
{
    (void)state;
    char err[1024] = "";
    for (int f = 0; f < mcs_kernel_family_count(); f++) {
        mcs_kernel_plan plan;
        if (mcs_kernel_plan_make(f, &plan, err, sizeof err) != MCS_OK)
            fail_msg("%s", err);
        mcs_job job;
        char out[sizeof plan.points[0]];
        const char *last = plan.points[plan.n_fit - 1];
        if (mcs_kernel_plan_point_job(&plan, last, &job, err, sizeof err) != MCS_OK)
            fail_msg("%s", err);
        const unsigned from = job.sim.steps;
        assert_true(from > 16);
        unsigned s = mcs_kernel_plan_fewer_steps(&plan, last, from, 8, 2, out, sizeof out, &job);
        assert_true(s >= 2 && s <= 8);
        assert_int_equal(job.sim.steps, s);
        assert_int_equal(mcs_job_kernel_mode(&job), mcs_kernel_family_get(f)->mode);
        char want[64];
        snprintf(want, sizeof want, "simulation.steps=%u", s);
        assert_non_null(strstr(out, want));
        if (strstr(last, "option.fixings=") && mcs_job_watched_steps(&job) == s) {
            snprintf(want, sizeof want, "option.fixings=%u", s);
            assert_non_null(strstr(out, want));
        }
        for (int e = 0; e < 2; e++) { /* the dear and variant points follow it */
            int at = e ? plan.variant : plan.dear;
            if (!at)
                continue;
            char more[sizeof plan.points[0]];
            mcs_job other;
            assert_int_equal(mcs_kernel_plan_fewer_steps(&plan, plan.points[at], from, s, s, more,
                                                         sizeof more, &other), s);
            assert_non_null(strstr(more, want));
            assert_non_null(strstr(more, strchr(plan.points[at] + strlen(last), ' ') + 1));
        }
        /* no count from 1 up takes fewer steps than 1; the point is kept */
        assert_int_equal(mcs_kernel_plan_fewer_steps(&plan, last, from, 0, 0, out, sizeof out,
                                                     &job),
                         from);
    }
}

/* Each family's plan: its job runs the family's mode at every step point,
 * the points' steps differ (so the per-step cost parts from the per-path
 * one), and an Asian's also vary its monitored steps apart from the steps. */
static void kernel_plans_make_their_jobs(void **state)
{
    (void)state;
    char err[1024] = "";
    for (int f = 0; f < mcs_kernel_family_count(); f++) {
        mcs_kernel_plan plan;
        if (mcs_kernel_plan_make(f, &plan, err, sizeof err) != MCS_OK)
            fail_msg("%s", err);
        double s[MCS_KERNEL_POINTS_MAX], w[MCS_KERNEL_POINTS_MAX], a[MCS_KERNEL_POINTS_MAX];
        for (int p = 0; p < plan.n_points; p++) {
            char storage[256];
            mcs_override ov[8];
            mcs_job job;
            int k = mcs_overrides_split(plan.points[p], storage, sizeof storage, ov, 8);
            assert_true(k >= 1);
            if (mcs_job_from_text(plan.config, ov, k, &job, err, sizeof err) != MCS_OK)
                fail_msg("%s: %s", plan.points[p], err);
            assert_int_equal(mcs_job_kernel_mode(&job), mcs_kernel_family_get(f)->mode);
            s[p] = job.sim.steps;
            w[p] = mcs_job_watched_steps(&job);
            a[p] = job.model.assets;
        }
        assert_true(plan.n_points >= 2 && s[0] != s[1]);
        /* a linear-factor model's eight wide points after its fit points:
         * 16 assets at 1 and at 8 steps, 64 at 1 and at 8, then 6 and 12 each
         * at 1 and at 8 (calibrate's measure reads them in this order, in
         * pairs; its walk at the widest is the fourth, at the narrow top the
         * eighth; the narrow four run the GPU's per-thread kernel, below the
         * warp rule) */
        if (mcs_kernel_family_get(f)->model->linear_factor) {
            const int o = plan.n_fit;
            assert_int_equal(plan.n_points, o + MCS_WIDE_POINTS);
            assert_true(a[o - 1] < MCS_MID_ASSETS && a[o] == MCS_MID_ASSETS && s[o] == 1);
            assert_true(a[o + 1] == MCS_MID_ASSETS && s[o + 1] == MCS_WIDE_STEPS);
            assert_true(a[o + 2] == MCS_MOST_ASSETS && s[o + 2] == 1);
            assert_true(a[o + 3] == MCS_MOST_ASSETS && s[o + 3] == MCS_WIDE_STEPS);
            assert_true(a[o + 4] == MCS_NARROW_ASSETS && s[o + 4] == 1);
            assert_true(a[o + 5] == MCS_NARROW_ASSETS && s[o + 5] == MCS_WIDE_STEPS);
            assert_true(a[o + 6] == MCS_NARROW_TOP_ASSETS && s[o + 6] == 1);
            assert_true(a[o + 7] == MCS_NARROW_TOP_ASSETS && s[o + 7] == MCS_WIDE_STEPS);
            assert_true(a[o + 7] < MCS_WARP_KERNEL_MIN_ASSETS);
            assert_int_equal(plan.n_wide, MCS_WIDE_POINTS);
        } else {
            assert_int_equal(plan.n_wide, 0);
        }
        /* a model with a dear branch (heston): its dear point last, the last
         * fit point's job with the model's dear_sets, where calibrate's job's
         * share of the branch is less than the dear point's */
        const mcs_model_type *mt = mcs_kernel_family_get(f)->model;
        const int d = plan.n_fit + plan.n_wide;
        if (mt->dear_share) {
            assert_int_equal(plan.dear, d);
            assert_int_equal(s[d], s[plan.n_fit - 1]);
            assert_true(strstr(plan.points[d], mt->dear_sets) != NULL);
        } else {
            assert_int_equal(plan.dear, 0);
        }
        /* a model with a variant step (heston's Euler): its variant point
         * last, the last fit point's job with the model's variant_sets */
        const int v = d + (mt->dear_share != NULL);
        if (mt->variant_sets) {
            assert_int_equal(plan.variant, v);
            assert_int_equal(plan.n_points, v + 1);
            assert_int_equal(s[v], s[plan.n_fit - 1]);
            assert_true(strstr(plan.points[v], mt->variant_sets) != NULL);
            mcs_job vj;
            char why[256];
            assert_int_equal(mcs_kernel_plan_point_job(&plan, plan.points[v], &vj, why,
                                                       sizeof why), MCS_OK);
            assert_true(mt->variant_applies(&vj));
        } else {
            assert_int_equal(plan.variant, 0);
            assert_int_equal(plan.n_points, v);
        }
        if (mcs_kernel_family_get(f)->payoff->id == MCS_PAYOFF_ASIAN)
            assert_true(plan.n_fit == 3 && w[0] == 12 && w[1] == 12 && w[2] == 264);
    }
}

/* W, the steps a payoff monitors: an Asian's fixings, every step of a
 * barrier or lookback, none of a European's. */
static void watched_steps_follow_the_payoff(void **state)
{
    (void)state;
    mcs_job job;
    load_config_job("asian", "simulation.steps=252", NULL, &job, NULL, 0);
    assert_int_equal(mcs_job_watched_steps(&job), 12);
    load_config_job("asian", "simulation.steps=252", "option.fixings=252", &job, NULL, 0);
    assert_int_equal(mcs_job_watched_steps(&job), 252);
    load_config_job("barrier", "option.monitoring=discrete", NULL, &job, NULL, 0);
    assert_int_equal(mcs_job_watched_steps(&job), 252);
    assert_int_equal(mcs_job_kernel_mode(&job), 0);
    load_config_job("lookback", "simulation.steps=100", NULL, &job, NULL, 0);
    assert_int_equal(mcs_job_watched_steps(&job), 100);
    assert_int_equal(mcs_job_kernel_mode(&job), 1);
    load_config_job("european", "simulation.steps=64", NULL, &job, NULL, 0);
    assert_int_equal(mcs_job_watched_steps(&job), 0);
    /* a grid the payoff refuses (a sweep row's steps against its file's
     * fixings) counts nothing: the fixing stride would be 0 */
    load_config_job("asian", NULL, NULL, &job, NULL, 0);
    job.sim.steps = 5;
    assert_int_equal(mcs_job_watched_steps(&job), 0);
    /* and its mode is still the payoff's (validate asks it first; the
     * fixing test's coefficients divide by the stride: not by 0) */
    assert_int_equal(mcs_job_kernel_mode(&job), 0);
}

/* The model takes the job's kernel costs (test-machine.ini: the European
 * call's path 5 + step 6 ns with philox, 3 + 4 with pcg64; an Asian's
 * 2 + 4 + 1 per fixing; on the GPU path 1 + step 3 ps), the per-precision
 * fallback where the profile has none, and costs given in the workload. */
static void kernel_costs_by_hand(void **state)
{
    (void)state;
    mcs_profile p;
    load_machine(&p);
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, NULL, 0); /* single, philox, 1 step */
    mcs_workload w = mcs_workload_of_job(&job, 4, 1);
    w.paths = 4 * 65536;
    mcs_prediction c, g;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_int_equal(c.source, MCS_COST_KERNEL);
    assert_string_equal(c.kernel, "gbm_european_1_single_philox");
    /* one wave of 65536 paths at 11 ns, efficiency 0.5 */
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 11e-9 / 0.5, 1e-12);
    w.rng = MCS_RNG_PCG64;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 7e-9 / 0.5, 1e-12);
    w.rng = MCS_RNG_PHILOX;
    w.precision = MCS_DOUBLE; /* not measured: the fallback, 20 ns per path-step */
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_int_equal(c.source, MCS_COST_FALLBACK);
    assert_string_equal(c.kernel, "gbm_european_1_double_philox");
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 20e-9 / 0.5, 1e-12);
    w.precision = MCS_SINGLE;
    /* GPU: c = 1 + 3 = 4 ps a path; the ramp 100 ns x 4 / (1 x 2): launch 5 us
     * + fixed 15 us + 256 x 200 ns + 262144 x 4 ps + first launch 20 us */
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    assert_int_equal(g.source, MCS_COST_KERNEL);
    expect_close(g.seconds[MCS_PHASE_SIMULATE], 20e-6 + 256 * 200e-9 + 262144 * 4e-12 + 20e-6,
                 1e-12);
    mcs_kernel_cost given = {.path = 1, .step = 1};
    w.cpu_cost = &given; /* e.g. a pilot's: 2 ns a path */
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_int_equal(c.source, MCS_COST_GIVEN);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 2e-9 / 0.5, 1e-12);
    /* an Asian of 24 steps and 12 fixings: 2 + 24 x 4 + 12 x 1 = 110 ns */
    load_config_job("asian", "simulation.steps=24", "simulation.rng=pcg64", &job, NULL, 0);
    w = mcs_workload_of_job(&job, 4, 1);
    w.paths = 4 * 65536;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_string_equal(c.kernel, "gbm_asian_0_single_pcg64");
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 110e-9 / 0.5, 1e-12);
    /* a job whose kernel the profile has not measured, with 64 normals a step
     * (a 64-asset basket): the fallback times its normals */
    load_config_job("basket", NULL, NULL, &job, NULL, 0);
    w = mcs_workload_of_job(&job, 4, 1);
    w.paths = 4 * 65536;
    w.precision = MCS_DOUBLE;
    w.rng = MCS_RNG_PHILOX;
    mcs_predict_cpu(&p.cpu, &w, &c);
    assert_int_equal(c.source, MCS_COST_FALLBACK);
    expect_close(c.seconds[MCS_PHASE_SIMULATE], 65536 * 64 * 20e-9 / 0.5, 1e-12);
    /* a workload without a job (the calculator's) costs the fallback, named nothing */
    mcs_workload bare = WORKLOAD(4 * 65536, 1, 65536, MCS_SINGLE, MCS_RNG_PHILOX, 4, 1);
    mcs_predict_cpu(&p.cpu, &bare, &c);
    assert_int_equal(c.source, MCS_COST_FALLBACK);
    assert_string_equal(c.kernel, "");
}

/* The shares of `estimate --shards` / `--ranks` (split.c) on the test
 * machine with reduce_block_ns 100 ns: the merge and the gather join each
 * share's subtree roots (aligned powers of two), never its blocks, so a
 * thousand times the blocks costs the same join; the GPU column's reduce
 * is the [gpu] section's per-block cost where measured, else the CPU's;
 * G processes started at once pay context x context_together(G), linear
 * between the measured G = 2, 4, 8, 16 and flat beyond the last. */
static void split_predictions_by_hand(void **state)
{
    (void)state;
    static mcs_profile p;
    load_machine(&p);
    p.cpu.reduce_block_ns = 100;
    mcs_job job;
    load_config_job("european", "simulation.paths=1000000000", NULL, &job, NULL, 0);
    mcs_split s;
    char err[256];
    /* 15259 blocks = 0b11101110011011: 10 roots in one share; two shares of
     * 7629 (0 .. 7628: 9 roots) and 7630 (7629 .. 15258: 14 roots) */
    assert_int_equal(mcs_split_predict(&p, &p, &job, 4, 1, 1, &s, err, sizeof err), MCS_OK);
    assert_int_equal(s.blocks, 15259);
    expect_close(s.combine[0], 0.002 + 0.0005 + 10 * 100e-9, 1e-12);
    expect_close(s.together, 1, 0); /* no context_together in the profile */
    mcs_workload w = mcs_workload_of_job(&job, 4, 1);
    mcs_prediction g;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_REDUCE], 15259 * 100e-9, 1e-12); /* the CPU's r */
    expect_close(s.seconds[1][0], g.seconds[MCS_PHASE_TOTAL], 1e-12);
    mcs_split_free(&s);
    assert_int_equal(mcs_split_predict(&p, &p, &job, 4, 2, 0, &s, err, sizeof err), MCS_OK);
    expect_close(s.combine[1], (9 + 14) * 100e-9, 1e-12); /* the gather */
    mcs_split_free(&s);
    load_config_job("european", "simulation.paths=1000000000000", NULL, &job, NULL, 0);
    assert_int_equal(mcs_split_predict(&p, &p, &job, 4, 1, 1, &s, err, sizeof err), MCS_OK);
    assert_true(s.combine[0] < 0.0025 + 64 * 100e-9); /* 15258790 blocks: at most 64 roots */
    mcs_split_free(&s);

    /* the GPU path's own per-block cost: the GPU column only */
    load_config_job("european", "simulation.paths=1000000000", NULL, &job, NULL, 0);
    w = mcs_workload_of_job(&job, 4, 1);
    p.gpu.reduce_block_ns = 300;
    mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
    expect_close(g.seconds[MCS_PHASE_REDUCE], 15259 * 300e-9, 1e-12);
    mcs_prediction c;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(c.seconds[MCS_PHASE_REDUCE], 15259 * 100e-9, 1e-12);

    /* start-up contention: G = 2 at 1.5, G = 4 at 2, 8 not measured, 16 at 3 */
    expect_close(mcs_gpu_context_together(&p.gpu, 4), 1, 0);
    p.gpu.context_together[0] = 1.5;
    p.gpu.context_together[1] = 2;
    p.gpu.context_together[3] = 3;
    expect_close(mcs_gpu_context_together(&p.gpu, 1), 1, 0);
    expect_close(mcs_gpu_context_together(&p.gpu, 2), 1.5, 1e-15);
    expect_close(mcs_gpu_context_together(&p.gpu, 3), 1.75, 1e-15);
    expect_close(mcs_gpu_context_together(&p.gpu, 10), 2 + 6.0 / 12, 1e-15);
    expect_close(mcs_gpu_context_together(&p.gpu, 64), 3, 0); /* beyond the host's 16 GPUs */
    for (int G = 1; G <= 4; G *= 2) { /* G shards, the GPU's context 0.2 s */
        assert_int_equal(mcs_split_predict(&p, &p, &job, 4, G, 1, &s, err, sizeof err), MCS_OK);
        w.paths = 0; /* the share of most paths */
        for (int i = 1; i <= G; i++) {
            mcs_block_range r = mcs_shard_range(15259, i, G);
            uint64_t end = r.end == 15259 ? 1000000000 : r.end * 65536;
            w.paths = end - r.first * 65536 > w.paths ? end - r.first * 65536 : w.paths;
        }
        mcs_predict_gpu(&p.gpu, &p.cpu, &w, &g);
        double k = mcs_gpu_context_together(&p.gpu, G);
        expect_close(s.together, k, 0);
        expect_close(s.slowest[1], g.seconds[MCS_PHASE_TOTAL] + (k - 1) * 0.2, 1e-12);
        mcs_split_free(&s);
    }
    /* the CPU column has no contention term: G CPU shares on G hosts */
    assert_int_equal(mcs_split_predict(&p, &p, &job, 4, 4, 1, &s, err, sizeof err), MCS_OK);
    w.paths = 3815 * 65536;
    mcs_predict_cpu(&p.cpu, &w, &c);
    expect_close(s.slowest[0], c.seconds[MCS_PHASE_TOTAL], 1e-12);
    mcs_split_free(&s);
}

/* Fresh processes started at once (calibrate's start-up contention), on
 * the cpu backend here (process i gets --device i, which the cpu ignores):
 * each one's timings come back; a count out of range and a failing
 * process are errors, the latter naming it. */
static void processes_run_together(void **state)
{
    (void)state;
#ifdef MCSIM_EXE
    char dir[4096], log[4200], err[2048] = "";
    assert_int_equal(mcs_run_folder_make("test", dir, sizeof dir, err, sizeof err), MCS_OK);
    snprintf(log, sizeof log, "%s/run.h5", dir);
    char config[4096];
    snprintf(config, sizeof config, "%s/../../configs/european.ini", FIXTURE_DIR);
    mcs_run_spec spec = {config, {"simulation.paths=1000"}, 1, "cpu", 1, NULL};
    static mcs_timings t[MCS_TOGETHER_MAX];
    assert_int_equal(mcs_run_cold_together(MCSIM_EXE, &spec, 3, log, t, err, sizeof err),
                     MCS_OK);
    for (int i = 0; i < 3; i++)
        assert_true(t[i].seconds[MCS_PHASE_TOTAL] > 0 && t[i].seconds[MCS_PHASE_SIMULATE] > 0);
    assert_int_not_equal(
        mcs_run_cold_together(MCSIM_EXE, &spec, MCS_TOGETHER_MAX + 1, log, t, err, sizeof err),
        MCS_OK);
    spec.overrides[0] = "simulation.paths=abc";
    assert_int_equal(mcs_run_cold_together(MCSIM_EXE, &spec, 2, log, t, err, sizeof err),
                     MCS_E_CONFIG);
    assert_non_null(strstr(err, "process 1 of 2 at once (--device 0)"));
    DIR *d = opendir(dir); /* every process's log and stderr removed */
    assert_non_null(d);
    int entries = 0;
    while (readdir(d))
        entries++;
    closedir(d);
    assert_int_equal(entries, 2); /* . and .. */
    mcs_run_folder_remove(dir);
#else
    skip();
#endif
}

/* A model with a dear branch (heston: QE's exponential branch) has its
 * kernels measured at calibrate's job and at a dear point (kernel_plan.h):
 * a job's per-step cost is the line through the two by the share of its
 * groups paying the branch (estimator/model.c), worked here by hand from
 * the shares the workload carries: at xi = 0.3 the share is calibrate's
 * (0: the step), at xi = 1 about the dear point's, at xi = 0.5 between;
 * without the dear point's cost (a profile before it, or 0) or with a dear
 * point too close to calibrate's job in share, the step alone. */
static void dear_step_by_the_share(void **state)
{
    (void)state;
    static mcs_profile p;
    load_machine(&p);
    const double xis[3] = {0.3, 0.5, 1};
    double steps[3];
    for (int i = 0; i < 3; i++) {
        char sets[512];
        snprintf(sets, sizeof sets,
                 "model.type=heston model.spot=100 model.rate=0.05 model.v0=0.04 model.kappa=1.5 "
                 "model.theta=0.04 "
                 "model.xi=%g model.rho=-0.7 option.payoff=european option.type=call "
                 "option.strike=100 option.maturity=1 simulation.steps=252 "
                 "simulation.rng=philox", xis[i]);
        mcs_job job;
        job_of_sets(sets, &job);
        mcs_workload w = mcs_workload_of_job(&job, 1, 0);
        const mcs_dear_shares *d = &w.dear;
        assert_non_null(d->branch);
        const int f = mcs_kernel_family_index(MCS_MODEL_HESTON, MCS_PAYOFF_EUROPEAN, w.mode);
        assert_true(f >= 0);
        for (int side = 0; side < 2; side++) {
            assert_true(d->calibrated[side] == 0 && d->dear[side] > 0.9);
            const double t = (d->job[side] - d->calibrated[side]) / (d->dear[side] - d->calibrated[side]);
            const int g = mcs_kernel_rng_index(side, MCS_RNG_PHILOX);
            mcs_kernel_cost cost, *k = side ? &p.gpu.kernel_ps[f][MCS_SINGLE][g]
                                            : &p.cpu.kernel_ns[f][MCS_SINGLE][g];
            char name[128];
            *k = (mcs_kernel_cost){.path = 1, .step = 3, .dear_step = 5};
            if (side)
                mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
            else
                mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
            expect_close(cost.step, 3 + t * (5 - 3), 1e-12);
            expect_close(cost.path, 1, 1e-12);
            if (side == 0)
                steps[i] = cost.step;
            /* the step alone: no dear point measured (NAN, or 0 as the fit
             * writes for a negative step), or a dear point whose share is
             * less than MCS_DEAR_SPAN_LEAST above calibrate's job's */
            for (int gate = 0; gate < 3; gate++) {
                mcs_workload u = w;
                k->dear_step = gate == 0 ? NAN : gate == 1 ? 0 : 5;
                if (gate == 2)
                    u.dear.dear[side] = u.dear.calibrated[side] + 0.9 * MCS_DEAR_SPAN_LEAST;
                if (side)
                    mcs_gpu_kernel_cost(&p.gpu, &u, MCS_RNG_PHILOX, &cost, name, sizeof name);
                else
                    mcs_cpu_kernel_cost(&p.cpu, &u, MCS_RNG_PHILOX, &cost, name, sizeof name);
                expect_close(cost.step, 3, 1e-12);
            }
        }
    }
    expect_close(steps[0], 3, 1e-12);
    assert_true(steps[1] > 3.5 && steps[1] < steps[2]);
    assert_true(steps[2] > 4.9 && steps[2] < 5.1);
    /* in double the CPU's Heston step takes the branch's paths apart
     * (MCS_HESTON_DOUBLE_APART): its shares are a path's (a group of 1),
     * the job's, calibrate's and the dear point's alike; the GPU's a warp's */
    mcs_job job;
    job_of_sets("model.type=heston model.spot=100 model.v0=0.04 model.kappa=1.5 "
                "model.theta=0.04 model.xi=0.7 model.rho=-0.7 option.strike=100 "
                "option.maturity=1 simulation.steps=50 simulation.precision=double", &job);
    mcs_workload w = mcs_workload_of_job(&job, 1, 0);
    expect_close(w.dear.job[0], mcs_heston_dear_share(&job, 1), 1e-15);
    expect_close(w.dear.job[1], mcs_heston_dear_share(&job, MCS_GPU_WARP_PATHS), 1e-15);
    assert_true(w.dear.job[0] > 0.2 && w.dear.job[0] < 0.6 && w.dear.job[1] > 0.9);
    assert_true(w.dear.dear[0] > MCS_DEAR_SPAN_LEAST && w.dear.dear[0] < 0.9);
    assert_int_equal(mcs_heston_dear_cpu_group(MCS_DOUBLE, 2048), 1);
    assert_int_equal(mcs_heston_dear_cpu_group(MCS_SINGLE, 2048), 2048);
    /* the Euler scheme, heston's variant step: its kernels' variant_step
     * where measured (its dear share is 0), calibrate's step where not; a
     * QE job never takes it */
    job_of_sets("model.type=heston model.spot=100 model.v0=0.04 model.kappa=1.5 "
                "model.theta=0.04 model.xi=0.3 model.rho=-0.7 model.scheme=euler "
                "option.strike=100 option.maturity=1 simulation.steps=50", &job);
    w = mcs_workload_of_job(&job, 1, 0);
    assert_true(w.variant);
    const int f = mcs_kernel_family_index(MCS_MODEL_HESTON, MCS_PAYOFF_EUROPEAN, w.mode);
    const int g = mcs_kernel_rng_index(0, MCS_RNG_PCG64);
    mcs_kernel_cost *k = &p.cpu.kernel_ns[f][MCS_SINGLE][g], cost;
    *k = (mcs_kernel_cost){.path = 1, .step = 3, .dear_step = 5, .variant_step = 7};
    char name[128];
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PCG64, &cost, name, sizeof name);
    expect_close(cost.step, 7, 1e-12);
    k->variant_step = NAN;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PCG64, &cost, name, sizeof name);
    expect_close(cost.step, 3, 1e-12);
    k->variant_step = 7;
    w.variant = 0;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PCG64, &cost, name, sizeof name);
    expect_close(cost.step, 3, 1e-12);
}

/* A model whose normals per step grow with the job (multi_gbm: one per
 * asset) is calibrated at its calibration job's (2 assets): a job of n
 * assets costs (n + n (n + 1) / 2) / (2 + 3) of its per-step cost (its
 * normals and the linear factor's multiply-adds), its per-path cost
 * unscaled; on the GPU's warp kernel (from MCS_WARP_KERNEL_MIN_ASSETS, in
 * single precision, not mrg32k3a) n / 2, by its normals alone; a one-asset
 * model's (fixed normals) is unchanged. */
static void kernel_step_cost_scales_with_normals(void **state)
{
    (void)state;
    static mcs_profile p;
    load_machine(&p);
    mcs_job job;
    job_of_sets("model.type=multi_gbm model.assets=8 model.spots=100 model.volatilities=0.2 "
                "model.correlation=0.3 option.payoff=basket option.strike=100 "
                "option.maturity=1 simulation.steps=10 simulation.rng=philox", &job);
    mcs_workload w = mcs_workload_of_job(&job, 1, 0);
    assert_int_equal(w.normals, 8);
    const int f = mcs_kernel_family_index(MCS_MODEL_MULTI_GBM, MCS_PAYOFF_BASKET, w.mode);
    assert_true(f >= 0);
    assert_int_equal(mcs_kernel_family_normals(f), 2);
    for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
        p.cpu.kernel_ns[f][MCS_SINGLE][g] = (mcs_kernel_cost){.path = 5, .step = 3};
    mcs_kernel_cost cost;
    char name[128];
    assert_int_equal(mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name),
                     MCS_COST_KERNEL);
    expect_close(cost.path, 5, 1e-12);
    expect_close(cost.step, 3 * (8 + 36) / 5.0, 1e-12);
    /* the GPU: 8 assets run the per-thread kernel, by the work too; 64
     * assets the warp kernel in single precision (by the normals), the
     * per-thread kernel in double (by the work) */
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g] = (mcs_kernel_cost){.path = 7, .step = 2};
    assert_int_equal(mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name),
                     MCS_COST_KERNEL);
    expect_close(cost.step, 2 * (8 + 36) / 5.0, 1e-12);
    w.assets = 64;
    w.normals = 64;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 2 * 64 / 2.0, 1e-12);
    expect_close(cost.path, 7, 1e-12);
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_MRG32K3A, &cost, name, sizeof name);
    expect_close(cost.step, 2 * (64 + 64 * 65 / 2) / 5.0, 1e-12);
    w.precision = MCS_DOUBLE;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 2 * (64 + 64 * 65 / 2) / 5.0, 1e-12);
    /* with the wide points measured (64 assets: path 40, step 500): per step
     * affine in the work W(n) = n + n (n + 1) / 2 between W(2) = 5 and
     * W(64) = 2144, per path in the assets; on the warp kernel the wide
     * step times n / 64; a per-thread GPU job whose wide point ran the warp
     * kernel by the work from the calibration job's, as without them */
    for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
        p.cpu.kernel_ns[f][MCS_SINGLE][g] = (mcs_kernel_cost){.path = 5, .step = 3,
                                                              .wide_path = 40, .wide_step = 500};
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g] = (mcs_kernel_cost){.path = 7, .step = 2,
                                                         .wide_path = 40, .wide_step = 500};
    w.precision = MCS_SINGLE;
    w.assets = w.normals = 8;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 3 + (500 - 3) * (44 - 5) / 2139.0, 1e-12);
    expect_close(cost.path, 5 + (40 - 5) * 6 / 62.0, 1e-12);
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 2 * 44 / 5.0, 1e-12);
    expect_close(cost.path, 7, 1e-12);
    w.precision = MCS_DOUBLE;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 2 + (500 - 2) * (44 - 5) / 2139.0, 1e-12);
    w.precision = MCS_SINGLE;
    w.assets = w.normals = 24;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_SOBOL, &cost, name, sizeof name);
    expect_close(cost.step, 500 * 24 / 64.0, 1e-12);
    expect_close(cost.path, 7 + (40 - 7) * 22 / 62.0, 1e-12);
    w.assets = w.normals = 64;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PCG64, &cost, name, sizeof name);
    expect_close(cost.step, 500, 1e-12);
    expect_close(cost.path, 40, 1e-12);
    /* with the middle point too (16 assets: step 60): the CPU's step on the
     * quadratic through (2, 3), (16, 60), (64, 500), by hand at 32 assets:
     * its Lagrange terms 3 (32-16)(32-64) / ((2-16)(2-64)) + 60 (32-2)(32-64)
     * / ((16-2)(16-64)) + 500 (32-2)(32-16) / ((64-2)(64-16)) = -1.7694 +
     * 85.7143 + 80.6452 = 164.590; held between its neighbours' costs (a
     * middle point above the widest's keeps 24 assets at most at the
     * middle's); the GPU's warp kernel affine in the assets through (16, 60)
     * and (64, 500): 60 + 440 (24 - 16) / 48 at 24 assets; its per-thread
     * kernel in double on the quadratic too */
    for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
        p.cpu.kernel_ns[f][MCS_SINGLE][g] = (mcs_kernel_cost){.path = 5, .step = 3,
                                                              .wide_path = 40, .wide_step = 500,
                                                              .mid_step = 60};
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g] = (mcs_kernel_cost){.path = 7, .step = 3,
                                                         .wide_path = 40, .wide_step = 500,
                                                              .mid_step = 60};
    w.assets = w.normals = 32;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    const double by_hand = 3.0 * 16 * -32 / (-14 * -62) + 60.0 * 30 * -32 / (14 * -48) +
                           500.0 * 30 * 16 / (62 * 48);
    expect_close(by_hand, 164.590, 1e-5);
    expect_close(cost.step, by_hand, 1e-12);
    expect_close(cost.path, 5 + (40 - 5) * 30 / 62.0, 1e-12);
    w.precision = MCS_DOUBLE;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, by_hand, 1e-12);
    w.precision = MCS_SINGLE;
    w.assets = w.normals = 24;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 60 + 440 * 8 / 48.0, 1e-12);
    expect_close(cost.path, 7 + (40 - 7) * 22 / 62.0, 1e-12);
    w.assets = w.normals = 8; /* per-thread, its wide points on the warp kernel: as before */
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 3 * 44 / 5.0, 1e-12);
    /* the GPU's per-thread kernel's own narrow points (6 assets: 20, 12: 70):
     * its step on the quadratic through (2, 3), (6, 20), (12, 70), by hand
     * at 8 assets -0.2 * 3 + 1 * 20 + 0.2 * 70 = 33.4; the warp kernel's
     * step at 13 assets its 16's (whole runs of MCS_WARP_SLOT_RUN); double,
     * per-thread at every size, keeps the quadratic through its wide points above
     * 12 assets */
    _Static_assert(MCS_NARROW_ASSETS == 6 && MCS_NARROW_TOP_ASSETS == 12 &&
                       MCS_WARP_SLOT_RUN == 4 && MCS_MID_ASSETS == 16,
                   "the figures by hand below");
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++) {
            p.gpu.kernel_ps[f][q][g].narrow_step = 20;
            p.gpu.kernel_ps[f][q][g].narrow_top_step = 70;
        }
    w.assets = w.normals = 8;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, -0.2 * 3 + 20 + 0.2 * 70, 1e-12);
    expect_close(cost.path, 7, 1e-12);
    w.assets = w.normals = 12;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_SOBOL, &cost, name, sizeof name);
    expect_close(cost.step, 70, 1e-12);
    w.assets = w.normals = 13;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 60, 1e-12);
    w.precision = MCS_DOUBLE;
    w.assets = w.normals = 32;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, by_hand, 1e-12);
    /* and up to the narrow top point's assets its own narrow points' quadratic,
     * with the calibration job's path (the narrow steps hold the path's
     * growth), as the single-precision job above */
    w.assets = w.normals = 8;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, -0.2 * 3 + 20 + 0.2 * 70, 1e-12);
    expect_close(cost.path, 7, 1e-12);
    w.assets = w.normals = 13; /* past it, the wide points' quadratic again */
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, 3.0 * 153 / 868 + 60.0 * 561 / 672 - 500.0 * 33 / 2976, 1e-12);
    w.precision = MCS_SINGLE;
    /* with the narrow points' own paths (each from its pair of runs at 1 and 8
     * steps; 6 assets: 10, 12: 12), the path on the quadratic through (2, 7),
     * (6, 10), (12, 12): by hand at 8 assets -0.2 * 7 + 10 + 0.2 * 12 = 11,
     * at 12 the top point's; the step as without them; never less for
     * more assets (a pair's path is a small difference: the H200's double
     * 12-asset ones came out 0-6 ps where 20M-path runs said 34): the top
     * one missing, the 6-asset one's from 6 assets on; the 6-asset one
     * missing (a profile from before them): the calibration job's path */
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++) {
            p.gpu.kernel_ps[f][q][g].narrow_path = 10;
            p.gpu.kernel_ps[f][q][g].narrow_top_path = 12;
        }
    w.assets = w.normals = 8;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, -0.2 * 7 + 10 + 0.2 * 12, 1e-12);
    expect_close(cost.step, -0.2 * 3 + 20 + 0.2 * 70, 1e-12);
    w.assets = w.normals = 12;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 12, 1e-12);
    w.assets = w.normals = 1; /* below the calibration job's: its path, not extrapolated */
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 7, 1e-12);
    w.assets = w.normals = 13; /* the warp kernel: the wide points' path, as before */
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 7 + (40 - 7) * 11 / 62.0, 1e-12);
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g].narrow_top_path = 0;
    w.assets = w.normals = 8;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 10, 1e-12);
    w.assets = w.normals = 4; /* on the quadratic through (2, 7), (6, 10), (12, 10) */
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 7 * 0.4 + 10 * (16.0 / 24) + 10 * (-4.0 / 60), 1e-12);
    for (int q = 0; q < MCS_PREC_COUNT; q++) /* as a profile from before them reads */
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g].narrow_path = p.gpu.kernel_ps[f][q][g].narrow_top_path = NAN;
    w.assets = w.normals = 8;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 7, 1e-12);
    /* and the narrow walk's cost at the top point is the model's p12 there */
    {
        mcs_kernel_cost c = {.path = 7, .narrow_step = 20, .narrow_top_step = 70,
                             .narrow_path = 10, .narrow_top_path = 3};
        double p6, p12;
        assert_int_equal(mcs_narrow_paths(&c, &p6, &p12), 1);
        expect_close(p6, 10, 0);
        expect_close(p12, 10, 0);
        c.narrow_path = 5; /* below the calibration job's */
        assert_int_equal(mcs_narrow_paths(&c, &p6, &p12), 1);
        expect_close(p6, 7, 0);
        c.narrow_path = NAN;
        assert_int_equal(mcs_narrow_paths(&c, &p6, &p12), 0);
    }
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g].narrow_path = p.gpu.kernel_ps[f][q][g].narrow_top_path = 0;
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g].narrow_step = p.gpu.kernel_ps[f][q][g].narrow_top_step = 0;
    /* with the middle point's path too (16 assets: 20 ns, 25 ps): per path
     * piecewise affine through (2, 5), (16, 20), (64, 40) on the CPU, and
     * through (16, 25), (64, 40) on the GPU's warp kernel */
    for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
        p.cpu.kernel_ns[f][MCS_SINGLE][g].mid_path = 20;
    for (int q = 0; q < MCS_PREC_COUNT; q++)
        for (int g = 0; g < MCS_GPU_RNG_COUNT; g++)
            p.gpu.kernel_ps[f][q][g].mid_path = 25;
    w.assets = w.normals = 8;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 5 + 15 * 6 / 14.0, 1e-12);
    w.assets = w.normals = 32;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 20 + 20 * 16 / 48.0, 1e-12);
    expect_close(cost.step, by_hand, 1e-12); /* the step as without it */
    w.assets = w.normals = 24;
    mcs_gpu_kernel_cost(&p.gpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 25 + 15 * 8 / 48.0, 1e-12);
    expect_close(cost.step, 60 + 440 * 8 / 48.0, 1e-12);
    w.assets = w.normals = 64;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.path, 40, 1e-12);
    for (int g = 0; g < MCS_CPU_RNG_COUNT; g++) /* a noisy middle above the widest */
        p.cpu.kernel_ns[f][MCS_SINGLE][g] = (mcs_kernel_cost){.path = 5, .step = 3,
                                                              .wide_path = 40, .wide_step = 500,
                                                              .mid_step = 700};
    w.assets = w.normals = 24;
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    assert_true(cost.step >= 500 && cost.step <= 700);
    /* a GBM European: 1 normal a step, as calibrated: unscaled */
    load_config_job("european", NULL, NULL, &job, NULL, 0);
    w = mcs_workload_of_job(&job, 1, 0);
    assert_int_equal(w.normals, 1);
    mcs_cpu_kernel_cost(&p.cpu, &w, MCS_RNG_PHILOX, &cost, name, sizeof name);
    expect_close(cost.step, p.cpu.kernel_ns[mcs_kernel_family_index(MCS_MODEL_GBM,
                                                                    MCS_PAYOFF_EUROPEAN, w.mode)]
                                             [MCS_SINGLE][mcs_kernel_rng_index(0, MCS_RNG_PHILOX)]
                                                 .step,
                 1e-12);
}

/* Spec-sheet derivation scales the kernel keys as the per-precision costs
 * (their errors: divisors_and_counts_are_range_checked), per term: GPU
 * kernels by SM count x clock (double also by the FP64 share), copies by the
 * host link, the measured fixed costs kept; and says which terms it scaled. */
static void kernel_keys_are_scaled(void **state)
{
    (void)state;
    /* a spec sheet with half the peak per core costs twice as much per CPU
     * kernel; a GPU with half the SMs twice as much per GPU kernel, four
     * times in double with half the FP64 share too */
    mcs_profile ref, spec;
    load_machine(&ref);
    int fw = mcs_kernel_family_index(MCS_MODEL_GBM, MCS_PAYOFF_EUROPEAN, 1);
    ref.gpu.walk[fw][0][0] = 40000; /* a walk: the clock's ratio (1) over the kernels' (2) */
    ref.gpu.walk[fw][1][0] = 40000; /* in double over the kernels' 4 */
    ref.gpu.walk_fixed[fw][0][0] = 8000; /* its fixed part the same way */
    int fb = mcs_kernel_family_index(MCS_MODEL_MULTI_GBM, MCS_PAYOFF_BASKET, 1);
    assert_true(fb >= 0);
    ref.gpu.walk_wide[fb][0][0] = ref.gpu.walk_narrow[fb][0][0] = 40000; /* the wide and */
    ref.gpu.walk_fixed_wide[fb][0][0] = ref.gpu.walk_fixed_narrow[fb][0][0] = 8000; /* narrow */
    ref.gpu.walk_mid[fb][1][0] = 40000; /* and the middle point's, in double */
    ref.gpu.walk_fixed_mid[fb][1][0] = 8000;
    ref.gpu.walk_sparse[fb][1][0] = 40000; /* and the sparsest fit point's */
    ref.gpu.walk_fixed_sparse[fb][1][0] = 8000;
    spec = ref;
    spec.calibrated = 0;
    spec.cpu.fp32_gflops = 200;
    spec.gpu.sm_count = 50;
    spec.gpu.fp32_tflops = 10;   /* the FP32 peak kept (twice the lanes per SM), */
    spec.gpu.fp64_tflops = 2.5;  /* the FP64 share halved: not the FLOP ratios */
    spec.gpu.pcie_gbps = 50;     /* twice the host link */
    char err[512] = "";
    assert_int_equal(mcs_profile_derive(&spec, &ref, err, sizeof err), MCS_OK);
    int f = mcs_kernel_family_index(MCS_MODEL_GBM, MCS_PAYOFF_EUROPEAN, 1);
    assert_true(f >= 0);
    expect_close(spec.cpu.kernel_ns[f][0][1].path, 10, 1e-15);
    expect_close(spec.cpu.kernel_ns[f][0][1].step, 12, 1e-15);
    assert_true(isnan(spec.cpu.kernel_ns[f][0][1].watch));
    assert_true(isnan(spec.cpu.kernel_ns[f][1][1].path)); /* not measured stays absent */
    /* each derived cost is exactly the reference's times its term's ratio */
    assert_string_equal(spec.scaled_from, ref.name);
    const char *terms[] = {"kernel", "kernel_single", "kernel_double", "ramp_and_launch",
                           "copies"};
    const double ratios[] = {2, 2, 4, 1, 0.5};
    assert_int_equal(spec.n_scaled, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(spec.scaled[i].term, terms[i]);
        assert_true(spec.scaled[i].ratio == ratios[i]);
    }
    assert_true(spec.gpu.kernel_ps[f][0][0].step == ref.gpu.kernel_ps[f][0][0].step * 2);
    assert_true(spec.gpu.kernel_ps[f][0][0].path == ref.gpu.kernel_ps[f][0][0].path * 2);
    for (int g = 0; g < MCS_GPU_RNG_COUNT; g++) {
        assert_true(spec.gpu.kernel_path_step_ps[0][g] == ref.gpu.kernel_path_step_ps[0][g] * 2);
        assert_true(spec.gpu.kernel_path_step_ps[1][g] == ref.gpu.kernel_path_step_ps[1][g] * 4);
        assert_true(spec.gpu.kernel_fixed_us[0][g] == ref.gpu.kernel_fixed_us[0][g]);
    }
    assert_true(spec.gpu.d2h_pinned.gbps == ref.gpu.d2h_pinned.gbps / 0.5);
    expect_close(spec.gpu.walk[fw][0][0], 20000, 1e-12);
    expect_close(spec.gpu.walk[fw][1][0], 10000, 1e-12);
    expect_close(spec.gpu.walk_fixed[fw][0][0], 4000, 1e-12);
    expect_close(spec.gpu.walk_wide[fb][0][0], 20000, 1e-12);
    expect_close(spec.gpu.walk_narrow[fb][0][0], 20000, 1e-12);
    expect_close(spec.gpu.walk_fixed_wide[fb][0][0], 4000, 1e-12);
    expect_close(spec.gpu.walk_fixed_narrow[fb][0][0], 4000, 1e-12);
    expect_close(spec.gpu.walk_mid[fb][1][0], 10000, 1e-12);
    expect_close(spec.gpu.walk_fixed_mid[fb][1][0], 2000, 1e-12);
    expect_close(spec.gpu.walk_sparse[fb][1][0], 10000, 1e-12);
    expect_close(spec.gpu.walk_fixed_sparse[fb][1][0], 2000, 1e-12);
    assert_true(isnan(spec.gpu.walk[fw][0][1])); /* not measured stays absent */
    /* the measured fixed costs are kept */
    assert_true(spec.gpu.context_s == ref.gpu.context_s);
    assert_true(spec.gpu.launch_us == ref.gpu.launch_us);
    assert_true(spec.gpu.d2h_pinned.alpha_us == ref.gpu.d2h_pinned.alpha_us);
    assert_true(spec.cpu.setup_cold_s == ref.cpu.setup_cold_s);
    /* the GPU run's log is written by the host: the reference's GPU write
     * times the host's CPU log over the reference host's (a host that logs
     * twice as fast writes the GPU log twice as fast); a calibrated
     * profile's own write as it is */
    assert_true(spec.gpu.write_host_cold_s == ref.cpu.write_cold_s);
    assert_true(spec.gpu.write_host_warm_s == ref.cpu.write_warm_s);
    assert_true(ref.gpu.write_warm_s > 0 && ref.cpu.write_warm_s > 0);
    mcs_cpu_profile host = ref.cpu;
    host.write_cold_s = ref.cpu.write_cold_s / 2;
    host.write_warm_s = ref.cpu.write_warm_s / 2;
    mcs_job job;
    load_config_job("european", NULL, NULL, &job, NULL, 0);
    for (int cold = 0; cold < 2; cold++) {
        mcs_workload w = mcs_workload_of_job(&job, 1, cold);
        mcs_prediction a, b;
        mcs_predict_gpu(&spec.gpu, &host, &w, &a);
        expect_close(a.seconds[MCS_PHASE_WRITE],
                     (cold ? ref.gpu.write_cold_s : ref.gpu.write_warm_s) / 2, 1e-12);
        mcs_predict_gpu(&ref.gpu, &host, &w, &b);
        expect_close(b.seconds[MCS_PHASE_WRITE], cold ? ref.gpu.write_cold_s : ref.gpu.write_warm_s,
                     1e-12);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cpu_prediction_by_hand),
        cmocka_unit_test(cpu_setup_by_threads),
        cmocka_unit_test(line_fit_by_hand),
        cmocka_unit_test(busy_pass_left_out_past_its_ratio),
        cmocka_unit_test(cpu_cost_from_a_run_inverts_the_prediction),
        cmocka_unit_test(warm_above_cold_is_implausible),
        cmocka_unit_test(zero_step_cost_is_implausible),
        cmocka_unit_test(fixed_costs_follow_the_table),
        cmocka_unit_test(repeats_settle_by_the_stated_rule),
        cmocka_unit_test(nearest_catalogue_entry_by_the_stated_rule),
        cmocka_unit_test(cpu_partial_block_by_hand),
        cmocka_unit_test(gpu_prediction_by_hand),
        cmocka_unit_test(gpu_waves_by_hand),
        cmocka_unit_test(config_per_asset),
        cmocka_unit_test(efficiency_interpolates),
        cmocka_unit_test(break_even_is_the_crossing),
        cmocka_unit_test(profile_errors_name_file_line_key),
        cmocka_unit_test(catalogue_parses_and_round_trips),
        cmocka_unit_test(worked_example_of_the_calculator),
        cmocka_unit_test(validate_finds_known_errors),
        cmocka_unit_test(validate_says_the_gpu_faster_at_every_count),
        cmocka_unit_test(written_profiles_read_back_the_same),
        cmocka_unit_test(shuffled_profiles_read_back_the_same),
        cmocka_unit_test(empty_section_survives_writing),
        cmocka_unit_test(writer_refuses_what_would_not_read_back),
        cmocka_unit_test(long_lines_and_nul_bytes_are_refused),
        cmocka_unit_test(divisors_and_counts_are_range_checked),
        cmocka_unit_test(missing_model_figures_are_refused),
        cmocka_unit_test(profile_files_are_regular_and_small),
        cmocka_unit_test(sweep_rows_are_range_checked),
        cmocka_unit_test(validate_has_no_fixed_tables),
        cmocka_unit_test(validate_keeps_jobs_apart),
        cmocka_unit_test(validate_counts_what_it_leaves_out),
        cmocka_unit_test(validate_splits_bias_and_noise),
        cmocka_unit_test(row_claims_are_checked_against_the_file),
        cmocka_unit_test(sweep_write_under_a_size_limit),
        cmocka_unit_test(cpu_flops_per_cycle_follow_the_isa),
        cmocka_unit_test(cpu_model_is_the_brand_string),
        cmocka_unit_test(cpu_cores_are_counted_by_hwloc),
        cmocka_unit_test(calibration_plan_covers_the_dispatch_table),
        cmocka_unit_test(kernel_plans_make_their_jobs),
        cmocka_unit_test(kernel_plan_points_run_at_fewer_steps),
        cmocka_unit_test(watched_steps_follow_the_payoff),
        cmocka_unit_test(kernel_costs_by_hand),
        cmocka_unit_test(kernel_step_cost_scales_with_normals),
        cmocka_unit_test(validate_rows_keep_the_jobs_size),
        cmocka_unit_test(kernel_keys_are_scaled),
        cmocka_unit_test(dear_step_by_the_share),
        cmocka_unit_test(split_predictions_by_hand),
        cmocka_unit_test(processes_run_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
