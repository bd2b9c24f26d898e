/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-test stand-in for <crypto/public_key.h>: the structures an
 * asymmetric key subtype shares with the key type, and mainline's
 * restrict_link_by_signature() (tests/compat/keys.c, same contract).
 */
#ifndef _COMPAT_CRYPTO_PUBLIC_KEY_H
#define _COMPAT_CRYPTO_PUBLIC_KEY_H
#include <linux/key.h>

struct public_key {
	void *key;
	u32 keylen;
	int algo;
	void *params;
	u32 paramlen;
	bool key_is_private;
	const char *id_type;
	const char *pkey_algo;
	unsigned long key_eflags;
};

struct public_key_signature {
	struct asymmetric_key_id *auth_ids[3];
	u8 *s;
	u8 *digest;
	u32 s_size;
	u32 digest_size;
	const char *pkey_algo;
	const char *hash_algo;
	const char *encoding;
};

/* mainline's subtype of X.509 and PKCS#7 keys (tests/compat/keys.c: a name only) */
extern struct asymmetric_key_subtype public_key_subtype;

int restrict_link_by_signature(struct key *dest_keyring, const struct key_type *type,
			       const union key_payload *payload, struct key *trust_keyring);
int verify_signature(const struct key *key, const struct public_key_signature *sig);
#endif
