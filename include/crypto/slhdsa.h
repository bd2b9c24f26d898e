/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SLH-DSA signature verification (FIPS 205), the SHAKE parameter sets
 * SLH-DSA-SHAKE-128s, SLH-DSA-SHAKE-128f and SLH-DSA-SHAKE-256s.
 */
#ifndef _CRYPTO_SLHDSA_H
#define _CRYPTO_SLHDSA_H

#include <linux/types.h>

/**
 * enum slhdsa_alg - an SLH-DSA parameter set (FIPS 205 Table 2)
 * @SLHDSA_SHAKE_128S: SLH-DSA-SHAKE-128s, category 1, small signatures
 * @SLHDSA_SHAKE_128F: SLH-DSA-SHAKE-128f, category 1, fast signing
 * @SLHDSA_SHAKE_256S: SLH-DSA-SHAKE-256s, category 5, small signatures
 */
enum slhdsa_alg {
	SLHDSA_SHAKE_128S,
	SLHDSA_SHAKE_128F,
	SLHDSA_SHAKE_256S,
};

/* Public key PK.seed || PK.root (2n bytes) and signature sizes */
#define SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE	32
#define SLHDSA_SHAKE_128S_SIGNATURE_SIZE	7856
#define SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE	32
#define SLHDSA_SHAKE_128F_SIGNATURE_SIZE	17088
#define SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE	64
#define SLHDSA_SHAKE_256S_SIGNATURE_SIZE	29792

int slhdsa_verify(enum slhdsa_alg alg, const u8 *pk, size_t pk_len,
		  const u8 *msg, size_t msg_len, const u8 *sig, size_t sig_len);
int slhdsa_verify_internal(enum slhdsa_alg alg, const u8 *pk, size_t pk_len,
			   const u8 *mprime, size_t mprime_len,
			   const u8 *sig, size_t sig_len);

#endif /* _CRYPTO_SLHDSA_H */
