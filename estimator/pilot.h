/* pilot.h - `mcsim estimate --pilot` and `--tolerance`: the job itself run
 * briefly on each usable backend, whose measured cost per path replaces the
 * profile's kernel cost (mcs_workload's cpu_cost / gpu_cost), and the paths
 * a standard error needs, from the payoff's closed-form variance or a
 * variance pilot (docs/estimator.md, "Pilots" and "Time to accuracy"). */
#ifndef MCS_PILOT_H
#define MCS_PILOT_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "model.h"
#include "profile.h"

/* The default time a pilot takes per backend, and the largest allowed. */
#define MCS_PILOT_DEFAULT_S 0.2
#define MCS_PILOT_MAX_S 600.0

/* One backend's pilot. */
typedef struct {
    int ran;              /* 1: measured; 0: not run, `why` says why */
    char why[256];
    int runs;             /* runs made, paths doubling from one to the next */
    uint64_t paths;       /* the last (largest) run's paths, which the cost comes from */
    int threads;          /* the CPU pilot's threads (the job's); 0 on the GPU */
    double seconds;       /* wall time of all the runs */
    double simulate_s;    /* the last run's simulate phase */
    double paths_per_s;   /* its measured rate: paths / simulate */
    mcs_kernel_cost cost; /* per path at the job's steps (CPU ns, GPU ps): {c, 0, 0} */
    double std_error;     /* the last run's standard error of the price */
} mcs_pilot;

/* Both backends' pilots of a job (cpu: [0], gpu: [1]). */
typedef struct {
    mcs_pilot side[2];
} mcs_pilots;

/* Runs the job (CONFIG with the overrides) on `backend` ("cpu" or "gpu")
 * in this process, from 1024 paths doubling while the next run fits in
 * budget_s; the GPU's cost per path takes its launch terms out as
 * calibration does (gpu: the profile's GPU side; NULL on the CPU), the
 * CPU's runs on `threads` (at least 1) take one thread's cost through the
 * model's waves and efficiency as calibration does (cpu: the profile's
 * CPU side; NULL: simulate / paths, for a variance pilot on one thread). A
 * backend that cannot run the job is no error: out->ran = 0 with why.
 * Errors: MCS_E_USAGE when the overrides are too many for a run,
 * MCS_E_IO when the runs' temporary folder cannot be made, a run's own
 * failure (MCS_E_INTERRUPTED on a stop request). */
mcs_status mcs_pilot_run(const char *config, const mcs_override *ov, int n_ov,
                         const char *backend, const mcs_cpu_profile *cpu, int threads,
                         const mcs_gpu_profile *gpu, double budget_s, mcs_pilot *out, char *err,
                         size_t err_len);

/* Gives the measured costs to a workload (the sides that ran; pilots may
 * be NULL: nothing). */
void mcs_pilot_apply(const mcs_pilots *pilots, mcs_workload *w);

/* The paths a standard error `tolerance` needs: ceil((sd / tolerance)^2),
 * at least 1; 0 when more than 1e15 (the model's range). */
uint64_t mcs_paths_for_tolerance(double sd, double tolerance);

#endif
