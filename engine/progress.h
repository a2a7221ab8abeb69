/* progress.h - progress of a long run on stderr: a bar redrawn in place on a
 * terminal, or a plain line every so often for batch jobs whose stderr is a
 * file; nothing for the first second (the bar) or 15 seconds (the lines). */
#ifndef MCS_PROGRESS_H
#define MCS_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    MCS_PROGRESS_AUTO,  /* the bar on a terminal, else lines */
    MCS_PROGRESS_BAR,   /* redrawn in place, at most 10 times a second */
    MCS_PROGRESS_LINES, /* "mcsim: 37% 7.4e9/2e10 paths, 41 s left" every 15 s */
    MCS_PROGRESS_NONE
} mcs_progress_mode;

typedef struct {
    mcs_progress_mode mode; /* BAR, LINES or NONE once resolved */
    int shown;              /* the bar was drawn (so finish() clears it) */
    double start;           /* mcs_now() at the start */
    double last;            /* when the last bar or line was written */
    uint64_t total_paths;
} mcs_progress;

/* Prepare the progress of a run of total_paths; AUTO picks the bar when
 * stderr is a terminal, else lines. */
void mcs_progress_init(mcs_progress *p, uint64_t total_paths, mcs_progress_mode mode);
/* Engine callback between chunks: the share done and the paths done. */
void mcs_progress_update(void *p, double done, uint64_t paths_done);
/* Clear the bar line, if one was drawn. */
void mcs_progress_finish(mcs_progress *p);
/* A count in a few characters: 37000, 7.4e9, 2e10. */
void mcs_short_count(double v, char *buf, size_t len);

#endif
