// SPDX-License-Identifier: GPL-2.0
/*
 * Host stand-ins for the KUnit run of kernel/module/tests/hash_list_kunit.c: the
 * list vmlinux is linked with (an empty one; the suite makes its own lists) and
 * an empty module hash blacklist.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <keys/system_keyring.h>

const u8 __module_hash_list[64], __module_hash_list_end[1];

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type)
{
	return 0;
}
