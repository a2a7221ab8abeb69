/* cli_main.h - the mcsim command inside libmcsim.so: the executable
 * (app/program.c) calls it with its MPI (app/ranks.c), so the library
 * needs no MPI and the command runs through the library's own code. A
 * private entry point: exported (its name is mcsim_*) but not in the
 * installed header; it may change in any release. */
#ifndef MCS_CLI_MAIN_H
#define MCS_CLI_MAIN_H

#include "ranks.h"

#if defined(__GNUC__)
__attribute__((visibility("default")))
#endif
int mcsim_cli_main(int argc, char **argv, const mcs_ranks_ops *ranks);

#endif
