/* h5mem.h - HDF5 files built in memory (the core driver, no backing store)
 * and handed over as bytes, so HDF5 never touches the disk and a full disk
 * meets one plain write that mcsim reports (engine/output_path.h); and the
 * small scalar attributes the shard, checkpoint and log writers share. */
#ifndef MCS_H5MEM_H
#define MCS_H5MEM_H

#include <hdf5.h>
#include <stddef.h>

/* A new HDF5 file in memory (`name` is only its label), with room for its
 * seal (engine/h5seal.h); < 0 on failure. */
hid_t mcs_h5mem_create(const char *name);
/* Flush and close `file`, leaving its bytes, sealed, in *image (malloc'ed)
 * and *size; 0 on success, -1 (nothing to free) otherwise, also for a file
 * above MCS_H5_READ_MAX, which no reader would take. `file` is closed
 * either way. */
int mcs_h5mem_close_image(hid_t file, void **image, size_t *size);

/* The variable-length UTF-8 string type of mcsim's files (close it). */
hid_t mcs_h5_utf8_string(void);

/* Scalar attributes: a number of memory type `type`, a variable-length
 * UTF-8 string. put: 0 or -1. get: 1 if present as one value, else 0;
 * get_str returns a malloc'ed copy or NULL. */
int mcs_h5_put_num(hid_t loc, const char *name, hid_t type, const void *v);
/* A number stored as file type `ftype` (e.g. H5T_STD_U64LE), converted from
 * memory type `mtype`; 0 or -1. */
int mcs_h5_put_as(hid_t loc, const char *name, hid_t ftype, hid_t mtype, const void *v);
int mcs_h5_put_str(hid_t loc, const char *name, const char *v);
int mcs_h5_get_num(hid_t loc, const char *name, hid_t type, void *v);
char *mcs_h5_get_str(hid_t loc, const char *name);

#endif
