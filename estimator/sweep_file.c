/* sweep_file.c - the sweep file's HDF5 layout (docs/hdf5-schema.md, "Sweep
 * file"): root attributes (config, host, ...) and one compound table /runs,
 * a row per measured run, with one float64 column per phase named by the
 * phase and the strings as variable-length UTF-8, so that pandas takes the
 * table as it is. Schema 1 files (the phases as one 13-element array
 * column, fixed-length strings) are still read. */
#define _GNU_SOURCE
#include <hdf5.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catalog.h"
#include "config.h"
#include "h5mem.h"
#include "h5seal.h"
#include "output_path.h"
#include "sweep.h"

/* A row as HDF5 sees it in memory for schema 2: strings by pointer. */
typedef struct {
    const char *backend, *mode;
    uint64_t paths;
    uint32_t steps, block_size;
    const char *precision, *rng;
    int32_t threads, repeat;
    double seconds[MCS_PHASE_COUNT];
} file_row;

static hid_t fixed_string(size_t n)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, n);
    H5Tset_strpad(t, H5T_STR_NULLTERM);
    return t;
}

/* The columns both schemas have, into compound type t of struct T (file_row
 * or mcs_sweep_row: the same member names), strings of type s (rng's: r). */
#define ROW_COLUMNS(t, T, s, r)                                                                    \
    do {                                                                                           \
        H5Tinsert(t, "backend", HOFFSET(T, backend), s);                                           \
        H5Tinsert(t, "mode", HOFFSET(T, mode), s);                                                 \
        H5Tinsert(t, "paths", HOFFSET(T, paths), H5T_NATIVE_UINT64);                               \
        H5Tinsert(t, "steps", HOFFSET(T, steps), H5T_NATIVE_UINT32);                               \
        H5Tinsert(t, "block_size", HOFFSET(T, block_size), H5T_NATIVE_UINT32);                     \
        H5Tinsert(t, "precision", HOFFSET(T, precision), s);                                       \
        H5Tinsert(t, "rng", HOFFSET(T, rng), r);                                                   \
        H5Tinsert(t, "threads", HOFFSET(T, threads), H5T_NATIVE_INT32);                            \
        H5Tinsert(t, "repeat", HOFFSET(T, repeat), H5T_NATIVE_INT32);                              \
    } while (0)

/* Schema 2's memory type of file_row; the file type is this one packed. */
static hid_t row_type(void)
{
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(file_row)), s = mcs_h5_utf8_string();
    ROW_COLUMNS(t, file_row, s, s);
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        H5Tinsert(t, mcs_phase_name((mcs_phase)p),
                  HOFFSET(file_row, seconds) + (size_t)p * sizeof(double), H5T_NATIVE_DOUBLE);
    H5Tclose(s);
    return t;
}

/* Schema 1's type: mcs_sweep_row itself (fixed strings, seconds[13]). */
static hid_t row_type_v1(void)
{
    hsize_t dims[1] = {MCS_PHASE_COUNT};
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(mcs_sweep_row));
    hid_t s8 = fixed_string(8), s16 = fixed_string(16);
    hid_t arr = H5Tarray_create2(H5T_NATIVE_DOUBLE, 1, dims);
    ROW_COLUMNS(t, mcs_sweep_row, s8, s16);
    H5Tinsert(t, "seconds", HOFFSET(mcs_sweep_row, seconds), arr);
    H5Tclose(s8);
    H5Tclose(s16);
    H5Tclose(arr);
    return t;
}

static void reclaim(hid_t type, hid_t space, void *buf)
{
#if H5_VERSION_GE(1, 12, 0)
    H5Treclaim(type, space, H5P_DEFAULT, buf);
#else
    H5Dvlen_reclaim(type, space, H5P_DEFAULT, buf);
#endif
}

/* /runs attribute `phases`: the phase column names in order, an array of
 * variable-length UTF-8 strings (h5py reads a numpy array of str). */
static int put_phases(hid_t loc)
{
    const char *names[MCS_PHASE_COUNT];
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        names[p] = mcs_phase_name((mcs_phase)p);
    hsize_t dims[1] = {MCS_PHASE_COUNT};
    hid_t type = mcs_h5_utf8_string(), space = H5Screate_simple(1, dims, NULL);
    hid_t attr = H5Acreate2(loc, "phases", type, space, H5P_DEFAULT, H5P_DEFAULT);
    int rc = attr >= 0 && H5Awrite(attr, type, names) >= 0 ? 0 : -1;
    if (attr >= 0)
        H5Aclose(attr);
    H5Sclose(space);
    H5Tclose(type);
    return rc;
}

