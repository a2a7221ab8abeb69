/* profile.c - reading, writing and finding hardware profiles (INI, with
 * inih), and scaling spec-sheet profiles from the calibrated reference. */
#define _GNU_SOURCE
#include "profile.h"
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

typedef enum { K_TEXT, K_NUMBER, K_YESNO, K_SCALING } key_type;

typedef struct {
    const char *section, *key;
    key_type type;
    size_t offset, size; /* into mcs_profile; size for text */
    const char *meaning; /* written as a comment before the key */
    const char *choices; /* text: the valid values, "a|b", or NULL for any */
} profile_key;

#define TEXT(s, k, field, m) {s, k, K_TEXT, offsetof(mcs_profile, field), sizeof(((mcs_profile *)0)->field), m, NULL}
#define CHOICE(s, k, field, m, c) {s, k, K_TEXT, offsetof(mcs_profile, field), sizeof(((mcs_profile *)0)->field), m, c}
#define NUM(s, k, field, m) {s, k, K_NUMBER, offsetof(mcs_profile, field), 0, m, NULL}

/* Every key a profile may have, in the order they are written. */
static const profile_key keys[] = {
    TEXT("profile", "name", name, "profile name (the file is NAME.ini)"),
    TEXT("profile", "kind", kind, "cpu, gpu or machine (both)"),
    {"profile", "calibrated", K_YESNO, offsetof(mcs_profile, calibrated), 0,
     "yes: measured by mcsim calibrate; no: spec sheet, costs scaled from the reference", NULL},
    TEXT("profile", "description", description, NULL),
    TEXT("profile", "source", source, "where the numbers come from"),
    TEXT("profile", "host", host, "host it was measured on"),
    TEXT("profile", "date", date, "when it was measured (UTC)"),
    TEXT("profile", "mcsim_version", mcsim_version, NULL),
    NUM("profile", "price_per_hour", price_per_hour, "default price, USD per hour"),
    CHOICE("profile", "price_basis", price_basis,
           "what price_per_hour is: cloud (rented, per hour) or amortised (purchase price "
           "over the hours of use)", "cloud|amortised"),
    TEXT("profile", "warning", warning,
         "calibration figures still implausible after re-measuring (docs/estimator.md)"),

    TEXT("cpu", "model", cpu.model, NULL),
    NUM("cpu", "cores", cpu.cores, "physical cores"),
    NUM("cpu", "threads", cpu.threads, "hardware threads"),
    NUM("cpu", "base_clock_mhz", cpu.base_clock_mhz, NULL),
    NUM("cpu", "all_core_clock_mhz", cpu.all_core_clock_mhz, NULL),
    NUM("cpu", "fp32_flops_per_cycle", cpu.fp32_flops_per_cycle, "peak, per core"),
    NUM("cpu", "fp32_gflops", cpu.fp32_gflops, "peak, all cores"),
    NUM("cpu", "fp64_gflops", cpu.fp64_gflops, "peak, all cores"),
    NUM("cpu", "sustained_gflops_fp32", cpu.sustained_gflops_fp32,
        "sustained by vectorised library code (the generic calculator's CPU rate)"),
    NUM("cpu", "config_cold_s", cpu.config_cold_s,
        "reading and checking the config in a fresh process (cold), seconds"),
    NUM("cpu", "config_warm_s", cpu.config_warm_s, "the same in a later run (warm)"),
    NUM("cpu", "write_cold_s", cpu.write_cold_s, "writing the HDF5 run log, cold, seconds"),
    NUM("cpu", "write_warm_s", cpu.write_warm_s, NULL),
    NUM("cpu", "other_cold_s", cpu.other_cold_s, "time in a run outside every phase, seconds"),
    NUM("cpu", "other_warm_s", cpu.other_warm_s, NULL),
    NUM("cpu", "setup_cold_s", cpu.setup_cold_s, "cpu backend set-up in a fresh process, s"),
    NUM("cpu", "setup_warm_s", cpu.setup_warm_s, "cpu backend set-up, later runs, s"),
    NUM("cpu", "teardown_cold_s", cpu.teardown_cold_s, "freeing thread state, seconds"),
    NUM("cpu", "teardown_warm_s", cpu.teardown_warm_s, NULL),
    NUM("cpu", "chunk_start_cold_us", cpu.chunk_start_cold_us,
        "starting the thread team on a chunk of blocks, microseconds"),
    NUM("cpu", "chunk_start_warm_us", cpu.chunk_start_warm_us, NULL),
    NUM("cpu", "reduce_block_ns", cpu.reduce_block_ns, "merging one block's sums, ns"),
    NUM("cpu", "path_step_ns_single_pcg64", cpu.path_step_ns[0][0], "one thread, ns per path-step"),
    NUM("cpu", "path_step_ns_single_philox", cpu.path_step_ns[0][1], NULL),
    NUM("cpu", "path_step_ns_double_pcg64", cpu.path_step_ns[1][0], NULL),
    NUM("cpu", "path_step_ns_double_philox", cpu.path_step_ns[1][1], NULL),
    {"cpu", "scaling", K_SCALING, 0, 0,
     "threads:efficiency pairs; efficiency = throughput(T) / (T x throughput(1))", NULL},
    NUM("cpu", "repeat_spread", cpu.repeat_spread,
        "largest (max - min) / median of the repeated runs the costs come from"),

    TEXT("gpu", "model", gpu.model, NULL),
    NUM("gpu", "sm_count", gpu.sm_count, NULL),
    NUM("gpu", "boost_clock_mhz", gpu.boost_clock_mhz, NULL),
    NUM("gpu", "fp32_tflops", gpu.fp32_tflops, "peak, non-tensor"),
    NUM("gpu", "fp64_tflops", gpu.fp64_tflops, NULL),
    NUM("gpu", "fp16_tflops", gpu.fp16_tflops, NULL),
    NUM("gpu", "memory_gb", gpu.memory_gb, NULL),
    NUM("gpu", "memory_bandwidth_gbps", gpu.memory_bandwidth_gbps, "GB/s"),
    NUM("gpu", "pcie_gbps", gpu.pcie_gbps, "host link, GB/s per direction, theoretical"),
    NUM("gpu", "context_s", gpu.context_s, "CUDA start-up in a fresh process, seconds"),
    NUM("gpu", "device_query_cold_s", gpu.device_query_cold_s, NULL),
    NUM("gpu", "device_query_warm_s", gpu.device_query_warm_s, NULL),
    NUM("gpu", "setup_cold_s", gpu.setup_cold_s, "stream, events, kernel module load, s"),
    NUM("gpu", "setup_warm_s", gpu.setup_warm_s, NULL),
    NUM("gpu", "alloc_s", gpu.alloc_s, "device and pinned buffers: fixed part, s"),
    NUM("gpu", "alloc_ns_per_byte", gpu.alloc_ns_per_byte, "and per byte, ns"),
    NUM("gpu", "teardown_s", gpu.teardown_s, NULL),
    NUM("gpu", "write_cold_s", gpu.write_cold_s, "writing a GPU run's log, cold, seconds"),
    NUM("gpu", "write_warm_s", gpu.write_warm_s, NULL),
    NUM("gpu", "launch_us", gpu.launch_us, "one kernel launch, empty kernel, microseconds"),
    NUM("gpu", "first_launch_us", gpu.first_launch_us,
        "extra for the first launch in a fresh process, us"),
    NUM("gpu", "h2d_pinned_alpha_us", gpu.h2d_pinned.alpha_us, "copy = alpha + bytes / beta"),
    NUM("gpu", "h2d_pinned_gbps", gpu.h2d_pinned.gbps, NULL),
    NUM("gpu", "h2d_pageable_alpha_us", gpu.h2d_pageable.alpha_us, NULL),
    NUM("gpu", "h2d_pageable_gbps", gpu.h2d_pageable.gbps, NULL),
    NUM("gpu", "d2h_pinned_alpha_us", gpu.d2h_pinned.alpha_us, NULL),
    NUM("gpu", "d2h_pinned_gbps", gpu.d2h_pinned.gbps, NULL),
    NUM("gpu", "d2h_pageable_alpha_us", gpu.d2h_pageable.alpha_us, NULL),
    NUM("gpu", "d2h_pageable_gbps", gpu.d2h_pageable.gbps, NULL),
    NUM("gpu", "kernel_path_step_ps_single_philox", gpu.kernel_path_step_ps[0][0],
        "saturated GPU, picoseconds per path-step"),
    NUM("gpu", "kernel_path_step_ps_single_mrg32k3a", gpu.kernel_path_step_ps[0][1], NULL),
    NUM("gpu", "kernel_path_step_ps_single_sobol", gpu.kernel_path_step_ps[0][2], NULL),
    NUM("gpu", "kernel_path_step_ps_double_philox", gpu.kernel_path_step_ps[1][0], NULL),
    NUM("gpu", "kernel_path_step_ps_double_mrg32k3a", gpu.kernel_path_step_ps[1][1], NULL),
    NUM("gpu", "kernel_path_step_ps_double_sobol", gpu.kernel_path_step_ps[1][2], NULL),
    NUM("gpu", "kernel_ramp_path_step_ns_single_philox", gpu.kernel_ramp_path_step_ns[0][0],
        "one GPU thread alone, ns per path-step (the ramp of a small grid)"),
    NUM("gpu", "kernel_ramp_path_step_ns_single_mrg32k3a", gpu.kernel_ramp_path_step_ns[0][1], NULL),
    NUM("gpu", "kernel_ramp_path_step_ns_single_sobol", gpu.kernel_ramp_path_step_ns[0][2], NULL),
    NUM("gpu", "kernel_ramp_path_step_ns_double_philox", gpu.kernel_ramp_path_step_ns[1][0], NULL),
    NUM("gpu", "kernel_ramp_path_step_ns_double_mrg32k3a", gpu.kernel_ramp_path_step_ns[1][1], NULL),
    NUM("gpu", "kernel_ramp_path_step_ns_double_sobol", gpu.kernel_ramp_path_step_ns[1][2], NULL),
    NUM("gpu", "kernel_fixed_us_single_philox", gpu.kernel_fixed_us[0][0],
        "mcsim's kernel beyond an empty one, per launch (stream set-up, block sums), us"),
    NUM("gpu", "kernel_fixed_us_single_mrg32k3a", gpu.kernel_fixed_us[0][1], NULL),
    NUM("gpu", "kernel_fixed_us_single_sobol", gpu.kernel_fixed_us[0][2], NULL),
    NUM("gpu", "kernel_fixed_us_double_philox", gpu.kernel_fixed_us[1][0], NULL),
    NUM("gpu", "kernel_fixed_us_double_mrg32k3a", gpu.kernel_fixed_us[1][1], NULL),
    NUM("gpu", "kernel_fixed_us_double_sobol", gpu.kernel_fixed_us[1][2], NULL),
    NUM("gpu", "copy_fit_error", gpu.copy_fit_error,
        "worst e^|ln(fit / measured)| - 1 of the copy fits"),
    NUM("gpu", "kernel_fit_error", gpu.kernel_fit_error,
        "the same for the kernel fits, at the sizes checked"),
};
#define N_KEYS (sizeof keys / sizeof keys[0])

