/* heston_cost.h - the share of a Heston job's QE steps on the dearer
 * exponential branch, from its parameters (models/heston_cost.c). */
#ifndef MCS_HESTON_COST_H
#define MCS_HESTON_COST_H

#include <stdint.h>
#include "../core/job.h"

/* The expected share of the steps of a group of `group` paths stepped
 * together (a CPU batch, a GPU warp) in which at least one path takes QE's
 * exponential branch, over the job's grid (0 for the Euler scheme): the
 * heston model's dear_share (core/type_table.h). */
double mcs_heston_dear_share(const mcs_job *job, uint32_t group);

/* The paths of a CPU batch of `batch` that pay the branch together in
 * `precision` (the model's dear_cpu_group): the batch in single, whose
 * step then computes both branches for every path; 1 in double, whose step
 * takes the branch's paths apart (MCS_HESTON_DOUBLE_APART, heston.h). */
uint32_t mcs_heston_dear_cpu_group(mcs_precision precision, uint32_t batch);

#endif
