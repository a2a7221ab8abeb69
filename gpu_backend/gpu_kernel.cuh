/* gpu_kernel.cuh - the GPU hot loop, written once against the model and
 * payoff interfaces (models/gbm.h, payoffs/european.h) and instantiated per
 * (model, payoff) of kernels/combos.def and precision: CMake generates one
 * small .cu per instantiation that defines MODEL, MODEL_UC, PAYOFF,
 * PAYOFF_UC, MCS_MODEL_HEADER, MCS_PAYOFF_HEADER, MCS_PREC (and
 * MCS_REAL_DOUBLE) and includes this file.
 *
 * One CUDA block at a time works on one block of paths: random numbers are
 * generated and consumed in registers (no path is stored), the block's
 * shifted partial sums of every output and their cross-products go to d_out
 * in double, and the host merges them over the fixed block tree. The model
 * and payoff are the shared headers, the same functions the CPU calls. */
#include <curand_kernel.h>
#include <type_traits>
/* this kernel's model and payoff alone (their headers, named by the
 * generated source), so a model's new key rebuilds that model's kernels */
#include MCS_MODEL_HEADER
#include MCS_PAYOFF_HEADER
#include "../models/box_muller.h"
#include "../models/split_uniform.h"
#include "gpu_kernel.h"

#define MCS_PASTE3_(a, b, c) a##b##c
#define MCS_PASTE3(a, b, c) MCS_PASTE3_(a, b, c)
#define M_(name) MCS_PASTE3(mcs_, MODEL, _##name)
#define P_(name) MCS_PASTE3(mcs_, PAYOFF, _##name)
#define MC_(name) MCS_PASTE3(MCS_, MODEL_UC, _##name)
#define PC_(name) MCS_PASTE3(MCS_, PAYOFF_UC, _##name)
#define MCS_GPU_NAME(what, model, payoff, prec) MCS_GPU_FN_NAME(what, model, payoff, prec)
#include "../kernels/step_view.h"

#define MDIM MC_(DIM)       /* the most state per path */
#define NORMALS MC_(NORMALS) /* the most normals per step of the model */
/* the job's: a model of runtime size (MCS_NAME_RUNTIME_DIM, models/
 * multi_gbm.h) says them through its coefficients; for the others they
 * are the constants above, so their loops unroll as they did */
#if MC_(RUNTIME_DIM)
#define DIM_OF(mc) M_(dim)(mc)
#define NORMALS_OF(mc) M_(normals)(mc)
#else
#define DIM_OF(mc) MDIM
#define NORMALS_OF(mc) NORMALS
#endif
#define PDIM PC_(DIM)
#define OUTS PC_(OUTPUTS)
#define UNIS PC_(UNIFORMS)
#define MUNIS MC_(UNIFORMS)
#define PNORMALS PC_(NORMALS)
#define ALL_NORMALS (NORMALS + PNORMALS)
#define PAYOFF_SLOT (NORMALS + MUNIS + PNORMALS) /* the payoff's first uniform */
/* Model uniforms and payoff normals (docs/reproducibility.md's slots) are
 * drawn by the CPU kernel only so far: no model or payoff has them yet. */
static_assert(MUNIS == 0 && PNORMALS == 0,
              "the GPU kernel draws the model's normals and the payoff's uniforms only");
#define CROSS (OUTS * (OUTS + 1) / 2)
#define RECORD (1 + 2 * OUTS + CROSS)

typedef M_(coef) model_coef;
typedef P_(coef) payoff_coef;

/* Paths per group: the paths one Philox counter serves (philox.h). */
#ifdef MCS_REAL_DOUBLE
#define GROUP 2
#else
#define GROUP 4
#endif

/* Draws per step when the payoff draws no uniforms: known at compile time
 * for a model of fixed size, so the counter arithmetic needs no multiply. */
#if MC_(RUNTIME_DIM)
#define DRAWS(runtime) (runtime)
#else
#define DRAWS(runtime) (UNIS == 0 ? PAYOFF_SLOT : (runtime))
#endif

/* Philox4x32-10: counter ((g*steps + k)*draws + d, block), key = seed; the
 * same words as cuRAND's curand_Philox4x32_10 and the C port in
 * cpu_backend/philox.h. The ten round keys are the same for every counter
 * of the run, so they are computed once per stream instead of per call
 * (cuRAND bumps the key inside every call: 20 additions per counter).
 * A split uniform (a.split, models/split_uniform.h) takes its bytes from
 * one more slot, draws - 1, every BYTE_SPAN steps: uniforms() keeps them. */
