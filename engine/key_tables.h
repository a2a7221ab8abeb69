/* key_tables.h - the model and payoff keys printed for the user guide
 * (markdown) and for tests (JSON), from the type tables (core/type_table.h). */
#ifndef MCS_KEY_TABLES_H
#define MCS_KEY_TABLES_H

#include <stddef.h>
#include <stdio.h>
#include "product.h"

/* The values a key accepts, as text: "> 0", "(0, 100]", "1 to 100000",
 * "`call`, `put`". */
void mcs_param_valid_text(const mcs_param_spec *p, char *buf, size_t len);

/* Every model's and payoff's key table in markdown, each between
 * "<!-- keys: model gbm ... -->" and "<!-- /keys -->" lines (the blocks of
 * docs/user-guide.md). */
void mcs_print_key_tables_markdown(FILE *f);

/* Every key as one JSON object: {"fixed": [...], "models": [...],
 * "payoffs": [...]}: the keys of every job (section, key, default, meaning),
 * then each model and payoff type each type with its name, description, base config
 * ("section.key=value ...", a job that runs with the other defaults) and
 * keys (section, key, kind, default, bounds or choices, meaning). */
void mcs_print_key_tables_json(FILE *f);

#endif
