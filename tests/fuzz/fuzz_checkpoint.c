/* fuzz_checkpoint.c - engine/checkpoint.c: mcs_checkpoint_write and
 * mcs_checkpoint_read, on structurally valid HDF5 files (HDF5 1.10 itself
 * crashes on arbitrary bytes: fuzz_h5.h), sealed as mcsim seals them
 * (fuzz_seal.h). The input's bytes are decisions and values; the first
 * byte picks one of three ways:
 *
 * "roundtrip": a merge tree from any first block (mcs_tree_init_at) of a
 * job of one or two outputs and any size, each block's path count the
 * job's and its means and co-moments from the input, in a share [first,
 * end) around it, with a resolved config (any text), written by
 * mcs_checkpoint_write to a temporary folder; read back for the same job,
 * config and share, the tree must come back bit for bit when every row is
 * what a run of the job writes (fh5_row_ok: finite moments, no negative
 * sum of squares), and be refused (MCS_E_DATA) otherwise. Read for another
 * share, job size, output count or job (config), or from no file, it must
 * be refused (MCS_E_DATA, or MCS_E_NOINPUT for no file) with a message.
 *
 * "damage": a checkpoint written as above, then damaged: bytes flipped
 * anywhere in the file (its seal, HDF5's structures, the rows), which the
 * seal must find: refused with MCS_E_DATA before HDF5 parses the file; or
 * bytes of its data region (the raw `nodes` rows) flipped and the file
 * sealed again, which the rows' checksum must find; or, through the HDF5
 * API, one attribute's value changed (kind, config, first_block,
 * end_block, blocks, next_block, outputs, checksum), the file sealed again
 * or not: refused unless nothing changed (or, sealed again, only the
 * config's comments or `[output]`), when it reads as written; or rows'
 * values changed with the checksum and seal made to match (a forgery): a
 * row no run of the job writes must be refused, and a tree read must be
 * well formed with every row one a run writes.
 *
 * "hostile": a file built with the HDF5 API, its values mostly those of a
 * checkpoint of a share of a job of any size, each attribute, the root
 * `kind` and `config`, the /checkpoint group and the `nodes` rows (their
 * count, starts, sizes, values, shape, member types) and checksum changed
 * as the input says, sealed or not; or no file, or a file that is not
 * HDF5. mcs_checkpoint_read must give a well-formed tree within the share
 * (aligned subtrees from its first block to next_block, each row one a
 * run of the job writes) or refuse with MCS_E_DATA (MCS_E_NOINPUT: no
 * file) and a message. */
#include "checkpoint.h"
#include "fuzz_h5.h"

static char path[4200];
static mcs_merge_tree tree, back;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fh5_init("fuzz_checkpoint");
    snprintf(path, sizeof path, "%s/checkpoint.h5", fh5_dir);
    return 0;
}

/* A resolved config, or any text (up to 2 KB). */
static const char *config_text(src *s)
{
    static char b[2048];
    unsigned which = u8(s) % 4;
    if (which == 3) {
        take_text(s, b, sizeof b, 1);
        return b;
    }
    snprintf(b, sizeof b,
             "; resolved config\n[model]\ntype = gbm\n[simulation]\npaths = %u\nseed = 42\n"
             "block_size = 1024\n[output]\nfile = run.h5\n",
             1000000u * (which + 1));
    return b;
}

/* The status of a read that must fail. */
static void check_refused(mcs_status st, mcs_status want, const char *err, const char *what)
{
    if (st != want || !err[0])
        fuzz_fail("mcs_checkpoint_read %s: status %d (want %d), message '%s'", what, (int)st,
                  (int)want, err);
}

/* Does every row of t hold what a run of `job` writes (fh5_row_ok)? */
static int rows_ok(const mcs_merge_tree *t, const mcs_job *job)
{
    for (int d = 0; d < t->depth; d++)
        if (!fh5_row_ok(job, t->start[d], t->size[d], &t->node[d]))
            return 0;
    return 1;
}

/* A tree the reader gave back: well formed, within the share, every row
 * one a run of the job writes. */
