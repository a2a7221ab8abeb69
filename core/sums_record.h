/* sums_record.h - a block's sums as a backend hands them to the engine: the
 * packed record of stats.h (mcs_sums_record_len(k) doubles: n, the k
 * shifts, the k sums, the k(k+1)/2 cross-products), the layout the GPU
 * copies back. A record is 32 bytes for one output where an mcs_block_sums
 * is sized for MCS_MAX_OUTPUTS (1.3 KB): an array of those for a chunk of
 * 15k blocks took one page fault per three blocks of every run, 0.4-0.6 us
 * a block, more than a one-step GPU kernel's own time. */
#ifndef MCS_SUMS_RECORD_H
#define MCS_SUMS_RECORD_H

#include "stats.h"

/* Pack block sums of k outputs into rec (mcs_sums_record_len(k) doubles). */
void mcs_sums_pack(const mcs_block_sums *b, int k, double *rec);
/* The moments of one block of k outputs from its record, into m's first k
 * means and k(k+1)/2 co-moments (the rest of m is left as it is): the
 * same bits as mcs_moments_from_block of the unpacked record. */
void mcs_moments_from_record(const double *rec, int k, mcs_moments *m);

#endif
