// SPDX-License-Identifier: GPL-2.0
/*
 * The post-quantum-only policy (pgp_keys.pq_only) on the appended PKCS#7
 * signature that module_sig_check() checks first: a good one counts only
 * when the keys it rests on are post-quantum, so that a module is not
 * accepted through PKCS#7 by a key whose OpenPGP signature would not count.
 *
 * The decision is by algorithm, whatever the container: every public-key
 * signature of the message (each signer's, each certificate's) must be by
 * an algorithm pgp_keys_pq_pkey_algo() calls post-quantum; a good
 * signature's algorithm is its key's.  Otherwise the signature is treated as
 * one by no trusted key (-ENOKEY): the module's OpenPGP signature, if it
 * carries one, is checked next, and else it is an unsigned module (refused
 * when signatures are enforced, tainted when not).  This runs once
 * mod_verify_sig() accepted the signature, whatever keyring verified it
 * (.secondary_trusted_keys, or the platform keyring where a distribution
 * adds that fallback), and after a distribution's hash blacklist check
 * there, which keeps its say.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/err.h>
#include <linux/key.h>
#include <crypto/pkcs7.h>
#include <crypto/public_key.h>
#include <keys/asymmetric-type.h>
#include <keys/pgp_keys.h>
#include "internal.h"

/* The first signature of a message that is not post-quantum. */
struct module_pkcs7_classical {
	const struct public_key_signature *sig;
	bool signer;
};

static int module_pkcs7_find_classical(void *ctx, const struct public_key_signature *sig,
				       bool signer)
{
	struct module_pkcs7_classical *c = ctx;

	if (sig && pgp_keys_pq_pkey_algo(sig->pkey_algo))
		return 0;
	c->sig = sig;
	c->signer = signer;
	return -ENOKEY;
}

/* The log line of a signature that does not count, naming its key. */
static void module_pkcs7_log(const struct module_pkcs7_classical *c)
{
	const char *algo = c->sig && c->sig->pkey_algo ? c->sig->pkey_algo : "unknown";
	struct key *ring = pgp_keys_system_keyring(true), *key = ERR_PTR(-ENOKEY);

	/* the direct signer, looked up as pkcs7_validate_trust() does */
	if (ring && c->signer && c->sig && c->sig->auth_ids[0])
		key = find_asymmetric_key(ring, c->sig->auth_ids[0], NULL, NULL, false);
	if (!IS_ERR(key)) {
		pr_notice("Module's PKCS#7 signature by key '%s' (%s) not counted: only post-quantum signatures count (pgp_keys.pq_only)\n",
			  key->description, algo);
		key_put(key);
	} else if (c->signer) {
		pr_notice("Module's PKCS#7 signature by a key outside the system trusted keyrings (%s) not counted: only post-quantum signatures count (pgp_keys.pq_only)\n",
			  algo);
	} else {
		pr_notice("Module's PKCS#7 signature not counted: a certificate in it is signed with %s, only post-quantum signatures count (pgp_keys.pq_only)\n",
			  algo);
	}
}

/**
 * module_pkcs7_policy() - does a good appended PKCS#7 signature count?
 * @sig: the PKCS#7 message, which verify_pkcs7_signature() accepted
 * @len: its length
 *
 * While only post-quantum signatures count (pgp_keys_pq_only()), the
 * message counts only when every signature in it is post-quantum (see the
 * head of this file); a message that does not is logged with its key.
 * Changes nothing; parses the message once more (what mainline's check
 * did), and only while the policy is on.
 *
 * Context: process context; may sleep.
 * Return:
 * * %0		- the signature counts (always while the policy is off)
 * * %-ENOKEY	- it does not: a signature in it is by a classical key
 * * %-ENOMEM	- out of memory while parsing the message again
 * * %-EBADMSG	- the message no longer parses (it did a moment ago)
 */
int module_pkcs7_policy(const void *sig, size_t len)
{
	struct module_pkcs7_classical c = {};
	struct pkcs7_message *pkcs7;
	int ret;

	if (!pgp_keys_pq_only())
		return 0;
	pkcs7 = pkcs7_parse_message(sig, len);
	if (IS_ERR(pkcs7))
		return PTR_ERR(pkcs7);
	ret = pkcs7_for_each_sig(pkcs7, module_pkcs7_find_classical, &c);
	if (ret == -ENOKEY)
		module_pkcs7_log(&c);
	pkcs7_free_message(pkcs7);
	return ret;
}
