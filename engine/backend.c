/* backend.c - the table of backends and lookup by name. The cpu backend is
 * built in; the gpu backend lives in the GPU module (libmcsim_gpu.so),
 * loaded with dlopen the first time a backend is asked for, so mcsim starts
 * on a machine without CUDA and says why the GPU is unavailable there. */
#define _GNU_SOURCE
#include "backend.h"
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "gpu_module.h"
#include "output_path.h"
#include "params_layout.h"

extern const mcs_backend mcs_cpu_backend;

static struct {
    pthread_once_t once;
    mcs_gpu_module_status status;
    char path[PATH_MAX];   /* the module found (ABSENT: empty) */
    char why[PATH_MAX + 1024]; /* LOADED: the path; UNLOADABLE: why; ABSENT: where looked */
    const mcs_gpu_module *module;
    const mcs_backend *list[3];
    char names[128]; /* "cpu, gpu": the list's names, for messages */
} gpu = {.once = PTHREAD_ONCE_INIT};

/* The stand-in "gpu" backend for a module that was found but cannot be
 * loaded: every call fails with the reason, so `--backend gpu` exits 69
 * with it and `--backend auto` falls back to the cpu saying it. */
static mcs_status unloadable_probe(char *why, size_t len)
{
    snprintf(why, len, "%s", gpu.why);
    return MCS_E_UNAVAILABLE;
}

static mcs_status unloadable_open(const mcs_job *job, const mcs_placement *where, void **ctx,
                                  mcs_timings *t, char *err, size_t err_len)
{
    (void)job, (void)where, (void)t;
    *ctx = NULL;
    return unloadable_probe(err, err_len);
}

static mcs_status unloadable_run(void *ctx, uint64_t first, uint64_t count, double *out,
                                 mcs_timings *t, char *err, size_t err_len)
{
    (void)ctx, (void)first, (void)count, (void)out, (void)t;
    return unloadable_probe(err, err_len);
}

static void unloadable_close(void *ctx)
{
    (void)ctx; /* open never succeeds: nothing to release */
}

static int unloadable_threads(void *ctx)
{
    (void)ctx;
    return 0;
}

static const char *unloadable_variant(void)
{
    return "GPU module not loadable";
}

static const mcs_backend unloadable_gpu = {
    .name = "gpu",
    .description = "GPU module (found, but it cannot be loaded)",
    .probe = unloadable_probe,
    .open = unloadable_open,
    .run = unloadable_run,
    .close = unloadable_close,
    .threads = unloadable_threads,
    .variant = unloadable_variant,
    .rngs = MCS_GPU_BACKEND_RNGS,
    .default_rng = MCS_RNG_PHILOX,
};

/* The module at gpu.path is refused: why = "cannot load the GPU module
 * PATH: " and the reason. */
static void refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void refuse(const char *fmt, ...)
{
    gpu.status = MCS_GPU_MODULE_UNLOADABLE;
    int n = snprintf(gpu.why, sizeof gpu.why, "cannot load the GPU module %s: ", gpu.path);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof gpu.why)
        vsnprintf(gpu.why + n, sizeof gpu.why - (size_t)n, fmt, ap);
    va_end(ap);
}

/* Call the entry point of the module open as h, if it is one: a function
 * defined in the module (a data symbol of that name would be called as
 * code) returning a table that lies in the module. NULL and *table set, or
 * what is wrong (a static string). */
static const char *entry_problem(void *h, const mcs_gpu_module **table)
{
    void *sym = dlsym(h, MCS_GPU_MODULE_ENTRY);
    Dl_info in_module, in_table;
    const ElfW(Sym) *entry = NULL;
    if (!sym)
        return "it has no " MCS_GPU_MODULE_ENTRY "()";
    if (!dladdr1(sym, &in_module, (void **)&entry, RTLD_DL_SYMENT) || !entry ||
        ELF64_ST_TYPE(entry->st_info) != STT_FUNC)
        return "its " MCS_GPU_MODULE_ENTRY " is not a function (a data symbol)";
    static const mcs_gpu_host host = {mcs_now, mcs_model_type_of,
                                      mcs_payoff_type_of};
    *table = ((mcs_gpu_module_entry_fn)sym)(&host);
    if (!*table || !dladdr(*table, &in_table) || in_table.dli_fbase != in_module.dli_fbase)
        return MCS_GPU_MODULE_ENTRY "() returned no table of the module";
    return NULL;
}

