/* status.c - messages and exit codes generated from MCS_STATUS_LIST. */
#include "status.h"

const char *mcs_status_message(mcs_status s)
{
    switch (s) {
#define MCS_STATUS_MSG(name, code, msg) case name: return msg;
        MCS_STATUS_LIST(MCS_STATUS_MSG)
#undef MCS_STATUS_MSG
    }
    return "unknown status";
}

int mcs_status_exit_code(mcs_status s)
{
    switch (s) {
#define MCS_STATUS_CODE(name, code, msg) case name: return code;
        MCS_STATUS_LIST(MCS_STATUS_CODE)
#undef MCS_STATUS_CODE
    }
    return 70;
}

mcs_status mcs_status_of_exit_code(int code)
{
#define MCS_STATUS_OF(name, c, msg) if (code == c) return name;
    MCS_STATUS_LIST(MCS_STATUS_OF)
#undef MCS_STATUS_OF
    return MCS_E_SOFTWARE;
}
