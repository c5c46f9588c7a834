/* The count of operations isl has made on a context since its last reset: isl 0.27
 * keeps it (for isl_ctx_set_max_operations) but has no getter. */
#include <isl_ctx_private.h>

unsigned long isl_rs_ctx_get_operations(isl_ctx *ctx)
{
	return ctx ? ctx->operations : 0;
}
