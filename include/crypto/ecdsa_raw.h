/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ECDSA signature verification on raw values (OpenPGP public-key algorithm 19).
 */
#ifndef _CRYPTO_ECDSA_RAW_H
#define _CRYPTO_ECDSA_RAW_H

#include <linux/types.h>

/**
 * enum ecdsa_raw_curve - curves accepted by ecdsa_raw_verify()
 * @ECDSA_RAW_P256: NIST P-256 (secp256r1), OID 1.2.840.10045.3.1.7
 * @ECDSA_RAW_P384: NIST P-384 (secp384r1), OID 1.3.132.0.34
 * @ECDSA_RAW_P521: NIST P-521 (secp521r1), OID 1.3.132.0.35
 */
enum ecdsa_raw_curve {
	ECDSA_RAW_P256,
	ECDSA_RAW_P384,
	ECDSA_RAW_P521,
};

/* Largest field/order size in bytes (P-521) */
#define ECDSA_RAW_MAX_BYTES	66

int ecdsa_raw_verify(enum ecdsa_raw_curve curve, const u8 *point, size_t point_len,
		     const u8 *digest, size_t digest_len,
		     const u8 *r, size_t r_len, const u8 *s, size_t s_len);

#endif /* _CRYPTO_ECDSA_RAW_H */
