/* sweep.h - the sweep file: measured phase timings of many runs (sizes x
 * backends x cold/warm x repeats) in one HDF5 file, for `mcsim validate`
 * (layout: docs/hdf5-schema.md, "Sweep file"). */
#ifndef MCS_SWEEP_H
#define MCS_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "timing.h"

/* One measured run. */
typedef struct {
    char backend[8];   /* "cpu", "gpu" */
    char mode[8];      /* "cold" (fresh process) or "warm" (same process) */
    uint64_t paths;
    uint32_t steps, block_size;
    char precision[8]; /* "single", "double" */
    char rng[16];      /* the generator the run used */
    int32_t threads;   /* CPU threads (cpu backend); 1 on the gpu */
    int32_t repeat;    /* 0, 1, ... */
    double seconds[MCS_PHASE_COUNT];
} mcs_sweep_row;

/* Facts about the sweep as a whole (root attributes). */
typedef struct {
    char config_file[1024];
    char config[8192];     /* the resolved config (INI text) */
    char command_line[2048];
    char host[256], cpu_model[256], gpu_name[256];
    char created_utc[32];
    char version[32];
    char failures[1024];   /* what stopped a backend mid-sweep ("" when none) */
    int schema;            /* sweep_schema of a file read: 1 or 2 */
} mcs_sweep_meta;

/* Write rows to `path` (through a temporary file, renamed when complete). */
mcs_status mcs_sweep_write(const char *path, const mcs_sweep_meta *meta, const mcs_sweep_row *rows,
                           size_t n, char *err, size_t err_len);

/* The sweep_schema written: 2 (one float64 column per phase). */
#define MCS_SWEEP_SCHEMA 2

/* Read a sweep file (schema 2, or 1: the phase seconds as one array
 * column); *rows is malloc'ed (free it). MCS_E_NOINPUT when the file cannot
 * be opened, MCS_E_DATA when it is not a sweep file this mcsim reads. */
mcs_status mcs_sweep_read(const char *path, mcs_sweep_meta *meta, mcs_sweep_row **rows,
                          size_t *n, char *err, size_t err_len);

#endif
