/* checkpoint.c - writing and reading checkpoints (checkpoint.h). */
#include "checkpoint.h"
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "output_path.h"
#include "shard.h"

#define KIND "mcsim checkpoint"

static int put_str(hid_t loc, const char *name, const char *v)
{
    hid_t type = H5Tcopy(H5T_C_S1), space = H5Screate(H5S_SCALAR), a = -1;
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    a = H5Acreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    int rc = a >= 0 && H5Awrite(a, type, &v) >= 0 ? 0 : -1;
    if (a >= 0) H5Aclose(a);
    H5Sclose(space);
    H5Tclose(type);
    return rc;
}

mcs_status mcs_checkpoint_write(const char *path, const char *config,
                                const mcs_block_range *range, uint64_t blocks,
                                const mcs_merge_tree *tree, char *err, size_t err_len)
{
    hid_t fapl = -1, file = -1, grp = -1;
    void *image = NULL;
    mcs_status st = MCS_E_IO;
    H5E_BEGIN_TRY {
        /* built in memory, written by the output-path rule: whole or nothing */
        if ((fapl = H5Pcreate(H5P_FILE_ACCESS)) >= 0 && H5Pset_fapl_core(fapl, 1 << 16, 0) >= 0 &&
            (file = H5Fcreate("checkpoint", H5F_ACC_TRUNC, H5P_DEFAULT, fapl)) >= 0 &&
            put_str(file, "kind", KIND) == 0 && put_str(file, "config", config) == 0 &&
            (grp = H5Gcreate2(file, "checkpoint", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) >= 0 &&
            mcs_h5_put_num(grp, "first_block", H5T_NATIVE_UINT64, &range->first) == 0 &&
            mcs_h5_put_num(grp, "end_block", H5T_NATIVE_UINT64, &range->end) == 0 &&
            mcs_h5_put_num(grp, "blocks", H5T_NATIVE_UINT64, &blocks) == 0 &&
            mcs_h5_put_num(grp, "next_block", H5T_NATIVE_UINT64, &tree->next) == 0 &&
            mcs_nodes_write(grp, tree) == 0 && H5Fflush(file, H5F_SCOPE_GLOBAL) >= 0) {
            ssize_t size = H5Fget_file_image(file, NULL, 0);
            if (size > 0 && (image = malloc((size_t)size)) != NULL &&
                H5Fget_file_image(file, image, (size_t)size) == size)
                st = mcs_output_write_bytes("checkpoint", path, image, (size_t)size, err,
                                            err_len);
        }
    }
    H5E_END_TRY;
    if (st != MCS_OK && !err[0])
        snprintf(err, err_len, "cannot write checkpoint '%s': building it failed", path);
    if (grp >= 0) H5Gclose(grp);
    if (file >= 0) H5Fclose(file);
    if (fapl >= 0) H5Pclose(fapl);
    free(image);
    return st;
}

mcs_status mcs_checkpoint_read(const char *path, const char *config,
                               const mcs_block_range *range, uint64_t blocks, int k,
                               mcs_merge_tree *tree, char *err, size_t err_len)
{
    static char want[16384], got[16384];
    hid_t file = -1, grp = -1;
    char *kind = NULL, *saved = NULL;
    mcs_status st = MCS_E_DATA;
    uint64_t first = 0, end = 0, all = 0, next = 0;
    static uint64_t start[128], size[128];
    static mcs_moments node[128];
    int depth = 0, outputs = 0;
    char why[256];
    H5E_BEGIN_TRY { file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT); }
    H5E_END_TRY;
    if (file < 0) {
        snprintf(err, err_len, "%s: cannot open it as a checkpoint (missing, unreadable, or "
                 "not an HDF5 file: damaged?)", path);
        return MCS_E_NOINPUT;
    }
    H5E_BEGIN_TRY {
        kind = mcs_h5_get_str(file, "kind");
        saved = mcs_h5_get_str(file, "config");
        grp = H5Gopen2(file, "checkpoint", H5P_DEFAULT);
    }
    H5E_END_TRY;
    if (!kind || strcmp(kind, KIND) != 0 || !saved || grp < 0 ||
        !mcs_h5_get_num(grp, "first_block", H5T_NATIVE_UINT64, &first) ||
        !mcs_h5_get_num(grp, "end_block", H5T_NATIVE_UINT64, &end) ||
        !mcs_h5_get_num(grp, "blocks", H5T_NATIVE_UINT64, &all) ||
        !mcs_h5_get_num(grp, "next_block", H5T_NATIVE_UINT64, &next) ||
        !mcs_h5_get_num(grp, "outputs", H5T_NATIVE_INT32, &outputs)) {
        snprintf(err, err_len, "%s: not an mcsim checkpoint, or a damaged one", path);
        goto done;
    }
    mcs_config_identity(config, want, sizeof want);
    mcs_config_identity(saved, got, sizeof got);
    if (strcmp(want, got) != 0) {
        char diff[512];
        mcs_config_difference(got, want, diff, sizeof diff);
        snprintf(err, err_len, "%s is a checkpoint of another job: %s (the checkpoint's, then "
                 "this run's)", path, diff);
        goto done;
    }
    if (first != range->first || end != range->end || all != blocks || outputs != k) {
        snprintf(err, err_len, "%s is a checkpoint of blocks %llu to %llu of %llu, this run "
                 "computes %llu to %llu of %llu (another --shard?)", path,
                 (unsigned long long)first, (unsigned long long)end, (unsigned long long)all,
                 (unsigned long long)range->first, (unsigned long long)range->end,
                 (unsigned long long)blocks);
        goto done;
    }
    if (mcs_nodes_read(grp, k, &depth, start, size, node, why, sizeof why) != 0) {
        snprintf(err, err_len, "%s: %s", path, why);
        goto done;
    }
    mcs_tree_init_at(tree, k, range->first);
    for (int d = 0; d < depth; d++)
        if (size[d] > range->end - tree->next || /* past the share: refused before a
                                                  * merge of 2^63-block subtrees */
            !mcs_tree_push_node(tree, &node[d], start[d], size[d])) {
            snprintf(err, err_len, "%s: its subtrees do not follow on: a damaged checkpoint",
                     path);
            goto done;
        }
    if (tree->next != next || next > range->end) {
        snprintf(err, err_len, "%s: its subtrees end at block %llu, not %llu: a damaged "
                 "checkpoint", path, (unsigned long long)tree->next, (unsigned long long)next);
        goto done;
    }
    st = MCS_OK;
done:
    free(kind);
    free(saved);
    if (grp >= 0) H5Gclose(grp);
    H5Fclose(file);
    return st;
}