/* dlopen the module at gpu.path and check that it was built from this
 * mcsim's sources (interface version, mcsim version, structure sizes). */
static void load(void)
{
    char bad[4200] = ""; /* a regular file only: dlopen of a FIFO would block */
    void *h = mcs_input_check("module", gpu.path, bad, sizeof bad) ? NULL : dlopen(gpu.path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = bad[0] ? bad : dlerror(), *rest = e ? e : "unknown loader error";
        size_t n = strlen(gpu.path);
        if (strncmp(rest, gpu.path, n) == 0 && strncmp(rest + n, ": ", 2) == 0)
            rest += n + 2; /* the loader repeats the path */
        refuse("%s%s", rest,
               strstr(rest, "libcu") ? " (the CUDA libraries must be on the loader's path: "
                                       "ldconfig or LD_LIBRARY_PATH)"
                                     : "");
        return;
    }
    const mcs_gpu_module *m = NULL;
    const char *bad_entry = entry_problem(h, &m);
    static const mcs_gpu_module_layout here = MCS_GPU_MODULE_LAYOUT;
    if (bad_entry)
        refuse("%s: not an mcsim GPU module", bad_entry);
    else if (m->abi != MCS_GPU_MODULE_ABI)
        refuse("its interface version is %d, this mcsim %s needs %d: install the module "
               "built with this mcsim", m->abi, MCS_VERSION, MCS_GPU_MODULE_ABI);
    else if (strcmp(m->version, MCS_VERSION) != 0 || memcmp(&m->layout, &here, sizeof here) != 0 ||
             !m->params || strcmp(m->params, mcs_params_layout_text) != 0)
        refuse("it was built from other sources (mcsim %s) than this mcsim (%s): install the "
               "module built with this mcsim", m->version, MCS_VERSION);
    else {
        gpu.status = MCS_GPU_MODULE_LOADED;
        gpu.module = m;
        snprintf(gpu.why, sizeof gpu.why, "%s", gpu.path);
        return;
    }
    dlclose(h);
}

