// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the OpenPGP module signature check: module_sig location
 * and container validation on hostile ELF images (module_pgp_sig_locate()),
 * the errors module_pgp_sig_check() returns before any key is needed, and
 * the digests of the signed data (module_pgp_hash_pass(),
 * module_pgp_digest()).
 */

#include <kunit/test.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <crypto/pgp_compat.h>
#include "../internal.h"
#include "../signing_pgp.h"
#include "../signing_pgp_elf.h"

/* Test image: ELF header, .text, module_sig, .shstrtab, section table. */
#define T_TEXT_OFF	0x80
#define T_TEXT_LEN	0x40
#define T_SIG_OFF	0xc0
#define T_SIG_LEN	0x100
#define T_STR_OFF	0x1c0
#define T_SH_OFF	0x200
#define T_NSEC		4
#define T_PAYLOAD	40

static const char t_strtab[] = "\0.text\0module_sig\0.shstrtab\0";
#define T_NAME_TEXT	1
#define T_NAME_SIG	7
#define T_NAME_STR	18

/* The CPU's byte order, as the loader reads a module. */
#define T_ELFDATA	(IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? ELFDATA2MSB : ELFDATA2LSB)

struct t_img {
	u8 *buf;
	size_t len;
	bool elf64;
};

static size_t t_shentsize(const struct t_img *im)
{
	return im->elf64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
}

static void t_set_shdr(struct t_img *im, unsigned int i, u32 name, u32 type,
		       u64 flags, u64 off, u64 size)
{
	u8 *p = im->buf + T_SH_OFF + i * t_shentsize(im);

	if (im->elf64) {
		Elf64_Shdr s = { .sh_name = name, .sh_type = type, .sh_flags = flags,
				 .sh_offset = off, .sh_size = size };

		memcpy(p, &s, sizeof(s));
	} else {
		Elf32_Shdr s = { .sh_name = name, .sh_type = type, .sh_flags = flags,
				 .sh_offset = off, .sh_size = size };

		memcpy(p, &s, sizeof(s));
	}
}

static void t_set_ehdr(struct t_img *im, u64 shoff, u16 shentsize, u16 shnum,
		       u16 shstrndx)
{
	if (im->elf64) {
		Elf64_Ehdr h = { .e_type = ET_REL, .e_shoff = shoff,
				 .e_shentsize = shentsize, .e_shnum = shnum,
				 .e_shstrndx = shstrndx };

		memcpy(h.e_ident, ELFMAG, SELFMAG);
		h.e_ident[EI_CLASS] = ELFCLASS64;
		h.e_ident[EI_DATA] = T_ELFDATA;
		memcpy(im->buf, &h, sizeof(h));
	} else {
		Elf32_Ehdr h = { .e_type = ET_REL, .e_shoff = shoff,
				 .e_shentsize = shentsize, .e_shnum = shnum,
				 .e_shstrndx = shstrndx };

		memcpy(h.e_ident, ELFMAG, SELFMAG);
		h.e_ident[EI_CLASS] = ELFCLASS32;
		h.e_ident[EI_DATA] = T_ELFDATA;
		memcpy(im->buf, &h, sizeof(h));
	}
}

static void t_build(struct kunit *test, struct t_img *im, bool elf64)
{
	u8 *sig;

	im->elf64 = elf64;
	im->len = T_SH_OFF + T_NSEC * t_shentsize(im);
	im->buf = kunit_kzalloc(test, im->len + 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, im->buf);
	t_set_ehdr(im, T_SH_OFF, t_shentsize(im), T_NSEC, 3);
	memset(im->buf + T_TEXT_OFF, 0x90, T_TEXT_LEN);
	memcpy(im->buf + T_STR_OFF, t_strtab, sizeof(t_strtab));
	sig = im->buf + T_SIG_OFF;
	memcpy(sig, MODULE_PGP_SIG_MAGIC, 8);
	sig[8] = MODULE_PGP_SIG_VERSION;
	sig[15] = T_PAYLOAD;
	memset(sig + 16, 0xa5, T_PAYLOAD);
	t_set_shdr(im, 1, T_NAME_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
		   T_TEXT_OFF, T_TEXT_LEN);
	t_set_shdr(im, 2, T_NAME_SIG, SHT_PROGBITS, 0, T_SIG_OFF, T_SIG_LEN);
	t_set_shdr(im, 3, T_NAME_STR, SHT_STRTAB, 0, T_STR_OFF, sizeof(t_strtab));
}

