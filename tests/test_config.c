/* test_config.c - mcs_config_load and mcs_parse_count: a good file fills the
 * job, defaults apply, counts and seeds parse, and every bad input is refused
 * with a message naming the file (or override), the line and the key. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "product.h"

#define ERR_MAX 1024
#define RESOLVED_MAX 4096

/* The keys the resolved text must hold, by section (engine/config.c's table). */
static const char *const all_keys[][2] = {
    {"model", "type"},         {"model", "spot"},        {"model", "rate"},
    {"model", "dividend"},     {"model", "volatility"},  {"option", "payoff"},
    {"option", "type"},        {"option", "strike"},     {"option", "maturity"},
    {"simulation", "paths"},   {"simulation", "steps"},  {"simulation", "seed"},
    {"simulation", "rng"},     {"simulation", "precision"},
    {"simulation", "block_size"}, {"output", "file"},
};

/* The smallest valid file: the four required keys (lines 1-6). */
#define REQUIRED                                                                           \
    "[model]\n"                                                                            \
    "spot = 100\n"                                                                         \
    "volatility = 0.2\n"                                                                   \
    "[option]\n"                                                                           \
    "strike = 100\n"                                                                       \
    "maturity = 1\n"

typedef struct {
    char path[64];
    mcs_status status;
    mcs_job job;
    char resolved[RESOLVED_MAX];
    char err[ERR_MAX];
} outcome;

/* Write `text` to a fresh temporary file, load it with the overrides, and
 * remove the file again before anything is asserted. */
static void load(outcome *o, const char *text, const mcs_override *ov, int n_ov)
{
    memset(o, 0, sizeof *o);
    snprintf(o->path, sizeof o->path, "/tmp/mcs_test_config_XXXXXX");
    int fd = mkstemp(o->path);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    ssize_t wrote = write(fd, text, len);
    close(fd);
    if (wrote != (ssize_t)len) {
        unlink(o->path);
        fail_msg("cannot write %s", o->path);
    }
    o->status = mcs_config_load(o->path, ov, n_ov, &o->job, o->resolved, sizeof o->resolved,
                                o->err, sizeof o->err);
    unlink(o->path);
}

static void assert_contains(const char *text, const char *needle)
{
    if (!strstr(text, needle))
        fail_msg("message \"%s\" does not contain \"%s\"", text, needle);
}

/* Loads `text`, expects MCS_E_CONFIG and a message with "path:line:" (line 0:
 * "path:" with no line) and each of the NULL-terminated needles. */
static void expect_config_error(const char *text, const mcs_override *ov, int n_ov, int line,
                                ...)
{
    outcome o;
    load(&o, text, ov, n_ov);
    if (o.status != MCS_E_CONFIG)
        fail_msg("status %d, expected MCS_E_CONFIG; message \"%s\"", (int)o.status, o.err);
    char where[96];
    if (line > 0)
        snprintf(where, sizeof where, "%s:%d:", o.path, line);
    else
        snprintf(where, sizeof where, "%s:", o.path);
    if (n_ov == 0 || line > 0)
        assert_contains(o.err, where);
    va_list ap;
    va_start(ap, line);
    for (const char *needle; (needle = va_arg(ap, const char *)) != NULL;)
        assert_contains(o.err, needle);
    va_end(ap);
}

#define FILE_ERROR(text, line, ...) expect_config_error(text, NULL, 0, line, __VA_ARGS__, NULL)

static void expect_ok(outcome *o, const char *text, const mcs_override *ov, int n_ov)
{
    load(o, text, ov, n_ov);
    if (o->status != MCS_OK)
        fail_msg("status %d, expected MCS_OK; message \"%s\"", (int)o->status, o->err);
}

/* --- good files ------------------------------------------------------- */

