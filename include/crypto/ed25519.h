/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ed25519 signature verification (RFC 8032 section 5.1.7).
 */
#ifndef _CRYPTO_ED25519_H
#define _CRYPTO_ED25519_H

#include <linux/types.h>

#define ED25519_PUBLIC_KEY_SIZE	32
#define ED25519_SIGNATURE_SIZE	64

int ed25519_verify(const u8 pub[ED25519_PUBLIC_KEY_SIZE], const u8 *msg, size_t msg_len,
		   const u8 sig[ED25519_SIGNATURE_SIZE]);

#endif /* _CRYPTO_ED25519_H */
