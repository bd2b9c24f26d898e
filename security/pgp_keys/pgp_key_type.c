// SPDX-License-Identifier: GPL-2.0
/*
 * OpenPGP public keys as asymmetric keys: a key parser for certificates as
 * "gpg --export" writes them and a key subtype whose verify_signature()
 * checks the OpenPGP signatures that vouch for a new key.
 *
 * One asymmetric key is one OpenPGP key, a primary key or one of its signing
 * subkeys, so that each is found by its own fingerprint (ID 0) or key ID
 * (ID 1; ID 2 tells keys that share a key ID apart).  A certificate added
 * with add_key() yields one key, chosen by what the certificate carries and
 * what the trusted keyrings hold already:
 *
 *  - a key the certificate revokes (0x20 of the primary, 0x28 of a subkey)
 *    that is or was trusted and is not revoked yet: the key, vouched for by
 *    the revocation, which its primary made;
 *  - else, when the primary key is or was trusted, a certification
 *    revocation (0x30) by a trusted key not recorded yet: the primary,
 *    vouched for by it;
 *  - else, when the primary key is in the trusted keyrings, its first
 *    signing subkey that is neither there nor revoked: the subkey, vouched
 *    for by its binding signature (0x18), whose back-signature (0x19) the
 *    parse checked;
 *  - else a revocation recorded already (the same certificate added again);
 *  - else the primary key, vouched for by a certification (0x10-0x13) of
 *    one of its user IDs by another key, not taken back: one whose issuer
 *    is a trusted key that may vouch if there is one (a built-in key with
 *    CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN);
 *  - unless the caller names a key of the certificate by its fingerprint (in
 *    hex) as the key's description: then that key.
 *
 * The parser computes the vouching signature's digest; a keyring restricted
 * with restrict_link_by_signature() then finds the issuer and calls its
 * verify_signature(), which checks the signature and the issuer's own
 * validity at the time it signed, and changes nothing.  When the keyring is
 * .secondary_trusted_keys, its restriction (which keyring.c puts around
 * mainline's) then calls pgp_key_join(), which checks the same again and
 * records what the new key depends on, the revocation or the certification
 * taken back (records.c).
 *
 * The layers run one way: this file is built on the records of trust
 * (records.c) and on the system's keyrings, which it searches for OpenPGP
 * keys; keyring.c, which loads the built-in keys and finds the key of a
 * module signature, is built on this file, which calls nothing of it.
 *
 * Any user can make the kernel parse a certificate (add_key() to a keyring
 * of their own runs the parser before any restriction): the parse has the
 * limits of pgp_keys_parse_runtime(), the choice walks the certificate once
 * more, and the messages of both are rate-limited.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/atomic.h>
#include <linux/err.h>
#include <linux/hex.h>
#include <linux/kernel.h>
#include <linux/key-type.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keys/asymmetric-parser.h>
#include <keys/asymmetric-subtype.h>
#include <keys/asymmetric-type.h>
#include <crypto/pgp_compat.h>
#include "internal.h"

/*
 * The keys of one certificate the parser considers (primary and signing
 * subkeys); a certificate with more yields only these.
 */
#define PGP_KEYS_CERT_MAX	16

/*
 * Run-time keys that get precomputed tables: DSA fixed-base tables (up to
 * 192 KiB each), the NTT tables of an ML-DSA-65+Ed25519 key (about 37 KiB)
 * or of an ML-DSA-87+Ed448 key (about 70 KiB with its Ed448 half's), one
 * count for both; the keys after these verify without.
 */
#define PGP_KEYS_RUNTIME_DSA_TABLES	8
#define PGP_KEYS_RUNTIME_MLDSA_TABLES	16
static atomic_t pgp_keys_dsa_tables = ATOMIC_INIT(0);
static atomic_t pgp_keys_mldsa_tables = ATOMIC_INIT(0);

/* May the run-time key @pub have its tables? Counts it when it may. */
static bool pgp_key_tables_allowed(const struct pgp_pubkey *pub)
{
	switch (pub->algo) {
	case PGP_PUBKEY_DSA:
		return atomic_inc_return(&pgp_keys_dsa_tables) <= PGP_KEYS_RUNTIME_DSA_TABLES;
	case PGP_PUBKEY_MLDSA65_ED25519:
	case PGP_PUBKEY_MLDSA87_ED448:
		return atomic_inc_return(&pgp_keys_mldsa_tables) <=
		       PGP_KEYS_RUNTIME_MLDSA_TABLES;
	default:
		return true;
	}
}

/* What a signature is made by this subtype: compared by address. */
static const char pgp_key_encoding[] = "pgp";

/* A readable copy of @uid: printable ASCII, at most PGP_KEYS_UID_MAX bytes. */
static void pgp_key_set_uid(char *dst, const u8 *uid, size_t len)
{
	size_t i;

	len = min_t(size_t, len, PGP_KEYS_UID_MAX);
	for (i = 0; i < len; i++)
		dst[i] = (uid[i] < 0x20 || uid[i] > 0x7e) ? '?' : uid[i];
	dst[i] = '\0';
}

static void pgp_key_release(struct kref *ref)
{
	struct pgp_key *pk = container_of(ref, struct pgp_key, ref);

	pgp_pubkey_release(&pk->k.pub);
	kfree(pk->data);
	kfree(pk);
}

/* Drop a reference taken by pgp_key_get() (or the key's own). */
void pgp_key_put(struct pgp_key *pk)
{
	if (pk)
		kref_put(&pk->ref, pgp_key_release);
}

/* Is @key an OpenPGP asymmetric key (of this subtype)? */
bool pgp_key_is_pgp(const struct key *key)
{
	return key->type == &key_type_asymmetric &&
	       asymmetric_key_subtype(key) == &pgp_key_subtype &&
	       key->payload.data[asym_crypto];
}

/*
 * A reference to @key's payload, which outlives the key for its holder, or
 * NULL for a key that is not an OpenPGP key.
 */
struct pgp_key *pgp_key_get(struct key *key)
{
	struct pgp_key *pk;

	if (!pgp_key_is_pgp(key))
		return NULL;
	pk = key->payload.data[asym_crypto];
	kref_get(&pk->ref);
	return pk;
}

/**
 * pgp_keys_trusted() - the keyring trusted OpenPGP keys are looked up in
 * @builtin_only: the built-in trusted keyring alone
 *
 * Return: .secondary_trusted_keys (which links .builtin_trusted_keys) when
 * the kernel has it and @builtin_only is false, else .builtin_trusted_keys;
 * NULL before the keyrings exist.
 */
