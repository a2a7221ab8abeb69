/* job.c - libmcsim's jobs and keys (include/mcsim.h): a job from INI text or
 * a file plus assignments, validated by engine/config.c with the command's
 * messages; bare keys resolved through the type tables; the key table. */
#define _GNU_SOURCE
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "catalog.h"
#include "internal.h"
#include "output_path.h"
#include "param_rows.h"
#include "product.h"

#define RESOLVED_MAX MCS_CONFIG_RESOLVED_MAX

const char *mcsim_version(void)
{
    return MCSIM_VERSION_STRING;
}

void mcsim_version_numbers(int *major, int *minor, int *patch)
{
    if (major)
        *major = MCSIM_VERSION_MAJOR;
    if (minor)
        *minor = MCSIM_VERSION_MINOR;
    if (patch)
        *patch = MCSIM_VERSION_PATCH;
}

void mcsim_free(void *p)
{
    free(p);
}

mcsim_status mcs_api_fail(mcsim_error *err, mcsim_status st, const char *fmt, ...)
{
    if (err) {
        err->status = st;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* Success: err says so. */
static mcsim_status ok(mcsim_error *err)
{
    if (err) {
        err->status = MCSIM_OK;
        err->message[0] = '\0';
    }
    return MCSIM_OK;
}

/* ---- the key table ---------------------------------------------------- */

/* every fixed key and every row of every key list (core/job.h) */
#define KEYS_MAX (MCS_CONFIG_FIXED_KEYS + MCS_PARAM_ROWS)
#define CHOICES_MAX 512

static struct {
    pthread_once_t once;
    int n, overflow;
    mcsim_key_info info[KEYS_MAX];
    char applies[KEYS_MAX][64];
    char choices[KEYS_MAX][CHOICES_MAX];
} table = {PTHREAD_ONCE_INIT};

static void add_key(const char *section, const char *key, const char *dflt, const char *meaning,
                    const char *applies, const mcs_named *choices)
{
    if (table.n == KEYS_MAX) {
        table.overflow = 1;
        return;
    }
    int i = table.n++;
    snprintf(table.applies[i], sizeof table.applies[i], "%s", applies);
    table.choices[i][0] = '\0';
    if (choices)
        mcs_named_list(choices, table.choices[i], sizeof table.choices[i]);
    if (strlen(table.choices[i]) + 1 >= sizeof table.choices[i])
        table.overflow = 1; /* the names may have been cut: refuse, naming the limit */
    table.info[i] = (mcsim_key_info){section, key, dflt, meaning, table.applies[i],
                                      table.choices[i]};
}

static void add_params(const mcs_param_spec *params, const char *applies)
{
    for (const mcs_param_spec *p = params; p->key; p++)
        add_key(p->section, p->key, p->dflt, p->meaning, applies,
                p->kind == MCS_PARAM_CHOICE ? p->choices : NULL);
}

/* The fixed keys' named values (the rest are numbers or paths). */
static const mcs_named *fixed_choices(const char *section, const char *key)
{
    if (strcmp(section, "model") == 0 && strcmp(key, "type") == 0)
        return mcs_model_names();
    if (strcmp(section, "option") == 0 && strcmp(key, "payoff") == 0)
        return mcs_payoff_names();
    if (strcmp(key, "rng") == 0)
        return mcs_rngs;
    if (strcmp(key, "precision") == 0)
        return mcs_precisions;
    if (strcmp(section, "output") == 0 && strcmp(key, "log") == 0)
        return mcs_yes_no;
    return NULL;
}

static void fill_table(void)
{
    char applies[64];
    for (int i = 0; i < mcs_config_fixed_count(); i++) {
        const char *section, *key, *dflt, *meaning;
        mcs_config_fixed_key(i, &section, &key, &dflt, &meaning);
        add_key(section, key, dflt, meaning, "", fixed_choices(section, key));
    }
    for (int i = 0; mcs_model_types[i]; i++) {
        snprintf(applies, sizeof applies, "model.type=%s", mcs_model_types[i]->name);
        add_params(mcs_model_types[i]->params, applies);
    }
    for (int i = 0; mcs_payoff_types[i]; i++) {
        snprintf(applies, sizeof applies, "option.payoff=%s", mcs_payoff_types[i]->name);
        add_params(mcs_payoff_types[i]->params, applies);
    }
}

/* The table, or -1 with err set when the type tables outgrow it. */
static int key_table(mcsim_error *err)
{
    pthread_once(&table.once, fill_table);
    if (table.overflow) {
        mcs_api_fail(err, MCSIM_E_SOFTWARE, "the type tables declare more than %d keys, or a "
                     "key more names than %d characters hold (KEYS_MAX, CHOICES_MAX in "
                     "api/job.c): raise them", KEYS_MAX, CHOICES_MAX);
        return -1;
    }
    return table.n;
}

int mcsim_key_count(void)
{
    int n = key_table(NULL);
    return n < 0 ? 0 : n;
}

mcsim_status mcsim_key_at(int i, mcsim_key_info *out, mcsim_error *err)
{
    int n = key_table(err);
    if (n < 0)
        return MCSIM_E_SOFTWARE;
    if (!out || i < 0 || i >= n)
        return mcs_api_fail(err, MCSIM_E_USAGE, "mcsim_key_at: key %d of %d (0 to %d)%s", i, n,
                            n - 1, out ? "" : ", and out is NULL");
    *out = table.info[i];
    return ok(err);
}

/* ---- bare keys ----------------------------------------------------------- */

/* The model type and payoff a config text names (defaults: gbm, european),
 * read loosely: a broken text is refused by the real load after. */
typedef struct {
    char model[64], payoff[64];
} type_names;

static int on_type_value(void *user, const char *section, const char *name, const char *value)
{
    type_names *tn = user;
    if (strcasecmp(section, "model") == 0 && strcasecmp(name, "type") == 0)
        snprintf(tn->model, sizeof tn->model, "%s", value);
    if (strcasecmp(section, "option") == 0 && strcasecmp(name, "payoff") == 0)
        snprintf(tn->payoff, sizeof tn->payoff, "%s", value);
    return 1;
}

/* The assignment's value of section.key, when it is one ("a.b = c"). */
static void note_type(type_names *tn, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (!eq)
        return;
    char lhs[160], value[64];
    snprintf(lhs, sizeof lhs, "%.*s", (int)(eq - assignment), assignment);
    snprintf(value, sizeof value, "%s", eq + 1);
    char *l = lhs, *v = value;
    while (*l == ' ' || *l == '\t')
        l++;
    for (size_t n = strlen(l); n && (l[n - 1] == ' ' || l[n - 1] == '\t');)
        l[--n] = '\0';
    while (*v == ' ' || *v == '\t')
        v++;
    for (size_t n = strlen(v); n && (v[n - 1] == ' ' || v[n - 1] == '\t');)
        v[--n] = '\0';
    if (strcasecmp(l, "model.type") == 0)
        snprintf(tn->model, sizeof tn->model, "%s", v);
    if (strcasecmp(l, "option.payoff") == 0)
        snprintf(tn->payoff, sizeof tn->payoff, "%s", v);
}

/* 1 when the assignment names no section: "key=value". */
static int is_bare(const char *a)
{
    const char *eq = strchr(a, '='), *dot = strchr(a, '.');
    return eq && (!dot || dot > eq);
}

/* "strike" for the job's model and payoff: the one section that has it
 * ("section.key=value" into out), else MCSIM_E_CONFIG naming the
 * candidates or the keys there are. */
static mcsim_status resolve_bare(const char *a, const type_names *tn, char **out,
                                 mcsim_error *err)
{
    const char *eq = strchr(a, '=');
    char key[64];
    const char *k = a;
    while (*k == ' ' || *k == '\t')
        k++;
    size_t n = (size_t)(eq - k);
    while (n && (k[n - 1] == ' ' || k[n - 1] == '\t'))
        n--;
    if (n == 0 || n >= sizeof key)
        return mcs_api_fail(err, MCSIM_E_CONFIG, "%s: expected key=value or section.key=value "
                            "(for example strike=105 or simulation.paths=1e6)", a);
    memcpy(key, k, n);
    key[n] = '\0';
    const mcs_named *model = mcs_named_find(mcs_model_names(), tn->model);
    const mcs_named *payoff = mcs_named_find(mcs_payoff_names(), tn->payoff);
    const mcs_param_spec *lists[2] = {
        model ? mcs_model_type_of((mcs_model_id)model->id)->params : NULL,
        payoff ? mcs_payoff_type_of((mcs_payoff_id)payoff->id)->params : NULL};
    const char *found[16];
    int n_found = 0;
    char all[1024] = "";
    size_t used = 0;
#define CANDIDATE(section, name)                                                               \
    do {                                                                                       \
        if (strcasecmp((name), key) == 0 && n_found < 16)                                      \
            found[n_found++] = (section);                                                      \
        if (used < sizeof all)                                                                 \
            used += (size_t)snprintf(all + used, sizeof all - used, "%s%s.%s", used ? ", " : "", \
                                     (section), (name));                                       \
    } while (0)
    for (int i = 0; i < mcs_config_fixed_count(); i++) {
        const char *section, *name, *dflt, *meaning;
        mcs_config_fixed_key(i, &section, &name, &dflt, &meaning);
        CANDIDATE(section, name);
    }
    for (int l = 0; l < 2; l++)
        for (const mcs_param_spec *p = lists[l]; p && p->key; p++)
            CANDIDATE(p->section, p->key);
#undef CANDIDATE
    const char *what_job = model && payoff ? "" : " (the config's model or payoff is unknown)";
    if (n_found == 0)
        return mcs_api_fail(err, MCSIM_E_CONFIG, "%s: no key '%s' for model.type = %s and "
                            "option.payoff = %s%s (its keys: %s)", a, key, tn->model, tn->payoff,
                            what_job, all);
    if (n_found > 1) {
        char names[256];
        size_t u = 0;
        for (int i = 0; i < n_found && u < sizeof names; i++)
            u += (size_t)snprintf(names + u, sizeof names - u, "%s%s.%s", i ? ", " : "",
                                  found[i], key);
        return mcs_api_fail(err, MCSIM_E_CONFIG, "%s: '%s' is a key of several sections for "
                            "this job (%s): write section.key=value", a, key, names);
    }
    if (asprintf(out, "%s.%s", found[0], a + (k - a)) < 0) {
        *out = NULL;
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory");
    }
    return MCSIM_OK;
}

/* ---- jobs ---------------------------------------------------------------- */

void mcsim_job_free(mcsim_job *job)
{
    if (!job)
        return;
    for (int i = 0; i < job->n_overrides; i++) {
        free((char *)job->overrides[i].origin);
        free((char *)job->overrides[i].assignment);
    }
    for (int i = 0; i < job->n_values; i++) {
        free(job->value_keys[i]);
        free(job->values[i]);
    }
    free(job->value_keys);
    free(job->values);
    free(job->overrides);
    free(job->name);
    free(job->text);
    free(job->resolved);
    free(job);
}

/* Every "section.key" and value of the resolved config (mcs_config_render's
 * text: "[section]" and "key = value" lines, "; " comments), for
 * mcsim_job_get; 0 when out of memory. */
static int index_values(mcsim_job *job)
{
    char section[64] = "";
    for (const char *line = job->resolved; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        const char *eq = memchr(line, '=', len);
        if (line[0] == '[' && len > 2 && len - 2 < sizeof section) {
            snprintf(section, sizeof section, "%.*s", (int)(len - 2), line + 1);
        } else if (line[0] != ';' && eq && eq - line >= 2 && eq[-1] == ' ') {
            char **keys = realloc(job->value_keys, (size_t)(job->n_values + 1) * sizeof *keys);
            if (!keys)
                return 0;
            job->value_keys = keys;
            char **values = realloc(job->values, (size_t)(job->n_values + 1) * sizeof *values);
            if (!values)
                return 0;
            job->values = values;
            const char *v = eq + 1 + (eq + 1 < line + len && eq[1] == ' ');
            if (asprintf(&keys[job->n_values], "%s.%.*s", section, (int)(eq - 1 - line), line) < 0)
                return 0;
            if (!(values[job->n_values] = strndup(v, (size_t)(line + len - v)))) {
                free(keys[job->n_values]);
                return 0;
            }
            job->n_values++;
        }
        line += len + (end != NULL);
    }
    return 1;
}

mcsim_status mcs_job_make(const char *name, const char *text, size_t text_len,
                          const mcs_override *overrides, int n_overrides, mcsim_job **out,
                          mcsim_error *err)
{
    char message[MCSIM_MESSAGE_MAX] = "";
    double t0 = mcs_now();
    *out = NULL;
    mcsim_job *job = calloc(1, sizeof *job);
    if (!job || !(job->name = strdup(name)) || !(job->text = malloc(text_len + 1)) ||
        !(job->resolved = malloc(RESOLVED_MAX)) ||
        (n_overrides && !(job->overrides = calloc((size_t)n_overrides, sizeof *job->overrides))))
        goto nomem;
    memcpy(job->text, text, text_len);
    job->text[text_len] = '\0';
    job->text_len = text_len;
    for (int i = 0; i < n_overrides; i++) {
        mcs_override *o = &job->overrides[job->n_overrides];
        if (!(o->origin = strdup(overrides[i].origin)))
            goto nomem;
        if (!(o->assignment = strdup(overrides[i].assignment))) {
            free((char *)o->origin);
            goto nomem;
        }
        job->n_overrides++;
    }
    mcs_status st = mcs_config_load_text(job->name, job->text, job->text_len, job->overrides,
                                         job->n_overrides, &job->job, job->resolved,
                                         RESOLVED_MAX, message, sizeof message);
    if (st != MCS_OK) {
        mcsim_job_free(job);
        return mcs_api_fail(err, mcs_api_status(st), "%s", message);
    }
    if (!index_values(job))
        goto nomem;
    job->config_seconds = mcs_now() - t0;
    *out = job;
    return ok(err);
nomem:
    mcsim_job_free(job);
    return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory for the job");
}

/* Read a config file whole (the command's checks: a regular file), or
 * standard input for "-". */
static mcsim_status read_config(const char *path, char **text, size_t *len, mcsim_error *err)
{
    char message[MCSIM_MESSAGE_MAX] = "";
    mcs_status opened = MCS_OK;
    int fd = strcmp(path, "-") == 0 ? dup(STDIN_FILENO)
                                    : mcs_input_open("config file", path, &opened, message,
                                                     sizeof message);
    if (fd < 0)
        return opened != MCS_OK ? mcs_api_fail(err, mcs_api_status(opened), "%s", message)
                                : mcs_api_fail(err, MCSIM_E_NOINPUT, "standard input: %s",
                                               strerror(errno));
    size_t cap = 4096, used = 0;
    char *buf = malloc(cap);
    ssize_t n = 0;
    while (buf && (n = read(fd, buf + used, cap - used)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        used += (size_t)n;
        if (used == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
        }
    }
    int read_errno = errno;
    close(fd);
    if (!buf)
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory reading %s", path);
    if (n < 0) {
        free(buf);
        return mcs_api_fail(err, MCSIM_E_NOINPUT, "%s: cannot read config file: %s",
                            strcmp(path, "-") == 0 ? MCS_STDIN_NAME : path,
                            strerror(read_errno));
    }
    *text = buf;
    *len = used;
    return MCSIM_OK;
}

mcsim_status mcs_job_read(const char *path, const mcs_override *overrides, int n_overrides,
                          mcsim_job **out, mcsim_error *err)
{
    char *text = NULL;
    size_t len = 0;
    double t0 = mcs_now();
    *out = NULL;
    mcsim_status st = read_config(path, &text, &len, err);
    if (st != MCSIM_OK)
        return st;
    st = mcs_job_make(strcmp(path, "-") == 0 ? MCS_STDIN_NAME : path, text, len, overrides,
                      n_overrides, out, err);
    free(text);
    if (*out)
        (*out)->config_seconds = mcs_now() - t0;
    return st;
}

/* The overrides of `base` (NULL: none) followed by the assignments, bare
 * keys resolved for the model and payoff that text and assignments name:
 * *out (n_base + n_assignments entries) and the strings made for bare keys
 * (*made, n_assignments entries, NULL where none), freed by free_assignments. */
static mcsim_status with_assignments(const mcsim_job *base, const char *text, size_t len,
                                     const char *const *assignments, int n_assignments,
                                     mcs_override **out, char ***made_out, mcsim_error *err)
{
    const int n_base = base ? base->n_overrides : 0;
    mcs_override *all = calloc((size_t)(n_base + n_assignments) + 1, sizeof *all);
    char **made = calloc((size_t)n_assignments + 1, sizeof *made);
    *out = NULL;
    *made_out = NULL;
    if (!all || !made) {
        free(all);
        free(made);
        return mcs_api_fail(err, MCSIM_E_NOMEM, "out of memory");
    }
    type_names tn = {"gbm", "european"};
    char *copy = strndup(text, len);
    if (copy) {
        ini_parse_string(copy, on_type_value, &tn);
        free(copy);
    }
    for (int i = 0; i < n_base; i++) {
        all[i] = base->overrides[i];
        note_type(&tn, all[i].assignment);
    }
    mcsim_status st = MCSIM_OK;
    for (int i = 0; i < n_assignments && st == MCSIM_OK; i++) {
        if (!assignments[i])
            st = mcs_api_fail(err, MCSIM_E_USAGE, "assignment %d is NULL", i);
        else if (!is_bare(assignments[i]))
            note_type(&tn, assignments[i]);
    }
    for (int i = 0; i < n_assignments && st == MCSIM_OK; i++) {
        all[n_base + i].origin = "--set";
        if (is_bare(assignments[i]))
            st = resolve_bare(assignments[i], &tn, &made[i], err);
        all[n_base + i].assignment = made[i] ? made[i] : assignments[i];
    }
    *out = all;
    *made_out = made;
    return st;
}

static void free_assignments(mcs_override *all, char **made, int n_made)
{
    for (int i = 0; made && i < n_made; i++)
        free(made[i]);
    free(made);
    free(all);
}

static mcsim_status make_job(const mcsim_job *base, const char *name, const char *text,
                             size_t len, const char *const *assignments, int n_assignments,
                             mcsim_job **out, mcsim_error *err)
{
    mcs_override *all;
    char **made;
    double t0 = mcs_now();
    mcsim_status st = with_assignments(base, text, len, assignments, n_assignments, &all, &made,
                                       err);
    if (st == MCSIM_OK)
        st = mcs_job_make(name, text, len, all, (base ? base->n_overrides : 0) + n_assignments,
                          out, err);
    if (*out)
        (*out)->config_seconds = mcs_now() - t0;
    free_assignments(all, made, n_assignments);
    return st;
}

/* The arguments every job call checks: *out NULL first; the first one
 * (text, path or base) not NULL, else `first_null` says why; a count >= 0,
 * with assignments when above 0. */
static mcsim_status check_job_args(const char *fn, const void *first, const char *first_null,
                                   const char *const *assignments, int n, mcsim_job **out,
                                   mcsim_error *err)
{
    if (!out)
        return mcs_api_fail(err, MCSIM_E_USAGE, "%s: out is NULL", fn);
    *out = NULL;
    if (!first)
        return mcs_api_fail(err, MCSIM_E_USAGE, "%s: %s", fn, first_null);
    if (n < 0 || (n && !assignments))
        return mcs_api_fail(err, MCSIM_E_USAGE, "%s: n_assignments < 0, or assignments NULL",
                            fn);
    return MCSIM_OK;
}

mcsim_status mcsim_job_from_text(const char *name, const char *text,
                                 const char *const *assignments, int n_assignments,
                                 mcsim_job **out, mcsim_error *err)
{
    mcsim_status st = check_job_args("mcsim_job_from_text", text,
                                     "text is NULL (\"\" for every key at its default)",
                                     assignments, n_assignments, out, err);
    if (st != MCSIM_OK)
        return st;
    return make_job(NULL, name ? name : "<text>", text, strlen(text), assignments,
                    n_assignments, out, err);
}

mcsim_status mcsim_job_from_file(const char *path, const char *const *assignments,
                                 int n_assignments, mcsim_job **out, mcsim_error *err)
{
    mcsim_status st = check_job_args("mcsim_job_from_file", path, "path is NULL", assignments,
                                     n_assignments, out, err);
    if (st != MCSIM_OK)
        return st;
    char *text = NULL;
    size_t len = 0;
    double t0 = mcs_now();
    st = read_config(path, &text, &len, err);
    if (st != MCSIM_OK)
        return st;
    st = make_job(NULL, strcmp(path, "-") == 0 ? MCS_STDIN_NAME : path, text, len, assignments,
                  n_assignments, out, err);
    free(text);
    if (*out)
        (*out)->config_seconds = mcs_now() - t0;
    return st;
}

mcsim_status mcsim_job_derive(const mcsim_job *base, const char *const *assignments,
                              int n_assignments, mcsim_job **out, mcsim_error *err)
{
    mcsim_status st = check_job_args("mcsim_job_derive", base, "base is NULL", assignments,
                                     n_assignments, out, err);
    if (st != MCSIM_OK)
        return st;
    return make_job(base, base->name, base->text, base->text_len, assignments, n_assignments,
                    out, err);
}

const char *mcsim_job_config(const mcsim_job *job)
{
    return job ? job->resolved : NULL;
}

const char *mcsim_job_get(const mcsim_job *job, const char *key)
{
    if (!job || !key)
        return NULL;
    for (int i = 0; i < job->n_values; i++)
        if (strcasecmp(job->value_keys[i], key) == 0)
            return job->values[i];
    return NULL;
}
