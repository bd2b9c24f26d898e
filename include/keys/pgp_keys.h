/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OpenPGP keys trusted for module signatures: the keyring embedded in the
 * kernel image at build time, and keys a trusted key vouches for at run
 * time, all in the system's trusted keyrings.
 *
 * The parser (security/pgp_keys/keyring_parse.c) is pure: it works on a
 * caller's buffer and array so that host tests, fuzzers and the signing tool
 * run the same code on "gpg --export" output.  The key type glue
 * (security/pgp_keys/pgp_key_type.c, keyring.c) makes asymmetric keys of
 * them and serves lookups from the trusted keyrings.
 */

#ifndef _KEYS_PGP_KEYS_H
#define _KEYS_PGP_KEYS_H

#include <linux/errno.h>
#include <linux/types.h>
#include <crypto/hash.h>
#include <crypto/pgp.h>

/*
 * A capacity for callers of pgp_keys_parse() that keep a fixed array (host
 * tools, tests); the kernel sizes its array by the keyring.
 */
#define PGP_KEYS_MAX		32

/* Longest user ID kept for the listing and the boot log (bytes). */
#define PGP_KEYS_UID_MAX	128

/* Room for a key's algorithm and size as the logs show it ("rsa4096"). */
#define PGP_KEYS_ALGO_MAX	32

/*
 * What one certificate added at run time may carry (add_key() takes at most
 * 1 MiB): pgp_keys_parse_runtime() refuses a certificate with more.  With
 * these and the key policy of the keyrings (RSA public exponents of at most
 * 32 bits, DSA moduli of at most 3072 bits), parsing a certificate costs
 * time linear in its size plus at most PGP_KEYS_CERT_CHECKS_MAX signature
 * verifications, each over at most two key packets and one user ID.
 */
#define PGP_KEYS_CERT_SIGS_MAX		1024	/* signature packets */
#define PGP_KEYS_CERT_CHECKS_MAX	64	/* signatures verified (ECDSA: 4 each) */
#define PGP_KEYS_CERT_OTHERS_MAX	256	/* signatures by other keys */
#define PGP_KEYS_CERT_UIDS_MAX		64	/* user ID and attribute packets */
#define PGP_KEYS_CERT_UID_LEN_MAX	4096	/* bytes of one user ID */
#define PGP_KEYS_CERT_SUBKEYS_MAX	64	/* subkey packets */
#define PGP_KEYS_CERT_LOG_MAX		16	/* log lines about one certificate */

/**
 * struct pgp_builtin_key - one key (primary or subkey) of the keyring
 * @pub: parsed key packet; fingerprint, key ID, algorithm, size and key
 *	material.  Points into the keyring buffer, which must stay mapped.
 * @expires: time (seconds since the epoch) from which the key is no longer
 *	valid, from its self-signature or binding signature; 0 = never.
 * @primary: index of the primary key in the array, or -1 for a primary.
 * @revoked: a valid revocation signature (0x20 for the primary, 0x28 for
 *	a subkey) is present in the keyring.
 * @can_sign: key flags allow signing data (always true for a subkey in the
 *	array; a primary without a key flags subpacket counts as signing).
 * @can_certify: key flags allow certifying other keys (primary keys; one
 *	without a key flags subpacket counts as certifying).
 * @uid: first valid user ID of the certificate (not NUL-terminated), or
 *	NULL; points into the keyring buffer.
 * @uid_len: length of @uid in bytes.
 * @self_time: creation time of the self-signature in use (primary keys).
 * @binding: body of the binding signature in use (subkeys), or NULL;
 *	points into the keyring buffer.
 * @binding_len: its length.
 * @revocation: body of the revocation signature that revoked the key, or
 *	NULL; points into the keyring buffer.
 * @revocation_len: its length.
 */
