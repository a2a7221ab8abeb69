/* kernel_plan.h - the compiled kernels the estimator knows the costs of,
 * generated from kernels/combos.def and the type tables (FFTW's wisdom is
 * the model: a cost measured per compiled kernel, stored in the profile,
 * reused). A kernel family is one (model, payoff, mode of the payoff's hot
 * loop); a kernel is a family in one precision with one generator. A model
 * or payoff added to combos.def and its type table is calibrated with no
 * estimator code: its representative job, modes and step points come from
 * its table entry (core/type_table.h). */
#ifndef MCS_KERNEL_PLAN_H
#define MCS_KERNEL_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
#include "job.h"
#include "product.h"
#include "status.h"
#include "../kernels/warp_rule.h"

/* The most kernel families (the sum of MCS_NAME_MODES over combos.def's
 * lines; kernel_plan.c asserts it fits), step points per family, keys a
 * point sets (a run refuses more: calibrate_kernels.c), and the length of a
 * kernel's name ("gbm_lookback_1_double_mrg32k3a"). */
#define MCS_KERNEL_FAMILIES_MAX 64
#define MCS_KERNEL_POINTS_MAX 10
#define MCS_KERNEL_POINT_KEYS 8
#define MCS_KERNEL_NAME_MAX 64
#define MCS_PREC_COUNT 2    /* single, double (mcs_precision) */
#define MCS_CPU_RNG_COUNT 2 /* pcg64, philox: the generators the CPU runs */
#define MCS_GPU_RNG_COUNT 3 /* philox, mrg32k3a, sobol: the generators the GPU runs */

/* One (model, payoff, mode) of kernels/combos.def. */
typedef struct {
    const mcs_model_type *model;
    const mcs_payoff_type *payoff;
    int mode;
    char name[MCS_KERNEL_NAME_MAX]; /* "gbm_lookback_1" */
} mcs_kernel_family;

/* How many families, and family f (0 .. count - 1), in combos.def's order
 * and mode order. */
int mcs_kernel_family_count(void);
const mcs_kernel_family *mcs_kernel_family_get(int f);

/* 1 when the model can run the payoff's mode m (the pair does not refuse
 * the mode's keys, engine/pair.c); a mode it cannot run has no family. */
int mcs_kernel_mode_runs(mcs_model_id model, mcs_payoff_id payoff, int m);

/* The family of (model, payoff, mode), or -1 when none is compiled (or
 * the model cannot run the mode). */
int mcs_kernel_family_index(mcs_model_id model, mcs_payoff_id payoff, int mode);

/* The generators of one side (gpu = 0: the CPU's pcg64, philox; 1: the
 * GPU's philox, mrg32k3a, sobol), by index, and the index of a generator
 * (-1 when the side does not run it). */
int mcs_kernel_rng_count(int gpu);
mcs_rng_id mcs_kernel_rng(int gpu, int g);
int mcs_kernel_rng_index(int gpu, mcs_rng_id rng);

/* A kernel's name: "<family>_<precision>_<generator>". */
void mcs_kernel_name(int f, int q, mcs_rng_id rng, char *buf, size_t len);

/* The kernel of one side with this name: 1 and its family, precision and
 * generator index; 0 when there is none. */
int mcs_kernel_parse_name(int gpu, const char *name, int *f, int *q, int *g);

/* The mode of the payoff's hot loop the job runs (its mcs_NAME_mode), or -1
 * when no kernel is compiled for its (model, payoff). */
int mcs_job_kernel_mode(const mcs_job *job);

/* The steps of the job's time grid that its payoff monitors (its
 * mcs_NAME_watches: the fixings of an Asian, every step of a barrier). */
uint32_t mcs_job_watched_steps(const mcs_job *job);

/* What calibrate times for family f: its representative job as config text
 * (model and payoff keys of the type tables, the mode's keys, seed) and its
 * step points, each a space-separated list of overrides ("simulation.steps=1"):
 * the first n_fit those whose fit gives the path, step and watch costs; a
 * linear-factor model's family (multi_gbm) then has eight wide points: its
 * job at MCS_MID_ASSETS assets at 1 and MCS_WIDE_STEPS steps (mid_path and
 * mid_step of mcs_kernel_cost), then at MCS_MOST_ASSETS assets at 1 and
 * MCS_WIDE_STEPS steps (wide_path and wide_step), then at MCS_NARROW_ASSETS
 * and MCS_NARROW_TOP_ASSETS assets, each at 1 and MCS_WIDE_STEPS steps
 * (narrow_path and narrow_step, narrow_top_path and narrow_top_step). The
 * middle points are where the per-path and per-step
 * costs' curves in the assets are pinned between the calibration job's and
 * the widest (estimator/model.c); they run the GPU's warp kernel
 * (kernels/warp_rule.h) in single precision, as the widest do. The GPU's
 * per-thread kernel below the warp rule's assets has the two narrow
 * pairs too, which calibrate measures on the GPU only (has_narrow,
 * calibrate_kernels.c). */