#define BYTE_SPAN MCS_SPLIT_SPAN(GROUP)
struct philox_stream {
    uint32_t rk0[10], rk1[10];
    uint64_t block;
    uint32_t steps, draws, split;
    uint4 bytes; /* the split uniform's byte counter, from step k - k % BYTE_SPAN */
    __device__ philox_stream(const mcs_gpu_kernel_args &a, uint64_t b, int)
        : block(b), steps(a.steps), draws(a.normals + a.uniforms + a.split), split(a.split),
          bytes(make_uint4(0, 0, 0, 0))
    {
        uint32_t k0 = (uint32_t)a.seed, k1 = (uint32_t)(a.seed >> 32);
#pragma unroll
        for (int r = 0; r < 10; r++) {
            rk0[r] = k0 + (uint32_t)r * 0x9E3779B9u;
            rk1[r] = k1 + (uint32_t)r * 0xBB67AE85u;
        }
    }
    __device__ uint4 words(uint64_t g, uint32_t k, uint32_t d)
    {
        uint64_t i = (g * steps + k) * DRAWS(draws) + d;
        uint32_t x0 = (uint32_t)i, x1 = (uint32_t)(i >> 32), x2 = (uint32_t)block,
                 x3 = (uint32_t)(block >> 32);
#pragma unroll
        for (int r = 0; r < 10; r++) {
            /* one 32x32 -> 64-bit product gives both words (IMAD.WIDE: measured
             * faster on the H100 than cuRAND's __umulhi + multiply) */
            uint64_t p0 = (uint64_t)0xD2511F53u * x0, p1 = (uint64_t)0xCD9E8D57u * x2;
            uint32_t y0 = (uint32_t)(p1 >> 32) ^ x1 ^ rk0[r];
            uint32_t y2 = (uint32_t)(p0 >> 32) ^ x3 ^ rk1[r];
            x1 = (uint32_t)p1;
            x3 = (uint32_t)p0;
            x0 = y0;
            x2 = y2;
        }
        return make_uint4(x0, x1, x2, x3);
    }
    __device__ void normals(uint64_t g, uint32_t k, uint32_t d, mcs_real z[GROUP])
    {
        uint4 r = words(g, k, d);
        uint64_t w0 = (uint64_t)r.x << 32 | r.y, w1 = (uint64_t)r.z << 32 | r.w;
#ifdef MCS_REAL_DOUBLE
        mcs_box_muller_d(w0, w1, &z[0], &z[1]);
#else
        mcs_box_muller_f(w0, &z[0], &z[1]);
        mcs_box_muller_f(w1, &z[2], &z[3]);
#endif
    }
    /* Uniforms: called for every step in order, k = 0 first. */
    __device__ void uniforms(uint64_t g, uint32_t k, uint32_t d, mcs_real u[GROUP])
    {
        uint4 r = words(g, k, d);
        if (split) {
            if (k % BYTE_SPAN == 0)
                bytes = words(g, k, DRAWS(draws) - 1);
            const uint32_t b[4] = {bytes.x, bytes.y, bytes.z, bytes.w};
#ifdef MCS_REAL_DOUBLE
            u[0] = mcs_split_uniform_d(mcs_split_byte(b, BYTE_SPAN, 0, k), (uint64_t)r.x << 32 | r.y);
            u[1] = mcs_split_uniform_d(mcs_split_byte(b, BYTE_SPAN, 1, k), (uint64_t)r.z << 32 | r.w);
#else
            u[0] = mcs_split_uniform_f(mcs_split_byte(b, BYTE_SPAN, 0, k), r.x);
            u[1] = mcs_split_uniform_f(mcs_split_byte(b, BYTE_SPAN, 1, k), r.y);
            u[2] = mcs_split_uniform_f(mcs_split_byte(b, BYTE_SPAN, 2, k), r.z);
            u[3] = mcs_split_uniform_f(mcs_split_byte(b, BYTE_SPAN, 3, k), r.w);
#endif
            return;
        }
#ifdef MCS_REAL_DOUBLE
        const double half_ulp = 1.1102230246251565e-16;
        u[0] = mcs_bits_double(0x3ff0000000000000ull | (((uint64_t)r.x << 32 | r.y) >> 12)) - 1.0 + half_ulp;
        u[1] = mcs_bits_double(0x3ff0000000000000ull | (((uint64_t)r.z << 32 | r.w) >> 12)) - 1.0 + half_ulp;
#else
        const float two_m32 = 2.3283064365386963e-10f, half = 1.1641532182693481e-10f;
        u[0] = (float)r.x * two_m32 + half;
        u[1] = (float)r.y * two_m32 + half;
        u[2] = (float)r.z * two_m32 + half;
        u[3] = (float)r.w * two_m32 + half;
#endif
    }
};