void mcs_profile_init(mcs_profile *p)
{
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < N_KEYS; i++)
        if (keys[i].type == K_NUMBER)
            *(double *)((char *)p + keys[i].offset) = NAN;
}

typedef struct {
    mcs_profile *p;
    const char *origin;
    int line;
    char seen[N_KEYS];
    char *err;
    size_t err_len;
    int failed;
} parse_state;

static int fail(parse_state *ps, const char *fmt, ...)
{
    if (ps->failed)
        return 0;
    ps->failed = 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->err, ps->err_len, fmt, ap);
    va_end(ap);
    return 0;
}

/* "1:1.0 2:0.98 16:0.91": thread counts ascending, efficiencies in (0, 1.5]. */
static int parse_scaling(const char *text, mcs_cpu_profile *cpu)
{
    cpu->n_scaling = 0;
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == ',')
            s++;
        if (!*s)
            break;
        char *end;
        double threads = strtod(s, &end);
        if (end == s || *end != ':' || threads < 1 || threads != floor(threads))
            return 0;
        s = end + 1;
        double eff = strtod(s, &end);
        if (end == s || !(eff > 0 && eff <= 1.5) || cpu->n_scaling == MCS_PROFILE_SCALING_MAX)
            return 0;
        if (cpu->n_scaling && threads <= cpu->scaling_threads[cpu->n_scaling - 1])
            return 0;
        cpu->scaling_threads[cpu->n_scaling] = threads;
        cpu->scaling_efficiency[cpu->n_scaling++] = eff;
        s = end;
    }
    return cpu->n_scaling > 0;
}

