/* key_tables.c - the model and payoff key lists printed for people and
 * tools: `mcsim help keys --markdown` (the user guide's key tables, which
 * tests/docs_keys.py checks against docs/user-guide.md) and `mcsim help keys
 * --format json` (each type's keys, kinds, bounds, choices and base config:
 * what tests/bad_inputs/generate.py builds its cases from). */
#include "key_tables.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "catalog.h"
#include "config.h"
#include "product.h"
#include "report.h"

/* "`a`, `b`": a choice's names, each quoted as code. */
static void code_names(const mcs_named *table, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const mcs_named *e = table; e->name && used < len; e++)
        used += (size_t)snprintf(buf + used, len - used, "%s`%s`", used ? ", " : "", e->name);
}

void mcs_param_valid_text(const mcs_param_spec *p, char *buf, size_t len)
{
    switch (p->kind) {
    case MCS_PARAM_LIST:
    case MCS_PARAM_MATRIX: {
        /* "n numbers, each > 0" (n: the count key, "assets") */
        const char *n = strrchr(p->length_key, '.');
        n = n ? n + 1 : p->length_key;
        char each[96];
        mcs_param_spec one = *p;
        one.kind = MCS_PARAM_REAL;
        mcs_param_valid_text(&one, each, sizeof each);
        snprintf(buf, len, "%s%s%s comma-separated numbers, each %s",
                 p->kind == MCS_PARAM_MATRIX ? n : "", p->kind == MCS_PARAM_MATRIX ? " x " : "", n,
                 each);
        return;
    }
    case MCS_PARAM_REAL:
        if (isinf(p->lo) && isinf(p->hi))
            snprintf(buf, len, "any finite number");
        else if (isinf(p->lo))
            snprintf(buf, len, "<= %g", p->hi);
        else if (isinf(p->hi))
            snprintf(buf, len, "%s %g", p->lo_open ? ">" : ">=", p->lo);
        else
            snprintf(buf, len, "%s%g, %g]", p->lo_open ? "(" : "[", p->lo, p->hi);
        return;
    case MCS_PARAM_COUNT:
        snprintf(buf, len, "%g to %g", p->lo, p->hi);
        return;
    case MCS_PARAM_CHOICE:
        code_names(p->choices, buf, len);
        return;
    }
    snprintf(buf, len, "?");
}

static void markdown_table(FILE *f, const char *kind, const char *name,
                           const mcs_param_spec *params)
{
    fprintf(f, "<!-- keys: %s %s (generated: mcsim help keys --markdown) -->\n", kind, name);
    fprintf(f, "| key | default | valid values | meaning |\n|---|---|---|---|\n");
    for (const mcs_param_spec *p = params; p->key; p++) {
        char valid[512], dflt[128];
        mcs_param_valid_text(p, valid, sizeof valid);
        if (!p->dflt)
            snprintf(dflt, sizeof dflt, "required");
        else if (p->kind == MCS_PARAM_CHOICE)
            snprintf(dflt, sizeof dflt, "`%s`", p->dflt);
        else if ((p->kind == MCS_PARAM_LIST || p->kind == MCS_PARAM_MATRIX) && !p->dflt[0])
            snprintf(dflt, sizeof dflt, "none");
        else
            snprintf(dflt, sizeof dflt, "%s", p->dflt);
        fprintf(f, "| `%s` | %s | %s | %s", p->key, dflt, valid, p->meaning);
        /* each name's description, as --help lists them (not call/put's) */
        if (p->kind == MCS_PARAM_CHOICE && strcmp(p->key, "type") != 0)
            for (const mcs_named *e = p->choices; e->name; e++)
                fprintf(f, "%s`%s`: %s", e == p->choices ? " (" : "; ", e->name, e->description);
        fprintf(f, "%s |\n", p->kind == MCS_PARAM_CHOICE && strcmp(p->key, "type") != 0 ? ")" : "");
    }
    fprintf(f, "<!-- /keys -->\n");
}

void mcs_print_key_tables_markdown(FILE *f)
{
    for (int i = 0; mcs_model_types[i]; i++) {
        markdown_table(f, "model", mcs_model_types[i]->name, mcs_model_types[i]->params);
        fprintf(f, "\n");
    }
    for (int i = 0; mcs_payoff_types[i]; i++) {
        markdown_table(f, "payoff", mcs_payoff_types[i]->name, mcs_payoff_types[i]->params);
        fprintf(f, "\n");
    }
}

