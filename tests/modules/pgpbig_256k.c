// SPDX-License-Identifier: GPL-2.0
/* The load-time benchmark module at 256 KiB. */
#define PGPBIG_SIZE (256 << 10)
#include "pgpbig.c"