/* One way to break the image, and the answer it must get. */
struct t_case {
	const char *name;
	void (*mutate)(struct t_img *im);
	int want;
	enum module_pgp_sig_reason why;
};

static void m_none(struct t_img *im)
{
}

static void m_short(struct t_img *im)
{
	im->len = im->elf64 ? 63 : 51;
}

static void m_magic(struct t_img *im)
{
	im->buf[1] = 'X';
}

static void m_shentsize(struct t_img *im)
{
	t_set_ehdr(im, T_SH_OFF, t_shentsize(im) + 8, T_NSEC, 3);
}

static void m_shoff_end(struct t_img *im)
{
	t_set_ehdr(im, im->len, t_shentsize(im), T_NSEC, 3);
}

static void m_shoff_wrap(struct t_img *im)
{
	t_set_ehdr(im, im->elf64 ? ~0ULL - 7 : 0xfffffff8u, t_shentsize(im), T_NSEC, 3);
}

static void m_shnum(struct t_img *im)
{
	t_set_ehdr(im, T_SH_OFF, t_shentsize(im), 0xffff, 3);
}

static void m_shstrndx(struct t_img *im)
{
	t_set_ehdr(im, T_SH_OFF, t_shentsize(im), T_NSEC, T_NSEC);
}

static void m_name_range(struct t_img *im)
{
	t_set_shdr(im, 2, 0xffffffffu, SHT_PROGBITS, 0, T_SIG_OFF, T_SIG_LEN);
}

static void m_unsigned(struct t_img *im)
{
	t_set_shdr(im, 2, T_NAME_TEXT, SHT_PROGBITS, 0, T_SIG_OFF, T_SIG_LEN);
}

static void m_two(struct t_img *im)
{
	t_set_shdr(im, 1, T_NAME_SIG, SHT_PROGBITS, 0, T_TEXT_OFF, T_TEXT_LEN);
}

static void m_alloc(struct t_img *im)
{
	t_set_shdr(im, 2, T_NAME_SIG, SHT_PROGBITS, SHF_ALLOC, T_SIG_OFF, T_SIG_LEN);
}

static void m_nobits(struct t_img *im)
{
	t_set_shdr(im, 2, T_NAME_SIG, SHT_NOBITS, 0, T_SIG_OFF, T_SIG_LEN);
}

static void m_past_end(struct t_img *im)
{
	t_set_shdr(im, 2, T_NAME_SIG, SHT_PROGBITS, 0, im->len - 8, T_SIG_LEN);
}

static void m_overlap(struct t_img *im)
{
	t_set_shdr(im, 2, T_NAME_SIG, SHT_PROGBITS, 0, T_TEXT_OFF + 0x20, T_SIG_LEN);
}

static void m_cmagic(struct t_img *im)
{
	im->buf[T_SIG_OFF] = 'X';
}

static void m_cversion(struct t_img *im)
{
	im->buf[T_SIG_OFF + 8] = 2;
}

static void m_creserved(struct t_img *im)
{
	im->buf[T_SIG_OFF + 11] = 1;
}

static void m_clen0(struct t_img *im)
{
	im->buf[T_SIG_OFF + 15] = 0;
}

static void m_clen_big(struct t_img *im)
{
	memset(im->buf + T_SIG_OFF + 12, 0xff, 4);
}

static void m_ctail(struct t_img *im)
{
	im->buf[T_SIG_OFF + T_SIG_LEN - 1] = 1;
}

