/* estimate_cmd.c - `mcsim estimate`: predicted CPU and GPU time of a job
 * (phases, speedup, break-even, cost, a bar chart), the generic FLOP
 * calculator, and the profile list. */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catalog.h"
#include "commands.h"
#include "config.h"
#include "model.h"
#include "profile.h"
#include "report.h"

#define ERR_MAX 1024

static const char usage[] =
    "usage: mcsim estimate CONFIG [--paths N] [--set section.key=value]... [--threads T]\n"
    "                      [--profile P] [--cpu NAME] [--gpu NAME]\n"
    "                      [--cpu-price USD_PER_HOUR] [--gpu-price USD_PER_HOUR]\n"
    "                      [--format text|json]\n"
    "       mcsim estimate --gflops G --data-gb D --gpu NAME [--cpu NAME]\n"
    "                      [--precision fp16|fp32|fp64] [--efficiency E] [--overhead-ms O]\n"
    "                      [--cpu-price X --gpu-price Y] [--format text|json]\n"
    "       mcsim estimate --list-profiles\n"
    "\n"
    "Predicts how long a job takes on the CPU and on the GPU, phase by phase, cold\n"
    "(a fresh process: pays GPU context creation) and warm, from hardware profiles\n"
    "(docs/estimator.md). Speedup above 1: the GPU is faster; break-even N*: the\n"
    "path count from which it is. Profiles: --profile for both sides, --cpu/--gpu\n"
    "for one side (a catalogue name, profiles/NAME.ini, or a path); by default the\n"
    "local profile (profiles/local.ini, made by `mcsim calibrate`, or $MCSIM_PROFILE).\n"
    "\n"
    "The second form is the generic calculator: T_cpu = G / R_cpu and\n"
    "T_gpu = G / (R_gpu x E) + D / B_pcie + O, with R from the profiles' spec sheets\n"
    "(--cpu defaults to the catalogue's desktop CPU; E 0.65, O 100 ms by default).\n";

typedef struct {
    const char *config, *profile, *cpu, *gpu;
    double cpu_price, gpu_price;
    int threads, json, list;
    double gflops, data_gb, efficiency, overhead_ms;
    const char *precision;
    int n_overrides;
    mcs_override overrides[64];
    char paths_assignment[96];
} options;

static int parse_number(const char *text, double lo, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || !isfinite(v) || v < lo)
        return 0;
    *out = v;
    return 1;
}

