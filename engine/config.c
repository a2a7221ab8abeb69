/* config.c - INI parsing (inih), overrides and validation into an mcs_job.
 * Values are first collected as text with where they came from, then
 * validated key by key, so every message can name file, line and key. */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include <errno.h>
#include <ini.h>
#include <pthread.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "catalog.h"
#include "output_path.h"
#include "param_rows.h"
#include "product.h"

#define VALUE_MAX 512
/* the longest list or matrix value (64 x 64 numbers of up to 24 characters) */
#define MCS_LIST_TEXT_MAX (MCS_MOST_ASSETS * MCS_MOST_ASSETS * 26)

typedef struct {
    const char *section, *key;
    const char *fallback; /* default as text; NULL = required */
    const char *meaning;
    int list; /* a list or matrix key: its value may continue on indented lines */
} key_spec;

/* The keys that are not a model's or a payoff's parameter, in the order the
 * resolved config is written; the parameters come from the type tables
 * (core/type_table.h). */
static const key_spec fixed_keys[] = {
    {"model", "type", "gbm", "price model", 0},
    {"option", "payoff", "european", "payoff", 0},
    {"simulation", "paths", "1000000", "number of paths, 1 to 1e15 (1e6 and 1_000_000 work)", 0},
    {"simulation", "steps", "auto",
     "time steps per path, 1 to 100000; auto: what the product needs (1 for a European or "
     "digital, the fixings of an Asian, 252 a year for discrete monitoring, 1 for continuous), "
     "at least the model's (Heston: 252 a year)", 0},
    {"simulation", "seed", "1", "seed, 0 to 2^64-1 (decimal or 0x hex)", 0},
    {"simulation", "rng", "auto", "random numbers: auto (pcg64 on the cpu, philox on the gpu), pcg64, philox; mrg32k3a and sobol on the gpu only", 0},
    {"simulation", "precision", "single", "path arithmetic: single or double", 0},
    {"simulation", "block_size", "65536", "paths per block (part of the result's identity)", 0},
    {"output", "file", "", "HDF5 run log path (empty: output/<config>-<backend>-<UTC>.h5)", 0},
    {"output", "log", "yes", "write the HDF5 run log: yes or no (no: the result only)", 0},
};
#define N_FIXED (sizeof fixed_keys / sizeof fixed_keys[0])
_Static_assert(N_FIXED == MCS_CONFIG_FIXED_KEYS, "MCS_CONFIG_FIXED_KEYS (config.h) counts fixed_keys");
/* Room for every key: the fixed ones and every row of every key list
 * (core/job.h counts them; shared keys are stored once, so this is an
 * upper bound): no key list can outgrow it. collect_keys still refuses to
 * start, naming it, rather than drop a key. */
#define MAX_KEYS (MCS_CONFIG_FIXED_KEYS + MCS_PARAM_ROWS)

/* Every key mcsim knows: the fixed ones, then each model's and payoff's
 * parameters once (a key several payoffs share appears once). Made once per
 * process (pthread_once), read-only after. */
static key_spec keys[MAX_KEYS];
static size_t N_KEYS;
static int keys_overflow; /* the type tables declare more than MAX_KEYS keys */
static pthread_once_t keys_once = PTHREAD_ONCE_INIT;

static void add_params(const mcs_param_spec *params)
{
    for (const mcs_param_spec *p = params; p->key; p++) {
        size_t k = 0;
        while (k < N_KEYS && !(strcmp(keys[k].section, p->section) == 0 &&
                               strcmp(keys[k].key, p->key) == 0))
            k++;
        if (k < N_KEYS)
            continue;
        if (N_KEYS == MAX_KEYS) {
            keys_overflow = 1;
            return;
        }
        keys[N_KEYS++] = (key_spec){p->section, p->key, p->dflt, p->meaning,
                                    p->kind == MCS_PARAM_LIST || p->kind == MCS_PARAM_MATRIX};
    }
}

static void collect_keys_once(void)
{
    _Static_assert(N_FIXED <= MAX_KEYS, "MAX_KEYS must hold the fixed keys");
    for (size_t i = 0; i < N_FIXED; i++)
        keys[N_KEYS++] = fixed_keys[i];
    for (int i = 0; mcs_model_types[i]; i++)
        add_params(mcs_model_types[i]->params);
    for (int i = 0; mcs_payoff_types[i]; i++)
        add_params(mcs_payoff_types[i]->params);
}

/* The key table, made on first use; MCS_E_SOFTWARE (err says the limit)
 * when the type tables declare more keys than it holds. */
static mcs_status collect_keys(char *err, size_t err_len)
{
    pthread_once(&keys_once, collect_keys_once);
    if (keys_overflow) {
        if (err)
            snprintf(err, err_len, "the model and payoff types declare more than %d config keys "
                     "(MAX_KEYS in engine/config.c): the key lists' rows miscounted",
                     (int)MAX_KEYS);
        return MCS_E_SOFTWARE;
    }
    return MCS_OK;
}

typedef struct {
    int set;
    int line;                /* 0 for overrides */
    char origin[VALUE_MAX];  /* file path, or the override ("--set a.b=c") */
    char *value;             /* on the heap (a list's may be long), freed with the state */
} slot;

typedef struct {
    const char *path;
    slot slots[MAX_KEYS];
    int line; /* line of the text inih is handling */
    int lines_done;
    int fail_line; /* line of the first error found by the handler */
    int bad_line;  /* first line inih must not see: too long, a NUL, a bare CR */
    char bad_why[160]; /* what is wrong with it */
    FILE *file;
    char *err;
    size_t err_len;
    int failed;
} parse_state;

