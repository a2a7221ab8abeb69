/* fuzz_damage.c - whole-file damage to every kind of file mcsim reads back:
 * a shard's run log (read by mcs_shard_read, as merge does, and by
 * mcs_runlog_read, as calibrate and sweep read their runs' logs), a
 * checkpoint (mcs_checkpoint_read, as --resume does) and a sweep file
 * (mcs_sweep_read, as validate and merge do), each written once, at start,
 * by mcsim's own writers. The input says how to damage one: its first byte
 * picks the file, then 1 to 8 edits: a bit flipped, a byte set, a run of
 * bytes overwritten with the input's or copied from elsewhere in the file,
 * the file cut short or grown, at any offset (half of them in the first
 * KB: the seal and HDF5's superblock), HDF5's own structures (object
 * headers, B-trees, heaps) as much as the data. The property (issue 27:
 * HDF5 1.10 segfaulted and looped on such files): a file whose bytes are
 * not those mcsim wrote is refused with MCS_E_DATA and a message naming
 * it, by the seal, before HDF5 parses anything; the file as written reads.
 * Never a crash, a sanitizer report or a hang. */
#include "checkpoint.h"
#include "config.h"
#include "fuzz_h5.h"
#include "h5log.h"
#include "runlog.h"
#include "sweep.h"

enum { SHARD, RUNLOG, CHECKPOINT, SWEEP, KINDS };
static const char *const kind_name[KINDS] = {"shard file", "run log", "checkpoint",
                                             "sweep file"};
static struct {
    unsigned char *data;
    size_t size;
} original[KINDS];
static fuzz_file input;
static mcs_job job;
static char config[8192];
static mcs_block_range range;
static mcs_merge_tree tree, back;

static mcs_status read_as(int kind, const char *path, char *err, size_t len)
{
    switch (kind) {
    case SHARD: {
        static mcs_shard_file s;
        mcs_status st = mcs_shard_read(path, &s, err, len);
        if (st == MCS_OK)
            mcs_shard_free(&s);
        return st;
    }
    case RUNLOG: {
        mcs_timings t;
        return mcs_runlog_read(path, &t, err, len);
    }
    case CHECKPOINT: return mcs_checkpoint_read(path, &job, config, &range, &back, err, len);
    default: {
        static mcs_sweep_meta meta;
        mcs_sweep_row *rows = NULL;
        size_t n = 0;
        mcs_status st = mcs_sweep_read(path, &meta, &rows, &n, err, len);
        free(rows);
        return st;
    }
    }
}

/* The bytes of the file at `path` into original[kind] (the file removed). */
static void keep(int kind, const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0)
        fuzz_fail("no %s written at %s", kind_name[kind], path);
    original[kind].size = (size_t)st.st_size;
    original[kind].data = malloc(original[kind].size);
    if (!original[kind].data ||
        fread(original[kind].data, 1, original[kind].size, f) != original[kind].size)
        fuzz_fail("cannot read the %s %s", kind_name[kind], path);
    fclose(f);
}