/* MRG32k3a (cuRAND's): virtual thread v of block b owns subsequence
 * b*256 + v and draws its groups' numbers in order (step, then draw). */
struct mrg_stream {
    curandStateMRG32k3a_t s;
    __device__ mrg_stream(const mcs_gpu_kernel_args &a, uint64_t b, int v)
    {
        curand_init(a.seed, b * MCS_GPU_VTHREADS + (uint64_t)v, 0, &s);
    }
    __device__ void normals(uint64_t, uint32_t, uint32_t, mcs_real z[GROUP])
    {
#ifdef MCS_REAL_DOUBLE
        double2 d = curand_normal2_double(&s);
        z[0] = d.x, z[1] = d.y;
#else
        float2 p = curand_normal2(&s), q = curand_normal2(&s);
        z[0] = p.x, z[1] = p.y, z[2] = q.x, z[3] = q.y;
#endif
    }
    __device__ void uniforms(uint64_t, uint32_t, uint32_t, mcs_real u[GROUP])
    {
#pragma unroll
        for (int j = 0; j < GROUP; j++) {
#ifdef MCS_REAL_DOUBLE
            u[j] = curand_uniform_double(&s);
#else
            u[j] = curand_uniform(&s);
#endif
        }
    }
};

/* Scrambled Sobol (cuRAND's, Joe-Kuo direction vectors): path i of the job
 * is point i, draw d of step k is dimension k*draws + d; normals by the
 * inverse normal CDF. */
struct sobol_stream {
    const uint32_t *dirs, *scramble;
    uint64_t base;
    uint32_t draws;
    __device__ sobol_stream(const mcs_gpu_kernel_args &a, uint64_t b, int)
        : dirs(a.sobol_directions), scramble(a.sobol_scramble), base(b * a.block_size),
          draws(a.normals + a.uniforms)
    {
    }
    __device__ curandStateScrambledSobol32_t at(uint64_t g, uint32_t k, uint32_t d)
    {
        curandStateScrambledSobol32_t s;
        size_t dim = (size_t)k * DRAWS(draws) + d;
        curand_init((unsigned *)(dirs + 32 * dim), scramble[dim], (unsigned)(base + g * GROUP), &s);
        return s;
    }
    __device__ void normals(uint64_t g, uint32_t k, uint32_t d, mcs_real z[GROUP])
    {
        curandStateScrambledSobol32_t s = at(g, k, d);
#pragma unroll
        for (int j = 0; j < GROUP; j++) {
#ifdef MCS_REAL_DOUBLE
            z[j] = curand_normal_double(&s);
#else
            z[j] = curand_normal(&s);
#endif
        }
    }
    __device__ void uniforms(uint64_t g, uint32_t k, uint32_t d, mcs_real u[GROUP])
    {
        curandStateScrambledSobol32_t s = at(g, k, d);
#pragma unroll
        for (int j = 0; j < GROUP; j++) {
#ifdef MCS_REAL_DOUBLE
            u[j] = curand_uniform_double(&s);
#else
            u[j] = curand_uniform(&s);
#endif
        }
    }
};

/* How the time loop runs, fixed at compile time so that the loop does only
 * the work the job needs (prepare picks one, plan_loop below):
 * one step or many, and whether the payoff watches none, all or some of
 * the steps (only "some" asks watches() and branches each step). */
enum { ONE_NONE, ONE_ALL, MANY_NONE, MANY_ALL, MANY_SOME };

/* Undiscounted outputs of the GROUP paths of group g, for loop shape LOOP
 * and payoff mode MODE (payoffs/european.h). */