static void test_good_file_fills_every_job_field(void **state)
{
    (void)state;
    outcome o;
    expect_ok(&o,
              "; a full file, every key set\n"
              "[model]\n"
              "type = gbm\n"
              "spot = 100\n"
              "rate = 0.05\n"
              "dividend = 0.01\n"
              "volatility = 0.2\n"
              "\n"
              "[option]\n"
              "payoff = european\n"
              "type = put\n"
              "strike = 95.5\n"
              "maturity = 0.25\n"
              "\n"
              "[simulation]\n"
              "paths = 10_000_000\n"
              "steps = 12\n"
              "seed = 42\n"
              "rng = pcg64\n"
              "precision = double\n"
              "block_size = 4096\n"
              "\n"
              "[output]\n"
              "file = out/run.h5\n",
              NULL, 0);
    assert_int_equal(o.job.model.id, MCS_MODEL_GBM);
    assert_true(o.job.model.spot == 100.0);
    assert_true(o.job.model.rate == 0.05);
    assert_true(o.job.model.dividend == 0.01);
    assert_true(o.job.model.volatility == 0.2);
    assert_int_equal(o.job.option.payoff, MCS_PAYOFF_EUROPEAN);
    assert_int_equal(o.job.option.type, MCS_PUT);
    assert_true(o.job.option.strike == 95.5);
    assert_true(o.job.option.maturity == 0.25);
    assert_int_equal(o.job.sim.paths, 10000000);
    assert_int_equal(o.job.sim.steps, 12);
    assert_int_equal(o.job.sim.seed, 42);
    assert_int_equal(o.job.sim.rng, MCS_RNG_PCG64);
    assert_int_equal(o.job.sim.precision, MCS_DOUBLE);
    assert_int_equal(o.job.sim.block_size, 4096);
    assert_string_equal(o.job.output_file, "out/run.h5");
}

/* Each key appears as "key = " inside its own [section] of the resolved text. */
static void test_resolved_text_holds_every_key_in_its_section(void **state)
{
    (void)state;
    outcome o;
    expect_ok(&o, REQUIRED, NULL, 0);
    for (size_t i = 0; i < sizeof all_keys / sizeof all_keys[0]; i++) {
        char header[32], line[48];
        snprintf(header, sizeof header, "[%s]\n", all_keys[i][0]);
        snprintf(line, sizeof line, "\n%s = ", all_keys[i][1]);
        const char *start = strstr(o.resolved, header);
        if (!start)
            fail_msg("resolved text lacks %s:\n%s", header, o.resolved);
        const char *end = strstr(start + 1, "\n[");
        const char *found = strstr(start, line);
        if (!found || (end && found > end))
            fail_msg("resolved text lacks '%s = ' under [%s]:\n%s", all_keys[i][1],
                     all_keys[i][0], o.resolved);
    }
    assert_contains(o.resolved, "\npaths = 1000000\n");
    assert_contains(o.resolved, "\nprecision = single\n");
}

/* Loading the resolved text again gives the same job. */
static void test_resolved_text_loads_back_to_the_same_job(void **state)
{
    (void)state;
    outcome first, again;
    mcs_override ov[] = {{"--set", "simulation.seed=0xff"}, {"--set", "option.type=put"}};
    expect_ok(&first, REQUIRED "[simulation]\npaths = 1.5e3\n", ov, 2);
    expect_ok(&again, first.resolved, NULL, 0);
    assert_memory_equal(&first.job, &again.job, sizeof first.job);
}

static void test_defaults_apply_to_optional_keys(void **state)
{
    (void)state;
    outcome o;
    expect_ok(&o, REQUIRED, NULL, 0);
    assert_int_equal(o.job.model.id, MCS_MODEL_GBM);
    assert_true(o.job.model.rate == 0.0);
    assert_true(o.job.model.dividend == 0.0);
    assert_int_equal(o.job.option.payoff, MCS_PAYOFF_EUROPEAN);
    assert_int_equal(o.job.option.type, MCS_CALL);
    assert_int_equal(o.job.sim.paths, 1000000);
    assert_int_equal(o.job.sim.steps, 1);
    assert_int_equal(o.job.sim.seed, 1);
    assert_int_equal(o.job.sim.rng, MCS_RNG_AUTO); /* resolved by the backend chosen */
    assert_int_equal(o.job.sim.precision, MCS_SINGLE);
    assert_int_equal(o.job.sim.block_size, MCS_DEFAULT_BLOCK_SIZE);
    assert_string_equal(o.job.output_file, "");
}

static void test_names_and_sections_are_case_insensitive(void **state)
{
    (void)state;
    outcome o;
    expect_ok(&o, REQUIRED "[Simulation]\nPrecision = DOUBLE\n", NULL, 0);
    assert_int_equal(o.job.sim.precision, MCS_DOUBLE);
}

/* --- counts and seeds --------------------------------------------------- */

