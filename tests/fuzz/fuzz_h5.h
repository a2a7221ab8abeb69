/* fuzz_h5.h - what fuzz_shard and fuzz_checkpoint share. HDF5 1.10 itself
 * crashes on arbitrary bytes (see fuzz_sweep.c), so these harnesses never
 * hand raw input to H5Fopen: the input is a stream of decisions and values
 * from which they build structurally valid HDF5 files (through mcsim's own
 * writers or the HDF5 API; the stream of decisions is fuzz_stream.h). Here:
 * a folder of this process's files, attributes in the reader's shape and in
 * others, and the rows of a `nodes` dataset (the aligned subtrees of a merge
 * tree, engine/shard.c); the jobs the rows are checked against, and the
 * harnesses' own statement of what a run of a job writes in a row. Files
 * are sealed as mcsim seals its own (fuzz_seal.h), unless the input says
 * not to. */
#ifndef MCS_FUZZ_H5_H
#define MCS_FUZZ_H5_H

#include <dirent.h>
#include <errno.h>
#include <hdf5.h>
#include <math.h>
#include <signal.h>
#include <sys/stat.h>
#include "fuzz_common.h"
#include "fuzz_seal.h"
#include "fuzz_stream.h"
#include "product.h"
#include "shard.h"
#include "stats.h"

/* each harness takes the pieces it needs */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"

/* A block count or index of any size: small ones mostly, powers of two and
 * their neighbours, the largest values, and any 64-bit value. */
static uint64_t take_count(src *s)
{
    switch (u8(s) % 6) {
    case 5: return UINT64_MAX - u8(s);
    case 0: return u8(s);
    case 1: return take(s, 2);
    case 2: {
        uint64_t p = (uint64_t)1 << (u8(s) % 64);
        return p + (uint64_t)(int64_t)(int8_t)u8(s); /* 2^j - 128 .. 2^j + 127 */
    }
    case 3: return take(s, 8);
    default: return take(s, 4);
    }
}

/* Moments with every bit from the input (NaN payloads, the means and
 * co-moments past k included). */
static void take_moments(src *s, mcs_moments *m)
{
    m->n = take(s, 8);
    for (int i = 0; i < MCS_MAX_OUTPUTS; i++) {
        uint64_t b = take(s, 8);
        memcpy(&m->mean[i], &b, sizeof b);
    }
    for (int i = 0; i < MCS_MAX_CROSS; i++) {
        uint64_t b = take(s, 8);
        memcpy(&m->cm[i], &b, sizeof b);
    }
}

/* --- outcome counts, printed at exit when MCS_FUZZ_STATS is set: how
 * often each path is reached (a harness whose joins never succeed tests
 * little) --------------------------------------------------------------- */
static struct {
    const char *name;
    unsigned long n;
} fh5_tally[48];

static void fh5_print_tally(void)
{
    for (int i = 0; i < 48 && fh5_tally[i].name; i++)
        fprintf(stderr, "stats: %-40s %lu\n", fh5_tally[i].name, fh5_tally[i].n);
}

static void fh5_count(const char *name)
{
    for (int i = 0; i < 48; i++) {
        if (!fh5_tally[i].name) {
            fh5_tally[i].name = name;
            if (i == 0 && getenv("MCS_FUZZ_STATS"))
                atexit(fh5_print_tally);
        }
        if (strcmp(fh5_tally[i].name, name) == 0) {
            fh5_tally[i].n++;
            return;
        }
    }
}

/* --- this process's folder: BASE/p<PID>, BASE shared by the harness's
 * runs (on tmpfs where there is one). A crash in the sanitizers leaves it
 * behind (the death callback may not get to run): the next run removes
 * the folders of processes that are gone. */
static char fh5_dir[4096];

