/* option_block.h - a test's payoff parameters from a literal of one
 * payoff's block (core/job.h, payoffs/<name>_params.h):
 *   MCS_TEST_OPTION(asian, .payoff = MCS_PAYOFF_ASIAN, .fixings = 12)
 * is the mcs_option_params holding that mcs_asian_params, the rest 0.
 * Include the payoff's block header first. */
#ifndef MCS_TEST_OPTION_BLOCK_H
#define MCS_TEST_OPTION_BLOCK_H

#include <string.h>
#include "../core/job.h"

static inline mcs_option_params mcs_test_option(const void *block, size_t size)
{
    mcs_option_params o;
    memset(&o, 0, sizeof o);
    memcpy(&o, block, size);
    return o;
}
#define MCS_TEST_OPTION(name_, ...)                                                      \
    mcs_test_option(&(mcs_##name_##_params){__VA_ARGS__}, sizeof(mcs_##name_##_params))

#endif
