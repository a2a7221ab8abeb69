/* stop.h - a request to stop the run early (Ctrl-C, SIGTERM), set from a
 * signal handler and read by the engine between chunks and by the kernels
 * between batches; and the signal set-up every command shares. */
#ifndef MCS_STOP_H
#define MCS_STOP_H

#include <signal.h>
#include <sys/types.h>

/* Non-zero once a stop was requested. Read it; set it with mcs_request_stop. */
extern volatile sig_atomic_t mcs_stop_flag;

/* Ask the running job to stop. Async-signal-safe. */
void mcs_request_stop(void);

/* The signal set-up of every command that works on files (run, merge,
 * validate, sweep, calibrate), called once its options are parsed:
 * SIGINT and SIGTERM only ask it to stop (mcs_stop_flag; the command then
 * stops cleanly, removes its temporaries and lock, and exits 130). SIGINT
 * is one-shot (a second Ctrl-C kills at once); SIGTERM stays handled (a
 * batch system may send it twice, and the second must not kill a run
 * writing its checkpoint). SIGXFSZ is ignored, so a write past a file size
 * limit (ulimit -f) fails with EFBIG and is reported (exit 74) instead of
 * killing the process with its temporaries and lock left behind. */
void mcs_stop_on_signals(void);

/* While `pid` (> 0) runs as a child of this process (a sweep's or a
 * calibration's fresh mcsim run), a stop request is passed on to it
 * (SIGTERM), so it never outlives its parent; 0 when it has ended. Passes
 * a request that came before the call on at once. */
void mcs_stop_forward_to(pid_t pid);

#endif