static void test_parse_count_accepts_exponent_and_separators(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        unsigned long long want;
    } good[] = {
        {"1000000", 1000000},  {"1e6", 1000000},  {"1E6", 1000000},
        {"1_000_000", 1000000}, {"1.5e3", 1500},  {"0", 0},
        {"18446744073709551615", 18446744073709551615ULL},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        unsigned long long v = 12345;
        if (!mcs_parse_count(good[i].text, &v))
            fail_msg("mcs_parse_count refused \"%s\"", good[i].text);
        if (v != good[i].want)
            fail_msg("mcs_parse_count(\"%s\") = %llu, expected %llu", good[i].text, v,
                     good[i].want);
    }
}

static void test_parse_count_rejects_fractions_signs_and_bad_separators(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "1.5", "-1", "+1", "1e6x", "1__000", "_1", "1_", "", "abc", "1e-1",
        "18446744073709551616", /* 2^64 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsigned long long v = 0;
        if (mcs_parse_count(bad[i], &v))
            fail_msg("mcs_parse_count accepted \"%s\" as %llu", bad[i], v);
    }
}

static void test_paths_key_accepts_1e6_1_000_000_and_1_5e3(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        unsigned long long want;
    } good[] = {{"1e6", 1000000}, {"1_000_000", 1000000}, {"1.5e3", 1500}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, REQUIRED "[simulation]\npaths = %s\n", good[i].text);
        outcome o;
        expect_ok(&o, text, NULL, 0);
        assert_int_equal(o.job.sim.paths, good[i].want);
    }
}

static void test_paths_key_rejects_non_counts_naming_line_8(void **state)
{
    (void)state;
    static const char *const bad[] = {"1.5", "-1", "1e6x", "1__000", "_1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, REQUIRED "[simulation]\npaths = %s\n", bad[i]);
        FILE_ERROR(text, 8, "[simulation] paths", "whole number");
    }
}

static void test_seed_accepts_hex_zero_and_2_pow_64_minus_1(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        unsigned long long want;
    } good[] = {
        {"0", 0},
        {"0x2a", 42},
        {"0XDEADBEEF", 0xdeadbeefULL},
        {"0xffffffffffffffff", 18446744073709551615ULL},
        {"18446744073709551615", 18446744073709551615ULL},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, REQUIRED "[simulation]\nseed = %s\n", good[i].text);
        outcome o;
        expect_ok(&o, text, NULL, 0);
        if (o.job.sim.seed != good[i].want)
            fail_msg("seed = %s gave %llu", good[i].text, (unsigned long long)o.job.sim.seed);
    }
}

static void test_seed_rejects_negative_and_2_pow_64_naming_line_8(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "-1", "18446744073709551616", "0x10000000000000000", "0x", "0xg1", "1e3", "1.0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, REQUIRED "[simulation]\nseed = %s\n", bad[i]);
        FILE_ERROR(text, 8, "[simulation] seed", "18446744073709551615");
    }
}

/* --- structural errors -------------------------------------------------- */

static void test_unknown_section_names_line_and_section(void **state)
{
    (void)state;
    FILE_ERROR(REQUIRED "\n; comment\n[simulations]\npaths = 5\n", 10, "[simulations]",
               "unknown section", "simulation");
}

static void test_unknown_key_names_line_and_lists_valid_keys(void **state)
{
    (void)state;
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\nsigma = 0.3\n"
               "[option]\nstrike = 100\nmaturity = 1\n",
               4, "[model] sigma", "unknown key", "spot, rate, dividend, volatility");
}

static void test_missing_required_keys_are_named(void **state)
{
    (void)state;
    /* A missing key has no line: the message names the file and the key. */
    FILE_ERROR("[model]\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 1\n", 0,
               "[model] spot", "required");
    FILE_ERROR("[model]\nspot = 100\n[option]\nstrike = 100\nmaturity = 1\n", 0,
               "[model] volatility", "required");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nmaturity = 1\n", 0,
               "[option] strike", "required");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 100\n", 0,
               "[option] maturity", "required");
}

static void test_duplicate_key_names_both_lines(void **state)
{
    (void)state;
    FILE_ERROR(REQUIRED "[simulation]\npaths = 1\nsteps = 2\npaths = 3\n", 10,
               "[simulation] paths", "duplicate", "first set on line 8");
    /* also across two blocks of the same section */
    FILE_ERROR(REQUIRED "[model]\nspot = 90\n", 8, "[model] spot", "duplicate",
               "first set on line 2");
}

static void test_indented_continuation_line_is_refused_with_its_line(void **state)
{
    (void)state;
    /* inih reads an indented line as more of the previous value (paths). */
    FILE_ERROR(REQUIRED "[simulation]\npaths = 1000\n  steps = 2\n", 9, "[simulation] paths",
               "continuation", "first set on line 8");
}