struct key *pgp_keys_trusted(bool builtin_only)
{
	return pgp_keys_system_keyring(!builtin_only);
}

/**
 * pgp_keys_search() - the OpenPGP key with a fingerprint in a keyring
 * @ring: the keyring, searched with the keyrings it links; may be NULL
 * @fpr: the fingerprint
 * @fpr_len: its length
 *
 * Return: the key (a reference), or ERR_PTR(-ENOKEY) (or the search's
 * error) when @ring holds no OpenPGP key with that fingerprint.
 */
struct key *pgp_keys_search(struct key *ring, const u8 *fpr, size_t fpr_len)
{
	struct asymmetric_key_id *kid;
	struct key *key;

	if (!ring || !fpr_len || fpr_len > PGP_FPR_MAX)
		return ERR_PTR(-ENOKEY);
	kid = asymmetric_key_generate_id(fpr, fpr_len, NULL, 0);
	if (IS_ERR(kid))
		return ERR_CAST(kid);
	key = find_asymmetric_key(ring, kid, NULL, NULL, false);
	kfree(kid);
	if (IS_ERR(key))
		return key;
	if (!pgp_key_is_pgp(key)) {
		key_put(key);
		return ERR_PTR(-ENOKEY);
	}
	return key;
}

/**
 * pgp_keys_search_keyid() - the @idx-th OpenPGP key with a key ID
 * @ring: the keyring, searched with the keyrings it links; may be NULL
 * @keyid: the key ID (%PGP_KEYID_LEN bytes)
 * @idx: which of the keys that share the key ID
 *
 * Return: the key (a reference), or ERR_PTR(-ENOKEY) (or the search's
 * error).
 */
struct key *pgp_keys_search_keyid(struct key *ring, const u8 *keyid, u8 idx)
{
	struct asymmetric_key_id *kid;
	struct key *key;

	if (!ring)
		return ERR_PTR(-ENOKEY);
	kid = asymmetric_key_generate_id(keyid, PGP_KEYID_LEN, &idx, 1);
	if (IS_ERR(kid))
		return ERR_CAST(kid);
	key = find_asymmetric_key(ring, NULL, NULL, kid, false);
	kfree(kid);
	if (IS_ERR(key))
		return key;
	if (!pgp_key_is_pgp(key)) {
		key_put(key);
		return ERR_PTR(-ENOKEY);
	}
	return key;
}

/**
 * pgp_key_new() - a payload for key @i of a parsed certificate
 * @keys: the certificate's keys (pgp_keys_parse())
 * @nr: their number
 * @i: the key
 * @builtin: the keys point into the kernel image: refer to it instead of
 *	copying
 *
 * Return: the payload (its reference is the caller's), or an ERR_PTR:
 * -ENOMEM, or the key parser's error on the copy.
 */
struct pgp_key *pgp_key_new(const struct pgp_builtin_key *keys, unsigned int nr,
			    unsigned int i, bool builtin)
{
	const struct pgp_builtin_key *k = &keys[i], *p = NULL;
	struct pgp_key *pk;
	int ret;

	if (k->primary >= 0 && (unsigned int)k->primary < nr)
		p = &keys[k->primary];
	pk = kzalloc(sizeof(*pk), GFP_KERNEL);
	if (!pk)
		return ERR_PTR(-ENOMEM);
	kref_init(&pk->ref);
	mutex_init(&pk->lock);
	pk->pk.pkey_algo = "pgp";
	pk->pk.id_type = "PGP";
	pk->k = *k;
	pk->k.primary = p ? 0 : -1;
	pk->k.binding = NULL;
	pk->k.binding_len = 0;
	pk->k.revocation = NULL;
	pk->k.revocation_len = 0;
	if (!builtin) {
		/* the key's own copy: the certificate goes away after add_key() */
		pk->data = kmemdup(k->pub.body, k->pub.body_len, GFP_KERNEL);
		if (!pk->data) {
			ret = -ENOMEM;
			goto err_free;
		}
		ret = pgp_parse_pubkey(pk->data, k->pub.body_len, &pk->k.pub);
		if (ret)
			goto err_free;
	}
	pgp_key_set_uid(pk->uid, k->uid ? k->uid : (const u8 *)"", k->uid_len);
	pk->k.uid = (const u8 *)pk->uid;
	pk->k.uid_len = strlen(pk->uid);
	/* a subkey is no longer valid than its primary, nor once it is revoked */
	pk->expires = k->expires;
	if (p) {
		memcpy(pk->primary_fpr, p->pub.fpr, p->pub.fpr_len);
		pk->primary_fpr_len = p->pub.fpr_len;
		pk->expires = pgp_keys_earliest(pk->expires, p->expires);
		if (p->revoked)
			pk->k.revoked = true;
	}
	return pk;

err_free:
	kfree(pk->data);
	kfree(pk);
	return ERR_PTR(ret);
}

/**
 * pgp_key_trusted() - did a trusted key vouch for this one (or is it built in)?
 * @pk: the key
 *
 * Context: any context.
 * Return: true for a built-in key, and one a trusted key certified or bound.
 */
bool pgp_key_trusted(const struct pgp_key *pk)
{
	/* pairs with the release in pgp_key_vouch(): its record is complete */
	u8 origin = smp_load_acquire(&pk->origin);

	return origin == PGP_KEY_BUILTIN || origin == PGP_KEY_CERTIFIED ||
	       origin == PGP_KEY_BOUND;
}

/**
 * pgp_key_usable() - may a key sign (or certify) at time @t?
 * @pk: the key
 * @t: the signature's creation time
 * @certify: for a certification or binding of another key: the key must be
 *	a primary key whose flags allow certifying; else its flags must allow
 *	signing data
 *
 * Context: any context.
 * Whether a trusted key vouched for it is pgp_key_trusted()'s question.
 *
 * Return: 0; -EKEYREVOKED when it, or a key it depends on, is revoked, or a
 * certification it depends on was taken back (and for the record of a
 * revocation); -EKEYEXPIRED when @t is before its creation or at or after
 * its (or what it depends on) expiry; -ENOKEY when it may not sign (or
 * certify).
 */
