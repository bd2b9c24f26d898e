/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DSA signature verification (FIPS 186-4 section 4.7).
 */
#ifndef _CRYPTO_DSA_H
#define _CRYPTO_DSA_H

#include <linux/types.h>

/* Limits enforced by dsa_check_key(), in bits. */
#define DSA_MAX_P_BITS	8192
#define DSA_MAX_Q_BITS	512

struct dsa_precomp;

/**
 * struct dsa_pub_key - DSA public key as big-endian byte strings
 * @p: prime modulus
 * @q: prime divisor of p - 1
 * @g: generator of the order-q subgroup
 * @y: public value g^x mod p
 * @p_len: length of @p in bytes (leading zero bytes allowed)
 * @q_len: length of @q in bytes
 * @g_len: length of @g in bytes
 * @y_len: length of @y in bytes
 * @pre: tables from dsa_precompute() for this very key, or NULL
 */
struct dsa_pub_key {
	const u8 *p, *q, *g, *y;
	size_t p_len, q_len, g_len, y_len;
	struct dsa_precomp *pre;
};

int dsa_check_key(const struct dsa_pub_key *key);
int dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
	       const u8 *r, size_t r_len, const u8 *s, size_t s_len);

struct dsa_precomp *dsa_precompute(const struct dsa_pub_key *key);
size_t dsa_precomp_size(const struct dsa_precomp *pre);
void dsa_precomp_free(struct dsa_precomp *pre);

#endif /* _CRYPTO_DSA_H */