static void test_key_outside_any_section_names_line_and_key(void **state)
{
    (void)state;
    FILE_ERROR("; leading comment\n\nspot = 100\n" REQUIRED, 3, "spot", "outside any section");
}

static void test_syntax_error_line_is_named(void **state)
{
    (void)state;
    FILE_ERROR(REQUIRED "[simulation]\npaths 1000\n", 8, "syntax error");
    /* the first error is the bad header, not the key that then lands in [option] */
    FILE_ERROR(REQUIRED "[simulation\npaths = 1000\n", 7, "syntax error");
}

/* inih reads at most 199 characters of a line: a line of exactly 199 is
 * fine and does not shift the numbering of the lines after it. */
static void test_199_character_line_keeps_line_numbers(void **state)
{
    (void)state;
    char text[1024];
    char comment[200];
    memset(comment, 'x', sizeof comment - 1);
    comment[0] = ';';
    comment[sizeof comment - 1] = '\0'; /* 199 characters */
    snprintf(text, sizeof text, "%s\n" REQUIRED "[simulation]\nsteps 0\n", comment);
    FILE_ERROR(text, 9, "syntax error");
}

/* A longer line is refused at its own line (not at the line inih counts for
 * the rest of it), a comment as well as a value. */
static void test_too_long_line_is_refused_naming_its_own_line(void **state)
{
    (void)state;
    char text[1024];
    char comment[400];
    memset(comment, 'x', sizeof comment - 1);
    comment[0] = ';';
    comment[sizeof comment - 1] = '\0';
    snprintf(text, sizeof text, "%s\n" REQUIRED "[simulation]\nsteps = 0\n", comment);
    FILE_ERROR(text, 1, "199");

    char value[300];
    memset(value, 'x', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    /* line 8 is longer than inih's 200-character buffer */
    snprintf(text, sizeof text, REQUIRED "[output]\nfile = %s.h5\n[simulation]\npaths 5\n",
             value);
    FILE_ERROR(text, 8, "199");
}

/* --- value errors ------------------------------------------------------- */

static void test_malformed_numbers_name_line_and_key(void **state)
{
    (void)state;
    FILE_ERROR("[model]\nspot = 100\nvolatility = 20%\n[option]\nstrike = 100\nmaturity = 1\n",
               3, "[model] volatility", "not a number");
    FILE_ERROR("[model]\nspot = 1OO\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 1\n",
               2, "[model] spot", "not a number");
    FILE_ERROR(REQUIRED "[model]\nrate = 5 percent\n", 8, "[model] rate", "not a number");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = nan\nmaturity = 1\n",
               5, "[option] strike", "not a number");
}

static void test_out_of_range_reals_name_line_and_key(void **state)
{
    (void)state;
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0\n[option]\nstrike = 100\nmaturity = 1\n",
               3, "[model] volatility");
    FILE_ERROR("[model]\nspot = 100\nvolatility = -0.2\n[option]\nstrike = 100\nmaturity = 1\n",
               3, "[model] volatility");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 0\n",
               6, "[option] maturity");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = -1\n",
               6, "[option] maturity");
    FILE_ERROR("[model]\nspot = 0\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 1\n",
               2, "[model] spot", "greater than 0");
    FILE_ERROR("[model]\nspot = -5\nvolatility = 0.2\n[option]\nstrike = 100\nmaturity = 1\n",
               2, "[model] spot");
    FILE_ERROR("[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 0\nmaturity = 1\n",
               5, "[option] strike");
}

static void test_paths_and_steps_out_of_range_name_line_and_key(void **state)
{
    (void)state;
    FILE_ERROR(REQUIRED "[simulation]\npaths = 0\n", 8, "[simulation] paths", "between 1 and");
    FILE_ERROR(REQUIRED "[simulation]\npaths = 1_000_000_000_000_001\n", 8, "[simulation] paths",
               "between 1 and 1e15");
    FILE_ERROR(REQUIRED "[simulation]\npaths = 2e15\n", 8, "[simulation] paths", "between 1 and 1e15");
    /* beyond 2^53 a count is still a number: the range is stated, not "not a whole number" */
    FILE_ERROR(REQUIRED "[simulation]\npaths = 1e16\n", 8, "[simulation] paths", "between 1 and 1e15");
    FILE_ERROR(REQUIRED "[simulation]\npaths = 99999999999999999999999\n", 8, "[simulation] paths",
               "between 1 and 1e15");
    FILE_ERROR(REQUIRED "[simulation]\nsteps = 0\n", 8, "[simulation] steps", "between 1 and");
    FILE_ERROR(REQUIRED "[simulation]\nblock_size = 0\n", 8, "[simulation] block_size");
}