static int parse_options(int argc, char **argv, options *o, char *err, size_t len)
{
    enum { CPU_PRICE = 256, GPU_PRICE, GFLOPS, DATA_GB, PRECISION, EFFICIENCY, OVERHEAD, LIST,
           CPU, GPU, PROFILE };
    static const struct option opts[] = {
        {"paths", required_argument, NULL, 'n'},     {"set", required_argument, NULL, 'S'},
        {"threads", required_argument, NULL, 't'},   {"profile", required_argument, NULL, PROFILE},
        {"cpu", required_argument, NULL, CPU},       {"gpu", required_argument, NULL, GPU},
        {"cpu-price", required_argument, NULL, CPU_PRICE},
        {"gpu-price", required_argument, NULL, GPU_PRICE},
        {"gflops", required_argument, NULL, GFLOPS}, {"data-gb", required_argument, NULL, DATA_GB},
        {"precision", required_argument, NULL, PRECISION},
        {"efficiency", required_argument, NULL, EFFICIENCY},
        {"overhead-ms", required_argument, NULL, OVERHEAD},
        {"list-profiles", no_argument, NULL, LIST},  {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->cpu_price = o->gpu_price = o->gflops = o->data_gb = NAN;
    o->efficiency = 0.65;
    o->overhead_ms = 100;
    o->precision = "fp32";
    optind = 1;
    opterr = 0;
    int c;
    double v;
    while ((c = getopt_long(argc, argv, ":n:S:t:f:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            snprintf(o->paths_assignment, sizeof o->paths_assignment, "simulation.paths=%s",
                     optarg);
            o->overrides[o->n_overrides++] = (mcs_override){"--paths", o->paths_assignment};
            break;
        case 'S':
            if (o->n_overrides == 64) {
                snprintf(err, len, "too many --set (at most 63)");
                return 0;
            }
            o->overrides[o->n_overrides++] = (mcs_override){"--set", optarg};
            break;
        case 't':
            if (!parse_number(optarg, 1, &v) || v != floor(v) || v > 4096) {
                snprintf(err, len, "--threads %s: must be a whole number from 1 to 4096", optarg);
                return 0;
            }
            o->threads = (int)v;
            break;
        case PROFILE: o->profile = optarg; break;
        case CPU: o->cpu = optarg; break;
        case GPU: o->gpu = optarg; break;
        case CPU_PRICE:
        case GPU_PRICE:
        case GFLOPS:
        case DATA_GB:
        case OVERHEAD:
        case EFFICIENCY:
            if (!parse_number(optarg, 0, &v) || (c == EFFICIENCY && (v <= 0 || v > 1))) {
                snprintf(err, len, "--%s %s: must be a number >= 0%s",
                         c == CPU_PRICE ? "cpu-price" : c == GPU_PRICE ? "gpu-price"
                         : c == GFLOPS  ? "gflops"    : c == DATA_GB   ? "data-gb"
                         : c == OVERHEAD ? "overhead-ms" : "efficiency",
                         optarg, c == EFFICIENCY ? " and in (0, 1]" : "");
                return 0;
            }
            *(c == CPU_PRICE ? &o->cpu_price : c == GPU_PRICE ? &o->gpu_price
              : c == GFLOPS  ? &o->gflops    : c == DATA_GB   ? &o->data_gb
              : c == OVERHEAD ? &o->overhead_ms : &o->efficiency) = v;
            break;
        case PRECISION:
            if (strcmp(optarg, "fp16") && strcmp(optarg, "fp32") && strcmp(optarg, "fp64")) {
                snprintf(err, len, "--precision %s: must be fp16, fp32 or fp64", optarg);
                return 0;
            }
            o->precision = optarg;
            break;
        case LIST: o->list = 1; break;
        case 'f':
            if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
                snprintf(err, len, "--format %s: must be text or json", optarg);
                return 0;
            }
            o->json = strcmp(optarg, "json") == 0;
            break;
        case 'h': fputs(usage, stdout); exit(0);
        case ':': snprintf(err, len, "%s needs a value", argv[optind - 1]); return 0;
        default: snprintf(err, len, "unknown option '%s'", argv[optind - 1]); return 0;
        }
    }
    if (optind < argc)
        o->config = argv[optind++];
    if (optind < argc) {
        snprintf(err, len, "unexpected argument '%s' (one CONFIG at most)", argv[optind]);
        return 0;
    }
    int generic = !isnan(o->gflops) || !isnan(o->data_gb);
    if (!o->list && !generic && !o->config) {
        snprintf(err, len, "name a CONFIG, or give --gflops and --data-gb, or --list-profiles");
        return 0;
    }
    if (generic && (isnan(o->gflops) || isnan(o->data_gb) || !o->gpu || o->config)) {
        snprintf(err, len, "the generic calculator takes --gflops G --data-gb D --gpu NAME "
                           "(and no CONFIG)");
        return 0;
    }
    return 1;
}

static int list_profiles(void)
{
    printf("%-16s %-8s %-11s %s\n", "name", "kind", "calibrated", "description");
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        mcs_profile p;
        char err[ERR_MAX];
        if (mcs_profile_parse(e->text, e->name, &p, err, sizeof err) != MCS_OK) {
            printf("%-16s (unreadable: %s)\n", e->name, err);
            continue;
        }
        printf("%-16s %-8s %-11s %s\n", p.name, p.kind, p.calibrated ? "yes" : "no (spec)",
               p.description);
    }
    mcs_profile local;
    char err[ERR_MAX];
    if (mcs_profile_local(&local, err, sizeof err) == MCS_OK)
        printf("%-16s %-8s %-11s %s (%s)\n", "local", local.kind,
               local.calibrated ? "yes" : "no (spec)", local.description, local.origin);
    else
        printf("(no local profile: run `mcsim calibrate` to measure this machine)\n");
    printf("\nSpec-sheet profiles take their costs from the calibrated reference '%s',\n"
           "scaled by spec ratios (docs/estimator.md); their sources are in profiles/NAME.ini.\n",
           MCS_PROFILE_REFERENCE);
    return 0;
}