int pgp_key_usable(const struct pgp_key *pk, u32 t, bool certify)
{
	const u8 *subject = pk->k.pub.fpr;
	size_t slen = pk->k.pub.fpr_len;
	u8 origin = READ_ONCE(pk->origin);
	unsigned int i;

	if (origin == PGP_KEY_REVOCATION || origin == PGP_KEY_TAKEN_BACK)
		return -EKEYREVOKED;
	if (pk->k.revoked || pgp_keys_revoked(pk->k.pub.fpr, pk->k.pub.fpr_len))
		return -EKEYREVOKED;
	if (pk->primary_fpr_len && pgp_keys_revoked(pk->primary_fpr, pk->primary_fpr_len))
		return -EKEYREVOKED;
	/* pairs with the release in pgp_key_vouch(): @chain is complete */
	for (i = 0; i < smp_load_acquire(&pk->nchain); i++) {
		const struct pgp_key_link *l = &pk->chain[i];

		if (pgp_keys_revoked(l->fpr, l->len))
			return -EKEYREVOKED;
		if (l->kind == PGP_KEYS_AUTH_CERTIFICATION &&
		    pgp_keys_taken_back(subject, slen, l->fpr, l->len, l->time))
			return -EKEYREVOKED;
		subject = l->fpr;
		slen = l->len;
	}
	if (certify ? pk->k.primary >= 0 || !pk->k.can_certify : !pk->k.can_sign)
		return -ENOKEY;
	if (t < pk->k.pub.creation_time)
		return -EKEYEXPIRED;
	if (pk->expires && t >= pk->expires)
		return -EKEYEXPIRED;
	return 0;
}

/* The key's state for /proc/keys, whatever the time. */
static const char *pgp_key_state(const struct pgp_key *pk)
{
	int err;

	if (READ_ONCE(pk->origin) == PGP_KEY_TAKEN_BACK)
		return "certification-revoked";
	err = pgp_key_usable(pk, pk->k.pub.creation_time, false);

	if (err == -EKEYREVOKED)
		return "revoked";
	if (!pgp_key_trusted(pk))
		return "untrusted";
	return err == -ENOKEY ? "certify-only" : "usable";
}

/*
 * /proc/keys, after the description ("USER ID: FINGERPRINT"):
 * "OpenPGP FINGERPRINT ALGO[BITS] primary|subkey STATE[ by FINGERPRINT]
 * [ expires SECONDS]", "by" naming the certifier that took its
 * certification back
 */
static void pgp_key_describe(const struct key *key, struct seq_file *m)
{
	const struct pgp_key *pk = key->payload.data[asym_crypto];
	char algo[PGP_KEYS_ALGO_MAX];

	if (!pk)
		return;
	seq_printf(m, "OpenPGP %*phN %s %s %s", pk->k.pub.fpr_len, pk->k.pub.fpr,
		   pgp_keys_algo(algo, &pk->k.pub),
		   pk->k.primary < 0 ? "primary" : "subkey", pgp_key_state(pk));
	if (READ_ONCE(pk->origin) == PGP_KEY_TAKEN_BACK && pk->nchain)
		seq_printf(m, " by %*phN", pk->chain[0].len, pk->chain[0].fpr);
	if (pk->expires)
		seq_printf(m, " expires %u", pk->expires);
}

static void pgp_key_auth_free(struct pgp_key_auth *auth)
{
	if (!auth)
		return;
	kfree(auth->pks.auth_ids[0]);
	kfree(auth->pks.auth_ids[1]);
	kfree(auth->raw);
	kfree(auth);
}

static void pgp_key_destroy(void *payload_crypto, void *payload_auth)
{
	struct public_key_signature *pks = payload_auth;

	if (pks)
		pgp_key_auth_free(container_of(pks, struct pgp_key_auth, pks));
	pgp_key_put(payload_crypto);
}

/* Was @sig made by @pk?  By fingerprint when the signature names one. */
static bool pgp_key_issued(const struct pgp_sig *sig, const struct pgp_key *pk)
{
	if (sig->issuer_fpr_len)
		return sig->issuer_fpr_len == pk->k.pub.fpr_len &&
		       !memcmp(sig->issuer_fpr, pk->k.pub.fpr, sig->issuer_fpr_len);
	return sig->has_issuer_keyid &&
	       !memcmp(sig->issuer_keyid, pk->k.pub.keyid, PGP_KEYID_LEN);
}

static bool pgp_key_same(const u8 *a, size_t alen, const u8 *b, size_t blen)
{
	return alen == blen && !memcmp(a, b, alen);
}

static const char *pgp_key_why(int err)
{
	switch (err) {
	case -EKEYREVOKED:
		return "was revoked";
	case -EKEYEXPIRED:
		return "was expired (or not yet valid) when it signed";
	default:
		return "may not certify";
	}
}

static const char *pgp_key_kind_name(enum pgp_keys_auth_kind kind)
{
	switch (kind) {
	case PGP_KEYS_AUTH_BINDING:
		return "binding";
	case PGP_KEYS_AUTH_REVOCATION:
		return "revocation";
	case PGP_KEYS_AUTH_CERT_REVOCATION:
		return "certification revocation";
	default:
		return "certification";
	}
}

/*
 * Does @auth, a signature by @signer, vouch for (or revoke) its subject?
 * The signature must verify, @signer must have been valid (and fit to
 * certify) when it made a certification or binding, and the subject must be
 * neither revoked nor a built-in key under another guise, nor certified by
 * a certification @signer took back.  Changes nothing.  Returns 0,
 * -EKEYREJECTED (logged), -ENOPKG or -ENOMEM.
 */