static void fail(parse_state *ps, const char *fmt, ...)
{
    if (ps->failed)
        return; /* keep the first error */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err, ps->err_len, fmt, ap);
    va_end(ap);
    ps->failed = 1;
}

/* Where a slot's value came from: "file:line" or the override's origin. */
static void where(const parse_state *ps, const slot *s, char *buf, size_t len)
{
    if (s->line > 0)
        snprintf(buf, len, "%s:%d", s->origin, s->line);
    else if (s->set)
        snprintf(buf, len, "%s", s->origin);
    else
        snprintf(buf, len, "%s", ps->path);
}

static int find_key(const char *section, const char *key)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (strcasecmp(keys[i].section, section) == 0 && strcasecmp(keys[i].key, key) == 0)
            return (int)i;
    return -1;
}

static int known_section(const char *section)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (strcasecmp(keys[i].section, section) == 0)
            return 1;
    return 0;
}

static void keys_of_section(const char *section, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < N_KEYS && used < len; i++)
        if (strcasecmp(keys[i].section, section) == 0) {
            int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", keys[i].key);
            if (n < 0)
                break;
            used += (size_t)n;
        }
}

/* Text a value could not keep through the resolved config (the run log's
 * `config` attribute, written "key = value" and read back by inih): a
 * control character other than a tab, a ';' at its start or after white
 * space (an INI comment), or a line over 199 characters. NULL if safe. */
static const char *unsafe_value(const char *key, const char *v, int list)
{
    for (const char *c = v; *c; c++) {
        if (((unsigned char)*c < 0x20 && *c != '\t') || *c == 0x7f)
            return "a control character (a newline ...)";
        if (*c == ';' && (c == v || c[-1] == ' ' || c[-1] == '\t'))
            return "a ';' at its start or after a space, which starts a comment in an INI file";
    }
    if (!list && strlen(key) + 3 + strlen(v) > 199) /* a list is written over lines */
        return "more than fits a config line (199 characters with 'key = ')";
    return NULL;
}

/* Store one value; reports unknown sections and keys, duplicates. */
static int store(parse_state *ps, const char *section, const char *key, const char *value,
                 const char *origin, int line)
{
    char here[VALUE_MAX];
    if (line > 0)
        snprintf(here, sizeof here, "%s:%d", origin, line);
    else
        snprintf(here, sizeof here, "%s", origin);
    if (!known_section(section)) {
        fail(ps, "%s: [%s] %s: unknown section [%s] (valid sections: model, option, simulation, "
                 "output)", here, section, key, section);
        return 0;
    }
    int k = find_key(section, key);
    if (k < 0) {
        char valid[256];
        keys_of_section(section, valid, sizeof valid);
        fail(ps, "%s: [%s] %s: unknown key (valid keys in [%s]: %s)", here, section, key,
             section, valid);
        return 0;
    }
    slot *s = &ps->slots[k];
    if (s->set && line > 0 && keys[k].list && s->line > 0) {
        /* a list's indented continuation line (inih hands it over under the
         * same key): joined with a comma unless the last line ended in one */
        size_t old = strlen(s->value), add = strlen(value);
        if (old + add + 3 > MCS_LIST_TEXT_MAX) {
            fail(ps, "%s: [%s] %s: value longer than %d characters", here, section, key,
                 MCS_LIST_TEXT_MAX - 1);
            return 0;
        }
        char *grown = realloc(s->value, old + add + 3);
        if (!grown) {
            fail(ps, "%s: out of memory", here);
            return 0;
        }
        s->value = grown;
        snprintf(s->value + old, add + 3, "%s%s", old && s->value[old - 1] != ',' ? ", " : " ",
                 value);
        return 1;
    }
    if (s->set && line > 0) {
        if (strchr(value, '='))
            fail(ps, "%s: [%s] %s: this indented line is read as a continuation of '%s' "
                     "(first set on line %d); remove the leading spaces",
                 here, section, key, keys[k].key, s->line);
        else
            fail(ps, "%s: [%s] %s: duplicate key (first set on line %d)", here, section, key,
                 s->line);
        return 0;
    }
    const size_t most = keys[k].list ? MCS_LIST_TEXT_MAX : VALUE_MAX;
    if (strlen(value) >= most) {
        fail(ps, "%s: [%s] %s: value longer than %zu characters", here, section, key, most - 1);
        return 0;
    }
    const char *unsafe = unsafe_value(key, value, keys[k].list);
    if (unsafe) {
        fail(ps, "%s: [%s] %s = %s: the value holds %s; a config file could not keep it", here,
             section, key, value, unsafe);
        return 0;
    }
    char *copy = strdup(value);
    if (!copy) {
        fail(ps, "%s: out of memory", here);
        return 0;
    }
    free(s->value);
    s->value = copy;
    s->set = 1;
    s->line = line;
    snprintf(s->origin, sizeof s->origin, "%s", origin);
    return 1;
}

static int on_ini_value(void *user, const char *section, const char *name, const char *value)
{
    parse_state *ps = user;
    int ok;
    if (section[0] == '\0') {
        fail(ps, "%s:%d: %s: key outside any section (put it under [model], [option], "
                 "[simulation] or [output])", ps->path, ps->line, name);
        ok = 0;
    } else
        ok = store(ps, section, name, value, ps->path, ps->line);
    if (!ok && !ps->fail_line)
        ps->fail_line = ps->line;
    return ok;
}

/* Reads one line for inih, counting lines so the handler knows where it
 * is. Every byte is looked at (counting what was read, not strlen): a NUL
 * (a binary or UTF-16 file) or a carriage return inside a line (CR line
 * endings) is refused, and a line longer than inih's buffer is read to its
 * end; such a line is handed over as one bad line, so line numbers stay the
 * file's, and the reason is kept for the message. */
