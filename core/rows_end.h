/* rows_end.h - end a reading of key-list rows (core/rows_as_fields.h or a
 * type table's spec rows). No include guard. */
#undef MCS_REAL
#undef MCS_COUNT
#undef MCS_CHOICE
#undef MCS_LIST
#undef MCS_MATRIX
#undef MCS_HIDDEN
#undef MCS_SHARED
