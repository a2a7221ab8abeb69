/* h5log.c - writes the HDF5 run log (schema v3, docs/hdf5-schema.md) to a
 * temporary file in the target folder and renames it into place when complete. */
#define _POSIX_C_SOURCE 200809L
#include "h5log.h"
#include "catalog.h"
#include "h5mem.h"
#include "output_path.h"
#include "shard.h"
#include "product.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hdf5.h>

#ifndef MCS_VERSION
#define MCS_VERSION "0.1.0"
#endif

/* Stated in the log; the interval in mcs_result is price -/+ 1.96 se. */
#define CONFIDENCE_LEVEL 0.95

static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    if (err == NULL || errlen == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static void close_id(hid_t *id, herr_t (*close)(hid_t))
{
    if (*id >= 0)
        close(*id);
    *id = -1;
}

static int attr_f64(hid_t loc, const char *name, double v)
{
    return mcs_h5_put_as(loc, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &v);
}

static int attr_u64(hid_t loc, const char *name, uint64_t v)
{
    return mcs_h5_put_as(loc, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, &v);
}

static int attr_u32(hid_t loc, const char *name, uint32_t v)
{
    return mcs_h5_put_as(loc, name, H5T_STD_U32LE, H5T_NATIVE_UINT32, &v);
}

static int attr_i32(hid_t loc, const char *name, int32_t v)
{
    return mcs_h5_put_as(loc, name, H5T_STD_I32LE, H5T_NATIVE_INT32, &v);
}

/* A 1-D array of n doubles (a list or matrix parameter, row-major). */
static int attr_f64_array(hid_t loc, const char *name, const double *v, size_t n)
{
    hsize_t dims[1] = {n ? n : 1};
    double zero = 0;
    hid_t space = H5Screate_simple(1, dims, NULL);
    hid_t a = space >= 0 ? H5Acreate2(loc, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT)
                         : -1;
    int rc = a >= 0 && H5Awrite(a, H5T_NATIVE_DOUBLE, n ? v : &zero) >= 0 ? 0 : -1;
    if (a >= 0)
        H5Aclose(a);
    if (space >= 0)
        H5Sclose(space);
    return rc;
}

static const char *rng_name(mcs_rng_id rng)
{
    const mcs_named *e = mcs_named_by_id(mcs_rngs, (int)rng);
    return e ? e->name : "unknown";
}

static int write_root(hid_t file, const mcs_run_info *info)
{
    char created[32];
    if (mcs_utc_stamp(created, sizeof created) != 0)
        return -1;
    if (mcs_h5_put_str(file, "creator", "mcsim") < 0 ||
        mcs_h5_put_str(file, "version", MCS_VERSION) < 0 ||
        attr_i32(file, "schema_version", MCS_H5LOG_SCHEMA_VERSION) < 0 ||
        mcs_h5_put_str(file, "created_utc", created) < 0 ||
        mcs_h5_put_str(file, "host", info->host) < 0 ||
        mcs_h5_put_str(file, "command_line", info->command_line) < 0 ||
        mcs_h5_put_str(file, "config_file", info->config_file) < 0 ||
        mcs_h5_put_str(file, "config", info->config_text) < 0 ||
        mcs_h5_put_str(file, "backend", info->backend) < 0)
        return -1;
    return 0;
}

static int write_result(hid_t file, const mcs_job *job, const mcs_result *res)
{
    hid_t grp = -1;
    int rc = -1;

    if ((grp = H5Gcreate2(file, "result", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
        goto cleanup;
    if (attr_f64(grp, "price", res->price) < 0 ||
        attr_f64(grp, "std_error", res->std_error) < 0 ||
        attr_f64(grp, "ci_low", res->ci_low) < 0 ||
        attr_f64(grp, "ci_high", res->ci_high) < 0 ||
        attr_f64(grp, "confidence_level", CONFIDENCE_LEVEL) < 0 ||
        attr_u64(grp, "paths", res->paths) < 0)
        goto cleanup;
    if (res->has_analytic) {
        if (attr_f64(grp, "analytic", res->analytic) < 0 ||
            mcs_h5_put_str(grp, "analytic_source", res->analytic_source) < 0)
            goto cleanup;
        if (res->std_error > 0.0 &&
            attr_f64(grp, "error_in_std_errors",
                     (res->price - res->analytic) / res->std_error) < 0)
            goto cleanup;
    }
    if (attr_u64(grp, "seed", job->sim.seed) < 0 ||
        mcs_h5_put_str(grp, "rng", rng_name(job->sim.rng)) < 0 ||
        mcs_h5_put_str(grp, "precision", job->sim.precision == MCS_SINGLE ? "single" : "double") < 0 ||
        attr_u32(grp, "block_size", job->sim.block_size) < 0 ||
        attr_u32(grp, "steps", job->sim.steps) < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&grp, H5Gclose);
    return rc;
}

static int write_convergence(hid_t file, const mcs_result *res)
{
    hid_t ftype = -1, mtype = -1, space = -1, dset = -1;
    hsize_t dims[1] = {(hsize_t)res->n_convergence};
    int rc = -1;

    /* file layout: packed little-endian, 24 bytes a row */
    if ((ftype = H5Tcreate(H5T_COMPOUND, 24)) < 0 ||
        H5Tinsert(ftype, "paths", 0, H5T_STD_U64LE) < 0 ||
        H5Tinsert(ftype, "price", 8, H5T_IEEE_F64LE) < 0 ||
        H5Tinsert(ftype, "std_error", 16, H5T_IEEE_F64LE) < 0)
        goto cleanup;
    if ((mtype = H5Tcreate(H5T_COMPOUND, sizeof(mcs_convergence_point))) < 0 ||
        H5Tinsert(mtype, "paths", HOFFSET(mcs_convergence_point, paths), H5T_NATIVE_UINT64) < 0 ||
        H5Tinsert(mtype, "price", HOFFSET(mcs_convergence_point, price), H5T_NATIVE_DOUBLE) < 0 ||
        H5Tinsert(mtype, "std_error", HOFFSET(mcs_convergence_point, std_error),
                  H5T_NATIVE_DOUBLE) < 0)
        goto cleanup;
    if ((space = H5Screate_simple(1, dims, NULL)) < 0)
        goto cleanup;
    if ((dset = H5Dcreate2(file, "convergence", ftype, space, H5P_DEFAULT, H5P_DEFAULT,
                           H5P_DEFAULT)) < 0)
        goto cleanup;
    if (res->n_convergence > 0 &&
        H5Dwrite(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, res->convergence) < 0)
        goto cleanup;
    if (mcs_h5_put_str(dset, "description",
                 "running estimate after each checkpoint: paths merged so far "
                 "(whole blocks, in block order), discounted price, its standard error") < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&dset, H5Dclose);
    close_id(&space, H5Sclose);
    close_id(&mtype, H5Tclose);
    close_id(&ftype, H5Tclose);
    return rc;
}

/* /outputs/<j>: every output of the payoff (a barrier's second output is
 * its in/out complement on the same paths). */
static int write_outputs(hid_t file, const mcs_result *res)
{
    hid_t grp = -1, sub = -1;
    int rc = -1;
    if ((grp = H5Gcreate2(file, "outputs", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
        goto cleanup;
    for (int j = 0; j < res->n_outputs; j++) {
        const mcs_output_result *o = &res->outputs[j];
        char name[16];
        snprintf(name, sizeof name, "%d", j);
        if ((sub = H5Gcreate2(grp, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
            goto cleanup;
        if (mcs_h5_put_str(sub, "name", o->name) < 0 || attr_f64(sub, "price", o->price) < 0 ||
            attr_f64(sub, "std_error", o->std_error) < 0 ||
            attr_f64(sub, "ci_low", o->ci_low) < 0 || attr_f64(sub, "ci_high", o->ci_high) < 0)
            goto cleanup;
        if (o->has_analytic && (attr_f64(sub, "analytic", o->analytic) < 0 ||
                                mcs_h5_put_str(sub, "analytic_source", o->analytic_source) < 0))
            goto cleanup;
        close_id(&sub, H5Gclose);
    }
    rc = 0;
cleanup:
    close_id(&sub, H5Gclose);
    close_id(&grp, H5Gclose);
    return rc;
}

/* One row of /warnings in memory. */
typedef struct {
    const char *severity, *output, *check, *message;
} warning_row;

/* /warnings: what the result's checks found (engine/diagnostics.h), one
 * row each, always present (no rows: nothing found). */
static int write_warnings(hid_t file, const mcs_result *res)
{
    hid_t str = -1, type = -1, space = -1, dset = -1;
    warning_row rows[MCS_MAX_WARNINGS];
    hsize_t dims[1] = {(hsize_t)res->n_warnings};
    int rc = -1;
    for (int i = 0; i < res->n_warnings; i++) {
        const mcs_warning *w = &res->warnings[i];
        rows[i] = (warning_row){w->severity == MCS_SEVERITY_ERROR ? "error" : "warning",
                                w->output, w->check, w->message};
    }
    if ((str = mcs_h5_utf8_string()) < 0 ||
        (type = H5Tcreate(H5T_COMPOUND, sizeof(warning_row))) < 0 ||
        H5Tinsert(type, "severity", HOFFSET(warning_row, severity), str) < 0 ||
        H5Tinsert(type, "output", HOFFSET(warning_row, output), str) < 0 ||
        H5Tinsert(type, "check", HOFFSET(warning_row, check), str) < 0 ||
        H5Tinsert(type, "message", HOFFSET(warning_row, message), str) < 0)
        goto cleanup;
    if ((space = H5Screate_simple(1, dims, NULL)) < 0 ||
        (dset = H5Dcreate2(file, "warnings", type, space, H5P_DEFAULT, H5P_DEFAULT,
                           H5P_DEFAULT)) < 0 ||
        (res->n_warnings > 0 && H5Dwrite(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0))
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&dset, H5Dclose);
    close_id(&space, H5Sclose);
    close_id(&type, H5Tclose);
    close_id(&str, H5Tclose);
    return rc;
}

typedef struct {
    hid_t grp;
    int failed;
} param_writer;

static void write_input(const mcs_input *in, void *ctx)
{
    param_writer *w = ctx;
    int rc;
    if (in->kind == MCS_INPUT_TEXT)
        rc = mcs_h5_put_str(w->grp, in->key, in->text);
    else if (in->kind == MCS_INPUT_COUNT)
        rc = attr_u64(w->grp, in->key, in->count);
    else if (in->kind == MCS_INPUT_LIST)
        rc = attr_f64_array(w->grp, in->key, in->list, (size_t)in->count);
    else
        rc = attr_f64(w->grp, in->key, in->real);
    w->failed |= rc < 0;
}

/* /parameters: every resolved input (model, payoff, their parameters, the
 * simulation keys) as a typed attribute, numbers as numbers; the same keys
 * as the JSON `parameters` object (one walk, engine/product.h). */
static int write_parameters(hid_t file, const mcs_job *job)
{
    param_writer w = {-1, 0};
    if ((w.grp = H5Gcreate2(file, "parameters", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
        return -1;
    mcs_job_inputs(job, write_input, &w);
    close_id(&w.grp, H5Gclose);
    return w.failed ? -1 : 0;
}

static int write_gpu(hid_t grp, const mcs_gpu_info *g)
{
    char cc[16];
    snprintf(cc, sizeof cc, "%d.%d", g->cc_major, g->cc_minor);
    return mcs_h5_put_str(grp, "gpu_name", g->name) < 0 ||
                   attr_i32(grp, "gpu_ordinal", g->ordinal) < 0 ||
                   attr_i32(grp, "gpu_sm_count", g->sm_count) < 0 ||
                   mcs_h5_put_str(grp, "gpu_compute_capability", cc) < 0 ||
                   attr_u64(grp, "gpu_memory_bytes", g->memory_bytes) < 0 ||
                   attr_i32(grp, "gpu_sm_clock_khz", g->sm_clock_khz) < 0 ||
                   attr_i32(grp, "gpu_memory_clock_khz", g->memory_clock_khz) < 0 ||
                   attr_i32(grp, "gpu_memory_bus_bits", g->memory_bus_bits) < 0 ||
                   attr_i32(grp, "cuda_driver_version", g->driver_version) < 0 ||
                   attr_i32(grp, "cuda_runtime_version", g->runtime_version) < 0 ||
                   attr_i32(grp, "gpu_block_threads", g->block_threads) < 0 ||
                   attr_i32(grp, "gpu_grid_blocks", g->grid_blocks) < 0
               ? -1
               : 0;
}

static int write_device(hid_t file, const mcs_run_info *info)
{
    hid_t grp = -1;
    int rc = -1;

    if ((grp = H5Gcreate2(file, "device", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
        goto cleanup;
    if (mcs_h5_put_str(grp, "kind", info->gpu ? "gpu" : "cpu") < 0 ||
        mcs_h5_put_str(grp, "cpu_model", info->cpu_model) < 0 ||
        mcs_h5_put_str(grp, "cpu_isa", info->cpu_isa ? info->cpu_isa : "unknown") < 0 ||
        attr_i32(grp, "cores", info->cores) < 0 ||
        attr_i32(grp, "threads", info->threads) < 0)
        goto cleanup;
    if (info->gpu && write_gpu(grp, info->gpu) < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&grp, H5Gclose);
    return rc;
}

typedef struct {
    const char *phase;
    double seconds;
    uint64_t bytes;
    uint64_t count;
} timing_row;

static int write_timings(hid_t file, const char *name, const mcs_timings *t)
{
    hid_t str = -1, ftype = -1, mtype = -1, space = -1, dset = -1;
    hsize_t dims[1] = {MCS_PHASE_COUNT};
    timing_row rows[MCS_PHASE_COUNT];
    int rc = -1;

    for (int p = 0; p < MCS_PHASE_COUNT; p++) {
        rows[p].phase = mcs_phase_name((mcs_phase)p);
        rows[p].seconds = t->seconds[p];
        rows[p].bytes = t->bytes[p];
        rows[p].count = t->count[p];
    }
    /* variable-length UTF-8: h5py reads it as str */
    if ((str = mcs_h5_utf8_string()) < 0)
        goto cleanup;
    /* packed file layout: phase (a variable-length reference), then three
     * 8-byte numbers */
    const size_t at = H5Tget_size(str);
    if ((ftype = H5Tcreate(H5T_COMPOUND, at + 24)) < 0 ||
        H5Tinsert(ftype, "phase", 0, str) < 0 ||
        H5Tinsert(ftype, "seconds", at, H5T_IEEE_F64LE) < 0 ||
        H5Tinsert(ftype, "bytes", at + 8, H5T_STD_U64LE) < 0 ||
        H5Tinsert(ftype, "count", at + 16, H5T_STD_U64LE) < 0)
        goto cleanup;
    if ((mtype = H5Tcreate(H5T_COMPOUND, sizeof(timing_row))) < 0 ||
        H5Tinsert(mtype, "phase", HOFFSET(timing_row, phase), str) < 0 ||
        H5Tinsert(mtype, "seconds", HOFFSET(timing_row, seconds), H5T_NATIVE_DOUBLE) < 0 ||
        H5Tinsert(mtype, "bytes", HOFFSET(timing_row, bytes), H5T_NATIVE_UINT64) < 0 ||
        H5Tinsert(mtype, "count", HOFFSET(timing_row, count), H5T_NATIVE_UINT64) < 0)
        goto cleanup;
    if ((space = H5Screate_simple(1, dims, NULL)) < 0)
        goto cleanup;
    if ((dset = H5Dcreate2(file, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT,
                           H5P_DEFAULT)) < 0)
        goto cleanup;
    if (H5Dwrite(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0)
        goto cleanup;
    if (mcs_h5_put_str(dset, "units", "s") < 0 ||
        mcs_h5_put_str(dset, "clock", "CLOCK_MONOTONIC wall time; GPU phases: CUDA event time") < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&dset, H5Dclose);
    close_id(&space, H5Sclose);
    close_id(&mtype, H5Tclose);
    close_id(&ftype, H5Tclose);
    close_id(&str, H5Tclose);
    return rc;
}

/* One row of /ranks in memory. */
typedef struct {
    int32_t rank, threads;
    uint64_t first, end;
    const char *host, *device;
    double mpi_seconds;
    double seconds[MCS_PHASE_COUNT];
} rank_row;

/* /ranks: one row per MPI rank (rank, host, device, threads, its blocks,
 * seconds in MPI, then a column of seconds per phase, as /timings names
 * them): a table pandas reads as it is. */
static int write_ranks(hid_t file, const mcs_rank_report *ranks, int n)
{
    hid_t str = -1, type = -1, space = -1, dset = -1;
    int rc = -1;
    rank_row *rows = calloc((size_t)n, sizeof *rows);
    if (!rows)
        return -1;
    for (int i = 0; i < n; i++) {
        rows[i] = (rank_row){ranks[i].rank, ranks[i].threads, ranks[i].first, ranks[i].end,
                             ranks[i].host, ranks[i].device, ranks[i].mpi_seconds, {0}};
        memcpy(rows[i].seconds, ranks[i].seconds, sizeof rows[i].seconds);
    }
    hsize_t dims[1] = {(hsize_t)n};
    if ((str = mcs_h5_utf8_string()) < 0 ||
        (type = H5Tcreate(H5T_COMPOUND, sizeof(rank_row))) < 0 ||
        H5Tinsert(type, "rank", HOFFSET(rank_row, rank), H5T_NATIVE_INT32) < 0 ||
        H5Tinsert(type, "host", HOFFSET(rank_row, host), str) < 0 ||
        H5Tinsert(type, "device", HOFFSET(rank_row, device), str) < 0 ||
        H5Tinsert(type, "threads", HOFFSET(rank_row, threads), H5T_NATIVE_INT32) < 0 ||
        H5Tinsert(type, "first_block", HOFFSET(rank_row, first), H5T_NATIVE_UINT64) < 0 ||
        H5Tinsert(type, "end_block", HOFFSET(rank_row, end), H5T_NATIVE_UINT64) < 0 ||
        H5Tinsert(type, "mpi", HOFFSET(rank_row, mpi_seconds), H5T_NATIVE_DOUBLE) < 0)
        goto cleanup;
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        if (H5Tinsert(type, mcs_phase_name((mcs_phase)p),
                      HOFFSET(rank_row, seconds) + (size_t)p * sizeof(double),
                      H5T_NATIVE_DOUBLE) < 0)
            goto cleanup;
    if ((space = H5Screate_simple(1, dims, NULL)) < 0 ||
        (dset = H5Dcreate2(file, "ranks", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0 ||
        H5Dwrite(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0 ||
        mcs_h5_put_str(dset, "units", "s") < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&dset, H5Dclose);
    close_id(&space, H5Sclose);
    close_id(&type, H5Tclose);
    close_id(&str, H5Tclose);
    free(rows);
    return rc;
}

/* The estimator's prediction for this run: /estimate with a timings table
 * of the same phases as /timings (predicted seconds, bytes and launches). */
static int write_estimate(hid_t file, const mcs_run_estimate *e)
{
    hid_t grp = -1;
    int rc = -1;
    mcs_timings t;
    memset(&t, 0, sizeof t);
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        t.seconds[p] = e->seconds[p];
    t.bytes[MCS_PHASE_H2D] = (uint64_t)e->h2d_bytes;
    t.bytes[MCS_PHASE_D2H] = (uint64_t)e->d2h_bytes;
    t.count[MCS_PHASE_SIMULATE] = (uint64_t)e->launches;
    if ((grp = H5Gcreate2(file, "estimate", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0)
        goto cleanup;
    if (mcs_h5_put_str(grp, "cpu_profile", e->cpu_profile) < 0 ||
        mcs_h5_put_str(grp, "gpu_profile", e->gpu_profile) < 0 ||
        mcs_h5_put_str(grp, "backend", e->backend) < 0 || attr_i32(grp, "cold", e->cold) < 0 ||
        attr_f64(grp, "cpu_total_s", e->cpu_total) < 0 ||
        attr_f64(grp, "gpu_total_s", e->gpu_total) < 0 ||
        attr_f64(grp, "speedup", e->speedup) < 0 ||
        attr_f64(grp, "break_even_paths", e->break_even) < 0 ||
        write_timings(grp, "timings", &t) < 0)
        goto cleanup;
    rc = 0;
cleanup:
    close_id(&grp, H5Gclose);
    return rc;
}

/* Put the finished temporary at its final name. chosen == NULL: rename()
 * onto path, replacing. Otherwise link() claims the name atomically
 * (concurrent runs never take each other's file); if path is taken, "-2",
 * "-3", ... go before the extension; chosen receives the name used. */
static int commit(const char *tmp, const char *path, char *chosen, size_t chosen_len)
{
    if (!chosen)
        return rename(tmp, path);
    char stem[4096], ext[64] = "";
    snprintf(stem, sizeof stem, "%s", path);
    char *dot = strrchr(stem, '.'), *slash = strrchr(stem, '/');
    if (dot && (!slash || dot > slash + 1) && strlen(dot) < sizeof ext) {
        snprintf(ext, sizeof ext, "%s", dot);
        *dot = '\0';
    }
    for (int k = 1; k < 1000; k++) {
        if (k == 1)
            snprintf(chosen, chosen_len, "%s%s", stem, ext);
        else
            snprintf(chosen, chosen_len, "%s-%d%s", stem, k, ext);
        if (link(tmp, chosen) == 0)
            return unlink(tmp);
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

static mcs_status write_log(const char *path, char *chosen, size_t chosen_len,
                            const mcs_run_info *info, const mcs_job *job,
                            const mcs_result *res, mcs_timings *t, char *err, size_t errlen)
{
    double t0 = mcs_now();
    H5E_auto2_t old_func = NULL;
    void *old_data = NULL;
    int have_old = 0;
    char *tmp = NULL;
    size_t tmplen;
    hid_t file = -1;
    void *image = NULL;
    int tmp_exists = 0;
    const char *stage = NULL;
    mcs_status st = MCS_E_IO;

    if (path == NULL || path[0] == '\0' || info == NULL || job == NULL || res == NULL ||
        t == NULL) {
        set_err(err, errlen, "HDF5 log: missing output path or run data");
        return MCS_E_SOFTWARE;
    }
    if (res->n_convergence < 0 || res->n_convergence > MCS_CONVERGENCE_MAX) {
        set_err(err, errlen, "HDF5 log '%s': %d convergence points (0..%d allowed)", path,
                res->n_convergence, MCS_CONVERGENCE_MAX);
        return MCS_E_SOFTWARE;
    }

    tmplen = strlen(path) + 32;
    if ((tmp = malloc(tmplen)) == NULL) {
        set_err(err, errlen, "cannot write HDF5 log '%s': out of memory", path);
        return MCS_E_NOMEM;
    }
    snprintf(tmp, tmplen, "%s.tmp.%ld", path, (long)getpid());
    mcs_output_remove_stale_temporaries(path);

    /* our messages replace HDF5's error stack print-out; restored on return */
    if (H5Eget_auto2(H5E_DEFAULT, &old_func, &old_data) >= 0)
        have_old = 1;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);

    /* The file is built in memory (HDF5's core driver, no backing store)
     * and written out by mcs_output_write_new_file: HDF5 never touches the disk. */
    if ((file = mcs_h5mem_create(tmp)) < 0) {
        set_err(err, errlen, "cannot write HDF5 log '%s': cannot create it in memory", path);
        goto cleanup;
    }

    if (write_root(file, info) < 0) { stage = "root attributes"; goto cleanup; }
    if (write_result(file, job, res) < 0) { stage = "/result"; goto cleanup; }
    if (write_convergence(file, res) < 0) { stage = "/convergence"; goto cleanup; }
    if (write_outputs(file, res) < 0) { stage = "/outputs"; goto cleanup; }
    if (write_warnings(file, res) < 0) { stage = "/warnings"; goto cleanup; }
    if (write_parameters(file, job) < 0) { stage = "/parameters"; goto cleanup; }
    if (write_device(file, info) < 0) { stage = "/device"; goto cleanup; }
    if (info->ranks && write_ranks(file, info->ranks, info->n_ranks) < 0) {
        stage = "/ranks";
        goto cleanup;
    }
    if (info->shard && mcs_shard_write_group(file, info->shard) < 0) { stage = "/shard"; goto cleanup; }
    {
        double now = mcs_now();
        t->seconds[MCS_PHASE_WRITE] = now - t0;
        t->seconds[MCS_PHASE_TOTAL] = now - t->start;
    }
    if (write_timings(file, "timings", t) < 0) { stage = "/timings"; goto cleanup; }
    {
        mcs_run_estimate e; /* asked for after the stamp: core/result.h */
        if (info->estimate && info->estimate(info->estimate_ctx, &e) &&
            write_estimate(file, &e) < 0) {
            stage = "/estimate";
            goto cleanup;
        }
    }

    {
        size_t size = 0;
        int imaged = mcs_h5mem_close_image(file, &image, &size);
        file = -1;
        if (imaged != 0) { stage = "the file image"; goto cleanup; }
        tmp_exists = 1; /* a failed write may leave a partial file behind */
        if (mcs_output_write_new_file(tmp, image, size) != 0) {
            set_err(err, errlen, "cannot write HDF5 log '%s': writing '%s' failed: %s", path,
                    tmp, strerror(errno));
            goto cleanup;
        }
    }
    if (commit(tmp, path, chosen, chosen_len) != 0) {
        set_err(err, errlen, "cannot write HDF5 log '%s': cannot rename '%s' onto it: %s",
                path, tmp, strerror(errno));
        goto cleanup;
    }
    tmp_exists = 0;
    st = MCS_OK;

cleanup:
    if (stage != NULL)
        set_err(err, errlen, "cannot write HDF5 log '%s': writing %s to '%s' failed", path,
                stage, tmp);
    if (file >= 0)
        H5Fclose(file); /* in memory: closing cannot fail for lack of disk */
    free(image);
    if (tmp_exists)
        unlink(tmp); /* unlink, not remove: never a folder of that name */
    if (have_old)
        H5Eset_auto2(H5E_DEFAULT, old_func, old_data);
    free(tmp);
    return st;
}

mcs_status mcs_h5log_write(const char *path, const mcs_run_info *info,
                           const mcs_job *job, const mcs_result *res,
                           mcs_timings *t, char *err, size_t errlen)
{
    return write_log(path, NULL, 0, info, job, res, t, err, errlen);
}

mcs_status mcs_h5log_write_new(char *path, size_t path_len, const mcs_run_info *info,
                               const mcs_job *job, const mcs_result *res,
                               mcs_timings *t, char *err, size_t errlen)
{
    char wanted[4096];
    snprintf(wanted, sizeof wanted, "%s", path);
    return write_log(wanted, path, path_len, info, job, res, t, err, errlen);
}