static char *line_reader(char *str, int num, void *stream)
{
    parse_state *ps = stream;
    size_t n = 0, kept = 0;
    const char *why = NULL;
    int c = EOF;
    while ((c = fgetc(ps->file)) != EOF) {
        if (c == '\0' && !why)
            why = "a NUL byte (a binary or UTF-16 file? save the config as UTF-8 text)";
        if (c == '\n')
            break;
        if (c == '\r') {
            int next = fgetc(ps->file);
            if (next != '\n' && next != EOF && !why)
                why = "a carriage return inside the line (CR line endings? save the file "
                      "with newline line endings)";
            if (next != EOF)
                ungetc(next, ps->file);
        }
        if (kept + 1 < (size_t)num)
            str[kept++] = (char)c;
        n++;
    }
    if (n == 0 && c == EOF)
        return NULL;
    ps->line = ++ps->lines_done;
    if (!why && n + 1 > (size_t)num)
        why = "line longer than 199 characters";
    if (why) {
        if (!ps->bad_line) {
            ps->bad_line = ps->line;
            snprintf(ps->bad_why, sizeof ps->bad_why, "%s", why);
        }
        snprintf(str, (size_t)num, "%s", "\x01"); /* no '[', '=' or ';': a syntax error */
        return str;
    }
    if (kept + 1 < (size_t)num)
        str[kept++] = '\n';
    str[kept] = '\0';
    return str;
}

/* Remove '_' digit separators ("1_000_000"); 0 if one is misplaced. */
static int strip_separators(const char *in, char *out, size_t len)
{
    size_t j = 0;
    for (size_t i = 0; in[i]; i++) {
        if (in[i] == '_') {
            int ok = i > 0 && in[i - 1] >= '0' && in[i - 1] <= '9' && in[i + 1] >= '0' &&
                     in[i + 1] <= '9';
            if (!ok)
                return 0;
            continue;
        }
        if (j + 1 >= len)
            return 0;
        out[j++] = in[i];
    }
    out[j] = '\0';
    return j > 0;
}

static int parse_real(const char *text, double *out)
{
    char buf[VALUE_MAX];
    if (!strip_separators(text, buf, sizeof buf))
        return 0;
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (strpbrk(buf, "xX")) /* no hex floats: 0x10 is not a price */
        return 0;
    if (end == buf || *end != '\0' || !isfinite(v) || (errno == ERANGE && fabs(v) >= 1.0))
        return 0; /* underflow (1e-400) is accepted as the tiny value it is */
    *out = v;
    return 1;
}

int mcs_parse_count(const char *text, unsigned long long *out)
{
    char buf[VALUE_MAX];
    if (!strip_separators(text, buf, sizeof buf) || buf[0] == '-' || buf[0] == '+')
        return 0;
    if (strspn(buf, "0123456789") == strlen(buf)) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(buf, &end, 10);
        if (errno == ERANGE || *end != '\0')
            return 0;
        *out = v;
        return 1;
    }
    double v;
    if (!parse_real(buf, &v) || v < 0 || v != floor(v) || v > 9007199254740992.0) /* 2^53 */
        return 0;
    *out = (unsigned long long)v;
    return 1;
}

