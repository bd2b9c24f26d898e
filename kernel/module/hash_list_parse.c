// SPDX-License-Identifier: GPL-2.0
/*
 * Read the list of the hashes of a kernel build's own modules (its format
 * is described in hash_list.h), look a hash up in it, and hash a module
 * file the way the list was made: the whole file with the content of its
 * module_sig section as zeros, which is also the data an OpenPGP signature
 * of the module covers, so that a module can carry a list entry and a
 * signature side by side.
 *
 * The list is the kernel's own, but tools read it from images they are
 * handed, and the module is untrusted: every field is range-checked before
 * use, the list's digest and order are checked as a whole, and the module's
 * ELF headers are read only through the module_sig locator's bounds-checked
 * readers (signing_pgp_elf.c).  Worst case: one SHA-256 pass over the list
 * to parse it, one binary search (at most 20 comparisons of 32 bytes) to
 * look a hash up, and for a module one scan of .modinfo and one pass over
 * the file (the bytes after module_sig twice).
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/sha2.h>
#include <crypto/pgp_compat.h>
#include <kunit/visibility.h>
#include "hash_list.h"
#include "signing_pgp_elf.h"

/* The module is hashed this much at a time, with cond_resched() between. */
#define MODULE_HASH_LIST_CHUNK	SZ_1M

/* Bytes of the header covered by the digest: all that precede it. */
#define MODULE_HASH_LIST_DIGEST_OFF	32

/**
 * module_hash_list_size() - the length of a list, from its header alone
 * @buf: bytes that may start with a list (untrusted)
 * @len: how many bytes there are
 *
 * For a tool scanning an image: where a list starting at @buf would end,
 * before module_hash_list_parse() checks it.
 *
 * Context: any context.
 * Return: the length the header's capacity gives, or 0 when @buf does not
 * start with the magic, its capacity is above %MODULE_HASH_LIST_MAX_ENTRIES
 * or the list would not fit in @len bytes.
 */
size_t module_hash_list_size(const void *buf, size_t len)
{
	const u8 *h = buf;
	size_t size;
	u32 cap;

	if (len < MODULE_HASH_LIST_HDR_LEN ||
	    memcmp(h, MODULE_HASH_LIST_MAGIC, 8))
		return 0;
	cap = get_unaligned_le32(h + 20);
	if (cap > MODULE_HASH_LIST_MAX_ENTRIES)
		return 0;
	size = MODULE_HASH_LIST_HDR_LEN + (size_t)cap * MODULE_HASH_LIST_ENTRY_LEN;
	return size <= len ? size : 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_size);

/* The digest of a header's first 32 bytes and @capacity entries. */
static void module_hash_list_digest(const u8 *hdr, const u8 *entries, u32 capacity,
				    u8 *out)
{
	struct pgp_sha256_ctx s;

	sha256_init(&s);
	sha256_update(&s, hdr, MODULE_HASH_LIST_DIGEST_OFF);
	sha256_update(&s, entries, capacity * MODULE_HASH_LIST_ENTRY_LEN);
	sha256_final(&s, out);
}

/**
 * module_hash_list_header() - write the header of a list
 * @hdr: %MODULE_HASH_LIST_HDR_LEN bytes to write
 * @count: entries in use (at most @capacity)
 * @capacity: entries at @entries (at most %MODULE_HASH_LIST_MAX_ENTRIES)
 * @entries: the entries, which follow the header in the list
 *
 * The entries must already be sorted, unique and zero beyond @count; the
 * header gets the magic, the version, the algorithm, the counts and the
 * digest over all of it.  The build's tool and the tests make lists with it.
 *
 * Context: any context.
 */
void module_hash_list_header(u8 *hdr, u32 count, u32 capacity, const u8 *entries)
{
	memset(hdr, 0, MODULE_HASH_LIST_HDR_LEN);
	memcpy(hdr, MODULE_HASH_LIST_MAGIC, 8);
	put_unaligned_le32(MODULE_HASH_LIST_VERSION, hdr + 8);
	put_unaligned_le32(MODULE_HASH_LIST_ALGO_SHA256, hdr + 12);
	put_unaligned_le32(count, hdr + 16);
	put_unaligned_le32(capacity, hdr + 20);
	module_hash_list_digest(hdr, entries, capacity, hdr + MODULE_HASH_LIST_DIGEST_OFF);
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_header);

/**
 * module_hash_list_parse() - check a list and take its entries
 * @buf: the list
 * @len: its exact length in bytes
 * @list: set to the list's entries on success, untouched otherwise
 * @why: set to what was found, on every return
 *
 * Checks the magic, version, algorithm and reserved bytes, that count is at
 * most capacity and capacity at most %MODULE_HASH_LIST_MAX_ENTRIES, that
 * @len is the header plus capacity entries, the digest, that the entries in
 * use are strictly ascending and that the others are zero.
 *
 * Context: any context; reads @buf only.
 * Return: 0, or %-EBADMSG when the list is malformed (the reason in @why).
 */
