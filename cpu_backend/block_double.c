/* block_double.c - the per-block kernel in double precision. */
#define MCS_REAL_DOUBLE 1
#include "block_kernel.h"
#define MCS_BLOCK_FN mcs_block_double
#include "block_kernel.inc"
