/* gpu_backend.c - the GPU backend's host side (C, CUDA runtime API): device
 * choice and context, buffers, Sobol tables, kernel launches chunk by chunk,
 * and the timing of every phase (CUDA events for kernels and copies).
 * The kernels are in gpu_kernel.cuh. */
#include <cuda_runtime_api.h>
#include <curand.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/backend.h"
#include "../engine/config.h"
#include "../engine/product.h"
#include "../kernels/warp_rule.h"
#include "gpu_kernel.h"
#include "../engine/gpu_module.h"

#ifndef MCSIM_CUDA_ARCHS
#define MCSIM_CUDA_ARCHS "?"
#endif


/* What a run may leave for the next run on its device (a warm run): its
 * stream, events, block sums (device and pinned host), parameters (device
 * and the pinned host copy they came from) and Sobol tables (a prefix of
 * cuRAND's: a job of as many dimensions or fewer reads them as they are).
 * cudaMallocHost and cudaFreeHost of the sums were most of a warm run's
 * alloc and teardown (1.4 and 0.5 ms of a 3.3 ms run on the H100); two
 * pageable copies of the parameters 33-60 us of a 0.8-1.2 ms warm run on
 * the H200 machine (bench/results/estimator/h200-session23, call 5). */
typedef struct {
    int device;
    cudaStream_t stream;
    cudaEvent_t ev[3];   /* kernel start, kernel end = copy start, copy end */
    int events_made;
    double *d_sums;      /* device: chunk block sums records (stats.h) */
    double *h_sums;      /* pinned host: the same */
    size_t sums_bytes;   /* the size of d_sums and h_sums */
    void *d_params;      /* device: the job's model then option parameters */
    void *h_params;      /* pinned host: what d_params holds, or is being copied */
    uint32_t *d_sobol;   /* device: directions (32 words a dimension) then scramble
                            words (one a dimension), for sobol_dims dimensions */
    uint32_t sobol_dims; /* the dimensions d_sobol holds (0: none) */
} gpu_kept;

typedef struct {
    const mcs_job *job;
    int device;
    int block_threads;   /* CUDA threads per block */
    int grid_cap;        /* most CUDA blocks per launch */
    uint64_t chunk;      /* blocks per run() call */
    gpu_kept k;          /* what this run may hand to the next */
    int record;          /* doubles per block record */
    mcs_gpu_launch_fn launch;
    mcs_gpu_prepare_fn prepare;
    uint32_t *h_staging; /* pinned host staging for the Sobol tables */
    int healthy;         /* opened, and no CUDA call failed since: its
                            stream and buffers may serve the next run */
    mcs_gpu_kernel_args args;
    mcs_gpu_info info;
} gpu_ctx;

/* One set is kept at most, until the process ends; runs on other threads
 * may take and keep it at the same time, hence the exchanges. */
static _Atomic(gpu_kept *) kept_set;

/* Free what k holds (each may be absent) on the current device. */
static void release_kept(gpu_kept *k)
{
    for (int i = 0; i < k->events_made; i++)
        cudaEventDestroy(k->ev[i]);
    if (k->stream)
        cudaStreamDestroy(k->stream);
    cudaFree(k->d_sums);
    cudaFree(k->d_sobol);
    cudaFree(k->d_params);
    cudaFreeHost(k->h_sums);
    cudaFreeHost(k->h_params);
    memset(k, 0, sizeof *k);
}

/* Free what c holds (each may be absent). */
static void release(gpu_ctx *c)
{
    release_kept(&c->k);
    cudaFreeHost(c->h_staging);
}

/* Free kept set k (NULL: nothing) on its own device; `device` is the
 * current one again after. */
static void free_kept(gpu_kept *k, int device)
{
    if (!k)
        return;
    if (k->device == device)
        release_kept(k);
    else if (cudaSetDevice(k->device) == cudaSuccess) {
        release_kept(k);
        cudaSetDevice(device);
    } else {
        /* its device no longer answers: its device memory goes with its
         * context; the pinned host buffers are freed from here */
        cudaFreeHost(k->h_sums);
        cudaFreeHost(k->h_params);
        (void)cudaGetLastError(); /* cleanup's errors are not the next call's */
    }
    free(k);
}

/* Move what the last run kept on `device` into c (nothing when none was
 * kept, or another device's: that one is freed). */
