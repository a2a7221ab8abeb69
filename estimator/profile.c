/* profile.c - reading, writing and finding hardware profiles (INI, with
 * inih), and scaling spec-sheet profiles from the calibrated reference. */
#define _GNU_SOURCE
#include "profile.h"
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "catalog.h"
#include "json_out.h"
#include "output_path.h"
#include "product.h"
#include "sysinfo.h"
#include "timing.h"

/* K_KERNEL: a family of numbers, one per compiled kernel of its section's
 * backend (kernel_plan.h), written "key.KERNEL = value" ("path_ns.
 * gbm_asian_0_single_pcg64"); the field is the member of the section's
 * mcs_kernel_cost table that `offset` points at in its first kernel. */
/* K_TABLE: an mcs_thread_table, written "1:1 2:0.97 16:0.72" (threads:value
 * pairs); `choices` names its values, `range` their bound (table_most). */
typedef enum { K_TEXT, K_NUMBER, K_YESNO, K_TABLE, K_KERNEL } key_type;

/* What a number may be. Every number is finite and >= 0; a divisor (a
 * rate, a peak, a per-path-step cost) is > 0, so no prediction prints inf
 * or nan; a count is whole and at most MCS_PROFILE_COUNT_MAX. */
typedef enum { R_ANY, R_POSITIVE, R_COUNT, R_EFFICIENCY, R_FACTOR } value_range;
/* K_TABLE: the bound of its values, (0, most], by its range */
static double table_most(value_range r)
{
    return r == R_EFFICIENCY ? 1.5 : 10;
}

typedef struct {
    const char *section, *key;
    key_type type;
    size_t offset, size; /* into mcs_profile; size for text */
    const char *meaning; /* written as a comment before the key */
    const char *choices; /* text: the valid values, "a|b", or NULL for any */
    value_range range;   /* numbers */
    int model;           /* 1: the time model reads it, so predictions need it */
    size_t stride;       /* K_KERNEL: bytes from one kernel's value to the next's
                            (0: a mcs_kernel_cost table's) */
} profile_key;

#define AT(field) offsetof(mcs_profile, field)
#define SIZE(field) sizeof(((mcs_profile *)0)->field)
#define TEXT(s, k, field, m) {s, k, K_TEXT, AT(field), SIZE(field), m, NULL, R_ANY, 0, 0}
#define CHOICE(s, k, field, m, c) {s, k, K_TEXT, AT(field), SIZE(field), m, c, R_ANY, 0, 0}
/* spec-sheet and informational numbers */
#define NUM(s, k, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_ANY, 0, 0}
/* spec-sheet peaks and rates, divided by in the generic calculator and in scaling */
#define PEAK(s, k, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_POSITIVE, 0, 0}
#define COUNT(s, k, model, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_COUNT, model, 0}
/* a measured factor (optional): > 0 */
#define RATIO(s, k, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_POSITIVE, 0, 0}
/* measured costs the model adds up, and measured rates it divides by */
#define COST(s, k, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_ANY, 1, 0}
#define RATE(s, k, field, m) {s, k, K_NUMBER, AT(field), 0, m, NULL, R_POSITIVE, 1, 0}
/* a fixed cost (a phase's median over interleaved runs) and its spread,
 * the key spread.KEY (optional: profiles from before it lack it) */
#define SPREAD(s, k) {#s, "spread." #k, K_NUMBER, AT(s.spread.k), 0, NULL, NULL, R_ANY, 0, 0}
#define FIXED(s, k, m) COST(#s, #k, s.k, m), SPREAD(s, k)
#define FIXED_OPTIONAL(s, k, m) NUM(#s, #k, s.k, m), SPREAD(s, k)
/* a cold and warm pair, KEY_cold_UNIT and KEY_warm_UNIT, the meaning on the first */
#define FIXED_PAIR(s, k, u, m) FIXED(s, k##_cold_##u, m), FIXED(s, k##_warm_##u, NULL)
/* a number per precision and generator of the GPU ([precision][philox,
 * mrg32k3a, sobol]): KEY_single_philox, ..., the meaning on the first */
