/* fuzz_checkpoint.c - engine/checkpoint.c: mcs_checkpoint_write and
 * mcs_checkpoint_read, on structurally valid HDF5 files only (HDF5 1.10
 * itself crashes on arbitrary bytes: fuzz_h5.h). The input's bytes are
 * decisions and values; the first byte picks one of three ways:
 *
 * "roundtrip": a merge tree from any first block (mcs_tree_init_at) with
 * blocks of fuzzed moments pushed (mcs_tree_push), a share [first, end)
 * around it of a job of any size and a resolved config (any text) are
 * written by mcs_checkpoint_write to a temporary folder; read back with
 * the same config, share, job size and outputs, the tree must come back
 * bit for bit. Read for another share, job size, output count or job
 * (config), or from no file, it must be refused (MCS_E_DATA, or
 * MCS_E_NOINPUT for no file) with a message.
 *
 * "damage": a checkpoint written as above, then damaged: bytes flipped in
 * its data region (the raw `nodes` rows, where HDF5 interprets nothing),
 * or, through the HDF5 API, one attribute's value (kind, config,
 * first_block, end_block, blocks, next_block, outputs, checksum) or one
 * row's value (with the checksum made to match). A damaged checkpoint
 * must be refused with MCS_E_DATA and a message (only a change that
 * leaves the job's identity or the values as they were may read, and
 * then gives the tree written); a value changed with its checksum may
 * also read, to a well-formed tree. Flipping bytes elsewhere (HDF5's own
 * structures) crashes HDF5 itself, so it is not done by default:
 * MCS_FUZZ_FLIP_ANYWHERE=1 flips anywhere in the file, to see that.
 *
 * "hostile": a file built with the HDF5 API, its values mostly those of a
 * checkpoint of a share of a job of any size, each attribute, the root
 * `kind` and `config`, the /checkpoint group and the `nodes` rows (their
 * count, starts, sizes, values, shape, member types) and checksum changed
 * as the input says; or no file, or a file that is not HDF5.
 * mcs_checkpoint_read must give a well-formed tree within the share
 * (aligned subtrees from its first block to next_block) or refuse with
 * MCS_E_DATA (MCS_E_NOINPUT: no HDF5 file) and a message. */
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

/* A tree the reader gave back: well formed, within the share. */
static void check_tree(const mcs_merge_tree *t, const mcs_block_range *range, int k)
{
    fh5_check_tree(t, range->first, "mcs_checkpoint_read");
    if (t->k != k || t->next > range->end)
        fuzz_fail("mcs_checkpoint_read: a tree of %d outputs to block %llu, for %d outputs and "
                  "blocks %llu to %llu", t->k, (unsigned long long)t->next, k,
                  (unsigned long long)range->first, (unsigned long long)range->end);
}

/* A checkpoint from the input: tree, share, job size, config. */
typedef struct {
    int k;
    mcs_block_range range;
    uint64_t blocks;
    const char *config;
} job;

