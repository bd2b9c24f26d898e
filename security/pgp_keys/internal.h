/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OpenPGP keys as keys of the kernel's key system: the records of trust
 * (records.c), the asymmetric key subtype on them (pgp_key_type.c), and the
 * keyring glue on that (keyring.c); each layer calls only those below it.
 */

#ifndef _SECURITY_PGP_KEYS_INTERNAL_H
#define _SECURITY_PGP_KEYS_INTERNAL_H

#include <linux/kref.h>
#include <linux/mutex.h>
#include <crypto/public_key.h>
#include <keys/pgp_keys.h>

/*
 * A run-time key depends on at most this many other keys: its primary (for
 * a subkey), the key that certified it, that key's primary and certifier...
 * A key that would depend on more is refused.
 */
#define PGP_KEYS_CHAIN_MAX	4

/* How a key came to be trusted. */
enum pgp_key_origin {
	PGP_KEY_UNTRUSTED,	/* parsed, not (yet) vouched for */
	PGP_KEY_BUILTIN,	/* the keyring built into the kernel */
	PGP_KEY_CERTIFIED,	/* certified by a trusted key */
	PGP_KEY_BOUND,		/* a signing subkey bound by a trusted primary */
	PGP_KEY_REVOCATION,	/* the record of a revocation by a trusted primary */
	PGP_KEY_TAKEN_BACK,	/* the record of a certification a trusted key took back */
};

/**
 * struct pgp_key_link - a key that vouched for another, and how
 * @fpr: its fingerprint
 * @len: the fingerprint's length
 * @kind: the vouching signature's kind (enum pgp_keys_auth_kind)
 * @time: the vouching signature's creation time
 */
struct pgp_key_link {
	u8 fpr[PGP_FPR_MAX];
	u8 len;
	u8 kind;
	u32 time;
};

/**
 * struct pgp_key - the payload (asym_crypto) of an OpenPGP asymmetric key
 * @pk: what code that reads every asymmetric key's payload as a struct
 *	public_key finds: pkey_algo "pgp", no key usage flags, no key data
 * @ref: one reference for the key, one per pgp_keys_find() user
 * @k: the key (primary or subkey) as the keyring parser describes it;
 *	@k.pub points into @data (or the built-in keyring); @k.primary is -1
 *	for a primary, 0 for a subkey; @k.uid points to @uid
 * @data: this key's own copy of its key packet body, or NULL for a
 *	built-in key (which points into the kernel image)
 * @uid: the certificate's first user ID, printable, NUL-terminated
 * @primary_fpr: the primary key's fingerprint (subkeys)
 * @primary_fpr_len: its length, 0 for a primary
 * @idx: which of the keys sharing its key ID this is (keyid lookups walk
 *	0, 1, ...)
 * @lock: serialises @origin, @expires, @chain and preparing @k.pub
 * @origin: how the key came to be trusted; set once, when the key joins a
 *	system trusted keyring (pgp_key_join()), before it can be found there
 * @expires: end of validity: the key's own, its primary's, its
 *	certification's and those of the keys it depends on, whichever comes
 *	first; 0 = never
 * @nchain: number of keys in @chain
 * @chain: the keys this one depends on: @chain[0] vouched for this key,
 *	@chain[i] for @chain[i - 1]; a revocation of any of them, or a
 *	certification among these taken back, takes this one too
 */
struct pgp_key {
	struct public_key pk;
	struct kref ref;
	struct pgp_builtin_key k;
	u8 *data;
	char uid[PGP_KEYS_UID_MAX + 1];
	u8 primary_fpr[PGP_FPR_MAX];
	u8 primary_fpr_len;
	u8 idx;
	struct mutex lock;	/* see @lock above */
	u8 origin;
	u32 expires;
	u8 nchain;
	struct pgp_key_link chain[PGP_KEYS_CHAIN_MAX];
};

/**
 * struct pgp_key_auth - the signature that vouches for a new key (asym_auth)
 * @pks: what restrict_link_by_signature() reads: the issuer's IDs, the
 *	digest and the signature; @pks.encoding is pgp_key_type.c's own
 *	string, which tells its signatures from those of other parsers
 * @kind: certification, binding, revocation or certification revocation
 * @sig: the signature, parsed from @raw
 * @raw: this auth's own copy of the signature packet body
 * @expires: end of the signature's validity, 0 = never
 * @subject: the new key's payload
 * @digest: the signature's digest over the new key
 * @digest_len: its length; 0 when no authorisation was found
 */
struct pgp_key_auth {
	struct public_key_signature pks;
	enum pgp_keys_auth_kind kind;
	struct pgp_sig sig;
	u8 *raw;
	u32 expires;
	struct pgp_key *subject;
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned int digest_len;
};

/* pgp_key_type.c */
extern struct asymmetric_key_subtype pgp_key_subtype;

int __init pgp_key_type_init(void);
struct pgp_key *pgp_key_new(const struct pgp_builtin_key *keys, unsigned int nr,
			    unsigned int i, bool builtin);
void pgp_key_handover(const struct pgp_key *pk);
bool pgp_key_is_pgp(const struct key *key);
struct pgp_key *pgp_key_get(struct key *key);
void pgp_key_put(struct pgp_key *pk);
bool pgp_key_trusted(const struct pgp_key *pk);
int pgp_key_usable(const struct pgp_key *pk, u32 t, bool certify);

struct key *pgp_keys_trusted(bool builtin_only);
struct key *pgp_keys_search(struct key *ring, const u8 *fpr, size_t fpr_len);
struct key *pgp_keys_search_keyid(struct key *ring, const u8 *keyid, u8 idx);
int pgp_key_join(const union key_payload *payload);

/* records.c */
bool pgp_keys_revoked(const u8 *fpr, size_t len);
bool pgp_keys_known(const u8 *fpr, size_t len);
bool pgp_keys_taken_back(const u8 *fpr, size_t len, const u8 *issuer, size_t ilen,
			 u32 time);
int pgp_keys_trust(const u8 *fpr, size_t len, bool runtime);
int pgp_keys_revoke(const u8 *fpr, size_t len);
int pgp_keys_take_back(const u8 *fpr, size_t len, const u8 *issuer, size_t ilen,
		       u32 time);

#endif /* _SECURITY_PGP_KEYS_INTERNAL_H */
