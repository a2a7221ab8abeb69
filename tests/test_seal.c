/* test_seal.c - the seal of mcsim's HDF5 files (engine/h5seal.h) and the
 * row checks of merge and --resume (engine/shard.h, mcs_node_check). Real
 * files of each kind mcsim reads back (a shard's run log, read as a shard
 * and as a run log; a checkpoint; a sweep file), written by mcsim's own
 * writers from a real run, then damaged: every byte flipped, every length
 * up to 1 KB and every 61st beyond cut off, bytes added. Every damaged file
 * must be refused with MCS_E_DATA and a message naming it, before HDF5
 * parses it (HDF5 1.10 crashes or hangs on some: issue 27). Also: a known
 * answer for the seal's text, files from before seals, FIFOs, folders and
 * files over the size limit, forged rows (checksum and seal made to
 * match) refused for what the job implies, and the same-job check of
 * merge and --resume on configs of any length. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "backend.h"
#include "checkpoint.h"
#include "config.h"
#include "engine.h"
#include "h5log.h"
#include "h5seal.h"
#include "product.h"
#include "runlog.h"
#include "shard.h"
#include "sweep.h"

/* The files every test reads: made once (setup_files), removed at the end. */
static struct {
    char dir[256], shard[512], checkpoint[512], sweep[512];
    char damaged[64]; /* a memfd's /proc/self/fd path: damaged copies, no disk */
    int damaged_fd;
    mcs_job job;
    char config[8192];
    mcs_block_range range;
} w;

static mcs_merge_tree tree, back;

/* --- the readers, as a function of a path ------------------------------ */
typedef mcs_status (*reader)(const char *path, char *err, size_t len);

static mcs_status read_shard(const char *path, char *err, size_t len)
{
    static mcs_shard_file s;
    mcs_status st = mcs_shard_read(path, &s, err, len);
    if (st == MCS_OK)
        mcs_shard_free(&s);
    return st;
}

static mcs_status read_runlog(const char *path, char *err, size_t len)
{
    mcs_timings t;
    return mcs_runlog_read(path, &t, err, len);
}

static mcs_status read_checkpoint(const char *path, char *err, size_t len)
{
    return mcs_checkpoint_read(path, &w.job, w.config, &w.range, &back, err, len);
}

static mcs_status read_sweep(const char *path, char *err, size_t len)
{
    static mcs_sweep_meta meta;
    mcs_sweep_row *rows = NULL;
    size_t n = 0;
    mcs_status st = mcs_sweep_read(path, &meta, &rows, &n, err, len);
    free(rows);
    return st;
}

/* --- files ---------------------------------------------------------------- */
static unsigned char *slurp(const char *path, size_t *size)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    unsigned char *data = malloc((size_t)st.st_size + 1024);
    assert_non_null(data);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    *size = fread(data, 1, (size_t)st.st_size, f);
    fclose(f);
    assert_int_equal(*size, (size_t)st.st_size);
    return data;
}

/* Make the damaged copy hold exactly data[0..size). */
static void damage(const void *data, size_t size)
{
    assert_int_equal(ftruncate(w.damaged_fd, 0), 0);
    assert_int_equal(pwrite(w.damaged_fd, data, size, 0), (ssize_t)size);
}

/* A European call of 100000 paths in blocks of 4096 (25 blocks, the last
 * one partial), shard 2 of 3 computed on the CPU: its run log, a
 * checkpoint of that share and a sweep file of three runs. */
