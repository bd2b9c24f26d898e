/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every fuzz target of scripts/pgp-sign-module checks after each
 * operation on a buffer (struct buf): its length within its capacity and a
 * capacity only with memory.  ASan does not see writes made inside
 * uninstrumented libraries (libcrypto, liblzma), so the targets check the
 * lengths themselves: a length that wrapped or ran past the allocation
 * (as EVP_DecodeBlock()'s result minus the padding once did) traps here.
 * The targets link the tool's objects (scripts/pgp-sign-module-build.sh
 * --objects): they call its functions as its other files do.
 */
#ifndef _FUZZ_SIGNER_H
#define _FUZZ_SIGNER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../scripts/pgp-sign/pgp-sign.h"

static inline void fuzz_buf_ok(const struct buf *b)
{
	if (b->len > b->cap || (b->cap && !b->p) || (!b->cap && b->len))
		__builtin_trap();
}

#endif
