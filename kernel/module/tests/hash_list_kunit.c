// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the list of a build's module hashes: the list format
 * (module_hash_list_parse() on a list made independently and on lists
 * broken in every field), the lookup (module_hash_list_find() on lists of
 * 0 to 4200 entries), how a module is hashed for the list (module_sig as
 * zeros, the "intree=Y" entry) and the loader's decision
 * (module_hash_list_check_in()).
 */

#include <kunit/test.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/sha2.h>
#include <crypto/pgp_compat.h>
#include "../internal.h"
#include "../hash_list.h"
#include "../signing_pgp_elf.h"

#define T_HDR	MODULE_HASH_LIST_HDR_LEN
#define T_ENT	MODULE_HASH_LIST_ENTRY_LEN

/*
 * A list with two entries (32 x 0x11, 32 x 0x22) and room for three, made
 * with Python's hashlib, not with this code:
 *   hdr = b"MODHLIST" + struct.pack("<IIII", 1, 1, 2, 3) + bytes(8)
 *   hashlib.sha256(hdr + b"\x11" * 32 + b"\x22" * 32 + bytes(32))
 */
static const u8 t_kat_digest[32] = {
	0x62, 0xd1, 0x4f, 0x86, 0xb7, 0x83, 0xcb, 0xcf, 0x78, 0x33, 0x44, 0x02,
	0x16, 0x3a, 0xed, 0xa5, 0xbc, 0x5d, 0x23, 0x57, 0x86, 0xf8, 0xa3, 0x9d,
	0x6b, 0x9e, 0x15, 0x07, 0xe7, 0x43, 0x97, 0xbf,
};

static u8 *t_kat_list(struct kunit *test, size_t *len)
{
	u8 *b = kunit_kzalloc(test, T_HDR + 3 * T_ENT, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	memcpy(b, "MODHLIST", 8);
	b[8] = 1;	/* version */
	b[12] = 1;	/* SHA-256 */
	b[16] = 2;	/* count */
	b[20] = 3;	/* capacity */
	memcpy(b + 32, t_kat_digest, 32);
	memset(b + T_HDR, 0x11, T_ENT);
	memset(b + T_HDR + T_ENT, 0x22, T_ENT);
	*len = T_HDR + 3 * T_ENT;
	return b;
}

/* Entry @i of a list of ascending entries: big-endian @i, then a pattern. */
static void t_entry(u8 *e, u32 i)
{
	unsigned int j;

	e[0] = i >> 24;
	e[1] = i >> 16;
	e[2] = i >> 8;
	e[3] = i;
	for (j = 4; j < T_ENT; j++)
		e[j] = (u8)(i * 131 + j * 7);
}

/* A valid list of @count ascending entries and room for @cap (via the header writer). */
static u8 *t_list(struct kunit *test, u32 count, u32 cap, size_t *len)
{
	size_t n = T_HDR + (size_t)cap * T_ENT;
	u8 *b = kunit_kzalloc(test, n, GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	for (i = 0; i < count; i++)
		t_entry(b + T_HDR + (size_t)i * T_ENT, 2 * i + 1);
	module_hash_list_header(b, count, cap, b + T_HDR);
	*len = n;
	return b;
}

/* The header writer gives exactly the independently made list. */
static void hash_list_known_answer(struct kunit *test)
{
	struct module_hash_list list;
	enum module_hash_list_reason why;
	u8 hdr[T_HDR], e[T_ENT];
	size_t len;
	u8 *b = t_kat_list(test, &len);

	KUNIT_EXPECT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
	KUNIT_EXPECT_EQ(test, why, MODULE_HASH_LIST_OK);
	KUNIT_EXPECT_EQ(test, list.count, 2U);
	KUNIT_EXPECT_EQ(test, list.capacity, 3U);
	KUNIT_EXPECT_PTR_EQ(test, list.entries, (const u8 *)b + T_HDR);
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len), len);
	module_hash_list_header(hdr, 2, 3, b + T_HDR);
	KUNIT_EXPECT_MEMEQ(test, hdr, b, T_HDR);
	memset(e, 0x22, sizeof(e));
	KUNIT_EXPECT_TRUE(test, module_hash_list_find(&list, e));
	memset(e, 0x11, sizeof(e));
	KUNIT_EXPECT_TRUE(test, module_hash_list_find(&list, e));
	memset(e, 0, sizeof(e));	/* the unused entry is not an entry */
	KUNIT_EXPECT_FALSE(test, module_hash_list_find(&list, e));
}