static void take_kept(gpu_ctx *c, int device)
{
    gpu_kept *k = atomic_exchange(&kept_set, NULL);
    if (!k || k->device != device) {
        free_kept(k, device);
        return;
    }
    c->k = *k;
    free(k);
}

/* Hand c's stream, events, buffers and tables to the next run when c is
 * healthy (c then holds none of them; else it keeps them for release). */
static void keep(gpu_ctx *c)
{
    gpu_kept *k = c->healthy && c->k.events_made == 3 ? malloc(sizeof *k) : NULL;
    if (!k)
        return;
    *k = c->k;
    k->device = c->device;
    free_kept(atomic_exchange(&kept_set, k), c->device); /* another run's, kept meanwhile */
    memset(&c->k, 0, sizeof c->k);
}

/* "cudaErrorNoDevice: no CUDA-capable device is detected" */
static void cuda_why(cudaError_t e, const char *what, char *err, size_t err_len)
{
    snprintf(err, err_len, "%s: CUDA error %d (%s): %s", what, (int)e, cudaGetErrorName(e),
             cudaGetErrorString(e));
}

static mcs_status gpu_probe(char *why, size_t why_len)
{
    int n = 0, driver = 0;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess) {
        cudaDriverGetVersion(&driver);
        cuda_why(e, driver ? "no usable GPU" : "no usable GPU (no NVIDIA driver found)", why,
                 why_len);
        return MCS_E_UNAVAILABLE;
    }
    if (n == 0) {
        snprintf(why, why_len, "no usable GPU: CUDA sees no device");
        return MCS_E_UNAVAILABLE;
    }
    return MCS_OK;
}

/* Environment knob for tests and tuning: a whole number in [lo, hi], or def. */
static long env_long(const char *name, long def, long lo, long hi)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return def;
    char *end;
    long x = strtol(v, &end, 10);
    return *end == '\0' && x >= lo && x <= hi ? x : def;
}

static void gpu_close(void *p)
{
    gpu_ctx *c = p;
    if (!c)
        return;
    if (c->k.stream && cudaStreamSynchronize(c->k.stream) != cudaSuccess)
        c->healthy = 0; /* (an interrupted chunk may still run) */
    keep(c);    /* the stream and buffers, for the next run */
    release(c); /* what was not kept */
    free(c);
}

/* Point the kernel at the tables d_sobol holds (a job reads the first of
 * their sobol_dims dimensions). */
static void sobol_args(gpu_ctx *c)
{
    c->args.sobol_directions = c->k.d_sobol;
    c->args.sobol_scramble = c->k.d_sobol + (size_t)c->k.sobol_dims * 32;
}

/* Copy the first `dims` dimensions (steps x draws per step) of cuRAND's
 * scrambled Sobol tables
 * (Joe-Kuo 6 direction vectors, scramble constants) to the device, unless
 * the tables kept from the last run hold as many (nothing to do, nothing
 * timed: the model's warm run, docs/estimator.md). */
