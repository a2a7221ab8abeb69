/* kernel_plan.c - the kernel families of kernels/combos.def (one per mode
 * of each (model, payoff) line), their names, a job's family, and what
 * `mcsim calibrate` times for each (kernel_plan.h). The payoff headers give
 * each payoff's modes and monitoring dates, so nothing here names a model
 * or payoff. */
#define _GNU_SOURCE
#include "kernel_plan.h"
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "catalog.h"
/* the hot-loop headers in float (no MCS_REAL_DOUBLE): a payoff's mode and
 * monitoring dates do not depend on the precision */
#include "../kernels/includes.h"

/* Per (model, payoff): the payoff's mode for a job and, when `watched` is
 * not NULL, the steps it monitors there, through its header (mcs_NAME_mode,
 * mcs_NAME_watches). */
#define MCS_COMBO(mdl, MDL, pay, PAY)                                                          \
    static int mdl##_##pay##_grid(const mcs_job *job, uint32_t *watched)                       \
    {                                                                                          \
        mcs_##pay##_coef c =                                                                   \
            mcs_##pay##_coef_make(&job->option, &job->model, job->sim.steps);                  \
        for (uint32_t k = 0; watched && k < job->sim.steps; k++)                               \
            *watched += mcs_##pay##_watches(&c, k) != 0;                                       \
        return mcs_##pay##_mode(&c);                                                           \
    }
#include "../kernels/combos.def"
#undef MCS_COMBO

typedef struct {
    mcs_model_id model;
    mcs_payoff_id payoff;
    int modes; /* MCS_NAME_MODES */
    int (*grid)(const mcs_job *job, uint32_t *watched); /* mode; adds the monitored steps */
} combo;

