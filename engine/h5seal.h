/* h5seal.h - the seal of every HDF5 file mcsim writes (run logs, shards,
 * checkpoints, sweep files, merged outputs) and the one way mcsim reads
 * such a file back. The file's first MCS_H5_SEAL_BYTES bytes are an HDF5
 * user block (HDF5 readers skip it: h5py, h5dump, pandas read the file as
 * before) holding, as text padded with NUL bytes:
 *
 *     mcsim seal 1\n
 *     bytes <the file's length in bytes, decimal>\n
 *     sha256 <SHA-256 of bytes MCS_H5_SEAL_BYTES to the end, 64 hex digits>\n
 *
 * A reader takes the whole file into memory, checks that its first bytes
 * are exactly the seal its own bytes give, and only then lets HDF5 parse
 * the image (from memory): a damaged file (a flipped bit, a cut, bytes
 * added) is refused before libhdf5, which crashes or hangs on some damaged
 * files, sees any of it. docs/hdf5-schema.md ("The seal") has the layout
 * and a Python check. The seal finds damage; it is no signature: whoever
 * edits a file on purpose can seal it again, which is why the readers also
 * check every value against the job (engine/shard.h). */
#ifndef MCS_H5SEAL_H
#define MCS_H5SEAL_H

#include <hdf5.h>
#include <stddef.h>
#include "status.h"

/* The user block that holds the seal (a power of two >= 512, as HDF5 wants). */
#define MCS_H5_SEAL_BYTES 512
/* The largest file a reader takes into memory: above the largest file
 * mcsim writes (a sweep of MCS_SWEEP_ROWS_MAX rows: about 300 MB, 289
 * bytes a row). */
#define MCS_H5_READ_MAX ((size_t)1 << 30)
/* The environment variable that lets readers take a file with no seal at
 * all (an HDF5 file from an mcsim before seals), unchecked: "1". */
#define MCS_H5_UNSEALED_ENV "MCSIM_ACCEPT_UNSEALED"

/* A file-creation property list with room for the seal (close it). */
hid_t mcs_h5_seal_fcpl(void);

/* Seal the image of an HDF5 file created with mcs_h5_seal_fcpl(): write
 * the seal of its bytes into its first MCS_H5_SEAL_BYTES; 0, or -1 when
 * the image is too short to have the user block or hashing failed. */
int mcs_h5_seal(void *image, size_t size);

/* Check the seal of an image of `size` bytes: MCS_OK, or MCS_E_DATA with
 * why (no seal, another seal version, a length or checksum mismatch, a
 * malformed seal); *unsealed is set when the image has no seal at all but
 * is an HDF5 file (one written before seals). */
mcs_status mcs_h5_check_seal(const void *image, size_t size, int *unsealed, char *why,
                             size_t why_len);

/* Open `path` read-only, `what` (e.g. "shard file") naming it in messages:
 * a regular file (a FIFO, device or folder is refused without waiting on
 * it) of at most MCS_H5_READ_MAX bytes is read whole, its seal checked,
 * and the image opened from memory. *file is the open file (close it with
 * H5Fclose) on MCS_OK; else -1 and err names the file and what failed:
 * MCS_E_NOINPUT (missing, unreadable, not a regular file) or MCS_E_DATA
 * (too large, no seal, seal mismatch, not HDF5 after all). A file with no
 * seal at all is read unchecked only when MCSIM_ACCEPT_UNSEALED=1. */
mcs_status mcs_h5_open_sealed(const char *path, const char *what, hid_t *file, char *err,
                              size_t err_len);

#endif
