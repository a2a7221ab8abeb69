/* block_isa.h - names of the per-ISA kernel variants: the build compiles the
 * kernel sources once per level with -DMCS_ISA=v1|v3|v4 (see CMakeLists.txt). */
#ifndef MCS_BLOCK_ISA_H
#define MCS_BLOCK_ISA_H

#include "block_kernel.h"

#define MCS_ISA_CAT2(a, b) a##_##b
#define MCS_ISA_CAT(a, b) MCS_ISA_CAT2(a, b)
#define MCS_ISA_NAME(base) MCS_ISA_CAT(base, MCS_ISA)

#define MCS_ISA_DECLARE(isa)                                                        \
    void mcs_block_single_##isa(const mcs_job *, mcs_block_stream *, uint32_t,            \
                                mcs_block_scratch *, mcs_block_sums *);             \
    void mcs_block_double_##isa(const mcs_job *, mcs_block_stream *, uint32_t,            \
                                mcs_block_scratch *, mcs_block_sums *);
MCS_ISA_DECLARE(v1)
MCS_ISA_DECLARE(v3)
MCS_ISA_DECLARE(v4)

#endif