static mcs_status upload_sobol(gpu_ctx *c, mcs_timings *t, char *err, size_t err_len)
{
    const uint32_t dims = c->job->sim.steps * mcs_job_draws(c->job);
    const size_t words = (size_t)dims * 33, bytes = words * sizeof(uint32_t);
    curandDirectionVectors32_t *dirs = NULL;
    unsigned int *scramble = NULL;
    cudaError_t e;

    if (c->k.d_sobol && c->k.sobol_dims >= dims) {
        sobol_args(c);
        return MCS_OK;
    }
    double t0 = mcs_now();
    cudaFree(c->k.d_sobol); /* kept, but too few dimensions */
    c->k.d_sobol = NULL;
    c->k.sobol_dims = 0;
    if ((e = cudaMalloc((void **)&c->k.d_sobol, bytes)) != cudaSuccess ||
        (e = cudaMallocHost((void **)&c->h_staging, bytes)) != cudaSuccess) {
        cuda_why(e, "allocating the Sobol tables", err, err_len);
        return MCS_E_NOMEM;
    }
    t->seconds[MCS_PHASE_ALLOC] += mcs_now() - t0;
    t->bytes[MCS_PHASE_ALLOC] += 2 * bytes;
    t->count[MCS_PHASE_ALLOC] += 2;

    double t1 = mcs_now();
    if (curandGetDirectionVectors32(&dirs, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) !=
            CURAND_STATUS_SUCCESS ||
        curandGetScrambleConstants32(&scramble) != CURAND_STATUS_SUCCESS) {
        snprintf(err, err_len, "cuRAND could not provide the Sobol direction vectors");
        return MCS_E_UNAVAILABLE;
    }
    memcpy(c->h_staging, dirs, (size_t)dims * 32 * sizeof(uint32_t));
    memcpy(c->h_staging + (size_t)dims * 32, scramble, dims * sizeof(uint32_t));
    t->seconds[MCS_PHASE_RNG_INIT] += mcs_now() - t1;

    float ms = 0;
    if ((e = cudaEventRecord(c->k.ev[0], c->k.stream)) != cudaSuccess ||
        (e = cudaMemcpyAsync(c->k.d_sobol, c->h_staging, bytes, cudaMemcpyHostToDevice,
                             c->k.stream)) != cudaSuccess ||
        (e = cudaEventRecord(c->k.ev[1], c->k.stream)) != cudaSuccess ||
        (e = cudaEventSynchronize(c->k.ev[1])) != cudaSuccess ||
        (e = cudaEventElapsedTime(&ms, c->k.ev[0], c->k.ev[1])) != cudaSuccess) {
        cuda_why(e, "copying the Sobol tables to the GPU", err, err_len);
        return MCS_E_UNAVAILABLE;
    }
    t->seconds[MCS_PHASE_H2D] += ms * 1e-3;
    t->bytes[MCS_PHASE_H2D] += bytes;
    t->count[MCS_PHASE_H2D] += 1;
    c->k.sobol_dims = dims;
    sobol_args(c);
    return MCS_OK;
}

/* What a device is, asked of CUDA once per device in a process: a warm
 * run's device query was cudaGetDeviceProperties' 1.1 ms on the H100
 * machine, as long as a small job's kernel. Devices past the cache's
 * QUERIED_MAX are asked every run. */
#define QUERIED_MAX 64
static mcs_gpu_info queried[QUERIED_MAX];
static int queried_yet[QUERIED_MAX];
static pthread_mutex_t queried_lock = PTHREAD_MUTEX_INITIALIZER;

static void query_device(gpu_ctx *c)
{
    const int cached = c->device >= 0 && c->device < QUERIED_MAX;
    if (cached) {
        pthread_mutex_lock(&queried_lock);
        int yet = queried_yet[c->device];
        if (yet)
            c->info = queried[c->device];
        pthread_mutex_unlock(&queried_lock);
        if (yet)
            return;
    }
    struct cudaDeviceProp prop;
    mcs_gpu_info *g = &c->info;
    memset(g, 0, sizeof *g);
    g->ordinal = c->device;
    if (cudaGetDeviceProperties(&prop, c->device) == cudaSuccess) {
        snprintf(g->name, sizeof g->name, "%s", prop.name);
        g->sm_count = prop.multiProcessorCount;
        g->cc_major = prop.major;
        g->cc_minor = prop.minor;
        g->memory_bytes = prop.totalGlobalMem;
        g->memory_bus_bits = prop.memoryBusWidth;
    }
    cudaDeviceGetAttribute(&g->sm_clock_khz, cudaDevAttrClockRate, c->device);
    cudaDeviceGetAttribute(&g->memory_clock_khz, cudaDevAttrMemoryClockRate, c->device);
    cudaDriverGetVersion(&g->driver_version);
    cudaRuntimeGetVersion(&g->runtime_version);
    if (cached) {
        pthread_mutex_lock(&queried_lock);
        queried[c->device] = *g;
        queried_yet[c->device] = 1;
        pthread_mutex_unlock(&queried_lock);
    }
}

/* The job's model and option parameters on the device (the kernels read
 * them there: gpu_kernel.h): one asynchronous copy on the run's stream from
 * a pinned host copy, which the kernels after it on the stream wait for;
 * none where the parameters kept from the last run are the job's (a warm
 * run of the same job). The h2d phase is the host's time: the comparison,
 * and the copy's staging and enqueueing. */
