/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-test stand-in for include/crypto/rsassa.h (math owner), same API as
 * INTERFACES.md; used only until the real header exists.
 */
#ifndef _CRYPTO_RSASSA_H
#define _CRYPTO_RSASSA_H
#include <linux/types.h>
#include <crypto/hash_info.h>

struct rsa_pub_key_raw {
	const u8 *n, *e;
	size_t n_len, e_len;
};

int rsassa_pkcs1_verify(const struct rsa_pub_key_raw *key, enum hash_algo hash,
			const u8 *digest, size_t digest_len, const u8 *sig, size_t sig_len);
#endif