/* A list broken by @brk must give -EBADMSG and @want, and leave @list alone. */
static void t_refused(struct kunit *test, const u8 *b, size_t len,
		      enum module_hash_list_reason want, const char *what)
{
	struct module_hash_list list = { .entries = (const u8 *)test, .count = 7,
					 .capacity = 9 };
	enum module_hash_list_reason why = MODULE_HASH_LIST_OK;

	KUNIT_EXPECT_EQ_MSG(test, module_hash_list_parse(b, len, &list, &why), -EBADMSG,
			    "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, why, want, "%s: %s", what, module_hash_list_reason(why));
	KUNIT_EXPECT_TRUE_MSG(test, list.entries == (const u8 *)test, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, list.count, 7U, "%s", what);
	KUNIT_EXPECT_EQ_MSG(test, list.capacity, 9U, "%s", what);
}

/* Every field broken, each with its own reason; the digest redone where needed. */
static void hash_list_broken(struct kunit *test)
{
	size_t len, n;
	u8 *ok = t_list(test, 3, 5, &len), *b;

	b = kunit_kmalloc(test, len + T_ENT, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
#define T_COPY() memcpy(b, ok, len)
#define T_REDIGEST(c, cap) module_hash_list_header(b, c, cap, b + T_HDR)

	for (n = 0; n < T_HDR; n++) {
		T_COPY();
		t_refused(test, b, n, MODULE_HASH_LIST_SHORT, "truncated header");
	}
	T_COPY();
	b[3] ^= 0x20;
	t_refused(test, b, len, MODULE_HASH_LIST_BAD_MAGIC, "magic");
	T_COPY();
	b[8] = 2;
	t_refused(test, b, len, MODULE_HASH_LIST_BAD_VERSION, "version 2");
	T_COPY();
	b[11] = 1;
	t_refused(test, b, len, MODULE_HASH_LIST_BAD_VERSION, "version's high byte");
	T_COPY();
	b[12] = 2;
	t_refused(test, b, len, MODULE_HASH_LIST_BAD_ALGO, "algorithm 2");
	for (n = 24; n < 32; n++) {
		T_COPY();
		b[n] = 0x80;
		t_refused(test, b, len, MODULE_HASH_LIST_RESERVED, "reserved byte");
	}
	T_COPY();
	put_unaligned_le32(MODULE_HASH_LIST_MAX_ENTRIES + 1, b + 20);
	t_refused(test, b, len, MODULE_HASH_LIST_TOO_MANY, "capacity above the maximum");
	T_COPY();
	put_unaligned_le32(0xffffffff, b + 20);
	t_refused(test, b, len, MODULE_HASH_LIST_TOO_MANY, "capacity 2^32 - 1");
	T_COPY();
	put_unaligned_le32(6, b + 16);
	t_refused(test, b, len, MODULE_HASH_LIST_COUNT, "count above capacity");
	T_COPY();
	put_unaligned_le32(0xffffffff, b + 16);
	t_refused(test, b, len, MODULE_HASH_LIST_COUNT, "count 2^32 - 1");
	T_COPY();
	t_refused(test, b, len - 1, MODULE_HASH_LIST_SIZE, "one byte short");
	t_refused(test, b, len - T_ENT, MODULE_HASH_LIST_SIZE, "one entry short");
	memset(b + len, 0, T_ENT);
	t_refused(test, b, len + T_ENT, MODULE_HASH_LIST_SIZE, "one entry more");
	t_refused(test, b, T_HDR, MODULE_HASH_LIST_SIZE, "header alone");
	/* the digest, the entries in use and the unused ones are all covered */
	for (n = 32; n < len; n += 7) {
		T_COPY();
		b[n] ^= 0x01;
		t_refused(test, b, len, MODULE_HASH_LIST_DIGEST, "a byte changed, digest kept");
	}
	/* order and tail, with a digest that matches */
	T_COPY();
	memcpy(b + T_HDR, ok + T_HDR + T_ENT, T_ENT);
	memcpy(b + T_HDR + T_ENT, ok + T_HDR, T_ENT);
	T_REDIGEST(3, 5);
	t_refused(test, b, len, MODULE_HASH_LIST_ORDER, "two entries swapped");
	T_COPY();
	memcpy(b + T_HDR + 2 * T_ENT, ok + T_HDR + T_ENT, T_ENT);
	T_REDIGEST(3, 5);
	t_refused(test, b, len, MODULE_HASH_LIST_ORDER, "an entry twice");
	T_COPY();
	b[T_HDR + 4 * T_ENT + T_ENT - 1] = 1;
	T_REDIGEST(3, 5);
	t_refused(test, b, len, MODULE_HASH_LIST_TAIL, "the last unused entry not zero");
	T_COPY();
	memcpy(b + T_HDR + 3 * T_ENT, ok + T_HDR + 2 * T_ENT, T_ENT);
	b[T_HDR + 3 * T_ENT] ^= 0x80;
	T_REDIGEST(3, 5);
	t_refused(test, b, len, MODULE_HASH_LIST_TAIL, "an entry beyond count");
	/* and the same list with count 4 is valid */
	put_unaligned_le32(4, b + 16);
	T_REDIGEST(4, 5);
	{
		struct module_hash_list list;
		enum module_hash_list_reason why;

		KUNIT_EXPECT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
		KUNIT_EXPECT_EQ(test, list.count, 4U);
	}
#undef T_COPY
#undef T_REDIGEST
}

/* module_hash_list_size(): a scanner's first look. */
static void hash_list_size(struct kunit *test)
{
	size_t len;
	u8 *b = t_list(test, 1, 2, &len);

	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len), len);
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len + 100), len);
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len - 1), (size_t)0);
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, T_HDR - 1), (size_t)0);
	put_unaligned_le32(MODULE_HASH_LIST_MAX_ENTRIES + 1, b + 20);
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len), (size_t)0);
	b[0] = 'X';
	KUNIT_EXPECT_EQ(test, module_hash_list_size(b, len), (size_t)0);
}

