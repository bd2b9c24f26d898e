/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in: the shash driver interface is not emulated here. */
#ifndef _COMPAT_CRYPTO_INTERNAL_HASH_H
#define _COMPAT_CRYPTO_INTERNAL_HASH_H
#include <crypto/hash.h>
#endif