static int setup_files(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(w.dir, sizeof w.dir, "%s/test_seal.XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(w.dir))
        return -1;
    snprintf(w.shard, sizeof w.shard, "%s/shard.h5", w.dir);
    snprintf(w.checkpoint, sizeof w.checkpoint, "%s/checkpoint.h5", w.dir);
    snprintf(w.sweep, sizeof w.sweep, "%s/sweep.h5", w.dir);
    if ((w.damaged_fd = memfd_create("damaged.h5", MFD_CLOEXEC)) < 0)
        return -1;
    snprintf(w.damaged, sizeof w.damaged, "/proc/self/fd/%d", w.damaged_fd);

    mcs_job *job = &w.job;
    memset(job, 0, sizeof *job);
    job->model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = 100.0, .rate = 0.05, .dividend = 0.0, .volatility = 0.2};
    job->option = (mcs_option_params){.payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL,
                                      .strike = 100.0, .maturity = 1.0};
    job->sim = (mcs_sim_params){.paths = 100000, .steps = 1, .seed = 42, .rng = MCS_RNG_PCG64,
                                .precision = MCS_DOUBLE, .block_size = 4096};
    job->write_log = 1;
    mcs_config_render(job, "test.ini", w.config, sizeof w.config);

    const uint64_t blocks = mcs_job_blocks(job);
    mcs_share share;
    memset(&share, 0, sizeof share);
    share.range = w.range = mcs_shard_range(blocks, 2, 3);
    share.partial = &tree;
    mcs_result res;
    mcs_timings t;
    memset(&t, 0, sizeof t);
    t.start = mcs_now();
    char err[1024] = "";
    int threads = 0;
    mcs_placement where = {1, 0, 0};
    if (mcs_engine_run_share(job, mcs_backend_find("cpu"), &where, &share, NULL, NULL, &res,
                             &threads, NULL, &t, err, sizeof err) != MCS_OK) {
        fprintf(stderr, "test_seal: the run failed: %s\n", err);
        return -1;
    }
    mcs_shard_info shard = {2, 3, w.range.first, w.range.end, blocks, &tree};
    mcs_run_info info;
    memset(&info, 0, sizeof info);
    info.backend = "cpu";
    info.command_line = "mcsim test.ini --shard 2/3";
    info.config_file = "test.ini";
    info.config_text = w.config;
    info.shard = &shard;
    if (mcs_h5log_write(w.shard, &info, job, &res, &t, err, sizeof err) != MCS_OK ||
        mcs_checkpoint_write(w.checkpoint, w.config, &w.range, blocks, &tree, err,
                             sizeof err) != MCS_OK) {
        fprintf(stderr, "test_seal: %s\n", err);
        return -1;
    }
    static mcs_sweep_meta meta;
    static mcs_sweep_row rows[3];
    snprintf(meta.config, sizeof meta.config, "%s", w.config);
    for (int i = 0; i < 3; i++) {
        rows[i] = (mcs_sweep_row){"cpu", "cold", 1000u * (i + 1), 1, 4096, "double", "pcg64",
                                  1, 0, {0}};
        rows[i].seconds[MCS_PHASE_SIMULATE] = 0.001 * (i + 1);
        rows[i].seconds[MCS_PHASE_TOTAL] = 0.002 * (i + 1);
    }
    if (mcs_sweep_write(w.sweep, &meta, rows, 3, err, sizeof err) != MCS_OK) {
        fprintf(stderr, "test_seal: %s\n", err);
        return -1;
    }
    return 0;
}

static int remove_files(void **state)
{
    (void)state;
    const char *files[] = {w.shard, w.checkpoint, w.sweep};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        unlink(files[i]);
    close(w.damaged_fd);
    rmdir(w.dir);
    return 0;
}

/* --- the seal itself ------------------------------------------------------ */

/* Known answer: a seal over the 56-byte message of FIPS 180-2, Appendix
 * B.2 ("abcdbcde...nopq") holds its SHA-256 given there (248d6a61 ...
 * 19db06c1) and the length 568. */