static const char *const kind_names[] = {"real", "count", "choice", "list", "matrix"};
_Static_assert(sizeof kind_names / sizeof kind_names[0] == MCS_PARAM_MATRIX + 1,
               "a name for every mcs_param_kind");

static void json_type(FILE *f, const char *name, const char *description, const char *base,
                      unsigned assets, const mcs_param_spec *params)
{
    fprintf(f, "{\"name\": ");
    mcs_json_string(f, name);
    /* a model: 1 when it has several assets; a payoff: the fewest it reads
     * (0: one asset), so a tool can pick a pair that works */
    fprintf(f, ", \"assets\": %u", assets);
    fprintf(f, ", \"description\": ");
    mcs_json_string(f, description);
    fprintf(f, ", \"base\": ");
    mcs_json_string(f, base ? base : "");
    fprintf(f, ", \"keys\": [");
    for (const mcs_param_spec *p = params; p->key; p++) {
        fprintf(f, "%s\n   {\"section\": ", p == params ? "" : ",");
        mcs_json_string(f, p->section);
        fprintf(f, ", \"key\": ");
        mcs_json_string(f, p->key);
        fprintf(f, ", \"kind\": \"%s\", \"default\": ", kind_names[p->kind]);
        if (p->dflt)
            mcs_json_string(f, p->dflt);
        else
            fprintf(f, "null");
        if (p->kind != MCS_PARAM_CHOICE) {
            /* an unbounded side is null */
            fprintf(f, ", \"lo\": ");
            if (isinf(p->lo))
                fprintf(f, "null");
            else
                fprintf(f, "%.17g", p->lo);
            fprintf(f, ", \"lo_open\": %s, \"hi\": ", p->lo_open ? "true" : "false");
            if (isinf(p->hi))
                fprintf(f, "null");
            else
                fprintf(f, "%.17g", p->hi);
        } else {
            fprintf(f, ", \"choices\": [");
            for (const mcs_named *e = p->choices; e->name; e++) {
                fprintf(f, "%s", e == p->choices ? "" : ", ");
                mcs_json_string(f, e->name);
            }
            fprintf(f, "]");
        }
        if (p->kind == MCS_PARAM_LIST || p->kind == MCS_PARAM_MATRIX) {
            fprintf(f, ", \"length\": ");
            mcs_json_string(f, p->length_key);
        }
        fprintf(f, ", \"applies_with\": ");
        mcs_json_string(f, p->applies_with ? p->applies_with : "");
        fprintf(f, ", \"meaning\": ");
        mcs_json_string(f, p->meaning);
        fprintf(f, "}");
    }
    fprintf(f, "]}");
}

void mcs_print_key_tables_json(FILE *f)
{
    fprintf(f, "{\"fixed\": [");
    for (int i = 0; i < mcs_config_fixed_count(); i++) {
        const char *section, *key, *dflt, *meaning;
        mcs_config_fixed_key(i, &section, &key, &dflt, &meaning);
        fprintf(f, "%s\n  {\"section\": ", i ? "," : "");
        mcs_json_string(f, section);
        fprintf(f, ", \"key\": ");
        mcs_json_string(f, key);
        fprintf(f, ", \"default\": ");
        if (dflt)
            mcs_json_string(f, dflt);
        else
            fprintf(f, "null");
        fprintf(f, ", \"meaning\": ");
        mcs_json_string(f, meaning);
        fprintf(f, "}");
    }
    fprintf(f, "],\n \"models\": [");
    for (int i = 0; mcs_model_types[i]; i++) {
        const mcs_model_type *t = mcs_model_types[i];
        fprintf(f, "%s\n  ", i ? "," : "");
        json_type(f, t->name, t->description, t->calibration_sets, (unsigned)t->multi_asset,
                  t->params);
    }
    fprintf(f, "],\n \"payoffs\": [");
    for (int i = 0; mcs_payoff_types[i]; i++) {
        const mcs_payoff_type *t = mcs_payoff_types[i];
        fprintf(f, "%s\n  ", i ? "," : "");
        json_type(f, t->name, t->description, t->calibration_sets, t->min_assets, t->params);
    }
    fprintf(f, "]}\n");
}