/* Move module_sig to a new section of @size bytes after the section table. */
static void t_big_sig(struct kunit *test, struct t_img *im, size_t size)
{
	size_t off = T_SH_OFF + T_NSEC * t_shentsize(im);
	u8 *buf = kunit_kzalloc(test, off + size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memcpy(buf, im->buf, off);
	memcpy(buf + off, im->buf + T_SIG_OFF, 16 + T_PAYLOAD);
	memset(buf + T_SIG_OFF, 0, T_SIG_LEN);
	im->buf = buf;
	im->len = off + size;
	t_set_shdr(im, 2, T_NAME_SIG, SHT_PROGBITS, 0, off, size);
}

static void m_nonelf(struct t_img *im)
{
	memset(im->buf, 'x', im->len);
}

static const struct t_case t_cases[] = {
	{ "well-formed", m_none, 0, MODULE_PGP_SIG_FOUND },
	/* headers unreadable: not a module, left to the loader's ELF checks */
	{ "not ELF", m_nonelf, -ENODATA, MODULE_PGP_SIG_NOT_ELF },
	{ "truncated ELF header", m_short, -ENODATA, MODULE_PGP_SIG_EHDR_SHORT },
	{ "bad ELF magic", m_magic, -ENODATA, MODULE_PGP_SIG_NOT_ELF },
	{ "wrong e_shentsize", m_shentsize, -ENODATA, MODULE_PGP_SIG_SHENTSIZE },
	{ "e_shoff at end of file", m_shoff_end, -ENODATA, MODULE_PGP_SIG_SHTAB_OUTSIDE },
	{ "e_shoff wraps", m_shoff_wrap, -ENODATA, MODULE_PGP_SIG_SHTAB_OUTSIDE },
	{ "e_shnum past end of file", m_shnum, -ENODATA, MODULE_PGP_SIG_SHTAB_OUTSIDE },
	{ "e_shstrndx out of range", m_shstrndx, -ENODATA, MODULE_PGP_SIG_SHSTRNDX },
	{ "module_sig sh_name out of range", m_name_range, -ENODATA, MODULE_PGP_SIG_SEC_NAME },
	{ "no module_sig", m_unsigned, -ENODATA, MODULE_PGP_SIG_NO_SECTION },
	{ "two module_sig", m_two, -EBADMSG, MODULE_PGP_SIG_TWO },
	{ "module_sig SHF_ALLOC", m_alloc, -EBADMSG, MODULE_PGP_SIG_ALLOC },
	{ "module_sig SHT_NOBITS", m_nobits, -EBADMSG, MODULE_PGP_SIG_TYPE },
	{ "module_sig past end of file", m_past_end, -EBADMSG, MODULE_PGP_SIG_SEC_OUTSIDE },
	{ "module_sig overlaps .text", m_overlap, -EBADMSG, MODULE_PGP_SIG_OVER_SECTION },
	{ "container magic", m_cmagic, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
	{ "container version 2", m_cversion, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
	{ "container reserved byte", m_creserved, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
	{ "container payload_len 0", m_clen0, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
	{ "container payload_len too big", m_clen_big, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
	{ "container non-zero tail", m_ctail, -EBADMSG, MODULE_PGP_SIG_CONTAINER },
};

static void t_case_desc(const struct t_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(t_locate, t_cases, t_case_desc);

static void pgp_sig_locate_test(struct kunit *test)
{
	const struct t_case *c = test->param_value;
	struct module_pgp_sig_loc loc;
	struct t_img im;
	int e;

	for (e = 0; e <= 1; e++) {
		t_build(test, &im, e);
		c->mutate(&im);
		memset(&loc, 0, sizeof(loc));
		KUNIT_EXPECT_EQ_MSG(test, module_pgp_sig_locate(im.buf, im.len, e, &loc),
				    c->want, "ELF%d", e ? 64 : 32);
		KUNIT_EXPECT_EQ_MSG(test, loc.reason, c->why, "ELF%d: %s", e ? 64 : 32,
				    module_pgp_sig_reason(loc.reason));
		if (!c->want) {
			KUNIT_EXPECT_EQ(test, loc.sec_off, (size_t)T_SIG_OFF);
			KUNIT_EXPECT_EQ(test, loc.sec_size, (size_t)T_SIG_LEN);
			KUNIT_EXPECT_EQ(test, loc.payload_off, (size_t)T_SIG_OFF + 16);
			KUNIT_EXPECT_EQ(test, loc.payload_len, (size_t)T_PAYLOAD);
		}
	}
}

/*
 * MODULE_PGP_ELF_ANY (host tools): the class from e_ident[], ET_REL required;
 * the loader's reading leaves e_type to its own ELF checks.
 */
static void pgp_sig_locate_any_test(struct kunit *test)
{
	struct module_pgp_sig_loc loc;
	struct t_img im;
	int e;

	for (e = 0; e <= 1; e++) {
		t_build(test, &im, e);
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len,
							    MODULE_PGP_ELF_ANY, &loc), 0);
		KUNIT_EXPECT_EQ(test, loc.sec_off, (size_t)T_SIG_OFF);
		im.buf[EI_NIDENT] = ET_EXEC;
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len, e, &loc), 0);
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len,
							    MODULE_PGP_ELF_ANY, &loc),
				-ENODATA);
		KUNIT_EXPECT_EQ(test, loc.reason, MODULE_PGP_SIG_NOT_REL);
		im.buf[EI_CLASS] = 0;
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len,
							    MODULE_PGP_ELF_ANY, &loc),
				-ENODATA);
		KUNIT_EXPECT_EQ(test, loc.reason, MODULE_PGP_SIG_ELF_CLASS);
	}
	KUNIT_EXPECT_STREQ(test, module_pgp_sig_reason(MODULE_PGP_SIG_NR_REASONS),
			   "unknown reason");
}

