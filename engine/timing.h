/* timing.h - wall-clock phase timings of one run (the HDF5 "timings" table). */
#ifndef MCS_TIMING_H
#define MCS_TIMING_H

/* X(enum suffix, name in the HDF5 file, what it covers) */
#define MCS_PHASE_LIST(X)                                                         \
    X(CONFIG, "config", "parse and validate the INI file and overrides")         \
    X(SETUP, "setup", "backend start-up: thread team, buffers, output folder")  \
    X(RNG_INIT, "rng_init", "seeding one random stream per block")              \
    X(SIMULATE, "simulate", "path generation and payoffs (per-block sums)")     \
    X(REDUCE, "reduce", "merging block sums in block order, statistics")        \
    X(WRITE, "write", "writing the HDF5 run log (all but the timings table)")   \
    X(TOTAL, "total", "process start to the timings table being written")

typedef enum {
#define MCS_PHASE_ENUM(id, name, what) MCS_PHASE_##id,
    MCS_PHASE_LIST(MCS_PHASE_ENUM)
#undef MCS_PHASE_ENUM
    MCS_PHASE_COUNT
} mcs_phase;

typedef struct {
    double start;                     /* mcs_now() at process start */
    double seconds[MCS_PHASE_COUNT];  /* accumulated seconds per phase */
} mcs_timings;

/* Monotonic wall clock in seconds. */
double mcs_now(void);
/* Name of a phase as written to the HDF5 file. */
const char *mcs_phase_name(mcs_phase p);
/* One-line description of a phase. */
const char *mcs_phase_description(mcs_phase p);

#endif
