// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's OpenPGP packet reader (crypto/pgp/pgp_parser.c) for the host
 * program pgp_keyring_check, compiled unchanged on the userspace stand-ins
 * of scripts/pgp-shim, with their SHA-1 (on libcrypto) for fingerprints.
 */
#include "../crypto/pgp/pgp_parser.c"
#include "../scripts/pgp-shim/compat.c"
#include "../scripts/pgp-shim/shash_openssl.c"

/* The transform pgp_parser.c asks crypto/pgp/pgp_verify.c for. */
struct crypto_shash *pgp_alloc_shash(const char *name)
{
	return crypto_alloc_shash(name, 0, 0);
}
