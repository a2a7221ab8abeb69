/* stop.c - the stop-request flag. */
#include "stop.h"

volatile sig_atomic_t mcs_stop_flag;

void mcs_request_stop(void)
{
    mcs_stop_flag = 1;
}