static void check_tree(const mcs_merge_tree *t, const mcs_block_range *range,
                       const mcs_job *job)
{
    const int k = mcs_job_outputs(job);
    fh5_check_tree(t, range->first, "mcs_checkpoint_read");
    if (t->k != k || t->next > range->end)
        fuzz_fail("mcs_checkpoint_read: a tree of %d outputs to block %llu, for %d outputs and "
                  "blocks %llu to %llu", t->k, (unsigned long long)t->next, k,
                  (unsigned long long)range->first, (unsigned long long)range->end);
    if (!rows_ok(t, job))
        fuzz_fail("mcs_checkpoint_read gave a tree with a row no run of the job writes");
}

/* A checkpoint from the input: job, tree, share, config. */
typedef struct {
    mcs_job job;
    int k;
    mcs_block_range range;
    uint64_t blocks, bs, short_by;
    const char *config;
} job;

static void make(src *s, job *j)
{
    static mcs_moments palette[4];
    static uint8_t pick[600];
    j->k = 1 + (int)(u8(s) % 2);
    int np = 1 + (int)(u8(s) % 4);
    uint64_t m = take(s, 2) % 600, first = take_count(s);
    if (first > UINT64_MAX - m)
        first = UINT64_MAX - m;
    for (int i = 0; i < np; i++)
        take_moments(s, &palette[i]);
    for (uint64_t b = 0; b < m; b++)
        pick[b] = (uint8_t)(u8(s) % (unsigned)np);
    uint64_t more = take_count(s), beyond = take_count(s);
    j->range.first = first;
    j->range.end = first + m + (more > UINT64_MAX - first - m ? 0 : more);
    j->blocks = j->range.end + (beyond > UINT64_MAX - j->range.end ? 0 : beyond);
    j->config = config_text(s);
    j->bs = take(s, 2);
    j->short_by = take(s, 2);
    fh5_job(&j->job, j->k, j->blocks, j->bs, j->short_by);
    /* each block holds the job's paths; its means and co-moments the input's */
    mcs_tree_init_at(&tree, j->k, first);
    for (uint64_t b = 0; b < m; b++) {
        mcs_moments block = palette[pick[b]];
        block.n = mcs_job_block_paths(&j->job, first + b);
        mcs_tree_push(&tree, &block);
    }
    char err[8192] = "";
    mcs_status st = mcs_checkpoint_write(path, j->config, &j->range, j->blocks, &tree, err,
                                         sizeof err);
    if (st != MCS_OK)
        fuzz_fail("mcs_checkpoint_write: %s", err);
}

/* --- roundtrip ---------------------------------------------------------- */
static void roundtrip(src *s)
{
    job j;
    make(s, &j);
    char err[8192] = "";
    mcs_status st = mcs_checkpoint_read(path, &j.job, j.config, &j.range, &back, err,
                                        sizeof err);
    if (!rows_ok(&tree, &j.job)) { /* non-finite moments, a negative sum of squares */
        check_refused(st, MCS_E_DATA, err, "of rows no run writes");
        if (!strstr(err, "of /checkpoint/nodes is not what a run of this job writes"))
            fuzz_fail("mcs_checkpoint_read of rows no run writes: '%s'", err);
        fh5_count("roundtrip: rows refused");
        return;
    }
    if (st != MCS_OK)
        fuzz_fail("mcs_checkpoint_read of what mcs_checkpoint_write wrote: %s", err);
    if (!fh5_same_tree(&back, &tree))
        fuzz_fail("the tree read (depth %d, next %llu) differs from the one written (depth "
                  "%d, next %llu)", back.depth, (unsigned long long)back.next, tree.depth,
                  (unsigned long long)tree.next);
    fh5_count("roundtrip: read");
    /* and for another share, job, output count or config: refused */
    mcs_block_range r = j.range;
    mcs_job other_job = j.job;
    static char other[2200];
    const char *config = j.config;
    const char *what;
    mcs_status want = MCS_E_DATA;
    switch (u8(s) % 7) {
    case 0: r.first ^= 1 + take(s, 1); what = "for another first block"; break;
    case 1: r.end ^= 1 + take(s, 1); what = "for another end block"; break;
    case 2:
        fh5_job(&other_job, j.k, j.blocks ^ (1 + take(s, 1)), j.bs, j.short_by);
        what = "for another job size";
        break;
    case 3: fh5_job(&other_job, 3 - j.k, j.blocks, j.bs, j.short_by); what = "for other outputs"; break;
    case 4: /* another job: a line more, at the top (identity buffers are 16 KB) */
        snprintf(other, sizeof other, "[fuzz]\nother = %u\n%s", u8(s), j.config);
        config = other;
        what = "for another job";
        break;
    case 5: {
        char gone[4300];
        snprintf(gone, sizeof gone, "%s.none", path);
        err[0] = '\0';
        st = mcs_checkpoint_read(gone, &j.job, j.config, &j.range, &back, err, sizeof err);
        check_refused(st, MCS_E_NOINPUT, err, "of no file");
        return;
    }
    default: return;
    }
    err[0] = '\0';
    st = mcs_checkpoint_read(path, &other_job, config, &r, &back, err, sizeof err);
    check_refused(st, want, err, what);
}