/* module_sig at most MODULE_PGP_SIG_MAX_SIZE bytes, on both classes. */
static void pgp_sig_size_cap_test(struct kunit *test)
{
	struct module_pgp_sig_loc loc;
	struct t_img im;
	int e;

	for (e = 0; e <= 1; e++) {
		t_build(test, &im, e);
		t_big_sig(test, &im, MODULE_PGP_SIG_MAX_SIZE);
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len, e, &loc), 0);
		KUNIT_EXPECT_EQ(test, loc.sec_size, (size_t)MODULE_PGP_SIG_MAX_SIZE);
		t_build(test, &im, e);
		t_big_sig(test, &im, MODULE_PGP_SIG_MAX_SIZE + 1);
		KUNIT_EXPECT_EQ(test, module_pgp_sig_locate(im.buf, im.len, e, &loc),
				-EBADMSG);
	}
}

/*
 * The signed data: 1 MiB + 100 bytes, a 64 KiB module_sig, 1000 bytes, so
 * that the pass takes two chunks before module_sig and sixteen zero pages.
 */
#define T_PRE	(SZ_1M + 100)
#define T_SEC	MODULE_PGP_SIG_MAX_SIZE
#define T_POST	1000

/* SHA-256 of that pattern with module_sig as zeros, and as it is (Python hashlib). */
static const u8 t_data_sha256[SHA256_DIGEST_SIZE] = {
	0x60, 0xcb, 0xda, 0x98, 0x95, 0x8d, 0xe3, 0x07, 0x1f, 0x31, 0xe4, 0x4b,
	0x1a, 0x6b, 0xcb, 0x95, 0x95, 0x24, 0xce, 0x73, 0xb3, 0xdf, 0xf7, 0x44,
	0xd8, 0x26, 0x82, 0x86, 0xb8, 0x02, 0xb3, 0xd9,
};

static const u8 t_file_sha256[SHA256_DIGEST_SIZE] = {
	0x0a, 0xa2, 0xe3, 0xa3, 0xd8, 0xba, 0xbf, 0x63, 0x03, 0xb8, 0xd5, 0x7d,
	0x43, 0x20, 0x36, 0xd6, 0x70, 0xa1, 0xda, 0xf9, 0x87, 0x37, 0xc6, 0x93,
	0x8d, 0x73, 0xaa, 0x43, 0x00, 0x22, 0xbc, 0xc3,
};

static u8 *t_pattern(struct kunit *test, size_t len)
{
	u8 *buf = kunit_kmalloc(test, len, GFP_KERNEL);
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < len; i++)
		buf[i] = i * 131 + (i >> 8);
	return buf;
}