#define MCS_COMBO(mdl, MDL, pay, PAY) \
    {MCS_MODEL_##MDL, MCS_PAYOFF_##PAY, MCS_##PAY##_MODES, mdl##_##pay##_grid},
static const combo combos[] = {
#include "../kernels/combos.def"
};
#undef MCS_COMBO
#define N_COMBOS (sizeof combos / sizeof combos[0])

/* every family fits the profile's tables */
#define MCS_COMBO(model, MODEL, payoff, PAYOFF) +MCS_##PAYOFF##_MODES
enum {
    N_FAMILIES = 0
#include "../kernels/combos.def"
};
#undef MCS_COMBO
_Static_assert(N_FAMILIES <= MCS_KERNEL_FAMILIES_MAX,
               "kernels/combos.def has more (model, payoff, mode) families than "
               "MCS_KERNEL_FAMILIES_MAX (estimator/kernel_plan.h): raise it");

static mcs_kernel_family families[MCS_KERNEL_FAMILIES_MAX];
static int n_families;
static pthread_once_t built = PTHREAD_ONCE_INIT;

/* Whether the model can run the payoff's mode m: the mode's
 * keys (its mode_sets entry, choices such as "option.average=geometric")
 * set on a bare job, then what the payoff reads of the model's view
 * (engine/pair.c). A mode the pair refuses (a geometric average on a model
 * without a log-spot) is no family: no job can reach it. */
int mcs_kernel_mode_runs(mcs_model_id model, mcs_payoff_id payoff, int m)
{
    const mcs_payoff_type *pt = mcs_payoff_type_of(payoff);
    mcs_job job;
    memset(&job, 0, sizeof job);
    job.model.id = model;
    job.option.payoff = payoff;
    if (pt->mode_sets && pt->mode_sets[m]) {
        char storage[256];
        mcs_override ov[8];
        int n = mcs_overrides_split(pt->mode_sets[m], storage, sizeof storage, ov, 8);
        for (int i = 0; i < n; i++) {
            const char *a = ov[i].assignment, *eq = strchr(a, '=');
            if (strncmp(a, "option.", 7) != 0 || !eq)
                continue;
            for (const mcs_param_spec *p = pt->params; p->key; p++) {
                const mcs_named *choice =
                    p->kind == MCS_PARAM_CHOICE ? mcs_named_find(p->choices, eq + 1) : NULL;
                if (choice && strlen(p->key) == (size_t)(eq - a - 7) &&
                    strncmp(p->key, a + 7, (size_t)(eq - a - 7)) == 0)
                    *(int *)((char *)&job + p->offset) = choice->id;
            }
        }
    }
    char why[256];
    return mcs_job_pair_works(&job, why, sizeof why);
}

static void build(void)
{
    for (size_t c = 0; c < N_COMBOS; c++)
        for (int m = 0; m < combos[c].modes; m++) {
            if (!mcs_kernel_mode_runs(combos[c].model, combos[c].payoff, m))
                continue;
            mcs_kernel_family *k = &families[n_families++];
            k->model = mcs_model_type_of(combos[c].model);
            k->payoff = mcs_payoff_type_of(combos[c].payoff);
            k->mode = m;
            snprintf(k->name, sizeof k->name, "%s_%s_%d", k->model->name, k->payoff->name, m);
        }
}

int mcs_kernel_family_count(void)
{
    pthread_once(&built, build);
    return n_families;
}

const mcs_kernel_family *mcs_kernel_family_get(int f)
{
    return f >= 0 && f < mcs_kernel_family_count() ? &families[f] : NULL;
}

int mcs_kernel_family_index(mcs_model_id model, mcs_payoff_id payoff, int mode)
{
    for (int f = 0; f < mcs_kernel_family_count(); f++)
        if (families[f].model->id == model && families[f].payoff->id == payoff &&
            families[f].mode == mode)
            return f;
    return -1;
}

static const mcs_rng_id cpu_rngs[MCS_CPU_RNG_COUNT] = {MCS_RNG_PCG64, MCS_RNG_PHILOX};
static const mcs_rng_id gpu_rngs[MCS_GPU_RNG_COUNT] = {MCS_RNG_PHILOX, MCS_RNG_MRG32K3A,
                                                       MCS_RNG_SOBOL};

int mcs_kernel_rng_count(int gpu)
{
    return gpu ? MCS_GPU_RNG_COUNT : MCS_CPU_RNG_COUNT;
}

mcs_rng_id mcs_kernel_rng(int gpu, int g)
{
    return gpu ? gpu_rngs[g] : cpu_rngs[g];
}

int mcs_kernel_rng_index(int gpu, mcs_rng_id rng)
{
    for (int g = 0; g < mcs_kernel_rng_count(gpu); g++)
        if (mcs_kernel_rng(gpu, g) == rng)
            return g;
    return -1;
}

void mcs_kernel_name(int f, int q, mcs_rng_id rng, char *buf, size_t len)
{
    const mcs_kernel_family *k = mcs_kernel_family_get(f);
    const mcs_named *prec = mcs_named_by_id(mcs_precisions, q);
    const mcs_named *gen = mcs_named_by_id(mcs_rngs, (int)rng);
    snprintf(buf, len, "%s_%s_%s", k ? k->name : "?", prec ? prec->name : "?",
             gen ? gen->name : "?");
}

int mcs_kernel_parse_name(int gpu, const char *name, int *f, int *q, int *g)
{
    /* FAMILY_PRECISION_GENERATOR, read part by part (a profile has a line
     * per kernel and key: making every name to compare each line with took
     * 20-60 ms of every run that loads a profile), from the family of the
     * last name read on (a profile's lines come family by family) */
    static _Thread_local int last;
    const int families = mcs_kernel_family_count();
    for (int j = 0; j < families; j++) {
        const int i = (last + j) % families;
        const char *family = mcs_kernel_family_get(i)->name;
        const size_t n = strlen(family);
        if (strncmp(name, family, n) != 0 || name[n] != '_')
            continue;
        const char *rest = name + n + 1;
        for (int p = 0; p < MCS_PREC_COUNT; p++) {
            const char *prec = mcs_named_by_id(mcs_precisions, p)->name;
            const size_t m = strlen(prec);
            if (strncmp(rest, prec, m) != 0 || rest[m] != '_')
                continue;
            for (int r = 0; r < mcs_kernel_rng_count(gpu); r++)
                if (strcmp(rest + m + 1,
                           mcs_named_by_id(mcs_rngs, (int)mcs_kernel_rng(gpu, r))->name) == 0) {
                    last = i;
                    *f = i;
                    *q = p;
                    *g = r;
                    return 1;
                }
        }
    }
    return 0;
}

static const combo *combo_of(const mcs_job *job)
{
    for (size_t c = 0; c < N_COMBOS; c++)
        if (combos[c].model == job->model.id && combos[c].payoff == job->option.payoff)
            return &combos[c];
    return NULL;
}

int mcs_job_kernel_mode(const mcs_job *job)
{
    const combo *c = combo_of(job);
    return c ? c->grid(job, NULL) : -1;
}

uint32_t mcs_job_watched_steps(const mcs_job *job)
{
    const combo *c = combo_of(job);
    const mcs_payoff_type *t = mcs_payoff_type_of(job->option.payoff);
    char why[256];
    uint32_t n = 0;
    /* a grid the payoff refuses (an Asian's steps not a multiple of its
     * fixings) has no monitoring dates to count */
    if (!c || job->sim.steps == 0 || (t->check_grid && !t->check_grid(job, why, sizeof why)))
        return 0;
    c->grid(job, &n);
    return n;
}

int mcs_overrides_split(const char *text, char *storage, size_t storage_len, mcs_override *ov,
                        int most)
{
    if (strlen(text) >= storage_len)
        return -1;
    snprintf(storage, storage_len, "%s", text);
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(storage, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (n == most)
            return -1;
        ov[n++] = (mcs_override){"--set", tok};
    }
    return n;
}

/* Appends "key = value" lines of the overrides of `section` in `sets`;
 * 0 when one names no section or another one than model, option, simulation. */
static int add_lines(char *buf, size_t len, const char *sets, const char *section)
{
    char storage[512];
    mcs_override ov[32];
    int n = mcs_overrides_split(sets, storage, sizeof storage, ov, 32);
    if (n < 0)
        return 0;
    for (int i = 0; i < n; i++) {
        const char *dot = strchr(ov[i].assignment, '.'), *eq = strchr(ov[i].assignment, '=');
        if (!dot || !eq || dot > eq)
            return 0;
        size_t used = strlen(buf);
        if ((size_t)(dot - ov[i].assignment) == strlen(section) &&
            strncmp(ov[i].assignment, section, strlen(section)) == 0)
            snprintf(buf + used, len - used, "%.*s = %s\n", (int)(eq - dot - 1), dot + 1, eq + 1);
        else if (strncmp(ov[i].assignment, "model.", 6) &&
                 strncmp(ov[i].assignment, "option.", 7) &&
                 strncmp(ov[i].assignment, "simulation.", 11))
            return 0;
    }
    return 1;
}

int mcs_text_as_file(const char *text, char *path, size_t path_len)
{
    int fd = memfd_create("mcsim-config", MFD_CLOEXEC);
    if (fd < 0) {
        snprintf(path, path_len, "cannot make a memory file: %s", strerror(errno));
        return -1;
    }
    size_t n = strlen(text), done = 0;
    while (done < n) {
        ssize_t w = write(fd, text + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            snprintf(path, path_len, "cannot write a memory file: %s", strerror(errno));
            close(fd);
            return -1;
        }
        done += (size_t)w;
    }
    snprintf(path, path_len, "/proc/self/fd/%d", fd);
    return fd;
}

mcs_status mcs_job_from_text(const char *text, const mcs_override *ov, int n_ov, mcs_job *job,
                             char *err, size_t err_len)
{
    char path[256];
    int fd = mcs_text_as_file(text, path, sizeof path);
    if (fd < 0) {
        snprintf(err, err_len, "%s", path);
        return MCS_E_IO;
    }
    char *resolved = malloc(MCS_CONFIG_RESOLVED_MAX);
    mcs_status st = MCS_E_NOMEM;
    if (resolved)
        st = mcs_config_load(path, ov, n_ov, job, resolved, MCS_CONFIG_RESOLVED_MAX, err,
                             err_len);
    else
        snprintf(err, err_len, "out of memory");
    free(resolved);
    close(fd);
    return st;
}

/* The default step points: 1 step where the job accepts it (else S0, its
 * default steps), so that the per-path cost is measured where it weighs
 * most, and the smallest multiple of S0 that is at least 4 S0 and 256
 * steps, so that the per-step cost parts from it. */
#define POINT_HIGH_STEPS 256
#define POINT_HIGH_RATIO 4

/* `sets` with its step count `from` (simulation.steps, and option.fixings
 * where it equals it) as `to`, into out; 0 where nothing was rewritten. */
static int rewrite_steps(const char *sets, unsigned from, unsigned to, char *out, size_t len)
{
    static const char *const keys[] = {"simulation.steps=", "option.fixings="};
    char storage[sizeof ((mcs_kernel_plan *)0)->points[0]];
    mcs_override ov[MCS_KERNEL_POINT_KEYS];
    int n = mcs_overrides_split(sets, storage, sizeof storage, ov, MCS_KERNEL_POINT_KEYS),
        rewrote = 0;
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        const char *a = ov[i].assignment;
        int keep = (int)strlen(a);
        char value[16] = "";
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            const size_t kl = strlen(keys[k]);
            char *end;
            if (strncmp(a, keys[k], kl) == 0 && strtoul(a + kl, &end, 10) == from && *end == 0) {
                keep = (int)kl;
                snprintf(value, sizeof value, "%u", to);
                rewrote |= k == 0;
            }
        }
        int at = snprintf(out + used, len - used, "%s%.*s%s", used ? " " : "", keep, a, value);
        if (at < 0 || (size_t)at >= len - used)
            return 0;
        used += (size_t)at;
    }
    return n > 0 && rewrote;
}

