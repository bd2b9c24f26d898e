/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim: SHA-2 constants and the one-shot sha256() (see shash_openssl.c). */
#ifndef _KCOMPAT_CRYPTO_SHA2_H
#define _KCOMPAT_CRYPTO_SHA2_H
#include "../kcompat.h"
#define SHA224_DIGEST_SIZE	28
#define SHA224_BLOCK_SIZE	64
#define SHA256_DIGEST_SIZE	32
#define SHA256_BLOCK_SIZE	64
#define SHA384_DIGEST_SIZE	48
#define SHA384_BLOCK_SIZE	128
#define SHA512_DIGEST_SIZE	64
#define SHA512_BLOCK_SIZE	128
void sha256(const u8 *data, unsigned int len, u8 *out);
/* The incremental SHA-256 of lib/crypto: an OpenSSL SHA256_CTX inside. */
struct sha256_state {
	u64 opaque[16];
};

void sha256_init(struct sha256_state *sctx);
void sha256_update(struct sha256_state *sctx, const u8 *data, unsigned int len);
void sha256_final(struct sha256_state *sctx, u8 *out);
#endif
