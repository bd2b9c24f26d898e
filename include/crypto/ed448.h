/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ed448 signature verification (RFC 8032 section 5.2.7).
 */
#ifndef _CRYPTO_ED448_H
#define _CRYPTO_ED448_H

#include <linux/types.h>

#define ED448_PUBLIC_KEY_SIZE	57
#define ED448_SIGNATURE_SIZE	114
/* the longest context string of Ed448 (RFC 8032 5.2) */
#define ED448_CONTEXT_MAX	255

int ed448_verify(const u8 pub[ED448_PUBLIC_KEY_SIZE], const u8 *msg, size_t msg_len,
		 const u8 sig[ED448_SIGNATURE_SIZE]);
int ed448_verify_ctx(const u8 pub[ED448_PUBLIC_KEY_SIZE], const u8 *ctx, size_t ctx_len,
		     const u8 *msg, size_t msg_len, const u8 sig[ED448_SIGNATURE_SIZE]);

/* A public key prepared for many verifications (tables of multiples of A) */
struct ed448_precomp;

struct ed448_precomp *ed448_precompute(const u8 pub[ED448_PUBLIC_KEY_SIZE]);
size_t ed448_precomp_size(const struct ed448_precomp *kp);
void ed448_precomp_free(struct ed448_precomp *kp);
int ed448_verify_precomp(const struct ed448_precomp *kp, const u8 *msg, size_t msg_len,
			 const u8 sig[ED448_SIGNATURE_SIZE]);

/* For the KUnit suite: the fixed-base table computed again from B */
int ed448_check_btab(const u8 base[ED448_PUBLIC_KEY_SIZE]);

#endif /* _CRYPTO_ED448_H */
