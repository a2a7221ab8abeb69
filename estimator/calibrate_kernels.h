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

/* How calibrate runs the kernels' jobs. */
typedef struct {
    const char *log; /* where each run writes its log */
    int quick;       /* --quick: shorter runs, no re-measuring */
    void (*progress)(const char *fmt, ...);
} mcs_kernel_calibration;

/* One thread's costs (ns) of every CPU kernel into cpu->kernel_ns; the
 * largest spread of their repeats raises cpu->repeat_spread. */
mcs_status mcs_calibrate_cpu_kernels(const mcs_kernel_calibration *kc, mcs_cpu_profile *cpu,
                                     char *err, size_t err_len);

/* The saturated GPU's costs (ps) of every GPU kernel into gpu->kernel_ps;
 * needs the per-launch terms (launch_us, kernel_fixed_us,
 * kernel_ramp_path_step_ns, kernel_path_step_ps) measured first. */
mcs_status mcs_calibrate_gpu_kernels(const mcs_kernel_calibration *kc, mcs_gpu_profile *gpu,
                                     char *err, size_t err_len);

/* The seconds one path cost in a warm GPU run of `job` (its generator
 * resolved, one the GPU runs) that took `t`: simulate = L (launch + fixed)
 * + c (N + L ceil(p1/256) ramp / kappa), the model's terms (model.c),
 * solved for c with the profile's per-launch terms. */
double mcs_gpu_seconds_per_path(const mcs_gpu_profile *g, const mcs_job *job,
                                const mcs_timings *t);

#endif
