/* cpuid_bench.c - 1000 calls of mcs_sysinfo_cpu_model, the time per call (session 24, the
 * development VM: 27.12 us per call before 24ea552, 0.07 us after). Build from the repo root:
 *   gcc -O2 bench/results/estimator/h200-session24/devvm/cpuid_bench.c engine/sysinfo.c \
 *       -Iengine -Icore -Iinclude -pthread -o /tmp/cpuid_bench && /tmp/cpuid_bench */
#include <stdio.h>
#include <time.h>
#include <stddef.h>
void mcs_sysinfo_cpu_model(char *buf, size_t len);
int main(void){ char b[128]; struct timespec a,c; clock_gettime(CLOCK_MONOTONIC,&a);
for(int i=0;i<1000;i++) mcs_sysinfo_cpu_model(b,sizeof b);
clock_gettime(CLOCK_MONOTONIC,&c); printf("%s: %.2f us per call\n", b, ((c.tv_sec-a.tv_sec)*1e9+(c.tv_nsec-a.tv_nsec))/1e3/1000); return 0;}