static void make(src *s, job *j)
{
    static mcs_moments palette[4];
    j->k = 1 + (int)(u8(s) % MCS_MAX_OUTPUTS);
    int np = 1 + (int)(u8(s) % 4);
    uint64_t m = take(s, 2) % 600, first = take_count(s);
    if (first > UINT64_MAX - m)
        first = UINT64_MAX - m;
    for (int i = 0; i < np; i++)
        take_moments(s, &palette[i]);
    mcs_tree_init_at(&tree, j->k, first);
    for (uint64_t b = 0; b < m; b++)
        mcs_tree_push(&tree, &palette[u8(s) % (unsigned)np]);
    uint64_t more = take_count(s), beyond = take_count(s);
    j->range.first = first;
    j->range.end = tree.next + (more > UINT64_MAX - tree.next ? 0 : more);
    j->blocks = j->range.end + (beyond > UINT64_MAX - j->range.end ? 0 : beyond);
    j->config = config_text(s);
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
    mcs_status st = mcs_checkpoint_read(path, j.config, &j.range, j.blocks, j.k, &back, err,
                                        sizeof err);
    if (st != MCS_OK)
        fuzz_fail("mcs_checkpoint_read of what mcs_checkpoint_write wrote: %s", err);
    if (!fh5_same_tree(&back, &tree))
        fuzz_fail("the tree read (depth %d, next %llu) differs from the one written (depth "
                  "%d, next %llu)", back.depth, (unsigned long long)back.next, tree.depth,
                  (unsigned long long)tree.next);
    /* and for another share, job, output count or config: refused */
    mcs_block_range r = j.range;
    uint64_t blocks = j.blocks;
    int k = j.k;
    static char other[2200];
    const char *config = j.config;
    const char *what;
    mcs_status want = MCS_E_DATA;
    switch (u8(s) % 7) {
    case 0: r.first ^= 1 + take(s, 1); what = "for another first block"; break;
    case 1: r.end ^= 1 + take(s, 1); what = "for another end block"; break;
    case 2: blocks ^= 1 + take(s, 1); what = "for another job size"; break;
    case 3: k = 1 + (k + (int)(u8(s) % 3)) % MCS_MAX_OUTPUTS; what = "for other outputs"; break;
    case 4: /* another job: a line more, at the top (identity buffers are 16 KB) */
        snprintf(other, sizeof other, "[fuzz]\nother = %u\n%s", u8(s), j.config);
        config = other;
        what = "for another job";
        break;
    case 5: {
        char gone[4300];
        snprintf(gone, sizeof gone, "%s.none", path);
        err[0] = '\0';
        st = mcs_checkpoint_read(gone, j.config, &j.range, j.blocks, j.k, &back, err,
                                 sizeof err);
        check_refused(st, MCS_E_NOINPUT, err, "of no file");
        return;
    }
    default: return;
    }
    err[0] = '\0';
    st = mcs_checkpoint_read(path, config, &r, blocks, k, &back, err, sizeof err);
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
    haddr_t at = H5Dget_offset(d);
    *size = H5Dget_storage_size(d);
    *offset = at;
    H5Dclose(d);
    H5Fclose(f);
    return at != HADDR_UNDEF && *size > 0;
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
    static mcs_node_row rows[128];
    hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
    if (f < 0)
        fuzz_fail("cannot open the checkpoint just written");
    hid_t g = H5Gopen2(f, "checkpoint", H5P_DEFAULT), d = H5Dopen2(g, "nodes", H5P_DEFAULT);
    hid_t sp = H5Dget_space(d), type = mcs_node_row_type();
    hssize_t n = H5Sget_simple_extent_npoints(sp);
    int done = 0;
    if (n > 0 && n <= 128 && H5Dread(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0) {
        unsigned edits = 1 + u8(s) % 3;
        for (unsigned e = 0; e < edits; e++) {
            mcs_node_row *r = &rows[u8(s) % (unsigned)n];
            switch (u8(s) % 4) {
            case 0:
                r->start = u8(s) % 2 ? r->start ^ ((uint64_t)1 << (u8(s) % 64)) : take_count(s);
                break;
            case 1: r->size = u8(s) % 2 ? (uint64_t)1 << (u8(s) % 64) : take_count(s); break;
            case 2: r->n = take(s, 8); break;
            default: {
                uint64_t b = take(s, 8);
                memcpy(&r->mean[u8(s) % MCS_MAX_OUTPUTS], &b, sizeof b);
            }
            }
        }
        H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows);
        uint64_t sum = mcs_node_rows_checksum(rows, (size_t)n);
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

static void damage(src *s)
{
    job j;
    make(s, &j);
    char err[8192] = "";
    unsigned how = u8(s) % 4;
    const char *what;
    int changed, may_read = 0, identity_only = 0;
    uint64_t lo, n;
    if (getenv("MCS_FUZZ_FLIP_ANYWHERE")) { /* HDF5's structures too: HDF5 crashes */
        struct stat st;
        if (stat(path, &st) != 0)
            fuzz_fail("no checkpoint written");
        changed = flip(s, 0, (uint64_t)st.st_size);
        what = "with bytes flipped anywhere";
        may_read = 1; /* what HDF5 makes of it: the property is no crash */
    } else if (how <= 1 && data_region(&lo, &n)) {
        changed = flip(s, lo, n);
        what = "with bytes of its rows flipped";
    } else if (how == 2) {
        changed = change_attribute(s, &identity_only);
        what = "with an attribute changed";
    } else {
        changed = change_row(s);
        what = "with a row changed and its checksum to match";
        may_read = 1;
    }
    mcs_status st = mcs_checkpoint_read(path, j.config, &j.range, j.blocks, j.k, &back, err,
                                        sizeof err);
    if (st == MCS_OK) {
        check_tree(&back, &j.range, j.k);
        if (!changed || identity_only) { /* as written, or the same job */
            if (!fh5_same_tree(&back, &tree))
                fuzz_fail("mcs_checkpoint_read %s gave another tree", what);
        } else if (!may_read) {
            fuzz_fail("mcs_checkpoint_read %s: read, not refused", what);
        }
        fh5_count("damage: read");
    } else {
        if ((st != MCS_E_DATA && st != MCS_E_NOINPUT) || !err[0])
            fuzz_fail("mcs_checkpoint_read %s: status %d, message '%s'", what, (int)st, err);
        if (!changed)
            fuzz_fail("mcs_checkpoint_read refused a checkpoint as written: %s", err);
        fh5_count("damage: refused");
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
    int is_hdf5 = kind < 30;
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
        hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
        if (f < 0)
            fuzz_fail("cannot create %s", path);
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
            fh5_put_nodes(g, s, rows, n);
            H5Gclose(g);
        }
        if (H5Fclose(f) < 0)
            fuzz_fail("cannot close %s", path);
    }
    char err[8192] = "";
    mcs_status st = mcs_checkpoint_read(path, config, &range, blocks, k, &back, err, sizeof err);
    if (st == MCS_OK) {
        check_tree(&back, &range, k);
        fh5_count("hostile: read");
    } else {
        check_refused(st, is_hdf5 ? MCS_E_DATA : MCS_E_NOINPUT, err, "of a hostile file");
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