static int pgp_key_check(const struct pgp_key *signer, const struct pgp_key_auth *auth)
{
	const struct pgp_key *s = auth->subject;
	struct key *dup;
	int ret;

	switch (auth->kind) {
	case PGP_KEYS_AUTH_CERTIFICATION:
		if (pgp_key_same(signer->k.pub.fpr, signer->k.pub.fpr_len,
				 s->k.pub.fpr, s->k.pub.fpr_len))
			return -EKEYREJECTED;	/* a self-signature vouches for nothing */
		if (pgp_keys_taken_back(s->k.pub.fpr, s->k.pub.fpr_len, signer->k.pub.fpr,
					signer->k.pub.fpr_len, auth->sig.creation_time)) {
			pr_notice_ratelimited("Key %*phN refused: %*phN took its certification back\n",
					      s->k.pub.fpr_len, s->k.pub.fpr,
					      signer->k.pub.fpr_len, signer->k.pub.fpr);
			return -EKEYREJECTED;
		}
		fallthrough;
	case PGP_KEYS_AUTH_BINDING:
		if (auth->kind == PGP_KEYS_AUTH_BINDING &&
		    !pgp_key_same(signer->k.pub.fpr, signer->k.pub.fpr_len,
				  s->primary_fpr, s->primary_fpr_len))
			return -EKEYREJECTED;
		/* pgp_keys.pq_only: no classical key joins, nor one a classical key vouched for */
		if (pgp_keys_pq_only() && (!pgp_keys_algo_pq(s->k.pub.algo) ||
					   !pgp_keys_algo_pq(signer->k.pub.algo))) {
			pr_notice_ratelimited("Key %*phN refused: %s classical key, only post-quantum keys count (pgp_keys.pq_only)\n",
					      s->k.pub.fpr_len, s->k.pub.fpr,
					      pgp_keys_algo_pq(s->k.pub.algo) ?
					      "vouched for by a" : "a");
			return -EKEYREJECTED;
		}
		ret = pgp_key_usable(signer, auth->sig.creation_time, true);
		if (ret) {
			pr_notice_ratelimited("Key %*phN refused: %s by %*phN, which %s\n",
					      s->k.pub.fpr_len, s->k.pub.fpr,
					      auth->kind == PGP_KEYS_AUTH_BINDING ? "bound" :
					      "certified", signer->k.pub.fpr_len,
					      signer->k.pub.fpr, pgp_key_why(ret));
			return -EKEYREJECTED;
		}
		if (s->k.revoked || pgp_keys_revoked(s->k.pub.fpr, s->k.pub.fpr_len) ||
		    (s->primary_fpr_len &&
		     pgp_keys_revoked(s->primary_fpr, s->primary_fpr_len))) {
			pr_notice_ratelimited("Key %*phN refused: it is revoked\n",
					      s->k.pub.fpr_len, s->k.pub.fpr);
			return -EKEYREJECTED;
		}
		/* a built-in key is never replaced, nor shadowed */
		dup = pgp_keys_search(pgp_keys_trusted(true), s->k.pub.fpr,
				      s->k.pub.fpr_len);
		if (!IS_ERR(dup)) {
			key_put(dup);
			pr_notice_ratelimited("Key %*phN refused: a built-in key cannot be replaced\n",
					      s->k.pub.fpr_len, s->k.pub.fpr);
			return -EKEYREJECTED;
		}
		break;
	case PGP_KEYS_AUTH_REVOCATION:
		/* by the key's own primary: the key itself, or a subkey's */
		if (!pgp_key_same(signer->k.pub.fpr, signer->k.pub.fpr_len,
				  s->primary_fpr_len ? s->primary_fpr : s->k.pub.fpr,
				  s->primary_fpr_len ? s->primary_fpr_len : s->k.pub.fpr_len))
			return -EKEYREJECTED;
		break;
	case PGP_KEYS_AUTH_CERT_REVOCATION:
		/* by a certifier of the key: another key */
		if (pgp_key_same(signer->k.pub.fpr, signer->k.pub.fpr_len,
				 s->k.pub.fpr, s->k.pub.fpr_len))
			return -EKEYREJECTED;
		break;
	default:
		return -EKEYREJECTED;
	}

	ret = pgp_sig_verify_digest(&auth->sig, &signer->k.pub, auth->digest,
				    auth->digest_len);
	if (ret) {
		if (ret != -ENOPKG && ret != -ENOMEM)
			ret = -EKEYREJECTED;
		pr_notice_ratelimited("Key %*phN refused: its %s by %*phN does not verify (%d)\n",
				      s->k.pub.fpr_len, s->k.pub.fpr,
				      pgp_key_kind_name(auth->kind),
				      signer->k.pub.fpr_len, signer->k.pub.fpr, ret);
		return ret;
	}
	return 0;
}

/*
 * verify_signature() of an OpenPGP key @key for a new key's vouching
 * signature (pgp_key_check()).  Any keyring restricted with
 * restrict_link_by_signature() calls it, a keyring of any user's too: it
 * records nothing (pgp_key_join() does, for the system keyring).
 */
static int pgp_key_verify_signature(const struct key *key,
				    const struct public_key_signature *pks)
{
	const struct pgp_key *signer = key->payload.data[asym_crypto];
	const struct pgp_key_auth *auth;

	/* X.509 and PKCS#7 signatures can name an OpenPGP key's IDs too */
	if (pks->encoding != pgp_key_encoding)
		return -ENOPKG;
	auth = container_of(pks, struct pgp_key_auth, pks);
	if (!signer || !pgp_key_issued(&auth->sig, signer))
		return -EKEYREJECTED;
	return pgp_key_check(signer, auth);
}

/*
 * The new key @s joins, vouched for by @signer: record what it depends on
 * (@signer, and what @signer depends on), take its record (keyring.c), end
 * its validity no later than the signer's and the signature's, and prepare
 * it for verifications.  Called with @s->lock held.
 */
static int pgp_key_vouch(struct pgp_key *s, const struct pgp_key *signer,
			 const struct pgp_key_auth *auth)
{
	struct pgp_key_link *l = &s->chain[0];
	const char *what;
	ssize_t size;
	unsigned int n;
	int ret;

	n = 1 + signer->nchain;
	if (n > PGP_KEYS_CHAIN_MAX) {
		pr_notice_ratelimited("Key %*phN refused: vouched for through more than %u keys\n",
				      s->k.pub.fpr_len, s->k.pub.fpr, PGP_KEYS_CHAIN_MAX);
		return -EKEYREJECTED;
	}
	ret = pgp_keys_trust(s->k.pub.fpr, s->k.pub.fpr_len, true);
	if (ret == -EKEYREVOKED) {
		pr_notice_ratelimited("Key %*phN refused: it is revoked\n",
				      s->k.pub.fpr_len, s->k.pub.fpr);
		return -EKEYREJECTED;
	}
	if (ret)
		return ret;
	memcpy(l->fpr, signer->k.pub.fpr, signer->k.pub.fpr_len);
	l->len = signer->k.pub.fpr_len;
	l->kind = auth->kind;
	l->time = auth->sig.creation_time;
	memcpy(&s->chain[1], signer->chain, signer->nchain * sizeof(s->chain[0]));
	/* read by pgp_key_usable() */
	smp_store_release(&s->nchain, n);
	s->expires = pgp_keys_earliest(s->expires, auth->expires);
	s->expires = pgp_keys_earliest(s->expires, signer->expires);
	/* DSA and ML-DSA tables are large: for a few run-time keys only */
	if (pgp_key_tables_allowed(&s->k.pub)) {
		size = pgp_pubkey_prepare(&s->k.pub, &what);
	} else {
		size = 0;
		pr_notice("Key %*phN: no tables (more run-time keys of its algorithm have them), verifying without\n",
			  s->k.pub.fpr_len, s->k.pub.fpr);
	}
	if (size < 0 && what)
		pr_warn("Key %*phN: no %s (%zd), verifying without\n",
			s->k.pub.fpr_len, s->k.pub.fpr, what, size);
	/* the record above is complete before the key counts as trusted */
	smp_store_release(&s->origin, auth->kind == PGP_KEYS_AUTH_BINDING ?
			  PGP_KEY_BOUND : PGP_KEY_CERTIFIED);
	return 0;
}

