/* param_rows.h - MCS_PARAM_ROWS, the number of rows of every key list
 * (models/params.def, payoffs/params.def): the room the config readers'
 * key tables need (engine/config.c, api/job.c). Its own header, so that
 * a key list's new row rebuilds those readers, not the kernels. */
#ifndef MCS_PARAM_ROWS_H
#define MCS_PARAM_ROWS_H

#include "../models/model_keys.h"
#include "../payoffs/option_keys.h"

/* a key several types share counts once per type */
#define MCS_REAL(...) +1
#define MCS_COUNT(...) +1
#define MCS_CHOICE(...) +1
#define MCS_LIST(...) +1
#define MCS_MATRIX(...) +1
#define MCS_HIDDEN(...)
#define MCS_SHARED(row) +1
enum {
    MCS_PARAM_ROWS = 0
#include "../models/params.def"
#include "../payoffs/params.def"
};
#include "../core/rows_end.h"

#endif
