/* sysinfo.c - host name, CPU model, core counts (hwloc), the CPU's
 * floating-point width (the compiler's CPU feature checks) and the user's
 * folders. No parsing of /proc/cpuinfo: the model is the processor's own
 * brand string. */
#define _GNU_SOURCE
#include "sysinfo.h"
#include <dirent.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define MCS_X86 1
#endif
#ifdef MCSIM_HAVE_HWLOC
#include <hwloc.h>
#endif

void mcs_sysinfo_host(char *buf, size_t len)
{
    if (gethostname(buf, len) != 0 || !buf[0])
        snprintf(buf, len, "unknown");
    buf[len - 1] = '\0';
}

int mcs_sysinfo_user_dir(const char *xdg_var, const char *home_sub, char *buf, size_t len)
{
    const char *xdg = getenv(xdg_var), *home = getenv("HOME");
    int n = 0;
    buf[0] = '\0';
    if (xdg && xdg[0] == '/') /* the XDG spec: a relative value is ignored */
        n = snprintf(buf, len, "%s/mcsim", xdg);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/%s/mcsim", home, home_sub);
    if (n < 0 || (size_t)n >= len)
        buf[0] = '\0'; /* too long a folder name: none, rather than a shorter one */
    return buf[0] != '\0';
}

/* The brand string, read once per process: each cpuid leaves a virtual
 * machine for its hypervisor, and the brand's seven took 27 us on the
 * development VM, where a warm run of a small job takes 330 (every run
 * logs the model; 2026-11-29). */
static char cpu_model[64];
static void read_cpu_model(void)
{
    char *buf = cpu_model;
    const size_t len = sizeof cpu_model;
    snprintf(buf, len, "unknown");
#ifdef MCS_X86
    unsigned int words[12], max = __get_cpuid_max(0x80000000u, NULL);
    if (max < 0x80000004u)
        return;
    for (unsigned int i = 0; i < 3; i++)
        __get_cpuid(0x80000002u + i, &words[4 * i], &words[4 * i + 1], &words[4 * i + 2],
                    &words[4 * i + 3]);
    char brand[sizeof words + 1];
    memcpy(brand, words, sizeof words);
    brand[sizeof words] = '\0';
    const char *start = brand + strspn(brand, " ");
    size_t n = strlen(start);
    while (n > 0 && start[n - 1] == ' ')
        n--;
    if (n > 0)
        snprintf(buf, len, "%.*s", (int)n, start);
#endif
}
_Static_assert(sizeof cpu_model > 48, "cpuid's brand string is 48 characters at most");

void mcs_sysinfo_cpu_model(char *buf, size_t len)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_cpu_model);
    snprintf(buf, len, "%s", cpu_model);
}

/* Online CPUs, asked once per process (sysconf reads a file in /sys: 5 us
 * a run on the development VM). */
static int cores_online = 1;
static void read_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    cores_online = n > 0 ? (int)n : 1;
}

int mcs_sysinfo_cores(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_cores);
    return cores_online;
}

int mcs_sysinfo_nvidia_gpus(void)
{
    DIR *d = opendir("/proc/driver/nvidia/gpus");
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    const char *visible = getenv("CUDA_VISIBLE_DEVICES");
    if (visible) { /* CUDA stops at the first entry that names no GPU: at most as many */
        int listed = 0;
        for (const char *p = visible; *p; p++)
            listed += (p == visible || p[-1] == ',') && *p != ',';
        n = listed < n ? listed : n;
    }
    return n;
}

void mcs_sysinfo_isa(mcs_cpu_isa *isa)
{
    memset(isa, 0, sizeof *isa);
#ifdef MCS_X86
    __builtin_cpu_init();
    isa->avx512f = __builtin_cpu_supports("avx512f") != 0;
    isa->avx = __builtin_cpu_supports("avx") != 0;
    isa->fma = __builtin_cpu_supports("fma") != 0;
    /* Zen 4 splits each 512-bit operation over its 256-bit units; Intel's
     * and Zen 5's AVX-512 units are 512 bits wide */
    isa->avx512_on_256 = isa->avx512f && __builtin_cpu_is("amdfam19h");
#endif
}

