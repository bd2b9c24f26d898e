/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <keys/system_keyring.h>: the module hash blacklist.
 * Each program implements is_hash_blacklisted() (keyring_test.c: one
 * settable hash; pgp-sign-module: none, it prints the hashes instead).
 */
#ifndef _KEYRING_SHIM_SYSTEM_KEYRING_H
#define _KEYRING_SHIM_SYSTEM_KEYRING_H
#include <linux/kernel.h>

enum blacklist_hash_type {
	BLACKLIST_HASH_X509_TBS = 1,
	BLACKLIST_HASH_BINARY = 2,
};

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type);

/*
 * The kernel hashes a module for the blacklist only while it holds module
 * hashes; the programs here always want the hashes (to print or look up).
 */
static inline bool blacklist_has_binary_hashes(void)
{
	return true;
}
#endif