static void test_paths_at_limits_are_accepted(void **state)
{
    (void)state;
    outcome o;
    expect_ok(&o, REQUIRED "[simulation]\npaths = 1e15\n", NULL, 0);
    assert_int_equal(o.job.sim.paths, MCS_MAX_PATHS);
    expect_ok(&o, REQUIRED "[simulation]\npaths = 1\n", NULL, 0);
    assert_int_equal(o.job.sim.paths, 1);
}

static void test_unknown_names_list_the_valid_names(void **state)
{
    (void)state;
    FILE_ERROR(REQUIRED "[model]\ntype = heston9\n", 8, "[model] type", "heston9", "gbm");
    FILE_ERROR(REQUIRED "[option]\npayoff = asianx\n", 8, "[option] payoff", "european");
    FILE_ERROR(REQUIRED "[option]\ntype = straddle\n", 8, "[option] type", "call, put");
    FILE_ERROR(REQUIRED "[simulation]\nrng = mt19937\n", 8, "[simulation] rng", "pcg64");
    FILE_ERROR(REQUIRED "[simulation]\nprecision = half\n", 8, "[simulation] precision",
               "single, double");
}

/* Amounts of money (spot, strike, barrier, cash, rebate) inside what each
 * precision can price: single from 1e-30 to 1e30, double from 1e-140 (a
 * smaller spot in single priced 0 +/- 0, exit 0; in double the std error
 * was a silent 0). 0 stays allowed where the key allows it (rebate). */
static void test_amounts_inside_the_precision_range(void **state)
{
    (void)state;
    outcome o;
#define AMOUNTS(spot, option, simulation)                                                  \
    "[model]\nspot = " spot "\nvolatility = 0.2\n[option]\nmaturity = 1\n" option         \
    "[simulation]\n" simulation
    FILE_ERROR(AMOUNTS("1e-300", "strike = 1e-300\n", ""), 2, "[model] spot",
               "below what precision = single", "precision = double");
    FILE_ERROR(AMOUNTS("100", "strike = 1e-31\n", ""), 6, "[option] strike", "from 1e-30");
    FILE_ERROR(AMOUNTS("100", "strike = 1e31\n", ""), 6, "[option] strike", "up to 1e30");
    FILE_ERROR(AMOUNTS("100", "strike = 100\npayoff = barrier\nbarrier = 1e-35\n"
                       "barrier_type = down-out\n", ""),
               8, "[option] barrier", "from 1e-30");
    FILE_ERROR(AMOUNTS("100", "strike = 100\npayoff = digital\ncash = 1e-31\n", ""), 8,
               "[option] cash", "from 1e-30");
    FILE_ERROR(AMOUNTS("1e-141", "strike = 100\n", "precision = double\n"), 2, "[model] spot",
               "below what precision = double", "from 1e-140");
    expect_ok(&o, AMOUNTS("100", "strike = 1e-30\n", ""), NULL, 0);
    expect_ok(&o, AMOUNTS("100", "strike = 100\npayoff = barrier\nbarrier = 90\n"
                          "barrier_type = down-out\nrebate = 0\n", ""), NULL, 0);
    expect_ok(&o, AMOUNTS("1e-140", "strike = 1e300\n", "precision = double\n"), NULL, 0);
    /* rates, volatilities and times that small do no harm */
    expect_ok(&o, AMOUNTS("100", "strike = 100\n", "") "[model]\nrate = 1e-300\n", NULL, 0);
#undef AMOUNTS
    mcs_override tiny[] = {{"--set", "model.spot=1e-300"}};
    expect_config_error(REQUIRED, tiny, 1, 0, "--set", "[model] spot", "from 1e-30", NULL);
}

/* --- overrides ---------------------------------------------------------- */

static void test_override_replaces_file_value(void **state)
{
    (void)state;
    outcome o;
    mcs_override ov[] = {{"--set", "simulation.paths=1_000"},
                         {"--seed 0x10", "simulation.seed=0x10"},
                         {"--set", "model.volatility=0.3"}};
    expect_ok(&o, REQUIRED "[simulation]\npaths = 5\n", ov, 3);
    assert_int_equal(o.job.sim.paths, 1000);
    assert_int_equal(o.job.sim.seed, 16);
    assert_true(o.job.model.volatility == 0.3);
    assert_contains(o.resolved, "\npaths = 1000\n");
}

