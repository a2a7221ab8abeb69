/* fuzz_shard.c - engine/shard.c's shard file reader (mcs_shard_read) and
 * join (mcs_shard_join) and the rows' checks against the job
 * (mcs_shard_check_rows), on structurally valid HDF5 files only (HDF5 1.10
 * itself crashes on arbitrary bytes: fuzz_h5.h). The input's bytes are
 * decisions and values from which the harness builds shard files (run logs
 * with a root `config` string and a /shard group: attributes index, count,
 * first_block, end_block, blocks, outputs, checksum; dataset `nodes`), in
 * one of three ways picked by the first byte:
 *
 * "roundtrip": a merge tree from any first block (mcs_tree_init_at) with
 * blocks of fuzzed moments pushed (mcs_tree_push) is written as a /shard
 * group by mcs_shard_write_group; mcs_shard_read must give back the share
 * and the subtrees bit for bit (NaN payloads included).
 *
 * "split": a job of one or two outputs and up to 1024 blocks, each block
 * holding the job's paths and fuzzed moments, split into 1 to 4 shards,
 * each computed from its first block and written as above, read back and
 * joined in any order: the join must succeed and give the merge tree of
 * the whole job pushed in one process, bit for bit; one shard dropped or
 * given twice must be refused. mcs_shard_check_rows (what merge checks
 * against the job) must accept the rows exactly when each is what a run
 * of the job writes (fh5_row_ok: finite moments, no negative sum of
 * squares).
 *
 * "hostile": 1 to 4 files built with the HDF5 API, their values mostly
 * those of a consistent split of a job of any size, each attribute, the
 * root config and the `nodes` rows (their count, starts, sizes, values,
 * shape and member types) and checksum changed as the input says, each
 * file sealed as mcsim seals its files (fuzz_seal.h) or not; or no file,
 * or a file that is not HDF5. mcs_shard_read must read each (sealed, a
 * share within its bounds) or refuse it with MCS_E_DATA (a file) or
 * MCS_E_NOINPUT (none) and a message; when all read, mcs_shard_join must
 * succeed, with a tree of aligned subtrees that ends at the job's block
 * count, or refuse with MCS_E_DATA and a message; joined, the rows are
 * checked against a job of that size as in "split". Damage to a file's
 * bytes is fuzz_damage.c's. */
#include "fuzz_h5.h"

#define MAX_FILES 4
static char paths[MAX_FILES][4200];
static mcs_shard_file shards[MAX_FILES + 1];
static mcs_merge_tree trees[MAX_FILES], whole, joined;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fh5_init("fuzz_shard");
    for (int i = 0; i < MAX_FILES; i++)
        snprintf(paths[i], sizeof paths[i], "%s/shard-%d.h5", fh5_dir, i + 1);
    return 0;
}

/* A resolved config; `output` (the [output] file) changes no job identity. */
static const char *config_text(src *s, int which, int output)
{
    static char buf[4][2048];
    static int slot;
    char *b = buf[slot++ % 4];
    switch (which % 6) {
    case 0:
    case 1:
    case 2:
        snprintf(b, 2048,
                 "; resolved config\n[model]\ntype = gbm\nspot = 100\n[simulation]\n"
                 "paths = %d\nseed = %d\nblock_size = 1024\n[output]\nfile = shard-%d.h5\n",
                 1000000 * (which % 3 + 1), 42, output);
        return b;
    case 3: /* [output] not last, a comment inside */
        snprintf(b, 2048, "[output]\nfile = s%d.h5\n; note %d\n[simulation]\nseed = 7\n", output,
                 output);
        return b;
    default: /* any text */
        take_text(s, b, 2048, 1);
        return b;
    }
}

static void write_file(const char *path, const char *config, const char *backend,
                       const char *config_file, const mcs_shard_info *sh)
{
    hid_t f = fseal_create(path);
    fh5_put_str(f, "config", config);
    fh5_put_str(f, "backend", backend);
    fh5_put_str(f, "config_file", config_file);
    if (mcs_shard_write_group(f, sh) != 0)
        fuzz_fail("mcs_shard_write_group failed (depth %d)", sh->tree->depth);
    if (H5Fclose(f) < 0)
        fuzz_fail("cannot close %s", path);
    fseal_file(path);
}