static mcs_status upload_params(gpu_ctx *c, mcs_timings *t, char *err, size_t err_len)
{
    const size_t model = sizeof c->job->model, bytes = model + sizeof c->job->option;
    char *host = c->k.h_params;
    double t0 = mcs_now();
    cudaError_t e;
    int held = host && memcmp(host, &c->job->model, model) == 0 &&
               memcmp(host + model, &c->job->option, bytes - model) == 0;
    if (!c->k.d_params) { /* else kept by the last run: every job's is this size */
        if ((e = cudaMalloc(&c->k.d_params, bytes)) != cudaSuccess ||
            (e = cudaMallocHost(&c->k.h_params, bytes)) != cudaSuccess) {
            cuda_why(e, "allocating the job's parameters on the GPU", err, err_len);
            return MCS_E_NOMEM;
        }
        host = c->k.h_params;
        t->bytes[MCS_PHASE_ALLOC] += 2 * bytes;
        t->count[MCS_PHASE_ALLOC] += 2;
        double t1 = mcs_now();
        t->seconds[MCS_PHASE_ALLOC] += t1 - t0;
        t0 = t1;
    }
    if (!held) {
        memcpy(host, &c->job->model, model);
        memcpy(host + model, &c->job->option, bytes - model);
        if ((e = cudaMemcpyAsync(c->k.d_params, host, bytes, cudaMemcpyHostToDevice,
                                 c->k.stream)) != cudaSuccess) {
            cuda_why(e, "copying the job's parameters to the GPU", err, err_len);
            return MCS_E_UNAVAILABLE;
        }
        t->bytes[MCS_PHASE_H2D] += bytes;
        t->count[MCS_PHASE_H2D] += 1;
    }
    t->seconds[MCS_PHASE_H2D] += mcs_now() - t0;
    c->args.model = (const mcs_model_params *)c->k.d_params;
    c->args.option = (const mcs_option_params *)((char *)c->k.d_params + model);
    return MCS_OK;
}

/* What a kernel is given for a job (the device copies of its parameters
 * and the Sobol tables aside). */
static void kernel_args(const mcs_job *job, mcs_gpu_kernel_args *a)
{
    memset(a, 0, sizeof *a);
    a->host_model = &job->model;
    a->host_option = &job->option;
    a->dt = job->option.maturity / job->sim.steps;
    a->normals = mcs_job_lead_draws(job);
    a->uniforms = mcs_job_uniforms(job);
    a->split = (uint32_t)mcs_job_splits_uniform(job);
    a->outputs = mcs_job_outputs(job);
    a->rng = (int)job->sim.rng;
    a->steps = job->sim.steps;
    a->block_size = job->sim.block_size;
    a->paths = job->sim.paths;
    a->seed = job->sim.seed;
    /* the warp kernel where it is compiled and the job has enough assets
     * (MCS_WARP_KERNEL_MIN_ASSETS, kernels/warp_rule.h);
     * MCSIM_GPU_WARP_KERNEL=1 forces it, =0 forbids it (tests, comparisons) */
    const long warp = env_long("MCSIM_GPU_WARP_KERNEL", -1, 0, 1);
    a->per_thread = warp == 0 || (warp < 0 && job->model.assets < MCS_WARP_KERNEL_MIN_ASSETS);
}

