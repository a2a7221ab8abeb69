/* gpu_warp_kernel.cuh - the GPU kernel of a linear-factor model (one whose
 * step moves asset i by its own row's sum y_i = sum_{j<=i} A_ij z_j:
 * MCS_NAME_LINEAR_FACTOR, models/multi_gbm.h) under a payoff that watches no
 * step, in single precision: a warp steps WARP_GROUPS groups of paths at a
 * time, lane l holding assets l and l + 32 of those paths in registers, so no
 * per-path state or normal goes to local memory (the per-thread kernel of
 * gpu_kernel.cuh keeps a 64-asset path's 64 states and normals there). The
 * factor A sits once per block in shared memory, column by column (lane l
 * reads its two rows' entries of column j in one load, no bank conflict): a
 * lane needs 80 registers with Philox (107 under a two-block bound) where
 * holding its two rows took 192, so three blocks of 256 threads fit on an SM
 * instead of one (docs/gpu.md: 1.2x the rows-in-registers kernel at 64
 * assets, 1.5-1.8x at 8-24). Lane l draws the groups' normals of slots l and
 * l + 32 with the same counters as the per-thread kernel, and the step's
 * normals meet in shared memory, read in runs of ZRUN slots whose loads go
 * out together; every row sums in the same order (j = 0, 1, ..., with zeros
 * past the diagonal and past the job's assets, which add nothing), so the
 * outputs are the per-thread kernel's bits. The block's virtual threads are
 * those of block_sums (warp w takes v = w, w + warps, ...); a virtual
 * thread's groups v, v + 256, ... are stepped WARP_GROUPS at a time and added
 * to its sums in that order (an odd last group steps beside a copy of itself,
 * whose outputs are dropped), then the fixed tree of block_sums. Double
 * precision keeps the per-thread kernel. Included by gpu_kernel.cuh, which
 * defines what is used here; kernel_for picks this kernel. */

#include "../kernels/warp_rule.h"

#define WARP_ROWS_MOST 64 /* two rows a lane */
#define WARPS_MOST (MCS_GPU_VTHREADS / 32)
#define WARP_GROUPS 2 /* groups of paths a warp steps at once */
#define WARP_PATHS (WARP_GROUPS * GROUP)
#define ZRUN MCS_WARP_SLOT_RUN /* slots whose normals and factor entries a lane loads at once */
static_assert(WARP_ROWS_MOST % ZRUN == 0 && 32 % ZRUN == 0, "the slots come in whole runs");
static_assert(MDIM <= WARP_ROWS_MOST, "the warp kernel holds two rows a lane: at most 64 assets");
static_assert(MDIM == NORMALS, "a linear-factor model draws one normal per state variable");
static_assert(GROUP == 4, "the warp kernel's normals of a slot are a float4: single precision");
static_assert(WARP_PATHS <= 32, "a lane starts and finishes each of the warp's paths");
static_assert(WARP_PATHS == MCS_WARP_PASS_PATHS, "the estimator walks in passes of WARP_PATHS "
                                                "(kernels/warp_rule.h)");

/* The factor, column by column: col_lo[j][l] = (A[l][j], A[l+32][j]) for
 * j < 32, col_hi[j - 32][l] = A[l+32][j] for j >= 32 (A[l][j] = 0 there). */
struct warp_factor {
    float2 col_lo[32][32];
    float col_hi[32][32];
};

/* A warp's scratch: the step's normals (slot j, group q), or the paths'
 * states at the start and the end, when no normal is in flight. */
union warp_scratch {
    float4 zs[WARP_ROWS_MOST][WARP_GROUPS];
    float xs[WARP_PATHS][MDIM];
};

/* The outputs of the WARP_PATHS paths of groups g[0..WARP_GROUPS) (GROUP
 * paths each) into outs (shared, this warp's). */
