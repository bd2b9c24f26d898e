// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's rules asked before signing (pgp-sign-module): why the
 * keyring gives no key for a signature about to be made, the digest sizes a
 * key takes, and the kernel's hashing of v6 signatures and certifications
 * for the signer that works from a secret key file (seckey.c).  Built like
 * kernel.c, on the kernel's code through scripts/pgp-shim.
 */
#include <time.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/hash.h>
#include <crypto/pgp.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "pgp-sign.h"
#include "kernel.h"

/* A time as the messages print it. */
static void kern_time(u32 t, char *buf, size_t size)
{
	time_t tt = t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(buf, size, "%u", t);
}

/* Why the keyring rules give no key for @fpr at @t (pgp_keys_lookup()'s @why). */
static void kern_key_refused(const struct kern_keyring *kr, const u8 *fpr, size_t fpr_len,
			     u32 t, int why, char *out, size_t size)
{
	const bool legacy = kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY;
	const struct pgp_builtin_key *k = kern_key_by_fpr(kr, fpr, fpr_len), *p = NULL;
	const u8 *q = kr->data, *end = kr->data + kr->len;
	char when[40], until[40], algo[PGP_KEYS_ALGO_MAX];
	struct pgp_packet pkt;
	struct pgp_pubkey key;
	int ret;

	kern_time(t, when, sizeof(when));
	if (k && k->primary >= 0 && (unsigned int)k->primary < kr->nr)
		p = &kr->keys[k->primary];
	if (why == -EKEYREVOKED) {
		snprintf(out, size, "the key is revoked%s (EKEYREVOKED): the kernel refuses every signature it makes",
			 k && !k->revoked && p ? " (its primary key)" : "");
		return;
	}
	if (why == -EKEYEXPIRED) {
		u32 e = k ? pgp_keys_earliest(k->expires, p ? p->expires : 0) : 0;

		if (k && t < k->pub.creation_time) {
			kern_time(k->pub.creation_time, until, sizeof(until));
			snprintf(out, size, "the key is not valid yet at %s (created %s; EKEYEXPIRED)",
				 when, until);
		} else if (e) {
			kern_time(e, until, sizeof(until));
			snprintf(out, size, "the key expired on %s, before %s (EKEYEXPIRED): extend it (gpg --quick-set-expire) and export it again, or sign with another key",
				 until, when);
		} else {
			snprintf(out, size, "the key is expired at %s (EKEYEXPIRED)", when);
		}
		return;
	}
	/* not in the kernel's keyring at all: the policy, or its signatures */
	while (q < end && !pgp_next_packet(&q, end, &pkt)) {
		if (pkt.tag != PGP_PKT_PUBLIC_KEY && pkt.tag != PGP_PKT_PUBLIC_SUBKEY)
			continue;
		ret = pgp_parse_pubkey(pkt.body, pkt.len, &key);
		if (!key.fpr_len || key.fpr_len != fpr_len || memcmp(key.fpr, fpr, fpr_len))
			continue;
		if (ret) {
			snprintf(out, size, "the kernel cannot read this key (%s algorithm %u, %s)",
				 pgp_pubkey_algo_name(key.algo), key.algo, kern_errno_name(ret));
			return;
		}
		ret = pgp_check_key_policy(&key, legacy);
		kern_key_desc(&key, algo, sizeof(algo));
		if (ret == -EKEYREJECTED)
			snprintf(out, size, "%s keys are below the kernel's minimum (RSA and DSA at least 2048 bits; DSA-1024 only with CONFIG_MODULE_SIG_PGP_LEGACY, --legacy here; EKEYREJECTED)",
				 algo);
		else if (ret)
			snprintf(out, size, "the kernel cannot verify %s keys (%s)", algo,
				 kern_errno_name(ret));
		else if (k && !k->can_sign)
			snprintf(out, size, "the key may not sign (its key flags; ENOKEY)");
		else
			snprintf(out, size, "the kernel does not take the key (no valid self-signature or subkey binding; ENOKEY)");
		return;
	}
	snprintf(out, size, "the key is not in what gpg exports for it (ENOKEY)");
}

/*
 * kern_sign_check() - would the kernel, with @kr as its keyring, take a
 * signature by the key @fpr made at @t over the OpenPGP hash @hash_id?
 * The keyring rules (pgp_keys_lookup(): policy, expiry at @t, revocation)
 * and the digest size the verifier requires (pgp_sig_verify_digest(),
 * which checks it before anything else).  0, or the kernel's code with
 * the reason in @why.
 */
