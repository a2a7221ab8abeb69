/* timing.h - wall-clock phase timings of one run (the HDF5 "timings" table). */
#ifndef MCS_TIMING_H
#define MCS_TIMING_H

#include <stdint.h>
#include <stddef.h>

/* X(enum suffix, name in the HDF5 file, what it covers). Both backends
 * write every row; a phase a backend does not have stays 0. */
#define MCS_PHASE_LIST(X)                                                              \
    X(CONFIG, "config", "parse and validate the INI file and overrides")              \
    X(CONTEXT, "context", "GPU context creation (CUDA runtime start-up)")             \
    X(DEVICE_QUERY, "device_query", "GPU properties and driver/runtime versions")     \
    X(SETUP, "setup", "backend start-up: thread team, streams, events, log folder")  \
    X(ALLOC, "alloc", "GPU memory and pinned host memory allocation")                 \
    X(RNG_INIT, "rng_init", "random stream set-up (seeding, Sobol tables)")           \
    X(H2D, "h2d", "host-to-device copies (GPU event time)")                          \
    X(SIMULATE, "simulate", "path generation and payoffs: kernels (GPU event time)") \
    X(D2H, "d2h", "device-to-host copies of block sums (GPU event time)")            \
    X(REDUCE, "reduce", "merging block sums in block order, statistics")             \
    X(TEARDOWN, "teardown", "freeing buffers, streams and thread state")             \
    X(WRITE, "write", "writing the HDF5 run log (all but the timings table)")        \
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
    uint64_t bytes[MCS_PHASE_COUNT];  /* bytes moved (h2d, d2h), else 0 */
    uint64_t count[MCS_PHASE_COUNT];  /* operations: kernels launched, copies made */
} mcs_timings;

/* Monotonic wall clock in seconds. */
double mcs_now(void);
/* The time now in UTC, "2026-11-29T12:00:00Z", into buf (at least 21 bytes):
 * 0, or -1 ("" in buf) where it does not fit or the clock cannot be read. */
int mcs_utc_stamp(char *buf, size_t len);
/* Name of a phase as written to the HDF5 file. */
const char *mcs_phase_name(mcs_phase p);
/* One-line description of a phase. */
const char *mcs_phase_description(mcs_phase p);
/* The time outside every phase of seconds[MCS_PHASE_COUNT]: the total less
 * the phases, 0 below a billionth of the total (rounding, or a negative). */
double mcs_other_seconds(const double *seconds);

#endif
