/* provenance.h - what `mcsim estimate` says about the profiles it uses:
 * the terms of a spec-sheet profile scaled from a calibrated one, and a
 * profile measured on another machine. */
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

/* Was calibrated profile p measured on another machine than this one (its
 * host name or, with a [cpu] section, its CPU model differ from
 * engine/sysinfo.h's)? 1 with what differs in `why` ("host 'a', CPU 'X';
 * this is host 'b', CPU 'Y'"), else 0: also for a spec sheet or a profile
 * that names no host, which cannot be told. The GPU model is not compared:
 * that needs the GPU backend, which estimate does not start. */
int mcs_profile_other_host(const mcs_profile *p, char *why, size_t len);

/* The one line that says a profile came from `mcsim calibrate --quick`
 * (cp's, and gp's when it is another profile with a [gpu] section): "profile
 * 'a' (FILE) was measured by `mcsim calibrate --quick`: ...". 1 when one
 * did, else 0 and "". */
int mcs_profile_quick_line(const mcs_profile *cp, const mcs_profile *gp, char *line, size_t len);

/* With no profile named (--profile, --cpu, --gpu) and no local profile
 * (none named or present, nor the ./profiles/local.ini earlier versions
 * wrote): the catalogue entries nearest this machine (docs/estimator.md,
 * "No profile at all"). CPU: the entry whose [cpu] model is this CPU's
 * brand string, else the one whose threads are nearest this machine's
 * logical CPUs on a log scale. GPU: the NVIDIA driver's name of the first
 * GPU (/proc/driver/nvidia/gpus/.../information), the entry with that
 * [gpu] model, else the one sharing the most words that hold a digit
 * ("H100", "4090"); none without a driver or a shared word (gpu = "").
 * Ties go to a calibrated entry, then to the first by name. The one line
 * that says so into `line`. 1 when chosen, 0 when a local profile is
 * there to use (or its absence to report). */
int mcs_profile_nearest(char *cpu, size_t cpu_len, char *gpu, size_t gpu_len, char *line,
                        size_t len);

/* The distance mcs_profile_nearest ranks catalogue entries by (smaller is
 * nearer; INFINITY: not a candidate): for the CPU side, this machine's
 * brand string and logical CPUs; for the GPU side, its GPU name ("" none). */
double mcs_profile_cpu_distance(const mcs_profile *p, const char *model, double threads);
double mcs_profile_gpu_distance(const mcs_profile *p, const char *name);

#endif