static void seal_text_known_answer(void **state)
{
    (void)state;
    static const char message[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    unsigned char image[MCS_H5_SEAL_BYTES + sizeof message - 1] = {0};
    const char *text = "mcsim seal 1\nbytes 568\nsha256 "
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1\n";
    memcpy(image, text, strlen(text));
    memcpy(image + MCS_H5_SEAL_BYTES, message, sizeof message - 1);
    char why[512] = "";
    int unsealed = 1;
    if (mcs_h5_check_seal(image, sizeof image, &unsealed, why, sizeof why) != MCS_OK)
        fail_msg("%s", why);
    assert_int_equal(unsealed, 0);
    image[sizeof image - 1] = 'r'; /* "...nopr" */
    assert_int_equal(mcs_h5_check_seal(image, sizeof image, &unsealed, why, sizeof why),
                     MCS_E_DATA);
    assert_non_null(strstr(why, "checksum mismatch"));
    /* mcs_h5_seal wants HDF5's superblock after the user block */
    assert_int_equal(mcs_h5_seal(image, sizeof image), -1);
}

/* Every file mcsim wrote reads back, sealed with its own length. */
static void files_as_written_read(void **state)
{
    (void)state;
    char err[4096] = "";
    reader readers[] = {read_shard, read_runlog, read_checkpoint, read_sweep};
    const char *paths[] = {w.shard, w.shard, w.checkpoint, w.sweep};
    for (int i = 0; i < 4; i++) {
        if (readers[i](paths[i], err, sizeof err) != MCS_OK)
            fail_msg("%s: %s", paths[i], err);
        size_t size;
        unsigned char *data = slurp(paths[i], &size);
        char bytes[64];
        snprintf(bytes, sizeof bytes, "\nbytes %zu\n", size);
        assert_memory_equal(data, "mcsim seal 1\n", 13);
        assert_non_null(strstr((char *)data, bytes));
        free(data);
    }
    assert_true(mcs_tree_total(&back).n > 0); /* the checkpoint's rows, as written */
}

/* --- damage ---------------------------------------------------------------- */

/* The damaged copy must be refused: MCS_E_DATA, a message naming it. */
static void expect_refused(reader read, const char *how, size_t at)
{
    char err[4096] = "";
    mcs_status st = read(w.damaged, err, sizeof err);
    if (st != MCS_E_DATA || !strstr(err, w.damaged) || !strstr(err, "refused"))
        fail_msg("%s at %zu: status %d, message '%s'", how, at, (int)st, err);
}

/* Every byte of `good` flipped (one bit, a different one for each
 * offset), every length up to 1 KB and every 61st beyond cut off, bytes
 * added: each copy refused by `read`. */
static void refuses_every_damage(const char *good, reader read)
{
    size_t size, copies = 0;
    unsigned char *data = slurp(good, &size);
    for (size_t i = 0; i < size; i++, copies++) {
        unsigned char bit = (unsigned char)(1u << (i % 8));
        data[i] ^= bit;
        damage(data, size);
        data[i] ^= bit;
        expect_refused(read, "a bit flipped", i);
    }
    for (size_t len = 0; len < size; len += len < 1024 ? 1 : 61, copies++) {
        damage(data, len);
        expect_refused(read, "cut short", len);
    }
    for (size_t extra = 1; extra <= 1024; extra *= 4, copies++) {
        memset(data + size, extra & 1 ? 0 : 0xff, extra);
        damage(data, size + extra);
        expect_refused(read, "bytes added", extra);
    }
    print_message("  %zu damaged copies of %s (%zu bytes) refused\n", copies, good, size);
    free(data);
}

static void shard_damage_refused(void **state)
{
    (void)state;
    refuses_every_damage(w.shard, read_shard);
}

static void runlog_damage_refused(void **state)
{
    (void)state;
    refuses_every_damage(w.shard, read_runlog);
}

static void checkpoint_damage_refused(void **state)
{
    (void)state;
    refuses_every_damage(w.checkpoint, read_checkpoint);
}

static void sweep_damage_refused(void **state)
{
    (void)state;
    refuses_every_damage(w.sweep, read_sweep);
}

/* --- files from before seals, and paths that are no file ---------------- */

/* A sealed file without its seal is what an mcsim before seals wrote: an
 * HDF5 file. Refused, naming the way to read it anyway; read with
 * MCSIM_ACCEPT_UNSEALED=1, which never lets a broken seal through. */
static void unsealed_files_only_when_asked(void **state)
{
    (void)state;
    size_t size;
    unsigned char *data = slurp(w.sweep, &size);
    damage(data + MCS_H5_SEAL_BYTES, size - MCS_H5_SEAL_BYTES);
    char err[4096] = "";
    unsetenv(MCS_H5_UNSEALED_ENV);
    assert_int_equal(read_sweep(w.damaged, err, sizeof err), MCS_E_DATA);
    assert_non_null(strstr(err, "no mcsim seal: an HDF5 file"));
    assert_non_null(strstr(err, "MCSIM_ACCEPT_UNSEALED=1"));
    setenv(MCS_H5_UNSEALED_ENV, "yes", 1); /* only "1" */
    assert_int_equal(read_sweep(w.damaged, err, sizeof err), MCS_E_DATA);
    setenv(MCS_H5_UNSEALED_ENV, "1", 1);
    if (read_sweep(w.damaged, err, sizeof err) != MCS_OK)
        fail_msg("an unsealed sweep file with MCSIM_ACCEPT_UNSEALED=1: %s", err);
    data[size - 1] ^= 1; /* a sealed file whose seal fails: still refused */
    damage(data, size);
    assert_int_equal(read_sweep(w.damaged, err, sizeof err), MCS_E_DATA);
    assert_non_null(strstr(err, "checksum mismatch"));
    memset(data, 'x', 16); /* no seal, and not HDF5 at its start either */
    damage(data, size);
    assert_int_equal(read_sweep(w.damaged, err, sizeof err), MCS_E_DATA);
    unsetenv(MCS_H5_UNSEALED_ENV);
    free(data);
}

/* A FIFO (which would block a reader waiting for a writer), a folder, a
 * missing file: MCS_E_NOINPUT at once. A file above MCS_H5_READ_MAX (a
 * sparse one): MCS_E_DATA naming the limit, nothing read. */
static void paths_that_are_no_sealed_file(void **state)
{
    (void)state;
    char fifo[600], err[4096] = "";
    snprintf(fifo, sizeof fifo, "%s/fifo.h5", w.dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    reader readers[] = {read_shard, read_runlog, read_checkpoint, read_sweep};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(readers[i](fifo, err, sizeof err), MCS_E_NOINPUT);
        assert_non_null(strstr(err, "not a regular file"));
        assert_int_equal(readers[i](w.dir, err, sizeof err), MCS_E_NOINPUT);
        assert_int_equal(readers[i]("/nonexistent/x.h5", err, sizeof err), MCS_E_NOINPUT);
    }
    unlink(fifo);
    assert_int_equal(ftruncate(w.damaged_fd, (off_t)MCS_H5_READ_MAX + 1), 0); /* sparse */
    assert_int_equal(read_shard(w.damaged, err, sizeof err), MCS_E_DATA);
    assert_non_null(strstr(err, "more than the 1073741824 bytes"));
    assert_int_equal(ftruncate(w.damaged_fd, 0), 0);
}

/* --- rows against the job ------------------------------------------------- */

/* mcs_node_check: the path count of the blocks (the last one partial),
 * finite moments, no negative sum of squares; unused outputs ignored. */
static void rows_checked_against_the_job(void **state)
{
    (void)state;
    char why[256];
    mcs_moments m;
    memset(&m, 0, sizeof m);
    m.n = 4096 * 8;
    m.mean[0] = 10.4;
    m.cm[0] = 5.0;
    assert_true(mcs_node_check(&w.job, 8, 8, &m, why, sizeof why));
    m.n++;
    assert_false(mcs_node_check(&w.job, 8, 8, &m, why, sizeof why));
    assert_non_null(strstr(why, "32769 paths in blocks 8 to 15, which hold 32768"));
    m.n = 100000 - 24 * 4096; /* the last block: 1696 paths */
    assert_true(mcs_node_check(&w.job, 24, 1, &m, why, sizeof why));
    assert_false(mcs_node_check(&w.job, 24, 2, &m, why, sizeof why));
    assert_non_null(strstr(why, "outside the job's 25 blocks"));
    assert_false(mcs_node_check(&w.job, UINT64_MAX, 2, &m, why, sizeof why));
    m.mean[1] = NAN; /* a European has one output: the second is not read */
    assert_true(mcs_node_check(&w.job, 24, 1, &m, why, sizeof why));
    m.mean[0] = INFINITY;
    assert_false(mcs_node_check(&w.job, 24, 1, &m, why, sizeof why));
    assert_non_null(strstr(why, "mean of output 0 is inf"));
    m.mean[0] = 10.4;
    m.cm[0] = -1e-300;
    assert_false(mcs_node_check(&w.job, 24, 1, &m, why, sizeof why));
    assert_non_null(strstr(why, "sum of squares of output 0 is -1e-300"));

    mcs_job barrier = w.job; /* two outputs: the co-moment (0, 1) is read */
    barrier.option.payoff = MCS_PAYOFF_BARRIER;
    assert_int_equal(mcs_job_outputs(&barrier), 2);
    m.cm[0] = 5.0;
    m.mean[1] = 1.0;
    m.cm[mcs_cross_index(2, 0, 1)] = NAN;
    m.cm[mcs_cross_index(2, 1, 1)] = 2.0;
    assert_false(mcs_node_check(&barrier, 24, 1, &m, why, sizeof why));
    assert_non_null(strstr(why, "co-moment of outputs 0 and 1 is nan"));
    m.cm[mcs_cross_index(2, 0, 1)] = -3.0; /* a covariance may be negative */
    assert_true(mcs_node_check(&barrier, 24, 1, &m, why, sizeof why));
}

/* Rows as wide as the job's outputs: a tree of 9 outputs (more than the 4
 * every file had room for before) goes out and back bit for bit; the same
 * rows read for a job of 8 outputs, or rows of width 3 for a job of 2,
 * are refused naming both counts; rows of the legacy width (4) are read
 * for a job of 2, not of 5. */
static void rows_as_wide_as_the_outputs(void **state)
{
    (void)state;
    char path[600], why[256];
    snprintf(path, sizeof path, "%s/rows.h5", w.dir);
    static mcs_merge_tree t;
    static uint64_t start[MCS_TREE_MOST_NODES], size[MCS_TREE_MOST_NODES];
    static mcs_moments node[MCS_TREE_MOST_NODES];
    for (int width = 1; width <= MCS_MAX_OUTPUTS; width++) {
        const int k = width == 3 ? 2 : width; /* width 3: a job of 2 outputs */
        mcs_tree_init(&t, width);
        for (int b = 0; b < 5; b++) { /* 5 blocks: subtrees of 4 and 1 */
            mcs_moments m = {.n = 100 + (uint64_t)b};
            for (int i = 0; i < width; i++)
                m.mean[i] = 0.25 * b + i;
            for (int c = 0; c < width * (width + 1) / 2; c++)
                m.cm[c] = 1.0 + b + 0.5 * c;
            mcs_tree_push(&t, &m);
        }
        hid_t f = H5Fcreate(path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
        hid_t g = H5Gcreate2(f, "g", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        assert_int_equal(mcs_nodes_write(g, &t), 0);
        int depth = -1;
        const int got = mcs_nodes_read(g, k, &depth, start, size, node, why, sizeof why);
        const int legacy = width == MCS_LEGACY_ROW_WIDTH;
        if (width == k) {
            assert_int_equal(got, 0);
            assert_int_equal(depth, t.depth);
            for (int d = 0; d < depth; d++) {
                assert_true(start[d] == t.start[d] && size[d] == t.size[d]);
                assert_memory_equal(&node[d], &t.node[d], sizeof node[d]);
            }
            /* for one output fewer: refused, unless the rows are of the legacy width */
            const int fewer = mcs_nodes_read(g, k - 1 > 0 ? k - 1 : k + 1, &depth, start, size,
                                             node, why, sizeof why);
            assert_int_equal(fewer, legacy && k > 1 ? 0 : -1);
        } else {
            assert_int_equal(got, -1);
            assert_non_null(strstr(why, "hold 3 outputs a row, its job 2"));
        }
        if (legacy) /* a legacy row is read for fewer outputs, never more */
            assert_int_equal(mcs_nodes_read(g, 5, &depth, start, size, node, why, sizeof why), -1);
        H5Gclose(g);
        H5Fclose(f);
    }
    unlink(path);
}

/* A checkpoint whose rows are forged but whose checksum and seal match
 * (written by mcsim's own writer from a doctored tree) is refused naming
 * the row; a shard's rows likewise, by mcs_shard_check_rows. */
static void forged_rows_refused(void **state)
{
    (void)state;
    char err[4096] = "", forgery[600];
    snprintf(forgery, sizeof forgery, "%s/forged.h5", w.dir);
    const uint64_t blocks = mcs_job_blocks(&w.job);
    for (int c = 0; c < 3; c++) {
        static mcs_merge_tree forged;
        forged = tree;
        const char *want = NULL;
        switch (c) {
        case 0: forged.node[0].n += 1000; want = "paths in blocks"; break;
        case 1: forged.node[0].mean[0] = NAN; want = "mean of output 0 is nan"; break;
        default: forged.node[0].cm[0] = -forged.node[0].cm[0]; want = "sum of squares"; break;
        }
        assert_int_equal(mcs_checkpoint_write(forgery, w.config, &w.range, blocks, &forged,
                                              err, sizeof err),
                         MCS_OK);
        assert_int_equal(read_checkpoint(forgery, err, sizeof err), MCS_E_DATA);
        if (!strstr(err, "row 0 of /checkpoint/nodes") || !strstr(err, want))
            fail_msg("forged checkpoint %d: '%s'", c, err);
    }
    static mcs_shard_file s;
    assert_int_equal(mcs_shard_read(w.shard, &s, err, sizeof err), MCS_OK);
    assert_int_equal(mcs_shard_check_rows(&w.job, &s, 1, err, sizeof err), MCS_OK);
    s.node[s.depth - 1].n--;
    assert_int_equal(mcs_shard_check_rows(&w.job, &s, 1, err, sizeof err), MCS_E_DATA);
    char row[64];
    snprintf(row, sizeof row, "row %d of /shard/nodes", s.depth - 1);
    assert_non_null(strstr(err, w.shard));
    assert_non_null(strstr(err, row));
    mcs_shard_free(&s);
    unlink(forgery);
}

/* Whether two files are of the same job is decided on their whole resolved
 * configs: a 64 x 64 correlation matrix (about 20 KB of lines) differing
 * only in its last number is another job (a 16 KB copy of the identity
 * once dropped the lines past its room and joined such shards); comments,
 * [output] and the skipped key are not part of it. */
static void configs_compared_whole(void **state)
{
    (void)state;
    static char a[65536], b[65536], c[65536];
    size_t n = (size_t)snprintf(a, sizeof a, "; a comment\n[model]\ntype = multi_gbm\nassets = 64\n"
                                             "correlation_matrix =");
    for (int i = 0; i < 64 * 64; i++)
        n += (size_t)snprintf(a + n, sizeof a - n, "%s %s%s", i % 24 == 0 && i ? "\n   " : "",
                              i / 64 == i % 64 ? "1" : "0.3", i < 64 * 64 - 1 ? "," : "");
    assert_true(n > 20000);
    snprintf(a + n, sizeof a - n, "\n\n[simulation]\npaths = 1000\nseed = 7\n\n[output]\nlog = yes\n");
    char diff[512];
    memcpy(b, a, sizeof a);
    char *last = strstr(b, "0.3, 1\n\n[simulation]"); /* element (63, 62), the last 0.3 */
    assert_non_null(last);
    memcpy(last, "0.4", 3);
    assert_int_equal(mcs_config_same_job(a, b, NULL, diff, sizeof diff), 0);
    assert_non_null(strstr(diff, "0.4"));
    assert_true(mcs_config_identity_hash(a) != mcs_config_identity_hash(b));
    memcpy(c, a, sizeof a); /* another log, another comment: the same job */
    memcpy(strstr(c, "log = yes"), "log = no ", 9);
    c[2] = 'A';
    assert_int_equal(mcs_config_same_job(a, c, NULL, diff, sizeof diff), 1);
    assert_true(mcs_config_identity_hash(a) == mcs_config_identity_hash(c));
    memcpy(c, a, sizeof a); /* other paths: another job, but the same sweep */
    memcpy(strstr(c, "paths = 1000"), "paths = 2000", 12);
    assert_int_equal(mcs_config_same_job(a, c, NULL, diff, sizeof diff), 0);
    assert_string_equal(diff, "'paths = 1000' against 'paths = 2000'");
    assert_int_equal(mcs_config_same_job(a, c, "paths", diff, sizeof diff), 1);
    strcpy(strstr(c, "seed = 7"), "seed = 7\n\nsteps = 2\n"); /* a key more, no [output] */
    assert_int_equal(mcs_config_same_job(a, c, "paths", diff, sizeof diff), 0);
    assert_string_equal(diff, "one config has more keys");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(seal_text_known_answer),
        cmocka_unit_test(files_as_written_read),
        cmocka_unit_test(shard_damage_refused),
        cmocka_unit_test(runlog_damage_refused),
        cmocka_unit_test(checkpoint_damage_refused),
        cmocka_unit_test(sweep_damage_refused),
        cmocka_unit_test(unsealed_files_only_when_asked),
        cmocka_unit_test(paths_that_are_no_sealed_file),
        cmocka_unit_test(rows_checked_against_the_job),
        cmocka_unit_test(forged_rows_refused),
        cmocka_unit_test(rows_as_wide_as_the_outputs),
        cmocka_unit_test(configs_compared_whole),
    };
    return cmocka_run_group_tests(tests, setup_files, remove_files);
}