unsigned mcs_kernel_plan_fewer_steps(const mcs_kernel_plan *plan, const char *sets, unsigned from,
                                     unsigned to, unsigned least, char *out, size_t len,
                                     mcs_job *job)
{
    char rewritten[sizeof plan->points[0]], why[256];
    const int mode = mcs_kernel_family_get(plan->family)->mode;
    for (unsigned s = to; s >= least && s >= 1 && s < from; s--)
        if (rewrite_steps(sets, from, s, rewritten, sizeof rewritten) &&
            strlen(rewritten) < len &&
            mcs_kernel_plan_point_job(plan, rewritten, job, why, sizeof why) == MCS_OK &&
            mcs_job_kernel_mode(job) == mode && job->sim.steps == s) {
            memcpy(out, rewritten, strlen(rewritten) + 1);
            return s;
        }
    return from;
}

mcs_status mcs_kernel_plan_point_job(const mcs_kernel_plan *plan, const char *sets, mcs_job *job,
                                     char *err, size_t err_len)
{
    char storage[256];
    mcs_override ov[8];
    int n = mcs_overrides_split(sets, storage, sizeof storage, ov, 8);
    if (n < 0) {
        snprintf(err, err_len, "step point '%s': more than 8 keys", sets);
        return MCS_E_SOFTWARE;
    }
    return mcs_job_from_text(plan->config, ov, n, job, err, err_len);
}