/* The key that made @auth, in the keyring mainline's restriction searched. */
static struct pgp_key *pgp_key_signer(const struct pgp_key_auth *auth)
{
	const bool builtin_only =
		IS_ENABLED(CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN);
	struct pgp_key *signer;
	struct key *key;

	key = find_asymmetric_key(pgp_keys_trusted(builtin_only), auth->pks.auth_ids[0],
				  auth->pks.auth_ids[1], auth->pks.auth_ids[2], false);
	if (IS_ERR(key))
		return NULL;
	signer = pgp_key_get(key);
	key_put(key);
	return signer;
}

/**
 * pgp_key_join() - an OpenPGP key joins .secondary_trusted_keys
 * @payload: the key's payload, which mainline's restriction of the keyring
 *	admitted (through pgp_key_verify_signature())
 *
 * Checks the vouching signature again with the trusted key that made it,
 * then records what the key brings: a certified key or a bound subkey its
 * record and what it depends on (and, for a DSA or ML-DSA key, tables while
 * there are slots); a revocation the revoked key's; a certification
 * revocation the certification taken back.  Nothing else changes the
 * revocation state at run time.  A key linked again keeps its record.
 *
 * Context: process context, the keyring's lock held.
 * Return: 0; -ENOKEY when no trusted key made the signature (any more);
 * -EKEYREJECTED when the check fails, or when the revocation (or the
 * certification revocation) concerns a key never trusted since boot, of
 * which nothing is recorded; -ENOSPC when CONFIG_PGP_KEYS_RUNTIME_MAX
 * keys and certifications taken back are recorded already; -ENOPKG;
 * -ENOMEM.
 */
int pgp_key_join(const union key_payload *payload)
{
	const struct public_key_signature *pks = payload->data[asym_auth];
	struct pgp_key *s = payload->data[asym_crypto], *signer;
	const struct pgp_key_auth *auth;
	int ret;

	if (!s || !pks || pks->encoding != pgp_key_encoding)
		return -ENOKEY;
	auth = container_of(pks, struct pgp_key_auth, pks);
	if (auth->subject != s)
		return -EKEYREJECTED;
	signer = pgp_key_signer(auth);
	if (!signer)
		return -ENOKEY;
	ret = -ENOKEY;
	if (!pgp_key_trusted(signer))
		goto out;
	ret = -EKEYREJECTED;
	if (!pgp_key_issued(&auth->sig, signer))
		goto out;
	ret = pgp_key_check(signer, auth);
	if (ret)
		goto out;

	mutex_lock(&s->lock);
	if (READ_ONCE(s->origin) != PGP_KEY_UNTRUSTED)
		goto unlock;	/* linked again: recorded already */
	switch (auth->kind) {
	case PGP_KEYS_AUTH_CERTIFICATION:
	case PGP_KEYS_AUTH_BINDING:
		ret = pgp_key_vouch(s, signer, auth);
		break;
	case PGP_KEYS_AUTH_REVOCATION:
		ret = pgp_keys_revoke(s->k.pub.fpr, s->k.pub.fpr_len);
		if (ret == -ENOENT) {
			pr_notice_ratelimited("Key %*phN: not trusted since boot, its revocation is not recorded\n",
					      s->k.pub.fpr_len, s->k.pub.fpr);
			ret = -EKEYREJECTED;
			break;
		}
		/* read by pgp_key_trusted() and pgp_key_usable() */
		smp_store_release(&s->origin, PGP_KEY_REVOCATION);
		pr_notice("Key %*phN revoked by %*phN\n", s->k.pub.fpr_len, s->k.pub.fpr,
			  signer->k.pub.fpr_len, signer->k.pub.fpr);
		break;
	case PGP_KEYS_AUTH_CERT_REVOCATION:
		ret = pgp_keys_take_back(s->k.pub.fpr, s->k.pub.fpr_len, signer->k.pub.fpr,
					 signer->k.pub.fpr_len, auth->sig.creation_time);
		if (ret == -ENOENT) {
			pr_notice_ratelimited("Key %*phN: not trusted since boot, the revocation of its certification is not recorded\n",
					      s->k.pub.fpr_len, s->k.pub.fpr);
			ret = -EKEYREJECTED;
			break;
		}
		if (ret)
			break;
		memcpy(s->chain[0].fpr, signer->k.pub.fpr, signer->k.pub.fpr_len);
		s->chain[0].len = signer->k.pub.fpr_len;
		s->chain[0].kind = auth->kind;
		s->chain[0].time = auth->sig.creation_time;
		/* read by pgp_key_usable() and pgp_key_describe() */
		smp_store_release(&s->nchain, 1);
		/* after @chain: read by pgp_key_trusted() and pgp_key_usable() */
		smp_store_release(&s->origin, PGP_KEY_TAKEN_BACK);
		pr_notice("Key %*phN: %*phN took its certification back\n",
			  s->k.pub.fpr_len, s->k.pub.fpr,
			  signer->k.pub.fpr_len, signer->k.pub.fpr);
		break;
	default:
		ret = -EKEYREJECTED;
	}
unlock:
	mutex_unlock(&s->lock);
out:
	pgp_key_put(signer);
	return ret;
}

struct asymmetric_key_subtype pgp_key_subtype = {
	.owner			= THIS_MODULE,
	.name			= "pgp",
	.name_len		= sizeof("pgp") - 1,
	.describe		= pgp_key_describe,
	.destroy		= pgp_key_destroy,
	.verify_signature	= pgp_key_verify_signature,
};

/* The asymmetric key IDs of @pk: fingerprint, key ID, key ID + index. */
static struct asymmetric_key_ids *pgp_key_ids(const struct pgp_key *pk)
{
	struct asymmetric_key_ids *kids;
	u8 idx = pk->idx;

