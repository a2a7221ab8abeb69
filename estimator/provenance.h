/* provenance.h - what `mcsim estimate` says about the profiles it uses:
 * the terms of a spec-sheet profile scaled from a calibrated one. */
#ifndef MCS_PROVENANCE_H
#define MCS_PROVENANCE_H

#include <stdio.h>
#include "profile.h"

/* The terms mcs_profile_derive scaled on the CPU side of cp and the GPU
 * side of gp (gp->has_gpu): as text lines ("  gpu h200 scaled from
 * 'h100': kernel_single x1 (sm_count x boost_clock), ...", nothing when
 * both are calibrated), or as a JSON array of {"side", "profile", "from",
 * "term", "ratio", "by"}. */
void mcs_scaled_terms_print(FILE *f, const mcs_profile *cp, const mcs_profile *gp, int json);

#endif
