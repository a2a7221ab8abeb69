/* option_keys.h - rows (core/param_list.h) several payoffs' key lists
 * use word for word, named once, each as MCS_SHARED(MCS_KEY_...): their
 * fields are in the head every payoff's block starts with (MCS_OPTION_HEAD,
 * core/job.h). */
#ifndef MCS_OPTION_KEYS_H
#define MCS_OPTION_KEYS_H

#define MCS_KEY_TYPE MCS_CHOICE(type, mcs_option_type, mcs_option_types, "call", "call or put")
#define MCS_KEY_STRIKE MCS_REAL(strike, 0, INFINITY, 1, NULL, "strike K > 0")
/* asian and lookback: no strike with strike_type = floating (payoff_types.c's fixed_strike) */
#define MCS_KEY_STRIKE_IF_FIXED                                                                \
    MCS_REAL(strike, 0, INFINITY, 1, NULL, "strike K > 0 (fixed strike only)",                 \
             .applies = fixed_strike, .not_applies = "strike_type = floating takes no strike", \
             .applies_with = "option.strike_type=fixed")
#define MCS_KEY_MATURITY MCS_REAL(maturity, 0, 100, 1, NULL, "maturity T in years, in (0, 100]")
#define MCS_KEY_MONITORING                                                                     \
    MCS_CHOICE(monitoring, mcs_monitoring, monitorings, "discrete",                            \
               "discrete (at each grid step) or continuous (Brownian bridge between steps)")

#endif
