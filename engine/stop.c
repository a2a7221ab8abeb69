/* stop.c - the stop-request flag and the signal set-up (stop.h). */
#include "stop.h"
#include <string.h>

volatile sig_atomic_t mcs_stop_flag;
static volatile sig_atomic_t child; /* the child a stop request is passed on to, or 0 */

void mcs_request_stop(void)
{
    mcs_stop_flag = 1;
}

static void on_signal(int sig)
{
    (void)sig;
    mcs_stop_flag = 1;
    if (child > 0)
        kill((pid_t)child, SIGTERM); /* async-signal-safe */
}

void mcs_stop_on_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
    sa.sa_flags = 0;
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGXFSZ, &sa, NULL);
}

void mcs_stop_forward_to(pid_t pid)
{
    child = (sig_atomic_t)pid;
    if (pid > 0 && mcs_stop_flag) /* a request that came before the child was known */
        kill(pid, SIGTERM);
}
