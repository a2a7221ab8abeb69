/* sweep.h - the sweep file: measured phase timings of many runs (sizes x
 * backends x cold/warm x repeats) in one HDF5 file, for `mcsim validate`
 * (layout: docs/hdf5-schema.md, "Sweep file"). */
#ifndef MCS_SWEEP_H
#define MCS_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "config.h"
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
    char config_file[4096];
    char config[MCS_CONFIG_RESOLVED_MAX]; /* the resolved config (INI text): as much as
                                             a config may resolve to (a 64 x 64 matrix) */
    char command_line[4096];
    char host[256], cpu_model[256], gpu_name[256];
    char created_utc[32];
    char version[32];
    char failures[4096];   /* what stopped a backend mid-sweep ("" when none) */
    int task, tasks;       /* --task i --tasks n of a job array's task; 0, 0:
                              the whole sweep (also read from files without) */
    int schema;            /* sweep_schema of a file read: 1 or 2 */
} mcs_sweep_meta;

/* The most path counts a sweep measures, and so the most tasks it can be
 * split into (one size each at least). */
#define MCS_SWEEP_SIZES_MAX 64
/* The most rows a sweep measures (64 sizes x 2 backends x 2 modes x 4096
 * repeats), and so the most a sweep file read may claim. */
#define MCS_SWEEP_ROWS_MAX (MCS_SWEEP_SIZES_MAX * 2 * 2 * 4096)

/* Write rows to `path` by the output-path rule: the HDF5 file is built in
 * memory and written whole or not at all (mcs_output_write_bytes), so a
 * full disk or a size limit is MCS_E_IO with the reason and leaves no file. */
mcs_status mcs_sweep_write(const char *path, const mcs_sweep_meta *meta, const mcs_sweep_row *rows,
                           size_t n, char *err, size_t err_len);

/* The sweep_schema written: 2 (one float64 column per phase). */
#define MCS_SWEEP_SCHEMA 2

/* Read a sweep file (schema 2, or 1: the phase seconds as one array
 * column); *rows is malloc'ed (free it). MCS_E_NOINPUT when the file cannot
 * be opened or is not a regular file, MCS_E_DATA when it is not a sweep
 * file this mcsim reads: among others a row count above
 * MCS_SWEEP_ROWS_MAX or beyond the row data the file holds (checked before
 * allocating), or an attribute longer than mcs_sweep_meta keeps. The rows'
 * values are not checked here (mcs_sweep_check_row). */
mcs_status mcs_sweep_read(const char *path, mcs_sweep_meta *meta, mcs_sweep_row **rows,
                          size_t *n, char *err, size_t err_len);

/* Are r's values those of a run mcsim could have measured? Names known,
 * paths, steps, block size, threads and repeat in the ranges sweep uses,
 * every phase a finite number of seconds >= 0 and the total > 0. 0 with
 * the column and value named in `why` ("paths = 18446744073709551615: must
 * be 1 to 1e15"). */
int mcs_sweep_check_row(const mcs_sweep_row *r, char *why, size_t len);

#endif
