// SPDX-License-Identifier: GPL-2.0
/*
 * The post-quantum-only policy of module signatures: when it is on, only
 * signatures by post-quantum keys count, whatever their container: OpenPGP
 * keys of the ML-DSA-65+Ed25519 (algorithm 30) and ML-DSA-87+Ed448
 * (algorithm 31) composites and of SLH-DSA (algorithms 32 to 34)
 * (pgp_keys_algo_pq()), and keys of the kernel's
 * other asymmetric keys (X.509, the signers of PKCS#7) whose algorithm
 * pgp_keys_pq_pkey_algo() names.  A module whose only good signatures are
 * by classical keys (RSA, DSA, ECDSA, EdDSA, Ed25519, Ed448, and every
 * X.509 key of this kernel) is treated as signed by no trusted key, and no
 * classical key joins .secondary_trusted_keys at run time, nor a key a
 * classical key vouches for.
 *
 * CONFIG_PGP_KEYS_PQ_ONLY sets it at build time, pgp_keys.pq_only=1 at
 * boot.  It can only be turned on: "pgp_keys.pq_only=0" does not turn off
 * the build's default, and /sys/module/pgp_keys/parameters/pq_only is
 * read-only, so nothing at run time (root, a lockdown level) weakens it.
 */

#include <linux/moduleparam.h>
#include <linux/string.h>
#include <keys/pgp_keys.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "pgp_keys."

static bool pq_only = IS_ENABLED(CONFIG_PGP_KEYS_PQ_ONLY);
module_param(pq_only, bool_enable_only, 0444);
MODULE_PARM_DESC(pq_only, "Only post-quantum OpenPGP signatures (ML-DSA+EdDSA, SLH-DSA) count");

/**
 * pgp_keys_pq_only() - do only post-quantum signatures count?
 *
 * Context: any context.
 * Return: true when the post-quantum-only policy is on.
 */
bool pgp_keys_pq_only(void)
{
	return READ_ONCE(pq_only);
}
EXPORT_SYMBOL_GPL(pgp_keys_pq_only);

/**
 * pgp_keys_pq_pkey_algo() - is a key of the kernel's key system post-quantum?
 * @pkey_algo: the algorithm of a public key or of a signature, as struct
 *	public_key and struct public_key_signature name it (may be NULL)
 *
 * What counts of the keys mainline's X.509 and PKCS#7 parsers make (and of
 * the signatures they read; a good signature's algorithm is its key's)
 * while only post-quantum signatures count: ML-DSA, named "mldsa44",
 * "mldsa65" and "mldsa87" where the kernel reads ML-DSA in X.509 and
 * PKCS#7 (7.x).  Every other key they make ("rsa", "ecdsa",
 * "ecdsa-nist-p256"/"-p384", "ecrdsa", "sm2") is classical: none of them
 * counts here.
 * OpenPGP keys are judged by their own algorithm (pgp_keys_algo_pq()).
 *
 * Context: any context.
 * Return: true for an ML-DSA key or signature.
 */
bool pgp_keys_pq_pkey_algo(const char *pkey_algo)
{
	return pkey_algo && !strncmp(pkey_algo, "mldsa", 5);
}
EXPORT_SYMBOL_GPL(pgp_keys_pq_pkey_algo);
