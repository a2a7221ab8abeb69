/* test_h5log.c - writes HDF5 run logs from known values and reads them back
 * with the HDF5 C API; checks the write-then-rename guarantee on failures.
 * With MCS_H5LOG_KEEP=FILE set, also leaves one log at FILE for
 * tests/check_h5_readers.sh (its /result price is 10.4621). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <hdf5.h>

#include "h5log.h"

/* Black-Scholes call, S=100 K=100 r=0.05 q=0 sigma=0.2 T=1: 10.450583572185565
 * (Hull, Options Futures and Other Derivatives, Example 15.6 rounds it to 10.45).
 * The Monte Carlo figures below are made up to be plausible; only the
 * round trip through the file is under test. */
#define BS_PRICE 10.450583572185565
#define MC_PRICE 10.4621
#define MC_SE 0.0147

typedef struct {
    char dir[256];
    char path[512];
    mcs_run_info info;
    mcs_job job;
    mcs_result res;
    mcs_timings t;
} fixture;

static void fill(fixture *f)
{
    memset(&f->info, 0, sizeof f->info);
    f->info.backend = "cpu";
    f->info.command_line = "mcsim configs/european.ini --paths 1000000 --seed 42";
    f->info.config_file = "configs/european.ini";
    f->info.config_text = "[model]\ntype = gbm\nspot = 100\n\n[option]\nstrike = 100\n";
    snprintf(f->info.host, sizeof f->info.host, "testhost");
    snprintf(f->info.cpu_model, sizeof f->info.cpu_model, "Test CPU @ 3.00GHz");
    f->info.cores = 16;
    f->info.threads = 8;

    memset(&f->job, 0, sizeof f->job);
    f->job.model = (mcs_model_params){
        .id = MCS_MODEL_GBM, .spot = 100.0, .rate = 0.05, .dividend = 0.0, .volatility = 0.2};
    f->job.option = (mcs_option_params){.payoff = MCS_PAYOFF_EUROPEAN, .type = MCS_CALL,
                                        .strike = 100.0, .maturity = 1.0};
    f->job.sim = (mcs_sim_params){.paths = 1000000, .steps = 1, .seed = 42,
                                  .rng = MCS_RNG_PCG64, .precision = MCS_DOUBLE,
                                  .block_size = 65536};

    memset(&f->res, 0, sizeof f->res);
    f->res.price = MC_PRICE;
    f->res.std_error = MC_SE;
    f->res.ci_low = MC_PRICE - 1.96 * MC_SE;
    f->res.ci_high = MC_PRICE + 1.96 * MC_SE;
    f->res.paths = 1000000;
    f->res.has_analytic = 1;
    f->res.analytic = BS_PRICE;
    f->res.analytic_source = "Black-Scholes";
    f->res.n_outputs = 1;
    f->res.outputs[0] = (mcs_output_result){"price", MC_PRICE, MC_SE, MC_PRICE - 1.96 * MC_SE,
                                            MC_PRICE + 1.96 * MC_SE, 1, BS_PRICE, "Black-Scholes"};
    f->res.n_convergence = 3;
    f->res.convergence[0] = (mcs_convergence_point){65536, 10.51, 0.057};
    f->res.convergence[1] = (mcs_convergence_point){524288, 10.47, 0.020};
    f->res.convergence[2] = (mcs_convergence_point){1000000, MC_PRICE, MC_SE};

    memset(&f->t, 0, sizeof f->t);
    f->t.start = mcs_now() - 1.0; /* the process "started" a second ago */
    f->t.seconds[MCS_PHASE_CONFIG] = 0.001;
    f->t.seconds[MCS_PHASE_SETUP] = 0.002;
    f->t.seconds[MCS_PHASE_RNG_INIT] = 0.003;
    f->t.seconds[MCS_PHASE_SIMULATE] = 0.5;
    f->t.seconds[MCS_PHASE_REDUCE] = 0.004;
    f->t.seconds[MCS_PHASE_D2H] = 0.0005; /* as a GPU run would record */
    f->t.bytes[MCS_PHASE_D2H] = 4096;
    f->t.count[MCS_PHASE_D2H] = 2;
    f->t.count[MCS_PHASE_SIMULATE] = 2;
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    const char *base = getenv("TMPDIR");

    if (f == NULL)
        return -1;
    snprintf(f->dir, sizeof f->dir, "%s/test_h5log.XXXXXX",
             base != NULL && base[0] != '\0' ? base : "/tmp");
    if (mkdtemp(f->dir) == NULL) {
        free(f);
        return -1;
    }
    snprintf(f->path, sizeof f->path, "%s/run.h5", f->dir);
    fill(f);
    *state = f;
    return 0;
}

