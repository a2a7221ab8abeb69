/* progress.c - the progress bar (terminal) and progress lines (batch). */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "timing.h"

#define BAR_DELAY 1.0     /* seconds before the bar appears */
#define BAR_EVERY 0.1     /* at most 10 redraws a second */
#define LINE_EVERY 15.0   /* a line every 15 s (the first after 15 s) */

void mcs_progress_init(mcs_progress *p, uint64_t total_paths, mcs_progress_mode mode)
{
    if (mode == MCS_PROGRESS_AUTO)
        mode = isatty(STDERR_FILENO) ? MCS_PROGRESS_BAR : MCS_PROGRESS_LINES;
    p->mode = mode;
    p->shown = 0;
    p->start = mcs_now();
    p->last = p->start;
    p->total_paths = total_paths;
}

void mcs_short_count(double v, char *buf, size_t len)
{
    if (v < 1e5) {
        snprintf(buf, len, "%.0f", v);
        return;
    }
    char tmp[32], *e;
    snprintf(tmp, sizeof tmp, "%.2g", v); /* "7.4e+09" */
    if ((e = strchr(tmp, 'e')) != NULL) {
        char *digits = e + 1;
        while (*digits == '+' || *digits == '0')
            digits++;
        memmove(e + 1, digits, strlen(digits) + 1); /* "7.4e9" */
    }
    snprintf(buf, len, "%s", tmp);
}

/* "41 s", "12 min", "3.2 h" */
static void short_time(double s, char *buf, size_t len)
{
    if (s < 100)
        snprintf(buf, len, "%.0f s", s);
    else if (s < 6000)
        snprintf(buf, len, "%.0f min", s / 60);
    else
        snprintf(buf, len, "%.1f h", s / 3600);
}

void mcs_progress_update(void *arg, double done, uint64_t paths_done)
{
    mcs_progress *p = arg;
    if (p->mode == MCS_PROGRESS_NONE || done >= 1.0)
        return;
    double now = mcs_now(), elapsed = now - p->start;
    char left[32], did[32], all[32];
    short_time(done > 0 ? elapsed * (1.0 - done) / done : 0.0, left, sizeof left);
    mcs_short_count((double)paths_done, did, sizeof did);
    mcs_short_count((double)p->total_paths, all, sizeof all);
    if (p->mode == MCS_PROGRESS_LINES) {
        if (now - p->last < LINE_EVERY)
            return;
        fprintf(stderr, "mcsim: %.0f%% %s/%s paths, %s left\n", 100.0 * done, did, all, left);
    } else {
        if (elapsed < BAR_DELAY || now - p->last < BAR_EVERY)
            return;
        enum { WIDTH = 30 };
        char bar[WIDTH + 1];
        int fill = (int)(done * WIDTH);
        for (int i = 0; i < WIDTH; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[WIDTH] = '\0';
        fprintf(stderr, "\r[%s] %5.1f%%  %s / %s paths  %s left   ", bar, 100.0 * done, did, all,
                left);
        p->shown = 1;
    }
    fflush(stderr);
    p->last = now;
}

void mcs_progress_finish(mcs_progress *p)
{
    if (p->shown) {
        fprintf(stderr, "\r%80s\r", "");
        fflush(stderr);
    }
}
