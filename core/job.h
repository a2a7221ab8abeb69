/* job.h - one validated pricing job: model, option and simulation settings.
 * Plain data built from the config; it holds no pointers into the parser.
 * The model's and payoff's fields are made from their key lists
 * (core/param_list.h: models/<name>_params.def, payoffs/<name>_params.def),
 * each type's in its own block (models/<name>_params.h,
 * payoffs/<name>_params.h) after the head every model or payoff has; the
 * [simulation] and [output] keys are engine/config.c's. */
#ifndef MCS_JOB_H
#define MCS_JOB_H

#include <stddef.h>
#include <stdint.h>
#include "param_list.h"
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

/* C11's static assert and alignment, under their C++ names for nvcc */
#ifdef __cplusplus
#define MCS_STATIC_ASSERT static_assert
#define MCS_ALIGNAS alignas
#define MCS_ALIGNOF alignof
#else
#define MCS_STATIC_ASSERT _Static_assert
#define MCS_ALIGNAS _Alignas
#define MCS_ALIGNOF _Alignof
#endif

/* A model's parameters, one block per model type (GSL's `size` per type):
 * first the head every model has, then room for the model's own fields.
 * The head holds the model's id and the fields of the keys several models
 * share (their rows are MCS_SHARED in each key list; a model without such
 * a key leaves its field 0). Each model lays its own fields out in its
 * block struct, mcs_<name>_params (models/<name>_params.h: the head, then
 * the fields of its key list models/<name>_params.def), and reads them
 * through mcs_<name>_params_of; so a model's new key rebuilds that model's
 * kernels and the tables, not every kernel. MCS_MODEL_OWN_BYTES is the
 * room: each block struct asserts that it fits (MCS_MODEL_BLOCK_CHECK). */
#define MCS_MODEL_HEAD                                                                   \
    mcs_model_id id;                                                                     \
    uint32_t assets; /* [model] assets of a multi-asset model (0 for one asset) */       \
    double spot, rate, dividend, volatility;
/* where the head ends: a block's first own field lies here or after */
#define MCS_MODEL_HEAD_END (offsetof(mcs_model_params, volatility) + sizeof(double))
/* room for the largest block: multi_gbm's lists, matrix and factor at 64
 * assets (about 83 KiB) */
#define MCS_MODEL_OWN_BYTES (84 * 1024)
typedef struct {
    MCS_MODEL_HEAD
    MCS_ALIGNAS(16) unsigned char own[MCS_MODEL_OWN_BYTES]; /* the model's block's fields */
} mcs_model_params;

/* A block struct shares mcs_model_params' head and fits in its size; it is
 * read where a mcs_model_params lies (GCC, Clang: may_alias says so). */
#if defined(__GNUC__) && !defined(__CUDA_ARCH__)
#define MCS_MAY_ALIAS __attribute__((__may_alias__))
#else
#define MCS_MAY_ALIAS
#endif
/* The checks of a block struct `block_` that lies where an `of_` does
 * (mcs_model_params or mcs_option_params): it fits in the room named
 * `room_`, starts with the head (its fields `first_` and `last_` where
 * `of_` has them) and needs no stricter alignment. */
#define MCS_TYPE_BLOCK_CHECK(block_, of_, first_, last_, room_)                          \
    MCS_STATIC_ASSERT(sizeof(block_) <= sizeof(of_),                                     \
                      #block_ " is larger than " #of_ ": raise " room_ " (core/job.h)"); \
    MCS_STATIC_ASSERT(offsetof(block_, first_) == offsetof(of_, first_) &&              \
                          offsetof(block_, last_) == offsetof(of_, last_),              \
                      #block_ " does not start with the head of " #of_);                 \
    MCS_STATIC_ASSERT(MCS_ALIGNOF(block_) <= MCS_ALIGNOF(of_),                           \
                      #block_ " needs a stricter alignment than " #of_)
#define MCS_MODEL_BLOCK_CHECK(block_)                                                    \
    MCS_TYPE_BLOCK_CHECK(block_, mcs_model_params, assets, volatility, "MCS_MODEL_OWN_BYTES")

/* A product's parameters, one block per payoff type as the model's: the
 * head every payoff has (its id and the fields of the keys several payoffs
 * share: type, strike, maturity, strike_type, monitoring; a payoff without
 * such a key leaves its field 0), then room for the payoff's own fields.
 * Each payoff lays them out in its block struct, mcs_<name>_params
 * (payoffs/<name>_params.h: the head, then the fields of its key list
 * payoffs/<name>_params.def), read through mcs_<name>_params_of; so a
 * payoff's new key rebuilds that payoff's kernels and the tables, not
 * every kernel. MCS_OPTION_OWN_BYTES is the room: each block struct
 * asserts that it fits (MCS_OPTION_BLOCK_CHECK). */
#define MCS_OPTION_HEAD                                                                  \
    mcs_payoff_id payoff;                                                                \
    mcs_option_type type;                                                                \
    double strike, maturity;                                                             \
    mcs_strike_type strike_type;                                                         \
    mcs_monitoring monitoring;
/* where the head ends: a block's first own field lies here or after */
#define MCS_OPTION_HEAD_END (offsetof(mcs_option_params, monitoring) + sizeof(mcs_monitoring))
/* room for the largest block: basket's weights (an mcs_list, 520 bytes) */
#define MCS_OPTION_OWN_BYTES 1024
typedef struct {
    MCS_OPTION_HEAD
    MCS_ALIGNAS(16) unsigned char own[MCS_OPTION_OWN_BYTES]; /* the payoff's block's fields */
} mcs_option_params;
#define MCS_OPTION_BLOCK_CHECK(block_)                                                   \
    MCS_TYPE_BLOCK_CHECK(block_, mcs_option_params, strike, monitoring, "MCS_OPTION_OWN_BYTES")

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

/* The CPU backend's team for a job on `threads` threads: a thread a block,
 * up to the threads (a thread without a block would only add its start). */
static inline int mcs_job_team(const mcs_job *job, int threads)
{
    const uint64_t blocks = mcs_job_blocks(job);
    return blocks < (uint64_t)threads ? (int)blocks : threads;
}

/* Number of paths in block b (the last block may be partial). */
static inline uint32_t mcs_job_block_paths(const mcs_job *job, uint64_t b)
{
    uint64_t first = b * job->sim.block_size;
    uint64_t left = job->sim.paths - first;
    return left < job->sim.block_size ? (uint32_t)left : job->sim.block_size;
}

#endif
