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

/* The user's mcsim folder of one XDG kind: $XDG_VAR/mcsim when the variable
 * `xdg_var` ("XDG_CONFIG_HOME") is an absolute path, else
 * $HOME/`home_sub`/mcsim (home_sub ".config"). 0 (and "" in buf) when
 * neither gives one or the name does not fit in len. */
int mcs_sysinfo_user_dir(const char *xdg_var, const char *home_sub, char *buf, size_t len);

#endif