/* After a join: mcs_shard_check_rows must accept the shards exactly when
 * every row is what a run of `job` writes (fh5_row_ok), and name the file
 * and row when it refuses. */
static void check_rows(const mcs_job *job, int n)
{
    int all_ok = 1;
    for (int i = 0; i < n && all_ok; i++)
        for (int d = 0; d < shards[i].depth && all_ok; d++)
            all_ok = fh5_row_ok(job, shards[i].start[d], shards[i].size[d], &shards[i].node[d]);
    char err[8192] = "";
    mcs_status st = mcs_shard_check_rows(job, shards, n, err, sizeof err);
    if (all_ok && st != MCS_OK)
        fuzz_fail("mcs_shard_check_rows refused rows a run writes: %s", err);
    if (!all_ok && (st != MCS_E_DATA || !strstr(err, "of /shard/nodes is not what a run")))
        fuzz_fail("mcs_shard_check_rows of a row no run writes: status %d, '%s'", (int)st, err);
    fh5_count(all_ok ? "rows: accepted" : "rows: refused");
}

/* What any shard file read must hold. */
static void check_read(const mcs_shard_file *f)
{
    if (!f->config)
        fuzz_fail("read: no config");
    if (!memchr(f->backend, '\0', sizeof f->backend) ||
        !memchr(f->config_file, '\0', sizeof f->config_file))
        fuzz_fail("read: backend or config_file not terminated");
    if (f->count < 1 || f->index < 1 || f->index > f->count || f->k < 1 ||
        f->k > MCS_MAX_OUTPUTS || f->first > f->end || f->end > f->blocks || f->depth < 0 ||
        f->depth > MCS_TREE_MOST_NODES)
        fuzz_fail("read: shard %d/%d, k %d, blocks %llu to %llu of %llu, depth %d", f->index,
                  f->count, f->k, (unsigned long long)f->first, (unsigned long long)f->end,
                  (unsigned long long)f->blocks, f->depth);
}

/* A read's status: OK (only for a sealed file), or MCS_E_DATA (a file) or
 * MCS_E_NOINPUT (none) with a message and nothing held. */
static void check_status(mcs_status st, const mcs_shard_file *f, const char *err, int exists,
                         int sealed)
{
    if (st == MCS_OK && !sealed)
        fuzz_fail("mcs_shard_read read a file without a seal");
    if (st == MCS_OK) {
        check_read(f);
        return;
    }
    if (st != (exists ? MCS_E_DATA : MCS_E_NOINPUT) || !err[0])
        fuzz_fail("mcs_shard_read of %s: status %d, message '%s'", exists ? "a file" : "no file",
                  (int)st, err);
    if (f->config || f->start)
        fuzz_fail("mcs_shard_read failed but kept the config or subtrees");
}

/* The share written must come back. */
static void check_same(const mcs_shard_file *f, const mcs_shard_info *sh, const char *config,
                       const char *backend, const char *config_file)
{
    const mcs_merge_tree *t = sh->tree;
    if (f->index != sh->index || f->count != sh->count || f->k != t->k ||
        f->first != sh->first || f->end != sh->end || f->blocks != sh->blocks)
        fuzz_fail("wrote shard %d/%d k %d blocks %llu-%llu of %llu, read %d/%d k %d %llu-%llu "
                  "of %llu", sh->index, sh->count, t->k, (unsigned long long)sh->first,
                  (unsigned long long)sh->end, (unsigned long long)sh->blocks, f->index,
                  f->count, f->k, (unsigned long long)f->first, (unsigned long long)f->end,
                  (unsigned long long)f->blocks);
    if (f->depth != t->depth)
        fuzz_fail("wrote %d subtrees, read %d", t->depth, f->depth);
    for (int d = 0; d < t->depth; d++)
        if (f->start[d] != t->start[d] || f->size[d] != t->size[d] ||
            !fh5_same_moments(&f->node[d], &t->node[d], t->k))
            fuzz_fail("subtree %d read differs from the one written", d);
    if (strcmp(f->config, config) != 0)
        fuzz_fail("the config read differs from the one written");
    if (strncmp(f->backend, backend, sizeof f->backend - 1) != 0 ||
        strncmp(f->config_file, config_file, sizeof f->config_file - 1) != 0)
        fuzz_fail("backend or config_file read differs ('%s', '%s')", f->backend,
                  f->config_file);
}

