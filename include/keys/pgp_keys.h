/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The built-in OpenPGP keyring: public keys embedded in the kernel image at
 * build time and trusted for module signatures.
 *
 * The parser (security/pgp_keys/keyring_parse.c) is pure: it works on a
 * caller's buffer and array so that host tests and fuzzers run the same code
 * on "gpg --export" output.  The boot glue (security/pgp_keys/keyring.c)
 * parses the embedded keyring once and serves lookups from a read-only array.
 */

#ifndef _KEYS_PGP_KEYS_H
#define _KEYS_PGP_KEYS_H

#include <linux/errno.h>
#include <linux/types.h>
#include <crypto/pgp.h>

/* Capacity of the built-in array (primary keys and subkeys together). */
#define PGP_KEYS_MAX		32

/* Longest user ID kept for the listing and the boot log (bytes). */
#define PGP_KEYS_UID_MAX	128

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
 * @uid: first valid user ID of the certificate (not NUL-terminated), or
 *	NULL; points into the keyring buffer.
 * @uid_len: length of @uid in bytes.
 * @self_time: creation time of the self-signature in use (primary keys).
 */
struct pgp_builtin_key {
	struct pgp_pubkey pub;
	u32 expires;
	s16 primary;
	bool revoked;
	bool can_sign;
	const u8 *uid;
	u16 uid_len;
	u32 self_time;
};

int pgp_keys_parse(const u8 *data, size_t len, struct pgp_builtin_key *keys,
		   unsigned int max, bool legacy);
int pgp_keys_parse_checked(const u8 *data, size_t len,
			   struct pgp_builtin_key *keys, unsigned int max,
			   bool legacy, unsigned int *lost);

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

/* Built-in keyring (security/pgp_keys/keyring.c) */
#ifdef CONFIG_PGP_BUILTIN_KEYS
const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time,
					    int *why);
const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why);
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
#endif

#endif /* _KEYS_PGP_KEYS_H */
