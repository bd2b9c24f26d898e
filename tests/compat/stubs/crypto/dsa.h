/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-test stand-in for include/crypto/dsa.h (math owner), same API as
 * INTERFACES.md.  The include path puts the real header first, so this file
 * is only used until the real one exists.  Implemented in algs_openssl.c.
 */
#ifndef _CRYPTO_DSA_H
#define _CRYPTO_DSA_H
#include <linux/types.h>

struct dsa_pub_key {
	const u8 *p, *q, *g, *y;
	size_t p_len, q_len, g_len, y_len;
};

int dsa_check_key(const struct dsa_pub_key *key);
int dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
	       const u8 *r, size_t r_len, const u8 *s, size_t s_len);
#endif
