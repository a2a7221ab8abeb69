/* shard.c - the /shard group of a shard's run log, reading it back, and
 * joining shards into the whole job's merge tree (shard.h). */
#include "shard.h"
#include "h5mem.h"
#include "h5seal.h"
#include "product.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int mcs_shard_parse(const char *text, int *index, int *count)
{
    char *end;
    long i = strtol(text, &end, 10);
    if (end == text || *end != '/')
        return 0;
    const char *rest = end + 1;
    long n = strtol(rest, &end, 10);
    if (end == rest || *end != '\0' || i < 1 || n < 1 || i > n || n > MCS_SHARDS_MAX)
        return 0;
    *index = (int)i;
    *count = (int)n;
    return 1;
}

mcs_block_range mcs_shard_range(uint64_t blocks, int index, int count)
{
    /* iB/n without overflow for any B: with B = qn + rem, iB/n = iq + i*rem/n
     * (i*rem < n^2 < 2^62) */
    const uint64_t n = (uint64_t)count, q = blocks / n, rem = blocks % n;
    const uint64_t i0 = (uint64_t)(index - 1), i1 = (uint64_t)index;
    mcs_block_range r = {i0 * q + i0 * rem / n, i1 * q + i1 * rem / n};
    return r;
}

hid_t mcs_node_row_type(int width)
{
    hsize_t dm[1] = {(hsize_t)width}, dc[1] = {(hsize_t)(width * (width + 1) / 2)};
    if (width < 1 || width > MCS_MAX_OUTPUTS)
        return -1;
    hid_t t = H5Tcreate(H5T_COMPOUND, sizeof(mcs_node_row));
    hid_t am = H5Tarray_create2(H5T_NATIVE_DOUBLE, 1, dm);
    hid_t ac = H5Tarray_create2(H5T_NATIVE_DOUBLE, 1, dc);
    H5Tinsert(t, "start", HOFFSET(mcs_node_row, start), H5T_NATIVE_UINT64);
    H5Tinsert(t, "size", HOFFSET(mcs_node_row, size), H5T_NATIVE_UINT64);
    H5Tinsert(t, "n", HOFFSET(mcs_node_row, n), H5T_NATIVE_UINT64);
    H5Tinsert(t, "mean", HOFFSET(mcs_node_row, mean), am);
    H5Tinsert(t, "comoments", HOFFSET(mcs_node_row, cm), ac);
    H5Tclose(am);
    H5Tclose(ac);
    return t;
}

