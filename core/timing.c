/* timing.c - monotonic clock and phase names. */
#define _POSIX_C_SOURCE 200809L
#include "timing.h"
#include <time.h>

double mcs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double mcs_other_seconds(const double *seconds)
{
    double inside = 0;
    for (int p = 0; p < MCS_PHASE_TOTAL; p++)
        inside += seconds[p];
    const double other = seconds[MCS_PHASE_TOTAL] - inside;
    return other > 1e-9 * seconds[MCS_PHASE_TOTAL] ? other : 0;
}

int mcs_utc_stamp(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm utc;
    if (gmtime_r(&now, &utc) != NULL && strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &utc) > 0)
        return 0;
    if (len) /* (strftime leaves the buffer undefined where it does not fit) */
        buf[0] = '\0';
    return -1;
}

const char *mcs_phase_name(mcs_phase p)
{
    static const char *const names[] = {
#define MCS_PHASE_NAME(id, name, what) name,
        MCS_PHASE_LIST(MCS_PHASE_NAME)
#undef MCS_PHASE_NAME
    };
    return (unsigned)p < MCS_PHASE_COUNT ? names[p] : "?";
}

const char *mcs_phase_description(mcs_phase p)
{
    static const char *const what[] = {
#define MCS_PHASE_WHAT(id, name, w) w,
        MCS_PHASE_LIST(MCS_PHASE_WHAT)
#undef MCS_PHASE_WHAT
    };
    return (unsigned)p < MCS_PHASE_COUNT ? what[p] : "?";
}
