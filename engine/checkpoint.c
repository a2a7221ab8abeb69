/* checkpoint.c - writing and reading checkpoints (checkpoint.h). */
#include "checkpoint.h"
#include <hdf5.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "h5mem.h"
#include "h5seal.h"
#include "output_path.h"
#include "product.h"
#include "shard.h"

#define KIND "mcsim checkpoint"

mcs_status mcs_checkpoint_write(const char *path, const char *config,
                                const mcs_block_range *range, uint64_t blocks,
                                const mcs_merge_tree *tree, char *err, size_t err_len)
{
    hid_t file = -1, grp = -1;
    void *image = NULL;
    size_t size = 0;
    int built = 0;
    err[0] = '\0';
    H5E_BEGIN_TRY {
        /* built in memory, written by the output-path rule: whole or nothing */
        built = (file = mcs_h5mem_create("checkpoint")) >= 0 &&
                mcs_h5_put_str(file, "kind", KIND) == 0 &&
                mcs_h5_put_str(file, "config", config) == 0 &&
                (grp = H5Gcreate2(file, "checkpoint", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)) >= 0 &&
                mcs_h5_put_num(grp, "first_block", H5T_NATIVE_UINT64, &range->first) == 0 &&
                mcs_h5_put_num(grp, "end_block", H5T_NATIVE_UINT64, &range->end) == 0 &&
                mcs_h5_put_num(grp, "blocks", H5T_NATIVE_UINT64, &blocks) == 0 &&
                mcs_h5_put_num(grp, "next_block", H5T_NATIVE_UINT64, &tree->next) == 0 &&
                mcs_nodes_write(grp, tree) == 0;
        if (grp >= 0)
            H5Gclose(grp);
        if (file >= 0 && mcs_h5mem_close_image(file, &image, &size) != 0)
            built = 0;
    }
    H5E_END_TRY;
    mcs_status st = MCS_E_IO;
    if (built)
        st = mcs_output_write_bytes("checkpoint", path, image, size, err, err_len);
    else
        snprintf(err, err_len, "cannot write checkpoint '%s': building it failed", path);
    free(image);
    return st;
}

mcs_status mcs_checkpoint_check_target(const char *path, char *err, size_t err_len)
{
    struct stat sb;
    if (lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size == 0)
        return MCS_OK; /* nothing to lose (or what mcs_output_check refuses) */
    char why[512];
    hid_t file = -1;
    char *kind = NULL;
    /* read through the seal: a damaged or foreign file never reaches HDF5 */
    if (mcs_h5_open_sealed(path, "checkpoint", &file, why, sizeof why) == MCS_OK) {
        H5E_BEGIN_TRY {
            kind = mcs_h5_get_str(file, "kind");
        }
        H5E_END_TRY;
        H5Fclose(file);
    }
    int is_checkpoint = kind && strcmp(kind, KIND) == 0;
    free(kind);
    if (is_checkpoint)
        return MCS_OK;
    snprintf(err, err_len, "cannot write checkpoint '%s': it exists and is not an mcsim "
             "checkpoint (a config, a run log, notes?), which the run would replace and remove "
             "at its end; name a new file for --checkpoint", path);
    return MCS_E_IO;
}

mcs_status mcs_checkpoint_read(const char *path, const mcs_job *job, const char *config,
                               const mcs_block_range *range, mcs_merge_tree *tree, char *err,
                               size_t err_len)
{
    const uint64_t blocks = mcs_job_blocks(job);
    const int k = mcs_job_outputs(job);
    hid_t file = -1, grp = -1;
    char *kind = NULL, *saved = NULL;
    mcs_status st = MCS_E_DATA;
    uint64_t first = 0, end = 0, all = 0, next = 0;
    static uint64_t start[MCS_TREE_MOST_NODES], size[MCS_TREE_MOST_NODES];
    static mcs_moments node[MCS_TREE_MOST_NODES];
    int depth = 0, outputs = 0;
    char why[256];
    if ((st = mcs_h5_open_sealed(path, "checkpoint", &file, err, err_len)) != MCS_OK)
        return st;
    st = MCS_E_DATA;
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
    char diff[512];
    if (!mcs_config_same_job(saved, config, NULL, diff, sizeof diff)) {
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
    for (int d = 0; d < depth; d++)
        if (!mcs_node_check(job, start[d], size[d], &node[d], why, sizeof why)) {
            snprintf(err, err_len, "%s: row %d of /checkpoint/nodes is not what a run of this "
                     "job writes: %s (the file was edited, or its run was faulty)", path, d,
                     why);
            goto done;
        }
    mcs_tree_init_at(tree, k, range->first);
    for (int d = 0; d < depth; d++)
        if (size[d] > range->end - tree->next || /* past the share */
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