	kids = kzalloc(sizeof(*kids), GFP_KERNEL);
	if (!kids)
		return NULL;
	kids->id[0] = asymmetric_key_generate_id(pk->k.pub.fpr, pk->k.pub.fpr_len,
						 NULL, 0);
	kids->id[1] = asymmetric_key_generate_id(pk->k.pub.keyid, PGP_KEYID_LEN,
						 NULL, 0);
	kids->id[2] = asymmetric_key_generate_id(pk->k.pub.keyid, PGP_KEYID_LEN,
						 &idx, 1);
	if (IS_ERR(kids->id[0]) || IS_ERR(kids->id[1]) || IS_ERR(kids->id[2])) {
		for (idx = 0; idx < ARRAY_SIZE(kids->id); idx++)
			if (!IS_ERR(kids->id[idx]))
				kfree(kids->id[idx]);
		kfree(kids);
		return NULL;
	}
	return kids;
}

/*
 * Index of @pk among the trusted keys that share its key ID: its own when
 * it is there already (it is being added again), else the first free one.
 */
static u8 pgp_key_index(const struct pgp_key *pk)
{
	struct key *ring = pgp_keys_trusted(false), *other;
	const struct pgp_key *o;
	unsigned int i;
	bool same;

	for (i = 0; i < U8_MAX; i++) {
		other = pgp_keys_search_keyid(ring, pk->k.pub.keyid, i);
		if (IS_ERR(other))
			break;
		o = other->payload.data[asym_crypto];
		same = pgp_key_is_pgp(other) &&
		       pgp_key_same(o->k.pub.fpr, o->k.pub.fpr_len,
				    pk->k.pub.fpr, pk->k.pub.fpr_len);
		key_put(other);
		if (same)
			break;
	}
	return i;
}

/* Is the key with fingerprint @fpr in the trusted keyrings? */
static bool pgp_key_trusted_fpr(const u8 *fpr, size_t len)
{
	struct key *key = pgp_keys_search(pgp_keys_trusted(false), fpr, len);

	if (IS_ERR(key))
		return false;
	key_put(key);
	return true;
}

/*
 * The trusted key (a reference) that issued @sig, one that may vouch for a
 * key of .secondary_trusted_keys (a built-in key with
 * CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN), or NULL.
 */
static struct pgp_key *pgp_key_vouching_issuer(const struct pgp_sig *sig)
{
	const bool builtin_only =
		IS_ENABLED(CONFIG_SECONDARY_TRUSTED_KEYRING_SIGNED_BY_BUILTIN);
	struct key *ring = pgp_keys_trusted(builtin_only), *key;
	struct pgp_key *pk;

	if (sig->issuer_fpr_len)
		key = pgp_keys_search(ring, sig->issuer_fpr, sig->issuer_fpr_len);
	else if (sig->has_issuer_keyid)
		key = pgp_keys_search_keyid(ring, sig->issuer_keyid, 0);
	else
		return NULL;
	if (IS_ERR(key))
		return NULL;
	pk = pgp_key_get(key);
	key_put(key);
	if (pk && !pgp_key_trusted(pk)) {
		pgp_key_put(pk);
		pk = NULL;
	}
	return pk;
}

/*
 * The walk over a certificate's certifications by other keys
 * (pgp_keys_walk_certs()): the certification to vouch for the primary
 * key, and a certification revocation to record.
 */
struct pgp_key_pick {
	struct pgp_keys_cert_walk walk;
	const struct pgp_pubkey *primary;
	bool primary_known;		/* it is or was trusted */
	struct pgp_keys_cert cert;	/* the certification */
	bool have_cert;
	bool cert_trusted;		/* by a trusted key that may vouch */
	struct pgp_keys_cert rev;	/* the certification revocation */
	bool have_rev;
	unsigned int taken_back;	/* certifications left out as taken back */
	struct pgp_sig back;		/* the first of them */
};

static int pgp_key_pick_cert(struct pgp_keys_cert_walk *walk,
			     const struct pgp_keys_cert *cert)
{
	struct pgp_key_pick *w = container_of(walk, struct pgp_key_pick, walk);
	const struct pgp_pubkey *primary = w->primary;
	struct pgp_key *issuer;
	bool back;

	if (cert->sig.type == PGP_SIG_CERT_REVOCATION) {
		/* of a key that is or was trusted, by a trusted key, not recorded */
		if (w->have_rev || !w->primary_known)
			return 0;
		issuer = pgp_key_vouching_issuer(&cert->sig);
		if (!issuer)
			return 0;
		if (!pgp_keys_taken_back(primary->fpr, primary->fpr_len, issuer->k.pub.fpr,
					 issuer->k.pub.fpr_len, cert->sig.creation_time)) {
			w->rev = *cert;
			w->have_rev = true;
		}
		pgp_key_put(issuer);
		return 0;
	}
	if (w->cert_trusted)
		return 0;
	issuer = pgp_key_vouching_issuer(&cert->sig);
	back = cert->taken_back ||
	       (issuer && pgp_keys_taken_back(primary->fpr, primary->fpr_len,
					      issuer->k.pub.fpr, issuer->k.pub.fpr_len,
					      cert->sig.creation_time));
	if (back) {
		if (!w->taken_back++)
			w->back = cert->sig;
	} else if (!w->have_cert || issuer) {
		/* the first one a trusted key made, else the first one at all */
		w->cert = *cert;
		w->have_cert = true;
		w->cert_trusted = !!issuer;
	}
	pgp_key_put(issuer);
	/* done, unless a certification revocation may still come */
	return w->cert_trusted && !w->primary_known;
}

/*
 * Which key of the parsed certificate to add, and what vouches for it: the
 * key whose fingerprint (in hex) the caller gave as the description, else
 * the rule at the top of this file.  Fills @w when the certifications had
 * to be walked.  Returns the key's index, -ENOMEM or -EINTR.
 */
static int pgp_key_choose(const u8 *data, size_t len,
			  const struct pgp_builtin_key *keys, unsigned int nr,
			  const char *desc, bool legacy, struct pgp_key_pick *w,
			  enum pgp_keys_auth_kind *kind)
{
	const struct pgp_pubkey *pub;
	u8 fpr[PGP_FPR_MAX];
	size_t n = desc ? strlen(desc) : 0;
	unsigned int i;
	int ret;