static void fh5_remove_dir(const char *d)
{
    DIR *dp = opendir(d);
    struct dirent *e;
    while (dp && (e = readdir(dp)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char f[8400];
        snprintf(f, sizeof f, "%s/%s", d, e->d_name);
        unlink(f);
    }
    if (dp)
        closedir(dp);
    rmdir(d);
}

static void fh5_cleanup(void)
{
    if (fh5_dir[0])
        fh5_remove_dir(fh5_dir);
}

static void fh5_init(const char *harness)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL); /* failed calls print nothing */
    const char *tmp = getenv("TMPDIR");
    char base[4000];
    snprintf(base, sizeof base, "%s/mcs_%s-%d",
             access("/dev/shm", W_OK) == 0 ? "/dev/shm" : tmp && *tmp ? tmp : "/tmp", harness,
             (int)getuid());
    if (mkdir(base, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: no temporary folder %s: %s\n", harness, base, strerror(errno));
        exit(1);
    }
    DIR *dp = opendir(base);
    struct dirent *e;
    while (dp && (e = readdir(dp)) != NULL) {
        int pid;
        char rest[2];
        if (sscanf(e->d_name, "p%d%1s", &pid, rest) == 1 && pid > 0 && kill(pid, 0) != 0 &&
            errno == ESRCH) {
            char stale[4400];
            snprintf(stale, sizeof stale, "%s/%s", base, e->d_name);
            fh5_remove_dir(stale);
        }
    }
    if (dp)
        closedir(dp);
    snprintf(fh5_dir, sizeof fh5_dir, "%s/p%d", base, (int)getpid());
    if (mkdir(fh5_dir, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot make %s: %s\n", harness, fh5_dir, strerror(errno));
        exit(1);
    }
    atexit(fh5_cleanup);
    fuzz_on_death(fh5_cleanup);
}

/* --- attributes ---------------------------------------------------------- */
static hid_t fh5_vlen_string(void)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, H5T_VARIABLE);
    H5Tset_cset(t, H5T_CSET_UTF8);
    return t;
}

static void fh5_put(hid_t loc, const char *name, hid_t type, hid_t space, const void *v)
{
    hid_t a = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    if (a >= 0) {
        if (v)
            H5Awrite(a, type, v);
        H5Aclose(a);
    }
}

/* A scalar variable-length string, as mcsim writes one. */
static void fh5_put_str(hid_t loc, const char *name, const char *v)
{
    hid_t t = fh5_vlen_string(), sp = H5Screate(H5S_SCALAR);
    fh5_put(loc, name, t, sp, &v);
    H5Sclose(sp);
    H5Tclose(t);
}

/* A string attribute in one of its shapes (how: 0-3 right, 4 absent,
 * 5 fixed-length, 6 an integer, 7 an array of two strings, 8 empty
 * dataspace, 9 a NULL string). */
static void fh5_put_str_as(hid_t loc, const char *name, const char *v, unsigned how)
{
    if (how <= 3) {
        fh5_put_str(loc, name, v);
        return;
    }
    if (how == 4)
        return;
    hid_t t = -1, sp = -1;
    const void *value = NULL;
    static const char *two[2];
    static int32_t one_int = 7;
    static const char *null_str;
    hsize_t dims[1] = {2};
    switch (how) {
    case 5:
        t = H5Tcopy(H5T_C_S1);
        H5Tset_size(t, strlen(v) + 1);
        sp = H5Screate(H5S_SCALAR);
        value = v;
        break;
    case 6:
        t = H5Tcopy(H5T_NATIVE_INT32);
        sp = H5Screate(H5S_SCALAR);
        value = &one_int;
        break;
    case 7:
        two[0] = two[1] = v;
        t = fh5_vlen_string();
        sp = H5Screate_simple(1, dims, NULL);
        value = two;
        break;
    case 8:
        t = fh5_vlen_string();
        sp = H5Screate(H5S_NULL);
        break;
    default:
        null_str = NULL;
        t = fh5_vlen_string();
        sp = H5Screate(H5S_SCALAR);
        value = &null_str;
        break;
    }
    fh5_put(loc, name, t, sp, value);
    H5Sclose(sp);
    H5Tclose(t);
}

/* A numeric attribute in one of its shapes: how 0-7 the reader's type
 * `right` (a scalar), 8 absent, 9 another integer or a double, 10 a
 * string, 11 an array of two, 12 empty dataspace, 13 a 1x1 array;
 * `v` is the value as a uint64 (converted to the type chosen). */