int mcs_gpu_kernel_occupancy(const mcs_job *job, int device, int threads, int *blocks_per_sm,
                             int *sm_count)
{
    mcs_gpu_launch_fn launch;
    mcs_gpu_prepare_fn prepare;
    mcs_gpu_occupancy_fn occupancy;
    mcs_gpu_kernel_args a;
    cudaError_t e = cudaSetDevice(device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(sm_count, cudaDevAttrMultiProcessorCount, device);
    if (e != cudaSuccess)
        return (int)e;
    if (!mcs_gpu_kernels_for(job, &launch, &prepare, &occupancy))
        return (int)cudaErrorInvalidDeviceFunction;
    kernel_args(job, &a);
    return occupancy(&a, threads, blocks_per_sm);
}

static mcs_status gpu_open(const mcs_job *job, const mcs_placement *where, void **out,
                           mcs_timings *t, char *err, size_t err_len)
{
    int device = where->device; /* < 0: the node-local rank modulo the GPUs (MPI) */
    cudaError_t e;
    mcs_status st = MCS_E_UNAVAILABLE;
    gpu_ctx *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, err_len, "gpu backend: out of memory");
        return MCS_E_NOMEM;
    }
    c->job = job;
    c->device = device;

    /* context: selecting the device and touching it creates the primary context */
    double t0 = mcs_now();
    int n = 0;
    if ((e = cudaGetDeviceCount(&n)) != cudaSuccess) {
        cuda_why(e, "no usable GPU", err, err_len);
        goto fail;
    }
    if (device < 0 && n > 0)
        device = where->local_rank % n;
    c->device = device;
    if (device >= n) {
        snprintf(err, err_len, "--device %d: this machine has %d GPU%s (numbered 0 to %d)",
                 device, n, n == 1 ? "" : "s", n - 1);
        goto fail;
    }
    if ((e = cudaSetDevice(device)) != cudaSuccess || (e = cudaFree(0)) != cudaSuccess) {
        cuda_why(e, "creating the CUDA context", err, err_len);
        goto fail;
    }
    double t1 = mcs_now();
    t->seconds[MCS_PHASE_CONTEXT] += t1 - t0;
    take_kept(c, device); /* a warm run's stream and buffers */

    query_device(c);
    double t2 = mcs_now();
    t->seconds[MCS_PHASE_DEVICE_QUERY] += t2 - t1;

    /* launch shape: 256 threads (one per virtual thread) and one CUDA block
     * per block of paths unless the environment says otherwise (tests) */
    c->block_threads = (int)env_long("MCSIM_GPU_BLOCK_THREADS", MCS_GPU_VTHREADS, 32,
                                     MCS_GPU_VTHREADS);
    if (c->block_threads & (c->block_threads - 1))
        c->block_threads = MCS_GPU_VTHREADS; /* not a power of two */
    c->grid_cap = (int)env_long("MCSIM_GPU_GRID", 0x7fffffffL, 1, 0x7fffffffL);
    uint64_t work = (uint64_t)job->sim.block_size * job->sim.steps;
    uint64_t chunk = MCS_GPU_CHUNK_PATH_STEPS / work;
    chunk = chunk < 1 ? 1 : chunk > MCS_GPU_MAX_CHUNK_BLOCKS ? MCS_GPU_MAX_CHUNK_BLOCKS : chunk;
    chunk = (uint64_t)env_long("MCSIM_GPU_CHUNK_BLOCKS", (long)chunk, 1,
                               (long)MCS_GPU_MAX_CHUNK_BLOCKS);
    uint64_t blocks = mcs_job_blocks(job);
    c->chunk = chunk < blocks ? chunk : blocks;
    c->info.block_threads = c->block_threads;
    c->info.grid_blocks = c->chunk < (uint64_t)c->grid_cap ? (int)c->chunk : c->grid_cap;

    if (!c->k.stream &&
        (e = cudaStreamCreateWithFlags(&c->k.stream, cudaStreamNonBlocking)) != cudaSuccess) {
        cuda_why(e, "creating a CUDA stream", err, err_len);
        goto fail;
    }
    for (; c->k.events_made < 3; c->k.events_made++)
        if ((e = cudaEventCreate(&c->k.ev[c->k.events_made])) != cudaSuccess) {
            cuda_why(e, "creating CUDA events", err, err_len);
            goto fail;
        }
    kernel_args(job, &c->args);
    if (!mcs_gpu_kernels_for(job, &c->launch, &c->prepare, NULL)) {
        snprintf(err, err_len, "gpu backend: no kernel for this model and payoff");
        goto fail;
    }
    e = (cudaError_t)c->prepare(&c->args);
    if (e != cudaSuccess) {
        cuda_why(e, "loading the GPU kernel (built for another GPU architecture?)", err, err_len);
        goto fail;
    }
    double t3 = mcs_now();
    t->seconds[MCS_PHASE_SETUP] += t3 - t2;

    c->record = mcs_sums_record_len(mcs_job_outputs(job));
    size_t bytes = c->chunk * c->record * sizeof(double);
    if (c->k.sums_bytes < bytes) { /* none kept, or too small: a larger pair */
        cudaFree(c->k.d_sums);
        cudaFreeHost(c->k.h_sums);
        c->k.d_sums = c->k.h_sums = NULL;
        c->k.sums_bytes = 0;
        if ((e = cudaMalloc((void **)&c->k.d_sums, bytes)) != cudaSuccess ||
            (e = cudaMallocHost((void **)&c->k.h_sums, bytes)) != cudaSuccess) {
            cuda_why(e, "allocating block sums", err, err_len);
            st = MCS_E_NOMEM;
            goto fail;
        }
        c->k.sums_bytes = bytes;
        t->bytes[MCS_PHASE_ALLOC] += 2 * bytes;
        t->count[MCS_PHASE_ALLOC] += 2;
    }
    t->seconds[MCS_PHASE_ALLOC] += mcs_now() - t3;

    if ((st = upload_params(c, t, err, err_len)) != MCS_OK)
        goto fail;
    if (job->sim.rng == MCS_RNG_SOBOL && (st = upload_sobol(c, t, err, err_len)) != MCS_OK)
        goto fail;
    c->healthy = 1;
    *out = c;
    return MCS_OK;