	w->walk.fn = pgp_key_pick_cert;
	w->primary = &keys[0].pub;
	w->primary_known = pgp_keys_known(keys[0].pub.fpr, keys[0].pub.fpr_len);
	if (n && n <= 2 * PGP_FPR_MAX && !(n & 1) && !hex2bin(fpr, desc, n / 2))
		for (i = 0; i < nr; i++)
			if (pgp_key_same(keys[i].pub.fpr, keys[i].pub.fpr_len, fpr, n / 2)) {
				*kind = keys[i].revoked && keys[i].revocation ?
					PGP_KEYS_AUTH_REVOCATION :
					i ? PGP_KEYS_AUTH_BINDING :
					PGP_KEYS_AUTH_CERTIFICATION;
				goto walk;
			}
	/* a revocation to record: of a key that is or was trusted */
	for (i = 0; i < nr; i++) {
		pub = &keys[i].pub;
		if (!keys[i].revoked || !keys[i].revocation)
			continue;
		if (!pgp_keys_known(pub->fpr, pub->fpr_len)) {
			pr_info_ratelimited("Key %*phN: revoked in this certificate, never trusted since boot: nothing to record\n",
					    pub->fpr_len, pub->fpr);
			continue;
		}
		if (!pgp_keys_revoked(pub->fpr, pub->fpr_len)) {
			*kind = PGP_KEYS_AUTH_REVOCATION;
			return i;
		}
	}
	/* a certification taken back, of a primary that is or was trusted */
	ret = pgp_keys_walk_certs(data, len, w->primary, legacy, &w->walk);
	if (ret < 0)
		return ret;
	if (w->have_rev) {
		*kind = PGP_KEYS_AUTH_CERT_REVOCATION;
		return 0;
	}
	/* a signing subkey of a trusted primary */
	if (pgp_key_trusted_fpr(keys[0].pub.fpr, keys[0].pub.fpr_len))
		for (i = 1; i < nr; i++) {
			pub = &keys[i].pub;
			if (!keys[i].revoked && !pgp_keys_revoked(pub->fpr, pub->fpr_len) &&
			    !pgp_key_trusted_fpr(pub->fpr, pub->fpr_len)) {
				*kind = PGP_KEYS_AUTH_BINDING;
				return i;
			}
		}
	/* a revocation recorded already: the same certificate added again */
	for (i = 0; i < nr; i++)
		if (keys[i].revoked && keys[i].revocation &&
		    pgp_keys_revoked(keys[i].pub.fpr, keys[i].pub.fpr_len)) {
			*kind = PGP_KEYS_AUTH_REVOCATION;
			return i;
		}
	*kind = PGP_KEYS_AUTH_CERTIFICATION;
	return 0;

walk:
	if (*kind == PGP_KEYS_AUTH_CERTIFICATION) {
		ret = pgp_keys_walk_certs(data, len, w->primary, legacy, &w->walk);
		if (ret < 0)
			return ret;
	}
	return i;
}

/*
 * The signature that vouches for key @i of the certificate, of @kind (the
 * certification or certification revocation @w picked).  When there is
 * none, *@auth_out names no issuer.
 */
static int pgp_key_make_auth(const u8 *data, size_t len,
			     const struct pgp_builtin_key *keys, unsigned int nr,
			     unsigned int i, enum pgp_keys_auth_kind kind,
			     const struct pgp_key_pick *w, struct pgp_key *subject,
			     struct pgp_key_auth **auth_out)
{
	const bool legacy = IS_ENABLED(CONFIG_MODULE_SIG_PGP_LEGACY);
	struct pgp_keys_auth *a;
	struct pgp_key_auth *auth = NULL;
	int ret;

	*auth_out = NULL;
	a = kmalloc(sizeof(*a), GFP_KERNEL);
	auth = kzalloc(sizeof(*auth), GFP_KERNEL);
	if (!a || !auth) {
		ret = -ENOMEM;
		goto out;
	}
	auth->kind = kind;
	auth->subject = subject;
	auth->pks.pkey_algo = "pgp";
	auth->pks.encoding = pgp_key_encoding;
	switch (kind) {
	case PGP_KEYS_AUTH_CERTIFICATION:
		ret = w->have_cert ? pgp_keys_cert_auth(&w->cert, &keys[i].pub, a) : -ENOENT;
		break;
	case PGP_KEYS_AUTH_CERT_REVOCATION:
		ret = pgp_keys_cert_auth(&w->rev, &keys[i].pub, a);
		break;
	default:
		ret = pgp_keys_auth(data, len, keys, nr, i, kind, 0, legacy, a);
	}
	if (ret == -ENOENT) {
		/*
		 * Nothing vouches: a signature that names no issuer, which
		 * restrict_link_by_signature() refuses with -ENOKEY, as it
		 * does an X.509 certificate no trusted key signed.
		 */
		ret = 0;
		goto done;
	}
	if (ret)
		goto out;

	/* the key's own copy: a key can be linked into a keyring again later */
	auth->raw = kmemdup(a->body, a->body_len, GFP_KERNEL);
	if (!auth->raw) {
		ret = -ENOMEM;
		goto out;
	}
	/* as pgp_keys_auth() parsed it (a revocation may use a legacy hash) */
	ret = pgp_parse_sig(auth->raw, a->body_len, &auth->sig, true);
	if (ret)
		goto out;
	auth->expires = a->expires;
	memcpy(auth->digest, a->digest, a->digest_len);
	auth->digest_len = a->digest_len;
	PGP_PKS_MSG(&auth->pks) = auth->digest;
	PGP_PKS_MSG_SIZE(&auth->pks) = a->digest_len;
	auth->pks.s = (u8 *)auth->sig.mpi[0];
	auth->pks.s_size = auth->sig.mpi_len[0];
	auth->pks.hash_algo = hash_algo_name[auth->sig.hash];
	/* the issuer: by fingerprint, or by key ID when the signature has no other */
	if (auth->sig.issuer_fpr_len)
		auth->pks.auth_ids[0] =
			asymmetric_key_generate_id(auth->sig.issuer_fpr,
						   auth->sig.issuer_fpr_len, NULL, 0);
	else
		auth->pks.auth_ids[1] =
			asymmetric_key_generate_id(auth->sig.issuer_keyid,
						   PGP_KEYID_LEN, NULL, 0);
	if (IS_ERR(auth->pks.auth_ids[0]) || IS_ERR(auth->pks.auth_ids[1])) {
		auth->pks.auth_ids[0] = NULL;
		auth->pks.auth_ids[1] = NULL;
		ret = -ENOMEM;
		goto out;
	}
done:
	*auth_out = auth;
	auth = NULL;
out:
	pgp_key_auth_free(auth);
	kfree(a);
	return ret;
}

/* The key handed over by the built-in keyring's loader (pgp_keys_handover). */
static const struct pgp_key *pgp_keys_handover_key;

