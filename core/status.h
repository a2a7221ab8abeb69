/* status.h - the one list of mcsim status codes, their messages and exit codes.
 * Library code returns an mcs_status; only main() turns it into an exit code. */
#ifndef MCS_STATUS_H
#define MCS_STATUS_H

/* X(name, exit code (sysexits.h), message) */
#define MCS_STATUS_LIST(X)                                                  \
    X(MCS_OK, 0, "success")                                                 \
    X(MCS_E_USAGE, 64, "command line usage error")                          \
    X(MCS_E_DATA, 65, "bad input data")                                     \
    X(MCS_E_NOINPUT, 66, "input file missing or unreadable")                \
    X(MCS_E_UNAVAILABLE, 69, "requested backend unavailable")               \
    X(MCS_E_SOFTWARE, 70, "internal error")                                 \
    X(MCS_E_NOMEM, 71, "out of memory")                                     \
    X(MCS_E_IO, 74, "input/output error")                                   \
    X(MCS_E_CHECKPOINTED, 75, "interrupted, checkpoint written: resume it")  \
    X(MCS_E_CONFIG, 78, "configuration error")                              \
    X(MCS_E_INTERRUPTED, 130, "interrupted")

typedef enum {
#define MCS_STATUS_ENUM(name, code, msg) name,
    MCS_STATUS_LIST(MCS_STATUS_ENUM)
#undef MCS_STATUS_ENUM
} mcs_status;

/* Human-readable message of a status. */
const char *mcs_status_message(mcs_status s);
/* Process exit code (sysexits.h convention) of a status. */
int mcs_status_exit_code(mcs_status s);
/* The status of an exit code (libmcsim's mcsim_status values are exit
 * codes); MCS_E_SOFTWARE for a code no status has. */
mcs_status mcs_status_of_exit_code(int code);

#endif