fail:
    gpu_close(c);
    return st;
}

static mcs_status gpu_run(void *p, uint64_t first, uint64_t count, double *records,
                          mcs_timings *t, char *err, size_t err_len)
{
    gpu_ctx *c = p;
    cudaError_t e;
    size_t bytes = count * c->record * sizeof(double);
    int grid = count < (uint64_t)c->grid_cap ? (int)count : c->grid_cap;
    float kernel_ms = 0, copy_ms = 0;

    if ((e = cudaEventRecord(c->k.ev[0], c->k.stream)) != cudaSuccess)
        goto fail;
    if ((e = (cudaError_t)c->launch(&c->args, first, count, grid, c->block_threads, c->k.d_sums,
                                    c->k.stream)) != cudaSuccess)
        goto fail;
    if ((e = cudaEventRecord(c->k.ev[1], c->k.stream)) != cudaSuccess ||
        (e = cudaMemcpyAsync(c->k.h_sums, c->k.d_sums, bytes, cudaMemcpyDeviceToHost,
                             c->k.stream)) != cudaSuccess ||
        (e = cudaEventRecord(c->k.ev[2], c->k.stream)) != cudaSuccess ||
        (e = cudaEventSynchronize(c->k.ev[2])) != cudaSuccess ||
        (e = cudaEventElapsedTime(&kernel_ms, c->k.ev[0], c->k.ev[1])) != cudaSuccess ||
        (e = cudaEventElapsedTime(&copy_ms, c->k.ev[1], c->k.ev[2])) != cudaSuccess)
        goto fail;
    t->seconds[MCS_PHASE_SIMULATE] += kernel_ms * 1e-3;
    t->count[MCS_PHASE_SIMULATE] += 1;
    t->seconds[MCS_PHASE_D2H] += copy_ms * 1e-3;
    t->bytes[MCS_PHASE_D2H] += bytes;
    t->count[MCS_PHASE_D2H] += 1;
    double r0 = mcs_now(); /* the kernel's records are the engine's layout */
    memcpy(records, c->k.h_sums, bytes);
    t->seconds[MCS_PHASE_REDUCE] += mcs_now() - r0;
    return MCS_OK;
fail:
    c->healthy = 0;
    cuda_why(e, "kernel or copy", err, err_len);
    return MCS_E_UNAVAILABLE;
}

static int gpu_threads(void *p)
{
    (void)p;
    return 1; /* one CUDA stream */
}

static uint64_t gpu_chunk_blocks(void *p)
{
    return ((gpu_ctx *)p)->chunk;
}

static void gpu_describe(void *p, mcs_gpu_info *out)
{
    *out = ((gpu_ctx *)p)->info;
}

/* "CUDA runtime 13.0, driver 13.0, code for sm_90" without creating a context. */
static const char *gpu_variant(void)
{
    static char text[128];
    int rt = 0, drv = 0;
    cudaRuntimeGetVersion(&rt);
    cudaDriverGetVersion(&drv);
    char drv_text[32] = "none";
    if (drv > 0)
        snprintf(drv_text, sizeof drv_text, "%d.%d", drv / 1000, drv % 1000 / 10);
    snprintf(text, sizeof text, "CUDA runtime %d.%d, driver %s, code for sm_%s", rt / 1000,
             rt % 1000 / 10, drv_text, MCSIM_CUDA_ARCHS);
    return text;
}

/* The backend; the module's entry point (gpu_module.c) hands it to mcsim. */
const mcs_backend mcs_gpu_backend = {
    .name = "gpu",
    .description = "CUDA kernels, cuRAND Philox4x32-10 / MRG32k3a / scrambled Sobol",
    .probe = gpu_probe,
    .open = gpu_open,
    .run = gpu_run,
    .close = gpu_close,
    .threads = gpu_threads,
    .variant = gpu_variant,
    .rngs = MCS_GPU_BACKEND_RNGS,
    .default_rng = MCS_RNG_PHILOX,
    .chunk_blocks = gpu_chunk_blocks,
    .describe_gpu = gpu_describe,
};
