/* runlog.c - read the /timings table of a run log (docs/hdf5-schema.md). */
#include "runlog.h"
#include <hdf5.h>
#include <stdio.h>
#include <string.h>
#include "h5log.h"

typedef struct {
    char phase[MCS_H5LOG_PHASE_LEN];
    double seconds;
    uint64_t bytes, count;
} row;

mcs_status mcs_runlog_read(const char *path, mcs_timings *t, char *err, size_t err_len)
{
    mcs_status st = MCS_E_DATA;
    hid_t file = -1, dset = -1, mtype = -1, str = -1, space = -1;
    row rows[64];
    memset(t, 0, sizeof *t);
    H5E_BEGIN_TRY { file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT); }
    H5E_END_TRY;
    if (file < 0) {
        snprintf(err, err_len, "%s: cannot open as HDF5", path);
        return MCS_E_NOINPUT;
    }
    H5E_BEGIN_TRY { dset = H5Dopen2(file, "timings", H5P_DEFAULT); }
    H5E_END_TRY;
    if (dset < 0 || (space = H5Dget_space(dset)) < 0) {
        snprintf(err, err_len, "%s: no /timings table (not an mcsim run log?)", path);
        goto done;
    }
    hssize_t n = H5Sget_simple_extent_npoints(space);
    if (n <= 0 || n > 64) {
        snprintf(err, err_len, "%s: /timings has %lld rows", path, (long long)n);
        goto done;
    }
    str = H5Tcopy(H5T_C_S1);
    H5Tset_size(str, MCS_H5LOG_PHASE_LEN);
    mtype = H5Tcreate(H5T_COMPOUND, sizeof(row));
    H5Tinsert(mtype, "phase", HOFFSET(row, phase), str);
    H5Tinsert(mtype, "seconds", HOFFSET(row, seconds), H5T_NATIVE_DOUBLE);
    H5Tinsert(mtype, "bytes", HOFFSET(row, bytes), H5T_NATIVE_UINT64);
    H5Tinsert(mtype, "count", HOFFSET(row, count), H5T_NATIVE_UINT64);
    if (H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0) {
        snprintf(err, err_len, "%s: cannot read /timings", path);
        goto done;
    }
    for (hssize_t i = 0; i < n; i++)
        for (int p = 0; p < MCS_PHASE_COUNT; p++)
            if (strncmp(rows[i].phase, mcs_phase_name((mcs_phase)p), MCS_H5LOG_PHASE_LEN) == 0) {
                t->seconds[p] = rows[i].seconds;
                t->bytes[p] = rows[i].bytes;
                t->count[p] = rows[i].count;
            }
    st = MCS_OK;
done:
    if (mtype >= 0) H5Tclose(mtype);
    if (str >= 0) H5Tclose(str);
    if (space >= 0) H5Sclose(space);
    if (dset >= 0) H5Dclose(dset);
    H5Fclose(file);
    return st;
}
