// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the OpenPGP module signature check: module_sig location
 * and container validation on hostile ELF images (module_pgp_sig_locate()),
 * and the errors module_pgp_sig_check() returns before any key is needed.
 */

#include <kunit/test.h>
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/string.h>
#include "internal.h"
#include "signing_pgp_elf.h"

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
		memcpy(im->buf, &h, sizeof(h));
	} else {
		Elf32_Ehdr h = { .e_type = ET_REL, .e_shoff = shoff,
				 .e_shentsize = shentsize, .e_shnum = shnum,
				 .e_shstrndx = shstrndx };

		memcpy(h.e_ident, ELFMAG, SELFMAG);
		h.e_ident[EI_CLASS] = ELFCLASS32;
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

static const struct t_case t_cases[] = {
	{ "well-formed", m_none, 0 },
	{ "truncated ELF header", m_short, -EBADMSG },
	{ "bad ELF magic", m_magic, -EBADMSG },
	{ "wrong e_shentsize", m_shentsize, -EBADMSG },
	{ "e_shoff at end of file", m_shoff_end, -EBADMSG },
	{ "e_shoff wraps", m_shoff_wrap, -EBADMSG },
	{ "e_shnum past end of file", m_shnum, -EBADMSG },
	{ "e_shstrndx out of range", m_shstrndx, -EBADMSG },
	{ "sh_name out of range", m_name_range, -EBADMSG },
	{ "no module_sig", m_unsigned, -ENODATA },
	{ "two module_sig", m_two, -EBADMSG },
	{ "module_sig SHF_ALLOC", m_alloc, -EBADMSG },
	{ "module_sig SHT_NOBITS", m_nobits, -EBADMSG },
	{ "module_sig past end of file", m_past_end, -EBADMSG },
	{ "module_sig overlaps .text", m_overlap, -EBADMSG },
	{ "container magic", m_cmagic, -EBADMSG },
	{ "container version 2", m_cversion, -EBADMSG },
	{ "container reserved byte", m_creserved, -EBADMSG },
	{ "container payload_len 0", m_clen0, -EBADMSG },
	{ "container payload_len too big", m_clen_big, -EBADMSG },
	{ "container non-zero tail", m_ctail, -EBADMSG },
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
		if (!c->want) {
			KUNIT_EXPECT_EQ(test, loc.sec_off, (size_t)T_SIG_OFF);
			KUNIT_EXPECT_EQ(test, loc.sec_size, (size_t)T_SIG_LEN);
			KUNIT_EXPECT_EQ(test, loc.payload_off, (size_t)T_SIG_OFF + 16);
			KUNIT_EXPECT_EQ(test, loc.payload_len, (size_t)T_PAYLOAD);
		}
	}
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
	KUNIT_CASE(pgp_sig_check_payload_test),
	{}
};

static struct kunit_suite pgp_modsig_test_suite = {
	.name = "module_sig_pgp",
	.test_cases = pgp_modsig_test_cases,
};

kunit_test_suite(pgp_modsig_test_suite);

MODULE_DESCRIPTION("KUnit tests for OpenPGP module signature checking");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