/* --- damage ------------------------------------------------------------- */

/* The data region of /checkpoint/nodes: offset and size in the file. */
static int data_region(uint64_t *offset, uint64_t *size)
{
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (f < 0)
        fuzz_fail("cannot open the checkpoint just written");
    hid_t d = H5Dopen2(f, "checkpoint/nodes", H5P_DEFAULT);
    if (d < 0)
        fuzz_fail("no /checkpoint/nodes in the checkpoint just written");
    haddr_t at = H5Dget_offset(d); /* from the start of the file, user block included */
    *size = H5Dget_storage_size(d);
    *offset = at;
    H5Dclose(d);
    H5Fclose(f);
    return at != HADDR_UNDEF && *size > 0;
}

/* The whole file into buf (of room `room`); its size. */
static size_t file_bytes(unsigned char *buf, size_t room)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        fuzz_fail("cannot open %s", path);
    ssize_t n = read(fd, buf, room);
    close(fd);
    if (n < 0 || (size_t)n == room)
        fuzz_fail("cannot read %s whole", path);
    return (size_t)n;
}

/* Flip bytes of the file at offsets in [lo, lo + n); 1 if it changed. */
static int flip(src *s, uint64_t lo, uint64_t n)
{
    int fd = open(path, O_RDWR);
    if (fd < 0)
        fuzz_fail("cannot open %s to damage it", path);
    static unsigned char before[1 << 16], after[1 << 16];
    size_t len = n < sizeof before ? (size_t)n : sizeof before;
    if (pread(fd, before, len, (off_t)lo) != (ssize_t)len)
        fuzz_fail("cannot read %s", path);
    memcpy(after, before, len);
    unsigned flips = 1 + u8(s) % 8;
    for (unsigned i = 0; i < flips; i++) {
        size_t at = (size_t)(take(s, 2) % len);
        after[at] ^= (unsigned char)(1 + u8(s) % 255);
    }
    if (pwrite(fd, after, len, (off_t)lo) != (ssize_t)len)
        fuzz_fail("cannot write %s", path);
    close(fd);
    return memcmp(before, after, len) != 0;
}

/* One attribute's value changed through the HDF5 API (its type kept);
 * 1 if the value differs. */