template <int LOOP, int MODE, class Stream>
__device__ __forceinline__ void simulate_group(Stream &st, const mcs_gpu_kernel_args &a,
                                               const model_coef &mc, const payoff_coef &pc,
                                               uint64_t g, mcs_real out[GROUP][OUTS])
{
    mcs_real s[GROUP][MDIM], acc[GROUP][PDIM];
    const int mdim = (int)DIM_OF(&mc), nrm = (int)NORMALS_OF(&mc);
    (void)mdim;
#pragma unroll
    for (int j = 0; j < GROUP; j++) {
        M_(init)(&mc, s[j]);
        P_(init)(&pc, acc[j]);
    }
    const uint32_t steps = LOOP == ONE_NONE || LOOP == ONE_ALL ? 1 : a.steps;
    for (uint32_t k = 0; k < steps; k++) {
        mcs_real z[NORMALS][GROUP], u[UNIS > 0 ? UNIS : 1][GROUP];
#pragma unroll
        for (int d = 0; d < nrm; d++)
            st.normals(g, k, d, z[d]);
#pragma unroll
        for (int d = 0; d < UNIS; d++)
            if (d < (int)a.uniforms)
                st.uniforms(g, k, nrm + MUNIS + PNORMALS + d, u[d]);
        const bool watch = LOOP == ONE_ALL || LOOP == MANY_ALL ||
                           (LOOP == MANY_SOME && P_(watches)(&pc, k));
#pragma unroll
        for (int j = 0; j < GROUP; j++) {
            mcs_real zz[NORMALS], uu[UNIS > 0 ? UNIS : 1];
#pragma unroll
            for (int d = 0; d < nrm; d++)
                zz[d] = z[d][j];
#pragma unroll
            for (int d = 0; d < UNIS; d++)
                uu[d] = u[d][j];
            mcs_real s0[MDIM];
#pragma unroll
            for (int i = 0; i < mdim; i++)
                s0[i] = s[j][i];
            M_(step)(&mc, s[j], zz, 0);
            if (watch) {
                const mcs_view v = view_step(&mc, s0, s[j], zz, uu);
                P_(observe)(&pc, MODE, acc[j], &v);
            }
        }
    }
#pragma unroll
    for (int j = 0; j < GROUP; j++) {
        const mcs_view v = view_at(&mc, s[j]);
        P_(finish)(&pc, MODE, acc[j], &v, out[j]);
    }
}

/* Add the first `count` paths of a group to the running shifted sums. */
__device__ __forceinline__ void accumulate(const mcs_real out[GROUP][OUTS], int count,
                                           const double shift[OUTS], double sum[OUTS],
                                           double cross[CROSS])
{
#pragma unroll
    for (int j = 0; j < GROUP; j++) {
        if (j < count) {
            double d[OUTS];
#pragma unroll
            for (int i = 0; i < OUTS; i++) {
                d[i] = (double)out[j][i] - shift[i];
                sum[i] += d[i];
            }
            int c = 0;
#pragma unroll
            for (int i = 0; i < OUTS; i++)
#pragma unroll
                for (int l = i; l < OUTS; l++, c++)
                    cross[c] = fma(d[i], d[l], cross[c]);
        }
    }
}

/* Virtual thread v's sums into column v of the block's partials. */
__device__ __forceinline__ void store_part(double (*part)[MCS_GPU_VTHREADS], int v,
                                           const double sum[OUTS], const double cross[CROSS])
{
#pragma unroll
    for (int i = 0; i < OUTS; i++)
        part[i][v] = sum[i];
#pragma unroll
    for (int c = 0; c < CROSS; c++)
        part[OUTS + c][v] = cross[c];
}

/* The fixed tree over the 256 partials (every thread of the block calls
 * it), then the block's record of n paths with its shift into rec. */