/* --- roundtrip ---------------------------------------------------------- */
static void roundtrip(src *s)
{
    static mcs_moments palette[4];
    int k = 1 + (int)(u8(s) % MCS_MAX_OUTPUTS), np = 1 + (int)(u8(s) % 4);
    uint64_t m = take(s, 2) % 600, first = take_count(s);
    if (first > UINT64_MAX - m)
        first = UINT64_MAX - m; /* end <= blocks must still be possible */
    for (int i = 0; i < np; i++)
        take_moments(s, &palette[i]);
    mcs_merge_tree *t = &trees[0];
    mcs_tree_init_at(t, k, first);
    for (uint64_t b = 0; b < m; b++)
        mcs_tree_push(t, &palette[u8(s) % (unsigned)np]);
    int count = 1 + (int)(take(s, 4) % 1000000);
    int index = 1 + (int)(take(s, 4) % (unsigned)count);
    uint64_t extra = take_count(s), blocks = t->next + (extra > UINT64_MAX - t->next ? 0 : extra);
    mcs_shard_info sh = {index, count, first, t->next, blocks, t};
    char backend[64], config_file[300];
    take_text(s, backend, sizeof backend, 0);
    take_text(s, config_file, sizeof config_file, 1);
    const char *config = config_text(s, (int)u8(s), 1);

    write_file(paths[0], config, backend, config_file, &sh);
    char err[8192] = "";
    mcs_status st = mcs_shard_read(paths[0], &shards[0], err, sizeof err);
    if (st != MCS_OK)
        fuzz_fail("mcs_shard_read of what mcs_shard_write_group wrote: %s", err);
    check_read(&shards[0]);
    check_same(&shards[0], &sh, config, backend, config_file);
    mcs_shard_free(&shards[0]);
}

/* --- split ---------------------------------------------------------------- */
static void split(src *s)
{
    static mcs_moments palette[4], block[1024];
    static uint8_t pick[1024];
    int k = 1 + (int)(u8(s) % 2), np = 1 + (int)(u8(s) % 4);
    uint64_t blocks = take(s, 2) % 1025;
    int count = 1 + (int)(u8(s) % MAX_FILES);
    for (int i = 0; i < np; i++)
        take_moments(s, &palette[i]);
    for (uint64_t b = 0; b < blocks; b++)
        pick[b] = (uint8_t)(u8(s) % (unsigned)np);
    /* each block holds the job's paths; its means and co-moments the input's */
    mcs_job job;
    fh5_job(&job, k, blocks, take(s, 2), take(s, 2));
    for (uint64_t b = 0; b < blocks; b++) {
        block[b] = palette[pick[b]];
        block[b].n = mcs_job_block_paths(&job, b);
    }
    mcs_tree_init(&whole, k);
    for (uint64_t b = 0; b < blocks; b++)
        mcs_tree_push(&whole, &block[b]);
    const char *config = NULL;
    int which = (int)u8(s);
    for (int i = 0; i < count; i++) {
        mcs_block_range r = mcs_shard_range(blocks, i + 1, count);
        mcs_tree_init_at(&trees[i], k, r.first);
        for (uint64_t b = r.first; b < r.end; b++)
            mcs_tree_push(&trees[i], &block[b]);
        mcs_shard_info sh = {i + 1, count, r.first, r.end, blocks, &trees[i]};
        config = config_text(s, which % 4, i + 1); /* the same job, other [output] */
        write_file(paths[i], config, "cpu", "job.ini", &sh);
    }
    /* read in the order the input says */
    int order[MAX_FILES];
    for (int i = 0; i < count; i++)
        order[i] = i;
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(u8(s) % (unsigned)(i + 1)), tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    char err[8192] = "";
    for (int i = 0; i < count; i++) {
        int f = order[i];
        mcs_block_range r = mcs_shard_range(blocks, f + 1, count);
        mcs_shard_info sh = {f + 1, count, r.first, r.end, blocks, &trees[f]};
        mcs_status st = mcs_shard_read(paths[f], &shards[i], err, sizeof err);
        if (st != MCS_OK)
            fuzz_fail("mcs_shard_read of shard %d/%d as written: %s", f + 1, count, err);
        check_read(&shards[i]);
        char want[2048];
        snprintf(want, sizeof want, "%s", config_text(s, which % 4, f + 1));
        check_same(&shards[i], &sh, want, "cpu", "job.ini");
    }
    /* damaged sets: one missing, or one given twice */
    unsigned damage = u8(s) % 4;
    int n = count;
    if (damage == 1 && count > 1) {
        n = count - 1; /* the last read left out */
    } else if (damage == 2) {
        shards[count] = shards[u8(s) % (unsigned)count]; /* its config, subtrees shared */
        n = count + 1;
    } else {
        damage = 0;
    }
    mcs_status st = mcs_shard_join(shards, n, &joined, err, sizeof err);
    if (damage) {
        if (st != MCS_E_DATA || !err[0])
            fuzz_fail("mcs_shard_join of %d shards of %d, one %s: status %d, '%s'", n, count,
                      damage == 1 ? "missing" : "twice", (int)st, err);
    } else {
        if (st != MCS_OK)
            fuzz_fail("mcs_shard_join of a whole split of %llu blocks in %d: %s",
                      (unsigned long long)blocks, count, err);
        if (!fh5_same_tree(&joined, &whole))
            fuzz_fail("the joined tree (depth %d, next %llu) differs from the one-process tree "
                      "(depth %d, next %llu)", joined.depth, (unsigned long long)joined.next,
                      whole.depth, (unsigned long long)whole.next);
        check_rows(&job, n);
    }
    /* shards[] (the first n sorted by the join): free each config and subtrees once */
    int held = damage == 2 ? count + 1 : count;
    for (int i = 0; i < held; i++)
        for (int j = 0; j < i; j++)
            if (shards[j].config == shards[i].config) {
                shards[i].config = NULL;
                shards[i].start = NULL;
            }
    for (int i = 0; i < held; i++)
        mcs_shard_free(&shards[i]);
}

