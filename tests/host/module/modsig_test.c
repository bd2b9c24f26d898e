// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of module_pgp_sig_locate() (kernel/module/signing_pgp_elf.c):
 * builds small ELF64 and ELF32 relocatable images with a module_sig section,
 * breaks them one field at a time and checks the exact errno; then flips
 * random bytes of a good image and checks that every answer stays within
 * the file.  Prints TAP.  Built with ASan/UBSan by run.sh.
 */
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include "../../../kernel/module/signing_pgp_elf.h"

static int tests, failures;

static void ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	tests++;
	if (!cond)
		failures++;
	printf("%s %d - ", cond ? "ok" : "not ok", tests);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* Layout of the test image (offsets are the same for both classes). */
#define TEXT_OFF	0x80
#define TEXT_LEN	0x40
#define SIG_OFF		0xc0
#define SIG_LEN		0x100
#define STR_OFF		0x1c0
#define SH_OFF		0x200	/* section table */
#define NSEC		5	/* NULL, .text, module_sig, .bss, .shstrtab */
#define PAYLOAD_LEN	40

static const char strtab[] = "\0.text\0module_sig\0.bss\0.shstrtab\0module_sig2\0";
#define NAME_TEXT	1
#define NAME_SIG	7
#define NAME_BSS	18
#define NAME_STR	23
#define NAME_SIG2	33

struct img {
	u8 *buf;
	size_t len;
	bool elf64;
};

static size_t shentsize(const struct img *im)
{
	return im->elf64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
}

static void set_shdr(struct img *im, unsigned int i, u32 name, u32 type,
		     u64 flags, u64 off, u64 size)
{
	u8 *p = im->buf + SH_OFF + i * shentsize(im);

	if (im->elf64) {
		Elf64_Shdr s = { .sh_name = name, .sh_type = type, .sh_flags = flags,
				 .sh_offset = off, .sh_size = size, .sh_addralign = 1 };
		memcpy(p, &s, sizeof(s));
	} else {
		Elf32_Shdr s = { .sh_name = name, .sh_type = type, .sh_flags = (u32)flags,
				 .sh_offset = (u32)off, .sh_size = (u32)size,
				 .sh_addralign = 1 };
		memcpy(p, &s, sizeof(s));
	}
}

static void get_shdr(const struct img *im, unsigned int i, Elf64_Shdr *out)
{
	const u8 *p = im->buf + SH_OFF + i * shentsize(im);

	if (im->elf64) {
		memcpy(out, p, sizeof(*out));
	} else {
		Elf32_Shdr s;

		memcpy(&s, p, sizeof(s));
		out->sh_name = s.sh_name;
		out->sh_type = s.sh_type;
		out->sh_flags = s.sh_flags;
		out->sh_offset = s.sh_offset;
		out->sh_size = s.sh_size;
	}
}

/* Patch one field of section @i: 0 name, 1 type, 2 flags, 3 offset, 4 size. */
static void patch_shdr(struct img *im, unsigned int i, int field, u64 v)
{
	Elf64_Shdr s;

	get_shdr(im, i, &s);
	switch (field) {
	case 0: s.sh_name = (u32)v; break;
	case 1: s.sh_type = (u32)v; break;
	case 2: s.sh_flags = v; break;
	case 3: s.sh_offset = v; break;
	case 4: s.sh_size = v; break;
	}
	set_shdr(im, i, s.sh_name, s.sh_type, s.sh_flags, s.sh_offset, s.sh_size);
}

static void set_ehdr(struct img *im, u64 shoff, u16 shentsz, u16 shnum, u16 shstrndx)
{
	if (im->elf64) {
		Elf64_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		h.e_shoff = shoff;
		h.e_shentsize = shentsz;
		h.e_shnum = shnum;
		h.e_shstrndx = shstrndx;
		memcpy(im->buf, &h, sizeof(h));
	} else {
		Elf32_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		h.e_shoff = (u32)shoff;
		h.e_shentsize = shentsz;
		h.e_shnum = shnum;
		h.e_shstrndx = shstrndx;
		memcpy(im->buf, &h, sizeof(h));
	}
}

