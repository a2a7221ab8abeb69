/* block_single.c - the per-block kernel in single precision (float paths,
 * double sums). */
#include "block_kernel.h"
#define MCS_BLOCK_FN mcs_block_single
#include "block_kernel.inc"
