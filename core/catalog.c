/* catalog.c - the tables of valid names and their lookup. */
#include "catalog.h"
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "job.h"

const mcs_named mcs_option_types[] = {
    {"call", MCS_CALL, "right to buy at the strike"},
    {"put", MCS_PUT, "right to sell at the strike"},
    {NULL, 0, NULL},
};
const mcs_named mcs_rngs[] = {
    {"auto", MCS_RNG_AUTO, "the backend's default: pcg64 on the cpu, philox on the gpu"},
    {"pcg64", MCS_RNG_PCG64, "PCG XSL-RR 128/64 (O'Neill), stream = block index (cpu)"},
    {"philox", MCS_RNG_PHILOX, "Philox4x32-10, counter from block and path: same numbers on cpu and gpu"},
    {"mrg32k3a", MCS_RNG_MRG32K3A, "L'Ecuyer MRG32k3a from cuRAND (gpu)"},
    {"sobol", MCS_RNG_SOBOL, "scrambled Sobol quasi-random, one dimension per step (gpu)"},
    {NULL, 0, NULL},
};
const mcs_named mcs_precisions[] = {
    {"single", MCS_SINGLE, "float path arithmetic, double sums (fast)"},
    {"double", MCS_DOUBLE, "double path arithmetic and sums"},
    {NULL, 0, NULL},
};

const mcs_named mcs_yes_no[] = {
    {"yes", 1, "yes"},
    {"no", 0, "no"},
    {NULL, 0, NULL},
};

const mcs_named *mcs_named_find(const mcs_named *table, const char *name)
{
    for (const mcs_named *e = table; e->name; e++)
        if (strcasecmp(e->name, name) == 0)
            return e;
    return NULL;
}

const mcs_named *mcs_named_by_id(const mcs_named *table, int id)
{
    for (const mcs_named *e = table; e->name; e++)
        if (e->id == id)
            return e;
    return NULL;
}

void mcs_named_list(const mcs_named *table, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const mcs_named *e = table; e->name && used < len; e++) {
        int n = snprintf(buf + used, len - used, "%s%s", e == table ? "" : ", ", e->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}