struct pgp_builtin_key {
	struct pgp_pubkey pub;
	u32 expires;
	s16 primary;
	bool revoked;
	bool can_sign;
	bool can_certify;
	const u8 *uid;
	u16 uid_len;
	u32 self_time;
	const u8 *binding;
	size_t binding_len;
	const u8 *revocation;
	size_t revocation_len;
};

/**
 * enum pgp_keys_auth_kind - what vouches for a key of a certificate
 * @PGP_KEYS_AUTH_CERTIFICATION: a certification (0x10-0x13) of a user ID of
 *	the primary key by another key
 * @PGP_KEYS_AUTH_BINDING: the binding signature (0x18) of a signing subkey
 *	by its primary, whose back-signature (0x19) the parse checked
 * @PGP_KEYS_AUTH_REVOCATION: the revocation (0x20 of a primary, 0x28 of a
 *	subkey) by the primary
 * @PGP_KEYS_AUTH_CERT_REVOCATION: a certification revocation (0x30) of a
 *	user ID of the primary key by another key, which takes back that
 *	key's certifications made before it
 */
enum pgp_keys_auth_kind {
	PGP_KEYS_AUTH_CERTIFICATION,
	PGP_KEYS_AUTH_BINDING,
	PGP_KEYS_AUTH_REVOCATION,
	PGP_KEYS_AUTH_CERT_REVOCATION,
};

/**
 * struct pgp_keys_auth - a signature over a key, with its digest
 * @sig: the signature; points into the certificate
 * @body: the signature packet's body in the certificate
 * @body_len: its length
 * @digest: its digest over the key (and the user ID or subkey it covers)
 * @digest_len: length of @digest
 * @uid: the certified user ID (certifications), pointing into the
 *	certificate, or NULL
 * @uid_len: its length
 * @expires: end of the signature's validity (its creation time plus its
 *	expiration time), 0 = never
 */
struct pgp_keys_auth {
	struct pgp_sig sig;
	const u8 *body;
	size_t body_len;
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned int digest_len;
	const u8 *uid;
	size_t uid_len;
	u32 expires;
};

/**
 * struct pgp_keys_cert - a signature over a user ID by another key
 * @sig: a certification (0x10-0x13) or certification revocation (0x30);
 *	points into the certificate
 * @body: the signature packet's body in the certificate
 * @body_len: its length
 * @uid: the user ID it is over, in the certificate
 * @uid_len: its length
 * @taken_back: (certifications) a certification revocation by the same
 *	issuer, not older than the certification, is among the user ID's
 *	signatures; it is not verified
 */
struct pgp_keys_cert {
	struct pgp_sig sig;
	const u8 *body;
	size_t body_len;
	const u8 *uid;
	size_t uid_len;
	bool taken_back;
};

/**
 * struct pgp_keys_cert_walk - a walk over a certificate's certifications
 * @fn: called by pgp_keys_walk_certs() for each one (@walk is the
 *	caller's, embedded in its own state); 0 to go on, any other value ends
 *	the walk with it
 */
struct pgp_keys_cert_walk {
	int (*fn)(struct pgp_keys_cert_walk *walk, const struct pgp_keys_cert *cert);
};

/**
 * pgp_keys_earliest() - the earlier of two ends of validity
 * @a: a time (seconds since the epoch), 0 = never
 * @b: another
 *
 * Return: the earlier, 0 when both are 0.
 */
static inline u32 pgp_keys_earliest(u32 a, u32 b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	return a < b ? a : b;
}

const char *pgp_keys_algo(char buf[PGP_KEYS_ALGO_MAX], const struct pgp_pubkey *key);
int pgp_keys_parse(const u8 *data, size_t len, struct pgp_builtin_key *keys,
		   unsigned int max, bool legacy);
int pgp_keys_parse_checked(const u8 *data, size_t len,
			   struct pgp_builtin_key *keys, unsigned int max,
			   bool legacy, unsigned int *lost);
int pgp_keys_parse_runtime(const u8 *data, size_t len,
			   struct pgp_builtin_key *keys, unsigned int max,
			   bool legacy, unsigned int *lost);
