/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: the kernel's hash_info tables (defined in hash_info.c). */
#ifndef _KCOMPAT_CRYPTO_HASH_INFO_H
#define _KCOMPAT_CRYPTO_HASH_INFO_H
#include "../kcompat.h"
#include <crypto/sha1.h>
#include <crypto/sha2.h>

enum hash_algo {
	HASH_ALGO_MD4,
	HASH_ALGO_MD5,
	HASH_ALGO_SHA1,
	HASH_ALGO_RIPE_MD_160,
	HASH_ALGO_SHA256,
	HASH_ALGO_SHA384,
	HASH_ALGO_SHA512,
	HASH_ALGO_SHA224,
	HASH_ALGO_RIPE_MD_128,
	HASH_ALGO_RIPE_MD_256,
	HASH_ALGO_RIPE_MD_320,
	HASH_ALGO_WP_256,
	HASH_ALGO_WP_384,
	HASH_ALGO_WP_512,
	HASH_ALGO_TGR_128,
	HASH_ALGO_TGR_160,
	HASH_ALGO_TGR_192,
	HASH_ALGO_SM3_256,
	HASH_ALGO_STREEBOG_256,
	HASH_ALGO_STREEBOG_512,
	HASH_ALGO_SHA3_256,
	HASH_ALGO_SHA3_384,
	HASH_ALGO_SHA3_512,
	HASH_ALGO__LAST
};

extern const char *const hash_algo_name[HASH_ALGO__LAST];
extern const int hash_digest_size[HASH_ALGO__LAST];
#endif