/* value is one of the '|'-separated choices */
static int is_choice(const char *choices, const char *value)
{
    size_t n = strlen(value);
    for (const char *c = choices; *c;) {
        const char *bar = strchr(c, '|');
        size_t len = bar ? (size_t)(bar - c) : strlen(c);
        if (len == n && strncmp(c, value, n) == 0)
            return 1;
        c += len + (bar != NULL);
    }
    return 0;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    parse_state *ps = user;
    if (ps->failed)
        return 0;
    size_t k;
    int section_known = 0;
    for (k = 0; k < N_KEYS; k++) {
        if (strcmp(keys[k].section, section) == 0) {
            section_known = 1;
            if (strcmp(keys[k].key, name) == 0)
                break;
        }
    }
    if (!section_known)
        return fail(ps, "%s:%d: [%s] unknown section (valid: [profile], [cpu], [gpu])",
                    ps->origin, ps->line, section);
    if (k == N_KEYS)
        return fail(ps, "%s:%d: [%s] %s: unknown key (docs/estimator.md lists the keys)",
                    ps->origin, ps->line, section, name);
    if (ps->seen[k])
        return fail(ps, "%s:%d: [%s] %s: duplicate key", ps->origin, ps->line, section, name);
    ps->seen[k] = 1;
    mcs_profile *p = ps->p;
    void *field = (char *)p + keys[k].offset;
    if (strcmp(section, "cpu") == 0)
        p->has_cpu = 1;
    if (strcmp(section, "gpu") == 0)
        p->has_gpu = 1;
    switch (keys[k].type) {
    case K_TEXT:
        if (strlen(value) >= keys[k].size)
            return fail(ps, "%s:%d: [%s] %s: longer than %zu characters", ps->origin, ps->line,
                        section, name, keys[k].size - 1);
        if (keys[k].choices && !is_choice(keys[k].choices, value))
            return fail(ps, "%s:%d: [%s] %s = '%s': must be one of %s", ps->origin, ps->line,
                        section, name, value, keys[k].choices);
        memcpy(field, value, strlen(value) + 1);
        break;
    case K_NUMBER: {
        char *end;
        errno = 0;
        double v = strtod(value, &end);
        if (*value == '\0' || *end != '\0' || errno || !isfinite(v) || v < 0)
            return fail(ps, "%s:%d: [%s] %s = '%s': not a number >= 0 (units are in the key "
                            "name; write no unit after the number)",
                        ps->origin, ps->line, section, name, value);
        *(double *)field = v;
        break;
    }
    case K_YESNO:
        if (strcasecmp(value, "yes") == 0)
            *(int *)field = 1;
        else if (strcasecmp(value, "no") == 0)
            *(int *)field = 0;
        else
            return fail(ps, "%s:%d: [%s] %s = '%s': must be yes or no", ps->origin, ps->line,
                        section, name, value);
        break;
    case K_SCALING:
        if (!parse_scaling(value, &p->cpu))
            return fail(ps, "%s:%d: [cpu] scaling = '%s': expected threads:efficiency pairs "
                            "with threads rising, e.g. '1:1.0 2:0.99 16:0.93'",
                        ps->origin, ps->line, value);
        break;
    }
    return 1;
}