template <int LOOP, int MODE, class Stream>
__device__ __forceinline__ void warp_groups(Stream &st, const mcs_gpu_kernel_args &a,
                                            const model_coef &mc, const payoff_coef &pc,
                                            const warp_factor &fac, const uint64_t g[WARP_GROUPS],
                                            warp_scratch &sc, float (*outs)[OUTS])
{
    const int lane = (int)(threadIdx.x & 31), n = (int)DIM_OF(&mc);
    const int r1 = lane, r2 = lane + 32;
    mcs_real acc[PDIM];
    if (lane < WARP_PATHS) {
        M_(init)(&mc, sc.xs[lane]);
        P_(init)(&pc, acc);
    }
    __syncwarp();
    float x1[WARP_PATHS], x2[WARP_PATHS];
#pragma unroll
    for (int p = 0; p < WARP_PATHS; p++) {
        x1[p] = r1 < n ? sc.xs[p][r1] : 0.0f;
        x2[p] = r2 < n ? sc.xs[p][r2] : 0.0f;
    }
    __syncwarp(); /* every lane has read xs before the normals overwrite it */
#pragma unroll
    for (int q = 0; q < WARP_GROUPS; q++) { /* the slots no lane draws: 0 for this pass */
        if (r1 >= n)
            sc.zs[r1][q] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (r2 >= n)
            sc.zs[r2][q] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    }
    const uint32_t steps = LOOP == ONE_NONE ? 1 : a.steps;
    for (uint32_t k = 0; k < steps; k++) {
#pragma unroll
        for (int q = 0; q < WARP_GROUPS; q++) {
            mcs_real z[GROUP];
            if (r1 < n) {
                st.normals(g[q], k, (uint32_t)r1, z);
                sc.zs[r1][q] = make_float4(z[0], z[1], z[2], z[3]);
            }
            if (r2 < n) {
                st.normals(g[q], k, (uint32_t)r2, z);
                sc.zs[r2][q] = make_float4(z[0], z[1], z[2], z[3]);
            }
        }
        __syncwarp();
        /* slots in runs of ZRUN, whose loads are issued together: first
         * the slots below 32, which both rows take, then those from 32 on,
         * which only row l + 32 takes; the slots past n are zero, and so
         * are their factor entries: they add nothing. The runs stay loops:
         * unrolled over all 64 slots (with a test of n per run) the kernel
         * was 2-3% faster at 64 assets and 2-11% slower at 8 to 24 on the
         * H100 (bench/results/models/h100-warp-session12) */
        float y1[WARP_PATHS], y2[WARP_PATHS];
#pragma unroll
        for (int p = 0; p < WARP_PATHS; p++)
            y1[p] = y2[p] = 0.0f;
        const int n_lo = n < 32 ? n : 32;
#pragma unroll 1
        for (int j0 = 0; j0 < n_lo; j0 += ZRUN) {
            float4 zr[ZRUN][WARP_GROUPS];
            float2 f[ZRUN];
#pragma unroll
            for (int t = 0; t < ZRUN; t++) {
#pragma unroll
                for (int q = 0; q < WARP_GROUPS; q++)
                    zr[t][q] = sc.zs[j0 + t][q];
                f[t] = fac.col_lo[j0 + t][lane];
            }
#pragma unroll
            for (int t = 0; t < ZRUN; t++)
#pragma unroll
                for (int q = 0; q < WARP_GROUPS; q++) {
                    const float zz[GROUP] = {zr[t][q].x, zr[t][q].y, zr[t][q].z, zr[t][q].w};
#pragma unroll
                    for (int i = 0; i < GROUP; i++) {
                        y1[q * GROUP + i] += f[t].x * zz[i];
                        y2[q * GROUP + i] += f[t].y * zz[i];
                    }
                }
        }
#pragma unroll 1
        for (int j0 = 32; j0 < n; j0 += ZRUN) {
            float4 zr[ZRUN][WARP_GROUPS];
            float f[ZRUN];
#pragma unroll
            for (int t = 0; t < ZRUN; t++) {
#pragma unroll
                for (int q = 0; q < WARP_GROUPS; q++)
                    zr[t][q] = sc.zs[j0 + t][q];
                f[t] = fac.col_hi[j0 - 32 + t][lane];
            }
#pragma unroll
            for (int t = 0; t < ZRUN; t++)
#pragma unroll
                for (int q = 0; q < WARP_GROUPS; q++) {
                    const float zz[GROUP] = {zr[t][q].x, zr[t][q].y, zr[t][q].z, zr[t][q].w};
#pragma unroll
                    for (int i = 0; i < GROUP; i++)
                        y2[q * GROUP + i] += f[t] * zz[i];
                }
        }
        __syncwarp(); /* every lane has read zs before the next step writes it */
#pragma unroll
        for (int p = 0; p < WARP_PATHS; p++) {
            if (r1 < n)
                x1[p] = M_(step_asset)(&mc, (uint32_t)r1, x1[p], y1[p]);
            if (r2 < n)
                x2[p] = M_(step_asset)(&mc, (uint32_t)r2, x2[p], y2[p]);
        }
    }
#pragma unroll
    for (int p = 0; p < WARP_PATHS; p++) {
        if (r1 < n)
            sc.xs[p][r1] = x1[p];
        if (r2 < n)
            sc.xs[p][r2] = x2[p];
    }
    __syncwarp();
    if (lane < WARP_PATHS) {
        const mcs_view v = view_at(&mc, sc.xs[lane]);
        mcs_real o[OUTS];
        P_(finish)(&pc, MODE, acc, &v, o);
#pragma unroll
        for (int i = 0; i < OUTS; i++)
            outs[lane][i] = o[i];
    }
    __syncwarp(); /* xs is the next pass's normals */
}

/* block_sums of gpu_kernel.cuh with a warp per virtual thread at a time
 * (same sums, the same store_part and tree_to_record) */
