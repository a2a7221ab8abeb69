/* pilot.c - `mcsim estimate --pilot` and `--tolerance` (pilot.h): the job
 * run briefly, warm, in this process on one backend (the CPU on the job's
 * threads); its measured cost per path given to the model. */
#define _GNU_SOURCE
#include "pilot.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "backend.h"
#include "calibrate_kernels.h"
#include "model.h"
#include "runner.h"

/* The first pilot run's paths, and the most any run takes. */
#define PILOT_FIRST_PATHS 1024.0
#define PILOT_PATHS_MAX 1e11

mcs_status mcs_pilot_run(const char *config, const mcs_override *ov, int n_ov,
                         const char *backend, const mcs_cpu_profile *cpu, int threads,
                         const mcs_gpu_profile *gpu, double budget_s, mcs_pilot *out, char *err,
                         size_t err_len)
{
    memset(out, 0, sizeof *out);
    const int on_gpu = strcmp(backend, "gpu") == 0;
    threads = on_gpu ? 0 : threads > 0 ? threads : 1;
    mcs_run_spec spec = {config, {0}, 0, backend, threads, NULL};
    const int most = (int)(sizeof spec.overrides / sizeof spec.overrides[0]) - 1;
    if (n_ov > most) {
        snprintf(err, err_len, "--pilot runs the job with at most %d --set and --paths (%d given)",
                 most, n_ov);
        return MCS_E_USAGE;
    }
    for (int i = 0; i < n_ov; i++)
        spec.overrides[spec.n_overrides++] = ov[i].assignment;
    char paths[64], why[256];
    spec.overrides[spec.n_overrides++] = paths;
    const mcs_backend *be = mcs_backend_find(backend);
    if (!be || be->probe(why, sizeof why) != MCS_OK) {
        snprintf(out->why, sizeof out->why, "backend %s unavailable: %s", backend,
                 be ? why : "not built in");
        return MCS_OK;
    }
    char dir[4200], log[4300];
    mcs_status st = mcs_run_folder_make("estimate", dir, sizeof dir, err, err_len);
    if (st != MCS_OK)
        return st;
    snprintf(log, sizeof log, "%s/pilot.h5", dir);
    /* an unmeasured first run pays the backend's start (the CUDA context:
     * 0.1-0.2 s, the thread team), which the model holds as fixed phases:
     * counted in the budget it left the GPU pilot one run of the first size */
    mcs_timings t;
    mcs_job job;
    mcs_result res;
    snprintf(paths, sizeof paths, "simulation.paths=%.0f", PILOT_FIRST_PATHS);
    st = mcs_run_warm(&spec, log, &t, &job, NULL, &res, err, err_len);
    double t0 = mcs_now();
    for (double n = PILOT_FIRST_PATHS; st == MCS_OK && n <= PILOT_PATHS_MAX; n *= 2) {
        snprintf(paths, sizeof paths, "simulation.paths=%.0f", n);
        double r0 = mcs_now();
        st = mcs_run_warm(&spec, log, &t, &job, NULL, &res, err, err_len);
        if (st != MCS_OK)
            break;
        double took = mcs_now() - r0, simulate = t.seconds[MCS_PHASE_SIMULATE];
        out->runs++;
        out->paths = job.sim.paths;
        out->simulate_s = simulate;
        out->paths_per_s = simulate > 0 ? n / simulate : NAN;
        out->std_error = res.std_error;
        /* the CPU's through the model's waves and e(T), as calibrate's */
        mcs_workload w = mcs_workload_of_job(&job, threads, 0);
        double per_path = on_gpu ? mcs_gpu_seconds_per_path(gpu, &job, &t, NULL)
                          : cpu  ? mcs_cpu_seconds_per_path(cpu, &w, simulate)
                                 : simulate / n;
        out->cost =
            (mcs_kernel_cost){.path = per_path * (on_gpu ? 1e12 : 1e9), .dear_step = NAN};
        if (mcs_now() - t0 + 2 * took > budget_s) /* the next run, twice the paths, would pass */
            break;
    }
    out->seconds = mcs_now() - t0;
    out->threads = threads;
    out->ran = st == MCS_OK;
    mcs_run_folder_remove(dir);
    return st;
}

void mcs_pilot_apply(const mcs_pilots *pilots, mcs_workload *w)
{
    if (pilots && pilots->side[0].ran)
        w->cpu_cost = &pilots->side[0].cost;
    if (pilots && pilots->side[1].ran)
        w->gpu_cost = &pilots->side[1].cost;
}

uint64_t mcs_paths_for_tolerance(double sd, double tolerance)
{
    double n = ceil((sd / tolerance) * (sd / tolerance));
    return !(n <= 1e15) ? 0 : n < 1 ? 1 : (uint64_t)n;
}
