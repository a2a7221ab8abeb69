/* notice.c - notices said once per machine (notice.h). The marker holds the
 * text last said, so a notice whose text changes (another reason) is said
 * again; it is written to a temporary name and renamed, so a concurrent
 * run reads the old text or the new, never a part. */
#define _GNU_SOURCE
#include "notice.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sysinfo.h"

#define MARKER_PATH_MAX 4096

/* mkdir that accepts an existing folder. */
static int make_dir(const char *path)
{
    return mkdir(path, 0700) == 0 || errno == EEXIST;
}

/* 1 when the regular file at path holds exactly text (a FIFO or device is
 * never opened for reading: O_NONBLOCK, then fstat). */
static int holds(const char *path, const char *text)
{
    size_t want = strlen(text);
    char *got = malloc(want + 2);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), same = 0;
    struct stat st;
    if (got && fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (size_t)st.st_size == want) {
        ssize_t n = read(fd, got, want + 1);
        same = n == (ssize_t)want && memcmp(got, text, want) == 0;
    }
    if (fd >= 0)
        close(fd);
    free(got);
    return same;
}

int mcs_notice_is_news(const char *key, const char *text)
{
    char dir[MARKER_PATH_MAX], marker[MARKER_PATH_MAX], tmp[MARKER_PATH_MAX + 32], host[256];
    if (!mcs_sysinfo_user_dir("XDG_CACHE_HOME", ".cache", dir, sizeof dir))
        return 1;
    mcs_sysinfo_host(host, sizeof host);
    for (char *c = host; *c; c++)
        if (*c == '/')
            *c = '_';
    int n = snprintf(marker, sizeof marker, "%s/%s-%s", dir, key, host);
    if (n < 0 || (size_t)n >= sizeof marker)
        return 1;
    if (holds(marker, text))
        return 0;
    /* the cache folder's parent ($HOME/.cache) may not exist yet */
    char *slash = strrchr(dir, '/');
    *slash = '\0';
    int made = make_dir(dir);
    *slash = '/';
    if (!made || !make_dir(dir))
        return 1;
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", marker, (long)getpid());
    FILE *f = fopen(tmp, "wx");
    if (!f)
        return 1;
    int ok = fputs(text, f) >= 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, marker) != 0)
        unlink(tmp);
    return 1;
}