/* A European call of 100000 paths in blocks of 4096 (25 blocks, the last
 * short), shard 2 of 3: its run log, a checkpoint of that share, a sweep
 * file of three runs; each read back once as written. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fh5_init("fuzz_damage");
    fuzz_file_open(&input, "fuzz_damage.h5");
    job.model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = 100.0, .rate = 0.05, .dividend = 0.0, .volatility = 0.2};
    job.option = (mcs_option_params){.payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL,
                                     .strike = 100.0, .maturity = 1.0};
    job.sim = (mcs_sim_params){.paths = 100000, .steps = 1, .seed = 42, .rng = MCS_RNG_PCG64,
                               .precision = MCS_DOUBLE, .block_size = 4096};
    job.write_log = 1;
    mcs_config_render(&job, "job.ini", config, sizeof config);
    const uint64_t blocks = mcs_job_blocks(&job);
    range = mcs_shard_range(blocks, 2, 3);
    mcs_tree_init_at(&tree, 1, range.first);
    for (uint64_t b = range.first; b < range.end; b++) {
        mcs_moments m;
        memset(&m, 0, sizeof m);
        m.n = mcs_job_block_paths(&job, b);
        m.mean[0] = 10.0 + 0.01 * (double)b;
        m.cm[0] = 200.0 * (double)m.n;
        mcs_tree_push(&tree, &m);
    }
    mcs_moments total = mcs_tree_total(&tree);
    static mcs_result res;
    res.price = total.mean[0];
    res.paths = total.n;
    res.n_outputs = 1;
    res.outputs[0] = (mcs_output_result){"price", res.price, 0.1, 9.8, 10.2, 0, 0, NULL};
    mcs_timings t;
    memset(&t, 0, sizeof t);
    t.start = mcs_now();
    mcs_shard_info shard = {2, 3, range.first, range.end, blocks, &tree};
    mcs_run_info info;
    memset(&info, 0, sizeof info);
    info.backend = "cpu";
    info.command_line = "mcsim job.ini --shard 2/3";
    info.config_file = "job.ini";
    info.config_text = config;
    info.shard = &shard;
    static mcs_sweep_meta meta;
    static mcs_sweep_row rows[3];
    snprintf(meta.config, sizeof meta.config, "%s", config);
    for (int i = 0; i < 3; i++) {
        rows[i] = (mcs_sweep_row){"cpu", "cold", 1000u * (i + 1), 1, 4096, "double", "pcg64",
                                  1, 0, {0}};
        rows[i].seconds[MCS_PHASE_TOTAL] = 0.002 * (i + 1);
    }
    char path[4300], err[8192] = "";
    snprintf(path, sizeof path, "%s/file.h5", fh5_dir);
    if (mcs_h5log_write(path, &info, &job, &res, &t, err, sizeof err) != MCS_OK)
        fuzz_fail("mcs_h5log_write: %s", err);
    keep(SHARD, path);
    keep(RUNLOG, path);
    if (mcs_checkpoint_write(path, config, &range, blocks, &tree, err, sizeof err) != MCS_OK)
        fuzz_fail("mcs_checkpoint_write: %s", err);
    keep(CHECKPOINT, path);
    if (mcs_sweep_write(path, &meta, rows, 3, err, sizeof err) != MCS_OK)
        fuzz_fail("mcs_sweep_write: %s", err);
    keep(SWEEP, path);
    unlink(path);
    for (int k = 0; k < KINDS; k++) {
        fuzz_file_set(&input, original[k].data, original[k].size);
        if (read_as(k, input.path, err, sizeof err) != MCS_OK)
            fuzz_fail("the %s as written does not read: %s", kind_name[k], err);
    }
    return 0;
}

/* An offset in a file of `size` bytes (> 0): half of them in the first KB. */
static size_t offset(src *s, size_t size)
{
    size_t span = u8(s) % 2 && size > 1024 ? 1024 : size;
    return (size_t)(take(s, 4) % span);
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t n)
{
    enum { GROWTH = 8 * 256 };
    static unsigned char data[(1 << 20) + GROWTH];
    src s = {bytes, n};
    const int kind = (int)(u8(&s) % KINDS);
    size_t size = original[kind].size;
    if (size > sizeof data - GROWTH)
        fuzz_fail("the %s is %zu bytes, more than the harness holds", kind_name[kind], size);
    memcpy(data, original[kind].data, size);
    const unsigned edits = 1 + u8(&s) % 8;
    for (unsigned e = 0; e < edits && size > 0; e++) {
        size_t at = offset(&s, size), len = 1 + u8(&s);
        switch (u8(&s) % 6) {
        case 0: data[at] ^= (unsigned char)(1u << (u8(&s) % 8)); break;
        case 1: data[at] = (unsigned char)u8(&s); break;
        case 2: /* overwritten with the input's bytes */
            for (size_t i = 0; i < len && at + i < size; i++)
                data[at + i] = (unsigned char)u8(&s);
            break;
        case 3: { /* a run copied from elsewhere in the file */
            size_t from = offset(&s, size);
            if (len > size - at)
                len = size - at;
            if (len > size - from)
                len = size - from;
            memmove(data + at, data + from, len);
            break;
        }
        case 4: size = at; break; /* cut short */
        default: /* grown */
            for (size_t i = 0; i < len; i++)
                data[size + i] = (unsigned char)u8(&s);
            size += len;
        }
    }
    fuzz_file_set(&input, data, size);
    char err[8192] = "";
    mcs_status st = read_as(kind, input.path, err, sizeof err);
    int same = size == original[kind].size && memcmp(data, original[kind].data, size) == 0;
    if (same && st != MCS_OK)
        fuzz_fail("the %s as written was refused: %s", kind_name[kind], err);
    if (!same && (st != MCS_E_DATA || !strstr(err, input.path) || !strstr(err, "refused")))
        fuzz_fail("a damaged %s of %zu bytes: status %d, message '%s'", kind_name[kind], size,
                  (int)st, err);
    fh5_count(same ? "read as written" : "damage refused");
    return 0;
}