/* "123 us", "12.3 ms", "1.23 s" */
static const char *human_seconds(double s, char *buf, size_t len)
{
    if (!isfinite(s))
        snprintf(buf, len, "-");
    else if (s < 1e-3)
        snprintf(buf, len, "%.0f us", s * 1e6);
    else if (s < 1)
        snprintf(buf, len, "%.3g ms", s * 1e3);
    else if (s < 600)
        snprintf(buf, len, "%.3g s", s);
    else
        snprintf(buf, len, "%.3g min", s / 60);
    return buf;
}

static void bar(const char *label, double s, double longest)
{
    char t[32];
    int width = longest > 0 ? (int)lround(40 * s / longest) : 0;
    printf("  %s |", label);
    for (int i = 0; i < width; i++)
        fputs("\u2588", stdout);
    printf("%*s %s\n", 40 - width, "", human_seconds(s, t, sizeof t));
}

typedef struct {
    mcs_prediction cpu, gpu;
    double speedup, break_even, cpu_cost, gpu_cost;
} scenario;

static void predict(const mcs_profile *cp, const mcs_profile *gp, const mcs_job *job,
                    int threads, int cold, double cpu_price, double gpu_price, scenario *s)
{
    mcs_workload w = mcs_workload_of_job(job, threads, cold);
    mcs_predict_cpu(&cp->cpu, &w, &s->cpu);
    mcs_predict_gpu(&gp->gpu, &cp->cpu, &w, &s->gpu);
    double tc = s->cpu.seconds[MCS_PHASE_TOTAL], tg = s->gpu.seconds[MCS_PHASE_TOTAL];
    s->speedup = s->cpu.available && s->gpu.available ? tc / tg : NAN;
    s->break_even = s->cpu.available && s->gpu.available ? mcs_break_even(&cp->cpu, &gp->gpu, &w)
                                                         : NAN;
    s->cpu_cost = s->cpu.available ? tc * cpu_price / 3600 : NAN;
    s->gpu_cost = s->gpu.available ? tg * gpu_price / 3600 : NAN;
}

static void json_side(const mcs_prediction *p, const char *name)
{
    printf("\"%s\": {\"available\": %s, \"rng\": \"%s\"", name, p->available ? "true" : "false",
           mcs_named_by_id(mcs_rngs, p->rng)->name);
    if (!p->available) {
        printf(", \"why\": ");
        mcs_json_string(stdout, p->why);
        printf("}");
        return;
    }
    if (strcmp(name, "cpu") == 0)
        printf(", \"threads\": %d", p->threads);
    else
        printf(", \"launches\": %.17g", p->launches);
    printf(", \"phases\": {");
    for (int i = 0; i < MCS_PHASE_COUNT; i++) {
        printf("%s\"%s\": ", i ? ", " : "", mcs_phase_name((mcs_phase)i));
        mcs_json_number(stdout, p->seconds[i]);
    }
    printf("}}");
}

static void json_scenario(const scenario *s)
{
    printf("{");
    json_side(&s->cpu, "cpu");
    printf(", ");
    json_side(&s->gpu, "gpu");
    printf(", \"speedup\": ");
    mcs_json_number(stdout, s->speedup);
    printf(", \"faster\": %s", isnan(s->speedup) ? "null" : s->speedup > 1 ? "\"gpu\"" : "\"cpu\"");
    printf(", \"break_even_paths\": ");
    mcs_json_number(stdout, s->break_even);
    printf(", \"cpu_cost\": ");
    mcs_json_number(stdout, s->cpu_cost);
    printf(", \"gpu_cost\": ");
    mcs_json_number(stdout, s->gpu_cost);
    printf("}");
}

