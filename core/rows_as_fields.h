/* rows_as_fields.h - read the key-list rows that follow as struct fields
 * (core/param_list.h's MCS_FIELD_* reading); core/rows_end.h ends the
 * reading. A row MCS_SHARED(row) makes no field: its field is in the head
 * (MCS_MODEL_HEAD or MCS_OPTION_HEAD, core/job.h). No include guard: each
 * block struct includes it. */
#define MCS_REAL MCS_FIELD_REAL
#define MCS_COUNT MCS_FIELD_COUNT
#define MCS_CHOICE MCS_FIELD_CHOICE
#define MCS_LIST MCS_FIELD_LIST
#define MCS_MATRIX MCS_FIELD_MATRIX
#define MCS_HIDDEN MCS_FIELD_HIDDEN
#define MCS_SHARED(row)