#define GPU_GRID(ROW, k, m)                                                                        \
    ROW("gpu", #k "_single_philox", gpu.k[0][0], m),                                               \
        ROW("gpu", #k "_single_mrg32k3a", gpu.k[0][1], NULL),                                      \
        ROW("gpu", #k "_single_sobol", gpu.k[0][2], NULL),                                         \
        ROW("gpu", #k "_double_philox", gpu.k[1][0], NULL),                                        \
        ROW("gpu", #k "_double_mrg32k3a", gpu.k[1][1], NULL),                                      \
        ROW("gpu", #k "_double_sobol", gpu.k[1][2], NULL)
_Static_assert(MCS_PREC_COUNT == 2 && MCS_GPU_RNG_COUNT == 3, "GPU_GRID names every slot");
/* a table over thread counts (mcs_thread_table), optional: `what` its
 * values, each in (0, table_most(range)] */
#define TABLE(s, k, field, what, range, m) {s, k, K_TABLE, AT(field), 0, m, what, range, 0, 0}
/* a count per kernel (a table of doubles): optional */
#define KERNEL_COUNT(s, k, table, m) \
    {s, k, K_KERNEL, AT(table[0][0][0]), 0, m, NULL, R_COUNT, 0, sizeof(double)}
/* a number per kernel (a table of doubles): optional */
#define KERNEL_TABLE(s, k, table, m) \
    {s, k, K_KERNEL, AT(table[0][0][0]), 0, m, NULL, R_ANY, 0, sizeof(double)}
/* measured costs of each kernel: optional (a kernel without them costs the
 * per-precision fallback) */
#define KERNEL(s, k, table, member, m) \
    {s, k, K_KERNEL, AT(table[0][0][0].member), 0, m, NULL, R_ANY, 0, 0}

_Static_assert(MCS_MID_ASSETS == 16 && MCS_MOST_ASSETS == 64 && MCS_NARROW_ASSETS == 6 &&
                   MCS_NARROW_TOP_ASSETS == 12,
               "the wide, mid and narrow keys' help names their assets (keys[] below)");
/* Every key a profile may have, in the order they are written. */
static const profile_key keys[] = {
    TEXT("profile", "name", name, "profile name (the file is NAME.ini)"),
    TEXT("profile", "kind", kind, "cpu, gpu or machine (both)"),
    {"profile", "calibrated", K_YESNO, AT(calibrated), 0,
     "yes: measured by mcsim calibrate; no: spec sheet, costs scaled from the reference", NULL,
     R_ANY, 0, 0},
    TEXT("profile", "description", description, NULL),
    TEXT("profile", "source", source, "where the numbers come from"),
    TEXT("profile", "host", host, "host it was measured on"),
    TEXT("profile", "date", date, "when it was measured (UTC)"),
    TEXT("profile", "mcsim_version", mcsim_version, NULL),
    NUM("profile", "price_per_hour", price_per_hour, "default price, USD per hour"),
    CHOICE("profile", "price_basis", price_basis,
           "what price_per_hour is: cloud (rented, per hour) or amortised (purchase price "
           "over the hours of use)", "cloud|amortised"),
    TEXT("profile", "warning", warning,
         "calibration figures still implausible after re-measuring (docs/estimator.md)"),
    {"profile", "quick", K_YESNO, AT(quick), 0,
     "yes: measured by mcsim calibrate --quick (fewer runs, some costs inferred)", NULL, R_ANY,
     0, 0},

    TEXT("cpu", "model", cpu.model, NULL),
    COUNT("cpu", "cores", 0, cpu.cores, "physical cores"),
    COUNT("cpu", "threads", 1, cpu.threads, "hardware threads"),
    NUM("cpu", "base_clock_mhz", cpu.base_clock_mhz, NULL),
    NUM("cpu", "all_core_clock_mhz", cpu.all_core_clock_mhz, NULL),
    NUM("cpu", "fp32_flops_per_cycle", cpu.fp32_flops_per_cycle, "peak, per core"),
    PEAK("cpu", "fp32_gflops", cpu.fp32_gflops, "peak, all cores"),
    PEAK("cpu", "fp64_gflops", cpu.fp64_gflops, "peak, all cores"),
    PEAK("cpu", "sustained_gflops_fp32", cpu.sustained_gflops_fp32,
        "sustained by vectorised library code (the generic calculator's CPU rate)"),
    FIXED(cpu, config_cold_s,
          "reading and checking the config in a fresh process (cold), seconds"),
    FIXED(cpu, config_warm_s, "the same in a later run (warm)"),
    NUM("cpu", "config_asset_s", cpu.config_asset_s,
        "and per asset of a multi-asset model beyond the first, seconds (calibrate: the "
        "line through its multi-asset kernel runs' medians by asset count); absent: none"),
    FIXED_PAIR(cpu, write, s, "writing the HDF5 run log, cold, seconds"),
    FIXED_PAIR(cpu, other, s, "time in a run outside every phase, seconds"),
    FIXED_OPTIONAL(cpu, process_cold_s,
                   "a fresh process's time outside its run's total (loading, exit), seconds"),
    FIXED_OPTIONAL(cpu, mpi_start_s,
                   "a CPU rank's start-up (launcher, MPI_Init, MPI_Finalize), seconds: "
                   "calibrate --mpirun"),
    FIXED(cpu, setup_cold_s, "cpu backend set-up in a fresh process, s"),
    FIXED(cpu, setup_warm_s, "cpu backend set-up, later runs, s"),
    FIXED_OPTIONAL(cpu, setup_cold_thread_s,
                   "a fresh process's set-up per thread of its team beyond the first (setup_cold_s "
                   "is on `threads` threads), s"),
    FIXED_PAIR(cpu, teardown, s, "freeing thread state, seconds"),
    FIXED_PAIR(cpu, chunk_start, us, "starting the thread team on a chunk of blocks, microseconds"),
    FIXED_OPTIONAL(cpu, chunk_start_one_cold_us,
                   "the same for a chunk of one block, the lone thread's start, microseconds"),
    FIXED_OPTIONAL(cpu, chunk_start_one_warm_us, NULL),
    COST("cpu", "reduce_block_ns", cpu.reduce_block_ns, "merging one block's sums, ns"),
    RATE("cpu", "path_step_ns_single_pcg64", cpu.path_step_ns[0][0], "one thread, ns per path-step"),
    RATE("cpu", "path_step_ns_single_philox", cpu.path_step_ns[0][1], NULL),
    RATE("cpu", "path_step_ns_double_pcg64", cpu.path_step_ns[1][0], NULL),
    RATE("cpu", "path_step_ns_double_philox", cpu.path_step_ns[1][1], NULL),
    KERNEL("cpu", "path_ns", cpu.kernel_ns, path,
           "path_ns.KERNEL (model_payoff_mode_precision_generator): one thread's cost per path: "
           "start, finish, payoff, ns"),
    KERNEL("cpu", "step_ns", cpu.kernel_ns, step, "step_ns.KERNEL: per time step, ns"),
    KERNEL("cpu", "watch_ns", cpu.kernel_ns, watch,
           "watch_ns.KERNEL: per monitored step (a fixing, a barrier check), beyond a step, ns"),
    KERNEL("cpu", "wide_path_ns", cpu.kernel_ns, wide_path,
           "wide_path_ns.KERNEL, wide_step_ns.KERNEL: a multi-asset model's per path and per "
           "step at 64 assets, ns"),
    KERNEL("cpu", "wide_step_ns", cpu.kernel_ns, wide_step, NULL),
    KERNEL("cpu", "mid_step_ns", cpu.kernel_ns, mid_step,
           "mid_step_ns.KERNEL: the same model's per step at 16 assets, ns (absent: the step "
           "taken between the calibration job's and 64 assets' by the work)"),
    KERNEL("cpu", "mid_path_ns", cpu.kernel_ns, mid_path,
           "mid_path_ns.KERNEL: the same model's per path at 16 assets, ns (absent: the path "
           "taken affine in the assets between the calibration job's and 64 assets')"),
    KERNEL("cpu", "variant_step_ns", cpu.kernel_ns, variant_step,
           "variant_step_ns.KERNEL: per step under the model's variant_sets (heston: "
           "scheme = euler), ns (absent: the step alone)"),
    KERNEL("cpu", "dear_step_ns", cpu.kernel_ns, dear_step,
           "dear_step_ns.KERNEL: per step where nearly every batch pays the model's dear "
           "branch (heston: QE's exponential branch), ns (absent: the step alone)"),
    TABLE("cpu", "scaling", cpu.scaling, "efficiency", R_EFFICIENCY,
          "threads:efficiency pairs; efficiency = throughput(T) / (T x throughput(1))"),
    TABLE("cpu", "wave", cpu.wave, "factor", R_FACTOR,
          "threads:factor pairs: one wave of T blocks on T threads takes factor x one "
          "thread's time for a block"),
    NUM("cpu", "repeat_spread", cpu.repeat_spread,
        "largest (max - min) / median of the repeated runs the costs come from"),

    TEXT("gpu", "model", gpu.model, NULL),
    COUNT("gpu", "sm_count", 0, gpu.sm_count, NULL),
    PEAK("gpu", "boost_clock_mhz", gpu.boost_clock_mhz, NULL),
    PEAK("gpu", "fp32_tflops", gpu.fp32_tflops, "peak, non-tensor"),
    PEAK("gpu", "fp64_tflops", gpu.fp64_tflops, NULL),
    PEAK("gpu", "fp16_tflops", gpu.fp16_tflops, NULL),
    NUM("gpu", "memory_gb", gpu.memory_gb, NULL),
    NUM("gpu", "memory_bandwidth_gbps", gpu.memory_bandwidth_gbps, "GB/s"),
    PEAK("gpu", "pcie_gbps", gpu.pcie_gbps, "host link, GB/s per direction, theoretical"),
    FIXED(gpu, context_s, "CUDA start-up in a fresh process, seconds"),
    FIXED_OPTIONAL(gpu, context_warm_s, "the same in a later run (the context there), seconds"),
    FIXED_OPTIONAL(gpu, context_quiet_s,
                   "the same after a pause with no GPU process (a split's share), seconds"),
    FIXED_OPTIONAL(gpu, process_cold_s,
                   "a fresh GPU process's time outside its run's total (loading, exit), s"),
    FIXED_PAIR(gpu, device_query, s, NULL),
    FIXED_PAIR(gpu, setup, s, "stream, events, kernel module load, s"),
    FIXED(gpu, alloc_s, "device and pinned buffers: fixed part, s"),
    FIXED_OPTIONAL(gpu, alloc_cold_s, "the same in a fresh process (the driver's first buffers), s"),
    COST("gpu", "alloc_ns_per_byte", gpu.alloc_ns_per_byte, "and per byte, ns"),
    FIXED_OPTIONAL(gpu, h2d_cold_s,
                   "the job's parameters to the device (compared, staged, enqueued), cold, s"),
    FIXED_OPTIONAL(gpu, h2d_warm_s, "the same, warm (the same job's: compared only), s"),
    FIXED(gpu, teardown_s, NULL),
    FIXED_OPTIONAL(gpu, write_cold_s, "writing a GPU run's log, cold, seconds"),
    FIXED_OPTIONAL(gpu, write_warm_s, NULL),
    FIXED_OPTIONAL(gpu, mpi_start_s,
                   "a GPU rank's start-up (launcher, MPI_Init, MPI_Finalize) over a GPU "
                   "process alone, seconds: calibrate --mpirun"),
    COST("gpu", "launch_us", gpu.launch_us, "one kernel launch, empty kernel, microseconds"),
    FIXED(gpu, first_launch_us, "extra for the first launch in a fresh process, us"),
    NUM("gpu", "reduce_block_ns", gpu.reduce_block_ns,
        "a GPU run's host work per block (unpack, merge), ns; absent: [cpu] reduce_block_ns"),
    RATIO("gpu", "context_together_2", gpu.context_together[0],
        "G fresh processes at once, one per GPU: the slowest one's context over one's alone"),
    RATIO("gpu", "context_together_4", gpu.context_together[1], NULL),
    RATIO("gpu", "context_together_8", gpu.context_together[2], NULL),
    RATIO("gpu", "context_together_16", gpu.context_together[3], NULL),
    COST("gpu", "h2d_pinned_alpha_us", gpu.h2d_pinned.alpha_us, "copy = alpha + bytes / beta"),
    RATE("gpu", "h2d_pinned_gbps", gpu.h2d_pinned.gbps, NULL),
    NUM("gpu", "h2d_pageable_alpha_us", gpu.h2d_pageable.alpha_us, NULL),
    PEAK("gpu", "h2d_pageable_gbps", gpu.h2d_pageable.gbps, NULL),
    COST("gpu", "d2h_pinned_alpha_us", gpu.d2h_pinned.alpha_us, NULL),
    RATE("gpu", "d2h_pinned_gbps", gpu.d2h_pinned.gbps, NULL),
    NUM("gpu", "d2h_pageable_alpha_us", gpu.d2h_pageable.alpha_us, NULL),
    PEAK("gpu", "d2h_pageable_gbps", gpu.d2h_pageable.gbps, NULL),
    GPU_GRID(RATE, kernel_path_step_ps, "saturated GPU, picoseconds per path-step"),
    GPU_GRID(COST, kernel_ramp_path_step_ns,
             "one GPU thread alone, ns per path-step (the ramp of a small grid)"),
    GPU_GRID(COST, kernel_fixed_us,
             "mcsim's kernel beyond an empty one, per launch (stream set-up, block sums), us"),
    KERNEL("gpu", "path_ps", gpu.kernel_ps, path,
           "path_ps.KERNEL (model_payoff_mode_precision_generator): the saturated GPU's cost per "
           "path, ps"),
    KERNEL("gpu", "step_ps", gpu.kernel_ps, step, "step_ps.KERNEL: per time step, ps"),
    KERNEL("gpu", "watch_ps", gpu.kernel_ps, watch,
           "watch_ps.KERNEL: per monitored step, beyond a step, ps"),
    KERNEL("gpu", "wide_path_ps", gpu.kernel_ps, wide_path,
           "wide_path_ps.KERNEL, wide_step_ps.KERNEL: a multi-asset model's per path and per "
           "step at 64 assets, ps"),
    KERNEL("gpu", "wide_step_ps", gpu.kernel_ps, wide_step, NULL),
    KERNEL("gpu", "mid_step_ps", gpu.kernel_ps, mid_step,
           "mid_step_ps.KERNEL: the same model's per step at 16 assets, ps (absent: 64 "
           "assets' scaled by the normals on the warp kernel)"),
    KERNEL("gpu", "mid_path_ps", gpu.kernel_ps, mid_path,
           "mid_path_ps.KERNEL: the same model's per path at 16 assets, ps (absent: the path "
           "taken affine in the assets between the calibration job's and 64 assets')"),
    KERNEL("gpu", "narrow_step_ps", gpu.kernel_ps, narrow_step,
           "narrow_step_ps.KERNEL, narrow_top_step_ps.KERNEL: per step of the per-thread kernel "
           "at 6 and 12 assets, ps (absent: the calibration job's scaled by the work)"),
    KERNEL("gpu", "narrow_top_step_ps", gpu.kernel_ps, narrow_top_step, NULL),
    KERNEL("gpu", "narrow_path_ps", gpu.kernel_ps, narrow_path,
           "narrow_path_ps.KERNEL, narrow_top_path_ps.KERNEL: per path of the per-thread kernel "
           "at 6 and 12 assets, ps (absent: the calibration job's, the narrow steps holding the "
           "path's growth)"),
    KERNEL("gpu", "narrow_top_path_ps", gpu.kernel_ps, narrow_top_path, NULL),
    KERNEL("gpu", "variant_step_ps", gpu.kernel_ps, variant_step,
           "variant_step_ps.KERNEL: per step under the model's variant_sets (heston: "
           "scheme = euler), ps (absent: the step alone)"),
    KERNEL("gpu", "dear_step_ps", gpu.kernel_ps, dear_step,
           "dear_step_ps.KERNEL: per step where nearly every warp pays the model's dear "
           "branch, ps (absent: the step alone)"),
    KERNEL_COUNT("gpu", "blocks_per_sm", gpu.blocks_per_sm,
                 "blocks_per_sm.KERNEL: resident blocks per SM at 256 threads (occupancy API)"),
    KERNEL_TABLE("gpu", "walk", gpu.walk,
                 "walk.KERNEL: one thread's walk through a path, in paths of the saturated "
                 "GPU's work (one-block runs of two sizes)"),
    KERNEL_TABLE("gpu", "walk_fixed", gpu.walk_fixed,
                 "walk_fixed.KERNEL: its fixed part per block (start, block sums), in the same "
                 "unit; absent: none"),
    KERNEL_TABLE("gpu", "walk_wide", gpu.walk_wide,
                 "walk_wide.KERNEL, walk_fixed_wide.KERNEL: the same at a multi-asset family's "
                 "wide point (64 assets), for jobs on the warp kernel (and per-thread jobs where "
                 "that point ran the per-thread kernel too)"),
    KERNEL_TABLE("gpu", "walk_fixed_wide", gpu.walk_fixed_wide, NULL),
    KERNEL_TABLE("gpu", "walk_narrow", gpu.walk_narrow,
                 "walk_narrow.KERNEL, walk_fixed_narrow.KERNEL: the same at its narrow top point "
                 "(12 assets on the per-thread kernel), for per-thread jobs of more assets than "
                 "the calibration job's"),
    KERNEL_TABLE("gpu", "walk_fixed_narrow", gpu.walk_fixed_narrow, NULL),
    KERNEL_TABLE("gpu", "walk_mid", gpu.walk_mid,
                 "walk_mid.KERNEL, walk_fixed_mid.KERNEL: the same at its middle wide point "
                 "(16 assets), where that ran the per-thread kernel (double, MRG32k3a, a "
                 "watched step)"),
    KERNEL_TABLE("gpu", "walk_fixed_mid", gpu.walk_fixed_mid, NULL),
    KERNEL_TABLE("gpu", "walk_sparse", gpu.walk_sparse,
                 "walk_sparse.KERNEL, walk_fixed_sparse.KERNEL: the same at its fit point that "
                 "watches the fewest of its steps, where fewer than the last fit point's (an "
                 "Asian's 12 fixings of 264 steps)"),
    KERNEL_TABLE("gpu", "walk_fixed_sparse", gpu.walk_fixed_sparse, NULL),
    NUM("gpu", "copy_fit_error", gpu.copy_fit_error,
        "worst e^|ln(fit / measured)| - 1 of the copy fits"),
    NUM("gpu", "kernel_fit_error", gpu.kernel_fit_error,
        "the same for the kernel fits, at the sizes checked"),
};
#define N_KEYS (sizeof keys / sizeof keys[0])

/* A K_KERNEL key's kernels: all the slots of its table (families beyond
 * the compiled ones stay NAN), and the value of slot i. */
static int kernel_gpu(const profile_key *key)
{
    return strcmp(key->section, "gpu") == 0;
}
static size_t kernel_slots(const profile_key *key)
{
    return (size_t)MCS_KERNEL_FAMILIES_MAX * MCS_PREC_COUNT * mcs_kernel_rng_count(kernel_gpu(key));
}
static double *kernel_slot(const mcs_profile *p, const profile_key *key, size_t i)
{
    return (double *)((char *)p + key->offset +
                      i * (key->stride ? key->stride : sizeof(mcs_kernel_cost)));
}
/* The numbers a key holds: one for a K_NUMBER key (kernel_slot 0 is its
 * field), one per slot for a K_KERNEL key, none for the others. */
static size_t numbers_of(const profile_key *key)
{
    return key->type == K_NUMBER ? 1 : key->type == K_KERNEL ? kernel_slots(key) : 0;
}
/* "path_ns.gbm_asian_0_single_pcg64" of slot i (f, q, g in table order) */
static void kernel_key_name(const profile_key *key, size_t i, char *buf, size_t len)
{
    int rngs = mcs_kernel_rng_count(kernel_gpu(key));
    char name[MCS_KERNEL_NAME_MAX];
    mcs_kernel_name((int)(i / ((size_t)MCS_PREC_COUNT * rngs)), (int)(i / rngs % MCS_PREC_COUNT),
                    mcs_kernel_rng(kernel_gpu(key), (int)(i % rngs)), name, sizeof name);
    snprintf(buf, len, "%s.%s", key->key, name);
}

/* The names of key_type and value_range (R_ANY: finite, >= 0), in enum order. */
static const char *const kind_names[] = {"text", "number", "yesno", "table", "kernel"};
static const char *const range_names[] = {"any", "positive", "count", "efficiency", "factor"};

void mcs_profile_print_keys_json(FILE *f)
{
    fputs("{\"keys\": [", f);
    for (size_t k = 0; k < N_KEYS; k++) {
        const profile_key *key = &keys[k];
        char name[128];
        snprintf(name, sizeof name, "%s%s", key->key, key->type == K_KERNEL ? ".KERNEL" : "");
        fputs(k ? ",\n  {" : "\n  {", f);
        fputs("\"section\": ", f);
        mcs_json_string(f, key->section);
        mcs_json_key_string(f, "key", name);
        mcs_json_key_string(f, "kind", kind_names[key->type]);
        const int numbers = key->type == K_NUMBER || key->type == K_TABLE || key->type == K_KERNEL;
        mcs_json_key_string(f, "range", numbers ? range_names[key->range] : NULL);
        fputs(", \"choices\": ", f);
        if (key->type == K_TEXT && key->choices) {
            fputc('[', f);
            for (const char *c = key->choices; *c;) {
                size_t n = strcspn(c, "|");
                fputs(c != key->choices ? ", " : "", f);
                mcs_json_string_n(f, c, n);
                c += n + (c[n] == '|');
            }
            fputc(']', f);
        } else {
            fputs(key->type == K_YESNO ? "[\"yes\", \"no\"]" : "null", f);
        }
        mcs_json_key_string(f, "meaning", key->meaning);
        fputc('}', f);
    }
    fputs("\n], \"kernels\": {\"families\": [", f);
    for (int i = 0; i < mcs_kernel_family_count(); i++) {
        fputs(i ? ", " : "", f);
        mcs_json_string(f, mcs_kernel_family_get(i)->name);
    }
    fputs("], \"precisions\": [", f);
    for (int q = 0; q < MCS_PREC_COUNT; q++) {
        fputs(q ? ", " : "", f);
        mcs_json_string(f, mcs_named_by_id(mcs_precisions, q)->name);
    }
    fputs("], \"generators\": {", f);
    for (int gpu = 0; gpu < 2; gpu++) {
        fprintf(f, "%s\"%s\": [", gpu ? ", " : "", gpu ? "gpu" : "cpu");
        for (int g = 0; g < mcs_kernel_rng_count(gpu); g++) {
            fputs(g ? ", " : "", f);
            mcs_json_string(f, mcs_named_by_id(mcs_rngs, (int)mcs_kernel_rng(gpu, g))->name);
        }
        fputc(']', f);
    }
    fprintf(f, "}, \"name\": \"FAMILY_PRECISION_GENERATOR\"}, \"count_max\": %d}\n",
            MCS_PROFILE_COUNT_MAX);
}

void mcs_profile_init(mcs_profile *p)
{
    memset(p, 0, sizeof *p);
    for (size_t k = 0; k < N_KEYS; k++)
        for (size_t i = 0; i < numbers_of(&keys[k]); i++)
            *kernel_slot(p, &keys[k], i) = NAN;
}

typedef struct {
    mcs_profile *p;
    const char *origin;
    const char *at, *end; /* the text not read yet */
    int line;             /* the line inih is handling */
    int fail_line;        /* the line of the first error */
    char seen[N_KEYS];
    char *err;
    size_t err_len;
    int failed;
} parse_state;

static int fail(parse_state *ps, const char *fmt, ...)
{
    if (ps->failed)
        return 0;
    ps->failed = 1;
    ps->fail_line = ps->line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err, ps->err_len, fmt, ap);
    va_end(ap);
    return 0;
}

/* Why v is not a valid value of a key of range r, or NULL. */
static const char *range_problem(value_range r, double v)
{
    if (!isfinite(v))
        return "must be a finite number";
    switch (r) {
    case R_ANY:
        return v >= 0 ? NULL : "must be a number >= 0";
    case R_POSITIVE:
        return v > 0 ? NULL : "must be a number > 0 (a rate or cost that is divided by)";
    case R_COUNT:
        return v == floor(v) && v >= 1 && v <= MCS_PROFILE_COUNT_MAX
                   ? NULL
                   : "must be a whole number from 1 to " MCS_PROFILE_COUNT_MAX_TEXT;
    case R_EFFICIENCY: /* K_TABLE values */
        return v > 0 && v <= table_most(r) ? NULL : "efficiencies must be in (0, 1.5]";
    case R_FACTOR:
        return v > 0 && v <= table_most(r) ? NULL : "factors must be in (0, 10]";
    }
    return "unknown range";
}

/* Why table t, of values of range r, cannot be a profile's, or NULL:
 * thread counts whole, 1 to MCS_PROFILE_COUNT_MAX and rising, values in
 * (0, table_most(r)]. */
static const char *table_problem(const mcs_thread_table *t, value_range r)
{
    const char *why;
    if (t->n < 0 || t->n > MCS_PROFILE_SCALING_MAX)
        return "more pairs than the " MCS_PROFILE_SCALING_MAX_TEXT " a profile holds";
    for (int i = 0; i < t->n; i++) {
        double threads = t->threads[i], v = t->value[i];
        if (range_problem(R_COUNT, threads) || (i > 0 && threads <= t->threads[i - 1]))
            return "thread counts must be whole numbers from 1 to " MCS_PROFILE_COUNT_MAX_TEXT
                   ", rising";
        if ((why = range_problem(r, v)) != NULL)
            return why;
    }
    return NULL;
}

/* "1:1.0 2:0.98 16:0.91": thread counts ascending, values of range r. */
static int parse_table(const char *text, mcs_thread_table *t, value_range r)
{
    t->n = 0;
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        if (!*s)
            break;
        char *end;
        double threads = strtod(s, &end);
        if (end == s || *end != ':' || t->n == MCS_PROFILE_SCALING_MAX)
            return 0;
        s = end + 1;
        double v = strtod(s, &end);
        if (end == s)
            return 0;
        t->threads[t->n] = threads;
        t->value[t->n++] = v;
        s = end;
    }
    return t->n > 0 && !table_problem(t, r);
}

/* value is one of the '|'-separated choices */
static int is_choice(const char *choices, const char *value)
{
    size_t n = strlen(value);
    for (const char *c = choices; *c;) {
        const char *bar = strchr(c, '|');
        size_t len = bar ? (size_t)(bar - c) : strlen(c);
        if (len == n && strncmp(c, value, n) == 0)
            return 1;
        c += len + (bar != NULL);
    }
    return 0;
}

/* Why a text value would not read back as written in "key = value", or
 * NULL: inih trims spaces at its ends and ends it at a ';' after a space. */
static const char *text_problem(const char *value)
{
    size_t n = strlen(value);
    if (n && (isspace((unsigned char)value[0]) || isspace((unsigned char)value[n - 1])))
        return "begins or ends with a space, which INI drops";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)value[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return "holds a control character (a line break?)";
        if (c == ';' && (i == 0 || isspace((unsigned char)value[i - 1])))
            return "holds ';' at its start or after a space, where INI starts a comment";
    }
    return NULL;
}

static int on_number(parse_state *ps, const profile_key *key, const char *name, const char *value,
                     double *out)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (*value == '\0' || *end != '\0')
        return fail(ps, "%s:%d: [%s] %s = '%s': not a number (units are in the key name; "
                        "write no unit after the number)",
                    ps->origin, ps->line, key->section, name, value);
    if (errno == ERANGE && v == 0) /* below the smallest double: it would read as 0 */
        return fail(ps, "%s:%d: [%s] %s = '%s': too small for a double (write 0 for none)",
                    ps->origin, ps->line, key->section, name, value);
    const char *why = range_problem(key->range, v);
    if (why)
        return fail(ps, "%s:%d: [%s] %s = '%s': %s", ps->origin, ps->line, key->section, name,
                    value, why);
    *out = v;
    return 1;
}

/* A value's rendered text holds at most this (the longest line and more). */
#define RENDER_MAX (MCS_PROFILE_SCALING_MAX * 32)
static mcs_status render_key(const mcs_profile *p, const profile_key *key, char *value,
                             size_t value_len, const char **text, char *err, size_t err_len);
static mcs_status render_number(const char *section, const char *name, value_range range,
                                double v, char *value, size_t value_len, const char **text,
                                char *err, size_t err_len);
static mcs_status number_writes_back(const char *section, const char *name, value_range range,
                                     double v, char *err, size_t err_len);

/* The kernel slot a K_KERNEL key's "key.KERNEL" names in section: its
 * index, or -1 when no compiled kernel has that name. */
static long kernel_slot_of(const profile_key *key, const char *kernel)
{
    int f, q, g, gpu = kernel_gpu(key);
    if (!mcs_kernel_parse_name(gpu, kernel, &f, &q, &g))
        return -1;
    return ((long)f * MCS_PREC_COUNT + q) * mcs_kernel_rng_count(gpu) + g;
}

/* key is a K_KERNEL key and name is "key.SOMETHING" */
static int is_kernel_key(const profile_key *key, const char *name)
{
    size_t n = strlen(key->key);
    return key->type == K_KERNEL && strncmp(name, key->key, n) == 0 && name[n] == '.';
}

/* "key.KERNEL = value" of a K_KERNEL key: the kernel known, its value not
 * given before, a number in range that writes back. */
static int on_kernel_key(parse_state *ps, const profile_key *key, const char *name,
                         const char *value)
{
    long slot = kernel_slot_of(key, name + strlen(key->key) + 1);
    if (slot < 0)
        return fail(ps, "%s:%d: [%s] %s: no such kernel (%s.MODEL_PAYOFF_MODE_PRECISION_"
                        "GENERATOR of a compiled kernel; `mcsim calibrate --help` lists them)",
                    ps->origin, ps->line, key->section, name, key->key);
    double *field = kernel_slot(ps->p, key, (size_t)slot);
    if (!isnan(*field)) /* values are finite: a number there was given before */
        return fail(ps, "%s:%d: [%s] %s: duplicate key", ps->origin, ps->line, key->section,
                    name);
    if (!on_number(ps, key, name, value, field))
        return 0;
    char err[256];
    if (number_writes_back(key->section, name, key->range, *field, err, sizeof err) != MCS_OK)
        return fail(ps, "%s:%d: %s", ps->origin, ps->line, err);
    return 1;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    parse_state *ps = user;
    if (ps->failed)
        return 0;
    /* a KEY.KERNEL line (most of a profile) is looked for among the kernel
     * keys first: a scan of every key took most of a profile's 2 ms load.
     * The keys match distinct names, so the first to match is the one. */
    size_t k = N_KEYS;
    int section_known = 0;
    if (strchr(name, '.'))
        for (size_t i = 0; i < N_KEYS && k == N_KEYS; i++)
            if (keys[i].type == K_KERNEL && is_kernel_key(&keys[i], name) &&
                strcmp(keys[i].section, section) == 0)
                k = i, section_known = 1;
    if (!section_known)
        for (k = 0; k < N_KEYS; k++) {
            if (strcmp(keys[k].section, section) == 0) {
                section_known = 1;
                if (keys[k].type == K_KERNEL ? is_kernel_key(&keys[k], name)
                                             : strcmp(keys[k].key, name) == 0)
                    break;
            }
        }
    if (!section_known)
        return fail(ps, "%s:%d: [%s] unknown section (valid: [profile], [cpu], [gpu])",
                    ps->origin, ps->line, section);
    if (k == N_KEYS)
        return fail(ps, "%s:%d: [%s] %s: unknown key (docs/estimator.md lists the keys)",
                    ps->origin, ps->line, section, name);
    if (keys[k].type == K_KERNEL)
        return on_kernel_key(ps, &keys[k], name, value);
    if (ps->seen[k])
        return fail(ps, "%s:%d: [%s] %s: duplicate key", ps->origin, ps->line, section, name);
    ps->seen[k] = 1;
    mcs_profile *p = ps->p;
    void *field = (char *)p + keys[k].offset;
    const char *why;
    switch (keys[k].type) {
    case K_TEXT:
        if (strlen(value) >= keys[k].size)
            return fail(ps, "%s:%d: [%s] %s: longer than %zu characters", ps->origin, ps->line,
                        section, name, keys[k].size - 1);
        if ((why = text_problem(value)) != NULL)
            return fail(ps, "%s:%d: [%s] %s: %s", ps->origin, ps->line, section, name, why);
        if (keys[k].choices && !is_choice(keys[k].choices, value))
            return fail(ps, "%s:%d: [%s] %s = '%s': must be one of %s", ps->origin, ps->line,
                        section, name, value, keys[k].choices);
        memcpy(field, value, strlen(value) + 1);
        break;
    case K_NUMBER:
        if (!on_number(ps, &keys[k], name, value, (double *)field))
            return 0;
        break;
    case K_KERNEL: /* on_kernel_key, above */
        break;
    case K_YESNO:
        if (strcasecmp(value, "yes") == 0)
            *(int *)field = 1;
        else if (strcasecmp(value, "no") == 0)
            *(int *)field = 0;
        else
            return fail(ps, "%s:%d: [%s] %s = '%s': must be yes or no", ps->origin, ps->line,
                        section, name, value);
        break;
    case K_TABLE:
        if (!parse_table(value, field, keys[k].range))
            return fail(ps, "%s:%d: [%s] %s = '%s': expected threads:%s pairs with threads "
                            "whole, rising and at most %d, %s in (0, %g], e.g. '1:1.0 2:0.99 "
                            "16:0.93'",
                        ps->origin, ps->line, section, name, value, keys[k].choices,
                        MCS_PROFILE_COUNT_MAX,
                        keys[k].range == R_EFFICIENCY ? "efficiencies" : "factors",
                        table_most(keys[k].range));
        break;
    }
    /* what was read must write back: a value the writer would render
     * longer ("1e-5" as "1e-05", "model=x" as "model = x") must still fit */
    char text[RENDER_MAX], err[256];
    const char *shown;
    if (render_key(p, &keys[k], text, sizeof text, &shown, err, sizeof err) != MCS_OK)
        return fail(ps, "%s:%d: %s", ps->origin, ps->line, err);
    return 1;
}

/* A section header on a line ("[cpu]"): its section is there even without
 * keys (inih calls on_key for keys only), and an unknown one is an error. */
static void on_section_line(parse_state *ps, const char *line, size_t n)
{
    size_t i = 0;
    if (ps->line == 1 && n >= 3 && memcmp(line, "\xef\xbb\xbf", 3) == 0)
        i = 3; /* inih skips a UTF-8 byte order mark */
    while (i < n && isspace((unsigned char)line[i]))
        i++;
    if (i == n || line[i] != '[')
        return;
    const char *name = line + i + 1, *close = memchr(name, ']', n - i - 1);
    if (!close)
        return; /* inih reports the syntax error */
    int len = (int)(close - name);
    if (len == 3 && memcmp(name, "cpu", 3) == 0)
        ps->p->has_cpu = 1;
    else if (len == 3 && memcmp(name, "gpu", 3) == 0)
        ps->p->has_gpu = 1;
    else if (!(len == 7 && memcmp(name, "profile", 7) == 0))
        fail(ps, "%s:%d: [%.*s] unknown section (valid: [profile], [cpu], [gpu])", ps->origin,
             ps->line, len > 64 ? 64 : len, name);
}

/* inih's line reader over the text. It counts lines, and refuses what inih
 * would silently change: a NUL byte (counted from what was read, not
 * strlen), a CR inside a line, and a line longer than MCS_PROFILE_LINE_MAX
 * (which inih would split, reading its tail as a line of its own). */
static char *line_reader(char *str, int num, void *stream)
{
    parse_state *ps = stream;
    if (ps->at >= ps->end)
        return NULL;
    const char *start = ps->at, *nl = memchr(start, '\n', (size_t)(ps->end - start));
    size_t n = (size_t)((nl ? nl : ps->end) - start);
    ps->at = nl ? nl + 1 : ps->end;
    ps->line++;
    size_t len = n > 0 && start[n - 1] == '\r' ? n - 1 : n; /* CRLF: inih trims the CR */
    size_t most = (size_t)num - 1 < MCS_PROFILE_LINE_MAX ? (size_t)num - 1 : MCS_PROFILE_LINE_MAX;
    str[0] = '\0';
    if (ps->failed)
        return str;
    if (memchr(start, '\0', n))
        fail(ps, "%s:%d: a NUL byte (a binary or UTF-16 file? save the profile as UTF-8 text)",
             ps->origin, ps->line);
    else if (memchr(start, '\r', len))
        fail(ps, "%s:%d: a carriage return inside the line (CR line endings? save the file "
                 "with newline line endings)", ps->origin, ps->line);
    else if (len > most)
        fail(ps, "%s:%d: line longer than %zu characters (%zu), the most a profile line holds",
             ps->origin, ps->line, most, len);
    if (ps->failed)
        return str; /* read as an empty line: the error above is reported */
    memcpy(str, start, len);
    str[len] = '\0';
    on_section_line(ps, str, len);
    return str;
}

mcs_status mcs_profile_parse_n(const char *text, size_t len, const char *origin, mcs_profile *p,
                               char *err, size_t err_len)
{
    mcs_profile_init(p);
    parse_state ps = {.p = p, .origin = origin, .at = text, .end = text + len, .err = err,
                      .err_len = err_len};
    int r = ini_parse_stream(line_reader, &ps, on_key, &ps);
    if (r == -2) {
        snprintf(err, err_len, "%s: out of memory while parsing", origin);
        return MCS_E_NOMEM;
    }
    if (r > 0 && (!ps.failed || r < ps.fail_line)) { /* a syntax error came first */
        snprintf(err, err_len, "%s:%d: not INI syntax (expected [section], key = value or a "
                 "# comment)", origin, r);
        return MCS_E_CONFIG;
    }
    if (ps.failed)
        return MCS_E_CONFIG;
    snprintf(p->origin, sizeof p->origin, "%s", origin);
    if (!p->name[0] || !p->kind[0]) {
        snprintf(err, err_len, "%s: [profile] needs name and kind", origin);
        return MCS_E_CONFIG;
    }
    int want_cpu = strcmp(p->kind, "cpu") == 0, want_gpu = strcmp(p->kind, "gpu") == 0,
        machine = strcmp(p->kind, "machine") == 0;
    if (!want_cpu && !want_gpu && !machine) {
        snprintf(err, err_len, "%s: [profile] kind = '%s': must be cpu, gpu or machine", origin,
                 p->kind);
        return MCS_E_CONFIG;
    }
    if (((want_cpu || machine) && !p->has_cpu) || ((want_gpu || machine) && !p->has_gpu)) {
        snprintf(err, err_len, "%s: kind = %s needs a%s%s section", origin, p->kind,
                 (want_cpu || machine) && !p->has_cpu ? " [cpu]" : "",
                 (want_gpu || machine) && !p->has_gpu ? " [gpu]" : "");
        return MCS_E_CONFIG;
    }
    return MCS_OK;
}

mcs_status mcs_profile_parse(const char *text, const char *origin, mcs_profile *p, char *err,
                             size_t err_len)
{
    return mcs_profile_parse_n(text, strlen(text), origin, p, err, err_len);
}

/* The whole of a regular file of at most MCS_PROFILE_FILE_MAX bytes into a
 * malloc'ed buffer (a FIFO, device or folder refused: mcs_input_open). */
static mcs_status read_small_file(const char *path, char **text, size_t *len, char *err,
                                  size_t err_len)
{
    mcs_status rc;
    *text = NULL;
    *len = 0;
    int fd = mcs_input_open("profile", path, &rc, err, err_len);
    if (fd < 0)
        return rc;
    char *buf = NULL;
    size_t used = 0;
    if ((buf = malloc(MCS_PROFILE_FILE_MAX + 1)) == NULL) {
        snprintf(err, err_len, "profile '%s': out of memory", path);
        rc = MCS_E_NOMEM;
    }
    while (rc == MCS_OK) { /* one byte past the limit tells a file that is too large */
        ssize_t n = read(fd, buf + used, MCS_PROFILE_FILE_MAX + 1 - used);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            snprintf(err, err_len, "profile '%s': cannot read: %s", path, strerror(errno));
            rc = MCS_E_NOINPUT;
        } else if (n == 0) {
            break;
        } else if ((used += (size_t)n) > MCS_PROFILE_FILE_MAX) {
            snprintf(err, err_len, "profile '%s': larger than %d bytes, the most a profile may "
                     "be", path, MCS_PROFILE_FILE_MAX);
            rc = MCS_E_CONFIG;
        }
    }
    close(fd);
    if (rc != MCS_OK) {
        free(buf);
        return rc;
    }
    *text = buf;
    *len = used;
    return MCS_OK;
}

mcs_status mcs_profile_load_file(const char *path, mcs_profile *p, char *err, size_t err_len)
{
    char *text;
    size_t len;
    mcs_profile_init(p);
    mcs_status st = read_small_file(path, &text, &len, err, err_len);
    if (st != MCS_OK)
        return st;
    st = mcs_profile_parse_n(text, len, path, p, err, err_len);
    free(text);
    return st;
}

static int is_path(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 4 && strcmp(s + n - 4, ".ini") == 0);
}

