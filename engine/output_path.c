/* output_path.c - checks, locks and whole-or-nothing writes for every file
 * mcsim writes (output_path.h). */
#define _GNU_SOURCE
#include "output_path.h"
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <limits.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_CAP 4096 /* PATH_MAX: the longest path, with its NUL, the kernel takes */
/* The longest name mcsim makes from an output's: PATH.tmp.<pid> with the
 * widest pid Linux gives (PID_MAX_LIMIT, 2^22 on 64-bit); PATH.lock and a
 * default name made unique (NAME-999.h5) are shorter. */
#define LONGEST_SUFFIX ".tmp.4194304"

/* Does `path` leave room for the names made from it (LONGEST_SUFFIX) in
 * its folder `dir`'s NAME_MAX and in PATH_MAX? */
static mcs_status check_name_length(const char *what, const char *path, const char *dir,
                                    const char *tail, char *err, size_t err_len)
{
    const size_t extra = strlen(LONGEST_SUFFIX), len = strlen(path);
    const char *slash = strrchr(path, '/');
    const size_t name = strlen(slash ? slash + 1 : path);
    long name_max = pathconf(dir, _PC_NAME_MAX); /* the folder's file system */
    if (name_max <= 0)
        name_max = NAME_MAX;
    if (name + extra > (size_t)name_max) {
        snprintf(err, err_len, "cannot write %s '%s': its name is %zu characters, and the "
                 "temporary written first (NAME.tmp.<pid>, up to %zu more) must fit the "
                 "folder's limit of %ld (NAME_MAX): at most %ld; name a shorter file%s", what,
                 path, name, extra, name_max, name_max - (long)extra, tail);
        return MCS_E_IO;
    }
    if (len + extra >= PATH_CAP) {
        snprintf(err, err_len, "cannot write %s: its path is %zu characters, and the temporary "
                 "written first (PATH.tmp.<pid>, up to %zu more) must stay below %d "
                 "(PATH_MAX): at most %zu%s", what, len, extra, PATH_CAP, PATH_CAP - 1 - extra,
                 tail);
        return MCS_E_IO;
    }
    return MCS_OK;
}

mcs_status mcs_output_check(const char *what, const char *path, int may_create_folder,
                            const char *hint, char *err, size_t err_len)
{
    char copy[PATH_CAP], tail[512] = "";
    if (hint && *hint)
        snprintf(tail, sizeof tail, " (%s)", hint);
    if (strlen(path) >= sizeof copy)
        return check_name_length(what, path, ".", tail, err, err_len);
    snprintf(copy, sizeof copy, "%s", path);
    const char *dir = dirname(copy);
    if (check_name_length(what, path, dir, tail, err, err_len) != MCS_OK)
        return MCS_E_IO;
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

/* The locks this process holds, released by mcs_output_unlock or at exit;
 * the table is shared by the threads of a process (libmcsim), so guarded. */
#define MAX_LOCKS 8
static struct {
    char path[PATH_CAP + 8];
    int fd;
} locks[MAX_LOCKS];
static int n_locks, release_registered;
static pthread_mutex_t locks_mutex = PTHREAD_MUTEX_INITIALIZER;

static void release_locks(void)
{
    pthread_mutex_lock(&locks_mutex);
    for (int i = 0; i < n_locks; i++) {
        unlink(locks[i].path);
        close(locks[i].fd);
    }
    n_locks = 0;
    pthread_mutex_unlock(&locks_mutex);
}

void mcs_output_unlock(const char *path)
{
    char lock_path[PATH_CAP + 8];
    snprintf(lock_path, sizeof lock_path, "%s.lock", path);
    pthread_mutex_lock(&locks_mutex);
    for (int i = 0; i < n_locks; i++)
        if (strcmp(locks[i].path, lock_path) == 0) {
            unlink(locks[i].path);
            close(locks[i].fd);
            locks[i] = locks[--n_locks];
            break;
        }
    pthread_mutex_unlock(&locks_mutex);
}

/* Keep the lock held on fd, unless the table is full (MCS_E_SOFTWARE). */
static mcs_status keep_lock(const char *lock_path, int fd)
{
    mcs_status st = MCS_E_SOFTWARE;
    pthread_mutex_lock(&locks_mutex);
    if (n_locks < MAX_LOCKS) {
        if (!release_registered)
            atexit(release_locks);
        release_registered = 1;
        snprintf(locks[n_locks].path, sizeof locks[n_locks].path, "%s", lock_path);
        locks[n_locks++].fd = fd;
        st = MCS_OK;
    }
    pthread_mutex_unlock(&locks_mutex);
    return st;
}

mcs_status mcs_output_lock(const char *what, const char *path, char *err, size_t err_len)
{
    char lock_path[PATH_CAP + 8];
    if (strlen(path) >= PATH_CAP) {
        snprintf(err, err_len, "cannot write %s '%s': cannot lock it (too long a path)", what,
                 path);
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
            if (keep_lock(lock_path, fd) != MCS_OK) {
                unlink(lock_path);
                close(fd);
                snprintf(err, err_len, "cannot write %s '%s': cannot lock it (this process "
                         "holds %d output locks already, the most it can)", what, path,
                         MAX_LOCKS);
                return MCS_E_SOFTWARE;
            }
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

int mcs_input_open(const char *what, const char *path, mcs_status *st, char *err,
                   size_t err_len)
{
    struct stat sb;
    int fd = -1;
    *st = MCS_E_NOINPUT;
    /* stat first: a device is never opened (opening some has effects) */
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
        goto not_regular;
    if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
        snprintf(err, err_len, "%s '%s': cannot open: %s", what, path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode)) { /* still one once open */
        *st = MCS_OK;
        return fd;
    }
    close(fd);
not_regular:
    snprintf(err, err_len, "%s '%s': not a regular file (a folder, device or pipe?)", what, path);
    return -1;
}

mcs_status mcs_input_check(const char *what, const char *path, char *err, size_t err_len)
{
    mcs_status st;
    int fd = mcs_input_open(what, path, &st, err, err_len);
    if (fd >= 0)
        close(fd);
    return st;
}

/* `path` with its folder resolved (symbolic links, . and ..), for files
 * that do not exist yet; the path as given when its folder is missing. */
static void resolved_name(const char *path, char *buf, size_t len)
{
    char copy[PATH_CAP], real[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", path);
    const char *slash = strrchr(path, '/');
    if (realpath(dirname(copy), real))
        snprintf(buf, len, "%s/%s", real, slash ? slash + 1 : path);
    else
        snprintf(buf, len, "%s", path);
}

int mcs_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    int has_a = stat(a, &sa) == 0, has_b = stat(b, &sb) == 0;
    if (has_a || has_b)
        return has_a && has_b && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ra[2 * PATH_CAP], rb[2 * PATH_CAP];
    resolved_name(a, ra, sizeof ra);
    resolved_name(b, rb, sizeof rb);
    return strcmp(ra, rb) == 0;
}

mcs_status mcs_output_not_input(const char *what, const char *path, const char *input_what,
                                const char *input, char *err, size_t err_len)
{
    if (!input || !mcs_same_file(path, input))
        return MCS_OK;
    snprintf(err, err_len, "%s '%s' and %s '%s' are the same file, which writing the %s "
             "would replace; name another file for the %s", what, path, input_what, input, what,
             what);
    return MCS_E_USAGE;
}