static void text_scenario(const char *title, const scenario *s)
{
    char a[32], b[32];
    printf("\n%s\n  %-14s %12s %12s\n", title, "phase", "cpu", "gpu");
    for (int i = 0; i < MCS_PHASE_COUNT; i++) {
        double c = s->cpu.available ? s->cpu.seconds[i] : NAN;
        double g = s->gpu.available ? s->gpu.seconds[i] : NAN;
        if (i != MCS_PHASE_TOTAL && !(c > 0) && !(g > 0))
            continue;
        printf("  %-14s %12s %12s\n", mcs_phase_name((mcs_phase)i), human_seconds(c, a, sizeof a),
               human_seconds(g, b, sizeof b));
    }
    if (!s->cpu.available || !s->gpu.available) {
        printf("  %s\n", s->cpu.available ? s->gpu.why : s->cpu.why);
        return;
    }
    if (s->speedup >= 1)
        printf("  speedup %.3gx: the GPU is faster\n", s->speedup);
    else
        printf("  speedup %.3gx: the CPU is faster (%.3gx)\n", s->speedup, 1 / s->speedup);
    if (s->break_even == 0)
        printf("  break-even: the GPU is not faster at any path count up to 1e15\n");
    else if (s->break_even == 1)
        printf("  break-even: the GPU is faster at every path count\n");
    else
        printf("  break-even: the GPU is faster from N* = %.3g paths\n", s->break_even);
    if (isfinite(s->cpu_cost) || isfinite(s->gpu_cost))
        printf("  cost per job: cpu $%.3g, gpu $%.3g\n", s->cpu_cost, s->gpu_cost);
    double tc = s->cpu.seconds[MCS_PHASE_TOTAL], tg = s->gpu.seconds[MCS_PHASE_TOTAL];
    double longest = tc > tg ? tc : tg;
    printf("  time (lower is better):\n");
    bar("cpu", tc, longest);
    bar("gpu", tg, longest);
}

static double price_or(double given, const mcs_profile *p)
{
    return isnan(given) ? p->price_per_hour : given;
}

static int estimate_config(const options *o)
{
    char err[ERR_MAX] = "";
    static char resolved[8192];
    mcs_job job;
    mcs_status st = mcs_config_load(o->config, o->overrides, o->n_overrides, &job, resolved,
                                    sizeof resolved, err, sizeof err);
    mcs_profile cp, gp;
    if (st == MCS_OK)
        st = mcs_profiles_choose(o->profile, o->cpu, o->gpu, &cp, &gp, err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim estimate: %s\n", err);
        return mcs_status_exit_code(st);
    }
    double cpu_price = price_or(o->cpu_price, &cp), gpu_price = price_or(o->gpu_price, &gp);
    scenario cold, warm;
    predict(&cp, &gp, &job, o->threads, 1, cpu_price, gpu_price, &cold);
    predict(&cp, &gp, &job, o->threads, 0, cpu_price, gpu_price, &warm);
    const char *prec = mcs_named_by_id(mcs_precisions, job.sim.precision)->name;
    const char *rng = mcs_named_by_id(mcs_rngs, job.sim.rng)->name;
    if (o->json) {
        printf("{\"mode\": \"config\", \"config\": ");
        mcs_json_string(stdout, o->config);
        printf(", \"paths\": %llu, \"steps\": %u, \"block_size\": %u, \"precision\": \"%s\", "
               "\"rng\": \"%s\", \"cpu_profile\": ",
               (unsigned long long)job.sim.paths, job.sim.steps, job.sim.block_size, prec, rng);
        mcs_json_string(stdout, cp.name);
        printf(", \"gpu_profile\": ");
        mcs_json_string(stdout, gp.name);
        printf(", \"threads\": %d, \"cold\": ", cold.cpu.threads);
        json_scenario(&cold);
        printf(", \"warm\": ");
        json_scenario(&warm);
        printf(", \"cpu_price_per_hour\": ");
        mcs_json_number(stdout, cpu_price);
        printf(", \"gpu_price_per_hour\": ");
        mcs_json_number(stdout, gpu_price);
        printf(", \"speedup\": ");
        mcs_json_number(stdout, cold.speedup);
        printf("}\n");
        return 0;
    }
    printf("mcsim estimate: %s, %llu paths x %u step%s, %s precision, rng %s\n", o->config,
           (unsigned long long)job.sim.paths, job.sim.steps, job.sim.steps == 1 ? "" : "s", prec,
           rng);
    printf("  cpu: %s (%s, %s; %d threads)\n", cp.name, cp.cpu.model,
           cp.calibrated ? "calibrated" : "spec sheet, scaled from the reference", cold.cpu.threads);
    printf("  gpu: %s (%s, %s)\n", gp.name, gp.gpu.model,
           gp.calibrated ? "calibrated" : "spec sheet, scaled from the reference");
    text_scenario("cold: a fresh process (mcsim CONFIG), pays GPU context creation", &cold);
    text_scenario("warm: the context is already up (later runs in one process)", &warm);
    return 0;
}