int module_hash_list_parse(const void *buf, size_t len, struct module_hash_list *list,
			   enum module_hash_list_reason *why)
{
	const u8 *h = buf, *e = h + MODULE_HASH_LIST_HDR_LEN;
	enum module_hash_list_reason r = MODULE_HASH_LIST_OK;
	u8 digest[SHA256_DIGEST_SIZE];
	u32 count = 0, cap = 0, i;

	if (len < MODULE_HASH_LIST_HDR_LEN) {
		r = MODULE_HASH_LIST_SHORT;
		goto out;
	}
	count = get_unaligned_le32(h + 16);
	cap = get_unaligned_le32(h + 20);
	if (memcmp(h, MODULE_HASH_LIST_MAGIC, 8))
		r = MODULE_HASH_LIST_BAD_MAGIC;
	else if (get_unaligned_le32(h + 8) != MODULE_HASH_LIST_VERSION)
		r = MODULE_HASH_LIST_BAD_VERSION;
	else if (get_unaligned_le32(h + 12) != MODULE_HASH_LIST_ALGO_SHA256)
		r = MODULE_HASH_LIST_BAD_ALGO;
	else if (memchr_inv(h + 24, 0, 8))
		r = MODULE_HASH_LIST_RESERVED;
	else if (cap > MODULE_HASH_LIST_MAX_ENTRIES)
		r = MODULE_HASH_LIST_TOO_MANY;
	else if (count > cap)
		r = MODULE_HASH_LIST_COUNT;
	else if (len - MODULE_HASH_LIST_HDR_LEN != (size_t)cap * MODULE_HASH_LIST_ENTRY_LEN)
		r = MODULE_HASH_LIST_SIZE;
	if (r)
		goto out;
	module_hash_list_digest(h, e, cap, digest);
	if (memcmp(digest, h + MODULE_HASH_LIST_DIGEST_OFF, sizeof(digest))) {
		r = MODULE_HASH_LIST_DIGEST;
		goto out;
	}
	for (i = 1; i < count; i++) {
		if (memcmp(e + (size_t)(i - 1) * MODULE_HASH_LIST_ENTRY_LEN,
			   e + (size_t)i * MODULE_HASH_LIST_ENTRY_LEN,
			   MODULE_HASH_LIST_ENTRY_LEN) >= 0) {
			r = MODULE_HASH_LIST_ORDER;
			goto out;
		}
	}
	if (memchr_inv(e + (size_t)count * MODULE_HASH_LIST_ENTRY_LEN, 0,
		       (size_t)(cap - count) * MODULE_HASH_LIST_ENTRY_LEN))
		r = MODULE_HASH_LIST_TAIL;
out:
	*why = r;
	if (r)
		return -EBADMSG;
	list->entries = e;
	list->count = count;
	list->capacity = cap;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_parse);

/**
 * module_hash_list_find() - is a hash in the list?
 * @list: a list module_hash_list_parse() accepted
 * @digest: %MODULE_HASH_LIST_ENTRY_LEN bytes
 *
 * Binary search over the sorted entries: at most 21 comparisons for the
 * largest list.
 *
 * Context: any context.
 * Return: true when @digest is one of the list's entries.
 */
bool module_hash_list_find(const struct module_hash_list *list, const u8 *digest)
{
	u32 lo = 0, hi = list->count;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;
		int c = memcmp(list->entries + (size_t)mid * MODULE_HASH_LIST_ENTRY_LEN,
			       digest, MODULE_HASH_LIST_ENTRY_LEN);

		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_find);

static const char *const module_hash_list_reasons[MODULE_HASH_LIST_NR_REASONS] = {
	[MODULE_HASH_LIST_OK] = "valid",
	[MODULE_HASH_LIST_SHORT] = "shorter than its header",
	[MODULE_HASH_LIST_BAD_MAGIC] = "no MODHLIST magic",
	[MODULE_HASH_LIST_BAD_VERSION] = "unknown version",
	[MODULE_HASH_LIST_BAD_ALGO] = "unknown hash algorithm",
	[MODULE_HASH_LIST_RESERVED] = "reserved bytes not zero",
	[MODULE_HASH_LIST_TOO_MANY] = "room for too many entries",
	[MODULE_HASH_LIST_COUNT] = "more entries than room",
	[MODULE_HASH_LIST_SIZE] = "length does not match its room",
	[MODULE_HASH_LIST_DIGEST] = "digest does not match",
	[MODULE_HASH_LIST_ORDER] = "entries not strictly ascending",
	[MODULE_HASH_LIST_TAIL] = "unused entries not zero",
};