/* Removes the test folder (files, and empty folders one level down). */
static int teardown(void **state)
{
    fixture *f = *state;
    DIR *d = opendir(f->dir);
    struct dirent *e;
    char p[800];

    if (d != NULL) {
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(p, sizeof p, "%s/%s", f->dir, e->d_name);
            if (unlink(p) != 0)
                rmdir(p);
        }
        closedir(d);
    }
    rmdir(f->dir);
    free(f);
    return 0;
}

/* Number of entries in a folder other than . and ..; -1 if it cannot be read. */
static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

static int exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0;
}

/* ---- read-back helpers (HDF5 C API) ---- */

typedef struct {
    char *phase; /* variable-length UTF-8 */
    double seconds;
    uint64_t bytes, count;
} timing_row;

static void read_attr(hid_t file, const char *obj, const char *name, hid_t mem_type, void *out)
{
    hid_t a = H5Aopen_by_name(file, obj, name, H5P_DEFAULT, H5P_DEFAULT);
    assert_true(a >= 0);
    assert_true(H5Aread(a, mem_type, out) >= 0);
    H5Aclose(a);
}

static double attr_double(hid_t file, const char *obj, const char *name)
{
    double v = 0;
    read_attr(file, obj, name, H5T_NATIVE_DOUBLE, &v);
    return v;
}

static uint64_t attr_u64(hid_t file, const char *obj, const char *name)
{
    uint64_t v = 0;
    read_attr(file, obj, name, H5T_NATIVE_UINT64, &v);
    return v;
}

static int32_t attr_i32(hid_t file, const char *obj, const char *name)
{
    int32_t v = 0;
    read_attr(file, obj, name, H5T_NATIVE_INT32, &v);
    return v;
}

/* Compares a variable-length string attribute with `want`. */
static void assert_attr_str(hid_t file, const char *obj, const char *name, const char *want)
{
    hid_t a = H5Aopen_by_name(file, obj, name, H5P_DEFAULT, H5P_DEFAULT);
    hid_t ft, mt;
    char *v = NULL;

    assert_true(a >= 0);
    ft = H5Aget_type(a);
    assert_true(H5Tis_variable_str(ft) > 0);
    assert_int_equal(H5Tget_cset(ft), H5T_CSET_UTF8);
    mt = H5Tcopy(H5T_C_S1);
    H5Tset_size(mt, H5T_VARIABLE);
    H5Tset_cset(mt, H5T_CSET_UTF8);
    assert_true(H5Aread(a, mt, &v) >= 0);
    assert_non_null(v);
    if (want != NULL)
        assert_string_equal(v, want);
    H5free_memory(v);
    H5Tclose(mt);
    H5Tclose(ft);
    H5Aclose(a);
}

static int has_attr(hid_t file, const char *obj, const char *name)
{
    htri_t r = H5Aexists_by_name(file, obj, name, H5P_DEFAULT);
    assert_true(r >= 0);
    return r > 0;
}

/* ---- tests ---- */