static int estimate_flops(const options *o)
{
    char err[ERR_MAX] = "";
    mcs_profile cp, gp;
    mcs_status st = mcs_profile_find(o->cpu ? o->cpu : "desktop", &cp, err, sizeof err);
    if (st == MCS_OK)
        st = mcs_profile_find(o->gpu, &gp, err, sizeof err);
    if (st == MCS_OK && (!cp.has_cpu || !gp.has_gpu)) {
        snprintf(err, sizeof err, "--cpu names a profile with a [cpu] section, --gpu one with "
                                  "a [gpu] section (mcsim estimate --list-profiles)");
        st = MCS_E_CONFIG;
    }
    mcs_flop_job job = {o->gflops, o->data_gb, o->efficiency, o->overhead_ms,
                        strcmp(o->precision, "fp16") == 0   ? MCS_FP16
                        : strcmp(o->precision, "fp64") == 0 ? MCS_FP64
                                                            : MCS_FP32};
    mcs_flop_estimate e;
    if (st == MCS_OK)
        st = mcs_flop_estimate_run(&cp.cpu, &gp.gpu, &job, &e, err, sizeof err);
    if (st != MCS_OK) {
        fprintf(stderr, "mcsim estimate: %s\n", err);
        return mcs_status_exit_code(st);
    }
    double cpu_price = price_or(o->cpu_price, &cp), gpu_price = price_or(o->gpu_price, &gp);
    double cpu_cost = e.cpu_s * cpu_price / 3600, gpu_cost = e.gpu_s * gpu_price / 3600;
    if (o->json) {
        printf("{\"mode\": \"flops\", \"gflop\": %.17g, \"data_gb\": %.17g, \"cpu\": ", o->gflops,
               o->data_gb);
        mcs_json_string(stdout, cp.name);
        printf(", \"gpu\": ");
        mcs_json_string(stdout, gp.name);
        printf(", \"precision\": \"%s\", \"efficiency\": %.17g, \"overhead_ms\": %.17g, "
               "\"cpu_gflops\": %.17g, \"gpu_gflops\": %.17g, \"cpu_seconds\": %.17g, "
               "\"gpu_compute_seconds\": %.17g, \"gpu_transfer_seconds\": %.17g, "
               "\"gpu_overhead_seconds\": %.17g, \"gpu_seconds\": %.17g, \"speedup\": %.17g, "
               "\"cpu_cost\": ",
               o->precision, o->efficiency, o->overhead_ms, e.cpu_gflops, e.gpu_gflops, e.cpu_s,
               e.gpu_compute_s, e.gpu_transfer_s, e.gpu_overhead_s, e.gpu_s, e.speedup);
        mcs_json_number(stdout, cpu_cost);
        printf(", \"gpu_cost\": ");
        mcs_json_number(stdout, gpu_cost);
        printf("}\n");
        return 0;
    }
    char a[32], b[32], c[32], d[32];
    printf("mcsim estimate: %.6g GFLOP (%s), %.6g GB moved to the GPU\n", o->gflops, o->precision,
           o->data_gb);
    printf("  cpu: %s, %s: %.4g GFLOP/s sustained -> %s\n", cp.name, cp.cpu.model, e.cpu_gflops,
           human_seconds(e.cpu_s, a, sizeof a));
    printf("  gpu: %s, %s: %.4g GFLOP/s (%.0f%% of peak) -> compute %s + transfer %s (%.4g GB/s) "
           "+ overhead %s = %s\n",
           gp.name, gp.gpu.model, e.gpu_gflops, 100 * o->efficiency,
           human_seconds(e.gpu_compute_s, a, sizeof a), human_seconds(e.gpu_transfer_s, b, sizeof b),
           gp.gpu.pcie_gbps, human_seconds(e.gpu_overhead_s, c, sizeof c),
           human_seconds(e.gpu_s, d, sizeof d));
    if (e.speedup >= 1)
        printf("  speedup %.3gx: the GPU is faster\n", e.speedup);
    else
        printf("  speedup %.3gx: the CPU is faster\n", e.speedup);
    if (isfinite(cpu_cost) && isfinite(gpu_cost))
        printf("  cost per job: cpu $%.3g (at $%.3g/h), gpu $%.3g (at $%.3g/h)\n", cpu_cost,
               cpu_price, gpu_cost, gpu_price);
    printf("  time (lower is better):\n");
    double longest = e.cpu_s > e.gpu_s ? e.cpu_s : e.gpu_s;
    bar("cpu", e.cpu_s, longest);
    bar("gpu", e.gpu_s, longest);
    return 0;
}