/* fgets that counts lines, so on_key knows which line it is handling. */
static char *line_reader(char *str, int num, void *stream)
{
    parse_state *ps = ((parse_state **)stream)[1];
    char *r = fgets(str, num, ((FILE **)stream)[0]);
    if (r)
        ps->line++;
    return r;
}

mcs_status mcs_profile_parse(const char *text, const char *origin, mcs_profile *p, char *err,
                             size_t err_len)
{
    mcs_profile_init(p);
    parse_state ps = {.p = p, .origin = origin, .err = err, .err_len = err_len};
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f) {
        snprintf(err, err_len, "%s: cannot read: %s", origin, strerror(errno));
        return MCS_E_IO;
    }
    void *stream[2] = {f, &ps};
    int r = ini_parse_stream(line_reader, stream, on_key, &ps);
    fclose(f);
    if (ps.failed)
        return MCS_E_CONFIG;
    if (r != 0) {
        snprintf(err, err_len, "%s:%d: not INI syntax (expected [section] or key = value)",
                 origin, r);
        return MCS_E_CONFIG;
    }
    snprintf(p->origin, sizeof p->origin, "%s", origin);
    if (!p->name[0] || !p->kind[0]) {
        snprintf(err, err_len, "%s: [profile] needs name and kind", origin);
        return MCS_E_CONFIG;
    }
    int want_cpu = strcmp(p->kind, "cpu") == 0, want_gpu = strcmp(p->kind, "gpu") == 0,
        machine = strcmp(p->kind, "machine") == 0;
    if (!want_cpu && !want_gpu && !machine) {
        snprintf(err, err_len, "%s: [profile] kind = '%s': must be cpu, gpu or machine", origin,
                 p->kind);
        return MCS_E_CONFIG;
    }
    if (((want_cpu || machine) && !p->has_cpu) || ((want_gpu || machine) && !p->has_gpu)) {
        snprintf(err, err_len, "%s: kind = %s needs a%s%s section", origin, p->kind,
                 (want_cpu || machine) && !p->has_cpu ? " [cpu]" : "",
                 (want_gpu || machine) && !p->has_gpu ? " [gpu]" : "");
        return MCS_E_CONFIG;
    }
    return MCS_OK;
}