#define MCS_WIDE_STEPS 8
#define MCS_MID_ASSETS 16
#define MCS_NARROW_TOP_ASSETS (MCS_WARP_KERNEL_MIN_ASSETS - 1)
#define MCS_NARROW_ASSETS (MCS_NARROW_TOP_ASSETS / 2)
#define MCS_WIDE_POINTS 8
_Static_assert(MCS_MID_ASSETS >= MCS_WARP_KERNEL_MIN_ASSETS && MCS_MID_ASSETS < MCS_MOST_ASSETS,
               "the middle wide point: a warp-kernel job narrower than the widest");
_Static_assert(MCS_NARROW_ASSETS > 2 && MCS_NARROW_TOP_ASSETS > MCS_NARROW_ASSETS,
               "the narrow points: two sizes below the warp kernel's, the one twice the other");
typedef struct {
    int family;
    char config[1024];
    unsigned normals;     /* the calibration job's normals per step (mcs_job_normals) */
    int n_points, n_fit;  /* after the n_fit: the wide, dear and variant points */
    int n_wide;           /* 0, or MCS_WIDE_POINTS wide points after the fit points */
    /* the dear point's index (0: none): for a model with a dear branch
     * (core/type_table.h: dear_share, dear_sets), the last fit point with
     * the model's dear_sets, after the wide points (dear_step of
     * mcs_kernel_cost) */
    int dear;
    /* the variant point's index (0: none): for a model with variant_sets
     * (core/type_table.h), the last fit point with them, last of all
     * (variant_step of mcs_kernel_cost) */
    int variant;
    char points[MCS_KERNEL_POINTS_MAX][128];
} mcs_kernel_plan;

/* The plan of family f. MCS_E_SOFTWARE naming the payoff or model when its
 * table entry's calibration keys do not make a job of this family. */
mcs_status mcs_kernel_plan_make(int f, mcs_kernel_plan *plan, char *err, size_t err_len);

/* The job of the plan's config with a point's overrides `sets` (one of
 * plan->points, or another list of at most 8); err says why not. */
mcs_status mcs_kernel_plan_point_job(const mcs_kernel_plan *plan, const char *sets, mcs_job *job,
                                     char *err, size_t err_len);

/* A step point at fewer steps (calibrate's GPU runs at a step count
 * whose runs fill the GPU within the time cap): `sets` with its
 * simulation.steps `from`, and option.fixings where it equals it, at `to`,
 * else the next fewer down to `least`, the first whose job loads in the
 * family's mode, into `out` (len bytes) and *job. Returns the steps it
 * found, `from` where none would do (out and *job then undefined). */
unsigned mcs_kernel_plan_fewer_steps(const mcs_kernel_plan *plan, const char *sets, unsigned from,
                                     unsigned to, unsigned least, char *out, size_t len,
                                     mcs_job *job);
/* The normals per step of family f's calibration job (its plan's), 0 when
 * it has no plan. */
unsigned mcs_kernel_family_normals(int f);
/* The share of its steps that family f's fit point watching the fewest
 * watches (*sparse) and its last fit point's (*last), as planned; 1 where
 * the first is below the second, else 0 (none: an Asian's 12 fixings of
 * 264 steps and 264 of 264; a European's none of either). Both functions
 * read one plan per family, made once and kept. */
int mcs_kernel_family_watch_shares(int f, double *sparse, double *last);

/* Space-separated overrides ("option.strike=100 simulation.steps=12") as
 * mcs_override entries pointing into `storage` (a copy of the text): at
 * most `most`; returns how many, -1 when there are more or the text does
 * not fit `storage`. */
int mcs_overrides_split(const char *text, char *storage, size_t storage_len, mcs_override *ov,
                        int most);

/* Config text as a file the config reader opens by path: a memory file
 * (memfd), named /proc/self/fd/N in `path`. Returns its descriptor (close
 * it when done), or -1 with the reason in `path`. */
int mcs_text_as_file(const char *text, char *path, size_t path_len);

/* A job from config text (the resolved config a sweep file keeps), with
 * overrides, as mcs_config_load reads a file. */
mcs_status mcs_job_from_text(const char *text, const mcs_override *ov, int n_ov, mcs_job *job,
                             char *err, size_t err_len);

#endif