/* A scalar string attribute (variable or fixed length) into buf; "" if
 * absent. 0 when it does not fit buf (never cut), with the message in err. */
static int get_attr(hid_t loc, const char *file, const char *name, char *buf, size_t len,
                    char *err, size_t err_len)
{
    buf[0] = '\0';
    if (H5Aexists(loc, name) <= 0)
        return 1;
    hid_t attr = H5Aopen(loc, name, H5P_DEFAULT), type = mcs_h5_utf8_string();
    char *v = NULL;
    int ok = 1;
    /* one string only: an array would be read into more than one pointer */
    hid_t space = attr >= 0 ? H5Aget_space(attr) : -1;
    int scalar = space >= 0 && H5Sget_simple_extent_npoints(space) == 1;
    if (space >= 0)
        H5Sclose(space);
    if (attr >= 0 && !scalar) {
        snprintf(err, err_len, "%s: attribute '%s' is not one string", file, name);
        ok = 0;
    } else if (attr >= 0 && H5Aread(attr, type, &v) >= 0 && v) {
        size_t n = strlen(v);
        if (n >= len) {
            snprintf(err, err_len, "%s: attribute '%s' is %zu characters, more than the %zu "
                     "this mcsim reads", file, name, n, len - 1);
            ok = 0;
        } else {
            memcpy(buf, v, n + 1);
        }
        H5free_memory(v);
    }
    H5Tclose(type);
    if (attr >= 0)
        H5Aclose(attr);
    return ok;
}

/* The `phases` attribute of /runs as "a,b,c": schema 1 wrote that text,
 * schema 2 an array of strings. */
static void get_phases(hid_t dset, char *buf, size_t len)
{
    buf[0] = '\0';
    if (H5Aexists(dset, "phases") <= 0)
        return;
    hid_t attr = H5Aopen(dset, "phases", H5P_DEFAULT);
    hid_t space = attr >= 0 ? H5Aget_space(attr) : -1;
    hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    if (n >= 1 && n <= 64) {
        char *names[64] = {0};
        hid_t type = mcs_h5_utf8_string();
        if (H5Aread(attr, type, names) >= 0) {
            size_t used = 0;
            for (hssize_t i = 0; i < n && used < len; i++)
                used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "",
                                         names[i] ? names[i] : "");
            reclaim(type, space, names);
        }
        H5Tclose(type);
    }
    if (space >= 0)
        H5Sclose(space);
    if (attr >= 0)
        H5Aclose(attr);
}

