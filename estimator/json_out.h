/* json_out.h - one member of a JSON object, `, "key": value`, as the
 * estimator's commands write them (estimate, validate, the report), on top
 * of engine/report.h's mcs_json_number and mcs_json_string. */
#ifndef MCS_JSON_OUT_H
#define MCS_JSON_OUT_H

#include <stdio.h>
#include "report.h"
#include "timing.h"

/* s as a JSON string, or null where s is NULL. */
static inline void mcs_json_string_or_null(FILE *f, const char *s)
{
    if (s)
        mcs_json_string(f, s);
    else
        fputs("null", f);
}

/* `, "key": ` and x (null when it is not finite). */
static inline void mcs_json_key_number(FILE *f, const char *key, double x)
{
    fprintf(f, ", \"%s\": ", key);
    mcs_json_number(f, x);
}

/* `, "key": ` and true or false. */
static inline void mcs_json_key_bool(FILE *f, const char *key, int yes)
{
    fprintf(f, ", \"%s\": %s", key, yes ? "true" : "false");
}

/* `, "key": ` and s as a string, or null where s is NULL. */
static inline void mcs_json_key_string(FILE *f, const char *key, const char *s)
{
    fprintf(f, ", \"%s\": ", key);
    mcs_json_string_or_null(f, s);
}

/* A run's phases as an object, {"config": seconds, ...} (null where not finite). */
static inline void mcs_json_phases(FILE *f, const double *s)
{
    for (int p = 0; p < MCS_PHASE_COUNT; p++) {
        fprintf(f, "%s\"%s\": ", p ? ", " : "{", mcs_phase_name((mcs_phase)p));
        mcs_json_number(f, s[p]);
    }
    fputc('}', f);
}

#endif
