/* backend.c - the table of built-in backends and lookup by name. */
#include "backend.h"
#include <stdio.h>
#include <string.h>

extern const mcs_backend mcs_cpu_backend;
#ifdef MCSIM_HAVE_CUDA
extern const mcs_backend mcs_gpu_backend;
#endif

const mcs_backend *const mcs_backends[] = {
    &mcs_cpu_backend,
#ifdef MCSIM_HAVE_CUDA
    &mcs_gpu_backend,
#endif
    NULL,
};

const mcs_backend *mcs_backend_find(const char *name)
{
    for (int i = 0; mcs_backends[i]; i++)
        if (strcmp(mcs_backends[i]->name, name) == 0)
            return mcs_backends[i];
    return NULL;
}

const char *mcs_backend_names(void)
{
    static char names[128];
    if (!names[0])
        for (int i = 0; mcs_backends[i]; i++) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                     mcs_backends[i]->name);
        }
    return names;
}