mcs_status mcs_profile_load_file(const char *path, mcs_profile *p, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_len, "profile '%s': cannot open: %s", path, strerror(errno));
        return MCS_E_NOINPUT;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char buf[4096];
    size_t n;
    while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    int bad = ferror(f);
    fclose(f);
    if (!mem || fclose(mem) != 0 || bad) {
        free(text);
        snprintf(err, err_len, "profile '%s': cannot read", path);
        return MCS_E_IO;
    }
    mcs_status st = mcs_profile_parse(text, path, p, err, err_len);
    free(text);
    return st;
}

static int is_path(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') || (n > 4 && strcmp(s + n - 4, ".ini") == 0);
}

int mcs_profile_dir(char *buf, size_t len)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    buf[0] = '\0';
    if (xdg && xdg[0] == '/') /* the XDG spec: a relative value is ignored */
        snprintf(buf, len, "%s/mcsim", xdg);
    else if (home && home[0])
        snprintf(buf, len, "%s/.config/mcsim", home);
    return buf[0] != '\0';
}

int mcs_profile_local_path(char *buf, size_t len)
{
    char dir[4096];
    buf[0] = '\0';
    if (!mcs_profile_dir(dir, sizeof dir))
        return 0;
    snprintf(buf, len, "%s/local.ini", dir);
    return 1;
}

