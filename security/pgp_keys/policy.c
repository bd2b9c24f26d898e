// SPDX-License-Identifier: GPL-2.0
/*
 * The post-quantum-only policy of the OpenPGP keys: when it is on, only
 * signatures by ML-DSA-65+Ed25519 (algorithm 30), ML-DSA-87+Ed448
 * (algorithm 31) and SLH-DSA (algorithms 32 to 34) keys count.  A module
 * whose only good signatures are by classical keys (RSA, DSA, ECDSA,
 * EdDSA, Ed25519, Ed448) is treated as signed by no trusted key, and no
 * classical key joins the trusted keyrings at run time, nor a key a
 * classical key vouches for.
 *
 * CONFIG_PGP_KEYS_PQ_ONLY sets it at build time, pgp_keys.pq_only=1 at
 * boot.  It can only be turned on: "pgp_keys.pq_only=0" does not turn off
 * the build's default, and /sys/module/pgp_keys/parameters/pq_only is
 * read-only, so nothing at run time (root, a lockdown level) weakens it.
 */

#include <linux/moduleparam.h>
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