/* The folder of `path` (cut at its last '/') into dir; "" if none. */
static void folder_of(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    dir[0] = '\0';
    if (slash)
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* The folders of the object this code is in (libmcsim.so, or a program
 * linking the engine itself: the tests) and of the executable ("" where
 * unknown). */
static void own_folders(char *lib, char *exe, size_t len)
{
    Dl_info info;
    struct link_map *map = NULL;
    char path[PATH_MAX] = "";
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
    folder_of(path, exe, len);
    snprintf(lib, len, "%s", exe); /* the main program: its l_name is empty */
    if (dladdr1((void *)own_folders, &info, (void **)&map, RTLD_DL_LINKMAP) && map &&
        map->l_name && map->l_name[0] && realpath(map->l_name, path))
        folder_of(path, lib, len);
}

/* Candidates in order; the first that exists is the one loaded. */
static void find_and_load(void)
{
    const char *env = getenv("MCSIM_GPU_MODULE");
    char dirs[2][PATH_MAX];
    gpu.list[0] = &mcs_cpu_backend;
    if (env && *env) { /* named by the user: a missing file is an error, not silence */
        snprintf(gpu.path, sizeof gpu.path, "%s", env);
        load();
    } else {
        own_folders(dirs[0], dirs[1], sizeof dirs[0]);
        /* beside the library, in its mcsim/ folder (installed:
         * PREFIX/lib/libmcsim.so.0 and PREFIX/lib/mcsim/), beside the
         * executable (the build tree, the device bundle's bin/) and in
         * ../lib/mcsim from it (installed: PREFIX/bin/mcsim) */
        char cand[4][PATH_MAX + 64];
        int n = 0;
        for (int d = 0; d < 2; d++) {
            if (!dirs[d][0] || (d == 1 && strcmp(dirs[1], dirs[0]) == 0 && n))
                continue;
            char prefix[PATH_MAX];
            folder_of(dirs[d], prefix, sizeof prefix);
            snprintf(cand[n++], sizeof cand[0], "%s/%s", dirs[d], MCS_GPU_MODULE_FILE);
            if (d == 0)
                snprintf(cand[n++], sizeof cand[0], "%s/mcsim/%s", dirs[d], MCS_GPU_MODULE_FILE);
            else
                snprintf(cand[n++], sizeof cand[0], "%s/%s/%s", prefix, MCS_GPU_MODULE_DIR,
                         MCS_GPU_MODULE_FILE);
            for (int i = 0; i < n - 1; i++) /* the same place twice: once */
                if (strcmp(cand[i], cand[n - 1]) == 0) {
                    n--;
                    break;
                }
        }
        gpu.status = MCS_GPU_MODULE_ABSENT;
        for (int i = 0; i < n && gpu.status == MCS_GPU_MODULE_ABSENT; i++)
            if (access(cand[i], F_OK) == 0) {
                snprintf(gpu.path, sizeof gpu.path, "%s", cand[i]);
                load();
            }
        if (gpu.status == MCS_GPU_MODULE_ABSENT) {
            size_t used = (size_t)snprintf(gpu.why, sizeof gpu.why, "looked for");
            for (int i = 0; i < n && used < sizeof gpu.why; i++)
                used += (size_t)snprintf(gpu.why + used, sizeof gpu.why - used, "%s %s",
                                         i ? "," : "", cand[i]);
            if (!n)
                snprintf(gpu.why, sizeof gpu.why, "no %s: the library's folder is not known",
                         MCS_GPU_MODULE_FILE);
        }
    }
    if (gpu.status == MCS_GPU_MODULE_LOADED)
        gpu.list[1] = gpu.module->backend;
    else if (gpu.status == MCS_GPU_MODULE_UNLOADABLE)
        gpu.list[1] = &unloadable_gpu;
    for (int i = 0; gpu.list[i]; i++) {
        size_t used = strlen(gpu.names);
        snprintf(gpu.names + used, sizeof gpu.names - used, "%s%s", i ? ", " : "",
                 gpu.list[i]->name);
    }
}

const mcs_backend *const *mcs_backend_list(void)
{
    pthread_once(&gpu.once, find_and_load);
    return gpu.list;
}

const mcs_backend *mcs_backend_find(const char *name)
{
    /* the built-in cpu backend without looking for the GPU module: loading
     * it (dlopen of a 220 MB module and cuRAND) took 4 ms of every fresh
     * `--backend cpu` run's set-up on the H100 host, for nothing */
    if (strcmp(name, mcs_cpu_backend.name) == 0)
        return &mcs_cpu_backend;
    const mcs_backend *const *list = mcs_backend_list();
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i]->name, name) == 0)
            return list[i];
    return NULL;
}

mcs_gpu_module_status mcs_gpu_module_state(char *why, size_t len)
{
    mcs_backend_list();
    if (gpu.status == MCS_GPU_MODULE_ABSENT)
        snprintf(why, len, "this build or installation of mcsim has no GPU support (%s)",
                 gpu.why);
    else
        snprintf(why, len, "%s", gpu.why);
    return gpu.status;
}

void mcs_gpu_module_describe(char *line, size_t len)
{
    mcs_backend_list();
    if (gpu.status == MCS_GPU_MODULE_LOADED) /* variant(): CUDA versions, code targets */
        snprintf(line, len, "module %s: %s (%s)", gpu.path, gpu.module->backend->description,
                 gpu.module->backend->variant());
    else if (gpu.status == MCS_GPU_MODULE_UNLOADABLE)
        snprintf(line, len, "module found, not loadable: %s", gpu.why);
    else
        snprintf(line, len, "not built or not installed (%s)", gpu.why);
}

const mcs_gpu_module *mcs_gpu_module_get(void)
{
    mcs_backend_list();
    return gpu.module;
}

const char *mcs_backend_names(void)
{
    mcs_backend_list();
    return gpu.names;
}