int mcs_cmd_estimate(int argc, char **argv)
{
    options o;
    char err[ERR_MAX] = "";
    if (!parse_options(argc, argv, &o, err, sizeof err)) {
        fprintf(stderr, "mcsim estimate: %s\n(see mcsim estimate --help)\n", err);
        return mcs_status_exit_code(MCS_E_USAGE);
    }
    if (o.list)
        return list_profiles();
    if (o.config)
        return estimate_config(&o);
    return estimate_flops(&o);
}

/* The local profiles, read once per process (auto's choice and the run's
 * /estimate both need them); NULL with a message when there are none. */
static int local_profiles(const mcs_profile **cpu, const mcs_profile **gpu, char *why,
                          size_t why_len)
{
    static mcs_profile cp, gp;
    static int state; /* 0 not read yet, 1 read, -1 none */
    static char message[ERR_MAX];
    if (state == 0)
        state = mcs_profiles_choose(NULL, NULL, NULL, &cp, &gp, message, sizeof message) ==
                        MCS_OK ? 1 : -1;
    if (state < 0) {
        snprintf(why, why_len, "%s", message);
        return 0;
    }
    *cpu = &cp;
    *gpu = &gp;
    return 1;
}

int mcs_estimate_prefers_gpu(const mcs_job *job, int threads, char *why, size_t why_len)
{
    const mcs_profile *cp, *gp;
    if (!local_profiles(&cp, &gp, why, why_len))
        return -1;
    scenario s;
    predict(cp, gp, job, threads, 1, NAN, NAN, &s);
    if (!s.cpu.available || !s.gpu.available) {
        snprintf(why, why_len, "%s", s.cpu.available ? s.gpu.why : s.cpu.why);
        return s.gpu.available;
    }
    char a[32], b[32];
    snprintf(why, why_len, "profile '%s' predicts cpu %s, gpu %s (speedup %.3gx)", cp->name,
             human_seconds(s.cpu.seconds[MCS_PHASE_TOTAL], a, sizeof a),
             human_seconds(s.gpu.seconds[MCS_PHASE_TOTAL], b, sizeof b), s.speedup);
    return s.speedup > 1;
}

int mcs_estimate_for_run(const mcs_job *job, int on_gpu, int threads, int cold,
                         mcs_run_estimate *out)
{
    const mcs_profile *cp, *gp; /* the names in *out point into them */
    char why[ERR_MAX];
    if (!local_profiles(&cp, &gp, why, sizeof why))
        return 0;
    scenario s;
    predict(cp, gp, job, threads, cold, NAN, NAN, &s);
    const mcs_prediction *p = on_gpu ? &s.gpu : &s.cpu;
    memset(out, 0, sizeof *out);
    out->cpu_profile = cp->name;
    out->gpu_profile = gp->name;
    out->backend = on_gpu ? "gpu" : "cpu";
    out->cold = cold;
    memcpy(out->seconds, p->seconds, sizeof out->seconds);
    out->h2d_bytes = p->h2d_bytes;
    out->d2h_bytes = p->d2h_bytes;
    out->launches = p->launches;
    out->cpu_total = s.cpu.available ? s.cpu.seconds[MCS_PHASE_TOTAL] : NAN;
    out->gpu_total = s.gpu.available ? s.gpu.seconds[MCS_PHASE_TOTAL] : NAN;
    out->speedup = s.speedup;
    out->break_even = s.break_even;
    return p->available;
}
