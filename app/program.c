/* program.c - the mcsim executable: the command lives in libmcsim.so
 * (mcsim_cli_main, app/main.c); this file hands it argv and the MPI ranks
 * (app/ranks.c), which stay out of the library. */
#include "cli_main.h"

int main(int argc, char **argv)
{
    return mcsim_cli_main(argc, argv, &mcs_ranks_mpi);
}
