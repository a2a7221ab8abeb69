/* fuzz_profile.c - estimator/profile.c's reader and writer: the input is a
 * profile file (any bytes). Checks:
 *   - mcs_profile_parse_n gives MCS_OK, or MCS_E_CONFIG with a message;
 *   - mcs_profile_load_file on the same bytes in a file gives the same
 *     status, message and profile;
 *   - a profile that parsed is written by mcs_profile_format (which must
 *     not refuse it: every value it holds was accepted by the reader), the
 *     text parses back to the very same profile (memcmp), and writing that
 *     again gives the same text;
 *   - rounded to 6 digits as calibrate does (mcs_profile_round), it is
 *     still a profile mcs_profile_format writes;
 *   - what reads a profile (mcs_profile_problems, mcs_profile_derive from
 *     the catalogue's reference) runs clean under the sanitizers. */
#include <math.h>
#include "fuzz_common.h"
#include "profile.h"

static mcs_profile reference;
static void check_profile(const char *data, size_t size);

/* Every catalogue profile is checked as an input would be. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char err[1024];
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        check_profile(e->text, strlen(e->text));
        if (strcmp(e->name, MCS_PROFILE_REFERENCE) == 0 &&
            mcs_profile_parse(e->text, e->name, &reference, err, sizeof err) != MCS_OK)
            fuzz_fail("catalogue profile %s does not parse: %s", e->name, err);
    }
    if (!reference.name[0])
        fuzz_fail("no %s in the catalogue", MCS_PROFILE_REFERENCE);
    return 0;
}

/* The profile as text; MCS_OK expected. */
static char *format(const mcs_profile *p, size_t *len, const char *what)
{
    char *text = NULL, err[2048] = "";
    mcs_status st = mcs_profile_format(p, NULL, &text, len, err, sizeof err);
    if (st != MCS_OK || !text)
        fuzz_fail("mcs_profile_format refused %s: status %d, %s", what, (int)st, err);
    if (strlen(text) != *len)
        fuzz_fail("mcs_profile_format: %zu bytes, a NUL inside", *len);
    return text;
}

static void check_written(const mcs_profile *p)
{
    static mcs_profile q, rounded;
    char err[2048] = "", what[256] = "";
    size_t len, len2;
    char *text = format(p, &len, "a profile its reader accepted");
    mcs_status st = mcs_profile_parse_n(text, len, p->origin, &q, err, sizeof err);
    if (st != MCS_OK)
        fuzz_fail("the profile as written does not parse back: %s\n--- written:\n%s", err, text);
    if (mcs_profile_diff(p, &q, what, sizeof what) || memcmp(p, &q, sizeof q) != 0)
        fuzz_fail("the profile as written parses back differently (%s)\n--- written:\n%s",
                  what[0] ? what : "memcmp", text);
    char *again = format(&q, &len2, "a profile it wrote");
    if (len2 != len || memcmp(text, again, len) != 0)
        fuzz_fail("writing the profile read back gives other text:\n%s\n--- then:\n%s", text,
                  again);
    free(again);
    free(text);

    rounded = *p;
    mcs_profile_round(&rounded, 6);
    free(format(&rounded, &len, "a profile rounded to 6 digits"));
}

static void check_consumers(const mcs_profile *p)
{
    char buf[512];
    memset(buf, 'x', sizeof buf);
    int n = mcs_profile_problems(p, buf, sizeof buf);
    if (n < 0 || !memchr(buf, '\0', 181) || (n == 0) != (buf[0] == '\0'))
        fuzz_fail("mcs_profile_problems: %d problems, '%.200s'", n, buf);
    static mcs_profile derived;
    derived = *p;
    char err[2048] = "";
    mcs_status st = mcs_profile_derive(&derived, &reference, err, sizeof err);
    if (st != MCS_OK && (st != MCS_E_CONFIG || !err[0]))
        fuzz_fail("mcs_profile_derive: status %d, '%s'", (int)st, err);
}

static void check_profile(const char *data, size_t size)
{
    static mcs_profile p, from_file;
    static fuzz_file file;
    char err[2048], err2[2048];
    if (file.path[0] == '\0')
        fuzz_file_open(&file, "mcs_fuzz_profile");
    err[0] = err2[0] = '\0';
    mcs_status st = mcs_profile_parse_n(data, size, file.path, &p, err, sizeof err);
    if (st != MCS_OK && (st != MCS_E_CONFIG || !err[0]))
        fuzz_fail("mcs_profile_parse_n: status %d, message '%s'", (int)st, err);
    fuzz_file_set(&file, data, size);
    mcs_status st2 = mcs_profile_load_file(file.path, &from_file, err2, sizeof err2);
    if (st2 != st || strcmp(err, err2) != 0 ||
        (st == MCS_OK && memcmp(&p, &from_file, sizeof p) != 0))
        fuzz_fail("mcs_profile_load_file (%d, '%s') differs from mcs_profile_parse_n (%d, '%s')",
                  (int)st2, err2, (int)st, err);
    if (st != MCS_OK)
        return;
    check_written(&p);
    check_consumers(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check_profile((const char *)data, size);
    return 0;
}