int kern_sign_check(const struct kern_keyring *kr, const u8 *fpr, size_t fpr_len,
		    int hash_id, u32 t, char *why, size_t size)
{
	const bool legacy = kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY;
	static const u8 longer[] = { PGP_HASH_SHA256, PGP_HASH_SHA384, PGP_HASH_SHA512 };
	static const char *const longer_name[] = { "sha256", "sha384", "sha512" };
	u8 digest[HASH_MAX_DIGESTSIZE] = {};
	const struct pgp_builtin_key *k;
	struct pgp_sig sig = {};
	char algo[PGP_KEYS_ALGO_MAX];
	unsigned int i, bits;
	int err, ret;

	snprintf(why, size, "-");
	k = pgp_keys_lookup(kr->keys, kr->nr, fpr, fpr_len, NULL, t, &err);
	if (!k) {
		kern_key_refused(kr, fpr, fpr_len, t, err, why, size);
		return err;
	}
	ret = pgp_hash_algo(hash_id, legacy, &sig.hash);
	if (ret) {
		snprintf(why, size, "the kernel does not take OpenPGP hash %d (%s)", hash_id,
			 kern_errno_name(ret));
		return ret;
	}
	/* a digest prefix that cannot match: nothing past the size rules runs */
	sig.version = k->pub.version;
	sig.pubkey_algo = k->pub.algo;
	sig.hash_id = hash_id;
	sig.digest_prefix[0] = 1;
	ret = pgp_sig_verify_digest(&sig, &k->pub, digest, hash_digest_size[sig.hash]);
	if (ret != -ENOPKG)
		return 0;
	bits = hash_digest_size[sig.hash] * 8;
	kern_key_desc(&k->pub, algo, sizeof(algo));
	for (i = 0; i < ARRAY_SIZE(longer); i++) {
		if (pgp_hash_algo(longer[i], legacy, &sig.hash))
			continue;
		if (pgp_sig_verify_digest(&sig, &k->pub, digest,
					  hash_digest_size[sig.hash]) != -ENOPKG)
			break;
	}
	if (i < ARRAY_SIZE(longer))
		snprintf(why, size, "a %u-bit digest is too short for %s keys (ENOPKG): use --digest %s or longer",
			 bits, algo, longer_name[i]);
	else
		snprintf(why, size, "a %u-bit digest is too short for %s keys (ENOPKG)",
			 bits, algo);
	return ret;
}

/* ---- for signing with a secret key file (seckey.c) ---- */

/* The fingerprint the kernel computes for a public key packet body; 0 or its errno. */
int kern_pubkey_fpr(const u8 *body, size_t len, u8 fpr[32], size_t *fpr_len,
		    unsigned int *algo)
{
	struct pgp_pubkey key;
	int ret = pgp_parse_pubkey(body, len, &key);

	if (ret)
		return ret;
	*fpr_len = key.fpr_len;
	memcpy(fpr, key.fpr, key.fpr_len);
	*algo = key.algo;
	pgp_pubkey_release(&key);
	return 0;
}

/* Whether the keyring's rules make the key with this fingerprint one that signs. */
bool kern_keyring_can_sign(const struct kern_keyring *kr, const u8 *fpr, size_t len)
{
	unsigned int i;

	for (i = 0; kr && i < kr->nr; i++)
		if (kr->keys[i].pub.fpr_len == len && !memcmp(kr->keys[i].pub.fpr, fpr, len))
			return kr->keys[i].can_sign && !kr->keys[i].revoked;
	return false;
}

/* The salt length RFC 9580 gives a v6 signature with this hash (0: none). */
int kern_salt_len(unsigned int hash_id)
{
	return pgp_salt_len(hash_id);
}

/*
 * The digest a signature packet body (its prefix and values may be zeros)
 * is made over, with the kernel's hashing of the signature (v6: the salt
 * first, the v6 trailer): @d with [@zoff, @zoff + @zlen) as zeros.
 */
int kern_sig_digest(const u8 *body, size_t len, const u8 *d, size_t n, size_t zoff,
		    size_t zlen, u8 *md, unsigned int *mdlen)
{
	struct pgp_hash_ctx *ctx = NULL;
	struct pgp_sig sig;
	int ret;

	ret = pgp_parse_sig(body, len, &sig, false);
	if (!ret)
		ret = kern_hash_module(&sig, d, n, zoff, zlen, &ctx);
	return ret ? ret : pgp_sig_digest(ctx, &sig, md, mdlen);
}

/*
 * The digest of a self-signature over the key packet body @key (and the
 * user ID @uid when not NULL: a certification; else a direct-key
 * signature), hashed by the kernel's code as its keyring checks it.
 */
int kern_cert_digest(const u8 *body, size_t len, const u8 *key, size_t key_len,
		     const u8 *uid, size_t uid_len, u8 *md, unsigned int *mdlen)
{
	struct pgp_hash_ctx *ctx = NULL;
	struct pgp_pubkey pub;
	struct pgp_sig sig;
	int ret;

	ret = pgp_parse_sig(body, len, &sig, false);
	if (ret)
		return ret;
	ret = pgp_parse_pubkey(key, key_len, &pub);
	if (ret)
		return ret;
	ret = pgp_hash_init(&ctx, &sig);
	if (!ret) {
		ret = pgp_hash_pubkey(ctx, &pub);
		if (!ret && uid)
			ret = pgp_hash_userid(ctx, uid, uid_len);
		if (ret)
			pgp_hash_free(ctx);
		else
			ret = pgp_sig_digest(ctx, &sig, md, mdlen);
	}
	pgp_pubkey_release(&pub);
	return ret;
}