static void test_round_trip(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    hid_t file, dset, space, mtype, str;
    mcs_convergence_point conv[MCS_CONVERGENCE_MAX];
    timing_row rows[MCS_PHASE_COUNT];
    hsize_t n;

    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_OK);
    assert_string_equal(err, "");
    /* the write phases were filled in: write >= 0, total >= the second we faked */
    assert_true(f->t.seconds[MCS_PHASE_WRITE] >= 0.0);
    assert_true(f->t.seconds[MCS_PHASE_TOTAL] >= 1.0);
    assert_true(f->t.seconds[MCS_PHASE_TOTAL] < 60.0);
    /* only the final file remains: no temporary behind */
    assert_int_equal(count_entries(f->dir), 1);
    assert_true(exists(f->path));

    file = H5Fopen(f->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(file >= 0);

    /* root */
    assert_int_equal(attr_i32(file, "/", "schema_version"), MCS_H5LOG_SCHEMA_VERSION);
    assert_int_equal(attr_i32(file, "/", "schema_version"), 3);
    assert_attr_str(file, "/", "creator", "mcsim");
    assert_attr_str(file, "/", "version", NULL);
    assert_attr_str(file, "/", "host", "testhost");
    assert_attr_str(file, "/", "backend", "cpu");
    assert_attr_str(file, "/", "command_line", f->info.command_line);
    assert_attr_str(file, "/", "config_file", "configs/european.ini");
    assert_attr_str(file, "/", "config", f->info.config_text);
    {
        /* created_utc: YYYY-MM-DDTHH:MM:SSZ */
        hid_t a = H5Aopen_by_name(file, "/", "created_utc", H5P_DEFAULT, H5P_DEFAULT);
        hid_t mt = H5Tcopy(H5T_C_S1);
        char *v = NULL;
        H5Tset_size(mt, H5T_VARIABLE);
        H5Tset_cset(mt, H5T_CSET_UTF8);
        assert_true(a >= 0 && H5Aread(a, mt, &v) >= 0);
        assert_int_equal(strlen(v), 20);
        assert_true(v[4] == '-' && v[7] == '-' && v[10] == 'T' && v[13] == ':' &&
                    v[16] == ':' && v[19] == 'Z');
        H5free_memory(v);
        H5Tclose(mt);
        H5Aclose(a);
    }

    /* /result: values written are read back bit for bit */
    assert_true(attr_double(file, "/result", "price") == MC_PRICE);
    assert_true(attr_double(file, "/result", "std_error") == MC_SE);
    assert_true(attr_double(file, "/result", "ci_low") == f->res.ci_low);
    assert_true(attr_double(file, "/result", "ci_high") == f->res.ci_high);
    assert_true(attr_double(file, "/result", "confidence_level") == 0.95);
    assert_true(attr_u64(file, "/result", "paths") == 1000000u);
    assert_true(attr_double(file, "/result", "analytic") == BS_PRICE);
    assert_true(attr_double(file, "/result", "error_in_std_errors") ==
                (MC_PRICE - BS_PRICE) / MC_SE);
    assert_true(attr_u64(file, "/result", "seed") == 42u);
    assert_attr_str(file, "/result", "rng", "pcg64");
    assert_attr_str(file, "/result", "precision", "double");
    assert_true(attr_u64(file, "/result", "block_size") == 65536u);
    assert_true(attr_u64(file, "/result", "steps") == 1u);

    /* /device */
    assert_attr_str(file, "/device", "kind", "cpu");
    assert_attr_str(file, "/device", "cpu_model", "Test CPU @ 3.00GHz");
    assert_int_equal(attr_i32(file, "/device", "cores"), 16);
    assert_int_equal(attr_i32(file, "/device", "threads"), 8);

    /* /convergence */
    dset = H5Dopen2(file, "/convergence", H5P_DEFAULT);
    assert_true(dset >= 0);
    space = H5Dget_space(dset);
    assert_int_equal(H5Sget_simple_extent_ndims(space), 1);
    H5Sget_simple_extent_dims(space, &n, NULL);
    assert_int_equal(n, 3);
    mtype = H5Tcreate(H5T_COMPOUND, sizeof(mcs_convergence_point));
    H5Tinsert(mtype, "paths", HOFFSET(mcs_convergence_point, paths), H5T_NATIVE_UINT64);
    H5Tinsert(mtype, "price", HOFFSET(mcs_convergence_point, price), H5T_NATIVE_DOUBLE);
    H5Tinsert(mtype, "std_error", HOFFSET(mcs_convergence_point, std_error), H5T_NATIVE_DOUBLE);
    assert_true(H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, conv) >= 0);
    for (int i = 0; i < 3; i++) {
        assert_true(conv[i].paths == f->res.convergence[i].paths);
        assert_true(conv[i].price == f->res.convergence[i].price);
        assert_true(conv[i].std_error == f->res.convergence[i].std_error);
    }
    assert_true(has_attr(file, "/convergence", "description"));
    H5Tclose(mtype);
    H5Sclose(space);
    H5Dclose(dset);

    /* /timings: 13 rows in MCS_PHASE_LIST order */
    dset = H5Dopen2(file, "/timings", H5P_DEFAULT);
    assert_true(dset >= 0);
    space = H5Dget_space(dset);
    H5Sget_simple_extent_dims(space, &n, NULL);
    assert_int_equal(n, MCS_PHASE_COUNT);
    assert_int_equal(n, 13);
    {
        /* the phase is a variable-length UTF-8 string (h5py: str) */
        hid_t ftype = H5Dget_type(dset);
        hid_t member = H5Tget_member_type(ftype, (unsigned)H5Tget_member_index(ftype, "phase"));
        assert_true(H5Tis_variable_str(member) > 0);
        assert_int_equal(H5Tget_cset(member), H5T_CSET_UTF8);
        H5Tclose(member);
        H5Tclose(ftype);
    }
    str = H5Tcopy(H5T_C_S1);
    H5Tset_size(str, H5T_VARIABLE);
    H5Tset_cset(str, H5T_CSET_UTF8);
    mtype = H5Tcreate(H5T_COMPOUND, sizeof rows[0]);
    H5Tinsert(mtype, "phase", HOFFSET(timing_row, phase), str);
    H5Tinsert(mtype, "seconds", HOFFSET(timing_row, seconds), H5T_NATIVE_DOUBLE);
    H5Tinsert(mtype, "bytes", HOFFSET(timing_row, bytes), H5T_NATIVE_UINT64);
    H5Tinsert(mtype, "count", HOFFSET(timing_row, count), H5T_NATIVE_UINT64);
    memset(rows, 0, sizeof rows);
    assert_true(H5Dread(dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, rows) >= 0);
    {
        static const char *const want[] = {"config",   "context", "device_query", "setup",
                                           "alloc",    "rng_init", "h2d",         "simulate",
                                           "d2h",      "reduce",  "teardown",     "write",
                                           "total"};
        for (int p = 0; p < 13; p++) {
            assert_string_equal(rows[p].phase, want[p]);
            assert_true(rows[p].seconds == f->t.seconds[p]);
            assert_true(rows[p].bytes == f->t.bytes[p]);
            assert_true(rows[p].count == f->t.count[p]);
        }
    }
    assert_true(rows[MCS_PHASE_TOTAL].seconds >= rows[MCS_PHASE_SIMULATE].seconds);
    H5Dvlen_reclaim(mtype, space, H5P_DEFAULT, rows);
    assert_attr_str(file, "/timings", "units", "s");
    assert_attr_str(file, "/timings", "clock",
                    "CLOCK_MONOTONIC wall time; GPU phases: CUDA event time");
    H5Tclose(mtype);
    H5Tclose(str);
    H5Sclose(space);
    H5Dclose(dset);

    assert_int_equal(H5Fclose(file), 0);

    /* one log kept for tests/check_h5_readers.sh */
    {
        const char *keep = getenv("MCS_H5LOG_KEEP");
        if (keep != NULL && keep[0] != '\0') {
            fill(f);
            assert_int_equal(mcs_h5log_write(keep, &f->info, &f->job, &f->res, &f->t, err,
                                             sizeof err),
                             MCS_OK);
        }
    }
}