static int change_attribute(src *s, int *identity_only)
{
    static const char *const names[] = {"first_block", "end_block",  "blocks", "next_block",
                                        "outputs",     "checksum", "kind",   "config"};
    unsigned which = u8(s) % 8;
    hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (f < 0)
        fuzz_fail("cannot open the checkpoint just written");
    hid_t loc = which >= 6 ? f : H5Gopen2(f, "checkpoint", H5P_DEFAULT);
    hid_t a = H5Aopen(loc, names[which], H5P_DEFAULT);
    if (a < 0)
        fuzz_fail("no attribute %s in the checkpoint just written", names[which]);
    int changed;
    *identity_only = which == 7;
    if (which >= 6) {
        hid_t t = fh5_vlen_string();
        char *old = NULL, nu[2048];
        if (H5Aread(a, t, &old) < 0 || !old)
            fuzz_fail("cannot read attribute %s", names[which]);
        if (u8(s) % 2) { /* a byte changed */
            snprintf(nu, sizeof nu, "%s", old);
            size_t len = strlen(nu);
            if (len) {
                size_t at = (size_t)(take(s, 2) % len);
                nu[at] ^= (char)(1 + u8(s) % 127);
            }
        } else {
            take_text(s, nu, sizeof nu, 1);
        }
        changed = strcmp(nu, old) != 0;
        const char *p = nu;
        H5Awrite(a, t, &p);
        H5free_memory(old);
        H5Tclose(t);
    } else {
        hid_t t = which == 4 ? H5T_NATIVE_INT32 : H5T_NATIVE_UINT64;
        uint64_t old = 0, nu;
        int32_t old32 = 0, nu32;
        if (H5Aread(a, t, which == 4 ? (void *)&old32 : (void *)&old) < 0)
            fuzz_fail("cannot read attribute %s", names[which]);
        nu = u8(s) % 2 ? old ^ ((uint64_t)1 << (u8(s) % 64)) : take_count(s);
        nu32 = u8(s) % 2 ? old32 ^ (int32_t)(1u << (u8(s) % 32)) : (int32_t)take(s, 4);
        changed = which == 4 ? nu32 != old32 : nu != old;
        H5Awrite(a, t, which == 4 ? (void *)&nu32 : (void *)&nu);
    }
    H5Aclose(a);
    if (loc != f)
        H5Gclose(loc);
    if (H5Fclose(f) < 0)
        fuzz_fail("cannot close the damaged checkpoint");
    return changed;
}

/* One row's start, size, n or a value changed, and the checksum made to
 * match (a damage the checksum cannot see); 0 if there is no row. */
static int change_row(src *s)
{
    static mcs_node_row rows[MCS_TREE_MOST_NODES];
    hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (f < 0)
        fuzz_fail("cannot open the checkpoint just written");
    hid_t g = H5Gopen2(f, "checkpoint", H5P_DEFAULT), d = H5Dopen2(g, "nodes", H5P_DEFAULT);
    const int width = mcs_node_rows_width(d);
    hid_t sp = H5Dget_space(d), type = mcs_node_row_type(width ? width : 1);
    hssize_t n = H5Sget_simple_extent_npoints(sp);
    int done = 0;
    if (width > 0 && n > 0 && n <= 128 &&
        H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0) {
        unsigned edits = 1 + u8(s) % 3;
        for (unsigned e = 0; e < edits; e++) {
            mcs_node_row *r = &rows[u8(s) % (unsigned)n];
            switch (u8(s) % 6) {
            case 0:
                r->start = u8(s) % 2 ? r->start ^ ((uint64_t)1 << (u8(s) % 64)) : take_count(s);
                break;
            case 1: r->size = u8(s) % 2 ? (uint64_t)1 << (u8(s) % 64) : take_count(s); break;
            case 2: r->n = u8(s) % 2 ? r->n + (uint64_t)(int64_t)(int8_t)u8(s) : take(s, 8); break;
            case 3: { /* a mean */
                uint64_t b = take(s, 8);
                memcpy(&r->mean[u8(s) % (unsigned)width], &b, sizeof b);
                break;
            }
            case 4: { /* a co-moment, the sums of squares included */
                uint64_t b = take(s, 8);
                memcpy(&r->cm[u8(s) % (unsigned)(width * (width + 1) / 2)], &b, sizeof b);
                break;
            }
            default: r->cm[0] = -r->cm[0] - 1; /* a negative sum of squares */
            }
        }
        H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows);
        uint64_t sum = mcs_node_rows_checksum(rows, (size_t)n, width);
        hid_t a = H5Aopen(g, "checksum", H5P_DEFAULT);
        H5Awrite(a, H5T_NATIVE_UINT64, &sum);
        H5Aclose(a);
        done = 1;
    }
    H5Tclose(type);
    H5Sclose(sp);
    H5Dclose(d);
    H5Gclose(g);
    if (H5Fclose(f) < 0)
        fuzz_fail("cannot close the damaged checkpoint");
    return done;
}

/* The rows of the checkpoint at `path` as mcsim reads them (HDF5's API,
 * no checks), into t; 0 when they cannot be read. */
