/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The list of the SHA-256 hashes of a kernel build's own modules, built
 * into vmlinux, and the code that reads it and hashes a module the way the
 * list was made.  Pure code (no allocation) shared by the loader, the host
 * tools (scripts/pgp-sign), the host tests and the fuzzer.
 *
 * The list, all fields little-endian:
 *
 *   0  magic "MODHLIST"
 *   8  version (1)
 *  12  algorithm (1: SHA-256, 32-byte entries)
 *  16  count: entries in use
 *  20  capacity: entries the list has room for (count <= capacity)
 *  24  reserved, zero (8 bytes)
 *  32  SHA-256 of bytes 0..31 followed by all capacity entries
 *  64  capacity entries: the first count strictly ascending (memcmp()
 *	order, so no hash is listed twice), the others zero
 *
 * vmlinux is linked with the room for one entry per module of the build,
 * all zero (count 0); the build fills the entries in once the modules are
 * final.  The digest makes the list findable and checkable in an image by
 * tools: nothing else in an image has a matching one.
 */

#ifndef _KERNEL_MODULE_HASH_LIST_H
#define _KERNEL_MODULE_HASH_LIST_H

#include <linux/bits.h>
#include <linux/types.h>

#define MODULE_HASH_LIST_MAGIC		"MODHLIST"
#define MODULE_HASH_LIST_VERSION	1
#define MODULE_HASH_LIST_ALGO_SHA256	1
#define MODULE_HASH_LIST_HDR_LEN	64
#define MODULE_HASH_LIST_ENTRY_LEN	32
/* More entries than this is malformed: 32 MiB of hashes, beyond any build. */
#define MODULE_HASH_LIST_MAX_ENTRIES	BIT(20)

/**
 * enum module_hash_list_reason - what module_hash_list_parse() found
 * @MODULE_HASH_LIST_OK: a valid list
 * @MODULE_HASH_LIST_SHORT: shorter than its header
 * @MODULE_HASH_LIST_BAD_MAGIC: no "MODHLIST" magic
 * @MODULE_HASH_LIST_BAD_VERSION: a version other than 1
 * @MODULE_HASH_LIST_BAD_ALGO: an algorithm other than SHA-256
 * @MODULE_HASH_LIST_RESERVED: reserved bytes not zero
 * @MODULE_HASH_LIST_TOO_MANY: capacity above %MODULE_HASH_LIST_MAX_ENTRIES
 * @MODULE_HASH_LIST_COUNT: count larger than capacity
 * @MODULE_HASH_LIST_SIZE: the length is not that of capacity entries
 * @MODULE_HASH_LIST_DIGEST: the digest does not match
 * @MODULE_HASH_LIST_ORDER: entries not strictly ascending
 * @MODULE_HASH_LIST_TAIL: an entry beyond count is not zero
 * @MODULE_HASH_LIST_NR_REASONS: the number of reasons
 */
enum module_hash_list_reason {
	MODULE_HASH_LIST_OK,
	MODULE_HASH_LIST_SHORT,
	MODULE_HASH_LIST_BAD_MAGIC,
	MODULE_HASH_LIST_BAD_VERSION,
	MODULE_HASH_LIST_BAD_ALGO,
	MODULE_HASH_LIST_RESERVED,
	MODULE_HASH_LIST_TOO_MANY,
	MODULE_HASH_LIST_COUNT,
	MODULE_HASH_LIST_SIZE,
	MODULE_HASH_LIST_DIGEST,
	MODULE_HASH_LIST_ORDER,
	MODULE_HASH_LIST_TAIL,
	MODULE_HASH_LIST_NR_REASONS
};

/**
 * struct module_hash_list - a parsed list
 * @entries: the first of @count sorted 32-byte hashes (inside the buffer
 *	that was parsed)
 * @count: entries in use
 * @capacity: entries the list has room for
 */
struct module_hash_list {
	const u8 *entries;
	u32 count;
	u32 capacity;
};

size_t module_hash_list_size(const void *buf, size_t len);
int module_hash_list_parse(const void *buf, size_t len,
			   struct module_hash_list *list,
			   enum module_hash_list_reason *why);
bool module_hash_list_find(const struct module_hash_list *list,
			   const u8 *digest);
const char *module_hash_list_reason(enum module_hash_list_reason reason);
void module_hash_list_header(u8 *hdr, u32 count, u32 capacity,
			     const u8 *entries);

/**
 * struct module_hash_list_digests - what a module is looked up by
 * @data: SHA-256 of the module with the content of its module_sig section
 *	(if any) as zeros: the listed hash
 * @file: SHA-256 of the module as it is (for the blacklist); equal to
 *	@data when @has_sig is false
 * @has_sig: the module has a module_sig section
 */
struct module_hash_list_digests {
	u8 data[MODULE_HASH_LIST_ENTRY_LEN];
	u8 file[MODULE_HASH_LIST_ENTRY_LEN];
	bool has_sig;
};

bool module_hash_list_intree(const void *file, size_t len, unsigned int how);
int module_hash_list_hash(const void *file, size_t len, unsigned int how,
			  struct module_hash_list_digests *d);

#if IS_ENABLED(CONFIG_KUNIT)
struct load_info;
int module_hash_list_check_in(const struct module_hash_list *list,
			      struct load_info *info, int err);
#endif

#endif /* _KERNEL_MODULE_HASH_LIST_H */