/* The sweep written into an open (in-memory) HDF5 file: 1 when all went in. */
static int fill_file(hid_t file, const mcs_sweep_meta *meta, const file_row *out, size_t n)
{
    hsize_t dims[1] = {n};
    const int schema = MCS_SWEEP_SCHEMA;
    hid_t mem = row_type(), disk = H5Tcopy(mem);
    H5Tpack(disk);
    hid_t space = H5Screate_simple(1, dims, NULL);
    hid_t dset = H5Dcreate2(file, "runs", disk, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    int ok = dset >= 0 && (n == 0 || H5Dwrite(dset, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, out) >= 0) &&
             put_phases(dset) == 0 && mcs_h5_put_str(dset, "units", "s") == 0 &&
             mcs_h5_put_str(file, "creator", "mcsim sweep") == 0 &&
             mcs_h5_put_num(file, "sweep_schema", H5T_NATIVE_INT, &schema) == 0 &&
             mcs_h5_put_str(file, "version", meta->version) == 0 &&
             mcs_h5_put_str(file, "created_utc", meta->created_utc) == 0 &&
             mcs_h5_put_str(file, "command_line", meta->command_line) == 0 &&
             mcs_h5_put_str(file, "config_file", meta->config_file) == 0 &&
             mcs_h5_put_str(file, "config", meta->config) == 0 &&
             mcs_h5_put_str(file, "host", meta->host) == 0 &&
             mcs_h5_put_str(file, "cpu_model", meta->cpu_model) == 0 &&
             mcs_h5_put_str(file, "gpu_name", meta->gpu_name) == 0 &&
             mcs_h5_put_num(file, "task", H5T_NATIVE_INT, &meta->task) == 0 &&
             mcs_h5_put_num(file, "tasks", H5T_NATIVE_INT, &meta->tasks) == 0 &&
             (!meta->failures[0] || mcs_h5_put_str(file, "failures", meta->failures) == 0);
    if (dset >= 0)
        H5Dclose(dset);
    H5Sclose(space);
    H5Tclose(disk);
    H5Tclose(mem);
    return ok;
}

/* The bytes of an HDF5 file holding the sweep, built in memory by the core
 * driver without a backing store: HDF5 never touches the disk, so a full
 * disk or a file size limit meets the one plain write that follows, never
 * an HDF5 file half-closed. *image is malloc'ed; 0 on failure. */
static int build_image(const mcs_sweep_meta *meta, const file_row *out, size_t n, void **image,
                       size_t *size)
{
    hid_t file = mcs_h5mem_create("mcsim sweep file (in memory)");
    *image = NULL;
    if (file < 0)
        return 0;
    if (!fill_file(file, meta, out, n)) {
        H5Fclose(file);
        return 0;
    }
    return mcs_h5mem_close_image(file, image, size) == 0;
}

mcs_status mcs_sweep_write(const char *path, const mcs_sweep_meta *meta, const mcs_sweep_row *rows,
                           size_t n, char *err, size_t err_len)
{
    file_row *out = calloc(n ? n : 1, sizeof *out);
    if (!out) {
        snprintf(err, err_len, "cannot write sweep file '%s': out of memory", path);
        return MCS_E_NOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        const mcs_sweep_row *r = &rows[i];
        out[i] = (file_row){r->backend, r->mode, r->paths, r->steps, r->block_size,
                            r->precision, r->rng, r->threads, r->repeat, {0}};
        memcpy(out[i].seconds, r->seconds, sizeof out[i].seconds);
    }
    H5E_auto2_t old_func;
    void *old_data;
    int have_old = H5Eget_auto2(H5E_DEFAULT, &old_func, &old_data) >= 0;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL); /* our message, not HDF5's stack */
    void *image;
    size_t size = 0;
    int built = build_image(meta, out, n, &image, &size);
    if (have_old)
        H5Eset_auto2(H5E_DEFAULT, old_func, old_data);
    free(out);
    if (!built) {
        snprintf(err, err_len, "cannot write sweep file '%s': building it in memory failed "
                 "(out of memory?)", path);
        return MCS_E_IO;
    }
    mcs_status st = mcs_output_write_bytes("sweep file", path, image, size, err, err_len);
    free(image);
    return st;
}

/* Schema 2 rows into mcs_sweep_row. */
static int read_rows(hid_t dset, hid_t space, size_t n, mcs_sweep_row *rows)
{
    file_row *in = calloc(n ? n : 1, sizeof *in);
    hid_t mem = row_type();
    int ok = in && (n == 0 || H5Dread(dset, mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, in) >= 0);
    for (size_t i = 0; ok && i < n; i++) {
        mcs_sweep_row *r = &rows[i];
        const file_row *f = &in[i];
        snprintf(r->backend, sizeof r->backend, "%s", f->backend ? f->backend : "");
        snprintf(r->mode, sizeof r->mode, "%s", f->mode ? f->mode : "");
        snprintf(r->precision, sizeof r->precision, "%s", f->precision ? f->precision : "");
        snprintf(r->rng, sizeof r->rng, "%s", f->rng ? f->rng : "");
        /* a longer name is no name this mcsim knows: marked so validate refuses it */
        if ((f->backend && strlen(f->backend) >= sizeof r->backend) ||
            (f->mode && strlen(f->mode) >= sizeof r->mode) ||
            (f->precision && strlen(f->precision) >= sizeof r->precision) ||
            (f->rng && strlen(f->rng) >= sizeof r->rng))
            r->backend[0] = '?', r->backend[1] = '\0';
        r->paths = f->paths;
        r->steps = f->steps;
        r->block_size = f->block_size;
        r->threads = f->threads;
        r->repeat = f->repeat;
        memcpy(r->seconds, f->seconds, sizeof r->seconds);
    }
    if (ok && n)
        reclaim(mem, space, in);
    H5Tclose(mem);
    free(in);
    return ok;
}

/* The row count /runs claims, checked against the file before anything is
 * allocated for it: at most MCS_SWEEP_ROWS_MAX, and (unless compressed) as
 * many bytes of row data stored as the rows take. -1 with a message. */