/* Lookups in lists of 0, 1, 2, 3 and 4200 entries: each entry, and its neighbours. */
static void hash_list_find(struct kunit *test)
{
	static const u32 sizes[] = { 0, 1, 2, 3, 4200 };
	struct module_hash_list list;
	enum module_hash_list_reason why;
	unsigned int s;
	u8 e[T_ENT];
	size_t len;
	u32 i;

	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		u8 *b = t_list(test, sizes[s], sizes[s] + 1, &len);

		KUNIT_ASSERT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
		for (i = 0; i <= sizes[s]; i++) {
			/* entries are t_entry(2i + 1): the even ones are absent */
			t_entry(e, 2 * i);
			KUNIT_EXPECT_FALSE_MSG(test, module_hash_list_find(&list, e),
					       "%u entries: absent %u found", sizes[s], 2 * i);
			if (i == sizes[s])
				break;
			t_entry(e, 2 * i + 1);
			KUNIT_EXPECT_TRUE_MSG(test, module_hash_list_find(&list, e),
					      "%u entries: entry %u not found", sizes[s], i);
			e[T_ENT - 1] ^= 1;
			KUNIT_EXPECT_FALSE(test, module_hash_list_find(&list, e));
		}
		memset(e, 0xff, sizeof(e));
		KUNIT_EXPECT_FALSE(test, module_hash_list_find(&list, e));
		memset(e, 0, sizeof(e));
		KUNIT_EXPECT_FALSE(test, module_hash_list_find(&list, e));
		kunit_kfree(test, b);
	}
	KUNIT_EXPECT_STREQ(test, module_hash_list_reason(MODULE_HASH_LIST_NR_REASONS),
			   "unknown reason");
	KUNIT_EXPECT_STREQ(test, module_hash_list_reason(MODULE_HASH_LIST_ORDER),
			   "entries not strictly ascending");
}

