/* output_path.h - the one rule for every file mcsim writes (run logs, sweep
 * files, profiles, HTML reports): checked before any work, never replacing
 * something that is not a regular file or one of the inputs, written whole
 * or not at all (a temporary renamed into place), and locked against a
 * second live run; and the one check of every file mcsim reads: a regular
 * file, never a FIFO that would block. */
#ifndef MCS_OUTPUT_PATH_H
#define MCS_OUTPUT_PATH_H

#include <stddef.h>
#include "status.h"

/* Can `path` be written? Refuses (MCS_E_IO, message in err naming `what`,
 * e.g. "run log") a name taken by a folder, device, FIFO or link, a name
 * too long for the names made from it (`path.tmp.<pid>` with the widest
 * pid must fit NAME_MAX and PATH_MAX), and a folder that is missing
 * (unless may_create_folder and its parent is writable), not a folder or
 * not writable. `hint` (may be NULL) is added
 * to the message, e.g. "-o names another place". Call it before measuring. */
mcs_status mcs_output_check(const char *what, const char *path, int may_create_folder,
                            const char *hint, char *err, size_t err_len);

/* Take the lock on `path` (`path.lock`, flock'd, holding the pid): a
 * second live run on the same path is refused at once (MCS_E_IO, naming
 * the holder). Released, and the lock file removed, at exit; a lock file
 * left by a killed run is not held, so it blocks nothing. */
mcs_status mcs_output_lock(const char *what, const char *path, char *err, size_t err_len);
/* Release the lock on `path` this process took (libmcsim: a log written,
 * its lock given back at once rather than at exit); nothing if none. */
void mcs_output_unlock(const char *path);

/* Write `size` bytes to `path` whole or not at all: removes temporaries of
 * `path` left by killed runs (`path.tmp.<pid>` of a pid that is gone),
 * writes `path.tmp.<pid>` with plain write() calls, fsyncs it and renames
 * it onto `path`. On failure (a full disk, a size limit) nothing is left
 * and err names the path and the reason. */
mcs_status mcs_output_write_bytes(const char *what, const char *path, const void *data,
                                  size_t size, char *err, size_t err_len);

/* The pieces of mcs_output_write_bytes, for writers that name the final
 * file themselves (a default log name claimed with link()). */
void mcs_output_remove_stale_temporaries(const char *path);
int mcs_output_write_new_file(const char *name, const void *data, size_t size);

/* Are `a` and `b` the same file: the same device and inode when either
 * exists (links and other spellings of the path included), else the same
 * name once their folders are resolved (two outputs of one run)? */
int mcs_same_file(const char *a, const char *b);

/* Refuses (MCS_E_USAGE, err naming both) an output `path` that is the
 * input `input` (NULL: none), e.g. `merge -o` one of the shards. */
mcs_status mcs_output_not_input(const char *what, const char *path, const char *input_what,
                                const char *input, char *err, size_t err_len);

/* Open `path` to read it: a regular file only. A FIFO, device or folder is
 * refused at once (stat first; then opened without blocking, since a FIFO
 * put in its place would wait for a writer, and checked once open). The
 * descriptor, or -1 with *st MCS_E_NOINPUT and err naming `what` ("shard",
 * "profile", ...) and the path. */
int mcs_input_open(const char *what, const char *path, mcs_status *st, char *err,
                   size_t err_len);
/* The same check, the file closed again, for readers that open the path
 * themselves (HDF5, dlopen). */
mcs_status mcs_input_check(const char *what, const char *path, char *err, size_t err_len);

#endif
