/* fuzz_config.c - engine/config.c's file reader: the input is a config
 * file (any bytes), loaded with mcs_config_load from a file path; checks in
 * config_check.h (status and message, the job's bounds, and the resolved
 * config loading back to the same job). */
#include "config_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fuzz_file in;
    if (in.path[0] == '\0')
        fuzz_file_open(&in, "mcs_fuzz_config");
    fuzz_file_set(&in, data, size);
    check_config(in.path, NULL, 0);
    return 0;
}
