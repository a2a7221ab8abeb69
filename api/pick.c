/* pick.c - which backend runs a job: --backend auto's choice (the local
 * profile's prediction, the GPU's fallback to the CPU), a named backend's
 * checks, and rng = auto resolved to the backend's default. Shared by the
 * mcsim command and mcsim_engine_new; returns its reasons, says nothing. */
#include <stdio.h>
#include <string.h>
#include "catalog.h"
#include "commands.h"
#include "internal.h"

/* "philox, mrg32k3a": the generators backend `be` can run, for messages. */
static void rng_names(const mcs_backend *be, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const mcs_named *e = mcs_rngs; e->name; e++)
        if (e->id != MCS_RNG_AUTO && mcs_backend_has_rng(be, (mcs_rng_id)e->id) && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", e->name);
}

static int can_run(const mcs_backend *be, mcs_rng_id rng)
{
    return rng == MCS_RNG_AUTO || mcs_backend_has_rng(be, rng);
}

mcs_status mcs_backend_accept(const mcs_backend *be, const char *config_name, mcs_job *job,
                              char *err, size_t err_len)
{
    if (!can_run(be, job->sim.rng)) {
        char names[128];
        rng_names(be, names, sizeof names);
        snprintf(err, err_len,
                 "%s: [simulation] rng = %s is not available on the %s backend (it has: %s); "
                 "rng = philox draws the same numbers on cpu and gpu",
                 config_name, mcs_named_by_id(mcs_rngs, job->sim.rng)->name, be->name, names);
        return MCS_E_CONFIG;
    }
    if (job->sim.rng == MCS_RNG_AUTO)
        job->sim.rng = be->default_rng;
    return MCS_OK;
}

/* auto: the GPU when usable (and, with a job, predicted faster or not
 * predicted, and able to run its generator), else the CPU. */
static mcs_status pick_auto(const mcs_job *job, int threads, mcs_pick *out, char *err,
                            size_t err_len)
{
    const mcs_rng_id rng = job ? job->sim.rng : MCS_RNG_AUTO;
    const mcs_backend *gpu = mcs_backend_find("gpu"), *cpu = mcs_backend_find("cpu");
    int gpu_ok = gpu && gpu->probe(out->why, sizeof out->why) == MCS_OK;
    int prefer = -1; /* what the local profile predicts faster: 1 gpu, 0 cpu */
    if (job && gpu_ok && can_run(gpu, rng) && can_run(cpu, rng))
        prefer = mcs_estimate_prefers_gpu(job, threads, out->why, sizeof out->why);
    if (prefer == 0) {
        out->backend = cpu;
        out->reason = MCS_PICK_CPU_PREDICTED;
    } else if (gpu_ok && can_run(gpu, rng)) {
        out->backend = gpu;
        out->reason = prefer == 1 ? MCS_PICK_GPU_PREDICTED : MCS_PICK_GPU;
    } else if (can_run(cpu, rng)) {
        out->backend = cpu;
        out->reason = !gpu ? MCS_PICK_CPU_NO_MODULE : !gpu_ok ? MCS_PICK_CPU_NO_GPU
                                                             : MCS_PICK_CPU_RNG;
        if (!gpu) /* why there is no GPU backend (said with -v) */
            mcs_gpu_module_state(out->why, sizeof out->why);
    } else {
        if (!gpu)
            mcs_gpu_module_state(out->why, sizeof out->why);
        snprintf(err, err_len,
                 "rng = %s runs on the gpu backend only, and it is unavailable here: %s",
                 mcs_named_by_id(mcs_rngs, rng)->name, out->why);
        return MCS_E_UNAVAILABLE;
    }
    return MCS_OK;
}

mcs_status mcs_backend_pick(const char *wanted, const char *origin, const char *config_name,
                            const mcs_job *job, int threads, mcs_pick *out, char *err,
                            size_t err_len)
{
    memset(out, 0, sizeof *out);
    if (strcmp(wanted, "auto") == 0)
        return pick_auto(job, threads, out, err, err_len);
    const mcs_backend *be = mcs_backend_find(wanted);
    if (!be) {
        mcs_gpu_module_state(out->why, sizeof out->why);
        snprintf(err, err_len, "%s %s: %s; available: %s", origin, wanted, out->why,
                 mcs_backend_names());
        return MCS_E_UNAVAILABLE;
    }
    if (job && !can_run(be, job->sim.rng)) {
        mcs_job copy = *job;
        return mcs_backend_accept(be, config_name, &copy, err, err_len);
    }
    if (be->probe(out->why, sizeof out->why) != MCS_OK) {
        snprintf(err, err_len, "%s %s: unavailable: %s", origin, wanted, out->why);
        return MCS_E_UNAVAILABLE;
    }
    out->backend = be;
    out->reason = MCS_PICK_NAMED;
    return MCS_OK;
}

int mcs_backend_choice_ok(const char *name, const char *what, char *err, size_t err_len)
{
    if (!strcmp(name, "cpu") || !strcmp(name, "gpu") || !strcmp(name, "auto"))
        return 1;
    snprintf(err, err_len, "%s: unknown backend (valid: cpu, gpu, auto)", what);
    return 0;
}