int mcs_profile_dir(char *buf, size_t len)
{
    return mcs_sysinfo_user_dir("XDG_CONFIG_HOME", ".config", buf, len);
}

int mcs_profile_local_path(char *buf, size_t len)
{
    char dir[4096];
    buf[0] = '\0';
    if (!mcs_profile_dir(dir, sizeof dir))
        return 0;
    snprintf(buf, len, "%s/local.ini", dir);
    return 1;
}

mcs_status mcs_profile_find(const char *name, mcs_profile *p, char *err, size_t err_len)
{
    if (is_path(name))
        return mcs_profile_load_file(name, p, err, err_len);
    if (strlen(name) >= MCS_PROFILE_TEXT) { /* never cut to another name */
        snprintf(err, err_len, "profile '%.40s...': a name is at most %d characters", name,
                 MCS_PROFILE_TEXT - 1);
        return MCS_E_NOINPUT;
    }
    char dir[4096], user[4096 + MCS_PROFILE_TEXT + 8] = "", path[512];
    struct stat st;
    if (mcs_profile_dir(dir, sizeof dir)) {
        snprintf(user, sizeof user, "%s/%s.ini", dir, name);
        if (stat(user, &st) == 0)
            return mcs_profile_load_file(user, p, err, err_len);
    }
    snprintf(path, sizeof path, "profiles/%s.ini", name);
    if (stat(path, &st) == 0)
        return mcs_profile_load_file(path, p, err, err_len);
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        if (strcmp(e->name, name) == 0) {
            char origin[128];
            snprintf(origin, sizeof origin, "catalogue:%s", name);
            return mcs_profile_parse(e->text, origin, p, err, err_len);
        }
    }
    size_t used = (size_t)snprintf(err, err_len, "profile '%s': not found (no file %s%s%s; "
                                                 "catalogue:", name, user, user[0] ? " or " : "",
                                   path);
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name && used < err_len; e++)
        used += (size_t)snprintf(err + used, err_len - used, " %s", e->name);
    if (used < err_len)
        snprintf(err + used, err_len - used, ")");
    return MCS_E_NOINPUT;
}

