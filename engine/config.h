/* config.h - reads an INI file (with inih) plus command-line overrides into a
 * validated job. Every error names the file, the line and the key. */
#ifndef MCS_CONFIG_H
#define MCS_CONFIG_H

#include <stddef.h>
#include "job.h"
#include "status.h"

#define MCS_MAX_PATHS 1000000000000000ULL /* 1e15 paths */
#define MCS_MAX_STEPS 100000u
#define MCS_MAX_BLOCK_SIZE (1u << 24)
#define MCS_DEFAULT_BLOCK_SIZE 65536u
#define MCS_SOBOL_MAX_PATHS 4294967296ULL /* 2^32 points of 32-bit Sobol */
#define MCS_SOBOL_MAX_DIMENSIONS 20000u   /* cuRAND's Joe-Kuo direction vectors */

/* One override "section.key=value"; origin says where it came from for
 * error messages: "--set" (shown with the assignment) or a full text such
 * as "--paths 1e6" (shown as is). */
typedef struct {
    const char *origin;
    const char *assignment;
} mcs_override;

/* What messages call the config read from standard input (CONFIG "-"). */
#define MCS_STDIN_NAME "<stdin>"

/* Room enough for any resolved config (a 64 x 64 correlation matrix of
 * 17-digit numbers is about 100 KB). */
#define MCS_CONFIG_RESOLVED_MAX (256 * 1024)

/* Load `path` ("-": standard input), apply overrides in order, validate, fill `job`, and write the
 * fully resolved config (every key, defaults included) as INI text into
 * `resolved`. Returns MCS_E_NOINPUT if the file cannot be read, MCS_E_CONFIG
 * for any invalid content (message in err: "file:line: [section] key ..."),
 * MCS_E_SOFTWARE when `resolved` is too small. Thread-safe. */
mcs_status mcs_config_load(const char *path, const mcs_override *overrides, int n_overrides,
                           mcs_job *job, char *resolved, size_t resolved_len, char *err,
                           size_t err_len);

/* The same from INI text in memory (text_len bytes, NULs included: they
 * are refused as in a file), `name` being what messages call it (libmcsim's
 * jobs). */
mcs_status mcs_config_load_text(const char *name, const char *text, size_t text_len,
                                const mcs_override *overrides,
                                int n_overrides, mcs_job *job, char *resolved,
                                size_t resolved_len, char *err, size_t err_len);

/* The job as INI text (every key with its canonical value) into buf; the
 * run log's `config` attribute. `path` is named in a comment line. Returns
 * the length the text needs: at least len when it was cut. */
size_t mcs_config_render(const mcs_job *job, const char *path, char *buf, size_t len);

/* The keys that are not a model's or a payoff's parameter (model.type,
 * option.payoff, [simulation], [output]): their number, and key i's parts
 * (default NULL when required). */
int mcs_config_fixed_count(void);
#define MCS_CONFIG_FIXED_KEYS 10 /* its value; engine/config.c asserts it */
void mcs_config_fixed_key(int i, const char **section, const char **key, const char **dflt,
                          const char **meaning);

/* Parse a count such as "1000000", "1e6" or "1_000_000" (whole, >= 0). */
int mcs_parse_count(const char *text, unsigned long long *out);

/* Print the table of config keys (section, key, default, meaning) for --help. */
void mcs_config_print_keys(void *file);

#endif
