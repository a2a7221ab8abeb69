/* host_probe.c - the host's CPU speed now (host_probe.h). */
#define _GNU_SOURCE
#include "host_probe.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
#include "kernel_plan.h"
#include "runner.h"
#include "calibrate_kernels.h"

static const char probe_job[] = "[model]\ntype = gbm\nspot = 100\nrate = 0.05\nvolatility = 0.2\n"
                                "[option]\npayoff = european\ntype = call\nstrike = 100\n"
                                "maturity = 1\n[simulation]\nsteps = 1\nseed = 1\n"
                                "precision = single\nrng = pcg64\nblock_size = 16384\n";

mcs_status mcs_host_probe(int threads, double *ns, char *err, size_t err_len)
{
    *ns = NAN;
    int t = threads > 0 ? threads : omp_get_max_threads();
    char config[64], paths[64];
    int fd = mcs_text_as_file(probe_job, config, sizeof config);
    if (fd < 0) {
        snprintf(err, err_len, "host probe: %s", config);
        return MCS_E_IO;
    }
    double n = (double)MCS_PROBE_PATHS_PER_THREAD * t, per[MCS_PROBE_RUNS], spread;
    snprintf(paths, sizeof paths, "simulation.paths=%.0f", n);
    mcs_run_spec spec = {config, {paths}, 1, "cpu", t, NULL};
    mcs_status st = MCS_OK;
    for (int r = 0; r < MCS_PROBE_RUNS && st == MCS_OK; r++) {
        mcs_timings tm;
        st = mcs_run_warm(&spec, NULL, &tm, NULL, NULL, err, err_len);
        per[r] = tm.seconds[MCS_PHASE_SIMULATE] * t / n * 1e9;
    }
    close(fd);
    if (st == MCS_OK)
        *ns = mcs_trimmed_spread(per, MCS_PROBE_RUNS, &spread);
    return st;
}

double mcs_host_probe_scale(double now_ns, double calibrated_ns)
{
    return now_ns > 0 && calibrated_ns > 0 && isfinite(now_ns / calibrated_ns)
               ? now_ns / calibrated_ns
               : 1.0;
}