/* ---- modules: an ELF image of the loader's class and byte order ---- */

#define T_ELF64		IS_ENABLED(CONFIG_64BIT)
#define T_ELFDATA	(IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? ELFDATA2MSB : ELFDATA2LSB)
#define T_TEXT_OFF	0x40
#define T_TEXT_LEN	0x20
#define T_INFO_OFF	0x60
#define T_INFO_MAX	0x60
#define T_SIG_OFF	0xc0
#define T_SIG_LEN	0x40
#define T_STR_OFF	0x100
#define T_SH_OFF	0x140
#define T_NSEC		5
#define T_LEN		(T_SH_OFF + T_NSEC * 0x40)

static const char t_names[] = "\0.text\0.modinfo\0module_sig\0.shstrtab";
#define T_NAME_TEXT	1
#define T_NAME_INFO	7
#define T_NAME_SIG	16
#define T_NAME_STR	27

static void t_shdr(u8 *img, unsigned int i, u32 name, u32 type, u64 off, u64 size)
{
	if (T_ELF64) {
		Elf64_Shdr s = { .sh_name = name, .sh_type = type, .sh_offset = off,
				 .sh_size = size };

		memcpy(img + T_SH_OFF + i * sizeof(s), &s, sizeof(s));
	} else {
		Elf32_Shdr s = { .sh_name = name, .sh_type = type, .sh_offset = off,
				 .sh_size = size };

		memcpy(img + T_SH_OFF + i * sizeof(s), &s, sizeof(s));
	}
}

/*
 * A module with .text, .modinfo holding @info (@ilen bytes), module_sig
 * holding @sig (@slen bytes; no section when @sig is NULL) and .shstrtab.
 */
static u8 *t_module(struct kunit *test, const char *info, size_t ilen,
		    const u8 *sig, size_t slen)
{
	u8 *img = kunit_kzalloc(test, T_LEN, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, img);
	KUNIT_ASSERT_LE(test, ilen, (size_t)T_INFO_MAX);
	KUNIT_ASSERT_LE(test, slen, (size_t)T_SIG_LEN);
	if (T_ELF64) {
		Elf64_Ehdr h = { .e_type = ET_REL, .e_shoff = T_SH_OFF,
				 .e_shentsize = sizeof(Elf64_Shdr), .e_shnum = T_NSEC,
				 .e_shstrndx = T_NSEC - 1 };

		memcpy(h.e_ident, ELFMAG, SELFMAG);
		h.e_ident[EI_CLASS] = ELFCLASS64;
		h.e_ident[EI_DATA] = T_ELFDATA;
		memcpy(img, &h, sizeof(h));
	} else {
		Elf32_Ehdr h = { .e_type = ET_REL, .e_shoff = T_SH_OFF,
				 .e_shentsize = sizeof(Elf32_Shdr), .e_shnum = T_NSEC,
				 .e_shstrndx = T_NSEC - 1 };

		memcpy(h.e_ident, ELFMAG, SELFMAG);
		h.e_ident[EI_CLASS] = ELFCLASS32;
		h.e_ident[EI_DATA] = T_ELFDATA;
		memcpy(img, &h, sizeof(h));
	}
	for (i = 0; i < T_TEXT_LEN; i++)
		img[T_TEXT_OFF + i] = 0x90 + i;
	memcpy(img + T_INFO_OFF, info, ilen);
	memcpy(img + T_STR_OFF, t_names, sizeof(t_names));
	t_shdr(img, 1, T_NAME_TEXT, SHT_PROGBITS, T_TEXT_OFF, T_TEXT_LEN);
	t_shdr(img, 2, T_NAME_INFO, SHT_PROGBITS, T_INFO_OFF, ilen);
	if (sig) {
		memcpy(img + T_SIG_OFF, sig, slen);
		t_shdr(img, 3, T_NAME_SIG, SHT_PROGBITS, T_SIG_OFF, slen);
	}
	t_shdr(img, 4, T_NAME_STR, SHT_STRTAB, T_STR_OFF, sizeof(t_names));
	return img;
}

