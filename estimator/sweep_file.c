/* sweep_file.c - the sweep file's HDF5 layout: root attributes (config,
 * host, ...) and one compound table /runs, a row per measured run, with the
 * phase seconds as an array column named by the attribute `phases`. */
#define _GNU_SOURCE
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sweep.h"

#define SWEEP_SCHEMA 1

static hid_t fixed_string(size_t n)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, n);
    H5Tset_strpad(t, H5T_STR_NULLTERM);
    return t;
}

/* The in-memory compound type of mcs_sweep_row (also used as file type). */
static hid_t row_type(void)
{
    hsize_t dims[1] = {MCS_PHASE_COUNT};
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(mcs_sweep_row));
    hid_t s8 = fixed_string(8), s16 = fixed_string(16);
    hid_t arr = H5Tarray_create2(H5T_NATIVE_DOUBLE, 1, dims);
    H5Tinsert(t, "backend", HOFFSET(mcs_sweep_row, backend), s8);
    H5Tinsert(t, "mode", HOFFSET(mcs_sweep_row, mode), s8);
    H5Tinsert(t, "paths", HOFFSET(mcs_sweep_row, paths), H5T_NATIVE_UINT64);
    H5Tinsert(t, "steps", HOFFSET(mcs_sweep_row, steps), H5T_NATIVE_UINT32);
    H5Tinsert(t, "block_size", HOFFSET(mcs_sweep_row, block_size), H5T_NATIVE_UINT32);
    H5Tinsert(t, "precision", HOFFSET(mcs_sweep_row, precision), s8);
    H5Tinsert(t, "rng", HOFFSET(mcs_sweep_row, rng), s16);
    H5Tinsert(t, "threads", HOFFSET(mcs_sweep_row, threads), H5T_NATIVE_INT32);
    H5Tinsert(t, "repeat", HOFFSET(mcs_sweep_row, repeat), H5T_NATIVE_INT32);
    H5Tinsert(t, "seconds", HOFFSET(mcs_sweep_row, seconds), arr);
    H5Tclose(s8);
    H5Tclose(s16);
    H5Tclose(arr);
    return t;
}

static int put_attr(hid_t loc, const char *name, const char *value)
{
    hid_t type = H5Tcopy(H5T_C_S1), space = H5Screate(H5S_SCALAR), attr;
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    attr = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    int rc = attr >= 0 && H5Awrite(attr, type, &value) >= 0 ? 0 : -1;
    if (attr >= 0)
        H5Aclose(attr);
    H5Sclose(space);
    H5Tclose(type);
    return rc;
}

static void get_attr(hid_t loc, const char *name, char *buf, size_t len)
{
    buf[0] = '\0';
    if (H5Aexists(loc, name) <= 0)
        return;
    hid_t attr = H5Aopen(loc, name, H5P_DEFAULT), type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    char *v = NULL;
    if (attr >= 0 && H5Aread(attr, type, &v) >= 0 && v) {
        snprintf(buf, len, "%s", v);
        H5free_memory(v);
    }
    H5Tclose(type);
    if (attr >= 0)
        H5Aclose(attr);
}