template <int LOOP, int MODE, class Stream>
__device__ void warp_block_sums(const mcs_gpu_kernel_args &a, const model_coef &mc,
                                const payoff_coef &pc, const warp_factor &fac, uint64_t b,
                                uint32_t n, double (*part)[MCS_GPU_VTHREADS], double *block_shift,
                                warp_scratch &sc, float (*outs)[OUTS], double *rec)
{
    const uint32_t full = n / GROUP, rest = n % GROUP, groups = full + (rest ? 1 : 0);
    const int lane = (int)(threadIdx.x & 31), w = (int)(threadIdx.x >> 5),
              warps = (int)(blockDim.x >> 5);
    if (w == 0) { /* shift = the block's first path's outputs, as on the CPU */
        Stream st(a, b, 0);
        uint64_t g[WARP_GROUPS];
#pragma unroll
        for (int q = 0; q < WARP_GROUPS; q++)
            g[q] = 0;
        warp_groups<LOOP, MODE>(st, a, mc, pc, fac, g, sc, outs);
        if (lane == 0)
#pragma unroll
            for (int i = 0; i < OUTS; i++)
                block_shift[i] = (double)outs[0][i];
    }
    __syncthreads();
    double shift[OUTS];
#pragma unroll
    for (int i = 0; i < OUTS; i++)
        shift[i] = block_shift[i];
    for (int v = w; v < MCS_GPU_VTHREADS; v += warps) {
        Stream st(a, b, v);
        double sum[OUTS] = {0}, cross[CROSS] = {0};
        for (uint32_t g0 = (uint32_t)v; g0 < groups; g0 += WARP_GROUPS * MCS_GPU_VTHREADS) {
            uint64_t g[WARP_GROUPS];
            int live = 0;
#pragma unroll
            for (int q = 0; q < WARP_GROUPS; q++) {
                const uint32_t gq = g0 + (uint32_t)q * MCS_GPU_VTHREADS;
                g[q] = gq < groups ? gq : g0; /* past the last: a copy, dropped */
                live += gq < groups;
            }
            warp_groups<LOOP, MODE>(st, a, mc, pc, fac, g, sc, outs);
            if (lane == 0)
#pragma unroll
                for (int q = 0; q < WARP_GROUPS; q++) {
                    if (q < live) {
                        mcs_real out[GROUP][OUTS];
#pragma unroll
                        for (int j = 0; j < GROUP; j++)
#pragma unroll
                            for (int i = 0; i < OUTS; i++)
                                out[j][i] = outs[q * GROUP + j][i];
                        accumulate(out, g[q] < full ? GROUP : (int)rest, shift, sum, cross);
                    }
                }
            __syncwarp(); /* outs is rewritten by the next pass */
        }
        if (lane == 0)
            store_part(part, v, sum, cross);
    }
    tree_to_record(part, shift, n, rec);
}

/* Blocks of 256 threads an SM should hold at once (the register cap per
 * lane follows: 80 for 3, 128 for 2): Philox's kernel fits in 80 registers
 * with nothing spilled; Sobol's, whose stream carries its direction
 * numbers, would spill there (492 bytes, ptxas -v), so it keeps 2. */
template <class Stream> constexpr int warp_min_blocks()
{
    return std::is_same<Stream, philox_stream>::value ? 3 : 2;
}

template <int LOOP, int MODE, class Stream>
__global__ void __launch_bounds__(MCS_GPU_VTHREADS, warp_min_blocks<Stream>())
    warp_kernel(const mcs_gpu_kernel_args a, uint64_t first, uint64_t count, double *out)
{
    __shared__ double part[OUTS + CROSS][MCS_GPU_VTHREADS];
    __shared__ double block_shift[OUTS];
    __shared__ warp_factor fac;
    __shared__ warp_scratch sc[WARPS_MOST];
    __shared__ float outs[WARPS_MOST][WARP_PATHS][OUTS];
    const model_coef mc = M_(coef_make)(a.model, a.dt);
    const payoff_coef pc = P_(coef_make)(a.option, a.model, a.steps);
    const int w = (int)(threadIdx.x >> 5);
    const int n = (int)DIM_OF(&mc);
    const mcs_real *f = M_(factor)(&mc);
    /* A's lower triangle, zeros above it and past the job's assets */
    for (int e = (int)threadIdx.x; e < 32 * 32; e += (int)blockDim.x) {
        const int j = e >> 5, l = e & 31, lo = l, hi = l + 32;
        fac.col_lo[j][l] = make_float2(lo < n && j <= lo ? f[(size_t)lo * n + j] : 0.0f,
                                       hi < n && j <= hi ? f[(size_t)hi * n + j] : 0.0f);
        const int jh = j + 32;
        fac.col_hi[j][l] = hi < n && jh <= hi ? f[(size_t)hi * n + jh] : 0.0f;
    }
    __syncthreads();

    for (uint64_t i = blockIdx.x; i < count; i += gridDim.x) {
        const uint64_t b = first + i;
        const uint64_t start = b * a.block_size;
        const uint32_t np = a.paths - start < a.block_size ? (uint32_t)(a.paths - start)
                                                           : a.block_size;
        warp_block_sums<LOOP, MODE, Stream>(a, mc, pc, fac, b, np, part, block_shift, sc[w],
                                            outs[w], out + i * RECORD);
    }
}
