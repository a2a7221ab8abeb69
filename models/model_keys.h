/* model_keys.h - rows (core/param_list.h) several models' key lists use
 * word for word, named once: each list writes MCS_SHARED(MCS_KEY_...),
 * the field being in the head every model has (MCS_MODEL_HEAD, core/job.h). */
#ifndef MCS_MODEL_KEYS_H
#define MCS_MODEL_KEYS_H

#define MCS_KEY_RATE MCS_REAL(rate, -1, 1, 0, "0", "risk-free rate r, continuous, in [-1, 1]")
#define MCS_KEY_DIVIDEND \
    MCS_REAL(dividend, -1, 1, 0, "0", "dividend yield q, continuous, in [-1, 1]")

#endif