int mcs_profile_local_named(void)
{
    const char *env = getenv("MCSIM_PROFILE");
    char path[4200];
    struct stat st;
    return (env && *env) || (mcs_profile_local_path(path, sizeof path) && stat(path, &st) == 0);
}

mcs_status mcs_profile_local(mcs_profile *p, char *err, size_t err_len)
{
    const char *env = getenv("MCSIM_PROFILE");
    if (env && *env)
        return mcs_profile_find(env, p, err, err_len);
    char path[4200];
    struct stat st;
    if (mcs_profile_local_path(path, sizeof path) && stat(path, &st) == 0)
        return mcs_profile_load_file(path, p, err, err_len);
    size_t used;
    if (path[0])
        used = (size_t)snprintf(err, err_len, "no local profile (run `mcsim calibrate` to make "
                                "%s, or set MCSIM_PROFILE)", path);
    else
        used = (size_t)snprintf(err, err_len, "no local profile (HOME and XDG_CONFIG_HOME are "
                                "unset: set MCSIM_PROFILE to a profile file)");
    /* earlier versions kept it in the working folder, which made estimates
     * depend on where mcsim was run: it is not read from there any more */
    if (stat("profiles/local.ini", &st) == 0 && used < err_len)
        snprintf(err + used, err_len - used, "; ./profiles/local.ini, where earlier versions "
                 "wrote it, is no longer read: move it to %s or set MCSIM_PROFILE",
                 path[0] ? path : "a profile folder");
    return MCS_E_NOINPUT;
}