static void pgp_signed_data_sha256_test(struct kunit *test)
{
	const size_t len = T_PRE + T_SEC + T_POST;
	const struct module_pgp_sig_loc loc = { .sec_off = T_PRE, .sec_size = T_SEC };
	const struct module_pgp_sig_loc first = { .sec_size = T_SEC };
	const struct module_pgp_sig_loc last = { .sec_off = len - 7, .sec_size = 7 };
	struct module_pgp_hashes h = {};
	u8 *buf = t_pattern(test, len), *copy;
	u8 digest[SHA256_DIGEST_SIZE];

	KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(NULL, &h, buf, len, &loc, false), 0);
	KUNIT_ASSERT_TRUE(test, h.have_sha256);
	KUNIT_EXPECT_MEMEQ(test, h.data_sha256, t_data_sha256, SHA256_DIGEST_SIZE);
	KUNIT_EXPECT_MEMEQ(test, h.file_sha256, t_file_sha256, SHA256_DIGEST_SIZE);

	/* the same by the one-shot sha256() of a copy with module_sig zeroed */
	copy = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	memcpy(copy, buf, len);
	memset(copy + T_PRE, 0, T_SEC);
	sha256(copy, len, digest);
	KUNIT_EXPECT_MEMEQ(test, h.data_sha256, digest, SHA256_DIGEST_SIZE);
	sha256(buf, len, digest);
	KUNIT_EXPECT_MEMEQ(test, h.file_sha256, digest, SHA256_DIGEST_SIZE);

	/* module_sig's content changes only the hash of the whole file */
	buf[T_PRE + 5] ^= 1;
	memset(&h, 0, sizeof(h));
	KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(NULL, &h, buf, len, &loc, false), 0);
	KUNIT_EXPECT_MEMEQ(test, h.data_sha256, t_data_sha256, SHA256_DIGEST_SIZE);
	KUNIT_EXPECT_MEMNEQ(test, h.file_sha256, t_file_sha256, SHA256_DIGEST_SIZE);

	/* module_sig at the very start and at the very end of the file */
	memset(copy, 0, T_SEC);
	memcpy(copy + T_SEC, buf + T_SEC, len - T_SEC);
	sha256(copy, len, digest);
	memset(&h, 0, sizeof(h));
	KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(NULL, &h, buf, len, &first, false), 0);
	KUNIT_EXPECT_MEMEQ(test, h.data_sha256, digest, SHA256_DIGEST_SIZE);
	memcpy(copy, buf, len - 7);
	memset(copy + len - 7, 0, 7);
	sha256(copy, len, digest);
	memset(&h, 0, sizeof(h));
	KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(NULL, &h, buf, len, &last, false), 0);
	KUNIT_EXPECT_MEMEQ(test, h.data_sha256, digest, SHA256_DIGEST_SIZE);
}

/*
 * At most MODULE_PGP_MAX_HASHES passes; the first gives the SHA-256 digests
 * while the blacklist holds module hashes.
 */
