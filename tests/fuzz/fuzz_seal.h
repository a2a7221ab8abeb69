/* fuzz_seal.h - the harnesses' HDF5 files sealed as mcsim seals its own
 * (engine/h5seal.h): mcsim's readers refuse a file whose seal does not
 * hold before HDF5 sees it, so a harness that tests what lies behind the
 * seal (the readers' checks of a file's values) seals what it builds, as
 * an editor who means it would. fseal_create makes a file with room for
 * the seal; fseal_file seals a file as it is now. */
#ifndef MCS_FUZZ_SEAL_H
#define MCS_FUZZ_SEAL_H

#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "fuzz_common.h"
#include "h5seal.h"

/* A new HDF5 file at `path` with a user block for the seal (H5Fclose it). */
static inline hid_t fseal_create(const char *path)
{
    hid_t fcpl = mcs_h5_seal_fcpl();
    hid_t f = fcpl >= 0 ? H5Fcreate(path, H5F_ACC_TRUNC, fcpl, H5P_DEFAULT) : -1;
    if (fcpl >= 0)
        H5Pclose(fcpl);
    if (f < 0)
        fuzz_fail("cannot create %s", path);
    return f;
}

/* Seal the file at `path` (made by fseal_create, closed) as it is now. */
static inline void fseal_file(const char *path)
{
    struct stat st;
    FILE *f = fopen(path, "r+b");
    if (!f || fstat(fileno(f), &st) != 0)
        fuzz_fail("cannot open %s to seal it", path);
    size_t size = (size_t)st.st_size;
    unsigned char *data = malloc(size ? size : 1);
    if (!data || fread(data, 1, size, f) != size)
        fuzz_fail("cannot read %s to seal it", path);
    if (mcs_h5_seal(data, size) != 0)
        fuzz_fail("cannot seal %s (%zu bytes): made by fseal_create?", path, size);
    if (fseek(f, 0, SEEK_SET) != 0 || fwrite(data, 1, MCS_H5_SEAL_BYTES, f) != MCS_H5_SEAL_BYTES)
        fuzz_fail("cannot write the seal of %s", path);
    free(data);
    if (fclose(f) != 0)
        fuzz_fail("cannot close %s", path);
}

#endif