unsigned int pgp_keys_bits(const struct pgp_pubkey *key);

const struct pgp_builtin_key *
pgp_keys_lookup(const struct pgp_builtin_key *keys, unsigned int nr,
		const u8 *fpr, size_t fpr_len, const u8 *keyid, u32 sig_time,
		int *why);

const struct pgp_builtin_key *
pgp_keys_lookup_next(const struct pgp_builtin_key *keys, unsigned int nr,
		     const struct pgp_builtin_key *prev, const u8 *fpr,
		     size_t fpr_len, const u8 *keyid, u32 sig_time, int *why);

unsigned int pgp_keys_keyid_collisions(const struct pgp_builtin_key *keys,
				       unsigned int nr);

int pgp_keys_describe(const struct pgp_builtin_key *keys, unsigned int nr,
		      unsigned int i, s64 now, char *buf, size_t size);

int pgp_keys_auth(const u8 *data, size_t len, const struct pgp_builtin_key *keys,
		  unsigned int nr, unsigned int i, enum pgp_keys_auth_kind kind,
		  unsigned int nth, bool legacy, struct pgp_keys_auth *auth);
int pgp_keys_walk_certs(const u8 *data, size_t len,
			const struct pgp_pubkey *primary, bool legacy,
			struct pgp_keys_cert_walk *walk);
int pgp_keys_cert_auth(const struct pgp_keys_cert *cert,
		       const struct pgp_pubkey *primary, struct pgp_keys_auth *auth);

/*
 * Trusted keys for signatures (security/pgp_keys/keyring.c): the OpenPGP
 * keys of .builtin_trusted_keys and .secondary_trusted_keys.  A key found
 * is released with pgp_keys_put().
 */
#ifdef CONFIG_PGP_BUILTIN_KEYS
const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time,
					    int *why);
const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why);
void pgp_keys_put(const struct pgp_builtin_key *k);

/* certs/system_keyring.c: the keyring OpenPGP keys join and are found in */
struct key;
struct key *pgp_keys_system_keyring(bool secondary);
#else
static inline const struct pgp_builtin_key *
pgp_keys_find(const u8 *fpr, size_t fpr_len, const u8 *keyid, u32 sig_time,
	      int *why)
{
	*why = -ENOKEY;
	return NULL;
}

static inline const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	*why = -ENOKEY;
	return NULL;
}

static inline void pgp_keys_put(const struct pgp_builtin_key *k)
{
}
#endif

/**
 * pgp_keys_algo_pq() - is a public-key algorithm post-quantum?
 * @algo: an OpenPGP public-key algorithm
 *
 * Return: true for the composites of RFC 9980, ML-DSA-65+Ed25519 (30) and
 * ML-DSA-87+Ed448 (31): a forger who breaks the classical half still has to
 * forge the ML-DSA one; and for RFC 9980's SLH-DSA (32 SLH-DSA-SHAKE-128s,
 * 33 -128f, 34 -256s), whose security rests on SHAKE256 alone.
 */
static inline bool pgp_keys_algo_pq(u8 algo)
{
	switch (algo) {
	case PGP_PUBKEY_MLDSA65_ED25519:
	case PGP_PUBKEY_MLDSA87_ED448:
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		return true;
	default:
		return false;
	}
}

/* security/pgp_keys/policy.c: pgp_keys.pq_only, CONFIG_PGP_KEYS_PQ_ONLY */
#ifdef CONFIG_PGP_BUILTIN_KEYS
bool pgp_keys_pq_only(void);
bool pgp_keys_pq_pkey_algo(const char *pkey_algo);
#else
static inline bool pgp_keys_pq_only(void)
{
	return false;
}

static inline bool pgp_keys_pq_pkey_algo(const char *pkey_algo)
{
	return false;
}
#endif

#endif /* _KEYS_PGP_KEYS_H */
