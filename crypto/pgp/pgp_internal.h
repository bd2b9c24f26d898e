/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Definitions shared by the files of the OpenPGP parser module.
 */
#ifndef _CRYPTO_PGP_INTERNAL_H
#define _CRYPTO_PGP_INTERNAL_H

#include <crypto/hash.h>
#include <crypto/pgp.h>

struct crypto_shash *pgp_alloc_shash(const char *name);
unsigned int pgp_mpi_bits(const u8 *p, size_t len);

/*
 * The fixed lengths of an SLH-DSA key and signature (RFC 9980 6.1,
 * Table 8): true for algorithms 32, 33 and 34, false for any other.
 */
static inline bool pgp_slhdsa_lengths(u8 algo, size_t *key_len, size_t *sig_len)
{
	switch (algo) {
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
		*key_len = PGP_SLHDSA_128_KEY_LEN;
		*sig_len = PGP_SLHDSA_128S_SIG_LEN;
		return true;
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
		*key_len = PGP_SLHDSA_128_KEY_LEN;
		*sig_len = PGP_SLHDSA_128F_SIG_LEN;
		return true;
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		*key_len = PGP_SLHDSA_256_KEY_LEN;
		*sig_len = PGP_SLHDSA_256S_SIG_LEN;
		return true;
	default:
		return false;
	}
}

#endif /* _CRYPTO_PGP_INTERNAL_H */