static const char t_intree[] = "license=GPL\0intree=Y\0name=t\0";

/* A module_sig container: header and 8 bytes of payload, zero padding. */
static void t_container(u8 *sig)
{
	memset(sig, 0, T_SIG_LEN);
	memcpy(sig, MODULE_PGP_SIG_MAGIC, 8);
	sig[8] = MODULE_PGP_SIG_VERSION;
	sig[15] = 8;
	memset(sig + MODULE_PGP_SIG_HDR_LEN, 0xc2, 8);
}

/* "intree=Y" is one whole entry of .modinfo, anywhere in it. */
static void hash_list_intree(struct kunit *test)
{
	static const struct {
		const char *info;
		size_t len;
		bool want;
	} t[] = {
		{ "intree=Y", 9, true },
		{ "intree=Y\0", 10, true },
		{ "a=b\0intree=Y", 13, true },
		{ "a=b\0\0\0intree=Y\0c=d", 19, true },
		{ "intree=Y", 8, false },	/* not NUL-terminated in the section */
		{ "intree=YY", 10, false },
		{ "xintree=Y", 10, false },
		{ "intree=y", 9, false },
		{ "intree=N", 9, false },
		{ "a=intree=Y", 11, false },
		{ "", 0, false },
	};
	unsigned int i, how = T_ELF64 ? MODULE_PGP_ELF64 : 0;
	u8 *img;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		img = t_module(test, t[i].info, t[i].len, NULL, 0);
		KUNIT_EXPECT_EQ_MSG(test, module_hash_list_intree(img, T_LEN, how), t[i].want,
				    "case %u", i);
	}
	/* .modinfo past the end of the file, or two of them: not looked at */
	img = t_module(test, t_intree, sizeof(t_intree), NULL, 0);
	KUNIT_EXPECT_TRUE(test, module_hash_list_intree(img, T_LEN, how));
	t_shdr(img, 2, T_NAME_INFO, SHT_PROGBITS, T_LEN - 4, sizeof(t_intree));
	KUNIT_EXPECT_FALSE(test, module_hash_list_intree(img, T_LEN, how));
	img = t_module(test, t_intree, sizeof(t_intree), NULL, 0);
	t_shdr(img, 1, T_NAME_INFO, SHT_PROGBITS, T_INFO_OFF, sizeof(t_intree));
	KUNIT_EXPECT_FALSE(test, module_hash_list_intree(img, T_LEN, how));
	/* SHT_NOBITS has no content to read */
	img = t_module(test, t_intree, sizeof(t_intree), NULL, 0);
	t_shdr(img, 2, T_NAME_INFO, SHT_NOBITS, T_INFO_OFF, sizeof(t_intree));
	KUNIT_EXPECT_FALSE(test, module_hash_list_intree(img, T_LEN, how));
	/* not ELF, or truncated */
	KUNIT_EXPECT_FALSE(test, module_hash_list_intree(img, 3, how));
	KUNIT_EXPECT_FALSE(test, module_hash_list_intree("intree=Y", 9, how));
}

