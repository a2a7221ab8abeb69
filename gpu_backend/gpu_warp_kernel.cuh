/* gpu_warp_kernel.cuh - the GPU kernel of a linear-factor model (one whose
 * step moves asset i by its own row's sum y_i = sum_{j<=i} A_ij z_j:
 * MCS_NAME_LINEAR_FACTOR, models/multi_gbm.h) under a payoff that watches no
 * step, in single precision: a warp works on one group of paths at a time,
 * lane l holding rows l and l + 32 of A in registers and those assets'
 * states, so no per-path state or normal goes to local memory (the
 * per-thread kernel of gpu_kernel.cuh keeps a 64-asset path's 64 states and
 * normals there). Lane l draws the group's normals of slots l and l + 32
 * with the same counters as the per-thread kernel, the step's normals meet
 * in shared memory, read in runs of 8 slots whose loads go out together;
 * every row sums in the same order (j = 0, 1, ..., with zeros past the
 * diagonal and past the job's assets, which add nothing), so the outputs are the
 * per-thread kernel's bits; the block's virtual threads (warp w takes v = w,
 * w + warps, ...) and the fixed tree are those of block_sums. Double
 * precision keeps the per-thread kernel: its two rows would take 192
 * registers a lane. Included by gpu_kernel.cuh, which defines what is used
 * here; kernel_for picks this kernel. */

#define WARP_ROWS_MOST 64 /* two rows a lane */
#define WARPS_MOST (MCS_GPU_VTHREADS / 32)
#define ZRUN 8 /* slots whose normals a lane loads at once */
static_assert(WARP_ROWS_MOST % ZRUN == 0, "the slots come in whole runs");
static_assert(MDIM <= WARP_ROWS_MOST, "the warp kernel holds two rows a lane: at most 64 assets");
static_assert(MDIM == NORMALS, "a linear-factor model draws one normal per state variable");
static_assert(GROUP == 4, "the warp kernel's normals of a slot are a float4: single precision");

/* The outputs of the GROUP paths of group g into outs (shared, this warp's);
 * a1 and a2: this lane's rows l and l + 32 of the factor, zero past the
 * diagonal and past the job's assets. */
template <int LOOP, int MODE, class Stream>
__device__ __forceinline__ void warp_group(Stream &st, const mcs_gpu_kernel_args &a,
                                           const model_coef &mc, const payoff_coef &pc,
                                           const float a1[32], const float a2[64], uint64_t g,
                                           float4 *zs, float (*xs)[MDIM], float (*outs)[OUTS])
{
    const int lane = (int)(threadIdx.x & 31), n = (int)DIM_OF(&mc);
    const int r1 = lane, r2 = lane + 32;
    mcs_real acc[PDIM];
    if (lane < GROUP) {
        M_(init)(&mc, xs[lane]);
        P_(init)(&pc, acc);
    }
    __syncwarp();
    float x1[GROUP], x2[GROUP];
#pragma unroll
    for (int p = 0; p < GROUP; p++) {
        x1[p] = r1 < n ? xs[p][r1] : 0.0f;
        x2[p] = r2 < n ? xs[p][r2] : 0.0f;
    }
    const uint32_t steps = LOOP == ONE_NONE ? 1 : a.steps;
    for (uint32_t k = 0; k < steps; k++) {
        mcs_real z[GROUP];
        if (r1 < n) {
            st.normals(g, k, (uint32_t)r1, z);
            zs[r1] = make_float4(z[0], z[1], z[2], z[3]);
        }
        if (r2 < n) {
            st.normals(g, k, (uint32_t)r2, z);
            zs[r2] = make_float4(z[0], z[1], z[2], z[3]);
        }
        __syncwarp();
        /* slots in runs of ZRUN, whose loads are issued together; the
         * slots past n are zero (warp_kernel), and so are their factor
         * entries: they add nothing */
        float y1[GROUP] = {0, 0, 0, 0}, y2[GROUP] = {0, 0, 0, 0};
#pragma unroll
        for (int j0 = 0; j0 < WARP_ROWS_MOST; j0 += ZRUN) {
            if (j0 < n) {
                float4 zr[ZRUN];
#pragma unroll
                for (int t = 0; t < ZRUN; t++)
                    zr[t] = zs[j0 + t];
#pragma unroll
                for (int t = 0; t < ZRUN; t++) {
                    const int j = j0 + t;
                    const float zz[GROUP] = {zr[t].x, zr[t].y, zr[t].z, zr[t].w};
#pragma unroll
                    for (int p = 0; p < GROUP; p++) {
                        if (j < 32)
                            y1[p] += a1[j < 32 ? j : 0] * zz[p];
                        y2[p] += a2[j] * zz[p];
                    }
                }
            }
        }
        __syncwarp(); /* every lane has read zs before the next step writes it */
#pragma unroll
        for (int p = 0; p < GROUP; p++) {
            if (r1 < n)
                x1[p] = M_(step_asset)(&mc, (uint32_t)r1, x1[p], y1[p]);
            if (r2 < n)
                x2[p] = M_(step_asset)(&mc, (uint32_t)r2, x2[p], y2[p]);
        }
    }
#pragma unroll
    for (int p = 0; p < GROUP; p++) {
        if (r1 < n)
            xs[p][r1] = x1[p];
        if (r2 < n)
            xs[p][r2] = x2[p];
    }
    __syncwarp();
    if (lane < GROUP) {
        const mcs_view v = view_at(&mc, xs[lane]);
        mcs_real o[OUTS];
        P_(finish)(&pc, MODE, acc, &v, o);
#pragma unroll
        for (int i = 0; i < OUTS; i++)
            outs[lane][i] = o[i];
    }
    __syncwarp();
}

