// SPDX-License-Identifier: GPL-2.0
/*
 * Host stand-ins for the KUnit run of kernel/module/tests/hash_list_kunit.c: an
 * empty module hash blacklist (kernel/module/hash_list.c's weak symbols stand for
 * the list vmlinux is linked with: none; the suite makes its own lists).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <keys/system_keyring.h>

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type)
{
	return 0;
}
