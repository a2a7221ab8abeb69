/* job.h - one validated pricing job: model, option and simulation settings.
 * Plain data built from the config; it holds no pointers into the parser.
 * The model's and payoff's fields are made from their key lists
 * (core/param_list.h: models/<name>_params.def, payoffs/<name>_params.def);
 * the [simulation] and [output] keys are engine/config.c's. */
#ifndef MCS_JOB_H
#define MCS_JOB_H

#include <stdint.h>
#include "param_list.h"
#include "../models/model_keys.h"
#include "../payoffs/option_keys.h"
#include "asset_factor.h"

typedef enum {
    MCS_MODEL_GBM = 0,
    MCS_MODEL_BACHELIER = 1,
    MCS_MODEL_HESTON = 2,
    MCS_MODEL_MERTON = 3,
    MCS_MODEL_MULTI_GBM = 4
} mcs_model_id;
typedef enum {
    MCS_PAYOFF_EUROPEAN = 0,
    MCS_PAYOFF_DIGITAL = 1,
    MCS_PAYOFF_ASIAN = 2,
    MCS_PAYOFF_BARRIER = 3,
    MCS_PAYOFF_LOOKBACK = 4,
    MCS_PAYOFF_BASKET = 5,
    MCS_PAYOFF_BEST_OF = 6,
    MCS_PAYOFF_WORST_OF = 7,
    MCS_PAYOFF_SPREAD = 8
} mcs_payoff_id;
/* MCS_RNG_AUTO: the backend's default (cpu: pcg64, gpu: philox), resolved
 * before the run; a finished job always names a concrete generator. */
typedef enum {
    MCS_RNG_PCG64 = 0,
    MCS_RNG_PHILOX = 1,
    MCS_RNG_MRG32K3A = 2,
    MCS_RNG_SOBOL = 3,
    MCS_RNG_AUTO = 4
} mcs_rng_id;
typedef enum { MCS_SINGLE = 0, MCS_DOUBLE = 1 } mcs_precision;
typedef enum { MCS_PUT = 0, MCS_CALL = 1 } mcs_option_type;
typedef enum { MCS_DIGITAL_CASH = 0, MCS_DIGITAL_ASSET = 1 } mcs_digital_kind;
typedef enum { MCS_AVERAGE_ARITHMETIC = 0, MCS_AVERAGE_GEOMETRIC = 1 } mcs_average_kind;
typedef enum { MCS_STRIKE_FIXED = 0, MCS_STRIKE_FLOATING = 1 } mcs_strike_type;
typedef enum {
    MCS_BARRIER_DOWN_OUT = 0,
    MCS_BARRIER_DOWN_IN = 1,
    MCS_BARRIER_UP_OUT = 2,
    MCS_BARRIER_UP_IN = 3
} mcs_barrier_type;
typedef enum { MCS_MONITOR_DISCRETE = 0, MCS_MONITOR_CONTINUOUS = 1 } mcs_monitoring;
/* Heston's variance step (models/heston.h) */
typedef enum { MCS_HESTON_QE = 0, MCS_HESTON_EULER = 1 } mcs_heston_scheme;

#define MCS_NAME_MAX 64
#define MCS_PATH_MAX 4096

/* The fields of every model's and payoff's config keys, made from their key
 * lists (core/param_list.h): a list file per type, named in
 * models/params.def and payoffs/params.def. */
#define MCS_REAL MCS_FIELD_REAL
#define MCS_COUNT MCS_FIELD_COUNT
#define MCS_CHOICE MCS_FIELD_CHOICE
#define MCS_LIST MCS_FIELD_LIST
#define MCS_MATRIX MCS_FIELD_MATRIX
#define MCS_HIDDEN MCS_FIELD_HIDDEN
#define MCS_SHARED(row)

/* A model's parameters: its id, then every model's fields side by side (a
 * model reads the ones its list declares or shares; the rest stay zero). */
typedef struct {
    mcs_model_id id;
#include "../models/params.def"
} mcs_model_params;

/* A product's parameters: the payoff's id, then every payoff's fields side
 * by side (as above). */
typedef struct {
    mcs_payoff_id payoff;
#include "../payoffs/params.def"
} mcs_option_params;

#undef MCS_REAL
#undef MCS_COUNT
#undef MCS_CHOICE
#undef MCS_LIST
#undef MCS_MATRIX
#undef MCS_HIDDEN
#undef MCS_SHARED

/* The number of rows of every key list, models' and payoffs' (a key several
 * types share counts once per type): the room the key tables need. */
#define MCS_REAL(...) +1
#define MCS_COUNT(...) +1
#define MCS_CHOICE(...) +1
#define MCS_LIST(...) +1
#define MCS_MATRIX(...) +1
#define MCS_HIDDEN(...)
#define MCS_SHARED(row) +1
enum {
    MCS_PARAM_ROWS = 0
#include "../models/params.def"
#include "../payoffs/params.def"
};
#undef MCS_REAL
#undef MCS_COUNT
#undef MCS_CHOICE
#undef MCS_LIST
#undef MCS_MATRIX
#undef MCS_HIDDEN
#undef MCS_SHARED

typedef struct {
    uint64_t paths;      /* N >= 1 */
    uint32_t steps;      /* time steps per path >= 1 */
    uint64_t seed;
    mcs_rng_id rng;
    mcs_precision precision;
    uint32_t block_size; /* paths per block (reproducibility unit) */
} mcs_sim_params;

typedef struct {
    mcs_model_params model;
    mcs_option_params option;
    mcs_sim_params sim;
    char output_file[MCS_PATH_MAX]; /* "" = default name */
    int write_log;                  /* [output] log: 1 yes, 0 no (--no-log) */
} mcs_job;

/* Number of blocks of a job: ceil(paths / block_size). */
static inline uint64_t mcs_job_blocks(const mcs_job *job)
{
    return (job->sim.paths + job->sim.block_size - 1) / job->sim.block_size;
}

/* Number of paths in block b (the last block may be partial). */
static inline uint32_t mcs_job_block_paths(const mcs_job *job, uint64_t b)
{
    uint64_t first = b * job->sim.block_size;
    uint64_t left = job->sim.paths - first;
    return left < job->sim.block_size ? (uint32_t)left : job->sim.block_size;
}

#endif