static int parse_u64(const char *text, unsigned long long *out)
{
    char buf[VALUE_MAX];
    if (!strip_separators(text, buf, sizeof buf) || buf[0] == '-' || buf[0] == '+')
        return 0;
    int hex = buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
    const char *digits = hex ? buf + 2 : buf;
    if (!*digits || strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789") != strlen(digits))
        return 0;
    errno = 0;
    unsigned long long v = strtoull(digits, NULL, hex ? 16 : 10);
    if (errno == ERANGE)
        return 0;
    *out = v;
    return 1;
}

/* --- validation ------------------------------------------------------- */

/* Text of a key: its value, else its default; NULL if required and missing. */
static const char *text_of(parse_state *ps, int k)
{
    const slot *s = &ps->slots[k];
    if (s->set)
        return s->value;
    return keys[k].fallback ? keys[k].fallback : NULL;
}

static void bad(parse_state *ps, int k, const char *fmt, ...)
{
    char loc[VALUE_MAX + 64], why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    const slot *s = &ps->slots[k];
    where(ps, s, loc, sizeof loc);
    if (s->set && strlen(s->value) > 120) /* a long list: its start */
        fail(ps, "%s: [%s] %s = %.100s...: %s", loc, keys[k].section, keys[k].key, s->value, why);
    else if (s->set)
        fail(ps, "%s: [%s] %s = %s: %s", loc, keys[k].section, keys[k].key, s->value, why);
    else
        fail(ps, "%s: [%s] %s: %s", loc, keys[k].section, keys[k].key, why);
}

static int get_text(parse_state *ps, const char *section, const char *key, const char **out,
                    int *index)
{
    *index = find_key(section, key);
    const char *t = text_of(ps, *index);
    if (!t) {
        bad(ps, *index, "required key is missing (%s)", keys[*index].meaning);
        return 0;
    }
    *out = t;
    return 1;
}

/* A bound for messages: exact, short for powers of ten (1e15, not
 * 1000000000000000). */
static void bound_text(unsigned long long v, char *buf, size_t len)
{
    snprintf(buf, len, "%llu", v);
    if (v < 1000000)
        return;
    char g[32];
    snprintf(g, sizeof g, "%.0e", (double)v); /* "1e+15" */
    if (strtod(g, NULL) != (double)v)
        return;
    char *e = strchr(g, 'e'), *d = e + 1;
    while (*d == '+' || *d == '0')
        d++;
    memmove(e + 1, d, strlen(d) + 1);
    snprintf(buf, len, "%s", g);
}

/* Key k's text t as a whole number in [lo, hi]. */
static int count_in(parse_state *ps, int k, const char *t, unsigned long long lo,
                    unsigned long long hi, unsigned long long *out)
{
    if (!mcs_parse_count(t, out)) {
        char buf[VALUE_MAX];
        double v;
        /* a whole number too large to hold ("1e16" paths) is out of range */
        if (strip_separators(t, buf, sizeof buf) && parse_real(buf, &v) && v >= 0 &&
            v == floor(v) && v > (double)hi) {
            char l[32], h[32];
            bound_text(lo, l, sizeof l);
            bound_text(hi, h, sizeof h);
            bad(ps, k, "must be between %s and %s", l, h);
        }
        else
            bad(ps, k, "not a whole number (examples: 1000000, 1e6, 1_000_000)");
        return 0;
    }
    if (*out < lo || *out > hi) {
        char l[32], h[32];
        bound_text(lo, l, sizeof l);
        bound_text(hi, h, sizeof h);
        bad(ps, k, "must be between %s and %s", l, h);
        return 0;
    }
    return 1;
}

/* Key k's text t as one of the names in table. */
static int name_in(parse_state *ps, int k, const char *t, const mcs_named *table, int *id)
{
    const mcs_named *e = mcs_named_find(table, t);
    if (!e) {
        char valid[256];
        mcs_named_list(table, valid, sizeof valid);
        bad(ps, k, "unknown name (valid: %s)", valid);
        return 0;
    }
    *id = e->id;
    return 1;
}

/* Key k's text t as a real in [lo, hi], lo excluded when lo_open. */
static int real_in(parse_state *ps, int k, const char *t, double lo, int lo_open, double hi,
                   double *out)
{
    if (!parse_real(t, out)) {
        bad(ps, k, "not a number");
        return 0;
    }
    if (hi == INFINITY && (lo_open ? *out <= lo : *out < lo)) {
        bad(ps, k, lo_open ? "must be greater than %g" : "must be %g or more", lo);
        return 0;
    }
    if ((lo_open ? *out <= lo : *out < lo) || *out > hi) {
        bad(ps, k, "must be in %s%g, %g]", lo_open ? "(" : "[", lo, hi);
        return 0;
    }
    return 1;
}

static int get_count(parse_state *ps, const char *section, const char *key,
                     unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
    int k;
    const char *t;
    return get_text(ps, section, key, &t, &k) && count_in(ps, k, t, lo, hi, out);
}

static int get_name(parse_state *ps, const char *section, const char *key,
                    const mcs_named *table, int *id)
{
    int k;
    const char *t;
    return get_text(ps, section, key, &t, &k) && name_in(ps, k, t, table, id);
}

static void trim(char *s);
static int list_items(parse_state *ps, int k, const mcs_param_spec *p, const char *t, uint32_t n,
                      double *v, size_t want, size_t room);

/* Key k's text t as the list or matrix parameter p (core/type_table.h): n numbers
 * (n x n for a matrix), n from the count key p->length_key, each in
 * [lo, hi], comma-separated; for a list one number gives every element
 * that number, and "equal" (a list whose default it is) each 1/n; ""
 * where the default is "" leaves it not given (n stays 0). */
static int list_in(parse_state *ps, int k, const mcs_param_spec *p, const char *t, mcs_job *job)
{
    char *at = (char *)job + p->offset;
    const uint32_t n = *(const uint32_t *)((const char *)job + p->length_offset);
    const int matrix = p->kind == MCS_PARAM_MATRIX;
    double *v = matrix ? ((mcs_matrix *)at)->v : ((mcs_list *)at)->v;
    const size_t want = matrix ? (size_t)n * n : n;
    const size_t room = matrix ? MCS_MOST_ASSETS * MCS_MOST_ASSETS : MCS_MOST_ASSETS;
    if (matrix)
        ((mcs_matrix *)at)->n = 0;
    else
        ((mcs_list *)at)->n = 0;
    if (t[0] == '\0' && p->dflt && p->dflt[0] == '\0')
        return 1; /* not given */
    if (strcmp(t, "equal") == 0 && p->dflt && strcmp(p->dflt, "equal") == 0) {
        for (size_t i = 0; i < want; i++) /* the weights' keyword: 1/n each */
            v[i] = 1.0 / n;
    } else {
        /* "[100, 95]" or "(100, 95)" (as Python or JSON writes a list) reads
         * as "100, 95" */
        char *inner = strdup(t);
        if (!inner) {
            bad(ps, k, "out of memory");
            return 0;
        }
        trim(inner);
        size_t last = strlen(inner);
        if (last >= 2 && ((inner[0] == '[' && inner[last - 1] == ']') ||
                          (inner[0] == '(' && inner[last - 1] == ')'))) {
            inner[last - 1] = '\0';
            memmove(inner, inner + 1, last - 1);
        }
        const int ok = list_items(ps, k, p, inner, n, v, want, room);
        free(inner);
        if (!ok)
            return 0;
    }
    if (matrix)
        ((mcs_matrix *)at)->n = n;
    else
        ((mcs_list *)at)->n = n;
    return 1;
}

/* The comma-separated numbers of text t into v (room for `room`): exactly
 * `want` of them, each in p's [lo, hi]; else a message for key k. */
static int list_items(parse_state *ps, int k, const mcs_param_spec *p, const char *t, uint32_t n,
                      double *v, size_t want, size_t room)
{
    const int matrix = p->kind == MCS_PARAM_MATRIX;
    {
        size_t got = 0;
        const char *c = t;
        for (;;) {
            const char *end = strchr(c, ',');
            size_t len = end ? (size_t)(end - c) : strlen(c);
            char item[64];
            if (len >= sizeof item) {
                bad(ps, k, "element %zu is not a number", got + 1);
                return 0;
            }
            memcpy(item, c, len);
            item[len] = '\0';
            trim(item);
            double x;
            if (got < room && !parse_real(item, &x)) {
                bad(ps, k, "element %zu ('%s') is not a number (a list is comma-separated "
                           "numbers: 100, 95, 110)", got + 1, item);
                return 0;
            }
            if (got < room) {
                if ((p->lo_open ? x <= p->lo : x < p->lo) || x > p->hi) {
                    if (isinf(p->hi))
                        bad(ps, k, "element %zu (%s) must be %s %g", got + 1, item,
                            p->lo_open ? "greater than" : "at least", p->lo);
                    else
                        bad(ps, k, "element %zu (%s) must be in %s%g, %g]", got + 1, item,
                            p->lo_open ? "(" : "[", p->lo, p->hi);
                    return 0;
                }
                v[got] = x;
            }
            got++;
            if (!end)
                break;
            c = end + 1;
        }
        if (got == 1 && !matrix && want > 1) { /* one number: every element's */
            for (size_t i = 1; i < want; i++)
                v[i] = v[0];
            got = want;
        }
        if (got != want) {
            bad(ps, k, "has %zu numbers; [%s] %s = %u needs %zu%s", got,
                strncmp(p->length_key, "model.", 6) == 0 ? "model" : "option",
                strchr(p->length_key, '.') ? strchr(p->length_key, '.') + 1 : p->length_key, n,
                want, matrix ? " (n x n, row-major)" : "");
            return 0;
        }
    }
    return 1;
}

/* Parse one model or payoff parameter from its spec (core/type_table.h); its
 * default is the spec's (payoffs sharing a key may differ in it). */
static int get_param(parse_state *ps, const mcs_param_spec *p, mcs_job *job)
{
    int k = find_key(p->section, p->key);
    const slot *s = &ps->slots[k];
    const char *t = s->set ? s->value : p->dflt;
    char *at = (char *)job + p->offset;
    if (!t) {
        bad(ps, k, "required key is missing (%s)", p->meaning);
        return 0;
    }
    switch (p->kind) {
    case MCS_PARAM_CHOICE:
        return name_in(ps, k, t, p->choices, (int *)at);
    case MCS_PARAM_COUNT: {
        unsigned long long n;
        if (!count_in(ps, k, t, (unsigned long long)p->lo, (unsigned long long)p->hi, &n))
            return 0;
        *(uint32_t *)at = (uint32_t)n;
        return 1;
    }
    case MCS_PARAM_REAL:
        return real_in(ps, k, t, p->lo, p->lo_open, p->hi, (double *)at);
    case MCS_PARAM_LIST:
    case MCS_PARAM_MATRIX:
        return list_in(ps, k, p, t, job);
    }
    return 0;
}

/* "type, strike, maturity": the keys of a parameter list, for messages. */
static void param_names(const mcs_param_spec *list, const char *first, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "%s", first);
    for (const mcs_param_spec *p = list; p->key && used < len; p++)
        used += (size_t)snprintf(buf + used, len - used, ", %s", p->key);
}

