/* type_table.h - the type tables' types (GSL's gsl_rng_type pattern): a
 * model (mcs_model_type) and a payoff (mcs_payoff_type) are const structs
 * of a name, a table of parameters declared once (mcs_param_spec, made
 * from the type's key list: core/param_list.h), draws per step, outputs
 * per path, what each needs of the other. The tables themselves are
 * models/model_types.c and payoffs/payoff_types.c; what reads them (config
 * validation, --help, the resolved config, JSON, HDF5) is the engine's
 * (engine/product.h). Plain types: this room includes nothing above it. */
#ifndef MCS_TYPE_TABLE_H
#define MCS_TYPE_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include "catalog.h"
#include "job.h"
typedef enum {
    MCS_PARAM_REAL,   /* double, in [lo, hi] (lo excluded when lo_open) */
    MCS_PARAM_COUNT,  /* uint32_t, whole number in [lo, hi] */
    MCS_PARAM_CHOICE, /* int (an enum), one of `choices` */
    MCS_PARAM_LIST,   /* mcs_list: n numbers in [lo, hi], n from length_offset */
    MCS_PARAM_MATRIX  /* mcs_matrix: n x n numbers in [lo, hi], row-major */
} mcs_param_kind;

/* One config key of a model or payoff. */
typedef struct mcs_param_spec {
    const char *section;      /* "model" or "option" */
    const char *key;
    mcs_param_kind kind;
    size_t offset;            /* where the value lives in mcs_job */
    double lo, hi;
    int lo_open;
    const char *dflt;         /* default as text; NULL = required */
    const char *meaning;      /* one line for --help and the user guide */
    const mcs_named *choices; /* MCS_PARAM_CHOICE only */
    /* NULL: the key always applies to its type; else whether it applies
     * to this job (given the keys listed before it): a key that does not
     * apply must not be set (e.g. strike with strike_type = floating). */
    int (*applies)(const mcs_job *job);
    const char *not_applies;  /* why not, for the message */
    const char *applies_with; /* overrides that make it apply ("option.strike_type=fixed"),
                                 for tests that must reach the key */
    /* MCS_PARAM_LIST, MCS_PARAM_MATRIX: where the job holds the count n
     * (a uint32_t parsed before, e.g. model.assets) and its name */
    size_t length_offset;
    const char *length_key;
} mcs_param_spec;

typedef struct mcs_model_type {
    const char *name, *description;
    mcs_model_id id;
    const mcs_param_spec *params; /* terminated by a NULL key */
    uint16_t normals_per_step;    /* normal draws per path and step (MCS_NAME_NORMALS) */
    uint16_t uniforms_per_step;   /* uniform draws per path and step (MCS_NAME_UNIFORMS) */
    /* multi-asset: normals per path and step per asset of [model] assets,
     * on top of normals_per_step (mcs_job_normals) */
    uint16_t normals_per_asset;
    /* 1: a model of several assets ([model] assets), which only the
     * payoffs that read them (multi_asset) price (engine/pair.c) */
    int multi_asset;
    /* 1: its step is linear in a lower-triangular factor of its n assets
     * (MCS_NAME_LINEAR_FACTOR): n (n + 1) / 2 multiply-adds a step on top
     * of its normals. The estimator scales a kernel's measured per-step
     * cost to another n by that work (estimator/model.c), and the GPU runs
     * such a job on its warp kernel from MCS_WARP_KERNEL_MIN_ASSETS assets
     * (kernels/limits.h). */
    int linear_factor;
    /* NULL, or what the model derives from its keys once they are read
     * (a factor the hot loops read); 0 and a message naming the key when
     * they do not make a model (a correlation not positive semi-definite) */
    int (*derive)(mcs_model_params *model, char *why, size_t len);
    int exact_steps;              /* 1: the terminal law does not depend on the steps */
    /* NULL, or (a model whose step is not exact) what else than more
     * steps shrinks a job's time-step bias ("scheme = qe"; NULL: nothing);
     * the checks' advice when a result is far from its closed form
     * (engine/diagnostics.c) */
    const char *(*less_bias)(const mcs_job *job);
    /* what its per-step view (models/view.h) holds beyond S: a log-spot
     * (MCS_NAME_HAS_LOG, so S > 0), the bridge (MCS_NAME_HAS_BRIDGE) */
    int has_log, has_bridge;
    /* steps the model needs when [simulation] steps is not given (the job
     * takes the larger of this and the payoff's): at least default_steps,
     * and at least steps_per_year a year of maturity, rounded up (0: none;
     * Heston's 252 is daily, engine/pair.c) */
    uint32_t default_steps;
    uint32_t steps_per_year;
    /* NULL, or 0 and a message naming the keys involved when the job's
     * time grid is too coarse for the model (merton: too many jumps a
     * step for its count table) */
    int (*check_grid)(const mcs_job *job, char *why, size_t len);
    /* `mcsim calibrate`'s representative job: its [model] keys as overrides,
     * space-separated ("model.spot=100 model.volatility=0.2") */
    const char *calibration_sets;
    /* NULL, or for a model whose step is dearer on a branch that some paths
     * take, as the data fall (heston: QE's exponential branch): the expected
     * share of the steps of a group of `group` paths stepped together (a CPU
     * batch, a GPU warp) that pay it, for the job's parameters and grid; and
     * that branch in a few words. `mcsim estimate` compares the job's share
     * with calibrate's job's and says so where they differ (its costs are
     * calibrate's; --pilot measures the job's own: docs/estimator.md). */
    double (*dear_share)(const mcs_job *job, uint32_t group);
    const char *dear_branch;
    /* with dear_share, NULL or the paths that pay the branch together on
     * the CPU in `precision` out of a batch of `batch`: the batch where its
     * step computes both branches for every path once one takes it; 1
     * where it steps the paths on the branch apart (heston in double,
     * models/heston.h); NULL: the batch (a GPU warp always pays together) */
    uint32_t (*dear_cpu_group)(mcs_precision precision, uint32_t batch);
    /* NULL, or [model] overrides on calibration_sets under which the same
     * kernels run another step (heston: "model.scheme=euler", whose step
     * costs a third to twice QE's); calibrate measures each of the model's
     * kernels under them too (a plan's variant point, estimator/
     * kernel_plan.h) and a job for which variant_applies is 1 takes that
     * point's per-step cost (estimator/model.c) */
    const char *variant_sets;
    int (*variant_applies)(const mcs_job *job);
    /* with dear_share: [model] overrides on calibration_sets under which
     * nearly every group pays the branch; calibrate measures each of the
     * model's kernels there too (a plan's dear point, estimator/kernel_plan.h)
     * and the estimator takes a job's per-step cost between the two by its
     * share (estimator/model.c) */
    const char *dear_sets;
} mcs_model_type;