/* No analytic price: neither analytic_price nor error_in_std_errors; single
 * precision and an empty convergence table are written as such. */
static void test_without_analytic(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    hid_t file, dset, space;
    hsize_t n = 99;

    f->res.has_analytic = 0;
    f->res.n_convergence = 0;
    f->job.sim.precision = MCS_SINGLE;
    f->info.config_text = NULL; /* NULL strings are written as "" */
    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_OK);
    file = H5Fopen(f->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(file >= 0);
    assert_false(has_attr(file, "/result", "analytic"));
    assert_false(has_attr(file, "/result", "error_in_std_errors"));
    assert_attr_str(file, "/result", "precision", "single");
    assert_attr_str(file, "/", "config", "");
    dset = H5Dopen2(file, "/convergence", H5P_DEFAULT);
    assert_true(dset >= 0);
    space = H5Dget_space(dset);
    H5Sget_simple_extent_dims(space, &n, NULL);
    assert_int_equal(n, 0);
    H5Sclose(space);
    H5Dclose(dset);
    H5Fclose(file);
}

/* Analytic price but zero standard error: no error_in_std_errors. */
static void test_zero_std_error(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    hid_t file;

    f->res.std_error = 0.0;
    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_OK);
    file = H5Fopen(f->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(file >= 0);
    assert_true(has_attr(file, "/result", "analytic"));
    assert_false(has_attr(file, "/result", "error_in_std_errors"));
    H5Fclose(file);
}

