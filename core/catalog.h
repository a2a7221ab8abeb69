/* catalog.h - the named choices a config can make (models, payoffs, option
 * types, generators, precisions): NULL-terminated const tables, looked up by
 * name, listed in error messages. */
#ifndef MCS_CATALOG_H
#define MCS_CATALOG_H

#include <stddef.h>

typedef struct {
    const char *name;        /* as written in the INI file */
    int id;                  /* the matching enum value in job.h */
    const char *description; /* one line for --help */
} mcs_named;

/* The models' and payoffs' name tables are made from their type tables:
 * mcs_model_names() and mcs_payoff_names() (engine/product.h). */
extern const mcs_named mcs_option_types[];
extern const mcs_named mcs_rngs[];
extern const mcs_named mcs_precisions[];
extern const mcs_named mcs_yes_no[]; /* [output] log */

/* Entry named `name` (case-insensitive), or NULL. */
const mcs_named *mcs_named_find(const mcs_named *table, const char *name);
/* Entry with enum value `id`, or NULL. */
const mcs_named *mcs_named_by_id(const mcs_named *table, int id);
/* "a, b, c": the valid names, for messages. */
void mcs_named_list(const mcs_named *table, char *buf, size_t len);

#endif