typedef struct mcs_payoff_type {
    const char *name, *description;
    mcs_payoff_id id;
    const mcs_param_spec *params; /* terminated by a NULL key */
    int path_dependent;           /* 0: looks at the terminal spot only */
    /* uniform draws per path and step the job needs (the bridge's extreme) */
    uint16_t (*uniforms_per_step)(const mcs_job *job);
    /* normal draws per path and step (MCS_NAME_NORMALS; none needs one yet) */
    uint16_t normals_per_step;
    /* the fewest assets it reads: 0 for a one-asset payoff (it reads S),
     * else it reads the view's assets and needs a multi-asset model */
    uint32_t min_assets;
    /* what of the model's view the job reads beyond S (MCS_NEEDS_*), so
     * that a model lacking it is refused at config time; NULL: S only */
    unsigned (*needs)(const mcs_job *job);
    /* 1: under Philox the payoff's uniform, where it draws one, is drawn
     * split, a byte first (its MCS_NAME_SPLIT_MODE, models/split_uniform.h) */
    int splits_uniform;
    /* outputs per path (output 0 is the product priced) and their names */
    int outputs;
    const char *(*output_name)(const mcs_job *job, int j);
    /* steps when [simulation] steps is not given */
    uint32_t (*default_steps)(const mcs_job *job);
    /* NULL or a message when the job's grid misses a monitoring date;
     * names the keys involved */
    int (*check_grid)(const mcs_job *job, char *why, size_t len);
    /* What `mcsim calibrate` measures (estimator/kernel_plan.c), as
     * space-separated overrides: a representative job's [option] keys; for
     * each mode of the hot loop (MCS_NAME_MODES of payoffs/<name>.h, in
     * order, NULL after the last) the keys that select it ("" for none);
     * and optionally the step points timed, each a list of [simulation]
     * steps and other keys, where the monitored steps must vary apart from
     * the steps (NULL: 1 step and a multiple of the default steps S0 of at
     * least 4 S0 and 256, kernel_plan.c). */
    const char *calibration_sets;
    const char *const *mode_sets;
    const char *const *calibration_points;
    /* NULL, or a note on a job whose payoff leaves a key it was given
     * unused (digital = asset with a cash other than 1: accepted, since a
     * config switched by --set keeps its cash line) into buf; 1 when there
     * is one. mcsim says it on stderr before the run. */
    int (*unused_note)(const mcs_job *job, char *buf, size_t len);
} mcs_payoff_type;

/* NULL-terminated tables (models/model_types.c, payoffs/payoff_types.c),
 * at most this many types each (static asserts there: the name tables of
 * engine/product.c have this room). */
#define MCS_MAX_MODEL_TYPES 16
#define MCS_MAX_PAYOFF_TYPES 32
extern const mcs_model_type *const mcs_model_types[];
extern const mcs_payoff_type *const mcs_payoff_types[];

const mcs_model_type *mcs_model_type_of(mcs_model_id id);
const mcs_payoff_type *mcs_payoff_type_of(mcs_payoff_id id);

/* What a payoff reads of the model's view (models/view.h) beyond S. */
enum { MCS_NEEDS_LOG = 1, MCS_NEEDS_BRIDGE = 2 };

#endif