mcs_status mcs_profile_find(const char *name, mcs_profile *p, char *err, size_t err_len)
{
    if (is_path(name))
        return mcs_profile_load_file(name, p, err, err_len);
    char dir[4096], user[4200] = "", path[512];
    struct stat st;
    if (mcs_profile_dir(dir, sizeof dir)) {
        snprintf(user, sizeof user, "%s/%s.ini", dir, name);
        if (stat(user, &st) == 0)
            return mcs_profile_load_file(user, p, err, err_len);
    }
    snprintf(path, sizeof path, "profiles/%s.ini", name);
    if (stat(path, &st) == 0)
        return mcs_profile_load_file(path, p, err, err_len);
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        if (strcmp(e->name, name) == 0) {
            char origin[128];
            snprintf(origin, sizeof origin, "catalogue:%s", name);
            return mcs_profile_parse(e->text, origin, p, err, err_len);
        }
    }
    size_t used = (size_t)snprintf(err, err_len, "profile '%s': not found (no file %s%s%s; "
                                                 "catalogue:", name, user, user[0] ? " or " : "",
                                   path);
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name && used < err_len; e++)
        used += (size_t)snprintf(err + used, err_len - used, " %s", e->name);
    if (used < err_len)
        snprintf(err + used, err_len - used, ")");
    return MCS_E_NOINPUT;
}

mcs_status mcs_profile_local(mcs_profile *p, char *err, size_t err_len)
{
    const char *env = getenv("MCSIM_PROFILE");
    if (env && *env)
        return mcs_profile_find(env, p, err, err_len);
    char path[4200];
    struct stat st;
    if (mcs_profile_local_path(path, sizeof path) && stat(path, &st) == 0)
        return mcs_profile_load_file(path, p, err, err_len);
    size_t used;
    if (path[0])
        used = (size_t)snprintf(err, err_len, "no local profile (run `mcsim calibrate` to make "
                                "%s, or set MCSIM_PROFILE)", path);
    else
        used = (size_t)snprintf(err, err_len, "no local profile (HOME and XDG_CONFIG_HOME are "
                                "unset: set MCSIM_PROFILE to a profile file)");
    /* earlier versions kept it in the working folder, which made estimates
     * depend on where mcsim was run: it is not read from there any more */
    if (stat("profiles/local.ini", &st) == 0 && used < err_len)
        snprintf(err + used, err_len - used, "; ./profiles/local.ini, where earlier versions "
                 "wrote it, is no longer read: move it to %s or set MCSIM_PROFILE",
                 path[0] ? path : "a profile folder");
    return MCS_E_NOINPUT;
}

int mcs_profile_write(const mcs_profile *p, FILE *f)
{
    const char *section = "";
    for (size_t k = 0; k < N_KEYS; k++) {
        const profile_key *key = &keys[k];
        if ((strcmp(key->section, "cpu") == 0 && !p->has_cpu) ||
            (strcmp(key->section, "gpu") == 0 && !p->has_gpu))
            continue;
        const void *field = (const char *)p + key->offset;
        if ((key->type == K_TEXT && !((const char *)field)[0]) ||
            (key->type == K_NUMBER && isnan(*(const double *)field)) ||
            (key->type == K_SCALING && p->cpu.n_scaling == 0))
            continue;
        if (strcmp(section, key->section) != 0) {
            fprintf(f, "%s[%s]\n", section[0] ? "\n" : "", key->section);
            section = key->section;
        }
        if (key->meaning)
            fprintf(f, "# %s\n", key->meaning);
        switch (key->type) {
        case K_TEXT:
            fprintf(f, "%s = %s\n", key->key, (const char *)field);
            break;
        case K_NUMBER:
            fprintf(f, "%s = %.6g\n", key->key, *(const double *)field);
            break;
        case K_YESNO:
            fprintf(f, "%s = %s\n", key->key, *(const int *)field ? "yes" : "no");
            break;
        case K_SCALING:
            fprintf(f, "%s =", key->key);
            for (int i = 0; i < p->cpu.n_scaling; i++)
                fprintf(f, " %g:%.4f", p->cpu.scaling_threads[i], p->cpu.scaling_efficiency[i]);
            fputc('\n', f);
            break;
        }
    }
    return ferror(f) ? -1 : 0;
}

/* a / b when both are known and positive, else NAN */
static double ratio(double a, double b)
{
    return a > 0 && b > 0 ? a / b : NAN;
}