/* 64-bit FNV-1a of n bytes, continued from h. */
static uint64_t fnv1a_more(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* The rows' checksum, stored beside them: a damaged file is refused, not merged. */
uint64_t mcs_node_rows_checksum(const mcs_node_row *rows, size_t n, int width)
{
    uint64_t h = 1469598103934665603ULL;
    const size_t cross = (size_t)(width * (width + 1) / 2);
    for (size_t i = 0; i < n; i++) {
        h = fnv1a_more(h, &rows[i].start, sizeof rows[i].start);
        h = fnv1a_more(h, &rows[i].size, sizeof rows[i].size);
        h = fnv1a_more(h, &rows[i].n, sizeof rows[i].n);
        h = fnv1a_more(h, rows[i].mean, (size_t)width * sizeof rows[i].mean[0]);
        h = fnv1a_more(h, rows[i].cm, cross * sizeof rows[i].cm[0]);
    }
    return h;
}

int mcs_nodes_write(hid_t grp, const mcs_merge_tree *t)
{
    hid_t type = -1, packed = -1, space = -1, dset = -1;
    int rc = -1, depth = t->depth;
    mcs_node_row *rows = calloc(depth > 0 ? (size_t)depth : 1, sizeof *rows);
    if (!rows)
        return -1;
    for (int d = 0; d < depth; d++) {
        rows[d].start = t->start[d];
        rows[d].size = t->size[d];
        rows[d].n = t->node[d].n;
        memcpy(rows[d].mean, t->node[d].mean, sizeof rows[d].mean);
        memcpy(rows[d].cm, t->node[d].cm, sizeof rows[d].cm);
    }
    uint64_t sum = mcs_node_rows_checksum(rows, (size_t)depth, t->k);
    int32_t k = t->k;
    hsize_t dims[1] = {(hsize_t)depth};
    /* in the file, the row packed: no room for outputs the job does not have */
    if (mcs_h5_put_num(grp, "outputs", H5T_NATIVE_INT32, &k) < 0 ||
        mcs_h5_put_num(grp, "checksum", H5T_NATIVE_UINT64, &sum) < 0 ||
        (type = mcs_node_row_type(t->k)) < 0 || (packed = H5Tcopy(type)) < 0 ||
        H5Tpack(packed) < 0 || (space = H5Screate_simple(1, dims, NULL)) < 0 ||
        (dset = H5Dcreate2(grp, "nodes", packed, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) < 0 ||
        (depth > 0 && H5Dwrite(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0))
        goto cleanup;
    rc = 0;
cleanup:
    if (dset >= 0) H5Dclose(dset);
    if (space >= 0) H5Sclose(space);
    if (packed >= 0) H5Tclose(packed);
    if (type >= 0) H5Tclose(type);
    free(rows);
    return rc;
}

int mcs_shard_write_group(hid_t file, const mcs_shard_info *sh)
{
    int32_t index = sh->index, count = sh->count;
    hid_t grp = H5Gcreate2(file, "shard", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    int rc = grp >= 0 && mcs_h5_put_num(grp, "index", H5T_NATIVE_INT32, &index) == 0 &&
                     mcs_h5_put_num(grp, "count", H5T_NATIVE_INT32, &count) == 0 &&
                     mcs_h5_put_num(grp, "first_block", H5T_NATIVE_UINT64, &sh->first) == 0 &&
                     mcs_h5_put_num(grp, "end_block", H5T_NATIVE_UINT64, &sh->end) == 0 &&
                     mcs_h5_put_num(grp, "blocks", H5T_NATIVE_UINT64, &sh->blocks) == 0 &&
                     mcs_nodes_write(grp, sh->tree) == 0
                 ? 0
                 : -1;
    if (grp >= 0)
        H5Gclose(grp);
    return rc;
}

int mcs_node_rows_width(hid_t dset)
{
    int width = 0;
    hid_t type = H5Dget_type(dset), member = -1;
    if (type >= 0 && H5Tget_class(type) == H5T_COMPOUND) {
        int i = H5Tget_member_index(type, "mean");
        member = i >= 0 ? H5Tget_member_type(type, (unsigned)i) : -1;
        hsize_t dims[1];
        if (member >= 0 && H5Tget_class(member) == H5T_ARRAY && H5Tget_array_ndims(member) == 1 &&
            H5Tget_array_dims2(member, dims) == 1 && dims[0] >= 1 && dims[0] <= MCS_MAX_OUTPUTS)
            width = (int)dims[0];
    }
    if (member >= 0) H5Tclose(member);
    if (type >= 0) H5Tclose(type);
    return width;
}

int mcs_nodes_read(hid_t grp, int k, int *depth, uint64_t *start, uint64_t *size,
                   mcs_moments *node, char *why, size_t why_len)
{
    hid_t dset = -1, space = -1, type = -1;
    mcs_node_row *rows = NULL;
    uint64_t sum = 0;
    int rc = -1, width = 0;
    H5E_BEGIN_TRY {
        dset = H5Dopen2(grp, "nodes", H5P_DEFAULT);
        space = dset >= 0 ? H5Dget_space(dset) : -1;
        width = dset >= 0 ? mcs_node_rows_width(dset) : 0;
        hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
        if (width > 0 && width != k && !(width == MCS_LEGACY_ROW_WIDTH && k <= width)) {
            snprintf(why, why_len, "its subtrees hold %d outputs a row, its job %d: not this "
                     "job's file, or a damaged one", width, k);
        } else if (n < 0 || n > MCS_TREE_MOST_NODES || width == 0 ||
                   !mcs_h5_get_num(grp, "checksum", H5T_NATIVE_UINT64, &sum) ||
                   (rows = calloc(n > 0 ? (size_t)n : 1, sizeof *rows)) == NULL ||
                   (type = mcs_node_row_type(width)) < 0 ||
                   (n > 0 && H5Dread(dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) < 0)) {
            snprintf(why, why_len, "its subtrees (nodes, checksum) are missing or unreadable: a "
                     "damaged file");
        } else if (mcs_node_rows_checksum(rows, (size_t)n, width) != sum) {
            snprintf(why, why_len, "its subtrees do not match their checksum: a damaged file");
        } else {
            *depth = (int)n;
            for (int d = 0; d < *depth; d++) {
                start[d] = rows[d].start;
                size[d] = rows[d].size;
                memset(&node[d], 0, sizeof node[d]);
                node[d].n = rows[d].n;
                memcpy(node[d].mean, rows[d].mean, sizeof rows[d].mean);
                memcpy(node[d].cm, rows[d].cm, sizeof rows[d].cm);
            }
            rc = 0;
        }
    }
    H5E_END_TRY;
    if (type >= 0) H5Tclose(type);
    if (space >= 0) H5Sclose(space);
    if (dset >= 0) H5Dclose(dset);
    free(rows);
    return rc;
}

/* Paths in blocks 0 .. b - 1 of a job (b at most its block count). */
static uint64_t paths_before(const mcs_job *job, uint64_t b)
{
    return b >= mcs_job_blocks(job) ? job->sim.paths : b * job->sim.block_size;
}

int mcs_node_check(const mcs_job *job, uint64_t start, uint64_t size, const mcs_moments *m,
                   char *why, size_t why_len)
{
    const uint64_t blocks = mcs_job_blocks(job);
    const int k = mcs_job_outputs(job);
    if (size == 0 || start > blocks || size > blocks - start) {
        snprintf(why, why_len, "blocks %llu+%llu, outside the job's %llu blocks",
                 (unsigned long long)start, (unsigned long long)size,
                 (unsigned long long)blocks);
        return 0;
    }
    const uint64_t paths = paths_before(job, start + size) - paths_before(job, start);
    if (m->n != paths) {
        snprintf(why, why_len, "%llu paths in blocks %llu to %llu, which hold %llu paths of "
                 "this job", (unsigned long long)m->n, (unsigned long long)start,
                 (unsigned long long)(start + size - 1), (unsigned long long)paths);
        return 0;
    }
    for (int i = 0; i < k; i++) {
        if (!isfinite(m->mean[i])) {
            snprintf(why, why_len, "the mean of output %d is %g, not a finite number", i,
                     m->mean[i]);
            return 0;
        }
        for (int j = i; j < k; j++) {
            double c = m->cm[mcs_cross_index(k, i, j)];
            if (i == j && !(c >= 0 && c < INFINITY)) {
                snprintf(why, why_len, "the sum of squares of output %d is %g, never negative "
                         "or infinite", i, c);
                return 0;
            }
            if (!isfinite(c)) {
                snprintf(why, why_len, "the co-moment of outputs %d and %d is %g, not a finite "
                         "number", i, j, c);
                return 0;
            }
        }
    }
    return 1;
}

mcs_status mcs_shard_check_rows(const mcs_job *job, const mcs_shard_file *shards, int n,
                                char *err, size_t err_len)
{
    char why[256];
    for (int i = 0; i < n; i++)
        for (int d = 0; d < shards[i].depth; d++)
            if (!mcs_node_check(job, shards[i].start[d], shards[i].size[d], &shards[i].node[d],
                                why, sizeof why)) {
                snprintf(err, err_len, "%s: row %d of /shard/nodes is not what a run of its "
                         "job writes: %s (the file was edited, or its run was faulty)",
                         shards[i].path, d, why);
                return MCS_E_DATA;
            }
    return MCS_OK;
}

void mcs_shard_free(mcs_shard_file *s)
{
    free(s->config);
    free(s->start);
    s->config = NULL;
    s->start = s->size = NULL;
    s->node = NULL;
}

/* The subtrees of a shard's /shard group into out, allocated to their
 * number; 0, or -1 with why. */
static int read_subtrees(hid_t grp, mcs_shard_file *out, char *why, size_t why_len)
{
    static uint64_t start[MCS_TREE_MOST_NODES], size[MCS_TREE_MOST_NODES];
    static mcs_moments node[MCS_TREE_MOST_NODES];
    if (mcs_nodes_read(grp, out->k, &out->depth, start, size, node, why, why_len) != 0)
        return -1;
    size_t d = (size_t)out->depth;
    /* one block: the starts, the sizes, then the moments (8-byte aligned) */
    if (!(out->start = malloc(d * (2 * sizeof *start + sizeof *node) + 1))) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    out->size = out->start + d;
    out->node = (mcs_moments *)(out->size + d);
    memcpy(out->start, start, d * sizeof *start);
    memcpy(out->size, size, d * sizeof *size);
    memcpy(out->node, node, d * sizeof *node);
    return 0;
}

mcs_status mcs_shard_read(const char *path, mcs_shard_file *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    out->path = path;
    hid_t file = -1, grp = -1;
    mcs_status st = mcs_h5_open_sealed(path, "shard file", &file, err, err_len);
    if (st != MCS_OK)
        return st;
    st = MCS_E_DATA;
    H5E_BEGIN_TRY {
        grp = H5Gopen2(file, "shard", H5P_DEFAULT);
        char *backend = mcs_h5_get_str(file, "backend"), *cfile = mcs_h5_get_str(file, "config_file");
        out->config = mcs_h5_get_str(file, "config");
        snprintf(out->backend, sizeof out->backend, "%s", backend ? backend : "?");
        snprintf(out->config_file, sizeof out->config_file, "%s", cfile ? cfile : "?");
        free(backend);
        free(cfile);
        if (grp < 0 || !out->config) {
            snprintf(err, err_len, "%s: not a shard file (no /shard group or config: made by "
                     "`mcsim CONFIG --shard i/n`?)", path);
            goto done;
        }
        if (!mcs_h5_get_num(grp, "index", H5T_NATIVE_INT32, &out->index) ||
            !mcs_h5_get_num(grp, "count", H5T_NATIVE_INT32, &out->count) ||
            !mcs_h5_get_num(grp, "outputs", H5T_NATIVE_INT32, &out->k) ||
            !mcs_h5_get_num(grp, "first_block", H5T_NATIVE_UINT64, &out->first) ||
            !mcs_h5_get_num(grp, "end_block", H5T_NATIVE_UINT64, &out->end) ||
            !mcs_h5_get_num(grp, "blocks", H5T_NATIVE_UINT64, &out->blocks) || out->count < 1 ||
            out->index < 1 || out->index > out->count || out->k < 1 ||
            out->k > MCS_MAX_OUTPUTS || out->first > out->end || out->end > out->blocks) {
            snprintf(err, err_len, "%s: /shard attributes missing or out of range", path);
            goto done;
        }
        char why[256];
        if (read_subtrees(grp, out, why, sizeof why) != 0) {
            snprintf(err, err_len, "%s: %s", path, why);
            goto done;
        }
        st = MCS_OK;
    done:;
    }
    H5E_END_TRY;
    if (grp >= 0) H5Gclose(grp);
    H5Fclose(file);
    if (st != MCS_OK)
        mcs_shard_free(out);
    return st;
}

/* The next line of a job's identity in config from *at: every line but
 * comments, the [output] section (where a shard's log went does not change
 * its sums) and key `skip` (NULL: none). 1 and the line (without its
 * newline) in *line, *n; 0 at the end. No copy: a config of any length. */
static int identity_line(const char **at, int *in_output, const char *skip, const char **line,
                         size_t *n)
{
    size_t ls = skip ? strlen(skip) : 0;
    while (**at) {
        const char *l = *at, *eol = strchr(l, '\n');
        size_t len = eol ? (size_t)(eol - l) : strlen(l);
        *at = l + len + (eol ? 1 : 0);
        if (l[0] == '[')
            *in_output = strncmp(l, "[output]", 8) == 0;
        int skipped = skip && strncmp(l, skip, ls) == 0 && strncmp(l + ls, " =", 2) == 0;
        if (l[0] != ';' && !*in_output && !skipped) {
            *line = l;
            *n = len;
            return 1;
        }
    }
    return 0;
}

int mcs_config_same_job(const char *a, const char *b, const char *skip, char *diff, size_t len)
{
    int out_a = 0, out_b = 0;
    const char *la, *lb;
    size_t na, nb;
    for (;;) {
        int more_a = identity_line(&a, &out_a, skip, &la, &na);
        int more_b = identity_line(&b, &out_b, skip, &lb, &nb);
        if (!more_a && !more_b)
            return 1;
        if (more_a != more_b) {
            snprintf(diff, len, "one config has more keys");
            return 0;
        }
        if (na != nb || memcmp(la, lb, na) != 0) {
            snprintf(diff, len, "'%.*s' against '%.*s'", (int)na, la, (int)nb, lb);
            return 0;
        }
    }
}

uint64_t mcs_config_identity_hash(const char *config)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a of the identity, each line and a newline */
    int in_output = 0;
    const char *line;
    size_t n;
    while (identity_line(&config, &in_output, NULL, &line, &n))
        h = fnv1a_more(fnv1a_more(h, line, n), "\n", 1);
    return h;
}

static int by_index(const void *x, const void *y)
{
    const mcs_shard_file *a = x, *b = y;
    return (a->index > b->index) - (a->index < b->index);
}

mcs_status mcs_shard_join(mcs_shard_file *shards, int n, mcs_merge_tree *tree, char *err,
                          size_t err_len)
{
    char diff[512];
    for (int i = 1; i < n; i++) {
        if (!mcs_config_same_job(shards[i].config, shards[0].config, NULL, diff, sizeof diff)) {
            snprintf(err, err_len, "%s belongs to another job than %s: %s", shards[i].path,
                     shards[0].path, diff);
            return MCS_E_DATA;
        }
        if (shards[i].count != shards[0].count) {
            snprintf(err, err_len, "%s is shard %d/%d but %s is %d/%d: the job was split in "
                     "two ways, so their blocks overlap", shards[i].path, shards[i].index,
                     shards[i].count, shards[0].path, shards[0].index, shards[0].count);
            return MCS_E_DATA;
        }
    }
    qsort(shards, (size_t)n, sizeof *shards, by_index);
    const int count = shards[0].count;
    for (int i = 1; i < n; i++)
        if (shards[i].index == shards[i - 1].index) {
            snprintf(err, err_len, "shard %d/%d is given twice: %s and %s", shards[i].index,
                     count, shards[i - 1].path, shards[i].path);
            return MCS_E_DATA;
        }
    for (int want = 1, i = 0; want <= count; want++) {
        if (i < n && shards[i].index == want) {
            i++;
            continue;
        }
        snprintf(err, err_len, "shard %d/%d is missing (%d of %d given)", want, count, n, count);
        return MCS_E_DATA;
    }
    mcs_tree_init(tree, shards[0].k);
    for (int i = 0; i < n; i++) {
        const mcs_shard_file *s = &shards[i];
        mcs_block_range r = mcs_shard_range(s->blocks, s->index, s->count);
        if (s->blocks != shards[0].blocks || s->k != shards[0].k || s->first != r.first ||
            s->end != r.end || s->first != tree->next) {
            snprintf(err, err_len, "%s: shard %d/%d holds blocks %llu to %llu, not its share "
                     "%llu to %llu of %llu", s->path, s->index, s->count,
                     (unsigned long long)s->first, (unsigned long long)s->end,
                     (unsigned long long)r.first, (unsigned long long)r.end,
                     (unsigned long long)s->blocks);
            return MCS_E_DATA;
        }
        for (int d = 0; d < s->depth; d++)
            if (s->size[d] > s->end - tree->next || /* past its share */
                !mcs_tree_push_node(tree, &s->node[d], s->start[d], s->size[d])) {
                snprintf(err, err_len, "%s: its subtree %d (blocks %llu+%llu) does not follow "
                         "on: a damaged shard file", s->path, d,
                         (unsigned long long)s->start[d], (unsigned long long)s->size[d]);
                return MCS_E_DATA;
            }
        if (tree->next != s->end) {
            snprintf(err, err_len, "%s: its subtrees end at block %llu, not %llu: a damaged "
                     "shard file", s->path, (unsigned long long)tree->next,
                     (unsigned long long)s->end);
            return MCS_E_DATA;
        }
    }
    return MCS_OK;
}