/**
 * module_hash_list_reason() - describe what module_hash_list_parse() found
 * @reason: its @why
 *
 * Context: any context.
 * Return: a static string, "unknown reason" for a value out of range.
 */
const char *module_hash_list_reason(enum module_hash_list_reason reason)
{
	if ((unsigned int)reason >= ARRAY_SIZE(module_hash_list_reasons))
		return "unknown reason";
	return module_hash_list_reasons[reason];
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_reason);

/**
 * module_hash_list_intree() - was the module built in a kernel tree?
 * @file: the whole module file (untrusted)
 * @len: its length
 * @how: as for module_pgp_sig_locate()
 *
 * modpost gives every module of a kernel build the .modinfo entry
 * "intree=Y", and the list holds only such modules: a module without it
 * is never looked up (nor hashed for the list).  The entries of .modinfo
 * are NUL-terminated strings; the one that is exactly "intree=Y" counts.
 *
 * Context: any context; reads @file only.
 * Return: true when .modinfo holds the entry "intree=Y".
 */
bool module_hash_list_intree(const void *file, size_t len, unsigned int how)
{
	static const char tag[] = "intree=Y";
	size_t off, size, i, n;
	const char *p;

	if (module_pgp_elf_section(file, len, how, ".modinfo", &off, &size))
		return false;
	p = (const char *)file + off;
	for (i = 0; i < size; i += n + 1) {
		n = strnlen(p + i, size - i);
		if (n == sizeof(tag) - 1 && n < size - i && !memcmp(p + i, tag, n))
			return true;
	}
	return false;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_intree);

/* Feed @len bytes at @p, or zeros when @p is NULL, to @s (and @t, if any). */
static void module_hash_list_feed(struct pgp_sha256_ctx *s, struct pgp_sha256_ctx *t,
				  const u8 *p, size_t len)
{
	static const u8 zeros[256];
	size_t n;

	while (len) {
		n = min_t(size_t, len, p ? MODULE_HASH_LIST_CHUNK : sizeof(zeros));
		sha256_update(s, p ? p : zeros, n);
		if (t)
			sha256_update(t, p ? p : zeros, n);
		if (p)
			p += n;
		len -= n;
		if (p && len)
			cond_resched();
	}
}

/**
 * module_hash_list_hash() - the hashes a module is looked up by
 * @file: the whole module file (untrusted), as the loader has it: after
 *	decompression, without an appended PKCS#7 signature
 * @len: its length
 * @how: as for module_pgp_sig_locate()
 * @d: set to the digests on success
 *
 * The listed hash is the SHA-256 of the file with the content of its
 * module_sig section as zeros (an empty placeholder included), the data
 * an OpenPGP signature of the module covers; without module_sig it is the
 * SHA-256 of the file.  The SHA-256 of the file as it is comes from the
 * same pass (the bytes after module_sig are hashed twice).
 *
 * Context: process context (the file is hashed a chunk at a time, with
 * cond_resched() in between); reads @file only.
 * Return: 0, or %-EBADMSG when module_sig is malformed (see
 * module_pgp_sig_locate()): such a module is never listed.
 */
int module_hash_list_hash(const void *file, size_t len, unsigned int how,
			  struct module_hash_list_digests *d)
{
	struct module_pgp_sig_loc loc;
	struct pgp_sha256_ctx data, whole;
	size_t zoff = len, zlen = 0;
	const u8 *f = file;
	int ret;

	ret = module_pgp_sig_locate(file, len, how, &loc);
	if (!ret || (ret == -EBADMSG && loc.reason == MODULE_PGP_SIG_EMPTY)) {
		zoff = loc.sec_off;
		zlen = loc.sec_size;
	} else if (ret != -ENODATA) {
		return -EBADMSG;
	}
	d->has_sig = !ret;

	sha256_init(&data);
	module_hash_list_feed(&data, NULL, f, zoff);
	whole = data;
	if (d->has_sig)
		module_hash_list_feed(&whole, NULL, f + zoff, zlen);
	module_hash_list_feed(&data, NULL, NULL, zlen);
	module_hash_list_feed(&data, d->has_sig ? &whole : NULL, f + zoff + zlen,
			      len - zoff - zlen);
	sha256_final(&data, d->data);
	if (d->has_sig)
		sha256_final(&whole, d->file);
	else
		memcpy(d->file, d->data, sizeof(d->file));
	memzero_explicit(&data, sizeof(data));
	memzero_explicit(&whole, sizeof(whole));
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_hash);