static int rows_in_file(mcs_merge_tree *t, int k)
{
    static mcs_node_row rows[MCS_TREE_MOST_NODES];
    hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    hid_t d = f >= 0 ? H5Dopen2(f, "checkpoint/nodes", H5P_DEFAULT) : -1;
    const int width = d >= 0 ? mcs_node_rows_width(d) : 0;
    hid_t sp = d >= 0 ? H5Dget_space(d) : -1, type = mcs_node_row_type(width ? width : 1);
    hssize_t n = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
    memset(rows, 0, sizeof rows);
    int ok = width > 0 && n >= 0 && n <= 128 &&
             (n == 0 || H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0);
    memset(t, 0, sizeof *t);
    t->k = k;
    for (int i = 0; ok && i < n; i++) {
        t->start[i] = rows[i].start;
        t->size[i] = rows[i].size;
        t->node[i].n = rows[i].n;
        memcpy(t->node[i].mean, rows[i].mean, sizeof rows[i].mean);
        memcpy(t->node[i].cm, rows[i].cm, sizeof rows[i].cm);
    }
    t->depth = ok ? (int)n : 0;
    H5Tclose(type);
    if (sp >= 0) H5Sclose(sp);
    if (d >= 0) H5Dclose(d);
    if (f >= 0) H5Fclose(f);
    return ok;
}

static void damage(src *s)
{
    static unsigned char before[1 << 20], after[1 << 20];
    static mcs_merge_tree forged;
    job j;
    make(s, &j);
    char err[8192] = "";
    unsigned how = u8(s) % 5;
    const char *what;
    int changed, may_read = 0, identity_only = 0, sealed_again = 1;
    uint64_t lo, n;
    size_t size = file_bytes(before, sizeof before);
    if (how == 0) { /* anywhere: the seal must find it */
        changed = flip(s, 0, size);
        what = "with bytes flipped anywhere (not sealed again)";
        sealed_again = 0;
    } else if (how == 1 && data_region(&lo, &n)) {
        changed = flip(s, lo, n);
        what = "with bytes of its rows flipped, sealed again";
    } else if (how == 2) {
        changed = change_attribute(s, &identity_only);
        what = "with an attribute changed";
        sealed_again = u8(s) % 4 != 3;
    } else {
        changed = change_row(s);
        what = "with a row changed and its checksum to match, sealed again";
        may_read = 1;
    }
    if (sealed_again)
        fseal_file(path);
    else /* what the seal covers: every byte */
        changed = size != file_bytes(after, sizeof after) || memcmp(before, after, size) != 0;
    int forgery_ok = may_read && rows_in_file(&forged, j.k) && rows_ok(&forged, &j.job);
    mcs_status st = mcs_checkpoint_read(path, &j.job, j.config, &j.range, &back, err,
                                        sizeof err);
    if (st == MCS_OK) {
        check_tree(&back, &j.range, &j.job);
        if (!changed || (identity_only && sealed_again)) { /* as written, or the same job */
            if (!fh5_same_tree(&back, &tree))
                fuzz_fail("mcs_checkpoint_read %s gave another tree", what);
        } else if (!may_read) {
            fuzz_fail("mcs_checkpoint_read %s: read, not refused", what);
        } else if (!forgery_ok) {
            fuzz_fail("mcs_checkpoint_read %s: read a row no run of the job writes", what);
        }
        fh5_count("damage: read");
    } else {
        if ((st != MCS_E_DATA && st != MCS_E_NOINPUT) || !err[0])
            fuzz_fail("mcs_checkpoint_read %s: status %d, message '%s'", what, (int)st, err);
        if (!changed && rows_ok(&tree, &j.job))
            fuzz_fail("mcs_checkpoint_read refused a checkpoint as written: %s", err);
        /* flips that cancel leave the file as written: its rows decide */
        if (!sealed_again && changed && !strstr(err, "refused as a checkpoint"))
            fuzz_fail("mcs_checkpoint_read %s: refused past the seal: %s", what, err);
        fh5_count(sealed_again ? "damage: refused" : "damage: refused by the seal");
    }
}