static mcs_status need(double v, const char *what, const mcs_profile *p, char *err,
                       size_t err_len)
{
    if (isnan(v)) {
        snprintf(err, err_len, "profile '%s' is not calibrated and cannot be scaled from the "
                 "reference: %s is missing", p->name, what);
        return MCS_E_CONFIG;
    }
    return MCS_OK;
}

/* The reference's measured costs under p's spec-sheet numbers: the whole
 * section is copied from the reference, then p's spec numbers put back and
 * the costs that scale multiplied by the spec ratios (docs/estimator.md). */
mcs_status mcs_profile_derive(mcs_profile *p, const mcs_profile *ref, char *err, size_t err_len)
{
    if (p->calibrated)
        return MCS_OK;
    mcs_status st;
    if (p->has_cpu) {
        const mcs_cpu_profile spec = p->cpu, *r = &ref->cpu;
        /* one thread's speed: peak FLOPs per core (clock x FLOPs per cycle) */
        double per_core = ratio(r->fp32_gflops / r->cores, spec.fp32_gflops / spec.cores);
        if ((st = need(per_core, "[cpu] fp32_gflops and cores (here or in the reference)", p,
                       err, err_len)) != MCS_OK)
            return st;
        mcs_cpu_profile *c = &p->cpu;
        *c = *r;
        memcpy(c->model, spec.model, sizeof c->model);
        c->cores = spec.cores;
        c->threads = spec.threads;
        c->base_clock_mhz = spec.base_clock_mhz;
        c->all_core_clock_mhz = spec.all_core_clock_mhz;
        c->fp32_flops_per_cycle = spec.fp32_flops_per_cycle;
        c->fp32_gflops = spec.fp32_gflops;
        c->fp64_gflops = spec.fp64_gflops;
        c->sustained_gflops_fp32 = spec.sustained_gflops_fp32;
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int g = 0; g < MCS_CPU_RNG_COUNT; g++)
                c->path_step_ns[q][g] *= per_core;
    }
    if (p->has_gpu) {
        const mcs_gpu_profile spec = p->gpu, *r = &ref->gpu;
        double fp32 = ratio(r->fp32_tflops, spec.fp32_tflops);
        double fp64 = ratio(r->fp64_tflops, spec.fp64_tflops);
        double clock = ratio(r->boost_clock_mhz, spec.boost_clock_mhz);
        double link = ratio(spec.pcie_gbps, r->pcie_gbps);
        if ((st = need(fp32, "[gpu] fp32_tflops", p, err, err_len)) != MCS_OK ||
            (st = need(fp64, "[gpu] fp64_tflops", p, err, err_len)) != MCS_OK ||
            (st = need(clock, "[gpu] boost_clock_mhz", p, err, err_len)) != MCS_OK ||
            (st = need(link, "[gpu] pcie_gbps", p, err, err_len)) != MCS_OK)
            return st;
        mcs_gpu_profile *g = &p->gpu;
        *g = *r;
        memcpy(g->model, spec.model, sizeof g->model);
        g->sm_count = spec.sm_count;
        g->boost_clock_mhz = spec.boost_clock_mhz;
        g->fp32_tflops = spec.fp32_tflops;
        g->fp64_tflops = spec.fp64_tflops;
        g->fp16_tflops = spec.fp16_tflops;
        g->memory_gb = spec.memory_gb;
        g->memory_bandwidth_gbps = spec.memory_bandwidth_gbps;
        g->pcie_gbps = spec.pcie_gbps;
        for (int q = 0; q < MCS_PREC_COUNT; q++)
            for (int k = 0; k < MCS_GPU_RNG_COUNT; k++) {
                g->kernel_path_step_ps[q][k] *= q ? fp64 : fp32;
                g->kernel_ramp_path_step_ns[q][k] *= clock;
                g->kernel_fixed_us[q][k] *= clock;
            }
        g->h2d_pinned.gbps *= link;
        g->h2d_pageable.gbps *= link;
        g->d2h_pinned.gbps *= link;
        g->d2h_pageable.gbps *= link;
    }
    return MCS_OK;
}

