/* product.h - what the engine reads through the type tables (their types:
 * core/type_table.h; the tables: models/model_types.c,
 * payoffs/payoff_types.c): the models' and payoffs' name tables, a job's
 * draws per step and outputs, its parameters as values, text and inputs
 * (config validation, --help, the resolved config, JSON fields and typed
 * HDF5 attributes are all generated from them), and the compiled (model,
 * payoff) pairs of kernels/combos.def. The hot-loop code of each type is
 * in its header (models/gbm.h, payoffs/asian.h, ...). */
#ifndef MCS_PRODUCT_H
#define MCS_PRODUCT_H

#include <stddef.h>
#include <stdint.h>
#include "../core/type_table.h"
#include "../core/stats.h"

/* Models and payoffs: name tables made from their type tables (engine/product.c). */
const mcs_named *mcs_model_names(void);
const mcs_named *mcs_payoff_names(void);

/* Random draws per path and step for a job, in counter slot order
 * (docs/reproducibility.md): the model's normals, the model's uniforms,
 * the payoff's normals, the payoff's uniforms. */
static inline unsigned mcs_job_normals(const mcs_job *job)
{
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    return mt->normals_per_step + mt->normals_per_asset * job->model.assets;
}
/* The slots before the payoff's uniforms. */
static inline unsigned mcs_job_lead_draws(const mcs_job *job)
{
    return mcs_job_normals(job) + mcs_model_type_of(job->model.id)->uniforms_per_step +
           mcs_payoff_type_of(job->option.payoff)->normals_per_step;
}
/* The payoff's uniforms. */
static inline unsigned mcs_job_uniforms(const mcs_job *job)
{
    return mcs_payoff_type_of(job->option.payoff)->uniforms_per_step(job);
}
static inline unsigned mcs_job_draws(const mcs_job *job)
{
    return mcs_job_lead_draws(job) + mcs_job_uniforms(job);
}
/* Steps when [simulation] steps is not given: the larger of the model's
 * and the payoff's need, raised to the fewest multiple of it that the
 * model's check_grid accepts (engine/pair.c). */
uint32_t mcs_job_default_steps(const mcs_job *job);
/* 1 when the job's model gives what its payoff reads of the view
 * (MCS_NEEDS_*); else 0 and a message in why naming both keys
 * (engine/pair.c). */
int mcs_job_pair_works(const mcs_job *job, char *why, size_t len);
/* 1 when the payoff reads as many assets as the model has (a one-asset
 * payoff on a one-asset model, a multi-asset payoff on a multi-asset model
 * with at least its min_assets); else 0 and a message naming both keys
 * (engine/pair.c). Asked before the payoff's keys are read. */
int mcs_job_pair_assets(const mcs_job *job, char *why, size_t len);
/* 1 when the job's uniform is drawn split (models/split_uniform.h): under
 * Philox, for a payoff that asks for it. */
static inline int mcs_job_splits_uniform(const mcs_job *job)
{
    return job->sim.rng == MCS_RNG_PHILOX &&
           mcs_payoff_type_of(job->option.payoff)->splits_uniform && mcs_job_uniforms(job) > 0;
}
/* Philox counters per path group and step: the draws, and the split
 * uniform's byte slot. */
static inline unsigned mcs_job_counter_draws(const mcs_job *job)
{
    return mcs_job_draws(job) + (unsigned)mcs_job_splits_uniform(job);
}
/* Outputs per path of a job. */
static inline int mcs_job_outputs(const mcs_job *job)
{
    return mcs_payoff_type_of(job->option.payoff)->outputs;
}

/* The job's [option] type ("call", "put"), or NULL when its payoff has no
 * such key (never a "put" read from a field the payoff leaves at zero). */
const char *mcs_job_option_type(const mcs_job *job);

/* 1 when kernels/combos.def compiles the pair into the hot loops (a job of
 * another pair is refused when its config is read). */
int mcs_pair_compiled(mcs_model_id model, mcs_payoff_id payoff);
/* The compiled pairs for messages: "gbm with european, digital, asian". */
void mcs_compiled_pairs_text(char *buf, size_t len);

/* The parameter's value in a job, as a double (choices: the enum value;
 * lists and matrices: how many numbers they hold). */
double mcs_param_get(const mcs_param_spec *p, const mcs_job *job);
/* A list or matrix parameter's numbers in a job (a matrix row-major) and
 * how many (a matrix: n x n); other kinds: NULL and 0. */
const double *mcs_param_list_values(const mcs_param_spec *p, const mcs_job *job);
size_t mcs_param_list_length(const mcs_param_spec *p, const mcs_job *job);
/* Does key p apply to this job (its model/payoff chosen)? */
int mcs_param_applies(const mcs_param_spec *p, const mcs_job *job);
/* The value as config text ("0.05", "down-out", "100, 95"): shortest
 * round-trip form; a list needs up to MCS_PARAM_TEXT_MAX bytes. */
#define MCS_PARAM_TEXT_MAX (MCS_MOST_ASSETS * MCS_MOST_ASSETS * 26)
void mcs_param_text(const mcs_param_spec *p, const mcs_job *job, char *buf, size_t len);
/* Shortest "%.*g" text that reads back as exactly x. */
void mcs_format_real(double x, char *buf, size_t len);

/* Calls fn for each parameter that applies to the job: the model's
 * [model] keys, then the payoff's [option] keys. */
void mcs_job_params(const mcs_job *job, void (*fn)(const mcs_param_spec *p, void *ctx),
                    void *ctx);

/* One input of a job as echoed in its results: a key, its section and its
 * typed value. The JSON `parameters` object, the HDF5 /parameters
 * attributes and the text report's parameters line are written from the
 * one walk below, so their keys are the same everywhere. */
typedef enum { MCS_INPUT_TEXT, MCS_INPUT_REAL, MCS_INPUT_COUNT, MCS_INPUT_LIST } mcs_input_kind;
typedef struct {
    const char *section; /* "model", "option", "simulation" or "output" */
    const char *key;
    mcs_input_kind kind;
    const char *text;    /* MCS_INPUT_TEXT: a name ("gbm", "down-out") */
    double real;         /* MCS_INPUT_REAL */
    uint64_t count;      /* MCS_INPUT_COUNT; MCS_INPUT_LIST: how many in `list` */
    const double *list;  /* MCS_INPUT_LIST: the numbers (a matrix row-major) */
} mcs_input;

/* Calls fn for every resolved input of the job, in config order: model,
 * its parameters, payoff, its parameters, the simulation keys (paths,
 * steps, seed, rng, precision, block_size), then [output] log. */
void mcs_job_inputs(const mcs_job *job, void (*fn)(const mcs_input *in, void *ctx), void *ctx);

/* The input's value as text: shortest round-trip form for reals. */
void mcs_input_text(const mcs_input *in, char *buf, size_t len);

#endif