/* --- hostile ------------------------------------------------------------ */
static void hostile(src *s)
{
    static mcs_node_row rows[160];
    static uint64_t start[160], size[160];
    int k = 1 + (int)(u8(s) % MCS_MAX_OUTPUTS);
    mcs_block_range range;
    range.first = take_count(s);
    uint64_t len = take_count(s), beyond = take_count(s), done = take_count(s);
    range.end = range.first + (len > UINT64_MAX - range.first ? 0 : len);
    uint64_t blocks = range.end + (beyond > UINT64_MAX - range.end ? 0 : beyond);
    uint64_t next = range.first + (done > range.end - range.first ? range.end - range.first : done);
    const char *config = config_text(s);
    unsigned kind = u8(s) % 32;
    unlink(path);
    if (kind == 30) { /* not HDF5: short (no signature at 0 or 512) */
        char junk[300];
        take_text(s, junk, sizeof junk, 0);
        if ((unsigned char)junk[0] == 0x89)
            junk[0] = 'x';
        FILE *fp = fopen(path, "wb");
        if (!fp)
            fuzz_fail("cannot write %s", path);
        fwrite(junk, 1, strlen(junk), fp);
        fclose(fp);
    } else if (kind < 30) {
        hid_t f = fseal_create(path);
        unsigned kind_how = u8(s) % 10;
        fh5_put_str_as(f, "kind", u8(s) % 8 == 7 ? "mcsim shard" : "mcsim checkpoint", kind_how);
        unsigned cfg_how = u8(s) % 10;
        static char other[2200];
        const char *saved = config;
        if (u8(s) % 8 == 7) {
            snprintf(other, sizeof other, "%s\n[fuzz]\nx = 1", config);
            saved = other;
        }
        fh5_put_str_as(f, "config", saved, cfg_how);
        unsigned grp_kind = u8(s) % 16;
        hid_t g = -1;
        if (grp_kind == 14) { /* /checkpoint a dataset */
            hid_t sp = H5Screate(H5S_SCALAR);
            hid_t d = H5Dcreate2(f, "checkpoint", H5T_NATIVE_INT32, sp, H5P_DEFAULT,
                                 H5P_DEFAULT, H5P_DEFAULT);
            if (d >= 0)
                H5Dclose(d);
            H5Sclose(sp);
        } else if (grp_kind != 15) {
            g = H5Gcreate2(f, "checkpoint", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        }
        if (g >= 0) {
            static const char *const names[5] = {"first_block", "end_block", "blocks",
                                                 "next_block", "outputs"};
            const uint64_t v[5] = {range.first, range.end, blocks, next, (uint64_t)k};
            for (int a = 0; a < 5; a++) {
                unsigned how = u8(s) % 24; /* mostly right */
                uint64_t value = v[a];
                if (how == 14 || how == 15)
                    value = take_count(s);
                else if (how == 16)
                    value = value + (uint64_t)(int64_t)(int8_t)u8(s);
                fh5_put_num_as(g, names[a], a == 4 ? H5T_NATIVE_INT32 : H5T_NATIVE_UINT64,
                               value, how < 14 ? how : 0, u8(s));
            }
            int n = fh5_decompose(range.first, next, start, size, 150);
            n = fh5_rows(s, rows, 150, start, size, n);
            if (u8(s) % 16 == 15)
                n = 129 + (int)(u8(s) % 21); /* too many */
            fh5_put_nodes(g, s, rows, n, k);
            H5Gclose(g);
        }
        if (H5Fclose(f) < 0)
            fuzz_fail("cannot close %s", path);
        if (u8(s) % 16 != 15) /* mostly sealed */
            fseal_file(path);
    }
    /* the job read for: its outputs (1 or 2: what payoffs have), size and block size */
    mcs_job jb;
    fh5_job(&jb, k <= 2 ? k : 1 + k % 2, blocks, take(s, 2), take(s, 2));
    char err[8192] = "";
    mcs_status st = mcs_checkpoint_read(path, &jb, config, &range, &back, err, sizeof err);
    if (st == MCS_OK) {
        check_tree(&back, &range, &jb);
        fh5_count("hostile: read");
    } else {
        check_refused(st, kind == 31 ? MCS_E_NOINPUT : MCS_E_DATA, err, "of a hostile file");
        fh5_count("hostile: refused");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    src s = {data, size};
    switch (u8(&s) % 3) {
    case 0: roundtrip(&s); break;
    case 1: damage(&s); break;
    default: hostile(&s); break;
    }
    unlink(path);
    return 0;
}