/* MCS_E_CONFIG naming the key when "key = value" is longer than a profile
 * line holds. */
static mcs_status check_line_length(const char *section, const char *name, const char *value,
                                    char *err, size_t err_len)
{
    size_t n = strlen(name) + 3 + strlen(value);
    if (n <= MCS_PROFILE_LINE_MAX)
        return MCS_OK;
    snprintf(err, err_len, "[%s] %s: the line '%s = ...' would be %zu characters; a profile "
             "line holds at most %d", section, name, name, n, MCS_PROFILE_LINE_MAX);
    return MCS_E_CONFIG;
}

/* A number as the writer puts it after "name = " (*text = value), or
 * *text = NULL when it is NAN (absent); an error naming the key when it
 * is out of its range or the line would be too long. */
static mcs_status render_number(const char *section, const char *name, value_range range,
                                double v, char *value, size_t value_len, const char **text,
                                char *err, size_t err_len)
{
    const char *why;
    *text = NULL;
    if (isnan(v))
        return MCS_OK;
    if ((why = range_problem(range, v)) != NULL) {
        snprintf(err, err_len, "[%s] %s = %g: %s", section, name, v, why);
        return MCS_E_CONFIG;
    }
    mcs_format_real(v, value, value_len);
    *text = value;
    return check_line_length(section, name, value, err, err_len);
}

/* What render_number checks of a number read, without rendering it where
 * the longest rendering fits the line: a profile's 1500 kernel numbers in
 * shortest round-trip form (up to 17 snprintf and strtod each) were most
 * of the 2.4 ms a profile took to load, and every run loads one. */