/**
 * pgp_key_handover() - make the next add_key() of @pk's address take @pk
 * @pk: a payload made by the built-in keyring's loader, or NULL to end
 *
 * The loader of the built-in keyring passes the payload itself as the key
 * data to key_create_or_update(): the parser takes it when the data is that
 * very address, which no user's key data (a copy of its own) can be.
 */
void __init pgp_key_handover(const struct pgp_key *pk)
{
	WRITE_ONCE(pgp_keys_handover_key, pk);
}

static int pgp_key_adopt(struct key_preparsed_payload *prep)
{
	struct pgp_key *pk = (struct pgp_key *)prep->data;
	struct asymmetric_key_ids *kids;

	kids = pgp_key_ids(pk);
	if (!kids)
		return -ENOMEM;
	kref_get(&pk->ref);
	prep->payload.data[asym_subtype] = &pgp_key_subtype;
	prep->payload.data[asym_key_ids] = kids;
	prep->payload.data[asym_crypto] = pk;
	prep->payload.data[asym_auth] = NULL;
	prep->quotalen = 100;
	return 0;
}

/*
 * Parse an OpenPGP certificate (one transferable public key, binary) into
 * the one key it adds.  Returns 0; -EBADMSG for data that is not OpenPGP;
 * -EKEYREJECTED for a certificate that cannot be used (logged); -E2BIG for
 * one beyond the limits of pgp_keys_parse_runtime(); -EINTR when the task
 * was killed; -ENOMEM.
 */
static int pgp_key_parse(struct key_preparsed_payload *prep)
{
	const bool legacy = IS_ENABLED(CONFIG_MODULE_SIG_PGP_LEGACY);
	const u8 *data = prep->data, *p = data;
	struct asymmetric_key_ids *kids = NULL;
	struct pgp_key_auth *auth = NULL;
	struct pgp_key_pick *w = NULL;
	enum pgp_keys_auth_kind kind;
	struct pgp_builtin_key *keys;
	struct pgp_key *pk = NULL;
	struct pgp_packet pkt;
	unsigned int lost, i;
	char *desc;
	int nr, ret;

	if (prep->data == READ_ONCE(pgp_keys_handover_key) &&
	    prep->datalen == sizeof(struct pgp_key))
		return pgp_key_adopt(prep);
	/* a certificate starts with a public key packet */
	if (pgp_next_packet(&p, data + prep->datalen, &pkt) ||
	    pkt.tag != PGP_PKT_PUBLIC_KEY)
		return -EBADMSG;

	keys = kcalloc(PGP_KEYS_CERT_MAX, sizeof(*keys), GFP_KERNEL);
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!keys || !w) {
		ret = -ENOMEM;
		goto out;
	}
	nr = pgp_keys_parse_runtime(data, prep->datalen, keys, PGP_KEYS_CERT_MAX,
				    legacy, &lost);
	if (nr < 0) {
		ret = nr;
		goto out;
	}
	ret = -EKEYREJECTED;
	if (lost) {
		pr_notice_ratelimited("Certificate refused: not read completely (%u problems)\n",
				      lost);
		goto out;
	}
	if (!nr) {
		pr_notice_ratelimited("Certificate refused: no usable key in it\n");
		goto out;
	}
	for (i = 1; i < nr; i++)
		if (keys[i].primary != 0) {
			pr_notice_ratelimited("Certificate refused: more than one certificate (add them one by one)\n");
			goto out;
		}

	ret = pgp_key_choose(data, prep->datalen, keys, nr, prep->orig_description,
			     legacy, w, &kind);
	if (ret < 0)
		goto out;
	i = ret;
	pk = pgp_key_new(keys, nr, i, false);
	if (IS_ERR(pk)) {
		ret = PTR_ERR(pk);
		pk = NULL;
		goto out;
	}
	ret = pgp_key_make_auth(data, prep->datalen, keys, nr, i, kind, w, pk, &auth);
	if (ret)
		goto out;
	if (!auth->digest_len && w->taken_back) {
		const struct pgp_sig *b = &w->back;

		pr_info_ratelimited("Key %*phN: its certification by %*phN was revoked (0x30), and no other key certified it\n",
				    pk->k.pub.fpr_len, pk->k.pub.fpr,
				    b->issuer_fpr_len ? b->issuer_fpr_len : PGP_KEYID_LEN,
				    b->issuer_fpr_len ? b->issuer_fpr : b->issuer_keyid);
	} else if (!auth->digest_len)
		pr_info_ratelimited("Key %*phN: no certification by another key in its certificate\n",
				    pk->k.pub.fpr_len, pk->k.pub.fpr);
	if (kind == PGP_KEYS_AUTH_CERT_REVOCATION) {
		/*
		 * A record of the certification taken back, beside the key:
		 * its own description, and no IDs, so that no lookup finds it
		 */
		desc = kasprintf(GFP_KERNEL, "%s: %*phN: certification by %*phN revoked",
				 pk->uid, pk->k.pub.fpr_len, pk->k.pub.fpr,
				 auth->sig.issuer_fpr_len ? auth->sig.issuer_fpr_len :
				 PGP_KEYID_LEN, auth->sig.issuer_fpr_len ?
				 auth->sig.issuer_fpr : auth->sig.issuer_keyid);
		if (!desc) {
			ret = -ENOMEM;
			goto out;
		}
	} else {
		pk->idx = pgp_key_index(pk);
		kids = pgp_key_ids(pk);
		desc = kasprintf(GFP_KERNEL, "%s: %*phN", pk->uid, pk->k.pub.fpr_len,
				 pk->k.pub.fpr);
		if (!kids || !desc) {
			kfree(desc);
			ret = -ENOMEM;
			goto out;
		}
	}
	prep->payload.data[asym_subtype] = &pgp_key_subtype;
	prep->payload.data[asym_key_ids] = kids;
	prep->payload.data[asym_crypto] = pk;
	prep->payload.data[asym_auth] = &auth->pks;
	prep->description = desc;
	prep->quotalen = 100;
	kids = NULL;
	pk = NULL;
	auth = NULL;
	ret = 0;
out:
	if (kids) {
		for (i = 0; i < ARRAY_SIZE(kids->id); i++)
			kfree(kids->id[i]);
		kfree(kids);
	}
	pgp_key_auth_free(auth);
	pgp_key_put(pk);
	kfree(w);
	kfree(keys);
	return ret;
}

static struct asymmetric_key_parser pgp_key_parser = {
	.owner	= THIS_MODULE,
	.name	= "pgp",
	.parse	= pgp_key_parse,
};

int __init pgp_key_type_init(void)
{
	return register_asymmetric_key_parser(&pgp_key_parser);
}