static void build(struct img *im, bool elf64)
{
	u8 *sig;

	im->elf64 = elf64;
	im->len = SH_OFF + NSEC * shentsize(im);
	im->buf = calloc(1, im->len);
	if (!im->buf)
		abort();
	memcpy(im->buf, ELFMAG, SELFMAG);
	im->buf[EI_CLASS] = elf64 ? ELFCLASS64 : ELFCLASS32;
	im->buf[EI_DATA] = ELFDATA2LSB;
	im->buf[EI_VERSION] = EV_CURRENT;
	if (elf64) {
		Elf64_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		h.e_type = ET_REL;
		h.e_machine = EM_X86_64;
		h.e_version = EV_CURRENT;
		h.e_ehsize = sizeof(h);
		memcpy(im->buf, &h, sizeof(h));
	} else {
		Elf32_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		h.e_type = ET_REL;
		h.e_machine = EM_386;
		h.e_version = EV_CURRENT;
		h.e_ehsize = sizeof(h);
		memcpy(im->buf, &h, sizeof(h));
	}
	set_ehdr(im, SH_OFF, shentsize(im), NSEC, 4);
	memset(im->buf + TEXT_OFF, 0x90, TEXT_LEN);
	memcpy(im->buf + STR_OFF, strtab, sizeof(strtab));
	sig = im->buf + SIG_OFF;
	memcpy(sig, "OPGPMSIG", 8);
	sig[8] = 1;
	sig[15] = PAYLOAD_LEN;
	memset(sig + 16, 0xa5, PAYLOAD_LEN);
	set_shdr(im, 1, NAME_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, TEXT_OFF, TEXT_LEN);
	set_shdr(im, 2, NAME_SIG, SHT_PROGBITS, 0, SIG_OFF, SIG_LEN);
	set_shdr(im, 3, NAME_BSS, SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0x12345678, 0x1000);
	set_shdr(im, 4, NAME_STR, SHT_STRTAB, 0, STR_OFF, sizeof(strtab));
}

/* Move module_sig to a new @size-byte section at the end of the file. */
static void big_sig(struct img *im, size_t size)
{
	size_t off = im->len;

	im->len += size;
	im->buf = realloc(im->buf, im->len);
	if (!im->buf)
		abort();
	memset(im->buf + off, 0, size);
	memcpy(im->buf + off, im->buf + SIG_OFF, 16 + PAYLOAD_LEN);
	memset(im->buf + SIG_OFF, 0, SIG_LEN);
	set_shdr(im, 2, NAME_SIG, SHT_PROGBITS, 0, off, size);
}

static int locate_how(const u8 *buf, size_t len, unsigned int how,
		      struct module_pgp_sig_loc *loc)
{
	u8 *copy;
	int ret;

	/* An exact-size heap copy, so that ASan sees any read past the end. */
	copy = malloc(len ? len : 1);
	if (!copy)
		abort();
	memcpy(copy, buf, len);
	memset(loc, 0xa5, sizeof(*loc));
	ret = module_pgp_sig_locate(copy, len, how, loc);
	free(copy);
	return ret;
}

static int locate(const struct img *im, struct module_pgp_sig_loc *loc)
{
	struct module_pgp_sig_loc tmp;

	return locate_how(im->buf, im->len, im->elf64 ? MODULE_PGP_ELF64 : 0,
			  loc ? loc : &tmp);
}

static void swap_field(u8 *p, size_t n)
{
	size_t a, b;

	for (a = 0, b = n - 1; a < b; a++, b--) {
		u8 t = p[a];

		p[a] = p[b];
		p[b] = t;
	}
}

/*
 * The image in the other byte order (e_ident says big-endian), as a module
 * of s390x is: the header's fields and those of the section headers the
 * header names (as far as they lie in the file) swapped, the rest as it
 * is.  NULL for an image with no whole ELF header.
 */