static void test_override_supplies_a_missing_required_key(void **state)
{
    (void)state;
    outcome o;
    mcs_override ov[] = {{"--set", "option.maturity=2"}};
    expect_ok(&o, "[model]\nspot = 100\nvolatility = 0.2\n[option]\nstrike = 100\n", ov, 1);
    assert_true(o.job.option.maturity == 2.0);
}

static void test_bad_override_values_name_the_override_and_key(void **state)
{
    (void)state;
    mcs_override vol[] = {{"--set", "model.volatility=-1"}};
    expect_config_error(REQUIRED, vol, 1, 0, "--set", "[model] volatility", NULL);
    mcs_override paths[] = {{"--paths 0", "simulation.paths=0"}};
    expect_config_error(REQUIRED, paths, 1, 0, "--paths 0", "[simulation] paths", NULL);
    mcs_override frac[] = {{"--paths 1.5", "simulation.paths=1.5"}};
    expect_config_error(REQUIRED, frac, 1, 0, "--paths 1.5", "[simulation] paths", NULL);
    mcs_override seed[] = {{"--seed -1", "simulation.seed=-1"}};
    expect_config_error(REQUIRED, seed, 1, 0, "--seed -1", "[simulation] seed", NULL);
    mcs_override name[] = {{"--set", "simulation.precision=half"}};
    expect_config_error(REQUIRED, name, 1, 0, "--set", "[simulation] precision",
                        "single, double", NULL);
    mcs_override nan[] = {{"--set", "option.strike=abc"}};
    expect_config_error(REQUIRED, nan, 1, 0, "--set", "[option] strike", "not a number", NULL);
}

/* A bad override of a key the file set names the override, not the file line. */
static void test_bad_override_of_file_key_does_not_blame_the_file(void **state)
{
    (void)state;
    outcome o;
    mcs_override ov[] = {{"--set", "simulation.steps=0"}};
    load(&o, REQUIRED "[simulation]\nsteps = 4\n", ov, 1);
    assert_int_equal(o.status, MCS_E_CONFIG);
    assert_contains(o.err, "--set");
    assert_contains(o.err, "[simulation] steps");
    char line8[96];
    snprintf(line8, sizeof line8, "%s:8", o.path);
    if (strstr(o.err, line8))
        fail_msg("message \"%s\" blames the file line", o.err);
}

static void test_unknown_override_key_and_section_name_the_override(void **state)
{
    (void)state;
    mcs_override key[] = {{"--set", "simulation.pathz=5"}};
    expect_config_error(REQUIRED, key, 1, 0, "--set simulation.pathz=5", "pathz", "unknown key",
                        "paths, steps, seed", NULL);
    mcs_override section[] = {{"--set", "sim.paths=5"}};
    expect_config_error(REQUIRED, section, 1, 0, "--set sim.paths=5", "[sim]", "unknown section",
                        NULL);
}

static void test_malformed_override_is_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {"model.volatility", "volatility=0.3", ".spot=1",
                                      "model.=1", "model=1.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mcs_override ov[] = {{"--set", bad[i]}};
        expect_config_error(REQUIRED, ov, 1, 0, "--set", bad[i], NULL);
    }
}

/* --- files -------------------------------------------------------------- */

static void test_missing_file_gives_noinput_naming_it(void **state)
{
    (void)state;
    mcs_job job;
    char resolved[RESOLVED_MAX], err[ERR_MAX] = "";
    const char *path = "/tmp/mcs_test_config_does_not_exist/none.ini";
    mcs_status st = mcs_config_load(path, NULL, 0, &job, resolved, sizeof resolved, err,
                                    sizeof err);
    assert_int_equal(st, MCS_E_NOINPUT);
    assert_contains(err, path);
}

static void test_empty_file_names_first_missing_key(void **state)
{
    (void)state;
    FILE_ERROR("", 0, "[model] spot", "required");
}

/* Every type's key list is what its spec rows say: each key's field lies in
 * the job (a unique offset per section) and a conditional key names the
 * overrides that make it apply (tests/bad_inputs/generate.py needs them). */
