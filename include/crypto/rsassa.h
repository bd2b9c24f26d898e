/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RSASSA-PKCS1-v1_5 signature verification (RFC 8017 section 8.2.2).
 */
#ifndef _CRYPTO_RSASSA_H
#define _CRYPTO_RSASSA_H

#include <linux/types.h>
#include <crypto/hash_info.h>

/* Largest modulus accepted, in bits. */
#define RSASSA_MAX_N_BITS	8192

struct rsassa_precomp;

/**
 * struct rsa_pub_key_raw - RSA public key as big-endian byte strings
 * @n: modulus
 * @e: public exponent
 * @n_len: length of @n in bytes (leading zero bytes allowed)
 * @e_len: length of @e in bytes (leading zero bytes allowed)
 * @pre: the Montgomery context from rsassa_precompute() for this very key,
 *	or NULL
 */
struct rsa_pub_key_raw {
	const u8 *n, *e;
	size_t n_len, e_len;
	struct rsassa_precomp *pre;
};

int rsassa_pkcs1_verify(const struct rsa_pub_key_raw *key, enum hash_algo hash,
			const u8 *digest, size_t digest_len,
			const u8 *sig, size_t sig_len);

struct rsassa_precomp *rsassa_precompute(const struct rsa_pub_key_raw *key);
size_t rsassa_precomp_size(const struct rsassa_precomp *pre);
void rsassa_precomp_free(struct rsassa_precomp *pre);

#endif /* _CRYPTO_RSASSA_H */