/* A second write replaces the first file as a whole. */
static void test_replaces_existing(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    hid_t file;

    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_OK);
    f->res.price = 11.25;
    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_OK);
    assert_int_equal(count_entries(f->dir), 1);
    file = H5Fopen(f->path, H5F_ACC_RDONLY, H5P_DEFAULT);
    assert_true(file >= 0);
    assert_true(attr_double(file, "/result", "price") == 11.25);
    H5Fclose(file);
}

/* A folder that does not exist: MCS_E_IO, a message naming the path, and
 * nothing left behind (neither the file nor a temporary). */
static void test_missing_folder(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    char path[800];

    snprintf(path, sizeof path, "%s/no_such_folder/run.h5", f->dir);
    assert_int_equal(mcs_h5log_write(path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_E_IO);
    assert_non_null(strstr(err, path));
    assert_false(exists(path));
    assert_int_equal(count_entries(f->dir), 0);
}

/* The file is written completely but cannot be renamed onto `path` (it is a
 * folder): MCS_E_IO, and the temporary is removed. */
static void test_rename_failure_removes_temporary(void **state)
{
    fixture *f = *state;
    char err[1024] = "";
    char inside[800];

    assert_int_equal(mkdir(f->path, 0700), 0);
    snprintf(inside, sizeof inside, "%s/keep", f->path);
    {
        FILE *fp = fopen(inside, "w"); /* a non-empty folder cannot be replaced */
        assert_non_null(fp);
        fclose(fp);
    }
    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_E_IO);
    assert_non_null(strstr(err, f->path));
    assert_int_equal(count_entries(f->dir), 1); /* only the folder itself */
    assert_int_equal(count_entries(f->path), 1);
    unlink(inside);
}

/* Bad arguments are a caller error, not an I/O error. */
static void test_bad_arguments(void **state)
{
    fixture *f = *state;
    char err[1024] = "";

    assert_int_equal(mcs_h5log_write(NULL, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_E_SOFTWARE);
    f->res.n_convergence = MCS_CONVERGENCE_MAX + 1;
    assert_int_equal(mcs_h5log_write(f->path, &f->info, &f->job, &f->res, &f->t, err, sizeof err),
                     MCS_E_SOFTWARE);
    assert_int_equal(count_entries(f->dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_without_analytic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_zero_std_error, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replaces_existing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing_folder, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rename_failure_removes_temporary, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_arguments, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