static void test_key_lists_make_sound_spec_rows(void **state)
{
    (void)state;
    const mcs_param_spec *lists[64];
    int n = 0;
    for (int i = 0; mcs_model_types[i]; i++)
        lists[n++] = mcs_model_types[i]->params;
    for (int i = 0; mcs_payoff_types[i]; i++)
        lists[n++] = mcs_payoff_types[i]->params;
    for (int l = 0; l < n; l++)
        for (const mcs_param_spec *p = lists[l]; p->key; p++) {
            assert_true(p->offset < sizeof(mcs_job));
            assert_true(strcmp(p->section, "model") == 0 || strcmp(p->section, "option") == 0);
            assert_true(p->meaning && p->meaning[0]);
            assert_true(p->kind != MCS_PARAM_CHOICE || p->choices);
            if (p->applies)
                assert_true(p->applies_with && p->not_applies);
            /* two keys of one type never share a field; a key several types
             * share has its one field in the head (MCS_MODEL_HEAD,
             * MCS_OPTION_HEAD), and a type's own keys lie in its block,
             * within mcs_model_params or mcs_option_params */
            const int model = strcmp(p->section, "model") == 0;
            const size_t base = model ? offsetof(mcs_job, model) : offsetof(mcs_job, option);
            const size_t own = base + (model ? MCS_MODEL_HEAD_END : MCS_OPTION_HEAD_END);
            assert_true(p->offset - base <
                        (model ? sizeof(mcs_model_params) : sizeof(mcs_option_params)));
            for (int m = 0; m < n; m++)
                for (const mcs_param_spec *q = lists[m]; q->key; q++) {
                    if (strcmp(p->section, q->section) != 0)
                        continue;
                    const int same = strcmp(p->key, q->key) == 0;
                    if (l == m)
                        assert_int_equal(same, p->offset == q->offset);
                    else if (same && (p->offset < own || q->offset < own))
                        assert_int_equal(p->offset, q->offset);
                }
        }
}

/* A (model, payoff) pair that kernels/combos.def does not compile is known
 * as such, and the message lists the compiled pairs (config.c refuses such
 * a job when it reads it, instead of the run exiting 69 later). */
static void test_pairs_not_compiled_are_known(void **state)
{
    (void)state;
    for (int p = 0; mcs_payoff_types[p]; p++) /* gbm prices every one-asset payoff */
        assert_true(mcs_pair_compiled(MCS_MODEL_GBM, mcs_payoff_types[p]->id) ==
                    !mcs_payoff_types[p]->min_assets);
    assert_true(mcs_pair_compiled(MCS_MODEL_MULTI_GBM, MCS_PAYOFF_SPREAD));
    assert_false(mcs_pair_compiled(MCS_MODEL_GBM, (mcs_payoff_id)77));
    assert_false(mcs_pair_compiled((mcs_model_id)77, MCS_PAYOFF_EUROPEAN));
    assert_true(mcs_pair_compiled(MCS_MODEL_BACHELIER, MCS_PAYOFF_ASIAN));
    assert_false(mcs_pair_compiled(MCS_MODEL_BACHELIER, MCS_PAYOFF_BARRIER));
    char text[512];
    mcs_compiled_pairs_text(text, sizeof text);
    assert_string_equal(text, "gbm with european, digital, asian, barrier, lookback; "
                              "bachelier with european, digital, asian; "
                              "heston with european, digital, asian, barrier, lookback; "
                              "merton with european, digital, asian, barrier, lookback; "
                              "multi_gbm with basket, best_of, worst_of, spread");
}

/* The option type a job reports is its payoff's `type` key; every payoff
 * today has one (a payoff without it reports none, never "put"). */
static void test_option_type_is_the_payoffs_key(void **state)
{
    (void)state;
    outcome o;
    load(&o, REQUIRED "type = put\n", NULL, 0);
    assert_int_equal(o.status, MCS_OK);
    assert_string_equal(mcs_job_option_type(&o.job), "put");
    load(&o, REQUIRED, NULL, 0);
    assert_string_equal(mcs_job_option_type(&o.job), "call");
}

/* mcs_format_real (engine/product.c) starts its search at 15 digits for a
 * normal double; it must print what the plain walk from the integer digits
 * up to 17 prints (the shortest text that reads back as x, never 1e+02 for
 * 100): compared here over values of every kind, subnormals and the ends
 * of the range included. */
