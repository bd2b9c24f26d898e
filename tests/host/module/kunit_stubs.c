// SPDX-License-Identifier: GPL-2.0
/*
 * Host stand-ins for the KUnit run of kernel/module/tests/signing_pgp_kunit.c: an
 * empty built-in keyring, an empty module hash blacklist, the post-quantum-only
 * policy off.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>

const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time, int *why)
{
	*why = -ENOKEY;
	return NULL;
}

const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	*why = -ENOKEY;
	return NULL;
}

/* pgp_keys.pq_only: off */
bool pgp_keys_pq_only(void)
{
	return false;
}

/* The keys of this array are not reference counted. */
void pgp_keys_put(const struct pgp_builtin_key *k)
{
}

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type)
{
	return 0;
}