/* One side (cpu or gpu) of mcs_profiles_choose. */
static mcs_status choose_side(const char *side, const char *named, const char *profile,
                              mcs_profile *out, char *err, size_t err_len)
{
    mcs_status st;
    const char *how = named ? "--" : profile ? "--profile" : "local profile";
    if (named)
        st = mcs_profile_find(named, out, err, err_len);
    else if (profile)
        st = mcs_profile_find(profile, out, err, err_len);
    else
        st = mcs_profile_local(out, err, err_len);
    if (st != MCS_OK)
        return st;
    int has = strcmp(side, "cpu") == 0 ? out->has_cpu : out->has_gpu;
    if (!has && !named && strcmp(side, "gpu") == 0)
        return MCS_OK; /* a CPU-only profile: CPU-only predictions (has_gpu = 0) */
    if (!has) {
        snprintf(err, err_len, "profile '%s' (%s%s) has no [%s] section; name one with --%s "
                 "(mcsim estimate --list-profiles)", out->name, how, named ? side : "", side,
                 side);
        return MCS_E_CONFIG;
    }
    if (!out->calibrated) {
        mcs_profile ref;
        char why[512];
        if ((st = mcs_profile_find(MCS_PROFILE_REFERENCE, &ref, why, sizeof why)) != MCS_OK) {
            snprintf(err, err_len, "profile '%s' is a spec sheet and needs the calibrated "
                     "reference to scale from: %s", out->name, why);
            return MCS_E_CONFIG;
        }
        return mcs_profile_derive(out, &ref, err, err_len);
    }
    return MCS_OK;
}

mcs_status mcs_profiles_choose(const char *profile, const char *cpu, const char *gpu,
                               mcs_profile *cpu_out, mcs_profile *gpu_out, char *err,
                               size_t err_len)
{
    mcs_status st = choose_side("cpu", cpu, profile, cpu_out, err, err_len);
    if (st == MCS_OK)
        st = choose_side("gpu", gpu, profile, gpu_out, err, err_len);
    return st;
}

/* Append "; text" (or "text" first) to buf, keeping within len. */
static void add_problem(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    if (used + 3 >= len)
        return;
    if (used)
        used += (size_t)snprintf(buf + used, len - used, "; ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

int mcs_profile_problems(const mcs_profile *p, char *buf, size_t len)
{
    char all[1024] = "";
    int n = 0;
    if (p->has_cpu) {
        for (int i = 0; i < p->cpu.n_scaling; i++)
            if (p->cpu.scaling_efficiency[i] > MCS_PLAUSIBLE_EFFICIENCY_MAX) {
                add_problem(all, sizeof all, "%g-thread efficiency %.2f > %.2f",
                            p->cpu.scaling_threads[i], p->cpu.scaling_efficiency[i],
                            MCS_PLAUSIBLE_EFFICIENCY_MAX);
                n++;
            }
        if (p->cpu.repeat_spread > MCS_PLAUSIBLE_SPREAD_MAX) {
            add_problem(all, sizeof all, "repeats spread %.0f%% > %.0f%%",
                        100 * p->cpu.repeat_spread, 100 * MCS_PLAUSIBLE_SPREAD_MAX);
            n++;
        }
    }
    if (p->has_gpu) {
        if (p->gpu.copy_fit_error > MCS_PLAUSIBLE_FIT_MAX) {
            add_problem(all, sizeof all, "copy fit off by %.0f%% > %.0f%%",
                        100 * p->gpu.copy_fit_error, 100 * MCS_PLAUSIBLE_FIT_MAX);
            n++;
        }
        if (p->gpu.kernel_fit_error > MCS_PLAUSIBLE_FIT_MAX) {
            add_problem(all, sizeof all, "kernel fit off by %.0f%% > %.0f%%",
                        100 * p->gpu.kernel_fit_error, 100 * MCS_PLAUSIBLE_FIT_MAX);
            n++;
        }
    }
    /* one profile line holds at most 199 characters, "warning = " included */
    size_t cap = len < 181 ? len : 181;
    snprintf(buf, cap, "%s", all);
    if (strlen(all) >= cap && cap > 4)
        memcpy(buf + cap - 4, "...", 4);
    return n;
}