static u8 *swapped(const struct img *im)
{
	static const u8 eh64[] = { 2, 2, 4, 8, 8, 8, 4, 2, 2, 2, 2, 2, 2 };
	static const u8 eh32[] = { 2, 2, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2 };
	static const u8 sh64[] = { 4, 4, 8, 8, 8, 8, 4, 4, 8, 8 };
	static const u8 sh32[] = { 4, 4, 4, 4, 4, 4, 4, 4, 4, 4 };
	size_t ehsz = im->elf64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	size_t shsz = shentsize(im), k, off;
	u64 shoff;
	u16 shnum;
	unsigned int i;
	u8 *v, *p;

	if (im->len < ehsz || memcmp(im->buf, ELFMAG, SELFMAG))
		return NULL;
	if (im->elf64) {
		Elf64_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		shoff = h.e_shoff;
		shnum = h.e_shnum;
	} else {
		Elf32_Ehdr h;

		memcpy(&h, im->buf, sizeof(h));
		shoff = h.e_shoff;
		shnum = h.e_shnum;
	}
	v = malloc(im->len);
	if (!v)
		abort();
	memcpy(v, im->buf, im->len);
	v[EI_DATA] = ELFDATA2MSB;
	for (p = v + EI_NIDENT, k = 0; k < 13; k++) {
		swap_field(p, (im->elf64 ? eh64 : eh32)[k]);
		p += (im->elf64 ? eh64 : eh32)[k];
	}
	for (i = 0; i < shnum; i++) {
		off = shoff + (u64)i * shsz;
		if (shoff >= im->len || off > im->len - shsz)
			break;
		for (p = v + off, k = 0; k < 10; k++) {
			swap_field(p, (im->elf64 ? sh64 : sh32)[k]);
			p += (im->elf64 ? sh64 : sh32)[k];
		}
	}
	return v;
}

static const char *ename(int e)
{
	switch (e) {
	case 0: return "0";
	case -ENODATA: return "ENODATA";
	case -EBADMSG: return "EBADMSG";
	default: return "other";
	}
}

/*
 * The answer and its reason, as the loader reads the image, as a host tool
 * reads it (class and byte order from e_ident[]) and as a host tool reads
 * it in the other byte order.
 */
#define EXPECT(im, want, why, what) do {				\
	struct module_pgp_sig_loc __l;					\
	u8 *__v = swapped(im);						\
	int __r = locate(im, &__l), __ra, __rs = (want);		\
	enum module_pgp_sig_reason __wa, __ws = (why);			\
									\
	__ra = locate_how((im)->buf, (im)->len, MODULE_PGP_ELF_ANY, &__l); \
	__wa = __l.reason;						\
	__r = locate(im, &__l);						\
	if (__v) {							\
		struct module_pgp_sig_loc __s;				\
									\
		__rs = locate_how(__v, (im)->len, MODULE_PGP_ELF_ANY, &__s); \
		__ws = __s.reason;					\
		if (!__rs && memcmp(&__s, &__l, sizeof(__s)))		\
			__rs = 1;					\
	}								\
	free(__v);							\
	ok(__r == (want) && __l.reason == (why) && __ra == __r &&	\
	   __wa == (why) && __rs == __r && __ws == (why),		\
	   "%s: %s -> %s, %s (got %s, %s; any: %s %s; swapped: %s %s)",	\
	   (im)->elf64 ? "elf64" : "elf32", what, ename(want),		\
	   module_pgp_sig_reason(why), ename(__r),			\
	   module_pgp_sig_reason(__l.reason), ename(__ra),		\
	   module_pgp_sig_reason(__wa), ename(__rs),			\
	   module_pgp_sig_reason(__ws));				\
} while (0)