static const mcs_param_spec *find_param(const mcs_param_spec *list, const char *key)
{
    for (const mcs_param_spec *p = list; p->key; p++)
        if (strcasecmp(p->key, key) == 0)
            return p;
    return NULL;
}

/* Parse the parameters of a model or payoff (`list`, keys of `section`),
 * and refuse keys of the section that belong to another type or that do
 * not apply to this job. */
static int get_params(parse_state *ps, const char *section, const char *selector,
                      const char *type_name, const mcs_param_spec *list, mcs_job *job)
{
    for (size_t k = 0; k < N_KEYS; k++) {
        if (strcmp(keys[k].section, section) != 0 || strcmp(keys[k].key, selector) == 0 ||
            !ps->slots[k].set || find_param(list, keys[k].key))
            continue;
        char valid[256];
        param_names(list, selector, valid, sizeof valid);
        bad(ps, (int)k, "not a key of %s = %s (its keys: %s)", selector, type_name, valid);
        return 0;
    }
    for (const mcs_param_spec *p = list; p->key; p++) {
        if (mcs_param_applies(p, job)) {
            if (!get_param(ps, p, job))
                return 0;
            continue;
        }
        int k = find_key(p->section, p->key);
        if (ps->slots[k].set) {
            bad(ps, k, "does not apply: %s", p->not_applies);
            return 0;
        }
    }
    return 1;
}

/* Single precision holds about 3.4e38, and paths grow from their start: a
 * parameter beyond 1e30 would price as inf or nan (or a silent 0), so it is
 * refused with the way out. Mirrored below: floats stop at about 1.2e-38 (and
 * paths shrink from their start), so an amount of money (a key without an
 * upper limit: spot, strike, barrier, cash, rebate) that is not 0 must be at
 * least 1e-30, or the paths underflow to a silent 0 +/- 0. In double the
 * squares of prices underflow below about 1e-154, which leaves the std
 * error a silent 0: amounts from 1e-140 on. Rates, volatilities and times
 * that small do no harm (the job is then simply deterministic). */
