// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: what the kernel parses for the list of a build's module
 * hashes (kernel/module/hash_list_parse.c).  The input is read three ways:
 *
 *  1. as a list (module_hash_list_size(), module_hash_list_parse()): a list
 *     taken lies wholly inside the input (header + capacity entries = its
 *     length), count <= capacity, its entries strictly ascending, the unused
 *     ones zero, and module_hash_list_find() agrees with a linear search for
 *     each entry and a neighbour; a list refused leaves the output alone;
 *  2. as the entries of a list: the header module_hash_list_header() writes
 *     for them must be accepted, and any one header byte changed refused;
 *  3. as a module, in ELF64, ELF32 and any-class reading: the module_sig
 *     section the hash zeroes lies inside the file, and the listed hash is
 *     the SHA-256 (OpenSSL's) of the file with that section zeroed, the
 *     file's hash that of the file itself; module_hash_list_intree() finds
 *     .modinfo inside the file.
 * Build: tests/fuzz/build-hashlist.sh.
 */
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <openssl/sha.h>
#include "../../kernel/module/hash_list.h"
#include "../../kernel/module/signing_pgp_elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ENT MODULE_HASH_LIST_ENTRY_LEN
#define HDR MODULE_HASH_LIST_HDR_LEN

static void check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_hashlist: invariant broken: %s\n", what);
		abort();
	}
}

static bool linear_find(const struct module_hash_list *l, const u8 *d)
{
	u32 i;

	for (i = 0; i < l->count; i++)
		if (!memcmp(l->entries + (size_t)i * ENT, d, ENT))
			return true;
	return false;
}

static void as_list(const u8 *data, size_t size)
{
	struct module_hash_list l = { .entries = (const u8 *)&l, .count = 5, .capacity = 7 };
	enum module_hash_list_reason why = MODULE_HASH_LIST_NR_REASONS;
	size_t n = module_hash_list_size(data, size);
	u8 probe[ENT];
	u32 i;

	check(n == 0 || (n >= HDR && n <= size && (n - HDR) % ENT == 0), "size in the input");
	if (module_hash_list_parse(data, size, &l, &why)) {
		check(why != MODULE_HASH_LIST_OK && why < MODULE_HASH_LIST_NR_REASONS,
		      "a refusal has a reason");
		check(l.entries == (const u8 *)&l && l.count == 5 && l.capacity == 7,
		      "a refused list leaves the output alone");
		check(module_hash_list_reason(why)[0], "reason text");
		return;
	}
	check(why == MODULE_HASH_LIST_OK, "accepted: reason ok");
	check(l.entries == data + HDR, "entries after the header");
	check(l.count <= l.capacity && l.capacity <= MODULE_HASH_LIST_MAX_ENTRIES, "counts");
	check(size == HDR + (size_t)l.capacity * ENT, "length of capacity entries");
	check(n == size, "module_hash_list_size() of a valid list");
	for (i = 0; i < l.count; i++) {
		const u8 *e = l.entries + (size_t)i * ENT;

		check(!i || memcmp(e - ENT, e, ENT) < 0, "strictly ascending");
		check(module_hash_list_find(&l, e), "every entry found");
		memcpy(probe, e, ENT);
		probe[ENT - 1] ^= 1;
		check(module_hash_list_find(&l, probe) == linear_find(&l, probe),
		      "find agrees with a linear search");
	}
	for (i = l.count; i < l.capacity; i++)
		check(!memchr_inv(l.entries + (size_t)i * ENT, 0, ENT), "unused entries zero");
}

static int cmp_ent(const void *a, const void *b)
{
	return memcmp(a, b, ENT);
}

static void as_entries(const u8 *data, size_t size)
{
	struct module_hash_list l;
	enum module_hash_list_reason why;
	size_t n = size / ENT, k, m = 0, len;
	u8 *b;

	if (!size || n > 256)
		return;
	len = HDR + (n + 1) * ENT;
	b = calloc(1, len);
	if (!b)
		abort();
	memcpy(b + HDR, data, n * ENT);
	qsort(b + HDR, n, ENT, cmp_ent);
	for (k = 0; k < n; k++)
		if (!m || memcmp(b + HDR + (m - 1) * ENT, b + HDR + k * ENT, ENT))
			memmove(b + HDR + m++ * ENT, b + HDR + k * ENT, ENT);
	memset(b + HDR + m * ENT, 0, (n + 1 - m) * ENT);
	module_hash_list_header(b, m, n + 1, b + HDR);
	check(!module_hash_list_parse(b, len, &l, &why), "a list the header writer made is valid");
	check(l.count == m, "its count");
	for (k = 0; k < m; k++)
		check(module_hash_list_find(&l, b + HDR + k * ENT), "its entries found");
	k = data[size - 1] % HDR;
	b[k] ^= 1 << (data[0] % 8);
	check(module_hash_list_parse(b, len, &l, &why) != 0, "a header byte changed is refused");
	free(b);
}

static void as_module(const u8 *data, size_t size, unsigned int how)
{
	struct module_hash_list_digests d;
	struct module_pgp_sig_loc loc;
	u8 want[ENT], *copy;
	size_t off, len;
	int ret, sig;

	module_hash_list_intree(data, size, how);
	if (!module_pgp_elf_section(data, size, how, ".modinfo", &off, &len))
		check(off <= size && len <= size - off, ".modinfo inside the file");
	sig = module_pgp_sig_locate(data, size, how, &loc);
	memset(&d, 0xa5, sizeof(d));
	ret = module_hash_list_hash(data, size, how, &d);
	if (ret) {
		check(ret == -EBADMSG && sig == -EBADMSG && loc.reason != MODULE_PGP_SIG_EMPTY,
		      "only a malformed module_sig is refused");
		return;
	}
	copy = malloc(size ? size : 1);
	if (!copy)
		abort();
	memcpy(copy, data, size);
	if (!sig || loc.reason == MODULE_PGP_SIG_EMPTY) {
		check(loc.sec_off <= size && loc.sec_size <= size - loc.sec_off,
		      "module_sig inside the file");
		memset(copy + loc.sec_off, 0, loc.sec_size);
	} else {
		check(sig == -ENODATA, "hashed whole only without module_sig");
	}
	SHA256(copy, size, want);
	check(!memcmp(d.data, want, ENT), "listed hash: the file with module_sig zeroed");
	SHA256(data, size, want);
	check(!memcmp(d.file, want, ENT), "file hash: the file");
	check(d.has_sig == !sig, "has_sig: a valid container");
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	as_list(data, size);
	as_entries(data, size);
	as_module(data, size, MODULE_PGP_ELF64);
	as_module(data, size, 0);
	as_module(data, size, MODULE_PGP_ELF_ANY);
	return 0;
}