double mcs_sysinfo_fp32_flops_per_cycle(const mcs_cpu_isa *isa)
{
#ifdef MCS_X86
    int bits = isa->avx512f && !isa->avx512_on_256 ? 512 : isa->avx ? 256 : 128;
    int fma = isa->fma || isa->avx512f; /* AVX-512F includes FMA */
    return bits / 32 * (fma ? 4 : 2);
#else
    (void)isa;
    return NAN;
#endif
}

/* The highest clock cpufreq reports for CPU 0 (MHz), or NAN. */
static double cpufreq_max_mhz(void)
{
    double khz = NAN;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
    if (f && fscanf(f, "%lf", &khz) != 1)
        khz = NAN;
    if (f)
        fclose(f);
    return khz > 0 ? khz / 1000 : NAN;
}

/* The invariant TSC's rate over 20 ms (MHz): the nominal clock, also in a
 * virtual machine without cpufreq; NAN without an invariant TSC. */
static double tsc_mhz(void)
{
#ifdef MCS_X86
    unsigned int a, b, c, d;
    if (!__get_cpuid(0x80000007u, &a, &b, &c, &d) || !(d & (1u << 8)))
        return NAN;
    struct timespec t0, t1, pause = {0, 20000000};
    clock_gettime(CLOCK_MONOTONIC_RAW, &t0);
    uint64_t c0 = __rdtsc();
    nanosleep(&pause, NULL);
    clock_gettime(CLOCK_MONOTONIC_RAW, &t1);
    uint64_t c1 = __rdtsc();
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    return s > 0 && c1 > c0 ? (double)(c1 - c0) / s / 1e6 : NAN;
#else
    return NAN;
#endif
}

/* Packages, cores and hardware threads this process may use, by hwloc
 * (which honours HWLOC_SYNTHETIC, the tests' way to other machines);
 * 0 when it cannot tell. */
static int hwloc_count(mcs_cpu_facts *f)
{
#ifdef MCSIM_HAVE_HWLOC
    hwloc_topology_t topo;
    if (hwloc_topology_init(&topo) != 0)
        return 0;
    /* the processors only: no I/O discovery (PCI, GPUs) */
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
    int ok = 0;
    if (hwloc_topology_load(topo) == 0) {
        int pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
        int cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
        if (pus > 0) {
            f->hardware_threads = pus;
            f->cores = cores > 0 ? cores : pus; /* no core objects: one thread each */
            int packages = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
            f->packages = packages > 0 ? packages : 1;
            snprintf(f->counted_by, sizeof f->counted_by, "hwloc %s", HWLOC_VERSION);
            ok = 1;
        }
    }
    hwloc_topology_destroy(topo);
    return ok;
#else
    (void)f;
    return 0;
#endif
}

void mcs_sysinfo_cpu_facts(mcs_cpu_facts *f)
{
    memset(f, 0, sizeof *f);
    if (!hwloc_count(f)) {
        f->cores = f->hardware_threads = mcs_sysinfo_cores();
        snprintf(f->counted_by, sizeof f->counted_by, "logical CPUs (%s)",
#ifdef MCSIM_HAVE_HWLOC
                 "hwloc failed"
#else
                 "built without hwloc"
#endif
        );
    }
    mcs_sysinfo_isa(&f->isa);
    f->fp32_flops_per_cycle = mcs_sysinfo_fp32_flops_per_cycle(&f->isa);
    f->clock_mhz = cpufreq_max_mhz();
    f->clock_source = "cpufreq";
    if (isnan(f->clock_mhz)) {
        f->clock_mhz = tsc_mhz();
        f->clock_source = isnan(f->clock_mhz) ? "unknown" : "TSC";
    }
}
