/* output_path.c - checks, locks and whole-or-nothing writes for every file
 * mcsim writes (output_path.h). */
#define _GNU_SOURCE
#include "output_path.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096

mcs_status mcs_output_check(const char *what, const char *path, int may_create_folder,
                            const char *hint, char *err, size_t err_len)
{
    char copy[PATH_CAP], tail[512] = "";
    if (strlen(path) >= sizeof copy) {
        snprintf(err, err_len, "cannot write %s: its path is longer than %d characters", what,
                 PATH_CAP - 1);
        return MCS_E_IO;
    }
    if (hint && *hint)
        snprintf(tail, sizeof tail, " (%s)", hint);
    snprintf(copy, sizeof copy, "%s", path);
    const char *dir = dirname(copy);
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, err_len,
                 "cannot write %s '%s': it exists and is not a regular file (a folder, device, "
                 "pipe or link), which mcsim never replaces; name a file%s", what, path, tail);
        return MCS_E_IO;
    }
    if (may_create_folder && stat(dir, &st) != 0) {
        char parent[PATH_CAP];
        snprintf(parent, sizeof parent, "%s", dir);
        const char *up = dirname(parent);
        if (access(up, W_OK | X_OK) != 0) {
            snprintf(err, err_len, "cannot create the folder for %s '%s': '%s' is not writable%s",
                     what, path, up, tail);
            return MCS_E_IO;
        }
        return MCS_OK;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, err_len, "cannot write %s '%s': folder '%s' %s%s", what, path, dir,
                 stat(dir, &st) != 0 ? "does not exist" : "is not a folder", tail);
        return MCS_E_IO;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, err_len, "cannot write %s '%s': folder '%s' is not writable%s", what, path,
                 dir, tail);
        return MCS_E_IO;
    }
    return MCS_OK;
}

/* The locks this process holds, released at exit. */
#define MAX_LOCKS 8
static struct {
    char path[PATH_CAP + 8];
    int fd;
} locks[MAX_LOCKS];
static int n_locks;

static void release_locks(void)
{
    for (int i = 0; i < n_locks; i++) {
        unlink(locks[i].path);
        close(locks[i].fd);
    }
    n_locks = 0;
}

mcs_status mcs_output_lock(const char *what, const char *path, char *err, size_t err_len)
{
    char lock_path[PATH_CAP + 8];
    if (n_locks == MAX_LOCKS || strlen(path) >= PATH_CAP) {
        snprintf(err, err_len, "cannot write %s '%s': cannot lock it (too many outputs or too "
                 "long a path)", what, path);
        return MCS_E_SOFTWARE;
    }
    snprintf(lock_path, sizeof lock_path, "%s.lock", path);
    for (int attempt = 0; attempt < 10; attempt++) {
        int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0) {
            snprintf(err, err_len, "cannot write %s '%s': cannot create its lock '%s': %s", what,
                     path, lock_path, strerror(errno));
            return MCS_E_IO;
        }
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            char pid[32] = "";
            ssize_t n = read(fd, pid, sizeof pid - 1);
            pid[n > 0 ? n : 0] = '\0';
            pid[strcspn(pid, "\n")] = '\0';
            close(fd);
            snprintf(err, err_len, "cannot write %s '%s': another mcsim run%s%s%s is writing it; "
                     "wait for it or name another file", what, path, pid[0] ? " (pid " : "", pid,
                     pid[0] ? ")" : "");
            return MCS_E_IO;
        }
        /* the file locked must still be the one at lock_path (a run that
         * just finished may have removed it) */
        struct stat a, b;
        if (fstat(fd, &a) == 0 && stat(lock_path, &b) == 0 && a.st_ino == b.st_ino &&
            a.st_dev == b.st_dev) {
            char pid[32];
            int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
            if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)len) != len) {
                /* the pid only serves the message of a run refused */
            }
            if (n_locks == 0)
                atexit(release_locks);
            snprintf(locks[n_locks].path, sizeof locks[n_locks].path, "%s", lock_path);
            locks[n_locks++].fd = fd;
            return MCS_OK;
        }
        close(fd);
    }
    snprintf(err, err_len, "cannot write %s '%s': its lock '%s' keeps changing", what, path,
             lock_path);
    return MCS_E_IO;
}

void mcs_output_remove_stale_temporaries(const char *path)
{
    char dir[PATH_CAP], prefix[PATH_CAP];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    const char *base = slash ? path + (slash - dir) + 1 : path;
    if (slash)
        *(slash == dir ? slash + 1 : slash) = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    snprintf(prefix, sizeof prefix, "%s.tmp.", base);
    DIR *d = opendir(dir);
    if (!d)
        return;
    size_t lp = strlen(prefix);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        const char *pid_text = e->d_name + lp;
        if (strncmp(e->d_name, prefix, lp) != 0 || !*pid_text ||
            strspn(pid_text, "0123456789") != strlen(pid_text))
            continue;
        long pid = strtol(pid_text, NULL, 10);
        if (pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
            char stale[2 * PATH_CAP];
            snprintf(stale, sizeof stale, "%s/%s", dir, e->d_name);
            unlink(stale);
        }
    }
    closedir(d);
}

int mcs_output_write_new_file(const char *name, const void *data, size_t size)
{
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    const char *p = data;
    size_t left = size;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int e = n < 0 ? errno : ENOSPC;
            close(fd);
            errno = e;
            return -1;
        }
        p += n;
        left -= (size_t)n;
    }
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
        int e = errno; /* EINVAL/EROFS: the file system does not sync; nothing lost */
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

mcs_status mcs_output_write_bytes(const char *what, const char *path, const void *data,
                                  size_t size, char *err, size_t err_len)
{
    char tmp[PATH_CAP + 32];
    if (strlen(path) >= PATH_CAP) {
        snprintf(err, err_len, "cannot write %s: its path is longer than %d characters", what,
                 PATH_CAP - 1);
        return MCS_E_IO;
    }
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    mcs_output_remove_stale_temporaries(path);
    if (mcs_output_write_new_file(tmp, data, size) != 0 || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        snprintf(err, err_len, "cannot write %s '%s': %s", what, path, strerror(e));
        return MCS_E_IO;
    }
    return MCS_OK;
}
