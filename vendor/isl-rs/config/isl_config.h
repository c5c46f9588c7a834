/* isl's configuration header, written for nestor's vendored build (build.rs) in
 * place of the one isl's configure generates: what configure finds with gcc or
 * clang on Linux and macOS, and the integer type nestor uses (imath with the
 * small-integer optimization, configure's --with-int=imath-32). */

#define GCC_WARN_UNUSED_RESULT __attribute__((__warn_unused_result__))

#define HAVE_DECL_FFS 1
#define HAVE_DECL_SNPRINTF 1
#define HAVE_DECL_STRCASECMP 1
#define HAVE_DECL_STRNCASECMP 1
#define HAVE_DECL__BITSCANFORWARD 0
#define HAVE_DECL__SNPRINTF 0
#define HAVE_DECL__STRICMP 0
#define HAVE_DECL__STRNICMP 0
#define HAVE_DECL___BUILTIN_FFS 1
#define HAVE___ATTRIBUTE__ 1

#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define STDC_HEADERS 1

#define PACKAGE "isl"
#define PACKAGE_BUGREPORT "isl-development@googlegroups.com"
#define PACKAGE_NAME "isl"
#define PACKAGE_STRING "isl 0.27"
#define PACKAGE_TARNAME "isl"
#define PACKAGE_URL ""
#define PACKAGE_VERSION "0.27"
#define VERSION "0.27"

#define USE_IMATH_FOR_MP /**/
#define USE_SMALL_INT_OPT /**/

#include <isl_config_post.h>