static void fh5_put_num_as(hid_t loc, const char *name, hid_t right, uint64_t v, unsigned how,
                           unsigned other)
{
    if (how == 8)
        return;
    static uint64_t two[2];
    hid_t t, sp;
    hsize_t dims[2] = {2, 1};
    const void *value = &v;
    int32_t i32 = (int32_t)v;
    double dbl = (double)v;
    static const char *text = "12";
    if (how == 9) { /* another number type, the value converted */
        switch (other % 6) {
        case 0: t = H5Tcopy(H5T_NATIVE_INT32); value = &i32; break;
        case 1: t = H5Tcopy(H5T_NATIVE_UINT32); value = &i32; break;
        case 2: t = H5Tcopy(H5T_NATIVE_INT64); break;
        case 3: t = H5Tcopy(H5T_NATIVE_UINT64); break;
        case 4: t = H5Tcopy(H5T_NATIVE_DOUBLE); value = &dbl; break;
        default: t = H5Tcopy(H5T_NATIVE_INT8); value = &i32; break; /* its low byte */
        }
        sp = H5Screate(H5S_SCALAR);
    } else if (how == 10) {
        t = fh5_vlen_string();
        sp = H5Screate(H5S_SCALAR);
        value = &text;
    } else if (how == 11) {
        two[0] = two[1] = v;
        t = H5Tcopy(H5T_NATIVE_UINT64);
        sp = H5Screate_simple(1, dims, NULL);
        value = two;
    } else if (how == 12) {
        t = H5Tcopy(H5T_NATIVE_UINT64);
        sp = H5Screate(H5S_NULL);
        value = NULL;
    } else if (how == 13) {
        dims[0] = 1;
        t = H5Tcopy(H5T_NATIVE_UINT64);
        sp = H5Screate_simple(2, dims, NULL);
    } else {
        t = H5Tcopy(right);
        sp = H5Screate(H5S_SCALAR);
        if (H5Tget_size(right) == 4)
            value = &i32;
    }
    fh5_put(loc, name, t, sp, value);
    H5Sclose(sp);
    H5Tclose(t);
}

/* --- the rows of a `nodes` dataset: engine/shard.h's mcs_node_row ------ */

/* The aligned subtrees that cover blocks [first, end), left to right, as
 * the merge tree of that range would hold them: at most max. */
static int fh5_decompose(uint64_t first, uint64_t end, uint64_t *start, uint64_t *size, int max)
{
    int n = 0;
    for (uint64_t p = first; p < end && n < max; n++) {
        uint64_t s = p ? p & -p : (uint64_t)1 << 63;
        while (s > end - p)
            s >>= 1;
        start[n] = p;
        size[n] = s;
        p += s;
    }
    return n;
}

/* One `nodes` member in another type than the reader's. */
static hid_t fh5_other_member(unsigned how)
{
    hsize_t d2[1] = {2}, d4[1] = {MCS_MAX_OUTPUTS};
    switch (how % 6) {
    case 0: return H5Tcopy(H5T_NATIVE_INT32);
    case 1: return H5Tcopy(H5T_NATIVE_DOUBLE);
    case 2: return fh5_vlen_string();
    case 3: return H5Tarray_create2(H5T_NATIVE_DOUBLE, 1, d2);
    case 4: return H5Tarray_create2(H5T_NATIVE_UINT64, 1, d4);
    default: return H5Tcopy(H5T_NATIVE_UINT8);
    }
}

/* Dataset `nodes` in `grp` with the rows given (n of them, any number) of
 * a job of k outputs, the rows' width mostly k, or the legacy width or any
 * other, in a shape chosen by the input: mostly the reader's; or members
 * dropped, renamed or retyped; 2 dimensions, a scalar, an empty dataspace;
 * an integer dataset; a group. Then its `checksum` attribute: mostly the
 * right one (over what the reader will read), or a wrong, absent or
 * mistyped one. Returns the rows the reader will see (-1: unreadable). */