static void pgp_hash_pass_bound_test(struct kunit *test)
{
	static const enum hash_algo algos[] = {
		HASH_ALGO_SHA512, HASH_ALGO_SHA256, HASH_ALGO_SHA384,
	};
	const struct module_pgp_sig_loc loc = { .sec_off = 100, .sec_size = 50 };
	struct module_pgp_hashes h = { .blacklist = true };
	struct pgp_hash_ctx *ctx;
	struct pgp_sig sig = {};
	u8 *buf = t_pattern(test, 1000);
	unsigned int i;

	BUILD_BUG_ON(ARRAY_SIZE(algos) != MODULE_PGP_MAX_HASHES + 1);
	sig.version = 4;
	for (i = 0; i < ARRAY_SIZE(algos); i++) {
		sig.hash = algos[i];
		if (i < MODULE_PGP_MAX_HASHES) {
			KUNIT_EXPECT_EQ(test,
					module_pgp_digest(&h, &sig, buf, 1000, &loc, &ctx), 0);
			KUNIT_EXPECT_NOT_NULL(test, ctx);
			pgp_hash_free(ctx);
		} else {
			KUNIT_EXPECT_EQ(test, module_pgp_digest(&h, &sig, buf, 1000, &loc, &ctx),
					-ENOPKG);
			KUNIT_EXPECT_NULL(test, ctx);
		}
		KUNIT_EXPECT_TRUE(test, h.have_sha256);
	}
	KUNIT_EXPECT_EQ(test, h.nr, MODULE_PGP_MAX_HASHES);
	/* an algorithm already hashed costs no further pass */
	sig.hash = algos[0];
	KUNIT_EXPECT_EQ(test, module_pgp_digest(&h, &sig, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	KUNIT_EXPECT_EQ(test, h.nr, MODULE_PGP_MAX_HASHES);
	for (i = 0; i < h.nr; i++)
		pgp_hash_free(h.ctx[i]);
}

/* With no module hash in the blacklist, no pass computes SHA-256 beside its own. */
static void pgp_hash_no_blacklist_test(struct kunit *test)
{
	const struct module_pgp_sig_loc loc = { .sec_off = 100, .sec_size = 50 };
	struct pgp_sig v4 = { .version = 4, .hash = HASH_ALGO_SHA512 };
	struct module_pgp_hashes h = { .blacklist = false };
	struct pgp_hash_ctx *ctx;
	u8 *buf = t_pattern(test, 1000);
	unsigned int i;

	KUNIT_ASSERT_EQ(test, module_pgp_digest(&h, &v4, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	v4.hash = HASH_ALGO_SHA256;	/* not even from a SHA-256 pass of its own */
	KUNIT_ASSERT_EQ(test, module_pgp_digest(&h, &v4, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	KUNIT_EXPECT_EQ(test, h.nr, 2U);
	KUNIT_EXPECT_FALSE(test, h.have_sha256);
	for (i = 0; i < h.nr; i++)
		pgp_hash_free(h.ctx[i]);
}

/*
 * A v4 SHA-256 signature's own pass gives the blacklist's digests: the same
 * as the SHA-256 computed beside another pass, wherever module_sig lies.
 */
static void pgp_shared_sha256_test(struct kunit *test)
{
	const size_t len = T_PRE + T_SEC + T_POST;
	const struct module_pgp_sig_loc locs[] = {
		{ .sec_off = T_PRE, .sec_size = T_SEC },
		{ .sec_size = T_SEC },
		{ .sec_off = len - 7, .sec_size = 7 },
	};
	struct pgp_sig sig = { .version = 4, .hash = HASH_ALGO_SHA256 };
	struct module_pgp_hashes alone, shared;
	struct pgp_hash_ctx *ctx;
	u8 *buf = t_pattern(test, len);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(locs); i++) {
		memset(&alone, 0, sizeof(alone));
		memset(&shared, 0, sizeof(shared));
		KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(NULL, &alone, buf, len, &locs[i],
							   false), 0);
		KUNIT_ASSERT_EQ(test, pgp_hash_init(&ctx, &sig), 0);
		KUNIT_ASSERT_EQ(test, module_pgp_hash_pass(ctx, &shared, buf, len, &locs[i],
							   true), 0);
		pgp_hash_free(ctx);
		KUNIT_ASSERT_TRUE(test, shared.have_sha256);
		KUNIT_EXPECT_MEMEQ(test, shared.data_sha256, alone.data_sha256, SHA256_DIGEST_SIZE);
		KUNIT_EXPECT_MEMEQ(test, shared.file_sha256, alone.file_sha256, SHA256_DIGEST_SIZE);
	}
}

/*
 * A v6 signature's salt is hashed before the file: two v6 signatures with
 * the same hash but different salts need two passes, a v4 one of that hash
 * a third; the same salt again costs none.
 */
static void pgp_v6_pass_per_salt_test(struct kunit *test)
{
	static const u8 salt_a[16] = { 1 }, salt_b[16] = { 2 };
	const struct module_pgp_sig_loc loc = { .sec_off = 100, .sec_size = 50 };
	struct pgp_sig a = { .version = 6, .hash = HASH_ALGO_SHA256, .salt = salt_a,
			     .salt_len = sizeof(salt_a) };
	struct pgp_sig b = a, v4 = { .version = 4, .hash = HASH_ALGO_SHA256 };
	struct module_pgp_hashes h = { .blacklist = true };
	struct pgp_hash_ctx *ctx;
	u8 *buf = t_pattern(test, 1000);
	unsigned int i;

	b.salt = salt_b;
	KUNIT_ASSERT_EQ(test, module_pgp_digest(&h, &a, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	KUNIT_EXPECT_EQ(test, h.nr, 1U);
	KUNIT_ASSERT_EQ(test, module_pgp_digest(&h, &a, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	KUNIT_EXPECT_EQ(test, h.nr, 1U);
	KUNIT_ASSERT_EQ(test, module_pgp_digest(&h, &b, buf, 1000, &loc, &ctx), 0);
	pgp_hash_free(ctx);
	KUNIT_EXPECT_EQ(test, h.nr, 2U);
	/* a third pass would be needed: refused */
	KUNIT_EXPECT_EQ(test, module_pgp_digest(&h, &v4, buf, 1000, &loc, &ctx), -ENOPKG);
	KUNIT_EXPECT_NULL(test, ctx);
	KUNIT_EXPECT_TRUE(test, h.have_sha256);
	for (i = 0; i < h.nr; i++)
		pgp_hash_free(h.ctx[i]);
}

/* Run the whole check on a native-class image with @payload as packets. */
static int t_check(struct kunit *test, const u8 *payload, size_t len)
{
	struct load_info info = {};
	struct t_img im;

	t_build(test, &im, IS_ENABLED(CONFIG_64BIT));
	KUNIT_ASSERT_LE(test, len, (size_t)T_SIG_LEN - 16);
	memset(im.buf + T_SIG_OFF + 16, 0, T_SIG_LEN - 16);
	memcpy(im.buf + T_SIG_OFF + 16, payload, len);
	im.buf[T_SIG_OFF + 14] = len >> 8;
	im.buf[T_SIG_OFF + 15] = len & 0xff;
	info.hdr = (void *)im.buf;
	info.len = im.len;
	return module_pgp_sig_check(&info);
}

static void pgp_sig_check_payload_test(struct kunit *test)
{
	/* a user ID packet where a signature must be */
	static const u8 uid[] = { 0xb4, 0x03, 'a', 'b', 'c' };
	/* a signature packet whose length runs past the payload */
	static const u8 cut[] = { 0xc2, 0x40, 0x04, 0x00 };
	/* 17 empty marker-tagged signature packets: more than allowed */
	u8 many[2 * 17];
	/* v4 signature packet of an unknown version 9 */
	static const u8 v9[] = { 0xc2, 0x06, 0x09, 0x00, 0x11, 0x08, 0x00, 0x00 };
	struct load_info info = {};
	struct t_img im;
	unsigned int i;

	for (i = 0; i < 17; i++) {
		many[2 * i] = 0xc2;
		many[2 * i + 1] = 0;
	}
	KUNIT_EXPECT_EQ(test, t_check(test, uid, sizeof(uid)), -EBADMSG);
	KUNIT_EXPECT_EQ(test, t_check(test, cut, sizeof(cut)), -EBADMSG);
	KUNIT_EXPECT_EQ(test, t_check(test, many, sizeof(many)), -EBADMSG);
	KUNIT_EXPECT_EQ(test, t_check(test, v9, sizeof(v9)), -ENOPKG);

	/* no module_sig at all: unsigned, and no signer recorded */
	t_build(test, &im, IS_ENABLED(CONFIG_64BIT));
	m_unsigned(&im);
	info.hdr = (void *)im.buf;
	info.len = im.len;
	info.pgp_signer_len = 7;
	KUNIT_EXPECT_EQ(test, module_pgp_sig_check(&info), -ENODATA);
	KUNIT_EXPECT_EQ(test, info.pgp_signer_len, 0);
}

static struct kunit_case pgp_modsig_test_cases[] = {
	KUNIT_CASE_PARAM(pgp_sig_locate_test, t_locate_gen_params),
	KUNIT_CASE(pgp_sig_locate_any_test),
	KUNIT_CASE(pgp_sig_check_payload_test),
	KUNIT_CASE(pgp_sig_size_cap_test),
	KUNIT_CASE(pgp_signed_data_sha256_test),
	KUNIT_CASE(pgp_hash_no_blacklist_test),
	KUNIT_CASE(pgp_hash_pass_bound_test),
	KUNIT_CASE(pgp_shared_sha256_test),
	KUNIT_CASE(pgp_v6_pass_per_salt_test),
	{}
};

static struct kunit_suite pgp_modsig_test_suite = {
	.name = "module_sig_pgp",
	.test_cases = pgp_modsig_test_cases,
};

kunit_test_suite(pgp_modsig_test_suite);

MODULE_DESCRIPTION("KUnit tests for OpenPGP module signature checking");
MODULE_LICENSE("GPL");
PGP_KUNIT_IMPORT_NS();