static hssize_t checked_row_count(const char *path, hid_t dset, hid_t space, hid_t ftype,
                                  char *err, size_t err_len)
{
    hssize_t count = H5Sget_simple_extent_npoints(space);
    if (count < 0) {
        snprintf(err, err_len, "%s: cannot read the size of /runs", path);
        return -1;
    }
    if ((unsigned long long)count > MCS_SWEEP_ROWS_MAX) {
        snprintf(err, err_len, "%s: /runs declares %lld rows, more than the %d a sweep can "
                 "measure (MCS_SWEEP_ROWS_MAX)", path, (long long)count, MCS_SWEEP_ROWS_MAX);
        return -1;
    }
    hid_t dcpl = H5Dget_create_plist(dset);
    int filters = dcpl >= 0 ? H5Pget_nfilters(dcpl) : 0;
    if (dcpl >= 0)
        H5Pclose(dcpl);
    double stored = (double)H5Dget_storage_size(dset);
    double needed = (double)count * (double)H5Tget_size(ftype);
    /* deflate, the filter h5repack would use, compresses at most about 1000:1 */
    double most = filters > 0 ? 1100 * stored : stored;
    if (count > 0 && most < needed) {
        snprintf(err, err_len, "%s: /runs declares %lld rows (%.0f bytes) but the file holds "
                 "%.0f bytes of them: truncated or damaged", path, (long long)count, needed,
                 stored);
        return -1;
    }
    return count;
}

/* The task and tasks attributes (0, 0 where a file has none: written
 * before they were); 0 (message in err) when they are not a task i of n,
 * 1 <= i <= n <= MCS_SWEEP_SIZES_MAX, or 0, 0. */
static int get_task(hid_t file, const char *path, mcs_sweep_meta *meta, char *err,
                    size_t err_len)
{
    meta->task = meta->tasks = 0;
    int has = H5Aexists(file, "task") > 0 || H5Aexists(file, "tasks") > 0;
    if (!has)
        return 1;
    int read = mcs_h5_get_num(file, "task", H5T_NATIVE_INT, &meta->task) &&
               mcs_h5_get_num(file, "tasks", H5T_NATIVE_INT, &meta->tasks);
    int whole = meta->task == 0 && meta->tasks == 0;
    int part = meta->task >= 1 && meta->task <= meta->tasks && meta->tasks <= MCS_SWEEP_SIZES_MAX;
    if (!read || !(whole || part)) {
        snprintf(err, err_len, "%s: attributes task = %d, tasks = %d are not a task i of n "
                 "(1 <= i <= n <= %d) or 0, 0", path, meta->task, meta->tasks,
                 MCS_SWEEP_SIZES_MAX);
        return 0;
    }
    return 1;
}

/* Every root attribute of the sweep into meta, in this order; 0 (message
 * in err) when one is longer than this mcsim keeps or out of its range. */
#define META_TEXT(name) {#name, offsetof(mcs_sweep_meta, name), sizeof ((mcs_sweep_meta *)0)->name}
static const struct {
    const char *name;
    size_t offset, size;
} meta_texts[] = {META_TEXT(config_file), META_TEXT(config),      META_TEXT(command_line),
                  META_TEXT(host),        META_TEXT(cpu_model),   META_TEXT(gpu_name),
                  META_TEXT(created_utc), META_TEXT(version),     META_TEXT(failures)};
static int read_meta(hid_t file, const char *path, mcs_sweep_meta *meta, char *err,
                     size_t err_len)
{
    int ok = get_task(file, path, meta, err, err_len);
    for (size_t i = 0; ok && i < sizeof meta_texts / sizeof meta_texts[0]; i++)
        ok = get_attr(file, path, meta_texts[i].name, (char *)meta + meta_texts[i].offset,
                      meta_texts[i].size, err, err_len);
    return ok;
}

