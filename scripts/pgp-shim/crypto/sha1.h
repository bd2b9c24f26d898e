/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: SHA-1 constants (see kcompat.h). */
#ifndef _KCOMPAT_CRYPTO_SHA1_H
#define _KCOMPAT_CRYPTO_SHA1_H
#include "../kcompat.h"
#define SHA1_DIGEST_SIZE	20
#define SHA1_BLOCK_SIZE		64
#endif
