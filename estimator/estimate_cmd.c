/* estimate_cmd.c - `mcsim estimate`: predicted CPU and GPU time of a job
 * (phases, speedup, break-even, cost, a bar chart), the generic FLOP
 * calculator, and the profile list. */
#define _GNU_SOURCE
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "analytic.h"
#include "catalog.h"
#include "commands.h"
#include "config.h"
#include "json_out.h"
#include "model.h"
#include "pilot.h"
#include "profile.h"
#include "provenance.h"
#include "report.h"
#include "split.h"
#include "sysinfo.h"

#define ERR_MAX 1024

void mcs_cmd_estimate_help(FILE *f)
{
    fputs("usage: mcsim estimate CONFIG [--paths N] [--set section.key=value]... [--threads T]\n"
          "                      [--profile P] [--cpu NAME] [--gpu NAME]\n"
          "                      [--cpu-price USD_PER_HOUR] [--gpu-price USD_PER_HOUR]\n"
          "                      [--pilot [SECONDS]] [--tolerance SE] [--ranks R | --shards N]\n"
          "                      [--format text|json] [-q]\n"
          "       mcsim estimate --gflops G --data-gb D --gpu NAME [--cpu NAME]\n"
          "                      [--precision fp16|fp32|fp64] [--efficiency E] [--overhead-ms O]\n"
          "                      [--cpu-price X --gpu-price Y] [--format text|json] [-q]\n"
          "       mcsim estimate --list-profiles\n"
          "\n"
          "Predicts how long a job takes on the CPU and on the GPU, phase by phase, cold\n"
          "(a fresh process: pays GPU context creation) and warm, from hardware profiles\n"
          "(docs/estimator.md). Speedup above 1: the GPU is faster; break-even N*: the\n"
          "path count from which it is. With a CPU-only profile (calibrated on a machine\n"
          "without a usable GPU) and no --gpu, it predicts the CPU only. Costs name their\n"
          "price basis: cloud (rented per hour) or amortised (purchase price over the\n"
          "hours of use). The second form is the generic calculator: T_cpu = G / R_cpu\n"
          "and T_gpu = G / (R_gpu x E) + D / B_pcie + O, R from the profiles' spec sheets.\n"
          "\n"
          "options (valid values):\n"
          "  CONFIG                    an INI file, as for `mcsim CONFIG` (keys below)\n"
          "  -n, --paths N             paths, a whole number 1 to 1e15 (1e6, 1_000_000 work)\n"
          "  -S, --set SECTION.KEY=V   any config key below; repeatable, at most 64\n"
          "  -t, --threads T           CPU threads, 1 to 4096 (default: the profile's threads)\n"
          "  --profile P               the profile for both sides; --cpu NAME / --gpu NAME\n"
          "  --cpu NAME, --gpu NAME    for one side. P and NAME: a path (with '/' or ending\n"
          "                            in .ini), NAME.ini in the profile folder or in\n"
          "                            ./profiles/, or a catalogue name:\n"
          "                           ", f);
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++)
        fprintf(f, " %s", e->name);
    char local[4200];
    if (!mcs_profile_local_path(local, sizeof local))
        snprintf(local, sizeof local, "(none: HOME is unset)");
    fprintf(f, "\n"
            "                            default: the local profile, $MCSIM_PROFILE, else\n"
            "                            %s (written by `mcsim calibrate`;\n"
            "                            $XDG_CONFIG_HOME/mcsim/ when XDG_CONFIG_HOME is set);\n"
            "                            with none of these and no local profile: the\n"
            "                            catalogue's entries nearest this machine (said)\n",
            local);
    fputs("  --ranks R                 R MPI ranks, each a fresh process with the profile's\n"
          "                            machine (one GPU each): per-rank time, gather, total;\n"
          "                            1 to 4096, at most the job's blocks\n"
          "  --shards N                N shards of a job array (--shard i/N), then `mcsim\n"
          "                            merge`: per-shard time, merge, wall and machine time;\n"
          "                            1 to 100000, at most the job's blocks\n"
          "  --cpu-price X             USD per hour, a number >= 0 (default: the profile's\n"
          "  --gpu-price Y             price_per_hour, cloud or amortised by its price_basis)\n"
          "  --pilot [SECONDS]         run the job briefly on each usable backend (default\n"
          "                            0.2 s each, at most 600; the CPU's on the job's\n"
          "                            threads) and use its measured cost per path\n"
          "                            instead of the profile's kernel cost\n"
          "  --tolerance SE            also predict the paths and time each backend needs\n"
          "                            for a standard error SE (a number > 0): the payoff's\n"
          "                            variance in closed form (European, digital), else\n"
          "                            from a pilot run on the CPU\n"
          "  -f, --format text|json    a table with bar chart (default), or one JSON object\n"
          "  --gflops G                generic calculator: the work, GFLOP, a number >= 0\n"
          "  --data-gb D               GB moved to the GPU, a number >= 0\n"
          "  --precision fp16|fp32|fp64  the peak rate used (default fp32)\n"
          "  --efficiency E            the fraction of GPU peak sustained, in (0, 1] (0.65)\n"
          "  --overhead-ms O           fixed GPU overhead, ms, a number >= 0 (default 100);\n"
          "                            --cpu defaults to the catalogue's desktop here\n"
          "  --list-profiles           the catalogue and the local profile\n"
          "  -q, --quiet               no warnings on stderr (errors still)\n"
          "  -h, --help                this text\n"
          "\n"
          "config keys (INI sections; every key can be given with --set):\n", f);
    mcs_config_print_keys(f);
    fputs("\n"
          "exit codes: 0 ok, 64 usage, 66 CONFIG or a profile missing, 78 config or profile\n"
          "error (names file, line and key).\n", f);
}