static void walk_from_first(double x, char *buf, size_t len)
{
    double mag = fabs(x);
    int first = mag >= 1 && mag < 1e17 ? (int)floor(log10(mag)) + 1 : 1;
    for (int digits = first; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

static void test_format_real_is_the_shortest_walk(void **state)
{
    (void)state;
    const double special[] = {0, -0.0, 1, 100, 0.1, 0.3, 0.1 + 0.2, 1e-5, 1.5e12, 1e15, 1e16,
                              1e17, 123456789012345678.0, 4.9406564584124654e-324,
                              2.2250738585072014e-308, 1.7976931348623157e308, -0.15};
    char want[64], got[64];
    for (size_t i = 0; i < sizeof special / sizeof *special; i++) {
        walk_from_first(special[i], want, sizeof want);
        mcs_format_real(special[i], got, sizeof got);
        if (strcmp(want, got) != 0)
            fail_msg("%.17g: %s, the walk %s", special[i], got, want);
    }
    uint64_t u = 88172645463325252ull; /* xorshift64, fixed seed */
    for (int i = 0; i < 200000; i++) {
        u ^= u << 13;
        u ^= u >> 7;
        u ^= u << 17;
        double x, unit = (double)(u >> 11) / 9007199254740992.0;
        switch (i % 4) {
        case 0: memcpy(&x, &u, sizeof x); break;          /* any bits */
        case 1: x = round(unit * 1e6) / 1e4; break;       /* a few decimals */
        case 2: x = unit * pow(10, (int)(u % 40) - 20); break;
        default: x = -round(unit * 1e4) * 0.01; break;
        }
        if (!isfinite(x))
            continue;
        walk_from_first(x, want, sizeof want);
        mcs_format_real(x, got, sizeof got);
        if (strcmp(want, got) != 0)
            fail_msg("%.17g: %s, the walk %s", x, got, want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_file_fills_every_job_field),
        cmocka_unit_test(test_resolved_text_holds_every_key_in_its_section),
        cmocka_unit_test(test_resolved_text_loads_back_to_the_same_job),
        cmocka_unit_test(test_defaults_apply_to_optional_keys),
        cmocka_unit_test(test_names_and_sections_are_case_insensitive),
        cmocka_unit_test(test_parse_count_accepts_exponent_and_separators),
        cmocka_unit_test(test_parse_count_rejects_fractions_signs_and_bad_separators),
        cmocka_unit_test(test_paths_key_accepts_1e6_1_000_000_and_1_5e3),
        cmocka_unit_test(test_paths_key_rejects_non_counts_naming_line_8),
        cmocka_unit_test(test_seed_accepts_hex_zero_and_2_pow_64_minus_1),
        cmocka_unit_test(test_seed_rejects_negative_and_2_pow_64_naming_line_8),
        cmocka_unit_test(test_unknown_section_names_line_and_section),
        cmocka_unit_test(test_unknown_key_names_line_and_lists_valid_keys),
        cmocka_unit_test(test_missing_required_keys_are_named),
        cmocka_unit_test(test_duplicate_key_names_both_lines),
        cmocka_unit_test(test_indented_continuation_line_is_refused_with_its_line),
        cmocka_unit_test(test_key_outside_any_section_names_line_and_key),
        cmocka_unit_test(test_syntax_error_line_is_named),
        cmocka_unit_test(test_199_character_line_keeps_line_numbers),
        cmocka_unit_test(test_too_long_line_is_refused_naming_its_own_line),
        cmocka_unit_test(test_malformed_numbers_name_line_and_key),
        cmocka_unit_test(test_out_of_range_reals_name_line_and_key),
        cmocka_unit_test(test_paths_and_steps_out_of_range_name_line_and_key),
        cmocka_unit_test(test_paths_at_limits_are_accepted),
        cmocka_unit_test(test_unknown_names_list_the_valid_names),
        cmocka_unit_test(test_override_replaces_file_value),
        cmocka_unit_test(test_override_supplies_a_missing_required_key),
        cmocka_unit_test(test_bad_override_values_name_the_override_and_key),
        cmocka_unit_test(test_bad_override_of_file_key_does_not_blame_the_file),
        cmocka_unit_test(test_amounts_inside_the_precision_range),
        cmocka_unit_test(test_unknown_override_key_and_section_name_the_override),
        cmocka_unit_test(test_malformed_override_is_refused),
        cmocka_unit_test(test_missing_file_gives_noinput_naming_it),
        cmocka_unit_test(test_empty_file_names_first_missing_key),
        cmocka_unit_test(test_key_lists_make_sound_spec_rows),
        cmocka_unit_test(test_pairs_not_compiled_are_known),
        cmocka_unit_test(test_option_type_is_the_payoffs_key),
        cmocka_unit_test(test_format_real_is_the_shortest_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