#define MCS_SINGLE_MAX_PARAM 1e30
#define MCS_SINGLE_MIN_AMOUNT 1e-30
#define MCS_DOUBLE_MIN_AMOUNT 1e-140
static int fits_precision(parse_state *ps, const mcs_param_spec *params, const mcs_job *job)
{
    const int single = job->sim.precision == MCS_SINGLE;
    const double min_amount = single ? MCS_SINGLE_MIN_AMOUNT : MCS_DOUBLE_MIN_AMOUNT;
    for (const mcs_param_spec *p = params; p->key; p++) {
        if (!mcs_param_applies(p, job))
            continue;
        if (p->kind == MCS_PARAM_LIST) { /* each element as a real key */
            const double *v = mcs_param_list_values(p, job);
            mcs_param_spec one = *p;
            one.kind = MCS_PARAM_REAL;
            mcs_param_spec each[2] = {one, MCS_PARAM_END};
            for (size_t i = 0; i < mcs_param_list_length(p, job); i++) {
                each[0].offset = (size_t)((const char *)&v[i] - (const char *)job);
                if (!fits_precision(ps, each, job))
                    return 0;
            }
            continue;
        }
        if (p->kind != MCS_PARAM_REAL)
            continue;
        double v = fabs(mcs_param_get(p, job));
        if (single && v > MCS_SINGLE_MAX_PARAM) {
            bad(ps, find_key(p->section, p->key),
                "beyond what precision = single can price (values up to 1e30); use "
                "precision = double");
            return 0;
        }
        if (isinf(p->hi) && v != 0 && v < min_amount) {
            bad(ps, find_key(p->section, p->key),
                single ? "below what precision = single can price (amounts from 1e-30, or 0 "
                         "where allowed); use precision = double, or state the amounts in a "
                         "smaller unit (larger numbers)"
                       : "below what precision = double can price (amounts from 1e-140, or 0 "
                         "where allowed): state the amounts in a smaller unit (larger numbers)");
            return 0;
        }
    }
    return 1;
}

static int validate(parse_state *ps, mcs_job *job)
{
    int id, k;
    unsigned long long n;
    const char *t;
    memset(job, 0, sizeof *job);

    if (!get_name(ps, "model", "type", mcs_model_names(), &id)) return 0;
    job->model.id = (mcs_model_id)id;
    const mcs_model_type *mt = mcs_model_type_of(job->model.id);
    if (!get_params(ps, "model", "type", mt->name, mt->params, job)) return 0;
    char why[512];
    if (mt->derive && !mt->derive(&job->model, why, sizeof why)) {
        fail(ps, "%s: [model] type = %s: %s", ps->path, mt->name, why);
        return 0;
    }

    if (!get_name(ps, "option", "payoff", mcs_payoff_names(), &id)) return 0;
    job->option.payoff = (mcs_payoff_id)id;
    const mcs_payoff_type *pt = mcs_payoff_type_of(job->option.payoff);
    /* the assets the payoff reads, before its keys (a list's length) */
    if (!mcs_job_pair_assets(job, why, sizeof why)) {
        fail(ps, "%s: %s", ps->path, why);
        return 0;
    }
    if (!get_params(ps, "option", "payoff", pt->name, pt->params, job)) return 0;
    /* a pair that cannot work says why (engine/pair.c) before one that is
     * only not compiled */
    if (!mcs_job_pair_works(job, why, sizeof why)) {
        fail(ps, "%s: %s", ps->path, why);
        return 0;
    }
    if (!mcs_pair_compiled(job->model.id, job->option.payoff)) {
        char pairs[512];
        mcs_compiled_pairs_text(pairs, sizeof pairs);
        bad(ps, find_key("option", "payoff"),
            "[model] type = %s with this payoff is not compiled into this mcsim (compiled, "
            "kernels/combos.def: %s)", mt->name, pairs);
        return 0;
    }

    if (!get_count(ps, "simulation", "paths", 1, MCS_MAX_PATHS, &n)) return 0;
    job->sim.paths = n;
    int steps_key = find_key("simulation", "steps");
    if (ps->slots[steps_key].set && strcasecmp(ps->slots[steps_key].value, "auto") != 0) {
        if (!get_count(ps, "simulation", "steps", 1, MCS_MAX_STEPS, &n)) return 0;
        job->sim.steps = (uint32_t)n;
    } else {
        job->sim.steps = mcs_job_default_steps(job);
    }
    if (!get_text(ps, "simulation", "seed", &t, &k)) return 0;
    if (!parse_u64(t, &n)) {
        bad(ps, k, "must be a whole number from 0 to 18446744073709551615 (or 0x hex)");
        return 0;
    }
    job->sim.seed = n;
    if (!get_name(ps, "simulation", "rng", mcs_rngs, &id)) return 0;
    job->sim.rng = (mcs_rng_id)id;
    if (job->sim.rng == MCS_RNG_SOBOL &&
        (job->sim.paths > MCS_SOBOL_MAX_PATHS ||
         (uint64_t)job->sim.steps * mcs_job_draws(job) > MCS_SOBOL_MAX_DIMENSIONS)) {
        get_text(ps, "simulation", "rng", &t, &k);
        bad(ps, k, "sobol has 2^32 points (paths) and 20000 dimensions (steps x draws per "
                   "step); this job has more: use philox");
        return 0;
    }
    if (!get_name(ps, "simulation", "precision", mcs_precisions, &id)) return 0;
    job->sim.precision = (mcs_precision)id;
    if (!fits_precision(ps, mt->params, job)) return 0;
    if (!fits_precision(ps, pt->params, job)) return 0;
    if (!get_count(ps, "simulation", "block_size", 1, MCS_MAX_BLOCK_SIZE, &n)) return 0;
    job->sim.block_size = (uint32_t)n;
    if ((mt->check_grid && !mt->check_grid(job, why, sizeof why)) ||
        (pt->check_grid && !pt->check_grid(job, why, sizeof why))) {
        if (ps->slots[steps_key].set)
            bad(ps, steps_key, "%s", why);
        else
            fail(ps, "%s: %s", ps->path, why);
        return 0;
    }

    if (!get_text(ps, "output", "file", &t, &k)) return 0;
    if (strlen(t) >= sizeof job->output_file) {
        bad(ps, k, "path too long");
        return 0;
    }
    strcpy(job->output_file, t);
    if (!get_name(ps, "output", "log", mcs_yes_no, &id)) return 0;
    job->write_log = id;
    return 1;
}