#define NUMBER_TEXT_MAX 24 /* "%.17g" of a double: -1.2345678901234567e-308 */
static mcs_status number_writes_back(const char *section, const char *name, value_range range,
                                     double v, char *err, size_t err_len)
{
    if (!isnan(v) && range_problem(range, v) == NULL &&
        strlen(name) + 3 + NUMBER_TEXT_MAX <= MCS_PROFILE_LINE_MAX)
        return MCS_OK;
    char text[RENDER_MAX];
    const char *shown;
    return render_number(section, name, range, v, text, sizeof text, &shown, err, err_len);
}

/* Table t as "1:1 2:0.99", each number in shortest round-trip form. */
static void table_text(const mcs_thread_table *t, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < t->n && used < len; i++) {
        char v[64];
        mcs_format_real(t->value[i], v, sizeof v);
        used += (size_t)snprintf(buf + used, len - used, "%s%.0f:%s", i ? " " : "",
                                 t->threads[i], v);
    }
}

/* Key `key` of p as the text the writer puts after "key = ", in `value`
 * (*text = value), or *text = NULL when it is absent (empty text, a NAN
 * number, no scaling table); an error naming the key when the value could
 * not be read back as it is or would not fit on a profile line. */
static mcs_status render_key(const mcs_profile *p, const profile_key *key, char *value,
                             size_t value_len, const char **text, char *err, size_t err_len)
{
    const void *field = (const char *)p + key->offset;
    const char *why = NULL;
    *text = NULL;
    switch (key->type) {
    case K_TEXT:
        if (!((const char *)field)[0])
            return MCS_OK;
        if (memchr(field, '\0', key->size) == NULL)
            why = "not terminated within its field";
        else if ((why = text_problem(field)) == NULL && key->choices &&
                 !is_choice(key->choices, field))
            why = key->choices; /* the message below lists them */
        if (why) {
            snprintf(err, err_len, "[%s] %s: %s%s", key->section, key->key,
                     why == key->choices ? "must be one of " : "", why);
            return MCS_E_CONFIG;
        }
        snprintf(value, value_len, "%s", (const char *)field);
        break;
    case K_NUMBER:
        return render_number(key->section, key->key, key->range, *(const double *)field, value,
                             value_len, text, err, err_len);
    case K_KERNEL: /* one value per kernel: format_kernels */
        return MCS_OK;
    case K_YESNO:
        snprintf(value, value_len, "%s", *(const int *)field ? "yes" : "no");
        break;
    case K_TABLE:
        if (((const mcs_thread_table *)field)->n == 0)
            return MCS_OK;
        if ((why = table_problem(field, key->range)) != NULL) {
            snprintf(err, err_len, "[%s] %s: %s", key->section, key->key, why);
            return MCS_E_CONFIG;
        }
        table_text(field, value, value_len);
        break;
    }
    *text = value;
    return check_line_length(key->section, key->key, value, err, err_len);
}

/* The K_KERNEL keys from `first` on (consecutive in the table, one
 * section) as lines of f, kernel by kernel, after their comments. */
static mcs_status format_kernels(const mcs_profile *p, const profile_key *first, FILE *f,
                                 char *err, size_t err_len)
{
    const profile_key *end = first;
    while (end < keys + N_KEYS && end->type == K_KERNEL &&
           strcmp(end->section, first->section) == 0)
        end++;
    int commented = 0;
    for (size_t i = 0; i < kernel_slots(first); i++)
        for (const profile_key *key = first; key < end; key++) {
            char name[MCS_KERNEL_NAME_MAX + 32], value[RENDER_MAX];
            const char *text;
            kernel_key_name(key, i, name, sizeof name);
            mcs_status st = render_number(key->section, name, key->range,
                                          *kernel_slot(p, key, i), value, sizeof value, &text,
                                          err, err_len);
            if (st != MCS_OK)
                return st;
            if (!text)
                continue;
            for (const profile_key *c = first; c < end && !commented; c++)
                if (c->meaning)
                    fprintf(f, "# %s\n", c->meaning);
            commented = 1;
            fprintf(f, "%s = %s\n", name, text);
        }
    return MCS_OK;
}

/* Key `key` of p as a "key = value" line of f, after its comment; nothing
 * when it is absent. */
static mcs_status format_key(const mcs_profile *p, const profile_key *key, FILE *f, char *err,
                             size_t err_len)
{
    char value[RENDER_MAX];
    const char *text;
    if (key->type == K_KERNEL) /* the section's kernel keys once, at the first */
        return key > keys && key[-1].type == K_KERNEL && strcmp(key[-1].section, key->section) == 0
                   ? MCS_OK
                   : format_kernels(p, key, f, err, err_len);
    mcs_status st = render_key(p, key, value, sizeof value, &text, err, err_len);
    if (st != MCS_OK || !text)
        return st;
    if (key->meaning)
        fprintf(f, "# %s\n", key->meaning);
    fprintf(f, "%s = %s\n", key->key, text);
    return MCS_OK;
}

mcs_status mcs_profile_check_text(const char *section, const char *key, const char *value,
                                  char *err, size_t err_len)
{
    for (size_t k = 0; k < N_KEYS; k++) {
        if (keys[k].type != K_TEXT || strcmp(keys[k].section, section) ||
            strcmp(keys[k].key, key))
            continue;
        const char *why = text_problem(value);
        size_t line = strlen(key) + 3 + strlen(value);
        if (!why && strlen(value) >= keys[k].size)
            why = "longer than its field holds";
        if (!why && line > MCS_PROFILE_LINE_MAX)
            why = "too long for a profile line (199 characters, 'key = ' included)";
        if (!why && keys[k].choices && !is_choice(keys[k].choices, value))
            why = "not one of its choices";
        if (!why)
            return MCS_OK;
        snprintf(err, err_len, "[%s] %s = '%.60s%s': %s", section, key, value,
                 strlen(value) > 60 ? "..." : "", why);
        return MCS_E_CONFIG;
    }
    snprintf(err, err_len, "[%s] %s: not a text key of a profile", section, key);
    return MCS_E_SOFTWARE;
}

/* Is `section` ("profile", "cpu", "gpu") part of p? */
static int has_section(const mcs_profile *p, const char *section)
{
    return strcmp(section, "cpu") == 0 ? p->has_cpu : strcmp(section, "gpu") == 0 ? p->has_gpu : 1;
}

int mcs_profile_diff(const mcs_profile *a, const mcs_profile *b, char *what, size_t len)
{
    if (a->has_cpu != b->has_cpu || a->has_gpu != b->has_gpu) {
        snprintf(what, len, "the [%s] section", a->has_cpu != b->has_cpu ? "cpu" : "gpu");
        return 1;
    }
    for (size_t k = 0; k < N_KEYS; k++) {
        const profile_key *key = &keys[k];
        if (!has_section(a, key->section))
            continue;
        const char *x = (const char *)a + key->offset, *y = (const char *)b + key->offset;
        int same = 1;
        for (size_t i = 0; same && i < numbers_of(key); i++) { /* K_NUMBER, K_KERNEL */
            double u = *kernel_slot(a, key, i), v = *kernel_slot(b, key, i);
            same = u == v || (isnan(u) && isnan(v));
            if (!same && key->type == K_KERNEL) { /* named by its kernel */
                char name[MCS_KERNEL_NAME_MAX + 32];
                kernel_key_name(key, i, name, sizeof name);
                snprintf(what, len, "[%s] %s", key->section, name);
                return 1;
            }
        }
        switch (key->type) {
        case K_TEXT: same = strncmp(x, y, key->size) == 0; break;
        case K_YESNO: same = !*(const int *)x == !*(const int *)y; break;
        case K_NUMBER:
        case K_KERNEL: break; /* above */
        case K_TABLE: {
            const mcs_thread_table *ta = (const void *)x, *tb = (const void *)y;
            same = ta->n == tb->n;
            for (int i = 0; same && i < ta->n; i++)
                same = ta->threads[i] == tb->threads[i] && ta->value[i] == tb->value[i];
            break;
        }
        }
        if (!same) {
            snprintf(what, len, "[%s] %s", key->section, key->key);
            return 1;
        }
    }
    return 0;
}

/* A header is comment lines: each begins with '#', ends with a newline and
 * holds at most MCS_PROFILE_LINE_MAX characters. */
static mcs_status check_header(const char *header, char *err, size_t err_len)
{
    for (const char *line = header; line && *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) : strlen(line);
        if (!nl || line[0] != '#' || n > MCS_PROFILE_LINE_MAX) {
            snprintf(err, err_len, "profile header line '%.40s...': must be a '#' comment of at "
                     "most %d characters ending in a newline", line, MCS_PROFILE_LINE_MAX);
            return MCS_E_SOFTWARE;
        }
        line = nl + 1;
    }
    return MCS_OK;
}

/* The text as written must load as the same profile: a last check that no
 * value changed on the way (the rules above are meant to make that so). */
static mcs_status read_back(const mcs_profile *p, const char *text, size_t len, char *err,
                            size_t err_len)
{
    mcs_profile *q = malloc(sizeof *q);
    char why[1024], what[128];
    if (!q) {
        snprintf(err, err_len, "out of memory");
        return MCS_E_NOMEM;
    }
    mcs_status st = mcs_profile_parse_n(text, len, "the profile as written", q, why, sizeof why);
    if (st != MCS_OK)
        snprintf(err, err_len, "the profile would not load once written: %s", why);
    else if (mcs_profile_diff(p, q, what, sizeof what)) {
        snprintf(err, err_len, "the profile's %s would read back differently once written", what);
        st = MCS_E_SOFTWARE;
    }
    free(q);
    return st;
}

mcs_status mcs_profile_format(const mcs_profile *p, const char *header, char **text,
                              size_t *len, char *err, size_t err_len)
{
    static const char *sections[] = {"profile", "cpu", "gpu"};
    *text = NULL;
    *len = 0;
    mcs_status st = check_header(header, err, err_len);
    if (st != MCS_OK)
        return st;
    FILE *f = open_memstream(text, len);
    if (!f) {
        snprintf(err, err_len, "out of memory");
        return MCS_E_NOMEM;
    }
    if (header)
        fputs(header, f);
    for (int s = 0; s < 3; s++) {
        if (!has_section(p, sections[s]))
            continue;
        /* the header even when every key is absent: the section stays */
        fprintf(f, "%s[%s]\n", s ? "\n" : "", sections[s]);
        for (size_t k = 0; k < N_KEYS && st == MCS_OK; k++)
            if (strcmp(keys[k].section, sections[s]) == 0)
                st = format_key(p, &keys[k], f, err, err_len);
    }
    if (fclose(f) != 0 && st == MCS_OK) {
        snprintf(err, err_len, "out of memory");
        st = MCS_E_NOMEM;
    }
    if (st == MCS_OK)
        st = read_back(p, *text, *len, err, err_len);
    if (st != MCS_OK) {
        free(*text);
        *text = NULL;
        *len = 0;
    }
    return st;
}

