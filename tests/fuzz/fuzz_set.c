/* fuzz_set.c - the --set path of engine/config.c: the input is a list of
 * assignments ("section.key=value", one a line, as many --set options;
 * an empty line is an empty --set "", an error)
 * applied to a fixed good config; checks in config_check.h. */
#include "config_check.h"

/* A good config with a key in every section; the overrides may change the
 * payoff, so keys of other payoffs are reached too. */
static const char base_config[] =
    "[model]\ntype = gbm\nspot = 100\nrate = 0.05\ndividend = 0\nvolatility = 0.2\n\n"
    "[option]\npayoff = european\ntype = call\nstrike = 100\nmaturity = 1\n\n"
    "[simulation]\npaths = 1000\nsteps = 1\nseed = 42\nrng = philox\nprecision = single\n"
    "block_size = 256\n\n[output]\nfile =\nlog = no\n";

#define MAX_SETS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz_file base;
    if (base.path[0] == '\0') {
        fuzz_file_open(&base, "mcs_fuzz_base");
        fuzz_file_set(&base, base_config, strlen(base_config));
    }
    char *text = fuzz_text(data, size); /* an assignment cannot hold a NUL */
    mcs_override ov[MAX_SETS];
    int n = 0;
    /* one assignment a line; a last newline ends the last line (as in
     * the seed files), it does not start an empty assignment */
    for (char *line = text; line && *line && n < MAX_SETS;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        ov[n++] = (mcs_override){"--set", line};
        line = nl ? nl + 1 : NULL;
    }
    check_config(base.path, ov, n);
    free(text);
    return 0;
}
