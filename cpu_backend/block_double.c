/* block_double.c - the per-block kernel in double precision; compiled once
 * per instruction-set level (MCS_ISA). */
#define MCS_REAL_DOUBLE 1
#include "block_kernel.h"
#include "block_isa.h"
#define MCS_BLOCK_FN MCS_ISA_NAME(mcs_block_double)
#include "block_kernel.inc"