mcs_status mcs_sweep_read(const char *path, mcs_sweep_meta *meta, mcs_sweep_row **rows,
                          size_t *n, char *err, size_t err_len)
{
    hid_t dset = -1, space = -1, type = -1, ftype = -1;
    *rows = NULL;
    *n = 0;
    memset(meta, 0, sizeof *meta);
    hid_t file = -1;
    mcs_status st = mcs_h5_open_sealed(path, "sweep file", &file, err, err_len);
    if (st != MCS_OK)
        return st;
    st = MCS_E_DATA;
    char phases[512];
    H5E_BEGIN_TRY { dset = H5Dopen2(file, "runs", H5P_DEFAULT); }
    H5E_END_TRY;
    if (dset < 0) {
        snprintf(err, err_len, "%s: no /runs table (not a file made by mcsim sweep)", path);
        goto done;
    }
    ftype = H5Dget_type(dset);
    int v1 = ftype >= 0 && H5Tget_class(ftype) == H5T_COMPOUND &&
             H5Tget_member_index(ftype, "seconds") >= 0;
    get_phases(dset, phases, sizeof phases);
    char expect[512] = "";
    for (int p = 0; p < MCS_PHASE_COUNT; p++)
        snprintf(expect + strlen(expect), sizeof expect - strlen(expect), "%s%s", p ? "," : "",
                 mcs_phase_name((mcs_phase)p));
    if (strcmp(phases, expect) != 0) {
        snprintf(err, err_len, "%s: /runs has phases '%s'; this mcsim reads '%s'", path, phases,
                 expect);
        goto done;
    }
    space = H5Dget_space(dset);
    hssize_t count = ftype >= 0 && space >= 0
                         ? checked_row_count(path, dset, space, ftype, err, err_len)
                         : -1;
    if (count < 0) {
        if (ftype < 0 || space < 0)
            snprintf(err, err_len, "%s: cannot read /runs", path);
        goto done;
    }
    *rows = calloc(count > 0 ? (size_t)count : 1, sizeof **rows);
    int ok = *rows != NULL;
    if (ok && v1) {
        type = row_type_v1();
        H5E_BEGIN_TRY {
            ok = count == 0 || H5Dread(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, *rows) >= 0;
        }
        H5E_END_TRY;
        /* fixed-length fields may fill their bytes: terminate them */
        for (hssize_t i = 0; ok && i < count; i++) {
            mcs_sweep_row *r = &(*rows)[i];
            r->backend[sizeof r->backend - 1] = r->mode[sizeof r->mode - 1] = '\0';
            r->precision[sizeof r->precision - 1] = r->rng[sizeof r->rng - 1] = '\0';
        }
    } else if (ok) {
        H5E_BEGIN_TRY { ok = read_rows(dset, space, (size_t)count, *rows); }
        H5E_END_TRY;
    }
    if (!ok || !read_meta(file, path, meta, err, err_len)) {
        if (!ok) {
            snprintf(err, err_len, "%s: cannot read /runs (%s)", path,
                     *rows ? "not the columns of a sweep file" : "out of memory");
            st = *rows ? MCS_E_DATA : MCS_E_NOMEM;
        }
        free(*rows);
        *rows = NULL;
        goto done;
    }
    *n = (size_t)count;
    meta->schema = v1 ? 1 : 2;
    st = MCS_OK;
done:
    if (type >= 0) H5Tclose(type);
    if (ftype >= 0) H5Tclose(ftype);
    if (space >= 0) H5Sclose(space);
    if (dset >= 0) H5Dclose(dset);
    H5Fclose(file);
    return st;
}

/* Is `name` one of the table's names? */
static int known(const mcs_named *table, const char *name)
{
    return mcs_named_find(table, name) != NULL;
}

int mcs_sweep_check_row(const mcs_sweep_row *r, char *why, size_t len)
{
    if (strcmp(r->backend, "cpu") && strcmp(r->backend, "gpu"))
        snprintf(why, len, "backend = '%s': must be cpu or gpu", r->backend);
    else if (strcmp(r->mode, "cold") && strcmp(r->mode, "warm"))
        snprintf(why, len, "mode = '%s': must be cold or warm", r->mode);
    else if (!known(mcs_precisions, r->precision))
        snprintf(why, len, "precision = '%s': not a precision mcsim runs", r->precision);
    else if (!known(mcs_rngs, r->rng))
        snprintf(why, len, "rng = '%s': not a generator mcsim runs", r->rng);
    else if (r->paths < 1 || r->paths > MCS_MAX_PATHS)
        snprintf(why, len, "paths = %llu: must be 1 to 1e15", (unsigned long long)r->paths);
    else if (r->steps < 1 || r->steps > MCS_MAX_STEPS)
        snprintf(why, len, "steps = %u: must be 1 to %u", r->steps, MCS_MAX_STEPS);
    else if (r->block_size < 1 || r->block_size > MCS_MAX_BLOCK_SIZE)
        snprintf(why, len, "block_size = %u: must be 1 to %u", r->block_size, MCS_MAX_BLOCK_SIZE);
    else if (r->threads < 1 || r->threads > 4096)
        snprintf(why, len, "threads = %d: must be 1 to 4096", (int)r->threads);
    else if (r->repeat < 0 || r->repeat >= 4096)
        snprintf(why, len, "repeat = %d: must be 0 to 4095", (int)r->repeat);
    else {
        for (int p = 0; p < MCS_PHASE_COUNT; p++)
            if (!isfinite(r->seconds[p]) || r->seconds[p] < 0) {
                snprintf(why, len, "%s = %g s: must be a finite number of seconds >= 0",
                         mcs_phase_name((mcs_phase)p), r->seconds[p]);
                return 0;
            }
        if (r->seconds[MCS_PHASE_TOTAL] > 0)
            return 1;
        snprintf(why, len, "total = 0 s: a run measured takes time");
    }
    return 0;
}
