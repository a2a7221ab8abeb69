/* sysinfo.c - host name, CPU model, core count and the user's folders. */
#define _GNU_SOURCE
#include "sysinfo.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

void mcs_sysinfo_cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon) {
                colon++;
                while (*colon == ' ' || *colon == '\t')
                    colon++;
                colon[strcspn(colon, "\n")] = '\0';
                snprintf(buf, len, "%s", colon);
            }
            break;
        }
    }
    fclose(f);
}

int mcs_sysinfo_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}
