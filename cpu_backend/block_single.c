/* block_single.c - the per-block kernel in single precision (float paths,
 * double sums); compiled once per instruction-set level (MCS_ISA). */
#include "block_kernel.h"
#include "block_isa.h"
#define MCS_BLOCK_FN MCS_ISA_NAME(mcs_block_single)
#include "block_kernel.inc"