/* The listed hash: the file with module_sig's content as zeros. */
static void hash_list_module_hash(struct kunit *test)
{
	const unsigned int how = T_ELF64 ? MODULE_PGP_ELF64 : 0;
	struct module_hash_list_digests d;
	u8 sig[T_SIG_LEN], want[32], *img, *copy;

	/* no module_sig: SHA-256 of the file */
	img = t_module(test, t_intree, sizeof(t_intree), NULL, 0);
	memset(&d, 0xaa, sizeof(d));
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	sha256(img, T_LEN, want);
	KUNIT_EXPECT_MEMEQ(test, d.data, want, 32);
	KUNIT_EXPECT_MEMEQ(test, d.file, want, 32);
	KUNIT_EXPECT_FALSE(test, d.has_sig);

	/* a signature: its bytes are not hashed, the file's hash differs */
	t_container(sig);
	img = t_module(test, t_intree, sizeof(t_intree), sig, sizeof(sig));
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	KUNIT_EXPECT_TRUE(test, d.has_sig);
	sha256(img, T_LEN, want);
	KUNIT_EXPECT_MEMEQ(test, d.file, want, 32);
	copy = kunit_kmalloc(test, T_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	memcpy(copy, img, T_LEN);
	memset(copy + T_SIG_OFF, 0, T_SIG_LEN);
	sha256(copy, T_LEN, want);
	KUNIT_EXPECT_MEMEQ(test, d.data, want, 32);

	/* another signature in the same room: the same listed hash */
	sig[MODULE_PGP_SIG_HDR_LEN + 3] ^= 0x40;
	img = t_module(test, t_intree, sizeof(t_intree), sig, sizeof(sig));
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	KUNIT_EXPECT_MEMEQ(test, d.data, want, 32);

	/* the empty placeholder: the same listed hash, and that of the file */
	img = t_module(test, t_intree, sizeof(t_intree), copy + T_SIG_OFF, T_SIG_LEN);
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	KUNIT_EXPECT_FALSE(test, d.has_sig);
	KUNIT_EXPECT_MEMEQ(test, d.data, want, 32);
	KUNIT_EXPECT_MEMEQ(test, d.file, want, 32);

	/* a byte of .text changed: another hash */
	img = t_module(test, t_intree, sizeof(t_intree), sig, sizeof(sig));
	img[T_TEXT_OFF + 5] ^= 1;
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	KUNIT_EXPECT_MEMNEQ(test, d.data, want, 32);

	/* a malformed container: never listed */
	sig[MODULE_PGP_SIG_HDR_LEN + 20] = 1;	/* non-zero padding */
	img = t_module(test, t_intree, sizeof(t_intree), sig, sizeof(sig));
	KUNIT_EXPECT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), -EBADMSG);
	/* not an ELF file: the whole file */
	KUNIT_ASSERT_EQ(test, module_hash_list_hash("abc", 3, how, &d), 0);
	sha256((const u8 *)"abc", 3, want);
	KUNIT_EXPECT_MEMEQ(test, d.data, want, 32);
}

/* The loader's decision: listed, not listed, not in-tree, hard errors. */
static void hash_list_check(struct kunit *test)
{
	const unsigned int how = T_ELF64 ? MODULE_PGP_ELF64 : 0;
	struct module_hash_list_digests d;
	struct module_hash_list list, empty = {};
	enum module_hash_list_reason why;
	struct load_info info = {};
	u8 sig[T_SIG_LEN], *img, *b;
	size_t len;

	t_container(sig);
	img = t_module(test, t_intree, sizeof(t_intree), sig, sizeof(sig));
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	b = t_list(test, 0, 2, &len);
	memcpy(b + T_HDR, d.data, T_ENT);
	module_hash_list_header(b, 1, 2, b + T_HDR);
	KUNIT_ASSERT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);

	info.hdr = (void *)img;
	info.len = T_LEN;
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), 0);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENOKEY), 0);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENOPKG), 0);
	/* hard errors of the signature checks stand */
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -EKEYREJECTED),
			-EKEYREJECTED);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -EBADMSG), -EBADMSG);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENOMEM), -ENOMEM);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&empty, &info, -ENODATA), -ENODATA);
	/* the module changed, or truncated (the PKCS#7 part counted) */
	info.len = T_LEN - 1;
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), -ENODATA);
	info.len = T_LEN;
	img[T_TEXT_OFF] ^= 0x80;
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENOKEY), -ENOKEY);
	img[T_TEXT_OFF] ^= 0x80;
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), 0);
	/* the same bytes without "intree=Y": not looked up */
	memcpy(img + T_INFO_OFF + 12, "intree=N", 8);
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	memcpy(b + T_HDR, d.data, T_ENT);
	module_hash_list_header(b, 1, 2, b + T_HDR);
	KUNIT_ASSERT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), -ENODATA);
	/* a malformed module_sig: not listed, although the hash of its data is */
	memcpy(img + T_INFO_OFF + 12, "intree=Y", 8);
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(img, T_LEN, how, &d), 0);
	memcpy(b + T_HDR, d.data, T_ENT);
	module_hash_list_header(b, 1, 2, b + T_HDR);
	KUNIT_ASSERT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), 0);
	img[T_SIG_OFF + T_SIG_LEN - 1] = 1;
	KUNIT_EXPECT_EQ(test, module_hash_list_check_in(&list, &info, -ENODATA), -ENODATA);
}

