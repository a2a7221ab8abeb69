/* merge.h - the `mcsim merge` command (app/merge.c). */
#ifndef MCS_MERGE_H
#define MCS_MERGE_H

#include <stdio.h>

/* mcsim merge SHARD.h5... -o ALL.h5: argv[0] is "merge". Returns the exit code. */
int mcs_cmd_merge(int argc, char **argv);
/* Its --help text. */
void mcs_cmd_merge_help(FILE *f);

#endif