mcs_status mcs_profile_save(const char *path, const mcs_profile *p, const char *header,
                            char *err, size_t err_len)
{
    char *text, why[1024];
    size_t len;
    mcs_status st = mcs_profile_format(p, header, &text, &len, why, sizeof why);
    if (st != MCS_OK) {
        snprintf(err, err_len, "cannot write profile '%s': %s", path, why);
        return st;
    }
    st = mcs_output_write_bytes("profile", path, text, len, err, err_len);
    free(text);
    return st;
}

/* v to `digits` significant digits (as "%.*g" prints it). */
static double round_to(double v, int digits)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.*g", digits, v);
    return strtod(buf, NULL);
}

void mcs_profile_round(mcs_profile *p, int digits)
{
    for (size_t k = 0; k < N_KEYS; k++)
        for (size_t i = 0; i < numbers_of(&keys[k]); i++) {
            double *v = kernel_slot(p, &keys[k], i);
            if (!isnan(*v))
                *v = round_to(*v, digits);
        }
    for (int i = 0; i < p->cpu.scaling.n; i++)
        p->cpu.scaling.value[i] = round_to(p->cpu.scaling.value[i], digits);
    for (int i = 0; i < p->cpu.wave.n; i++)
        p->cpu.wave.value[i] = round_to(p->cpu.wave.value[i], digits);
}

/* a / b when both are known and positive, else NAN */
static double ratio(double a, double b)
{
    return a > 0 && b > 0 ? a / b : NAN;
}

static mcs_status need(double v, const char *what, const mcs_profile *p, char *err,
                       size_t err_len)
{
    if (isnan(v)) {
        snprintf(err, err_len, "profile '%s' is not calibrated and cannot be scaled from the "
                 "reference: %s is missing", p->name, what);
        return MCS_E_CONFIG;
    }
    return MCS_OK;
}

/* Note that the costs of `term` on `side` were multiplied by `ratio`. */
static void scaled_term(mcs_profile *p, const char *side, const char *term, double ratio,
                        const char *by)
{
    _Static_assert(MCS_SCALED_TERMS_MAX >= 6, "mcs_profile_derive records 6 terms at most");
    mcs_scaled_term *t = &p->scaled[p->n_scaled++];
    snprintf(t->side, sizeof t->side, "%s", side);
    snprintf(t->term, sizeof t->term, "%s", term);
    snprintf(t->by, sizeof t->by, "%s", by);
    t->ratio = ratio;
}

/* c's costs times f: every member is a cost (a double; a member added
 * must be one, and counted here) */
_Static_assert(sizeof(mcs_kernel_cost) == 13 * sizeof(double),
               "mcs_kernel_cost is 13 doubles: mcs_kernel_cost_scale scales them all");
void mcs_kernel_cost_scale(mcs_kernel_cost *c, double f)
{
    double *cost = (double *)(void *)c; /* (a struct of doubles: no padding between) */
    for (size_t i = 0; i < sizeof *c / sizeof(double); i++)
        cost[i] *= f;
}

/* The reference's measured costs under p's spec-sheet numbers, per term:
 * the whole section is copied from the reference, then p's spec numbers (its
 * leading members, profile.h) put back and the costs that scale multiplied by
 * their spec ratios (docs/estimator.md); each term scaled is recorded in p->scaled. */
mcs_status mcs_profile_derive(mcs_profile *p, const mcs_profile *ref, char *err, size_t err_len)
{
    if (p->calibrated)
        return MCS_OK;
    mcs_status st;
    snprintf(p->scaled_from, sizeof p->scaled_from, "%s", ref->name);
    p->n_scaled = 0;
    if (p->has_cpu) {
        const mcs_cpu_profile spec = p->cpu, *r = &ref->cpu;
        /* one thread's speed: peak FLOPs per core (clock x FLOPs per cycle) */
        double per_core = ratio(r->fp32_gflops / r->cores, spec.fp32_gflops / spec.cores);
        if ((st = need(per_core, "[cpu] fp32_gflops and cores (here or in the reference)", p,
                       err, err_len)) != MCS_OK)
            return st;
        mcs_cpu_profile *c = &p->cpu;
        *c = *r;
        memcpy(c, &spec, offsetof(mcs_cpu_profile, MCS_CPU_FIRST_MEASURED)); /* spec numbers */
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int g = 0; g < MCS_CPU_RNG_COUNT; g++) {
                c->path_step_ns[q][g] *= per_core;
                for (int k = 0; k < MCS_KERNEL_FAMILIES_MAX; k++)
                    mcs_kernel_cost_scale(&c->kernel_ns[k][q][g], per_core);
            }
        scaled_term(p, "cpu", "kernel", per_core, "fp32_gflops / cores (peak per core)");
    }
    if (p->has_gpu) {
        const mcs_gpu_profile spec = p->gpu, *r = &ref->gpu;
        /* a saturated kernel: every SM busy, each at the clock; double also
         * by the FP64 units per FP32 unit (1/2 on data-centre parts, 1/64 on
         * consumer ones) */
        double clock = ratio(r->boost_clock_mhz, spec.boost_clock_mhz);
        double sms = ratio(r->sm_count * r->boost_clock_mhz, spec.sm_count * spec.boost_clock_mhz);
        double fp64 = sms * ratio(r->fp64_tflops / r->fp32_tflops,
                                  spec.fp64_tflops / spec.fp32_tflops);
        double link = ratio(r->pcie_gbps, spec.pcie_gbps);
        if ((st = need(sms, "[gpu] sm_count and boost_clock_mhz", p, err, err_len)) != MCS_OK ||
            (st = need(fp64, "[gpu] fp32_tflops and fp64_tflops", p, err, err_len)) != MCS_OK ||
            (st = need(link, "[gpu] pcie_gbps", p, err, err_len)) != MCS_OK)
            return st;
        mcs_gpu_profile *g = &p->gpu;
        *g = *r;
        memcpy(g, &spec, offsetof(mcs_gpu_profile, MCS_GPU_FIRST_MEASURED)); /* spec numbers */
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int k = 0; k < MCS_GPU_RNG_COUNT; k++) {
                double f = q ? fp64 : sms;
                g->kernel_path_step_ps[q][k] *= f;
                g->kernel_ramp_path_step_ns[q][k] *= clock;
                g->kernel_fixed_us[q][k] *= clock;
                for (int fam = 0; fam < MCS_KERNEL_FAMILIES_MAX; fam++) {
                    mcs_kernel_cost_scale(&g->kernel_ps[fam][q][k], f);
                    /* a latency (the clock's) over a throughput (f) */
                    g->walk[fam][q][k] *= clock / f;
                    g->walk_fixed[fam][q][k] *= clock / f;
                    g->walk_wide[fam][q][k] *= clock / f;
                    g->walk_fixed_wide[fam][q][k] *= clock / f;
                    g->walk_narrow[fam][q][k] *= clock / f;
                    g->walk_fixed_narrow[fam][q][k] *= clock / f;
                    g->walk_mid[fam][q][k] *= clock / f;
                    g->walk_fixed_mid[fam][q][k] *= clock / f;
                    g->walk_sparse[fam][q][k] *= clock / f;
                    g->walk_fixed_sparse[fam][q][k] *= clock / f;
                }
            }
        /* the run log is written by the host: write_* relative to the
         * reference host's CPU log (model.c scales it to the host's) */
        g->write_host_cold_s = ref->has_cpu && r->write_cold_s >= 0 ? ref->cpu.write_cold_s : 0;
        g->write_host_warm_s = ref->has_cpu && r->write_warm_s >= 0 ? ref->cpu.write_warm_s : 0;
        /* a copy's bandwidth is the host link's; its fixed cost is kept */
        g->h2d_pinned.gbps /= link;
        g->h2d_pageable.gbps /= link;
        g->d2h_pinned.gbps /= link;
        g->d2h_pageable.gbps /= link;
        scaled_term(p, "gpu", "kernel_single", sms, "sm_count x boost_clock");
        scaled_term(p, "gpu", "kernel_double", fp64, "sm_count x boost_clock x fp64 share");
        scaled_term(p, "gpu", "ramp_and_launch", clock, "boost_clock");
        scaled_term(p, "gpu", "copies", link, "pcie_gbps");
    }
    return MCS_OK;
}

/* Every figure the time model reads on one side ("cpu" or "gpu") is there:
 * MCS_E_CONFIG naming the profile, its file and the first key missing. */
static mcs_status check_model_keys(const mcs_profile *p, const char *side, char *err,
                                   size_t err_len)
{
    for (size_t k = 0; k < N_KEYS; k++)
        if (keys[k].model && strcmp(keys[k].section, side) == 0 &&
            isnan(*(const double *)((const char *)p + keys[k].offset))) {
            snprintf(err, err_len, "profile '%s' (%s): [%s] %s is missing; predictions need "
                     "it (docs/estimator.md lists the keys)", p->name, p->origin, side,
                     keys[k].key);
            return MCS_E_CONFIG;
        }
    return MCS_OK;
}

/* The profile of one side (cpu or gpu) of mcs_profiles_choose as named
 * (--cpu/--gpu NAME), else --profile's, else the local one. */
static mcs_status load_side(const char *named, const char *profile, mcs_profile *out, char *err,
                            size_t err_len)
{
    return named     ? mcs_profile_find(named, out, err, err_len)
           : profile ? mcs_profile_find(profile, out, err, err_len)
                     : mcs_profile_local(out, err, err_len);
}

/* A side's profile as loaded checked for that side (and derived from the
 * calibrated reference when it is a spec sheet). */
