/* fuzz_common.h - what the libFuzzer harnesses share: handing the fuzz
 * input to a reader that takes a path, and a property-check failure that
 * libFuzzer reports as a crash (with the input saved). */
#ifndef MCS_FUZZ_COMMON_H
#define MCS_FUZZ_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create, open_memstream */
#endif
#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* What a harness removes before it dies (its temporary files): called on
 * a broken property and, through the sanitizers' death callback, on their
 * reports. Set with fuzz_on_death(). */
static void (*fuzz_cleanup)(void);
static inline void fuzz_on_death(void (*fn)(void))
{
    fuzz_cleanup = fn;
    __sanitizer_set_death_callback(fn);
}

/* A property the code under test must keep was broken: say which, and
 * abort, so libFuzzer saves the input as crash-* (and a replay fails). */
__attribute__((noreturn, format(printf, 1, 2))) static void fuzz_fail(const char *fmt, ...)
{
    if (fuzz_cleanup)
        fuzz_cleanup();
    va_list ap;
    va_start(ap, fmt);
    fputs("\n*** fuzz property broken: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
    va_end(ap);
    abort();
}

/* Is `name` in $MCS_FUZZ_SKIP (comma-separated)? A harness skips the
 * inputs of a known, reported bug named there, so that a long exploratory
 * run goes on to find others; CI and replay.sh never set it. */
static inline int fuzz_skip(const char *name)
{
    const char *list = getenv("MCS_FUZZ_SKIP");
    size_t n = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (comma != NULL);
    }
    return 0;
}

/* One file whose content is replaced for every input: a memfd (no disk,
 * no clean-up), named by a /proc/self/fd path that fopen and stat take
 * like any regular file; a temporary file where memfd_create is missing. */
typedef struct {
    int fd;
    char path[4200];
} fuzz_file;

static const char *fuzz_tmp_path;
static inline void fuzz_remove_tmp(void)
{
    if (fuzz_tmp_path)
        unlink(fuzz_tmp_path);
}

static inline void fuzz_file_open(fuzz_file *f, const char *name)
{
    f->fd = memfd_create(name, 0);
    if (f->fd >= 0) {
        snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
        if (access(f->path, R_OK) == 0)
            return;
        close(f->fd);
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(f->path, sizeof f->path, "%s/mcs_fuzz_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    f->fd = mkstemp(f->path);
    if (f->fd < 0) {
        perror("fuzz: no temporary file");
        exit(1);
    }
    fuzz_tmp_path = f->path; /* removed at exit */
    atexit(fuzz_remove_tmp);
}

/* Make the file hold exactly data[0..size). */
static inline void fuzz_file_set(fuzz_file *f, const void *data, size_t size)
{
    if (ftruncate(f->fd, 0) != 0 || lseek(f->fd, 0, SEEK_SET) != 0) {
        perror("fuzz: cannot reset the input file");
        exit(1);
    }
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(f->fd, p, size);
        if (n <= 0) {
            perror("fuzz: cannot write the input file");
            exit(1);
        }
        p += n;
        size -= (size_t)n;
    }
}

/* The input as a NUL-terminated string (cut at its first NUL); free it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