mcs_status mcs_sweep_write(const char *path, const mcs_sweep_meta *meta, const mcs_sweep_row *rows,
                           size_t n, char *err, size_t err_len)
{
    char tmp[4200], phases[512] = "";
    snprintf(tmp, sizeof tmp, "%s.tmp.%d", path, (int)getpid());
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        snprintf(phases + strlen(phases), sizeof phases - strlen(phases), "%s%s", p ? "," : "",
                 mcs_phase_name((mcs_phase)p));
    hid_t file = -1, space = -1, dset = -1, type = -1;
    int ok = 0;
    H5E_BEGIN_TRY { file = H5Fcreate(tmp, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT); }
    H5E_END_TRY;
    if (file >= 0) {
        char schema[8];
        snprintf(schema, sizeof schema, "%d", SWEEP_SCHEMA);
        hsize_t dims[1] = {n};
        type = row_type();
        space = H5Screate_simple(1, dims, NULL);
        dset = H5Dcreate2(file, "runs", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        ok = dset >= 0 && (n == 0 || H5Dwrite(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0) &&
             put_attr(dset, "phases", phases) == 0 && put_attr(dset, "units", "s") == 0 &&
             put_attr(file, "creator", "mcsim sweep") == 0 &&
             put_attr(file, "sweep_schema", schema) == 0 &&
             put_attr(file, "version", meta->version) == 0 &&
             put_attr(file, "created_utc", meta->created_utc) == 0 &&
             put_attr(file, "command_line", meta->command_line) == 0 &&
             put_attr(file, "config_file", meta->config_file) == 0 &&
             put_attr(file, "config", meta->config) == 0 &&
             put_attr(file, "host", meta->host) == 0 &&
             put_attr(file, "cpu_model", meta->cpu_model) == 0 &&
             put_attr(file, "gpu_name", meta->gpu_name) == 0;
        if (dset >= 0)
            H5Dclose(dset);
        H5Sclose(space);
        H5Tclose(type);
        ok = H5Fclose(file) >= 0 && ok;
    }
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        snprintf(err, err_len, "cannot write sweep file '%s'", path);
        return MCS_E_IO;
    }
    return MCS_OK;
}

mcs_status mcs_sweep_read(const char *path, mcs_sweep_meta *meta, mcs_sweep_row **rows,
                          size_t *n, char *err, size_t err_len)
{
    hid_t file = -1, dset = -1, space = -1, type = -1;
    *rows = NULL;
    *n = 0;
    memset(meta, 0, sizeof *meta);
    H5E_BEGIN_TRY { file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT); }
    H5E_END_TRY;
    if (file < 0) {
        snprintf(err, err_len, "%s: cannot open as HDF5", path);
        return MCS_E_NOINPUT;
    }
    mcs_status st = MCS_E_DATA;
    char phases[512];
    H5E_BEGIN_TRY { dset = H5Dopen2(file, "runs", H5P_DEFAULT); }
    H5E_END_TRY;
    if (dset < 0) {
        snprintf(err, err_len, "%s: no /runs table (not a file made by mcsim sweep)", path);
        goto done;
    }
    get_attr(dset, "phases", phases, sizeof phases);
    char expect[512] = "";
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        snprintf(expect + strlen(expect), sizeof expect - strlen(expect), "%s%s", p ? "," : "",
                 mcs_phase_name((mcs_phase)p));
    if (strcmp(phases, expect) != 0) {
        snprintf(err, err_len, "%s: /runs has phases '%s'; this mcsim reads '%s'", path, phases,
                 expect);
        goto done;
    }
    space = H5Dget_space(dset);
    hssize_t count = H5Sget_simple_extent_npoints(space);
    *rows = calloc(count > 0 ? (size_t)count : 1, sizeof **rows);
    type = row_type();
    if (!*rows || count < 0 ||
        (count > 0 && H5Dread(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, *rows) < 0)) {
        snprintf(err, err_len, "%s: cannot read /runs", path);
        free(*rows);
        *rows = NULL;
        goto done;
    }
    *n = (size_t)count;
    get_attr(file, "config_file", meta->config_file, sizeof meta->config_file);
    get_attr(file, "config", meta->config, sizeof meta->config);
    get_attr(file, "command_line", meta->command_line, sizeof meta->command_line);
    get_attr(file, "host", meta->host, sizeof meta->host);
    get_attr(file, "cpu_model", meta->cpu_model, sizeof meta->cpu_model);
    get_attr(file, "gpu_name", meta->gpu_name, sizeof meta->gpu_name);
    get_attr(file, "created_utc", meta->created_utc, sizeof meta->created_utc);
    get_attr(file, "version", meta->version, sizeof meta->version);
    st = MCS_OK;
done:
    if (type >= 0) H5Tclose(type);
    if (space >= 0) H5Sclose(space);
    if (dset >= 0) H5Dclose(dset);
    H5Fclose(file);
    return st;
}