/* Run @mutate on a fresh image and expect @want for the reason MODULE_PGP_SIG_@why. */
#define CASE(elf64, want, why, what, ...) do {				\
	struct img im;							\
	build(&im, elf64);						\
	__VA_ARGS__;							\
	EXPECT(&im, want, MODULE_PGP_SIG_##why, what);			\
	free(im.buf);							\
} while (0)

static void class_cases(bool e64)
{
	struct module_pgp_sig_loc loc;
	struct img im;
	size_t shsz;
	int ret;

	build(&im, e64);
	shsz = shentsize(&im);
	memset(&loc, 0, sizeof(loc));
	ret = locate(&im, &loc);
	ok(ret == 0 && loc.sec_off == SIG_OFF && loc.sec_size == SIG_LEN &&
	   loc.payload_off == SIG_OFF + 16 && loc.payload_len == PAYLOAD_LEN,
	   "%s: well-formed module_sig located (off %zu size %zu payload %zu+%zu)",
	   e64 ? "elf64" : "elf32", loc.sec_off, loc.sec_size, loc.payload_off,
	   loc.payload_len);
	free(im.buf);

	/* ELF header and section table unreadable: not a module, no module_sig */
	CASE(e64, -ENODATA, NOT_ELF, "not an ELF file (text)",
	     memset(im.buf, 'x', im.len));
	CASE(e64, -ENODATA, NOT_ELF, "empty file", im.len = 0);
	CASE(e64, -ENODATA, EHDR_SHORT, "truncated ELF header", im.len = (e64 ? 63 : 51));
	CASE(e64, -ENODATA, NOT_ELF, "bad ELF magic", im.buf[1] = 'X');
	CASE(e64, -ENODATA, SHENTSIZE, "e_shentsize wrong",
	     set_ehdr(&im, SH_OFF, shsz + 8, NSEC, 4));
	CASE(e64, -ENODATA, SHTAB_OUTSIDE, "e_shoff past end of file",
	     set_ehdr(&im, im.len + 100, shsz, NSEC, 4));
	CASE(e64, -ENODATA, SHTAB_OUTSIDE, "e_shoff == file length",
	     set_ehdr(&im, im.len, shsz, NSEC, 4));
	CASE(e64, -ENODATA, SHTAB_OUTSIDE, "e_shoff huge (wraps)",
	     set_ehdr(&im, e64 ? ~0ULL - 8 : 0xfffffff8u, shsz, NSEC, 4));
	CASE(e64, -ENODATA, SHTAB_OUTSIDE, "section table runs past end (truncated file)",
	     im.len -= 1);
	CASE(e64, -ENODATA, SHTAB_OUTSIDE, "e_shnum overflow (65535 sections)",
	     set_ehdr(&im, SH_OFF, shsz, 0xffff, 4));
	CASE(e64, -ENODATA, SHSTRNDX, "e_shnum = 0", set_ehdr(&im, SH_OFF, shsz, 0, 0));
	CASE(e64, -ENODATA, SHSTRNDX, "e_shstrndx = SHN_UNDEF",
	     set_ehdr(&im, SH_OFF, shsz, NSEC, 0));
	CASE(e64, -ENODATA, SHSTRNDX, "e_shstrndx >= e_shnum",
	     set_ehdr(&im, SH_OFF, shsz, NSEC, NSEC));
	CASE(e64, -ENODATA, SHSTRTAB, "section name table not SHT_STRTAB",
	     patch_shdr(&im, 4, 1, SHT_PROGBITS));
	CASE(e64, -ENODATA, SHSTRTAB, "section name table empty", patch_shdr(&im, 4, 4, 0));
	CASE(e64, -ENODATA, SHSTRTAB, "section name table past end of file",
	     patch_shdr(&im, 4, 3, im.len - 4));
	CASE(e64, -ENODATA, SHSTRTAB, "section name table offset+size wraps",
	     patch_shdr(&im, 4, 3, e64 ? ~0ULL - 2 : 0xfffffffeu));
	/* a section the loader refuses: malformed beside module_sig, else unsigned */
	CASE(e64, -EBADMSG, SEC_NAME, "sh_name out of range (== table size) beside module_sig",
	     patch_shdr(&im, 1, 0, sizeof(strtab)));
	CASE(e64, -ENODATA, SEC_NAME, "module_sig's sh_name out of range (0xffffffff)",
	     patch_shdr(&im, 2, 0, 0xffffffffu));
	CASE(e64, -EBADMSG, SEC_OUTSIDE, "other section (.text) past end of file beside module_sig",
	     patch_shdr(&im, 1, 4, im.len));
	CASE(e64, -ENODATA, SEC_OUTSIDE, ".text past end of file, no module_sig",
	     patch_shdr(&im, 1, 4, im.len); patch_shdr(&im, 2, 0, NAME_TEXT));
	CASE(e64, -EBADMSG, SEC_OUTSIDE, "module_sig before a section past end of file",
	     patch_shdr(&im, 3, 1, SHT_PROGBITS));
	CASE(e64, 0, FOUND, "SHT_NOBITS section with offset past end is fine",
	     patch_shdr(&im, 3, 3, e64 ? ~0ULL : 0xffffffffu));
	CASE(e64, 0, FOUND, "unaligned section table",
	     im.len += 1; im.buf = realloc(im.buf, im.len);
	     memmove(im.buf + SH_OFF + 1, im.buf + SH_OFF, NSEC * shsz);
	     set_ehdr(&im, SH_OFF + 1, shsz, NSEC, 4));

	/* finding module_sig */
	CASE(e64, -ENODATA, NO_SECTION, "no module_sig section (unsigned module)",
	     patch_shdr(&im, 2, 0, NAME_TEXT));
	CASE(e64, -ENODATA, NO_SECTION, "\"module_sig2\" is not module_sig",
	     patch_shdr(&im, 2, 0, NAME_SIG2));
	CASE(e64, -ENODATA, NO_SECTION, "name \"module_si\" cut by the end of the name table",
	     patch_shdr(&im, 4, 4, NAME_SIG + 9); patch_shdr(&im, 1, 0, 0);
	     patch_shdr(&im, 3, 0, 0); patch_shdr(&im, 4, 0, 0));
	CASE(e64, -ENODATA, NO_SECTION, "SHT_NULL section named module_sig is ignored",
	     patch_shdr(&im, 2, 1, SHT_NULL));
	CASE(e64, -EBADMSG, TWO, "two module_sig sections",
	     patch_shdr(&im, 1, 0, NAME_SIG); patch_shdr(&im, 1, 2, 0));
	CASE(e64, -EBADMSG, ALLOC, "module_sig with SHF_ALLOC",
	     patch_shdr(&im, 2, 2, SHF_ALLOC));
	CASE(e64, -EBADMSG, TYPE, "module_sig is SHT_NOBITS",
	     patch_shdr(&im, 2, 1, SHT_NOBITS));
	CASE(e64, -EBADMSG, TYPE, "module_sig is SHT_NOTE", patch_shdr(&im, 2, 1, SHT_NOTE));
	CASE(e64, -EBADMSG, SEC_OUTSIDE, "module_sig past end of file",
	     patch_shdr(&im, 2, 3, im.len - 8));
	CASE(e64, -EBADMSG, SEC_OUTSIDE, "module_sig size past end of file",
	     patch_shdr(&im, 2, 4, im.len));
	CASE(e64, -EBADMSG, SEC_OUTSIDE, "module_sig offset+size wraps",
	     patch_shdr(&im, 2, 4, e64 ? ~0ULL - 0x40 : 0xffffffc0u));
	CASE(e64, -EBADMSG, OVER_SECTION, "module_sig overlaps .text",
	     patch_shdr(&im, 2, 3, TEXT_OFF + 0x20);
	     memmove(im.buf + TEXT_OFF + 0x20, im.buf + SIG_OFF, 0x60);
	     patch_shdr(&im, 2, 4, 0x60));
	CASE(e64, -EBADMSG, OVER_EHDR, "module_sig overlaps the ELF header",
	     patch_shdr(&im, 2, 3, 0));
	CASE(e64, -EBADMSG, OVER_SHTAB, "module_sig overlaps the section table",
	     patch_shdr(&im, 2, 3, SH_OFF - 0x10); patch_shdr(&im, 2, 4, 0x20));

	/* the container */
	CASE(e64, -EBADMSG, CONTAINER, "container shorter than its 16-byte header",
	     patch_shdr(&im, 2, 4, 15));
	CASE(e64, -EBADMSG, CONTAINER, "container bad magic", im.buf[SIG_OFF + 7] = 'X');
	CASE(e64, -EBADMSG, CONTAINER, "container version 0", im.buf[SIG_OFF + 8] = 0);
	CASE(e64, -EBADMSG, CONTAINER, "container version 2", im.buf[SIG_OFF + 8] = 2);
	CASE(e64, -EBADMSG, CONTAINER, "container reserved byte set", im.buf[SIG_OFF + 10] = 1);
	CASE(e64, -EBADMSG, CONTAINER, "container payload_len 0", im.buf[SIG_OFF + 15] = 0);
	CASE(e64, -EBADMSG, CONTAINER, "container payload_len past section end",
	     im.buf[SIG_OFF + 14] = (SIG_LEN - 16 + 1) >> 8;
	     im.buf[SIG_OFF + 15] = (SIG_LEN - 16 + 1) & 0xff);
	CASE(e64, -EBADMSG, CONTAINER, "container payload_len 0xffffffff",
	     memset(im.buf + SIG_OFF + 12, 0xff, 4));
	CASE(e64, 0, FOUND, "container payload fills the section exactly",
	     memset(im.buf + SIG_OFF + 16, 0xa5, SIG_LEN - 16);
	     im.buf[SIG_OFF + 14] = (SIG_LEN - 16) >> 8;
	     im.buf[SIG_OFF + 15] = (SIG_LEN - 16) & 0xff);
	CASE(e64, -EBADMSG, CONTAINER, "container non-zero byte after the payload",
	     im.buf[SIG_OFF + 16 + PAYLOAD_LEN] = 1);
	CASE(e64, -EBADMSG, CONTAINER, "container non-zero last byte",
	     im.buf[SIG_OFF + SIG_LEN - 1] = 0x80);

	/* the size cap */
	CASE(e64, 0, FOUND, "module_sig of MODULE_PGP_SIG_MAX_SIZE (64 KiB) bytes",
	     big_sig(&im, MODULE_PGP_SIG_MAX_SIZE));
	CASE(e64, -EBADMSG, TOO_BIG, "module_sig of MODULE_PGP_SIG_MAX_SIZE + 1 bytes",
	     big_sig(&im, MODULE_PGP_SIG_MAX_SIZE + 1));
	CASE(e64, -EBADMSG, TOO_BIG, "module_sig of 16 MiB",
	     big_sig(&im, 16 << 20));
}

