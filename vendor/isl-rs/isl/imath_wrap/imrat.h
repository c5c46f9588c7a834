#include "wrap.h"
#include "../imath/imrat.h"
