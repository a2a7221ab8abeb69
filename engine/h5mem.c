/* h5mem.c - in-memory HDF5 files and scalar attributes (h5mem.h). */
#include "h5mem.h"
#include <stdlib.h>
#include <string.h>
#include "h5seal.h"

hid_t mcs_h5mem_create(const char *name)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS), fcpl = mcs_h5_seal_fcpl(), file = -1;
    if (fapl >= 0 && fcpl >= 0 && H5Pset_fapl_core(fapl, 1 << 16, 0) >= 0)
        file = H5Fcreate(name, H5F_ACC_TRUNC, fcpl, fapl);
    if (fcpl >= 0)
        H5Pclose(fcpl);
    if (fapl >= 0)
        H5Pclose(fapl);
    return file;
}

int mcs_h5mem_close_image(hid_t file, void **image, size_t *size)
{
    *image = NULL;
    /* HDF5 hands over the image without its user block: the seal goes first */
    ssize_t bytes = H5Fflush(file, H5F_SCOPE_GLOBAL) >= 0 ? H5Fget_file_image(file, NULL, 0) : -1;
    unsigned char *whole = NULL;
    size_t total = bytes > 0 ? MCS_H5_SEAL_BYTES + (size_t)bytes : 0;
    /* never a file the readers would refuse as too large */
    int ok = bytes > 0 && total <= MCS_H5_READ_MAX && (whole = malloc(total)) != NULL &&
             H5Fget_file_image(file, whole + MCS_H5_SEAL_BYTES, (size_t)bytes) == bytes &&
             mcs_h5_seal(whole, total) == 0;
    if (H5Fclose(file) < 0) /* in memory: nothing to lose for lack of disk */
        ok = 0;
    if (!ok) {
        free(whole);
        return -1;
    }
    *image = whole;
    *size = total;
    return 0;
}

hid_t mcs_h5_utf8_string(void)
{
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    return type;
}

int mcs_h5_put_as(hid_t loc, const char *name, hid_t ftype, hid_t mtype, const void *v)
{
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t a = space >= 0 ? H5Acreate2(loc, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT) : -1;
    int rc = a >= 0 && H5Awrite(a, mtype, v) >= 0 ? 0 : -1;
    if (a >= 0)
        H5Aclose(a);
    if (space >= 0)
        H5Sclose(space);
    return rc;
}

int mcs_h5_put_num(hid_t loc, const char *name, hid_t type, const void *v)
{
    return mcs_h5_put_as(loc, name, type, type, v);
}

int mcs_h5_put_str(hid_t loc, const char *name, const char *v)
{
    hid_t type = mcs_h5_utf8_string();
    const char *value = v ? v : "";
    int rc = mcs_h5_put_as(loc, name, type, type, &value);
    H5Tclose(type);
    return rc;
}

/* The attribute `name` of loc opened when it holds exactly one value. */
static hid_t open_scalar(hid_t loc, const char *name)
{
    if (H5Aexists(loc, name) <= 0)
        return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT), space = a >= 0 ? H5Aget_space(a) : -1;
    int one = space >= 0 && H5Sget_simple_extent_npoints(space) == 1;
    if (space >= 0)
        H5Sclose(space);
    if (a >= 0 && !one) {
        H5Aclose(a);
        return -1;
    }
    return a;
}

int mcs_h5_get_num(hid_t loc, const char *name, hid_t type, void *v)
{
    hid_t a = open_scalar(loc, name);
    int ok = a >= 0 && H5Aread(a, type, v) >= 0;
    if (a >= 0)
        H5Aclose(a);
    return ok;
}

char *mcs_h5_get_str(hid_t loc, const char *name)
{
    hid_t a = open_scalar(loc, name), type = mcs_h5_utf8_string();
    char *v = NULL, *copy = NULL;
    if (a >= 0 && H5Aread(a, type, &v) >= 0 && v) {
        copy = strdup(v);
        H5free_memory(v);
    }
    H5Tclose(type);
    if (a >= 0)
        H5Aclose(a);
    return copy;
}