/*
 * What only a host tool's reading (MODULE_PGP_ELF_ANY) refuses: the loader
 * reads its own class and byte order and leaves e_type to its ELF checks.
 */
static void any_cases(bool e64)
{
	static const struct {
		const char *what;
		unsigned int at, value;
		enum module_pgp_sig_reason why;
	} c[] = {
		{ "e_type ET_EXEC", EI_NIDENT, ET_EXEC, MODULE_PGP_SIG_NOT_REL },
		{ "e_ident class 3", EI_CLASS, 3, MODULE_PGP_SIG_ELF_CLASS },
		{ "e_ident data 0", EI_DATA, 0, MODULE_PGP_SIG_ELF_DATA },
	};
	struct module_pgp_sig_loc loc, any;
	unsigned int i;
	struct img im;
	int r, ra;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		build(&im, e64);
		im.buf[c[i].at] = c[i].value;
		r = locate(&im, &loc);
		ra = locate_how(im.buf, im.len, MODULE_PGP_ELF_ANY, &any);
		ok(r == 0 && loc.reason == MODULE_PGP_SIG_FOUND && ra == -ENODATA &&
		   any.reason == c[i].why,
		   "%s: %s: the loader's reading finds module_sig; a host tool's: %s (got %s, %s)",
		   e64 ? "elf64" : "elf32", c[i].what, module_pgp_sig_reason(c[i].why),
		   ename(r), module_pgp_sig_reason(any.reason));
		free(im.buf);
	}
}