/* block_sums of gpu_kernel.cuh with a warp per group (same sums, the same
 * store_part and tree_to_record) */
template <int LOOP, int MODE, class Stream>
__device__ void warp_block_sums(const mcs_gpu_kernel_args &a, const model_coef &mc,
                                const payoff_coef &pc, const float a1[32], const float a2[64],
                                uint64_t b, uint32_t n, double (*part)[MCS_GPU_VTHREADS],
                                double *block_shift, float4 *zs, float (*xs)[MDIM],
                                float (*outs)[OUTS], double *rec)
{
    const uint32_t full = n / GROUP, rest = n % GROUP;
    const int lane = (int)(threadIdx.x & 31), w = (int)(threadIdx.x >> 5),
              warps = (int)(blockDim.x >> 5);
    if (w == 0) { /* shift = the block's first path's outputs, as on the CPU */
        Stream st(a, b, 0);
        warp_group<LOOP, MODE>(st, a, mc, pc, a1, a2, 0, zs, xs, outs);
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
        mcs_real out[GROUP][OUTS];
        uint32_t g = (uint32_t)v;
        for (; g < full + (rest ? 1 : 0); g += MCS_GPU_VTHREADS) {
            warp_group<LOOP, MODE>(st, a, mc, pc, a1, a2, g, zs, xs, outs);
            if (lane == 0) {
#pragma unroll
                for (int j = 0; j < GROUP; j++)
#pragma unroll
                    for (int i = 0; i < OUTS; i++)
                        out[j][i] = outs[j][i];
                accumulate(out, g < full ? GROUP : (int)rest, shift, sum, cross);
            }
            __syncwarp(); /* outs is rewritten by the next group */
        }
        if (lane == 0)
            store_part(part, v, sum, cross);
    }
    tree_to_record(part, shift, n, rec);
}

template <int LOOP, int MODE, class Stream>
__global__ void __launch_bounds__(MCS_GPU_VTHREADS, 1)
    warp_kernel(const mcs_gpu_kernel_args a, uint64_t first, uint64_t count, double *out)
{
    __shared__ double part[OUTS + CROSS][MCS_GPU_VTHREADS];
    __shared__ double block_shift[OUTS];
    __shared__ float4 zs[WARPS_MOST][WARP_ROWS_MOST];
    __shared__ float xs[WARPS_MOST][GROUP][MDIM];
    __shared__ float outs[WARPS_MOST][GROUP][OUTS];
    const model_coef mc = M_(coef_make)(a.model, a.dt);
    const payoff_coef pc = P_(coef_make)(a.option, a.model, a.steps);
    const int lane = (int)(threadIdx.x & 31), w = (int)(threadIdx.x >> 5);
    const int n = (int)DIM_OF(&mc);
    const mcs_real *f = M_(factor)(&mc);
    float a1[32], a2[64];
#pragma unroll
    for (int j = 0; j < 32; j++)
        a1[j] = lane < n && j <= lane ? f[(size_t)lane * n + j] : 0.0f;
#pragma unroll
    for (int j = 0; j < 64; j++)
        a2[j] = lane + 32 < n && j <= lane + 32 ? f[(size_t)(lane + 32) * n + j] : 0.0f;

    for (int j = lane; j < WARP_ROWS_MOST; j += 32) /* the slots no lane draws stay 0 */
        zs[w][j] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncwarp();

    for (uint64_t i = blockIdx.x; i < count; i += gridDim.x) {
        const uint64_t b = first + i;
        const uint64_t start = b * a.block_size;
        const uint32_t np = a.paths - start < a.block_size ? (uint32_t)(a.paths - start)
                                                           : a.block_size;
        warp_block_sums<LOOP, MODE, Stream>(a, mc, pc, a1, a2, b, np, part, block_shift, zs[w],
                                            xs[w], outs[w], out + i * RECORD);
    }
}
