/* api_call_cost.c - libmcsim's cost per call (docs/api.md, "Cost per call"):
 * a 1000-path European (configs/european.ini) run N times on one CPU engine,
 * the median (10th, 90th percentile) of mcsim_run alone, of mcsim_job_derive
 * of a new strike then mcsim_run, and of mcsim_run then mcsim_result_json.
 *   cc -O2 -Iinclude bench/api_call_cost.c -Lbuild -lmcsim -Wl,-rpath,$PWD/build \
 *      -o build/api_call_cost && build/api_call_cost [THREADS (0: all)] [N]
 * (from the repository root, after cmake --build build). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "mcsim.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One call kind N times: 0 run, 1 derive + run, 2 run + JSON; its
 * median, 10th and 90th percentile in microseconds on stdout. */
static int measure(int kind, const char *name, mcsim_engine *engine, const mcsim_job *base,
                   int n, double *t)
{
    for (int i = 0; i < n; i++) {
        char strike[64];
        snprintf(strike, sizeof strike, "option.strike=%d", 80 + i % 40);
        const char *set[] = {strike};
        mcsim_job *job = NULL;
        mcsim_result *res = NULL;
        mcsim_error err;
        double t0 = now();
        if (kind == 1 && mcsim_job_derive(base, set, 1, &job, &err) != MCSIM_OK) {
            fprintf(stderr, "api_call_cost: %s\n", err.message);
            return 1;
        }
        mcsim_status st = mcsim_run(engine, job ? job : base, &res, &err);
        if (st == MCSIM_OK && kind == 2 && !mcsim_result_json(res))
            st = MCSIM_E_NOMEM;
        t[i] = now() - t0;
        mcsim_result_free(res);
        mcsim_job_free(job);
        if (st != MCSIM_OK) {
            fprintf(stderr, "api_call_cost: %s\n", err.message);
            return 1;
        }
    }
    qsort(t, (size_t)n, sizeof *t, by_value);
    printf("%-22s median %7.1f us (10th %7.1f, 90th %7.1f)\n", name, 1e6 * t[n / 2],
           1e6 * t[n / 10], 1e6 * t[9 * n / 10]);
    return 0;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 1, n = argc > 2 ? atoi(argv[2]) : 2001;
    const char *set[] = {"simulation.paths=1000"};
    mcsim_engine_options options = {"cpu", threads, 0};
    mcsim_job *base = NULL;
    mcsim_engine *engine = NULL;
    mcsim_error err;
    double *t = malloc((size_t)(n > 10 ? n : 10) * sizeof *t);
    if (!t || n < 10 ||
        mcsim_job_from_file("configs/european.ini", set, 1, &base, &err) != MCSIM_OK ||
        mcsim_engine_new(&options, &engine, &err) != MCSIM_OK) {
        fprintf(stderr, "api_call_cost: %s\n", !t || n < 10 ? "N: 10 or more" : err.message);
        return 1;
    }
    printf("libmcsim %s, %s backend, %d thread%s, 1000-path European, %d calls each\n",
           mcsim_version(), mcsim_engine_backend(engine), threads, threads == 1 ? "" : "s", n);
    int bad = measure(0, "mcsim_run", engine, base, n, t) ||
              measure(1, "derive + mcsim_run", engine, base, n, t) ||
              measure(2, "mcsim_run + json", engine, base, n, t);
    mcsim_engine_free(engine);
    mcsim_job_free(base);
    free(t);
    return bad;
}