mcs_status mcs_kernel_plan_make(int f, mcs_kernel_plan *plan, char *err, size_t err_len)
{
    memset(plan, 0, sizeof *plan);
    const mcs_kernel_family *k = mcs_kernel_family_get(f);
    if (!k) {
        snprintf(err, err_len, "no kernel family %d", f);
        return MCS_E_SOFTWARE;
    }
    plan->family = f;
    int modes = 0;
    while (k->payoff->mode_sets && k->payoff->mode_sets[modes])
        modes++;
    if (k->mode >= modes || !k->model->calibration_sets || !k->payoff->calibration_sets) {
        snprintf(err, err_len, "payoff %s or model %s: its type table entry lacks calibration "
                 "keys for mode %d (calibration_sets, mode_sets; core/type_table.h)",
                 k->payoff->name, k->model->name, k->mode);
        return MCS_E_SOFTWARE;
    }
    const char *sets[] = {k->model->calibration_sets, k->payoff->calibration_sets,
                          k->payoff->mode_sets[k->mode]};
    static const char *sections[] = {"model", "option", "simulation"};
    char *c = plan->config;
    size_t len = sizeof plan->config;
    snprintf(c, len, "# mcsim calibrate's job for the kernel family %s\n", k->name);
    for (int s = 0; s < 3; s++) {
        size_t used = strlen(c);
        snprintf(c + used, len - used, "[%s]\n%s%s%s", sections[s],
                 s == 0 ? "type = " : s == 1 ? "payoff = " : "seed = ",
                 s == 0 ? k->model->name : s == 1 ? k->payoff->name : "1", "\n");
        for (int i = 0; i < 3; i++)
            if (!add_lines(c, len, sets[i], sections[s])) {
                snprintf(err, err_len, "payoff %s or model %s: calibration keys '%s' are not "
                         "space-separated section.key=value (model, option or simulation)",
                         k->payoff->name, k->model->name, sets[i]);
                return MCS_E_SOFTWARE;
            }
    }
    mcs_job job;
    char why[1024];
    if (mcs_job_from_text(c, NULL, 0, &job, why, sizeof why) != MCS_OK) {
        snprintf(err, err_len, "kernel family %s: its calibration job does not load: %s",
                 k->name, why);
        return MCS_E_SOFTWARE;
    }
    if (mcs_job_kernel_mode(&job) != k->mode) {
        snprintf(err, err_len, "kernel family %s: the payoff's mode_sets[%d] '%s' makes a job "
                 "of mode %d", k->name, k->mode, sets[2], mcs_job_kernel_mode(&job));
        return MCS_E_SOFTWARE;
    }
    plan->normals = mcs_job_normals(&job);
    const char *const *points = k->payoff->calibration_points;
    if (points) {
        while (points[plan->n_points] && plan->n_points < MCS_KERNEL_POINTS_MAX) {
            snprintf(plan->points[plan->n_points], sizeof plan->points[0], "%s",
                     points[plan->n_points]);
            plan->n_points++;
        }
    } else {
        uint32_t s0 = job.sim.steps, hi = POINT_HIGH_RATIO * s0;
        if (hi < POINT_HIGH_STEPS)
            hi = (POINT_HIGH_STEPS + s0 - 1) / s0 * s0;
        mcs_job one;
        mcs_override ov = {"--set", "simulation.steps=1"};
        int lo = mcs_job_from_text(c, &ov, 1, &one, why, sizeof why) == MCS_OK &&
                         mcs_job_kernel_mode(&one) == k->mode
                     ? 1
                     : s0;
        snprintf(plan->points[0], sizeof plan->points[0], "simulation.steps=%d", lo);
        snprintf(plan->points[1], sizeof plan->points[1], "simulation.steps=%u", hi);
        plan->n_points = 2;
    }
    plan->n_fit = plan->n_points;
    const int wide = k->model->linear_factor ? MCS_WIDE_POINTS : 0,
              dear = k->model->dear_share && k->model->dear_sets ? 1 : 0,
              variant = k->model->variant_sets && k->model->variant_applies ? 1 : 0;
    if (plan->n_points < 2 || (points && points[plan->n_points]) ||
        plan->n_points + wide + dear + variant > MCS_KERNEL_POINTS_MAX) {
        snprintf(err, err_len, "payoff %s: calibration_points must list 2 to %d step points",
                 k->payoff->name, MCS_KERNEL_POINTS_MAX - wide - dear - variant);
        return MCS_E_SOFTWARE;
    }
    plan->n_wide = wide;
    /* the wide points: every asset's spot and volatility one number (a
     * list of one is every asset's); pairs at 1 step and at MCS_WIDE_STEPS:
     * the middle, the widest, then the narrow two */
    static const int pair_assets[] = {MCS_MID_ASSETS, MCS_MOST_ASSETS, MCS_NARROW_ASSETS,
                                      MCS_NARROW_TOP_ASSETS};
    _Static_assert(MCS_WIDE_POINTS == 2 * sizeof pair_assets / sizeof pair_assets[0],
                   "the plan's wide points: a pair for each width");
    for (int i = 0; i < wide; i++)
        snprintf(plan->points[plan->n_points++], sizeof plan->points[0],
                 "simulation.steps=%d model.assets=%d model.spots=100 model.volatilities=0.25",
                 i % 2 ? MCS_WIDE_STEPS : 1, pair_assets[i / 2]);
    /* the last fit point where nearly every group pays the dear branch,
     * then where the model runs its variant step */
    const char *extra[2] = {dear ? k->model->dear_sets : NULL,
                            variant ? k->model->variant_sets : NULL};
    int *index[2] = {&plan->dear, &plan->variant};
    for (int e = 0; e < 2; e++) {
        if (!extra[e])
            continue;
        char last_fit[sizeof plan->points[0]];
        memcpy(last_fit, plan->points[plan->n_fit - 1], sizeof last_fit);
        *index[e] = plan->n_points;
        int at = snprintf(plan->points[plan->n_points++], sizeof plan->points[0], "%s %s",
                          last_fit, extra[e]);
        if (at < 0 || (size_t)at >= sizeof plan->points[0]) {
            snprintf(err, err_len, "model %s: its %s '%s' make a step point longer than "
                     "%zu characters", k->model->name, e ? "variant_sets" : "dear_sets",
                     extra[e], sizeof plan->points[0] - 1);
            return MCS_E_SOFTWARE;
        }
    }
    for (int p = 0; p < plan->n_points; p++) { /* each point a job of this family */
        snprintf(why, sizeof why, "another mode");
        if (mcs_kernel_plan_point_job(plan, plan->points[p], &job, why, sizeof why) != MCS_OK ||
            mcs_job_kernel_mode(&job) != k->mode) {
            snprintf(err, err_len, "kernel family %s: step point '%s' is not a job of this "
                     "family: %s", k->name, plan->points[p], why);
            return MCS_E_SOFTWARE;
        }
    }
    return MCS_OK;
}

