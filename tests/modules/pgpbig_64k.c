// SPDX-License-Identifier: GPL-2.0
/* The load-time benchmark module at 64 KiB. */
#define PGPBIG_SIZE (64 << 10)
#include "pgpbig.c"
