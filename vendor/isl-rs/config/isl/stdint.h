/* What isl's configure generates on systems with <stdint.h>. */
#ifndef _ISL_INCLUDE_ISL_STDINT_H
#define _ISL_INCLUDE_ISL_STDINT_H 1
#include <stdint.h>
#endif