static mcs_status choose_side(const char *side, const char *named, const char *profile,
                              mcs_profile *out, char *err, size_t err_len)
{
    mcs_status st;
    const char *how = named ? "--" : profile ? "--profile" : "local profile";
    int has = strcmp(side, "cpu") == 0 ? out->has_cpu : out->has_gpu;
    if (!has && !named && strcmp(side, "gpu") == 0)
        return MCS_OK; /* a CPU-only profile: CPU-only predictions (has_gpu = 0) */
    if (!has) {
        snprintf(err, err_len, "profile '%s' (%s%s) has no [%s] section; name one with --%s "
                 "(mcsim estimate --list-profiles)", out->name, how, named ? side : "", side,
                 side);
        return MCS_E_CONFIG;
    }
    if (!out->calibrated) {
        mcs_profile ref;
        char why[512];
        /* a calibrated --profile with this side is the nearest reference
         * (an H100 profile predicting --gpu h200); else the catalogue's */
        int own = named && profile && mcs_profile_find(profile, &ref, why, sizeof why) == MCS_OK &&
                  ref.calibrated && (strcmp(side, "cpu") == 0 ? ref.has_cpu : ref.has_gpu);
        if (!own &&
            (st = mcs_profile_find(MCS_PROFILE_REFERENCE, &ref, why, sizeof why)) != MCS_OK) {
            snprintf(err, err_len, "profile '%s' is a spec sheet and needs the calibrated "
                     "reference to scale from: %s", out->name, why);
            return MCS_E_CONFIG;
        }
        if ((st = mcs_profile_derive(out, &ref, err, err_len)) != MCS_OK)
            return st;
    }
    return check_model_keys(out, side, err, err_len);
}

mcs_status mcs_profiles_choose(const char *profile, const char *cpu, const char *gpu,
                               mcs_profile *cpu_out, mcs_profile *gpu_out, char *err,
                               size_t err_len)
{
    mcs_status st = load_side(cpu, profile, cpu_out, err, err_len);
    if (st != MCS_OK)
        return st;
    if (!cpu && !gpu) /* one file for both sides: read once (every run reads it) */
        *gpu_out = *cpu_out;
    else if ((st = load_side(gpu, profile, gpu_out, err, err_len)) != MCS_OK)
        return st;
    st = choose_side("cpu", cpu, profile, cpu_out, err, err_len);
    if (st == MCS_OK)
        st = choose_side("gpu", gpu, profile, gpu_out, err, err_len);
    return st;
}

/* Append "; text" (or "text" first) to buf, keeping within len. Returns 1,
 * the problem counted (whether or not there was room to say it). */
static int add_problem(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 3 >= len)
        return 1;
    if (used)
        used += (size_t)snprintf(buf + used, len - used, "; ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    return 1;
}

#define FIELD(x) offsetof(mcs_profile, x)
#define PAIR(side, gpu, name, phase, key, unit)                                                \
    {#side " " name,        gpu,                           phase,                             \
     FIELD(side.key##_cold_##unit), FIELD(side.key##_warm_##unit),                              \
     FIELD(side.spread.key##_cold_##unit), FIELD(side.spread.key##_warm_##unit),               \
     sizeof(#unit) == 2 ? 1.0 : 1e-6}
#define KEYS(side, gpu, name, phase, cold, warm)                                                \
    {#side " " name, gpu, phase, FIELD(side.cold), FIELD(side.warm), FIELD(side.spread.cold), \
     FIELD(side.spread.warm), 1.0}
#define ONE(side, gpu, name, phase, key, warm)                                                 \
    {#side " " name,        gpu,        phase,                                                \
     warm ? MCS_FIXED_NONE : FIELD(side.key), warm ? FIELD(side.key) : MCS_FIXED_NONE,         \
     warm ? MCS_FIXED_NONE : FIELD(side.spread.key), warm ? FIELD(side.spread.key) : MCS_FIXED_NONE, \
     1.0}
const mcs_fixed_phase mcs_fixed_phases[] = {
    PAIR(cpu, 0, "config", MCS_PHASE_CONFIG, config, s),
    PAIR(cpu, 0, "setup", MCS_PHASE_SETUP, setup, s),
    PAIR(cpu, 0, "teardown", MCS_PHASE_TEARDOWN, teardown, s),
    PAIR(cpu, 0, "write", MCS_PHASE_WRITE, write, s),
    PAIR(cpu, 0, "other", MCS_FIXED_OTHER, other, s),
    ONE(cpu, 0, "process", MCS_FIXED_PROCESS, process_cold_s, 0),
    PAIR(cpu, 0, "chunk start", -1, chunk_start, us),
    PAIR(cpu, 0, "one-block chunk start", -1, chunk_start_one, us),
    KEYS(gpu, 1, "context", MCS_PHASE_CONTEXT, context_s, context_warm_s),
    ONE(gpu, 1, "process", MCS_FIXED_PROCESS, process_cold_s, 0),
    PAIR(gpu, 1, "device query", MCS_PHASE_DEVICE_QUERY, device_query, s),
    PAIR(gpu, 1, "setup", MCS_PHASE_SETUP, setup, s),
    PAIR(gpu, 1, "write", MCS_PHASE_WRITE, write, s),
    ONE(gpu, 1, "teardown", MCS_PHASE_TEARDOWN, teardown_s, 1),
    KEYS(gpu, 1, "alloc", MCS_PHASE_ALLOC, alloc_cold_s, alloc_s),
    PAIR(gpu, 1, "h2d", MCS_PHASE_H2D, h2d, s),
    ONE(gpu, 1, "first launch", -1, first_launch_us, 0),
};
const int mcs_fixed_phase_count = (int)(sizeof mcs_fixed_phases / sizeof mcs_fixed_phases[0]);

void mcs_fixed_costs(const void *section, int gpu, int cold, double *seconds)
{
    const size_t base = gpu ? offsetof(mcs_profile, gpu) : offsetof(mcs_profile, cpu);
    for (int i = 0; i < mcs_fixed_phase_count; i++) {
        const mcs_fixed_phase *f = &mcs_fixed_phases[i];
        if (f->gpu != gpu || f->phase < 0)
            continue;
#define FIELD_OF(key) (*(const double *)((const char *)section + ((key) - base)))
        /* a cold run: its cold key, or the warm one where the side has one
         * key for both or the profile predates the cold key (absent: NAN) */
        size_t key = cold && f->cold != MCS_FIXED_NONE ? f->cold : f->warm;
        if (key == f->cold && f->warm != MCS_FIXED_NONE && isnan(FIELD_OF(key)))
            key = f->warm;
        seconds[f->phase] = key == MCS_FIXED_NONE ? 0 : FIELD_OF(key) * f->unit;
#undef FIELD_OF
    }
}

int mcs_profile_warm_problems(const mcs_profile *p, char *buf, size_t len)
{
    int n = 0;
    for (int i = 0; i < mcs_fixed_phase_count; i++) {
        const mcs_fixed_phase *f = &mcs_fixed_phases[i];
        if (!(f->gpu ? p->has_gpu : p->has_cpu) || f->cold == MCS_FIXED_NONE ||
            f->warm == MCS_FIXED_NONE)
            continue;
        double cold = *(const double *)((const char *)p + f->cold) * f->unit;
        double warm = *(const double *)((const char *)p + f->warm) * f->unit;
        if (cold >= 0 && warm > cold * (1 + MCS_PLAUSIBLE_SPREAD_MAX) + 50e-6)
            n += add_problem(buf, len, "%s warm %.3g ms > cold %.3g ms", f->name, 1e3 * warm,
                             1e3 * cold);
    }
    return n;
}

/* A side's measured kernels (path and step there) whose per-step cost is
 * 0: every step costs something, so the fit wanted it negative. One
 * problem naming the first and the count; returns 1 if any. */
static int zero_step_problem(const mcs_kernel_cost *table, int gpu, char *buf, size_t len)
{
    int rngs = mcs_kernel_rng_count(gpu), n = 0;
    char first[MCS_KERNEL_NAME_MAX] = "";
    for (int f = 0; f < mcs_kernel_family_count(); f++)
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int g = 0; g < rngs; g++) {
                const mcs_kernel_cost *k = &table[((size_t)f * MCS_PREC_COUNT + q) * rngs + g];
                if (!isnan(k->path) && k->step == 0 && n++ == 0)
                    mcs_kernel_name(f, q, mcs_kernel_rng(gpu, g), first, sizeof first);
            }
    if (n)
        add_problem(buf, len, "%s kernel %s%s: per-step cost 0 (the fit wanted it negative)",
                    gpu ? "gpu" : "cpu", first, n > 1 ? " and others" : "");
    return n > 0;
}

int mcs_profile_problems(const mcs_profile *p, char *buf, size_t len)
{
    char all[1024] = "";
    int n = mcs_profile_warm_problems(p, all, sizeof all);
    if (p->has_cpu) {
        for (int i = 0; i < p->cpu.scaling.n; i++)
            if (p->cpu.scaling.value[i] > MCS_PLAUSIBLE_EFFICIENCY_MAX)
                n += add_problem(all, sizeof all, "%g-thread efficiency %.2f > %.2f",
                                 p->cpu.scaling.threads[i], p->cpu.scaling.value[i],
                                 MCS_PLAUSIBLE_EFFICIENCY_MAX);
        if (p->cpu.repeat_spread > MCS_PLAUSIBLE_SPREAD_MAX)
            n += add_problem(all, sizeof all, "repeats spread %.0f%% > %.0f%%",
                             100 * p->cpu.repeat_spread, 100 * MCS_PLAUSIBLE_SPREAD_MAX);
        n += zero_step_problem(&p->cpu.kernel_ns[0][0][0], 0, all, sizeof all);
    }
    if (p->has_gpu) {
        const double fits[2] = {p->gpu.copy_fit_error, p->gpu.kernel_fit_error};
        for (int k = 0; k < 2; k++)
            if (fits[k] > MCS_PLAUSIBLE_FIT_MAX)
                n += add_problem(all, sizeof all, "%s fit off by %.0f%% > %.0f%%",
                                 k ? "kernel" : "copy", 100 * fits[k], 100 * MCS_PLAUSIBLE_FIT_MAX);
        n += zero_step_problem(&p->gpu.kernel_ps[0][0][0], 1, all, sizeof all);
    }
    /* one profile line holds at most 199 characters, "warning = " included */
    size_t cap = len < 181 ? len : 181;
    snprintf(buf, cap, "%s", all);
    if (strlen(all) >= cap && cap > 4)
        memcpy(buf + cap - 4, "...", 4);
    return n;
}
