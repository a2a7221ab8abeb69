/* result.h - what a run produces: price with its statistics, convergence
 * table, and facts about the run (for the text/JSON report and the HDF5 log). */
#ifndef MCS_RESULT_H
#define MCS_RESULT_H

#include <stdint.h>
#include "stats.h"
#include "timing.h"

#define MCS_CONVERGENCE_MAX 64

typedef struct {
    uint64_t paths;   /* paths merged so far (a whole number of blocks) */
    double price;     /* discounted estimate after `paths` */
    double std_error; /* its standard error */
} mcs_convergence_point;

/* One output of the payoff (a barrier has two: the option and its in/out
 * complement on the same paths). */
typedef struct {
    const char *name;       /* "price", or e.g. "down-in" (static storage) */
    double price;           /* discounted mean */
    double std_error;
    double ci_low, ci_high;
    int has_analytic;
    double analytic;        /* closed form, when one exists */
    const char *analytic_source; /* "Black-Scholes", "Reiner-Rubinstein", ... */
} mcs_output_result;

/* What the run's own checks say about a result (engine/diagnostics.h): a
 * warning leaves it usable with care; an error means it cannot be trusted
 * (mcsim exits 65 after printing it). */
typedef enum { MCS_SEVERITY_WARNING = 0, MCS_SEVERITY_ERROR = 1 } mcs_severity;
typedef struct {
    mcs_severity severity;
    char output[40];     /* the output's name, or the outputs' sum: "down-out + down-in" */
    const char *check;   /* "closed_form", "lower_bound", "upper_bound", "tail", "sum" */
    char message[400];   /* one line, naming the output and the numbers */
} mcs_warning;
/* Each output gets at most 4 (closed form, lower bound, upper bound, tail),
 * the sum of the outputs 2 (its value, its tail). */
#define MCS_MAX_WARNINGS (4 * MCS_MAX_OUTPUTS + 2)

typedef struct {
    double price;     /* discounted mean payoff (output 0) */
    double std_error; /* standard error of price */
    double ci_low, ci_high; /* 95% confidence interval, price -/+ 1.96 se */
    uint64_t paths;
    int has_analytic; /* 1 when a closed form exists for this job */
    double analytic;  /* closed-form price of output 0 */
    const char *analytic_source; /* the closed form's name */
    int n_outputs;    /* outputs per path */
    mcs_output_result outputs[MCS_MAX_OUTPUTS]; /* outputs[0] repeats the fields above */
    int n_convergence;
    mcs_convergence_point convergence[MCS_CONVERGENCE_MAX];
    int n_warnings;   /* what the checks found (engine/diagnostics.h) */
    mcs_warning warnings[MCS_MAX_WARNINGS];
} mcs_result;

/* The GPU a run used (the HDF5 /device group); filled by the GPU backend. */
typedef struct {
    char name[256];           /* e.g. "NVIDIA H100 80GB HBM3" */
    int ordinal;              /* CUDA device number (--device) */
    int sm_count;             /* streaming multiprocessors */
    int cc_major, cc_minor;   /* compute capability */
    uint64_t memory_bytes;    /* global memory */
    int sm_clock_khz;         /* peak SM clock */
    int memory_clock_khz;     /* peak memory clock */
    int memory_bus_bits;      /* memory bus width */
    int driver_version;       /* CUDA driver API version, 1000*major + 10*minor */
    int runtime_version;      /* CUDA runtime version, same encoding */
    int block_threads;        /* launch shape: threads per CUDA block */
    int grid_blocks;          /* launch shape: CUDA blocks per launch (largest) */
} mcs_gpu_info;

/* The speedup estimator's prediction for a run (the HDF5 /estimate group),
 * made from the local hardware profile and the job's parameters alone. */
typedef struct {
    const char *cpu_profile, *gpu_profile; /* profile names */
    const char *backend;                   /* the backend predicted: this run's */
    int cold;                              /* 1: predicted as a fresh process */
    double seconds[MCS_PHASE_COUNT];       /* predicted seconds per phase */
    double h2d_bytes, d2h_bytes, launches;
    double cpu_total, gpu_total;           /* both backends' predicted totals (NaN: n/a) */
    double speedup, break_even;            /* cpu_total / gpu_total; N* (paths) */
} mcs_run_estimate;

/* A shard's share of a job (mcsim CONFIG --shard i/n): blocks [first, end)
 * of `blocks`, and the aligned subtrees of its merge tree, from which
 * `mcsim merge` rebuilds the whole job's result bit for bit. */
typedef struct {
    int index, count;           /* i of n, from 1 */
    uint64_t first, end, blocks;
    const mcs_merge_tree *tree; /* mcs_tree_init_at(first), blocks pushed */
} mcs_shard_info;

/* One MPI rank's part of a run (the HDF5 /ranks table), gathered to rank 0
 * with its share's merge tree. */
typedef struct {
    int rank, status, threads;
    uint64_t first, end;             /* its blocks */
    char host[64], device[64];       /* node, and GPU name or "cpu" */
    double seconds[MCS_PHASE_COUNT]; /* its phase timings */
    double mpi_seconds;              /* waiting in and moving data through MPI */
    char error[256];                 /* why it failed, when status != 0 */
    mcs_merge_tree tree;             /* its share's merge tree */
} mcs_rank_report;

/* Facts about the run that are not statistics. Strings are owned by caller. */
typedef struct {
    const char *backend;      /* "cpu" */
    const char *command_line; /* argv joined with spaces, shell-quoted */
    const char *config_file;  /* path given on the command line */
    const char *config_text;  /* the full resolved config as INI text */
    char host[256];
    char cpu_model[256];
    const char *cpu_isa; /* kernel variant used, e.g. "x86-64-v4"; may be NULL */
    int cores;   /* logical CPUs online */
    int threads; /* OpenMP threads used (cpu) or CUDA streams (gpu) */
    const mcs_gpu_info *gpu; /* the GPU used; NULL on the cpu backend */
    /* The run's prediction, asked for when the log is written, after the
     * write phase's stamp (like /timings): predicting (reading the profile,
     * the break-even search) and writing /estimate are no part of the run's
     * phases, so a run's phase times do not depend on the profile it reads,
     * or whether it reads one. Returns 0 when there is nothing to predict
     * with (no local profile); estimate NULL: no /estimate. */
    int (*estimate)(void *ctx, mcs_run_estimate *out);
    void *estimate_ctx;
    const mcs_shard_info *shard;      /* NULL unless a shard: written as /shard */
    const mcs_rank_report *ranks;     /* MPI ranks (NULL without): /ranks */
    int n_ranks;
} mcs_run_info;

#endif