/*
 * For the record, not checked (make bench reads these lines, guest instructions under
 * QEMU -icount): a lookup in a list of 4200 entries (about the modules of Debian's 6.12
 * amd64 kernel), what a Merkle proof for as many modules would cost instead (13 levels:
 * SHA-256 of two 32-byte nodes each), and the loader's hash of a 1 MiB file.
 */
static void hash_list_speed(struct kunit *test)
{
	const unsigned int n = 4200, iters = 1000, levels = 13;
	struct module_hash_list_digests d;
	struct module_hash_list list;
	enum module_hash_list_reason why;
	unsigned int i, j, found = 0;
	u8 e[T_ENT], node[2 * T_ENT] = {};
	u64 t0, t_find, t_merkle, t_hash;
	size_t len;
	u8 *b = t_list(test, n, n, &len), *big;

	KUNIT_ASSERT_EQ(test, module_hash_list_parse(b, len, &list, &why), 0);
	t0 = ktime_get_ns();
	for (i = 0; i < iters; i++) {
		t_entry(e, (2 * i * 7 + (i & 1)) % (2 * n));	/* found, not found */
		found += module_hash_list_find(&list, e);
	}
	t_find = ktime_get_ns() - t0;
	KUNIT_EXPECT_EQ(test, found, iters / 2);
	t0 = ktime_get_ns();
	for (i = 0; i < iters; i++)
		for (j = 0; j < levels; j++)
			sha256(node, sizeof(node), node);
	t_merkle = ktime_get_ns() - t0;
	big = kunit_kzalloc(test, SZ_1M, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big);
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(big, SZ_1M, 0, &d), 0);
	t0 = ktime_get_ns();
	KUNIT_ASSERT_EQ(test, module_hash_list_hash(big, SZ_1M, 0, &d), 0);
	t_hash = ktime_get_ns() - t0;
	kunit_info(test, "%u entries (%zu bytes): lookup %llu ns, Merkle proof of %u levels %llu ns; module hash 1 MiB: %llu ns per pass\n",
		   n, len, div_u64(t_find, iters), levels, div_u64(t_merkle, iters), t_hash);
}

static struct kunit_case hash_list_test_cases[] = {
	KUNIT_CASE(hash_list_known_answer),
	KUNIT_CASE(hash_list_broken),
	KUNIT_CASE(hash_list_size),
	KUNIT_CASE(hash_list_find),
	KUNIT_CASE(hash_list_intree),
	KUNIT_CASE(hash_list_module_hash),
	KUNIT_CASE(hash_list_check),
	KUNIT_CASE(hash_list_speed),
	{}
};

static struct kunit_suite hash_list_test_suite = {
	.name = "module_hash_list",
	.test_cases = hash_list_test_cases,
};

kunit_test_suite(hash_list_test_suite);

MODULE_DESCRIPTION("KUnit tests for the list of a build's module hashes");
MODULE_LICENSE("GPL");
PGP_KUNIT_IMPORT_NS();