/* What the model asks of family f's plan: its calibration job's normals
 * per step (0 where it has no plan) and the shares of their steps that its
 * sparsest fit point and its last one watch; made once per family from one
 * plan, and kept. */
typedef struct {
    int made;
    unsigned normals;
    double sparse, last;
} family_facts;

static const family_facts *facts_of(int f)
{
    static family_facts facts[MCS_KERNEL_FAMILIES_MAX];
    if (f < 0 || f >= mcs_kernel_family_count())
        return NULL;
    family_facts *x = &facts[f];
    if (!x->made) {
        mcs_kernel_plan plan;
        mcs_job job;
        char err[512];
        double lo = INFINITY, at_last = NAN;
        unsigned normals = 0;
        if (mcs_kernel_plan_make(f, &plan, err, sizeof err) == MCS_OK) {
            normals = plan.normals;
            for (int p = 0; p < plan.n_fit; p++) {
                if (mcs_kernel_plan_point_job(&plan, plan.points[p], &job, err, sizeof err) !=
                        MCS_OK ||
                    job.sim.steps == 0) {
                    lo = INFINITY;
                    break;
                }
                const double share = (double)mcs_job_watched_steps(&job) / job.sim.steps;
                if (p < plan.n_fit - 1)
                    lo = fmin(lo, share);
                else
                    at_last = share;
            }
        }
        x->normals = normals;
        x->sparse = lo;
        x->last = at_last;
        x->made = 1;
    }
    return x;
}

int mcs_kernel_family_watch_shares(int f, double *sparse, double *last)
{
    const family_facts *x = facts_of(f);
    if (!x)
        return 0;
    *sparse = x->sparse;
    *last = x->last;
    return x->sparse < x->last;
}

unsigned mcs_kernel_family_normals(int f)
{
    const family_facts *x = facts_of(f);
    return x ? x->normals : 0;
}
