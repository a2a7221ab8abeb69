/* library.c - libmcsim.so's own object: the library is mcs_core whole
 * (CMakeLists.txt links it in), this file only names the header it
 * implements, so the shared object has a source of its own. */
#include "mcsim.h"
