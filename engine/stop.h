/* stop.h - a request to stop the run early (Ctrl-C, SIGTERM), set from a
 * signal handler and read by the engine between chunks and by the kernels
 * between batches. */
#ifndef MCS_STOP_H
#define MCS_STOP_H

#include <signal.h>

/* Non-zero once a stop was requested. Read it; set it with mcs_request_stop. */
extern volatile sig_atomic_t mcs_stop_flag;

/* Ask the running job to stop. Async-signal-safe. */
void mcs_request_stop(void);

#endif