static int fh5_put_nodes(hid_t grp, src *s, mcs_node_row *rows, int n, int k)
{
    unsigned shape = u8(s) % 16, pick = u8(s) % 16;
    const int width = pick < 12 ? k : pick < 14 ? MCS_LEGACY_ROW_WIDTH
                                                : 1 + (int)(u8(s) % MCS_MAX_OUTPUTS);
    hid_t mem = mcs_node_row_type(width), file_type = -1, space = -1, d = -1;
    int readable = n;
    if (shape == 13) { /* a group */
        hid_t g = H5Gcreate2(grp, "nodes", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        if (g >= 0)
            H5Gclose(g);
        readable = -1;
    } else if (shape == 14) { /* absent */
        readable = -1;
    } else {
        hsize_t dims[2] = {(hsize_t)n, 1};
        if (shape == 10 && n > 1 && n % 2 == 0) { /* 2 dimensions */
            dims[0] = (hsize_t)n / 2;
            dims[1] = 2;
            space = H5Screate_simple(2, dims, NULL);
        } else if (shape == 11 && n == 1) {
            space = H5Screate(H5S_SCALAR);
        } else if (shape == 11 && n == 0) {
            space = H5Screate(H5S_NULL);
        } else {
            space = H5Screate_simple(1, dims, NULL);
        }
        if (shape == 12) { /* not a compound */
            file_type = H5Tcopy(H5T_NATIVE_INT64);
            readable = -1;
        } else if (shape == 15) { /* members dropped, renamed or retyped */
            static const char *const names[] = {"start", "size", "n", "mean", "comoments"};
            hid_t types[5];
            char nm[5][16];
            size_t total = 0;
            int kept = 0;
            for (int i = 0; i < 5; i++) {
                unsigned how = u8(s) % 5;
                if (how == 1)
                    continue;
                snprintf(nm[kept], sizeof nm[kept], "%s%s", names[i], how == 2 ? "_x" : "");
                if (how == 3) {
                    types[kept] = fh5_other_member(u8(s));
                } else {
                    hid_t mt = H5Tget_member_type(mem, (unsigned)i);
                    types[kept] = H5Tcopy(mt);
                    H5Tclose(mt);
                }
                total += H5Tget_size(types[kept]);
                kept++;
            }
            if (kept == 0) {
                snprintf(nm[0], sizeof nm[0], "nothing");
                types[kept++] = H5Tcopy(H5T_NATIVE_INT32);
                total = 4;
            }
            file_type = H5Tcreate(H5T_COMPOUND, total);
            for (int i = 0, off = 0; i < kept; i++) {
                H5Tinsert(file_type, nm[i], (size_t)off, types[i]);
                off += (int)H5Tget_size(types[i]);
                H5Tclose(types[i]);
            }
        } else {
            file_type = H5Tcopy(mem);
        }
        d = H5Dcreate2(grp, "nodes", file_type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        if (d >= 0 && n > 0) {
            if (shape == 12) {
                int64_t *ints = calloc((size_t)n, sizeof *ints);
                if (!ints)
                    abort();
                for (int i = 0; i < n; i++)
                    ints[i] = (int64_t)rows[i].start;
                H5Dwrite(d, H5T_NATIVE_INT64, H5S_ALL, H5S_ALL, H5P_DEFAULT, ints);
                free(ints);
            } else if (shape == 15) {
                /* whatever HDF5 converts; a vlen string member written as
                 * pointers would need real strings: fill the file's type
                 * with raw bytes instead, strings as NULL */
                size_t sz = H5Tget_size(file_type);
                unsigned char *buf = calloc((size_t)n, sz);
                if (!buf)
                    abort();
                int nm_ = H5Tget_nmembers(file_type);
                for (int i = 0; i < n; i++)
                    for (int m = 0; m < nm_; m++) {
                        hid_t mt = H5Tget_member_type(file_type, (unsigned)m);
                        size_t off = H5Tget_member_offset(file_type, (unsigned)m);
                        if (H5Tis_variable_str(mt) <= 0) {
                            /* the row's bytes at that offset, as far as they go */
                            size_t msz = H5Tget_size(mt);
                            for (size_t b = 0; b < msz; b++)
                                buf[(size_t)i * sz + off + b] =
                                    off + b < sizeof rows[i]
                                        ? ((const unsigned char *)&rows[i])[off + b]
                                        : (unsigned char)u8(s);
                        }
                        H5Tclose(mt);
                    }
                H5Dwrite(d, file_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf);
                free(buf);
            } else {
                H5Dwrite(d, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows);
            }
        }
    }
    /* the reader takes rows of the job's width, or the legacy width when
     * the job's outputs fit in it, and nothing else */
    if (d >= 0 && readable >= 0) {
        int w = mcs_node_rows_width(d);
        if (!(w == k || (w == MCS_LEGACY_ROW_WIDTH && k <= w)))
            readable = -1;
    }
    /* the checksum of what the reader will read */
    uint64_t sum = 0;
    if (d >= 0 && readable > 0 && readable <= 128) {
        mcs_node_row *back = calloc((size_t)readable, sizeof *back);
        if (!back)
            abort();
        if (H5Dread(d, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, back) >= 0)
            sum = mcs_node_rows_checksum(back, (size_t)readable, width);
        else
            readable = -1;
        free(back);
    } else if (readable == 0) {
        sum = mcs_node_rows_checksum(rows, 0, width);
    }
    unsigned how = u8(s) % 16;
    if (how == 14) /* wrong */
        sum ^= 1 + take(s, 8);
    fh5_put_num_as(grp, "checksum", H5T_NATIVE_UINT64, sum, how < 14 ? how : 0, u8(s));
    if (d >= 0)
        H5Dclose(d);
    if (space >= 0)
        H5Sclose(space);
    if (file_type >= 0)
        H5Tclose(file_type);
    H5Tclose(mem);
    return readable;
}

/* Rows for the subtrees [start, size) of a range, values from the input;
 * then, as the input says, some rows' start or size replaced by any value,
 * a row dropped or one added. Returns the count (<= max). */
static int fh5_rows(src *s, mcs_node_row *rows, int max, const uint64_t *start, const uint64_t *size,
                    int n)
{
    static mcs_moments palette[4];
    int np = 1 + (int)(u8(s) % 4);
    for (int i = 0; i < np; i++)
        take_moments(s, &palette[i]);
    int out = 0;
    for (int i = 0; i < n && out < max; i++) {
        mcs_node_row *r = &rows[out++];
        const mcs_moments *m = &palette[u8(s) % (unsigned)np];
        r->start = start[i];
        r->size = size[i];
        r->n = m->n;
        memcpy(r->mean, m->mean, sizeof r->mean);
        memcpy(r->cm, m->cm, sizeof r->cm);
    }
    unsigned edits = u8(s) % 4;
    for (unsigned e = 0; e < edits; e++) {
        unsigned what = u8(s) % 6, at = out ? u8(s) % (unsigned)out : 0;
        if (what == 0 && out)
            rows[at].start = take_count(s);
        else if (what == 1 && out)
            rows[at].size = take_count(s);
        else if (what == 2 && out) { /* dropped */
            memmove(&rows[at], &rows[at + 1], (size_t)(out - (int)at - 1) * sizeof *rows);
            out--;
        } else if (what == 3 && out < max) { /* one more */
            mcs_node_row *r = &rows[out++];
            memset(r, 0, sizeof *r);
            r->start = take_count(s);
            r->size = take_count(s);
            r->n = take(s, 2);
        } else if (what == 4 && out) { /* 2^63-sized neighbours */
            rows[at].size = (uint64_t)1 << 63;
        } else if (out) {
            rows[at].n = take(s, 8);
        }
    }
    return out;
}

/* --- jobs and their rows ------------------------------------------------- */

/* A job of `blocks` blocks (any number) with k outputs (1: a European, 2:
 * a barrier; 0 returned for other k, which no payoff has), its block size
 * from `bs` (1 to 65536; 1 when blocks of that size overflow 64 bits), its
 * last block short of full by `short_by` paths (modulo the block size). */
static int fh5_job(mcs_job *job, int k, uint64_t blocks, uint64_t bs, uint64_t short_by)
{
    memset(job, 0, sizeof *job);
    if (k < 1 || k > 2)
        return 0;
    job->option.payoff = k == 1 ? MCS_PAYOFF_EUROPEAN : MCS_PAYOFF_BARRIER;
    uint64_t size = 1 + bs % 65536;
    if (blocks > UINT64_MAX / size - 1)
        size = 1;
    job->sim.block_size = (uint32_t)size;
    job->sim.paths = blocks * size - (blocks ? short_by % size : 0);
    if (mcs_job_outputs(job) != k || mcs_job_blocks(job) != blocks)
        fuzz_fail("fh5_job: a job of %d outputs and %llu blocks came out %d and %llu", k,
                  (unsigned long long)blocks, mcs_job_outputs(job),
                  (unsigned long long)mcs_job_blocks(job));
    return 1;
}

/* Is a row what a run of `job` writes? Said here independently of
 * mcs_node_check (engine/shard.c): inside the job's blocks, the paths of
 * `size` full blocks less what the last block lacks when the row holds
 * it, every mean and co-moment of the job's outputs finite, no sum of
 * squares below 0. */
static int fh5_row_ok(const mcs_job *job, uint64_t start, uint64_t size, const mcs_moments *m)
{
    const unsigned __int128 blocks = mcs_job_blocks(job), bs = job->sim.block_size;
    const unsigned __int128 end = (unsigned __int128)start + size;
    if (size == 0 || end > blocks)
        return 0;
    unsigned __int128 paths = size * bs;
    if (end == blocks)
        paths -= blocks * bs - job->sim.paths;
    if (m->n != paths)
        return 0;
    const int k = mcs_job_outputs(job);
    for (int i = 0, c = 0; i < k; i++) {
        if (!isfinite(m->mean[i]))
            return 0;
        for (int j = i; j < k; j++, c++)
            if (!isfinite(m->cm[c]) || (i == j && m->cm[c] < 0))
                return 0;
    }
    return 1;
}

/* Are two moments of k outputs the same: n and the k outputs' means and
 * co-moments, bit for bit (files store no more than k). */
static int fh5_same_moments(const mcs_moments *a, const mcs_moments *b, int k)
{
    return a->n == b->n && memcmp(a->mean, b->mean, (size_t)k * sizeof(double)) == 0 &&
           memcmp(a->cm, b->cm, (size_t)(k * (k + 1) / 2) * sizeof(double)) == 0;
}

/* Are two merge trees the same: k, the blocks and next block, and the
 * subtrees on the stack, bit for bit (what lies past the stack is stale). */
static int fh5_same_tree(const mcs_merge_tree *a, const mcs_merge_tree *b)
{
    if (a->k != b->k || a->depth != b->depth || a->blocks != b->blocks || a->next != b->next)
        return 0;
    for (int d = 0; d < a->depth; d++)
        if (a->start[d] != b->start[d] || a->size[d] != b->size[d] ||
            !fh5_same_moments(&a->node[d], &b->node[d], a->k))
            return 0;
    return 1;
}

/* What any merge tree must hold: a stack of at most 128 aligned
 * power-of-two subtrees that follow on, ending at next. */
static void fh5_check_tree(const mcs_merge_tree *t, uint64_t first, const char *what)
{
    if (t->depth < 0 || t->depth > 128)
        fuzz_fail("%s: tree depth %d", what, t->depth);
    uint64_t at = first, blocks = 0;
    for (int d = 0; d < t->depth; d++) {
        uint64_t sz = t->size[d];
        if (t->start[d] != at || sz == 0 || (sz & (sz - 1)) != 0 || t->start[d] % sz != 0)
            fuzz_fail("%s: subtree %d (%llu+%llu) is not aligned or does not follow on at %llu",
                      what, d, (unsigned long long)t->start[d], (unsigned long long)sz,
                      (unsigned long long)at);
        at += sz;
        blocks += sz;
    }
    if (at != t->next || blocks != t->blocks)
        fuzz_fail("%s: subtrees end at %llu holding %llu blocks, the tree says next %llu, "
                  "%llu blocks", what, (unsigned long long)at, (unsigned long long)blocks,
                  (unsigned long long)t->next, (unsigned long long)t->blocks);
}

#pragma clang diagnostic pop

#endif
