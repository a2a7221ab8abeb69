/* test_progress.c - the progress lines of a batch job (stderr not a
 * terminal): nothing before 15 s, then one plain line in the documented
 * form; the bar redraws at most 10 times a second; short counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "progress.h"
#include "timing.h"

/* Run update() with stderr sent to a temporary file; its text into buf. */
static void capture(mcs_progress *p, double done, uint64_t paths_done, char *buf, size_t len)
{
    char name[] = "/tmp/mcs_progress_XXXXXX";
    int fd = mkstemp(name);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    dup2(fd, STDERR_FILENO);
    mcs_progress_update(p, done, paths_done);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    lseek(fd, 0, SEEK_SET);
    ssize_t n = read(fd, buf, len - 1);
    buf[n > 0 ? n : 0] = '\0';
    close(fd);
    unlink(name);
}

static void test_lines(void **state)
{
    (void)state;
    mcs_progress p;
    char text[256];
    mcs_progress_init(&p, 20000000000ULL, MCS_PROGRESS_LINES);
    capture(&p, 0.37, 7400000000ULL, text, sizeof text);
    assert_string_equal(text, ""); /* under 15 s: quiet */
    p.start -= 24.0;               /* as if the run began 24 s ago ... */
    p.last -= 24.0;
    capture(&p, 0.37, 7400000000ULL, text, sizeof text);
    /* 24 s for 37%: 41 s left */
    assert_string_equal(text, "mcsim: 37% 7.4e9/2e10 paths, 41 s left\n");
    capture(&p, 0.38, 7600000000ULL, text, sizeof text);
    assert_string_equal(text, ""); /* the next line only 15 s later */
}

static void test_bar_rate(void **state)
{
    (void)state;
    mcs_progress p;
    char text[256];
    mcs_progress_init(&p, 1000000, MCS_PROGRESS_BAR);
    p.start -= 5.0;
    p.last -= 5.0;
    capture(&p, 0.5, 500000, text, sizeof text);
    assert_non_null(strstr(text, "50.0%"));
    /* within 0.1 s of the last draw: dated 0.05 s ahead, so that a stall in
     * capture's file handling (a loaded host) cannot make it 0.1 s ago */
    p.last = mcs_now() + 0.05;
    capture(&p, 0.6, 600000, text, sizeof text);
    assert_string_equal(text, "");
    p.last -= 0.2; /* 0.15 s ago, or more: drawn */
    capture(&p, 0.7, 700000, text, sizeof text);
    assert_non_null(strstr(text, "70.0%"));
}

static void test_none(void **state)
{
    (void)state;
    mcs_progress p;
    char text[256];
    mcs_progress_init(&p, 1000000, MCS_PROGRESS_NONE);
    p.start -= 100.0;
    p.last -= 100.0;
    capture(&p, 0.5, 500000, text, sizeof text);
    assert_string_equal(text, "");
}

static void test_short_count(void **state)
{
    (void)state;
    char b[32];
    mcs_short_count(37000, b, sizeof b);
    assert_string_equal(b, "37000");
    mcs_short_count(7.4e9, b, sizeof b);
    assert_string_equal(b, "7.4e9");
    mcs_short_count(2e10, b, sizeof b);
    assert_string_equal(b, "2e10");
    mcs_short_count(1e15, b, sizeof b);
    assert_string_equal(b, "1e15");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_bar_rate),
        cmocka_unit_test(test_none),
        cmocka_unit_test(test_short_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