/* --- hostile -------------------------------------------------------------- */
static void hostile(src *s)
{
    static mcs_node_row rows[160];
    static uint64_t start[160], size[160];
    int nfiles = 1 + (int)(u8(s) % MAX_FILES);
    uint64_t blocks = take_count(s);
    int count = u8(s) % 8 == 7 ? 1 + (int)(u8(s) % 8) : nfiles;
    int k = 1 + (int)(u8(s) % MCS_MAX_OUTPUTS);
    int which = (int)u8(s);
    int order[MAX_FILES];
    for (int i = 0; i < nfiles; i++)
        order[i] = i + 1;
    for (int i = nfiles - 1; i > 0; i--) {
        int j = (int)(u8(s) % (unsigned)(i + 1)), tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    int exists[MAX_FILES], sealed[MAX_FILES];
    for (int i = 0; i < nfiles; i++) {
        unlink(paths[i]);
        unsigned kind = u8(s) % 32;
        exists[i] = kind != 31;
        sealed[i] = 0;
        if (kind == 31) /* no file */
            continue;
        if (kind == 30) { /* not HDF5: short (no signature at 0 or 512) */
            char junk[300];
            take_text(s, junk, sizeof junk, 0);
            if ((unsigned char)junk[0] == 0x89)
                junk[0] = 'x';
            FILE *fp = fopen(paths[i], "wb");
            if (!fp)
                fuzz_fail("cannot write %s", paths[i]);
            fwrite(junk, 1, strlen(junk), fp);
            fclose(fp);
            continue;
        }
        int index = u8(s) % 8 == 7 ? (int)(int8_t)u8(s) : order[i];
        mcs_block_range r = mcs_shard_range(blocks, index >= 1 && index <= count ? index : 1,
                                            count);
        uint64_t v[7] = {(uint64_t)(int64_t)index, (uint64_t)(int64_t)count, r.first, r.end,
                         blocks, (uint64_t)k, 0};
        static const char *const names[6] = {"index",  "count",  "first_block",
                                             "end_block", "blocks", "outputs"};
        const hid_t types[6] = {H5T_NATIVE_INT32,  H5T_NATIVE_INT32,  H5T_NATIVE_UINT64,
                                H5T_NATIVE_UINT64, H5T_NATIVE_UINT64, H5T_NATIVE_INT32};
        hid_t f = fseal_create(paths[i]);
        unsigned cfg = u8(s) % 8;
        const char *config = config_text(s, cfg < 6 ? which : (int)u8(s), i + 1);
        fh5_put_str_as(f, "config", config, u8(s) % 10);
        const char *backend = u8(s) % 2 ? "cpu" : "a backend name far too long";
        fh5_put_str_as(f, "backend", backend, u8(s) % 10);
        fh5_put_str_as(f, "config_file", "job.ini", u8(s) % 10);
        unsigned grp_kind = u8(s) % 16;
        hid_t g = -1;
        if (grp_kind == 14) { /* /shard a dataset */
            hid_t sp = H5Screate(H5S_SCALAR);
            hid_t d = H5Dcreate2(f, "shard", H5T_NATIVE_INT32, sp, H5P_DEFAULT, H5P_DEFAULT,
                                 H5P_DEFAULT);
            if (d >= 0)
                H5Dclose(d);
            H5Sclose(sp);
        } else if (grp_kind != 15) {
            g = H5Gcreate2(f, "shard", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        }
        if (g >= 0) {
            for (int a = 0; a < 6; a++) {
                unsigned how = u8(s) % 24; /* mostly right */
                uint64_t value = v[a];
                if (how == 14 || how == 15)
                    value = take_count(s);
                else if (how == 16)
                    value = (uint64_t)(int64_t)(int8_t)u8(s);
                fh5_put_num_as(g, names[a], types[a], value, how < 14 ? how : 0, u8(s));
            }
            int n = fh5_decompose(r.first, r.end, start, size, 150);
            n = fh5_rows(s, rows, 150, start, size, n);
            if (u8(s) % 16 == 15)
                n = 129 + (int)(u8(s) % 21); /* too many */
            fh5_put_nodes(g, s, rows, n, k);
            H5Gclose(g);
        }
        if (H5Fclose(f) < 0)
            fuzz_fail("cannot close %s", paths[i]);
        if ((sealed[i] = u8(s) % 16 != 15)) /* mostly sealed */
            fseal_file(paths[i]);
    }

    char err[8192] = "";
    int read = 0;
    for (; read < nfiles; read++) {
        err[0] = '\0';
        mcs_status st = mcs_shard_read(paths[read], &shards[read], err, sizeof err);
        check_status(st, &shards[read], err, exists[read], sealed[read]);
        fh5_count(st == MCS_OK ? "hostile: read ok" : "hostile: read refused");
        if (st != MCS_OK)
            break;
    }
    if (read == nfiles) {
        err[0] = '\0';
        mcs_status st = mcs_shard_join(shards, nfiles, &joined, err, sizeof err);
        fh5_count(st == MCS_OK ? "hostile: join ok" : "hostile: join refused");
        if (st == MCS_OK) {
            fh5_check_tree(&joined, 0, "mcs_shard_join");
            if (joined.next != shards[0].blocks)
                fuzz_fail("mcs_shard_join succeeded with blocks 0 to %llu of a job of %llu "
                          "(%d shards of %d)", (unsigned long long)joined.next,
                          (unsigned long long)shards[0].blocks, nfiles, shards[0].count);
            if (joined.k != shards[0].k)
                fuzz_fail("mcs_shard_join: tree of %d outputs, shards of %d", joined.k,
                          shards[0].k);
            mcs_job job; /* merge checks the rows against the job of the config */
            if (fh5_job(&job, joined.k, shards[0].blocks, take(s, 2), take(s, 2)))
                check_rows(&job, nfiles);
        } else if (st != MCS_E_DATA || !err[0]) {
            fuzz_fail("mcs_shard_join: status %d, message '%s'", (int)st, err);
        }
    }
    for (int i = 0; i < read; i++)
        mcs_shard_free(&shards[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    src s = {data, size};
    switch (u8(&s) % 3) {
    case 0: roundtrip(&s); break;
    case 1: split(&s); break;
    default: hostile(&s); break;
    }
    for (int i = 0; i < MAX_FILES; i++)
        unlink(paths[i]);
    return 0;
}
