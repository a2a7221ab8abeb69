/* sysinfo.h - facts about this machine: host, CPU model and logical CPUs for
 * the run log; for `mcsim calibrate`'s spec numbers also the cores, packages
 * and hardware threads (hwloc, where the build found it) and the CPU's
 * vector width and FMA (the compiler's CPU feature checks, cpuid). */
#ifndef MCS_SYSINFO_H
#define MCS_SYSINFO_H

#include <stddef.h>

/* Host name (or "unknown"). */
void mcs_sysinfo_host(char *buf, size_t len);
/* CPU model name: the processor's brand string (cpuid, read once per process), or
 * "unknown". */
void mcs_sysinfo_cpu_model(char *buf, size_t len);
/* Logical CPUs online (asked once per process). */
int mcs_sysinfo_cores(void);
/* NVIDIA GPUs this process may use, without opening CUDA: the driver's
 * /proc/driver/nvidia/gpus entries, at most as many as CUDA_VISIBLE_DEVICES
 * lists when set; -1 when the driver says nothing (no such folder). */
int mcs_sysinfo_nvidia_gpus(void);

/* The user's mcsim folder of one XDG kind: $XDG_VAR/mcsim when the variable
 * `xdg_var` ("XDG_CONFIG_HOME") is an absolute path, else
 * $HOME/`home_sub`/mcsim (home_sub ".config"). 0 (and "" in buf) when
 * neither gives one or the name does not fit in len. */
int mcs_sysinfo_user_dir(const char *xdg_var, const char *home_sub, char *buf, size_t len);

/* What the CPU's instruction sets say about its floating-point units. */
typedef struct {
    int avx512f, avx, fma; /* instruction sets (__builtin_cpu_supports) */
    int avx512_on_256;     /* AVX-512 executed on 256-bit units (AMD family 19h, Zen 4) */
} mcs_cpu_isa;

/* This CPU's (all 0 where it is not x86). */
void mcs_sysinfo_isa(mcs_cpu_isa *isa);

/* Peak single-precision FLOPs per cycle of one core: 32-bit lanes of the
 * FMA datapath (512, 256 or 128 bits) x 2 pipes x 2 (a fused multiply-add),
 * or x 2 without FMA (one add and one multiply pipe); NAN when not x86. */
double mcs_sysinfo_fp32_flops_per_cycle(const mcs_cpu_isa *isa);

/* The CPU facts `mcsim calibrate` records (docs/estimator.md). */
typedef struct {
    int packages;         /* sockets: 0 where not counted (no hwloc) */
    int cores;            /* physical cores this process may use; without hwloc
                           * the logical CPUs online */
    int hardware_threads; /* logical CPUs (cores x SMT) this process may use */
    char counted_by[64];  /* "hwloc 2.9.0", or "logical CPUs (built without hwloc)" */
    mcs_cpu_isa isa;
    double fp32_flops_per_cycle; /* per core, peak; NAN unknown */
    double clock_mhz;     /* the highest clock cpufreq reports, else the invariant
                           * TSC's rate (the nominal clock, x86); NAN unknown */
    const char *clock_source; /* "cpufreq", "TSC" or "unknown" */
} mcs_cpu_facts;

/* Counts the cores (hwloc: about 2 ms) and measures the TSC (20 ms) where
 * cpufreq says nothing: for calibrate, not for every run. */
void mcs_sysinfo_cpu_facts(mcs_cpu_facts *f);

#endif