typedef struct {
    char *buf;
    size_t len, used;
    const char *section;
    const mcs_job *job;
} render_state;

static void put(render_state *r, const char *fmt, ...)
{
    if (r->used >= r->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->buf + r->used, r->len - r->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        r->used += (size_t)n;
}

static void render_param(const mcs_param_spec *p, void *ctx)
{
    render_state *r = ctx;
    if (strcmp(p->section, r->section) != 0)
        return;
    if (p->kind == MCS_PARAM_LIST || p->kind == MCS_PARAM_MATRIX) {
        /* lines of at most 199 characters: the numbers continue on indented
         * lines, each line but the last ending in a comma (store() joins them) */
        const double *v = mcs_param_list_values(p, r->job);
        const size_t n = mcs_param_list_length(p, r->job);
        if (n == 0)
            return; /* not given (its default is "") */
        size_t width = strlen(p->key) + 3;
        put(r, "%s =", p->key);
        for (size_t i = 0; i < n; i++) {
            char one[32];
            mcs_format_real(v[i], one, sizeof one);
            if (i > 0 && width + strlen(one) + 3 > 190) {
                put(r, ",\n   ");
                width = 3;
            } else if (i > 0) {
                put(r, ",");
                width++;
            }
            put(r, " %s", one);
            width += strlen(one) + 1;
        }
        put(r, "\n");
        return;
    }
    char text[64];
    mcs_param_text(p, r->job, text, sizeof text);
    put(r, "%s = %s\n", p->key, text);
}

size_t mcs_config_render(const mcs_job *job, const char *path, char *buf, size_t len)
{
    render_state r = {buf, len, 0, "model", job};
    if (len)
        buf[0] = '\0';
    put(&r, "; resolved from %s\n[model]\ntype = %s\n", path,
        mcs_named_by_id(mcs_model_names(), job->model.id)->name);
    mcs_job_params(job, render_param, &r);
    r.section = "option";
    put(&r, "\n[option]\npayoff = %s\n", mcs_named_by_id(mcs_payoff_names(), job->option.payoff)->name);
    mcs_job_params(job, render_param, &r);
    put(&r,
        "\n[simulation]\npaths = %llu\nsteps = %u\nseed = %llu\nrng = %s\nprecision = %s\n"
        "block_size = %u\n\n[output]\nfile = %s\nlog = %s\n",
        (unsigned long long)job->sim.paths, job->sim.steps, (unsigned long long)job->sim.seed,
        mcs_named_by_id(mcs_rngs, job->sim.rng)->name,
        mcs_named_by_id(mcs_precisions, job->sim.precision)->name, job->sim.block_size,
        job->output_file, job->write_log ? "yes" : "no");
    return r.used;
}

/* Strip leading and trailing white space in place. */
static void trim(char *s)
{
    size_t n = strlen(s), i = 0;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    memmove(s, s + i, n - i + 1);
}

static int apply_override(parse_state *ps, const mcs_override *ov)
{
    const char *a = ov->assignment;
    const char *dot = strchr(a, '.');
    const char *eq = strchr(a, '=');
    if (!dot || !eq || dot > eq || dot == a || eq == dot + 1) {
        fail(ps, "%s %s: expected section.key=value (for example simulation.paths=1e6)",
             ov->origin, a);
        return 0;
    }
    char section[64], key[64];
    size_t ls = (size_t)(dot - a), lk = (size_t)(eq - dot - 1);
    if (ls >= sizeof section || lk >= sizeof key) {
        fail(ps, "%s %s: section or key name too long", ov->origin, a);
        return 0;
    }
    memcpy(section, a, ls);
    section[ls] = '\0';
    memcpy(key, dot + 1, lk);
    key[lk] = '\0';
    trim(section);
    trim(key);
    char *value = strdup(eq + 1); /* store() checks its length for the key */
    if (!value) {
        fail(ps, "%s: out of memory", ov->origin);
        return 0;
    }
    trim(value); /* as inih trims values in the file */
    char origin[VALUE_MAX + 16];
    if (strcmp(ov->origin, "--set") == 0)
        snprintf(origin, sizeof origin, "--set %s", a);
    else
        snprintf(origin, sizeof origin, "%s", ov->origin); /* e.g. "--paths 1e6" */
    /* store() replaces a file's value when line is 0 (an override) */
    const int ok = store(ps, section, key, value, origin, 0);
    free(value);
    return ok;
}

/* Parse `file` (what messages call `path`), apply the overrides, validate
 * into job and render the resolved config. */
static mcs_status load_stream(const char *path, FILE *file, const mcs_override *overrides,
                              int n_overrides, mcs_job *job, char *resolved, size_t resolved_len,
                              char *err, size_t err_len)
{
    mcs_status st = collect_keys(err, err_len);
    if (st != MCS_OK)
        return st;
    parse_state *ps = calloc(1, sizeof *ps);
    if (!ps) {
        snprintf(err, err_len, "out of memory");
        return MCS_E_NOMEM;
    }
    st = MCS_E_CONFIG;
    ps->path = path;
    ps->err = err;
    ps->err_len = err_len;
    ps->file = file;
    int rc = ini_parse_stream(line_reader, ps, on_ini_value, ps);
    if (ferror(ps->file)) {
        snprintf(err, err_len, "%s: cannot read config file: %s", path, strerror(errno));
        st = MCS_E_NOINPUT;
        goto cleanup;
    }
    if (rc == -2) {
        snprintf(err, err_len, "%s: out of memory while parsing", path);
        st = MCS_E_NOMEM;
        goto cleanup;
    }
    /* rc is the first bad line, syntax or handler: report the syntax error
     * unless the handler's error came first */
    if (rc > 0 && (!ps->failed || rc != ps->fail_line)) {
        ps->failed = 0;
        if (rc == ps->bad_line)
            fail(ps, "%s:%d: %s", path, rc, ps->bad_why);
        else
            fail(ps, "%s:%d: syntax error: expected '[section]', 'key = value' or a comment "
                     "(lines are at most 199 characters)", path, rc);
    }
    if (ps->failed)
        goto cleanup;
    for (int i = 0; i < n_overrides; i++)
        if (!apply_override(ps, &overrides[i]))
            goto cleanup;
    if (!validate(ps, job))
        goto cleanup;
    if (mcs_config_render(job, path, resolved, resolved_len) >= resolved_len) {
        snprintf(err, err_len, "%s: the resolved config needs more than %zu bytes", path,
                 resolved_len);
        st = MCS_E_SOFTWARE;
        goto cleanup;
    }
    st = MCS_OK;
cleanup:
    for (size_t i = 0; i < MAX_KEYS; i++)
        free(ps->slots[i].value);
    free(ps);
    return st;
}

mcs_status mcs_config_load(const char *path, const mcs_override *overrides, int n_overrides,
                           mcs_job *job, char *resolved, size_t resolved_len, char *err,
                           size_t err_len)
{
    FILE *file = stdin;
    const int from_stdin = strcmp(path, "-") == 0;
    if (from_stdin) {
        path = MCS_STDIN_NAME;
    } else { /* a regular file: a FIFO would wait for a writer */
        mcs_status opened;
        int fd = mcs_input_open("config file", path, &opened, err, err_len);
        if (fd < 0)
            return MCS_E_NOINPUT;
        if (!(file = fdopen(fd, "r"))) {
            snprintf(err, err_len, "config file '%s': %s", path, strerror(errno));
            close(fd);
            return MCS_E_NOINPUT;
        }
    }
    mcs_status st = load_stream(path, file, overrides, n_overrides, job, resolved, resolved_len,
                                err, err_len);
    if (!from_stdin)
        fclose(file);
    return st;
}

mcs_status mcs_config_load_text(const char *name, const char *text, size_t text_len,
                                const mcs_override *overrides,
                                int n_overrides, mcs_job *job, char *resolved,
                                size_t resolved_len, char *err, size_t err_len)
{
    /* fmemopen may refuse an empty buffer: an empty line reads the same */
    const size_t len = text_len;
    FILE *file = fmemopen(len ? (void *)text : (void *)"\n", len ? len : 1, "r");
    if (!file) {
        snprintf(err, err_len, "%s: cannot read the config text: %s", name, strerror(errno));
        return errno == ENOMEM ? MCS_E_NOMEM : MCS_E_SOFTWARE;
    }
    mcs_status st = load_stream(name, file, overrides, n_overrides, job, resolved, resolved_len,
                                err, err_len);
    fclose(file);
    return st;
}

int mcs_config_fixed_count(void)
{
    return (int)N_FIXED;
}

void mcs_config_fixed_key(int i, const char **section, const char **key, const char **dflt,
                          const char **meaning)
{
    *section = fixed_keys[i].section;
    *key = fixed_keys[i].key;
    *dflt = fixed_keys[i].fallback;
    *meaning = fixed_keys[i].meaning;
}

static void print_key(FILE *f, const char *key, const char *dflt, const char *meaning)
{
    char d[64];
    if (!dflt)
        snprintf(d, sizeof d, "(required)");
    else
        snprintf(d, sizeof d, "= %s", dflt[0] ? dflt : "\"\"");
    fprintf(f, "    %-18s %-13s %s\n", key, d, meaning);
}

static void print_choices(FILE *f, const mcs_named *table)
{
    for (const mcs_named *e = table; e->name; e++)
        fprintf(f, "    %-18s %-13s %s\n", "", e->name, e->description);
}

void mcs_config_print_keys(void *file)
{
    FILE *f = file;
    const char *section = "";
    for (size_t i = 0; i < N_FIXED; i++) {
        if (strcmp(section, fixed_keys[i].section) != 0) {
            section = fixed_keys[i].section;
            fprintf(f, "  [%s]\n", section);
        }
        print_key(f, fixed_keys[i].key, fixed_keys[i].fallback, fixed_keys[i].meaning);
        if (strcmp(fixed_keys[i].key, "type") == 0) {
            for (int m = 0; mcs_model_types[m]; m++) {
                const mcs_model_type *mt = mcs_model_types[m];
                fprintf(f, "    %-18s %-13s %s; its keys:\n", "", mt->name, mt->description);
                for (const mcs_param_spec *p = mt->params; p->key; p++)
                    print_key(f, p->key, p->dflt, p->meaning);
            }
        }
        if (strcmp(fixed_keys[i].key, "payoff") == 0) {
            for (int m = 0; mcs_payoff_types[m]; m++) {
                const mcs_payoff_type *pt = mcs_payoff_types[m];
                fprintf(f, "   payoff = %s: %s; its keys:\n", pt->name, pt->description);
                for (const mcs_param_spec *p = pt->params; p->key; p++) {
                    print_key(f, p->key, p->dflt, p->meaning);
                    if (p->kind == MCS_PARAM_CHOICE && strcmp(p->key, "type") != 0)
                        print_choices(f, p->choices);
                }
            }
        }
    }
}
