/* sysinfo.h - facts about this machine for the run log: host, CPU model, cores. */
#ifndef MCS_SYSINFO_H
#define MCS_SYSINFO_H

#include <stddef.h>

/* Host name (or "unknown"). */
void mcs_sysinfo_host(char *buf, size_t len);
/* CPU model name from /proc/cpuinfo (or "unknown"). */
void mcs_sysinfo_cpu_model(char *buf, size_t len);
/* Logical CPUs online. */
int mcs_sysinfo_cores(void);

#endif
