/* progress.c - the stderr progress bar. */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"
#include <stdio.h>
#include <unistd.h>
#include "timing.h"

#define MCS_PROGRESS_DELAY 1.0 /* seconds before the bar appears */

void mcs_progress_init(mcs_progress *p, uint64_t total_paths, int quiet)
{
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->shown = 0;
    p->start = mcs_now();
    p->total_paths = total_paths;
}

void mcs_progress_update(void *arg, double done, uint64_t paths_done)
{
    mcs_progress *p = arg;
    if (!p->enabled)
        return;
    double elapsed = mcs_now() - p->start;
    if (elapsed < MCS_PROGRESS_DELAY || done >= 1.0)
        return;
    enum { WIDTH = 30 };
    char bar[WIDTH + 1];
    int fill = (int)(done * WIDTH);
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[WIDTH] = '\0';
    double eta = done > 0 ? elapsed * (1.0 - done) / done : 0.0;
    fprintf(stderr, "\r[%s] %5.1f%%  %.3g / %.3g paths  %.0f s left ", bar, 100.0 * done,
            (double)paths_done, (double)p->total_paths, eta);
    fflush(stderr);
    p->shown = 1;
}

void mcs_progress_finish(mcs_progress *p)
{
    if (p->shown) {
        fprintf(stderr, "\r%80s\r", "");
        fflush(stderr);
    }
}
