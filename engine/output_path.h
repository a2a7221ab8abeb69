/* output_path.h - the one rule for every file mcsim writes (run logs, sweep
 * files, profiles, HTML reports): checked before any work, never replacing
 * something that is not a regular file, written whole or not at all (a
 * temporary renamed into place), and locked against a second live run. */
#ifndef MCS_OUTPUT_PATH_H
#define MCS_OUTPUT_PATH_H

#include <stddef.h>
#include "status.h"

/* Can `path` be written? Refuses (MCS_E_IO, message in err naming `what`,
 * e.g. "run log") a name taken by a folder, device, FIFO or link, and a
 * folder that is missing (unless may_create_folder and its parent is
 * writable), not a folder or not writable. `hint` (may be NULL) is added
 * to the message, e.g. "-o names another place". Call it before measuring. */
mcs_status mcs_output_check(const char *what, const char *path, int may_create_folder,
                            const char *hint, char *err, size_t err_len);

/* Take the lock on `path` (`path.lock`, flock'd, holding the pid): a
 * second live run on the same path is refused at once (MCS_E_IO, naming
 * the holder). Released, and the lock file removed, at exit; a lock file
 * left by a killed run is not held, so it blocks nothing. */
mcs_status mcs_output_lock(const char *what, const char *path, char *err, size_t err_len);

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

#endif