typedef struct {
    const char *config, *profile, *cpu, *gpu;
    double cpu_price, gpu_price;
    int threads, json, list, quiet, help;
    const char *config_name; /* what the output calls CONFIG (NULL: its path) */
    int split, shards; /* --ranks R / --shards N: split = R or N (0: neither) */
    double gflops, data_gb, efficiency, overhead_ms;
    double pilot_s, tolerance; /* 0: no --pilot, no --tolerance */
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
           CPU, GPU, PROFILE, PILOT, TOLERANCE, RANKS, SHARDS };
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
        {"list-profiles", no_argument, NULL, LIST},  {"pilot", optional_argument, NULL, PILOT},
        {"tolerance", required_argument, NULL, TOLERANCE},  {"format", required_argument, NULL, 'f'},
        {"ranks", required_argument, NULL, RANKS},  {"shards", required_argument, NULL, SHARDS},
        {"help", no_argument, NULL, 'h'},            {"quiet", no_argument, NULL, 'q'},
        {NULL, 0, NULL, 0},
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
    while ((c = getopt_long(argc, argv, ":n:S:t:f:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
        case 'S': { /* --paths N is --set simulation.paths=N */
            int n = c == 'S' ? 0 : snprintf(o->paths_assignment, sizeof o->paths_assignment,
                                            "simulation.paths=%s", optarg);
            if (n < 0 || (size_t)n >= sizeof o->paths_assignment) {
                snprintf(err, len, "--paths: value longer than %zu characters",
                         sizeof o->paths_assignment - 1 - strlen("simulation.paths="));
                return 0;
            }
            if (o->n_overrides == 64) {
                snprintf(err, len, "too many --set and --paths (at most 64 in all)");
                return 0;
            }
            o->overrides[o->n_overrides++] = c == 'S' ? (mcs_override){"--set", optarg}
                                                      : (mcs_override){"--paths", o->paths_assignment};
            break;
        }
        case 't':
            if (!parse_number(optarg, 1, &v) || v != floor(v) || v > 4096) {
                snprintf(err, len, "--threads %s: must be a whole number from 1 to 4096", optarg);
                return 0;
            }
            o->threads = (int)v;
            break;
        case RANKS:
        case SHARDS:
            if (o->split || !parse_number(optarg, 1, &v) || v != floor(v) ||
                v > (c == RANKS ? MCS_RANKS_MAX : MCS_SHARDS_MAX)) {
                snprintf(err, len, o->split ? "--ranks and --shards: give one of them, once"
                         : "--%s %s: must be a whole number from 1 to %d",
                         c == RANKS ? "ranks" : "shards", optarg,
                         c == RANKS ? MCS_RANKS_MAX : MCS_SHARDS_MAX);
                return 0;
            }
            o->split = (int)v;
            o->shards = c == SHARDS;
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
        case PILOT: { /* SECONDS: attached (--pilot=S), else the next argument if a number */
            const char *a = optarg;
            const char *next = optind < argc ? argv[optind] : "";
            if (!a && next[0] && strchr("0123456789.+-", next[0]) &&
                (next[0] != '-' || (next[1] && strchr("0123456789.", next[1]))))
                a = argv[optind++];
            if (a && (!parse_number(a, 0, &v) || v <= 0 || v > MCS_PILOT_MAX_S)) {
                snprintf(err, len, "--pilot %s: must be a number of seconds > 0 and at most %g",
                         a, MCS_PILOT_MAX_S);
                return 0;
            }
            o->pilot_s = a ? v : MCS_PILOT_DEFAULT_S;
            break;
        }
        case TOLERANCE:
            if (!parse_number(optarg, 0, &v) || v <= 0) {
                snprintf(err, len, "--tolerance %s: must be a standard error, a number > 0 "
                         "(e.g. 1e-4)", optarg);
                return 0;
            }
            o->tolerance = v;
            break;
        case 'f':
            if (strcmp(optarg, "json") && strcmp(optarg, "text")) {
                snprintf(err, len, "--format %s: must be text or json", optarg);
                return 0;
            }
            o->json = strcmp(optarg, "json") == 0;
            break;
        case 'q': o->quiet = 1; break;
        case 'h': o->help = 1; return 1;
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
    if (o->split && !o->config) {
        snprintf(err, len, "--ranks and --shards need a CONFIG");
        return 0;
    }
    if (generic && (isnan(o->gflops) || isnan(o->data_gb) || !o->gpu || o->config)) {
        snprintf(err, len, "the generic calculator takes --gflops G --data-gb D --gpu NAME "
                           "(and no CONFIG)");
        return 0;
    }
    return 1;
}

static int list_profiles(FILE *out)
{
    fprintf(out, "%-16s %-8s %-11s %s\n", "name", "kind", "calibrated", "description");
    for (const mcs_catalogue_entry *e = mcs_catalogue; e->name; e++) {
        mcs_profile p;
        char err[ERR_MAX];
        if (mcs_profile_parse(e->text, e->name, &p, err, sizeof err) != MCS_OK) {
            fprintf(out, "%-16s (unreadable: %s)\n", e->name, err);
            continue;
        }
        fprintf(out, "%-16s %-8s %-11s %s\n", p.name, p.kind, p.calibrated ? "yes" : "no (spec)",
               p.description);
    }
    mcs_profile local;
    char err[ERR_MAX];
    if (mcs_profile_local(&local, err, sizeof err) == MCS_OK)
        fprintf(out, "%-16s %-8s %-11s %s (%s)\n", "local", local.kind,
               local.calibrated ? "yes" : "no (spec)", local.description, local.origin);
    else
        fprintf(out, "(no local profile: run `mcsim calibrate` to measure this machine)\n");
    fprintf(out, "\nSpec-sheet profiles take their costs from the calibrated reference '%s',\n"
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

/* 1 when the locale's character set is UTF-8 (LANG, LC_ALL, LC_CTYPE). */
static int utf8_locale(void)
{
    char *was = setlocale(LC_CTYPE, NULL), saved[64];
    snprintf(saved, sizeof saved, "%s", was ? was : "C");
    int utf8 = 0;
    if (setlocale(LC_CTYPE, "")) {
        const char *cs = nl_langinfo(CODESET);
        utf8 = cs && (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0);
    }
    setlocale(LC_CTYPE, saved);
    return utf8;
}

/* A bar of the chart: full blocks in a UTF-8 locale, '#' elsewhere. */
static void bar(FILE *out, const char *label, double s, double longest)
{
    char t[32];
    static int utf8 = -1;
    if (utf8 < 0)
        utf8 = utf8_locale();
    int width = longest > 0 ? (int)lround(40 * s / longest) : 0;
    fprintf(out, "  %s |", label);
    for (int i = 0; i < width; i++)
        fputs(utf8 ? "\u2588" : "#", out);
    fprintf(out, "%*s %s\n", 40 - width, "", human_seconds(s, t, sizeof t));
}

typedef struct {
    mcs_prediction cpu, gpu;
    double speedup, break_even, cpu_cost, gpu_cost;
} scenario;

static void predict(const mcs_profile *cp, const mcs_profile *gp, const mcs_job *job,
                    int threads, int cold, double cpu_price, double gpu_price,
                    const mcs_pilots *pilots, scenario *s)
{
    mcs_workload w = mcs_workload_of_job(job, threads, cold);
    mcs_pilot_apply(pilots, &w);
    mcs_predict_cpu(&cp->cpu, &w, &s->cpu);
    if (gp->has_gpu) {
        mcs_predict_gpu(&gp->gpu, &cp->cpu, &w, &s->gpu);
    } else { /* a CPU-only profile */
        memset(&s->gpu, 0, sizeof s->gpu);
        snprintf(s->gpu.why, sizeof s->gpu.why, "profile '%s' has no [gpu] section", gp->name);
    }
    double tc = s->cpu.seconds[MCS_PHASE_TOTAL], tg = s->gpu.seconds[MCS_PHASE_TOTAL];
    s->speedup = s->cpu.available && s->gpu.available ? tc / tg : NAN;
    s->break_even = s->cpu.available && s->gpu.available ? mcs_break_even(&cp->cpu, &gp->gpu, &w)
                                                         : NAN;
    s->cpu_cost = s->cpu.available ? tc * cpu_price / 3600 : NAN;
    s->gpu_cost = s->gpu.available ? tg * gpu_price / 3600 : NAN;
}

static void json_side(FILE *out, const mcs_prediction *p, const char *name)
{
    fprintf(out, "\"%s\": {\"available\": %s, \"rng\": \"%s\"", name, p->available ? "true" : "false",
           mcs_named_by_id(mcs_rngs, p->rng)->name);
    if (!p->available) {
        mcs_json_key_string(out, "why", p->why);
        fprintf(out, "}");
        return;
    }
    if (strcmp(name, "cpu") == 0)
        fprintf(out, ", \"threads\": %d", p->threads);
    else
        fprintf(out, ", \"launches\": %.17g", p->launches);
    /* the simulate phase's kernel costs and where they came from */
    mcs_json_key_string(out, "kernel", p->kernel[0] ? p->kernel : NULL);
    fprintf(out, ", \"kernel_costs\": \"%s\", \"kernel_cost\": {\"unit\": \"%s\", \"path\": ",
           mcs_cost_source_name(p->source), strcmp(name, "cpu") == 0 ? "ns" : "ps");
    mcs_json_number(out, p->cost.path);
    mcs_json_key_number(out, "step", p->cost.step);
    mcs_json_key_number(out, "watch", p->cost.watch);
    fprintf(out, "}, \"phases\": ");
    mcs_json_phases(out, p->seconds);
    fputc('}', out);
}

static void json_scenario(FILE *out, const scenario *s, int has_gpu)
{
    fprintf(out, "{");
    json_side(out, &s->cpu, "cpu");
    fprintf(out, ", ");
    if (has_gpu)
        json_side(out, &s->gpu, "gpu");
    else
        fprintf(out, "\"gpu\": null"); /* a CPU-only profile */
    mcs_json_key_number(out, "speedup", s->speedup);
    fprintf(out, ", \"faster\": %s", isnan(s->speedup) ? "null" : s->speedup > 1 ? "\"gpu\"" : "\"cpu\"");
    mcs_json_key_number(out, "break_even_paths", s->break_even);
    mcs_json_key_number(out, "cpu_cost", s->cpu_cost);
    mcs_json_key_number(out, "gpu_cost", s->gpu_cost);
    fprintf(out, "}");
}

/* What a price is: "given" (on the command line), "cloud", "amortised", or
 * NULL (the profile does not say, or there is no price). */
static const char *price_basis(double given, const mcs_profile *p)
{
    if (!isnan(given))
        return "given";
    if (isnan(p->price_per_hour) || !p->price_basis[0])
        return NULL;
    return p->price_basis;
}

/* "at $3.99/h, cloud rental (profile h100-sxm)" */
static void price_words(const char *side, double price, const char *basis, const mcs_profile *p,
                        char *buf, size_t len)
{
    if (isnan(price)) {
        snprintf(buf, len, "no price (profile %s has none: give --%s-price)", p->name, side);
        return;
    }
    const char *what = !basis                            ? "price basis not stated"
                       : strcmp(basis, "given") == 0     ? "as given"
                       : strcmp(basis, "cloud") == 0     ? "cloud rental per hour"
                                                         : "purchase price amortised";
    if (basis && strcmp(basis, "given") == 0)
        snprintf(buf, len, "at $%.4g/h, as given", price);
    else
        snprintf(buf, len, "at $%.4g/h, %s (profile %s)", price, what, p->name);
}

/* One cost line: "cpu $0.0012 at $0.45/h, purchase price amortised (profile server)". */
static void cost_line(FILE *out, const char *side, double cost, double price, const char *basis,
                      const mcs_profile *p)
{
    char words[256];
    price_words(side, price, basis, p, words, sizeof words);
    if (isnan(price))
        fprintf(out, "    %s: %s\n", side, words);
    else
        fprintf(out, "    %s $%.3g %s\n", side, cost, words);
}

static void text_scenario(FILE *out, const char *title, const scenario *s, int has_gpu)
{
    char a[32], b[32];
    fprintf(out, "\n%s\n  %-14s %12s%s\n", title, "phase", "cpu", has_gpu ? "          gpu" : "");
    for (int i = 0; i < MCS_PHASE_COUNT; i++) {
        double c = s->cpu.available ? s->cpu.seconds[i] : NAN;
        double g = s->gpu.available ? s->gpu.seconds[i] : NAN;
        if (i != MCS_PHASE_TOTAL && !(c > 0) && !(g > 0))
            continue;
        fprintf(out, "  %-14s %12s%*s\n", mcs_phase_name((mcs_phase)i), human_seconds(c, a, sizeof a),
                has_gpu ? 13 : 0, has_gpu ? human_seconds(g, b, sizeof b) : "");
    }
    if (!has_gpu) {
        if (!s->cpu.available)
            fprintf(out, "  %s\n", s->cpu.why);
        return;
    }
    if (!s->cpu.available || !s->gpu.available) {
        fprintf(out, "  %s\n", s->cpu.available ? s->gpu.why : s->cpu.why);
        return;
    }
    if (s->speedup >= 1)
        fprintf(out, "  speedup %.3gx: the GPU is faster\n", s->speedup);
    else
        fprintf(out, "  speedup %.3gx: the CPU is faster (%.3gx)\n", s->speedup, 1 / s->speedup);
    if (s->break_even == 0)
        fprintf(out, "  break-even: the GPU is not faster at any path count up to 1e15\n");
    else if (s->break_even == 1)
        fprintf(out, "  break-even: the GPU is faster at every path count\n");
    else
        fprintf(out, "  break-even: the GPU is faster from N* = %.3g paths\n", s->break_even);
    double tc = s->cpu.seconds[MCS_PHASE_TOTAL], tg = s->gpu.seconds[MCS_PHASE_TOTAL];
    double longest = tc > tg ? tc : tg;
    fprintf(out, "  time (lower is better):\n");
    bar(out, "cpu", tc, longest);
    bar(out, "gpu", tg, longest);
}

/* Where a side's kernel costs came from, for the text: "cpu kernel
 * gbm_asian_0_single_pcg64: measured" or "...: not in the profile, ...". */
static void kernel_line(FILE *out, const char *side, const mcs_prediction *p)
{
    if (!p->available)
        return;
    const char *unit = strcmp(side, "cpu") == 0 ? "ns" : "ps";
    fprintf(out, "  %s kernel %s: ", side, p->kernel[0] ? p->kernel : "(not known)");
    if (p->source != MCS_COST_FALLBACK) /* the profile's measurement, or the pilot's */
        fprintf(out, "measured%s, %.4g %s per path + %.4g per step + %.4g per monitored step\n",
               p->source == MCS_COST_GIVEN ? " by the pilot" : "", p->cost.path, unit,
               p->cost.step, p->cost.watch);
    else
        fprintf(out, "no measurement in the profile: the fallback, %.4g %s per step (a one-step "
               "European's; `mcsim calibrate` measures every kernel)\n", p->cost.step, unit);
}

static double price_or(double given, const mcs_profile *p)
{
    return isnan(given) ? p->price_per_hour : given;
}

/* A profile's calibration warnings: its `warning` key, and its figures
 * outside the plausibility bounds when they say something else. */
static int profile_warnings(const mcs_profile *p, char *buf, size_t len)
{
    char problems[512];
    buf[0] = '\0';
    if (p->warning[0])
        snprintf(buf, len, "%s", p->warning);
    if (mcs_profile_problems(p, problems, sizeof problems) > 0 &&
        strcmp(problems, p->warning) != 0)
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", buf[0] ? "; " : "", problems);
    return buf[0] != '\0';
}

/* --tolerance: the payoff's standard deviation, where it came from, the
 * paths a standard error of `tolerance` needs (0: none asked, or more than
 * 1e15) and the prediction at those paths. */
typedef struct {
    double tolerance, sd;
    const char *variance_source; /* "closed form", "pilot" */
    uint64_t paths;
    scenario at;
} accuracy;

/* --pilot's runs on each backend whose prediction is available, and
 * --tolerance's standard deviation (a CPU pilot of the default length for
 * it when there is no closed form and no --pilot; its costs are not used). */
static mcs_status run_pilots(const options *o, const mcs_job *job, const mcs_profile *cp,
                             const mcs_profile *gp, mcs_pilots *pilots, accuracy *acc, char *err,
                             size_t len)
{
    memset(pilots, 0, sizeof *pilots);
    memset(acc, 0, sizeof *acc);
    scenario s;
    predict(cp, gp, job, o->threads, 0, NAN, NAN, NULL, &s);
    mcs_status st = MCS_OK;
    int closed = o->tolerance > 0 && mcs_analytic_std_dev(job, &acc->sd, &acc->variance_source);
    double budget = o->pilot_s > 0 ? o->pilot_s : MCS_PILOT_DEFAULT_S;
    for (int k = 0; k < 2 && st == MCS_OK; k++) {
        const mcs_prediction *p = k ? &s.gpu : &s.cpu;
        mcs_pilot *pilot = &pilots->side[k];
        if (!(o->pilot_s > 0 || (k == 0 && o->tolerance > 0 && !closed)))
            continue;
        if (k == 1 && !gp->has_gpu)
            snprintf(pilot->why, sizeof pilot->why, "the profile has no [gpu] section");
        else if (!p->available)
            snprintf(pilot->why, sizeof pilot->why, "%s", p->why);
        else
            st = mcs_pilot_run(o->config, o->overrides, o->n_overrides, k ? "gpu" : "cpu",
                               &cp->cpu, s.cpu.threads, k ? &gp->gpu : NULL, budget, pilot,
                               err, len);
    }
    if (st != MCS_OK || !(o->tolerance > 0))
        return st;
    acc->tolerance = o->tolerance;
    if (!closed) {
        const mcs_pilot *from = pilots->side[0].ran ? &pilots->side[0] : &pilots->side[1];
        if (!from->ran) {
            snprintf(err, len, "--tolerance: the payoff's variance has no closed form and no "
                     "pilot could run the job (%s)", pilots->side[0].why);
            return MCS_E_UNAVAILABLE;
        }
        acc->sd = from->std_error * sqrt((double)from->paths);
        acc->variance_source = "pilot";
    }
    acc->paths = mcs_paths_for_tolerance(acc->sd, acc->tolerance);
    if (!o->pilot_s) /* a variance pilot only: the costs stay the profile's */
        memset(pilots, 0, sizeof *pilots);
    return MCS_OK;
}

/* --pilot's "pilot" object, the "sources" of the terms and --tolerance's
 * "time_to_accuracy", as keys of the JSON object. */
static void json_pilots(FILE *out, const options *o, const mcs_pilots *pilots, const accuracy *acc,
                        const scenario *cold)
{
    fprintf(out, ", \"pilot\": ");
    if (o->pilot_s > 0) {
        fprintf(out, "{\"seconds_per_backend\": %.17g", o->pilot_s);
        for (int k = 0; k < 2; k++) {
            const mcs_pilot *p = &pilots->side[k];
            fprintf(out, ", \"%s\": {\"ran\": %s", k ? "gpu" : "cpu", p->ran ? "true" : "false");
            if (p->ran)
                fprintf(out, ", \"runs\": %d, \"paths\": %llu, \"threads\": %d, \"seconds\": %.17g, "
                       "\"simulate_seconds\": %.17g, \"paths_per_second\": %.17g, "
                       "\"cost_per_path\": %.17g, \"unit\": \"%s\"}",
                       p->runs, (unsigned long long)p->paths, p->threads, p->seconds,
                       p->simulate_s, p->paths_per_s, p->cost.path, k ? "ps" : "ns");
            else {
                mcs_json_key_string(out, "why", p->why);
                fprintf(out, "}");
            }
        }
        fprintf(out, "}");
    } else {
        fprintf(out, "null");
    }
    const mcs_prediction *side[2] = {&cold->cpu, &cold->gpu};
    fprintf(out, ", \"sources\": {");
    for (int k = 0; k < 2; k++)
        fprintf(out, "\"%s_kernel\": %s, ", k ? "gpu" : "cpu",
               !side[k]->available                ? "null"
               : side[k]->source == MCS_COST_GIVEN ? "\"pilot\""
                                                   : "\"profile\"");
    /* the terms only the profile gives, null on a side not predicted */
    fprintf(out, "\"fixed_phases\": \"profile\", \"cpu_scaling\": %s, \"gpu_launch\": %s}",
           side[0]->available ? "\"profile\"" : "null", side[1]->available ? "\"profile\"" : "null");
    fprintf(out, ", \"time_to_accuracy\": ");
    if (!(acc->tolerance > 0)) {
        fprintf(out, "null");
        return;
    }
    fprintf(out, "{\"tolerance\": %.17g, \"variance_source\": \"%s\", \"payoff_std_dev\": %.17g, "
           "\"paths_needed\": ", acc->tolerance, acc->variance_source, acc->sd);
    mcs_json_number(out, acc->paths ? (double)acc->paths : NAN);
    fprintf(out, ", \"seconds\": {\"cpu\": ");
    mcs_json_number(out, acc->paths && acc->at.cpu.available
                                ? acc->at.cpu.seconds[MCS_PHASE_TOTAL] : NAN);
    mcs_json_key_number(out, "gpu", acc->paths && acc->at.gpu.available
                                        ? acc->at.gpu.seconds[MCS_PHASE_TOTAL] : NAN);
    fprintf(out, "}, \"faster\": %s}", !acc->paths || isnan(acc->at.speedup) ? "null"
                                 : acc->at.speedup > 1                 ? "\"gpu\""
                                                                       : "\"cpu\"");
}

/* --pilot in the text: one line per backend. */
static void text_pilots(FILE *out, const options *o, const mcs_pilots *pilots, int has_gpu)
{
    for (int k = 0; k < 1 + has_gpu && o->pilot_s > 0; k++) {
        const mcs_pilot *p = &pilots->side[k];
        char a[32], b[32];
        if (!p->ran) {
            fprintf(out, "  %s pilot: not run: %s\n", k ? "gpu" : "cpu", p->why);
            continue;
        }
        char on[48] = "";
        if (!k)
            snprintf(on, sizeof on, ", %d thread%s", p->threads, p->threads == 1 ? "" : "s");
        fprintf(out, "  %s pilot: %llu paths (last of %d runs, %s in all%s): simulate %s, "
               "%.4g paths/s\n", k ? "gpu" : "cpu", (unsigned long long)p->paths, p->runs,
               human_seconds(p->seconds, a, sizeof a), on,
               human_seconds(p->simulate_s, b, sizeof b), p->paths_per_s);
    }
}

/* --tolerance in the text. */
static void text_accuracy(FILE *out, const accuracy *acc, int has_gpu)
{
    char a[32];
    if (!(acc->tolerance > 0))
        return;
    fprintf(out, "\ntime to a standard error of %g (payoff std dev %.6g, %s):\n", acc->tolerance,
           acc->sd, strcmp(acc->variance_source, "pilot") == 0 ? "from a pilot run"
                                                                : "closed form");
    if (!acc->paths) {
        fprintf(out, "  more than 1e15 paths: beyond what the model predicts\n");
        return;
    }
    fprintf(out, "  paths needed: %llu\n", (unsigned long long)acc->paths);
    for (int k = 0; k < 1 + has_gpu; k++) {
        const mcs_prediction *p = k ? &acc->at.gpu : &acc->at.cpu;
        if (p->available)
            fprintf(out, "  %s: %s (cold)\n", k ? "gpu" : "cpu",
                   human_seconds(p->seconds[MCS_PHASE_TOTAL], a, sizeof a));
    }
}

/* How side k's kernel cost meets the job's share of its model's dear
 * branch: "pilot" (measured on the job itself), "dear point" (the step
 * taken between calibrate's job's and the dear point's by the share,
 * estimator/model.c), or "calibrated job" (calibrate's, at its job's share:
 * a profile without the dear point's cost). */
static const char *dear_cost(const mcs_dear_shares *d, const mcs_prediction *side, int k)
{
    if (side->source == MCS_COST_GIVEN)
        return "pilot";
    return side->source == MCS_COST_KERNEL && mcs_dear_applies(d, &side->cost, k)
               ? "dear point"
               : "calibrated job";
}

/* Whether the job's share on side k differs from calibrate's job's (by
 * more than 5 points). */
static int dear_differs(const mcs_dear_shares *d, int k)
{
    return fabs(d->job[k] - d->calibrated[k]) > 0.05;
}

/* The dear branch as JSON (null where the model has none). */
static void json_dear(FILE *out, const mcs_dear_shares *d, const scenario *cold)
{
    fprintf(out, ", \"dear_branch\": ");
    if (!d->branch) {
        fprintf(out, "null");
        return;
    }
    mcs_json_string(out, d->branch);
    fprintf(out, ", \"dear_share\": {");
    const mcs_prediction *side[2] = {&cold->cpu, &cold->gpu};
    for (int k = 0; k < 2; k++)
        fprintf(out, "%s\"%s\": {\"job\": %.6g, \"calibrated\": %.6g, \"dear_point\": %.6g, "
                "\"differs\": %s, \"cost\": %s%s%s}",
                k ? ", " : "", k ? "gpu" : "cpu", d->job[k], d->calibrated[k], d->dear[k],
                dear_differs(d, k) ? "true" : "false", side[k]->available ? "\"" : "",
                side[k]->available ? dear_cost(d, side[k], k) : "null",
                side[k]->available ? "\"" : "");
    fprintf(out, "}");
}

/* The dear branch in the text, where a side's share differs from
 * calibrate's job's: how the cost met it. */
static void text_dear(FILE *out, const mcs_dear_shares *d, const scenario *cold, int has_gpu)
{
    const mcs_prediction *side[2] = {&cold->cpu, &cold->gpu};
    for (int k = 0; d->branch && k < 1 + has_gpu; k++) {
        if (!side[k]->available || !dear_differs(d, k))
            continue;
        const char *how = dear_cost(d, side[k], k);
        fprintf(out, "  note: %s kernel: this job pays %s in %.0f%% of its %s steps, "
                "calibrate's job in %.0f%%", k ? "gpu" : "cpu", d->branch, 100 * d->job[k],
                k ? "warps'" : "batches'", 100 * d->calibrated[k]);
        if (strcmp(how, "dear point") == 0)
            fprintf(out, " and its dear point in %.0f%%: the step is taken between theirs\n",
                    100 * d->dear[k]);
        else if (strcmp(how, "pilot") == 0)
            fprintf(out, ": the pilot measured this job's cost\n");
        else
            fprintf(out, "; the cost is calibrate's job's (this profile has no dear point's), "
                    "so its time may be longer or shorter than predicted (--pilot measures "
                    "this job's)\n");
    }
}

/* How side k's kernel cost meets a job that runs its model's variant step
 * (heston's Euler scheme): "pilot", "variant point" (the profile's
 * variant_step), or "calibrated job" (a profile without it). */
static const char *variant_cost(const mcs_prediction *side)
{
    if (side->source == MCS_COST_GIVEN)
        return "pilot";
    return side->source == MCS_COST_KERNEL && side->cost.variant_step > 0 ? "variant point"
                                                                           : "calibrated job";
}

/* The model's variant step as JSON: null where the job does not run it,
 * else its keys and each side's cost. */
static void json_variant(FILE *out, const mcs_job *job, const scenario *cold)
{
    const char *sets = mcs_job_variant_sets(job);
    fprintf(out, ", \"variant\": ");
    if (!sets) {
        fprintf(out, "null");
        return;
    }
    fprintf(out, "{\"sets\": ");
    mcs_json_string(out, sets);
    const mcs_prediction *side[2] = {&cold->cpu, &cold->gpu};
    for (int k = 0; k < 2; k++)
        mcs_json_key_string(out, k ? "gpu" : "cpu",
                            side[k]->available ? variant_cost(side[k]) : NULL);
    fprintf(out, "}");
}

/* A note where the job runs its model's variant step and the profile has
 * no variant point for a side's kernel. */
static void text_variant(FILE *out, const mcs_job *job, const scenario *cold, int has_gpu)
{
    const char *sets = mcs_job_variant_sets(job);
    const mcs_prediction *side[2] = {&cold->cpu, &cold->gpu};
    for (int k = 0; sets && k < 1 + has_gpu; k++)
        if (side[k]->available && strcmp(variant_cost(side[k]), "calibrated job") == 0)
            fprintf(out, "  note: %s kernel: this job runs %s, and this profile has no "
                    "variant point's cost for it: the step is calibrate's job's, so its time "
                    "may be longer or shorter than predicted (--pilot measures this job's)\n",
                    k ? "gpu" : "cpu", sets);
}

/* The estimate of CONFIG's job: the document to out, warnings to notes
 * (NULL, or -q: none); err says why it failed. */
static mcs_status estimate_config(const options *o, FILE *out, FILE *notes, char *err,
                                  size_t err_len)
{
    static char resolved[MCS_CONFIG_RESOLVED_MAX];
    const char *config_name = o->config_name ? o->config_name : o->config;
    mcs_job job;
    mcs_status st = mcs_config_load(o->config, o->overrides, o->n_overrides, &job, resolved,
                                    sizeof resolved, err, err_len);
    mcs_profile cp, gp;
    /* no profile at all: the catalogue's entries nearest this machine */
    char near_cpu[MCS_PROFILE_TEXT], near_gpu[MCS_PROFILE_TEXT], nearest[1024] = "";
    int near = !o->profile && !o->cpu && !o->gpu &&
               mcs_profile_nearest(near_cpu, sizeof near_cpu, near_gpu, sizeof near_gpu, nearest,
                                   sizeof nearest);
    if (st == MCS_OK)
        st = mcs_profiles_choose(near ? near_cpu : o->profile, o->cpu,
                                 near && near_gpu[0] ? near_gpu : o->gpu, &cp, &gp, err, err_len);
    if (st != MCS_OK)
        return st;
    if (near && !near_gpu[0]) /* no GPU like this machine's: CPU predictions only */
        gp.has_gpu = 0;
    if (near) /* the entry's costs, this machine's threads */
        cp.cpu.threads = mcs_sysinfo_cores();
    if (o->quiet)
        notes = NULL;
    int has_gpu = gp.has_gpu;
    mcs_split split = {0};
    if (o->split && (st = mcs_split_predict(&cp, &gp, &job, o->threads, o->split, o->shards,
                                            &split, err, err_len)) != MCS_OK)
        return st;
    double cpu_price = price_or(o->cpu_price, &cp), gpu_price = price_or(o->gpu_price, &gp);
    const char *cpu_basis = price_basis(o->cpu_price, &cp), *gpu_basis = price_basis(o->gpu_price, &gp);
    /* the profiles used, each file once: the GPU's where it is another */
    const mcs_profile *used[2] = {&cp, has_gpu && strcmp(cp.origin, gp.origin) ? &gp : NULL};
    char warn[2][1024], other[1024];
    int warned[2];
    for (int k = 0; k < 2; k++)
        if ((warned[k] = used[k] && profile_warnings(used[k], warn[k], sizeof warn[k])) && notes)
            fprintf(notes, "mcsim estimate: warning: profile '%s' (%s): implausible calibration "
                    "figures (%s); calibrate again on a quiet machine\n", used[k]->name,
                    used[k]->origin, warn[k]);
    for (int k = 0; k < 2 && notes; k++)
        if (used[k] && !near && mcs_profile_other_host(used[k], other, sizeof other))
            fprintf(notes, "mcsim estimate: warning: profile '%s' (%s) was measured on another "
                    "machine (%s): `mcsim calibrate` measures this one\n", used[k]->name,
                    used[k]->origin, other);
    scenario cold, warm;
    mcs_pilots pilots;
    accuracy acc;
    st = run_pilots(o, &job, &cp, &gp, &pilots, &acc, err, err_len);
    if (st != MCS_OK) {
        mcs_split_free(&split);
        return st;
    }
    predict(&cp, &gp, &job, o->threads, 1, cpu_price, gpu_price, &pilots, &cold);
    predict(&cp, &gp, &job, o->threads, 0, cpu_price, gpu_price, &pilots, &warm);
    if (acc.paths) {
        mcs_job at_n = job;
        at_n.sim.paths = acc.paths;
        predict(&cp, &gp, &at_n, o->threads, 1, cpu_price, gpu_price, &pilots, &acc.at);
    }
    const char *prec = mcs_named_by_id(mcs_precisions, job.sim.precision)->name;
    const char *rng = mcs_named_by_id(mcs_rngs, job.sim.rng)->name;
    mcs_dear_shares dear;
    mcs_dear_shares_of(&job, &dear);
    if (o->json) {
        fprintf(out, "{\"mode\": \"config\", \"config\": ");
        mcs_json_string(out, config_name);
        fprintf(out, ", \"paths\": %llu, \"steps\": %u, \"block_size\": %u, \"precision\": \"%s\", "
               "\"rng\": \"%s\", \"cpu_profile\": ",
               (unsigned long long)job.sim.paths, job.sim.steps, job.sim.block_size, prec, rng);
        mcs_json_string(out, cp.name);
        mcs_json_key_string(out, "gpu_profile", has_gpu ? gp.name : NULL);
        fprintf(out, ", \"cpu_profile_quick\": %s, \"gpu_profile_quick\": %s",
                cp.quick ? "true" : "false", !has_gpu ? "null" : gp.quick ? "true" : "false");
        mcs_json_key_string(out, "nearest_catalogue", near ? nearest : NULL);
        if (cold.cpu.threads > 0)
            fprintf(out, ", \"threads\": %d, \"cold\": ", cold.cpu.threads);
        else
            fprintf(out, ", \"threads\": null, \"cold\": ");
        json_scenario(out, &cold, has_gpu);
        fprintf(out, ", \"warm\": ");
        json_scenario(out, &warm, has_gpu);
        mcs_json_key_number(out, "cpu_price_per_hour", cpu_price);
        mcs_json_key_number(out, "gpu_price_per_hour", has_gpu ? gpu_price : NAN);
        mcs_json_key_string(out, "cpu_price_basis", !isnan(cpu_price) ? cpu_basis : NULL);
        mcs_json_key_string(out, "gpu_price_basis",
                            has_gpu && !isnan(gpu_price) ? gpu_basis : NULL);
        mcs_json_key_number(out, "speedup", cold.speedup);
        json_pilots(out, o, &pilots, &acc, &cold);
        json_dear(out, &dear, &cold);
        json_variant(out, &job, &cold);
        fprintf(out, ", \"scaled_terms\": ");
        mcs_scaled_terms_print(out, &cp, &gp, 1);
        for (int k = 0; k < 2; k++) {
            fprintf(out, ", \"%s\": ", k ? "shards" : "ranks");
            if (o->split && o->shards == k)
                mcs_split_print(out, &split, 1);
            else
                fprintf(out, "null");
        }
        fprintf(out, ", \"warnings\": [");
        for (int k = 0, n = 0; k < 2; k++)
            if (warned[k]) {
                fprintf(out, "%s", n++ ? ", " : "");
                mcs_json_string(out, warn[k]);
            }
        fprintf(out, "]}\n");
        mcs_split_free(&split);
        return MCS_OK;
    }
    fprintf(out, "mcsim estimate: %s, %llu paths x %u step%s, %s precision, rng %s\n", config_name,
           (unsigned long long)job.sim.paths, job.sim.steps, job.sim.steps == 1 ? "" : "s", prec,
           rng);
    fprintf(out, "  cpu: %s (%s, %s", cp.name, cp.cpu.model,
           cp.calibrated ? "calibrated" : "spec sheet, scaled as below");
    if (cold.cpu.threads > 0)
        fprintf(out, "; %d thread%s", cold.cpu.threads, cold.cpu.threads == 1 ? "" : "s");
    fprintf(out, ")%s%s\n", cold.cpu.available ? "" : ": ", cold.cpu.available ? "" : cold.cpu.why);
    if (has_gpu)
        fprintf(out, "  gpu: %s (%s, %s)\n", gp.name, gp.gpu.model,
               gp.calibrated ? "calibrated" : "spec sheet, scaled as below");
    else if (near)
        fprintf(out, "  gpu: none (no GPU like this machine's in the catalogue); --gpu NAME "
                     "compares with one\n");
    else
        fprintf(out, "  gpu: none: profile '%s' is CPU-only (calibrated without a usable GPU); "
               "--gpu NAME compares with one\n", gp.name);
    char quick[1024];
    if (mcs_profile_quick_line(&cp, &gp, quick, sizeof quick))
        fprintf(out, "  note: profile %s\n", quick);
    if (near)
        fprintf(out, "  note: %s\n", nearest);
    mcs_scaled_terms_print(out, &cp, &gp, 0);
    kernel_line(out, "cpu", &cold.cpu);
    if (has_gpu)
        kernel_line(out, "gpu", &cold.gpu);
    text_pilots(out, o, &pilots, has_gpu);
    text_dear(out, &dear, &cold, has_gpu);
    text_variant(out, &job, &cold, has_gpu);
    text_scenario(out, has_gpu ? "cold: a fresh process (mcsim CONFIG), pays GPU context creation"
                          : "cold: a fresh process (mcsim CONFIG)", &cold, has_gpu);
    text_scenario(out, has_gpu ? "warm: the context is already up (later runs in one process)"
                          : "warm: a later run in one process", &warm, has_gpu);
    if (cold.cpu.available || (has_gpu && cold.gpu.available))
        fprintf(out, "\ncost per job (cold):\n");
    if (cold.cpu.available)
        cost_line(out, "cpu", cold.cpu_cost, cpu_price, cpu_basis, &cp);
    if (has_gpu && cold.gpu.available)
        cost_line(out, "gpu", cold.gpu_cost, gpu_price, gpu_basis, &gp);
    text_accuracy(out, &acc, has_gpu);
    if (o->split)
        mcs_split_print(out, &split, 0);
    mcs_split_free(&split);
    return MCS_OK;
}

/* The generic calculator's estimate to out; err says why it failed. */
static mcs_status estimate_flops(const options *o, FILE *out, char *err, size_t err_len)
{
    mcs_profile cp, gp;
    mcs_status st = mcs_profile_find(o->cpu ? o->cpu : "desktop", &cp, err, err_len);
    if (st == MCS_OK)
        st = mcs_profile_find(o->gpu, &gp, err, err_len);
    if (st == MCS_OK && (!cp.has_cpu || !gp.has_gpu)) {
        snprintf(err, err_len, "--cpu names a profile with a [cpu] section, --gpu one with "
                                  "a [gpu] section (mcsim estimate --list-profiles)");
        st = MCS_E_CONFIG;
    }
    mcs_flop_job job = {o->gflops, o->data_gb, o->efficiency, o->overhead_ms,
                        strcmp(o->precision, "fp16") == 0   ? MCS_FP16
                        : strcmp(o->precision, "fp64") == 0 ? MCS_FP64
                                                            : MCS_FP32};
    mcs_flop_estimate e;
    if (st == MCS_OK)
        st = mcs_flop_estimate_run(&cp.cpu, &gp.gpu, &job, &e, err, err_len);
    if (st != MCS_OK)
        return st;
    double cpu_price = price_or(o->cpu_price, &cp), gpu_price = price_or(o->gpu_price, &gp);
    double cpu_cost = e.cpu_s * cpu_price / 3600, gpu_cost = e.gpu_s * gpu_price / 3600;
    if (o->json) {
        fprintf(out, "{\"mode\": \"flops\", \"gflop\": %.17g, \"data_gb\": %.17g, \"cpu\": ", o->gflops,
               o->data_gb);
        mcs_json_string(out, cp.name);
        mcs_json_key_string(out, "gpu", gp.name);
        fprintf(out, ", \"precision\": \"%s\", \"efficiency\": %.17g, \"overhead_ms\": %.17g, "
               "\"cpu_gflops\": %.17g, \"gpu_gflops\": %.17g, \"cpu_seconds\": %.17g, "
               "\"gpu_compute_seconds\": %.17g, \"gpu_transfer_seconds\": %.17g, "
               "\"gpu_overhead_seconds\": %.17g, \"gpu_seconds\": %.17g, \"speedup\": %.17g, "
               "\"cpu_cost\": ",
               o->precision, o->efficiency, o->overhead_ms, e.cpu_gflops, e.gpu_gflops, e.cpu_s,
               e.gpu_compute_s, e.gpu_transfer_s, e.gpu_overhead_s, e.gpu_s, e.speedup);
        mcs_json_number(out, cpu_cost);
        mcs_json_key_number(out, "gpu_cost", gpu_cost);
        mcs_json_key_string(out, "cpu_price_basis",
                            !isnan(cpu_price) ? price_basis(o->cpu_price, &cp) : NULL);
        mcs_json_key_string(out, "gpu_price_basis",
                            !isnan(gpu_price) ? price_basis(o->gpu_price, &gp) : NULL);
        fprintf(out, "}\n");
        return MCS_OK;
    }
    char a[32], b[32], c[32], d[32];
    fprintf(out, "mcsim estimate: %.6g GFLOP (%s), %.6g GB moved to the GPU\n", o->gflops, o->precision,
           o->data_gb);
    fprintf(out, "  cpu: %s, %s: %.4g GFLOP/s sustained -> %s\n", cp.name, cp.cpu.model, e.cpu_gflops,
           human_seconds(e.cpu_s, a, sizeof a));
    fprintf(out, "  gpu: %s, %s: %.4g GFLOP/s (%.0f%% of peak) -> compute %s + transfer %s (%.4g GB/s) "
           "+ overhead %s = %s\n",
           gp.name, gp.gpu.model, e.gpu_gflops, 100 * o->efficiency,
           human_seconds(e.gpu_compute_s, a, sizeof a), human_seconds(e.gpu_transfer_s, b, sizeof b),
           gp.gpu.pcie_gbps, human_seconds(e.gpu_overhead_s, c, sizeof c),
           human_seconds(e.gpu_s, d, sizeof d));
    if (e.speedup >= 1)
        fprintf(out, "  speedup %.3gx: the GPU is faster\n", e.speedup);
    else
        fprintf(out, "  speedup %.3gx: the CPU is faster\n", e.speedup);
    fprintf(out, "  time (lower is better):\n");
    double longest = e.cpu_s > e.gpu_s ? e.cpu_s : e.gpu_s;
    bar(out, "cpu", e.cpu_s, longest);
    bar(out, "gpu", e.gpu_s, longest);
    fprintf(out, "  cost per job:\n");
    cost_line(out, "cpu", cpu_cost, cpu_price, price_basis(o->cpu_price, &cp), &cp);
    cost_line(out, "gpu", gpu_cost, gpu_price, price_basis(o->gpu_price, &gp), &gp);
    return MCS_OK;
}

mcs_status mcs_estimate_command(int argc, char **argv, const char *config_name, FILE *out,
                                FILE *notes, char *err, size_t err_len)
{
    options o;
    if (!parse_options(argc, argv, &o, err, err_len))
        return MCS_E_USAGE;
    o.config_name = config_name;
    if (o.help) {
        mcs_cmd_estimate_help(out);
        return MCS_OK;
    }
    if (o.list) {
        list_profiles(out);
        return MCS_OK;
    }
    if (o.config)
        return estimate_config(&o, out, notes, err, err_len);
    return estimate_flops(&o, out, err, err_len);
}

int mcs_cmd_estimate(int argc, char **argv)
{
    char err[ERR_MAX] = "";
    mcs_status st = mcs_estimate_command(argc, argv, NULL, stdout, stderr, err, sizeof err);
    return mcs_cmd_exit("estimate", st, err);
}

int mcs_cmd_exit(const char *command, mcs_status st, const char *err)
{
    if (st != MCS_OK)
        fprintf(stderr, "mcsim %s: %s\n", command, err);
    if (st == MCS_E_USAGE)
        fprintf(stderr, "(see mcsim %s --help)\n", command);
    return mcs_status_exit_code(st);
}

/* The local profiles, read once per process (auto's choice and the run's
 * /estimate both need them; pthread_once: jobs in several threads may ask
 * at once); NULL with a message when there are none. */
static struct {
    pthread_once_t once;
    mcs_profile cp, gp;
    int found;
    char message[ERR_MAX];
} local = {PTHREAD_ONCE_INIT};

static void read_local_profiles(void)
{
    local.found = mcs_profiles_choose(NULL, NULL, NULL, &local.cp, &local.gp, local.message,
                                      sizeof local.message) == MCS_OK;
}

static int local_profiles(const mcs_profile **cpu, const mcs_profile **gpu, char *why,
                          size_t why_len)
{
    pthread_once(&local.once, read_local_profiles);
    if (!local.found) {
        snprintf(why, why_len, "%s", local.message);
        return 0;
    }
    *cpu = &local.cp;
    *gpu = &local.gp;
    return 1;
}

int mcs_estimate_local_profile(int *cpu_only_here, char *why, size_t why_len)
{
    const mcs_profile *cp, *gp;
    char host[sizeof gp->host];
    *cpu_only_here = 0;
    if (!local_profiles(&cp, &gp, why, why_len)) {
        if (!mcs_profile_local_named())
            why[0] = '\0';
        return 0;
    }
    mcs_sysinfo_host(host, sizeof host);
    *cpu_only_here = !gp->has_gpu && strcmp(gp->host, host) == 0;
    return 1;
}

int mcs_estimate_prefers_gpu(const mcs_job *job, int threads, char *why, size_t why_len)
{
    const mcs_profile *cp, *gp;
    if (!local_profiles(&cp, &gp, why, why_len))
        return -1;
    if (!gp->has_gpu) {
        snprintf(why, why_len, "the local profile '%s' has no [gpu] section (calibrated "
                 "without a usable GPU; `mcsim calibrate` again measures this one)", cp->name);
        return -1;
    }
    scenario s;
    predict(cp, gp, job, threads, 1, NAN, NAN, NULL, &s);
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
    if (!local_profiles(&cp, &gp, why, sizeof why) || (on_gpu && !gp->has_gpu))
        return 0;
    scenario s;
    predict(cp, gp, job, threads, cold, NAN, NAN, NULL, &s);
    const mcs_prediction *p = on_gpu ? &s.gpu : &s.cpu;
    memset(out, 0, sizeof *out);
    out->cpu_profile = cp->name;
    out->gpu_profile = gp->has_gpu ? gp->name : ""; /* "": a CPU-only local profile */
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