/* Random byte flips: answers stay in the file and in the errno set. */
static void random_flips(bool e64, unsigned int rounds)
{
	unsigned int i, bad = 0, found = 0;
	struct img im;
	u32 seed = 12345;

	build(&im, e64);
	for (i = 0; i < rounds; i++) {
		struct module_pgp_sig_loc loc;
		u8 save[4];
		size_t pos[4];
		int k, n = 1 + (seed % 4), ret;

		for (k = 0; k < n; k++) {
			seed = seed * 1103515245 + 12345;
			pos[k] = (seed >> 8) % im.len;
			save[k] = im.buf[pos[k]];
			seed = seed * 1103515245 + 12345;
			im.buf[pos[k]] ^= (u8)(1u << ((seed >> 16) % 8));
		}
		ret = locate(&im, &loc);
		if (ret == 0) {
			found++;
			if (loc.sec_off + loc.sec_size > im.len ||
			    loc.payload_off < loc.sec_off ||
			    loc.payload_off + loc.payload_len > loc.sec_off + loc.sec_size)
				bad++;
		} else if (ret != -ENODATA && ret != -EBADMSG) {
			bad++;
		}
		for (k = n - 1; k >= 0; k--)
			im.buf[pos[k]] = save[k];
	}
	ok(bad == 0, "%s: %u random 1-4 bit flips: all answers bounded (%u still valid)",
	   e64 ? "elf64" : "elf32", rounds, found);
	free(im.buf);
}

