/* param_list.h - how a model's or payoff's config keys are declared: once,
 * as rows of a list file (models/<name>_params.def, payoffs/<name>_params.def),
 * one row per key, read twice by the C preprocessor (the X-macro pattern):
 * each row becomes a field (core/rows_as_fields.h) of the type's block
 * struct (models/<name>_params.h, payoffs/<name>_params.h, made by
 * core/type_block_struct.h), and the type table
 * (models/model_types.c, payoffs/payoff_types.c) into the key's spec row
 * (core/type_table.h), from which config validation, --help, `mcsim help
 * keys`, the resolved config, the JSON parameters, the HDF5 attributes,
 * libmcsim's key table and the user guide's key tables are all made.
 *
 * A row, the key's name being its field's name:
 *   MCS_REAL(name, lo, hi, lo_open, default, meaning[, .applies = f, .not_applies = "why",
 *            .applies_with = "option.x=y"])
 *       a double in [lo, hi] (lo excluded when lo_open)
 *   MCS_COUNT(name, lo, hi, default, meaning[, ...])    a uint32_t in [lo, hi]
 *   MCS_CHOICE(name, enum type, names, default, meaning[, ...])
 *       an enum, one of the mcs_named table `names`
 *   MCS_LIST(name, lo, hi, lo_open, length, default, meaning[, ...])
 *       comma-separated numbers each in [lo, hi] (an mcs_list: room for
 *       MCS_MOST_ASSETS), exactly as many as the count field `length`
 *       (a member of mcs_job, e.g. model.assets) says, or one number that
 *       every element takes; a default, where it has one, is such text or
 *       "equal" (each 1/n, a keyword of that key then); a value may
 *       continue on indented lines
 *   MCS_MATRIX(name, lo, hi, lo_open, length, default, meaning[, ...])
 *       likewise an n x n matrix, row-major (an mcs_matrix), n = `length`;
 *       default "" (not given: the field's n stays 0)
 *   MCS_HIDDEN(type, name)  a field of the job that is no key: values the
 *       type derives from its keys when the config is read (e.g. the
 *       multi-asset model's Cholesky factor, models/multi_gbm.c)
 *   MCS_SHARED(row)  a key several types share, whose one field is in the
 *       head every block starts with (core/job.h: MCS_MODEL_HEAD's spot,
 *       rate, dividend, volatility, assets; MCS_OPTION_HEAD's type, strike,
 *       maturity, strike_type, monitoring); its spec row, with this type's
 *       default and meaning, is this type's own
 * default is the value as config text, or NULL when the key is required.
 * A field declared twice, or a MCS_SHARED row whose field the head lacks,
 * does not compile. A new type's list is named in models/params.def or
 * payoffs/params.def (the row count, engine/param_rows.h, the text the GPU
 * module is checked by, engine/params_layout.h, read those); a new type's
 * block struct is its models/<name>_params.h or payoffs/<name>_params.h. */
#ifndef MCS_PARAM_LIST_H
#define MCS_PARAM_LIST_H

#include <stdint.h>

/* Most assets of a multi-asset model: the room of a list key (an
 * mcs_list) and, squared, of a matrix key (an mcs_matrix). */
#define MCS_MOST_ASSETS 64
typedef struct {
    uint32_t n; /* numbers given (0: not given, where the key allows it) */
    double v[MCS_MOST_ASSETS];
} mcs_list;
typedef struct {
    uint32_t n; /* side: n x n numbers, row-major (0: not given) */
    double v[MCS_MOST_ASSETS * MCS_MOST_ASSETS];
} mcs_matrix;

/* The two readings of a row. A reader defines MCS_REAL, MCS_COUNT,
 * MCS_CHOICE, MCS_LIST, MCS_MATRIX, MCS_HIDDEN and MCS_SHARED as one of
 * them, includes the list files, and undefines them (core/rows_end.h):
 * fields (core/rows_as_fields.h) or spec rows (the type tables). */

/* A field (core/rows_as_fields.h); MCS_SHARED rows make none. */
#define MCS_FIELD_REAL(name_, ...) double name_;
#define MCS_FIELD_COUNT(name_, ...) uint32_t name_;
#define MCS_FIELD_CHOICE(name_, type_, ...) type_ name_;
#define MCS_FIELD_LIST(name_, ...) mcs_list name_;
#define MCS_FIELD_MATRIX(name_, ...) mcs_matrix name_;
#define MCS_FIELD_HIDDEN(type_, name_) type_ name_;

/* A spec row (core/type_table.h) of `section_` (model or option: the job's
 * member of that name holds the field). */
#define MCS_STR_(x) #x
#define MCS_STR(x) MCS_STR_(x)
/* Where a row's field lies in mcs_job: in the struct the type table names
 * as MCS_ROW_BLOCK_<section> before it reads a list (the type's block
 * struct, mcs_<name>_params), which starts
 * where the job's member of that name does. */
#define MCS_ROW_BLOCK_(section_) MCS_ROW_BLOCK_##section_
#define MCS_ROW_OFFSET(section_, name_)                                                          \
    (offsetof(mcs_job, section_) + offsetof(MCS_ROW_BLOCK_(section_), name_))
#define MCS_ROW_REAL(section_, name_, lo_, hi_, lo_open_, dflt_, meaning_, ...)                 \
    {.section = MCS_STR(section_), .key = #name_, .kind = MCS_PARAM_REAL,                        \
     .offset = MCS_ROW_OFFSET(section_, name_), .lo = lo_, .hi = hi_, .lo_open = lo_open_,       \
     .dflt = dflt_, .meaning = meaning_, __VA_ARGS__},
#define MCS_ROW_COUNT(section_, name_, lo_, hi_, dflt_, meaning_, ...)                          \
    {.section = MCS_STR(section_), .key = #name_, .kind = MCS_PARAM_COUNT,                       \
     .offset = MCS_ROW_OFFSET(section_, name_), .lo = lo_, .hi = hi_, .dflt = dflt_,             \
     .meaning = meaning_, __VA_ARGS__},
#define MCS_ROW_CHOICE(section_, name_, type_, names_, dflt_, meaning_, ...)                    \
    {.section = MCS_STR(section_), .key = #name_, .kind = MCS_PARAM_CHOICE,                      \
     .offset = MCS_ROW_OFFSET(section_, name_), .dflt = dflt_, .meaning = meaning_,              \
     .choices = names_, __VA_ARGS__},
#define MCS_ROW_LIST(section_, name_, lo_, hi_, lo_open_, length_, dflt_, meaning_, ...)       \
    {.section = MCS_STR(section_), .key = #name_, .kind = MCS_PARAM_LIST,                        \
     .offset = MCS_ROW_OFFSET(section_, name_), .lo = lo_, .hi = hi_, .lo_open = lo_open_,       \
     .length_offset = offsetof(mcs_job, length_), .length_key = MCS_STR(length_),                \
     .dflt = dflt_, .meaning = meaning_, __VA_ARGS__},
#define MCS_ROW_MATRIX(section_, name_, lo_, hi_, lo_open_, length_, dflt_, meaning_, ...)     \
    {.section = MCS_STR(section_), .key = #name_, .kind = MCS_PARAM_MATRIX,                      \
     .offset = MCS_ROW_OFFSET(section_, name_), .lo = lo_, .hi = hi_, .lo_open = lo_open_,       \
     .length_offset = offsetof(mcs_job, length_), .length_key = MCS_STR(length_),                \
     .dflt = dflt_, .meaning = meaning_, __VA_ARGS__},
#define MCS_ROW_HIDDEN(...)
/* the end of a spec list */
#define MCS_PARAM_END {.key = NULL}

#endif