__device__ __forceinline__ void tree_to_record(double (*part)[MCS_GPU_VTHREADS],
                                               const double shift[OUTS], uint32_t n, double *rec)
{
    __syncthreads();
    for (int half = MCS_GPU_VTHREADS / 2; half > 0; half >>= 1) {
        for (int v = threadIdx.x; v < half; v += blockDim.x)
#pragma unroll
            for (int r = 0; r < OUTS + CROSS; r++)
                part[r][v] += part[r][v + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        rec[0] = (double)n;
#pragma unroll
        for (int i = 0; i < OUTS; i++) {
            rec[1 + i] = shift[i];
            rec[1 + OUTS + i] = part[i][0];
        }
#pragma unroll
        for (int c = 0; c < CROSS; c++)
            rec[1 + 2 * OUTS + c] = part[OUTS + c][0];
    }
    __syncthreads(); /* the shared arrays are reused by the next block */
}

/* Shifted sums of block b's n paths into rec: virtual thread v sums its
 * groups v, v+256, ... in order (the partial last group, if any, is its
 * last), then a fixed tree adds the 256 partial sums. */
template <int LOOP, int MODE, class Stream>
__device__ void block_sums(const mcs_gpu_kernel_args &a, const model_coef &mc,
                           const payoff_coef &pc, uint64_t b, uint32_t n,
                           double (*part)[MCS_GPU_VTHREADS], double *block_shift, double *rec)
{
    const uint32_t full = n / GROUP, rest = n % GROUP;
    if (threadIdx.x == 0) { /* shift = the block's first path's outputs, as on the CPU */
        Stream st(a, b, 0);
        mcs_real out[GROUP][OUTS];
        simulate_group<LOOP, MODE>(st, a, mc, pc, 0, out);
#pragma unroll
        for (int i = 0; i < OUTS; i++)
            block_shift[i] = (double)out[0][i];
    }
    __syncthreads();
    double shift[OUTS];
#pragma unroll
    for (int i = 0; i < OUTS; i++)
        shift[i] = block_shift[i];
    for (int v = threadIdx.x; v < MCS_GPU_VTHREADS; v += blockDim.x) {
        Stream st(a, b, v);
        double sum[OUTS] = {0}, cross[CROSS] = {0};
        mcs_real out[GROUP][OUTS];
        uint32_t g = v;
        for (; g < full; g += MCS_GPU_VTHREADS) {
            simulate_group<LOOP, MODE>(st, a, mc, pc, g, out);
            accumulate(out, GROUP, shift, sum, cross);
        }
        if (rest && g == full) {
            simulate_group<LOOP, MODE>(st, a, mc, pc, g, out);
            accumulate(out, (int)rest, shift, sum, cross);
        }
        store_part(part, v, sum, cross);
    }
    tree_to_record(part, shift, n, rec);
}

template <int LOOP, int MODE, class Stream>
__global__ void __launch_bounds__(MCS_GPU_VTHREADS)
    block_kernel(const mcs_gpu_kernel_args a, uint64_t first, uint64_t count, double *out)
{
    __shared__ double part[OUTS + CROSS][MCS_GPU_VTHREADS];
    __shared__ double block_shift[OUTS];
    const model_coef mc = M_(coef_make)(a.model, a.dt);
    const payoff_coef pc = P_(coef_make)(a.option, a.model, a.steps);

    for (uint64_t i = blockIdx.x; i < count; i += gridDim.x) {
        const uint64_t b = first + i;
        const uint64_t start = b * a.block_size;
        const uint32_t n = a.paths - start < a.block_size ? (uint32_t)(a.paths - start)
                                                          : a.block_size;
        block_sums<LOOP, MODE, Stream>(a, mc, pc, b, n, part, block_shift, out + i * RECORD);
    }
}

/* A linear-factor model under a payoff that watches no step, drawn by a
 * counter-based generator, in single precision, runs the warp kernel
 * (gpu_warp_kernel.cuh: same bits, no per-path arrays in local memory);
 * every other job the per-thread block_kernel. MRG32k3a draws a virtual
 * thread's numbers in sequence, so its lanes could not draw apart. */
#if MC_(LINEAR_FACTOR) && !defined(MCS_REAL_DOUBLE)
#include "gpu_warp_kernel.cuh"
#define WARP_KERNEL 1
#else
#define WARP_KERNEL 0
#endif
typedef void (*kernel_fn)(const mcs_gpu_kernel_args, uint64_t, uint64_t, double *);
template <int L, int M, class Stream> static kernel_fn kernel_for(int per_thread)
{
    (void)per_thread;
#if WARP_KERNEL
    if constexpr ((L == ONE_NONE || L == MANY_NONE) && UNIS == 0 &&
                  !std::is_same<Stream, mrg_stream>::value)
        return per_thread ? block_kernel<L, M, Stream> : warp_kernel<L, M, Stream>;
    else
#endif
        return block_kernel<L, M, Stream>;
}

/* The loop shape of a job: its steps, and which of them the payoff watches
 * (asked of the same watches() the kernel would call, on the host). */
static int plan_loop(const mcs_gpu_kernel_args &a, const payoff_coef &pc)
{
    uint32_t watched = 0;
    for (uint32_t k = 0; k < a.steps; k++)
        watched += P_(watches)(&pc, k) ? 1 : 0;
    if (a.steps == 1)
        return watched ? ONE_ALL : ONE_NONE;
    return watched == 0 ? MANY_NONE : watched == a.steps ? MANY_ALL : MANY_SOME;
}

template <int LOOP, class Fn> static int with_mode(int mode, Fn fn)
{
#if PC_(MODES) > 1
    if (mode == 1)
        return fn(std::integral_constant<int, LOOP>(), std::integral_constant<int, 1>());
#endif
    (void)mode;
    return fn(std::integral_constant<int, LOOP>(), std::integral_constant<int, 0>());
}

/* Call fn with the kernel for generator `rng`, loop shape, payoff mode and
 * kernel_for's choice (per_thread: MCSIM_GPU_WARP_KERNEL=0);
 * the one place that maps a job to its kernel. */
template <class Fn> static int with_kernel(int rng, int loop, int mode, int per_thread, Fn fn)
{
    auto pick = [&](auto loop_c, auto mode_c) {
        constexpr int L = decltype(loop_c)::value, M = decltype(mode_c)::value;
        switch (rng) {
        case MCS_RNG_PHILOX:
            return fn(kernel_for<L, M, philox_stream>(per_thread));
        case MCS_RNG_MRG32K3A:
            return fn(kernel_for<L, M, mrg_stream>(per_thread));
        case MCS_RNG_SOBOL:
            return fn(kernel_for<L, M, sobol_stream>(per_thread));
        default:
            return (int)cudaErrorInvalidValue;
        }
    };
    switch (loop) {
    case ONE_NONE:
        return with_mode<ONE_NONE>(mode, pick);
    case ONE_ALL:
        return with_mode<ONE_ALL>(mode, pick);
    case MANY_NONE:
        return with_mode<MANY_NONE>(mode, pick);
    case MANY_ALL:
        return with_mode<MANY_ALL>(mode, pick);
    default:
        return with_mode<MANY_SOME>(mode, pick);
    }
}

/* Choose the kernel for the job once (its loop shape and payoff mode, into
 * a->loop and a->mode) and load it now (CUDA loads modules lazily, at the
 * first launch), so that the load counts as set-up, not as kernel time. */
extern "C" int MCS_GPU_NAME(prepare, MODEL, PAYOFF, MCS_PREC)(mcs_gpu_kernel_args *a)
{
    const payoff_coef pc = P_(coef_make)(a->host_option, a->host_model, a->steps);
    a->loop = plan_loop(*a, pc);
    a->mode = P_(mode)(&pc);
    return with_kernel(a->rng, a->loop, a->mode, a->per_thread, [](auto kernel) {
        cudaFuncAttributes attr;
        return (int)cudaFuncGetAttributes(&attr, kernel);
    });
}

/* The job's kernel (chosen as prepare chooses it) and its resident blocks
 * per SM at `threads` threads a block: the occupancy API counts its
 * registers and static shared memory against the SM's limits. */
extern "C" int MCS_GPU_NAME(occupancy, MODEL, PAYOFF, MCS_PREC)(mcs_gpu_kernel_args *a,
                                                                int threads, int *blocks)
{
    int e = MCS_GPU_NAME(prepare, MODEL, PAYOFF, MCS_PREC)(a);
    if (e)
        return e;
    return with_kernel(a->rng, a->loop, a->mode, a->per_thread, [&](auto kernel) {
        return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, kernel, threads, 0);
    });
}

extern "C" int MCS_GPU_NAME(launch, MODEL, PAYOFF, MCS_PREC)(const mcs_gpu_kernel_args *a,
                                                             uint64_t first, uint64_t count,
                                                             int grid, int threads,
                                                             double *d_out, void *stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    return with_kernel(a->rng, a->loop, a->mode, a->per_thread, [&](auto kernel) {
        kernel<<<grid, threads, 0, s>>>(*a, first, count, d_out);
        return (int)cudaGetLastError();
    });
}