/* "modsig_test FILE [32]": locate module_sig in a real file, print the result. */
static int locate_file(const char *path, bool elf64)
{
	struct module_pgp_sig_loc loc;
	struct img im = { .elf64 = elf64 };
	FILE *f = fopen(path, "rb");
	long n;
	int ret;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		perror(path);
		return 2;
	}
	im.len = n;
	im.buf = malloc(im.len ? im.len : 1);
	if (!im.buf || fread(im.buf, 1, im.len, f) != im.len) {
		perror(path);
		return 2;
	}
	fclose(f);
	ret = locate(&im, &loc);
	if (ret)
		printf("%s\n", ename(ret));
	else
		printf("0 %zu %zu %zu %zu\n", loc.sec_off, loc.sec_size,
		       loc.payload_off, loc.payload_len);
	free(im.buf);
	return 0;
}

/* "modsig_test --seed DIR": write the good images as fuzzing seeds. */
static int write_seeds(const char *dir)
{
	char path[4096];
	int e64;

	for (e64 = 0; e64 <= 1; e64++) {
		struct img im;
		FILE *f;

		build(&im, e64);
		snprintf(path, sizeof(path), "%s/elf%d.bin", dir, e64 ? 64 : 32);
		f = fopen(path, "wb");
		if (!f || fwrite(im.buf, 1, im.len, f) != im.len || fclose(f)) {
			perror(path);
			return 2;
		}
		free(im.buf);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--seed"))
		return write_seeds(argv[2]);
	if (argc >= 2)
		return locate_file(argv[1], !(argc == 3 && !strcmp(argv[2], "32")));

	printf("TAP version 13\n");
	class_cases(true);
	class_cases(false);
	any_cases(true);
	any_cases(false);
	random_flips(true, 20000);
	random_flips(false, 20000);
	printf("1..%d\n", tests);
	return failures ? 1 : 0;
}
