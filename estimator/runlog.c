/* runlog.c - read the /timings table of a run log (docs/hdf5-schema.md). */
#include "runlog.h"
#include <hdf5.h>
#include <stdio.h>
#include <string.h>
#include "h5seal.h"

typedef struct {
    char *phase; /* variable-length (schema 3) */
    double seconds;
    uint64_t bytes, count;
} row;

typedef struct {
    char phase[16]; /* fixed-length, 16 bytes (schema 2 and before) */
    double seconds;
    uint64_t bytes, count;
} row_fixed;

/* Is the `phase` member of the table's type a variable-length string? */
static int phase_is_variable(hid_t dset)
{
    hid_t type = H5Dget_type(dset);
    if (type < 0)
        return -1;
    int idx = H5Tget_member_index(type, "phase");
    hid_t member = idx >= 0 ? H5Tget_member_type(type, (unsigned)idx) : -1;
    int v = member >= 0 ? H5Tis_variable_str(member) > 0 : -1;
    if (member >= 0)
        H5Tclose(member);
    H5Tclose(type);
    return v;
}

mcs_status mcs_runlog_read(const char *path, mcs_timings *t, char *err, size_t err_len)
{
    mcs_status st = MCS_E_DATA;
    hid_t file = -1, dset = -1, mtype = -1, str = -1, space = -1;
    row rows[64];
    row_fixed fixed[64];
    memset(t, 0, sizeof *t);
    if ((st = mcs_h5_open_sealed(path, "run log", &file, err, err_len)) != MCS_OK)
        return st;
    st = MCS_E_DATA;
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
    int variable = phase_is_variable(dset);
    str = H5Tcopy(H5T_C_S1);
    H5Tset_size(str, variable ? H5T_VARIABLE : sizeof fixed[0].phase);
    if (variable) /* HDF5 converts no strings between ASCII and UTF-8: as written */
        H5Tset_cset(str, H5T_CSET_UTF8);
    size_t size = variable ? sizeof(row) : sizeof(row_fixed);
    mtype = H5Tcreate(H5T_COMPOUND, size);
#define MEMBERS(T)                                                              \
    do {                                                                        \
        H5Tinsert(mtype, "phase", HOFFSET(T, phase), str);                      \
        H5Tinsert(mtype, "seconds", HOFFSET(T, seconds), H5T_NATIVE_DOUBLE);    \
        H5Tinsert(mtype, "bytes", HOFFSET(T, bytes), H5T_NATIVE_UINT64);        \
        H5Tinsert(mtype, "count", HOFFSET(T, count), H5T_NATIVE_UINT64);        \
    } while (0)
    if (variable)
        MEMBERS(row);
    else
        MEMBERS(row_fixed);
#undef MEMBERS
    if (variable < 0 || H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT,
                                variable ? (void *)rows : (void *)fixed) < 0) {
        snprintf(err, err_len, "%s: cannot read /timings", path);
        goto done;
    }
    for (hssize_t i = 0; i < n; i++) {
        const char *name = variable ? rows[i].phase : fixed[i].phase;
        for (int p = 0; name && p < MCS_PHASE_COUNT; p++)
            if (strncmp(name, mcs_phase_name((mcs_phase)p), sizeof fixed[0].phase) == 0) {
                t->seconds[p] = variable ? rows[i].seconds : fixed[i].seconds;
                t->bytes[p] = variable ? rows[i].bytes : fixed[i].bytes;
                t->count[p] = variable ? rows[i].count : fixed[i].count;
            }
    }
    if (variable)
        H5Dvlen_reclaim(mtype, space, H5P_DEFAULT, rows);
    st = MCS_OK;
done:
    if (mtype >= 0) H5Tclose(mtype);
    if (str >= 0) H5Tclose(str);
    if (space >= 0) H5Sclose(space);
    if (dset >= 0) H5Dclose(dset);
    H5Fclose(file);
    return st;
}
