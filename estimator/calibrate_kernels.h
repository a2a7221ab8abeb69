/* calibrate_kernels.h - `mcsim calibrate`'s costs of every compiled kernel
 * (kernel_plan.h) on one backend: per path, per step and per monitored
 * step, from the kernel's representative job timed at two or more step
 * counts (docs/estimator.md, "Calibration"). */
#ifndef MCS_CALIBRATE_KERNELS_H
#define MCS_CALIBRATE_KERNELS_H

#include <stddef.h>
#include "job.h"
#include "profile.h"
#include "timing.h"
#include "status.h"

/* When calibrate stops repeating a measurement (docs/estimator.md,
 * "Calibration"): its runs are interleaved in rounds (one run of each
 * quantity measured together per round), at least `min` rounds (2 when
 * `min` is MCS_REPEATS_MIN or less and both runs agree within
 * MCS_AGREED_SPREAD: a third run cannot move the median of three outside
 * the two; a stage that asks for more rounds, for their spread, gets them);
 * then a
 * quantity is settled when its runs spread at most MCS_SETTLED_SPREAD, or
 * its median moved at most MCS_SETTLED_MOVE with the last round and they
 * spread at most MCS_PLAUSIBLE_SPREAD_MAX (mcs_trimmed_spread); another
 * round while one is not, at most `max` rounds, and none beyond `min`
 * after `deadline` (mcs_now seconds: the stage's share of the time cap). */
#define MCS_REPEATS_MIN 3
#define MCS_REPEATS_MAX 9
#define MCS_REPEATS_QUICK 2 /* --quick: exactly this many rounds */
#define MCS_SETTLED_MOVE 0.02
#define MCS_SETTLED_SPREAD 0.05
#define MCS_AGREED_SPREAD 0.01
typedef struct {
    int min, max;
    double deadline;
} mcs_repeat_rule;

/* The rule of a stage: --quick or not, `budget` seconds from now. */
mcs_repeat_rule mcs_repeat_rule_make(int quick, double budget);

/* 1 when x[0..n), the runs of one quantity in round order, needs no more
 * rounds by `rule` at time `now`; 0 when another round is due. */
int mcs_repeats_settled(const double *x, int n, const mcs_repeat_rule *rule, double now);

/* The median of x[0..n) and its spread (max - min) / median, less the
 * fastest and the slowest run from 5 runs on (which the median ignores
 * too: one run slowed by another process would otherwise decide it). x is
 * not changed; at most MCS_TRIMMED_RUNS_MAX runs (calibrate's pooled fixed-cost
 * rounds: its single rounds between the kernels, its passes' medians). */
#define MCS_TRIMMED_RUNS_MAX 64

/* Two passes of the same measurement (their median totals `first` and
 * `later`): one whose total is more than MCS_BUSY_PASS_RATIO times the
 * other's ran on a busy host. -1: keep the first alone, 1: the later
 * alone, 0: pool their runs (calibrate's CPU fixed costs). */
#define MCS_BUSY_PASS_RATIO 1.25
int mcs_pass_to_keep(double first, double later);
double mcs_trimmed_spread(const double *x, int n, double *spread);

/* How calibrate runs the kernels' jobs. */
typedef struct {
    int quick;       /* --quick: shorter runs, fewer rounds, other generators at one point */
    void (*progress)(const char *fmt, ...);
    double budget;   /* seconds the side's kernels may take beyond their minimum rounds */
    double until;    /* and no such round after this (mcs_now seconds) */
    /* called after each kernel's measurement, when set (calibrate's fixed-cost
     * rounds spread over the kernel stages); a failure stops the stage */
    mcs_status (*between)(void *user, char *err, size_t err_len);
    void *user;
} mcs_kernel_calibration;

/* One thread's costs (ns) of every CPU kernel into cpu->kernel_ns; the
 * largest spread of their repeats raises cpu->repeat_spread. A fit that
 * wants a negative per-step cost is measured once more; still negative, the
 * step cost is written 0, which mcs_profile_problems reports. --quick
 * measures philox's kernels at their last step point only, their path and
 * watch costs pcg64's times the ratio of the fallback costs path_step_ns
 * (which must be measured). */
mcs_status mcs_calibrate_cpu_kernels(const mcs_kernel_calibration *kc, mcs_cpu_profile *cpu,
                                     char *err, size_t err_len);

/* The saturated GPU's costs (ps) of every GPU kernel into gpu->kernel_ps,
 * as the CPU's (--quick: mrg32k3a and sobol at one point, their path costs
 * philox's times the ratio of kernel_path_step_ps); needs the per-launch terms
 * (launch_us, kernel_fixed_us, kernel_ramp_path_step_ns,
 * kernel_path_step_ps) measured first. */
mcs_status mcs_calibrate_gpu_kernels(const mcs_kernel_calibration *kc, mcs_gpu_profile *gpu,
                                     char *err, size_t err_len);

/* The seconds one path cost in a warm GPU run of `job` (its generator
 * resolved, one the GPU runs) that took `t`: simulate = L (launch + fixed)
 * + c E, the model's terms (model.c; E: mcs_gpu_work_paths, into *work
 * where not NULL), solved for c with the profile's per-launch terms. */
double mcs_gpu_seconds_per_path(const mcs_gpu_profile *g, const mcs_job *job,
                                const mcs_timings *t, double *work);

#endif
