/* progress.h - a progress bar on stderr, shown only on a terminal and only
 * once a run has lasted about a second. */
#ifndef MCS_PROGRESS_H
#define MCS_PROGRESS_H

#include <stdint.h>

typedef struct {
    int enabled;   /* stderr is a terminal and not --quiet */
    int shown;     /* something was drawn (so finish() clears it) */
    double start;  /* mcs_now() at the start */
    uint64_t total_paths;
} mcs_progress;

/* Prepare a bar for a run of total_paths; quiet disables it. */
void mcs_progress_init(mcs_progress *p, uint64_t total_paths, int quiet);
/* Engine callback: redraw with the share done. */
void mcs_progress_update(void *p, double done, uint64_t paths_done);
/* Clear the bar line, if one was drawn. */
void mcs_progress_finish(mcs_progress *p);

#endif
