// SPDX-License-Identifier: GPL-2.0
/*
 * Locate the "module_sig" section of an OpenPGP-signed module and validate
 * its container, reading the ELF header and section table of an untrusted
 * file with bounds checks only.
 *
 * The loader calls this before any ELF validation, so every field is
 * hostile: e_shoff, e_shnum, e_shentsize, e_shstrndx, sh_name, sh_offset and
 * sh_size are range-checked before use, headers are copied out with memcpy()
 * (the section table need not be aligned), and sums use check_add_overflow().
 * The checks are a subset of those elf_validity_cache_copy() applies later,
 * so a module without module_sig that the loader would accept is never
 * refused here.  The loader's modules are read in its own class and the
 * CPU's byte order, as the loader reads them; host tools read a module of
 * any architecture in the class and byte order its e_ident[] gives.  Every
 * answer comes with its reason (enum module_pgp_sig_reason).
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/string.h>
#include <linux/swab.h>
#include <kunit/visibility.h>
#include <linux/unaligned.h>
#include "signing_pgp_elf.h"

/* The fields of an ELF header this code needs, in the CPU's byte order. */
struct pgp_elf_ehdr {
	u64 shoff;
	size_t ehsize;		/* sizeof the header for this class */
	size_t shentsize;	/* required e_shentsize */
	u16 shnum, shstrndx;
	bool elf64;
	bool swap;		/* the file's byte order is not the CPU's */
};

/* The fields of a section header this code needs. */
struct pgp_elf_shdr {
	u32 name, type;
	u64 flags, offset, size;
};

static u16 pgp_elf16(const struct pgp_elf_ehdr *eh, u16 v)
{
	return eh->swap ? swab16(v) : v;
}

static u32 pgp_elf32(const struct pgp_elf_ehdr *eh, u32 v)
{
	return eh->swap ? swab32(v) : v;
}

static u64 pgp_elf64(const struct pgp_elf_ehdr *eh, u64 v)
{
	return eh->swap ? swab64(v) : v;
}

/* The class and byte order of e_ident[] (MODULE_PGP_ELF_ANY). */
static enum module_pgp_sig_reason pgp_elf_ident(const u8 *file, size_t len,
						struct pgp_elf_ehdr *eh)
{
	u8 native = IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? ELFDATA2MSB : ELFDATA2LSB;

	if (len <= EI_DATA)
		return MODULE_PGP_SIG_EHDR_SHORT;
	if (file[EI_CLASS] != ELFCLASS32 && file[EI_CLASS] != ELFCLASS64)
		return MODULE_PGP_SIG_ELF_CLASS;
	if (file[EI_DATA] != ELFDATA2LSB && file[EI_DATA] != ELFDATA2MSB)
		return MODULE_PGP_SIG_ELF_DATA;
	eh->elf64 = file[EI_CLASS] == ELFCLASS64;
	eh->swap = file[EI_DATA] != native;
	return MODULE_PGP_SIG_FOUND;
}

static enum module_pgp_sig_reason pgp_elf_read_ehdr(const u8 *file, size_t len,
						    unsigned int how,
						    struct pgp_elf_ehdr *eh)
{
	enum module_pgp_sig_reason why;
	u16 type, shentsize;

	if (len < SELFMAG || memcmp(file, ELFMAG, SELFMAG))
		return MODULE_PGP_SIG_NOT_ELF;
	eh->elf64 = how & MODULE_PGP_ELF64;
	eh->swap = false;
	if (how & MODULE_PGP_ELF_ANY) {
		why = pgp_elf_ident(file, len, eh);
		if (why)
			return why;
	}
	if (eh->elf64) {
		Elf64_Ehdr h;

		if (len < sizeof(h))
			return MODULE_PGP_SIG_EHDR_SHORT;
		memcpy(&h, file, sizeof(h));
		type = pgp_elf16(eh, h.e_type);
		shentsize = pgp_elf16(eh, h.e_shentsize);
		eh->shoff = pgp_elf64(eh, h.e_shoff);
		eh->shnum = pgp_elf16(eh, h.e_shnum);
		eh->shstrndx = pgp_elf16(eh, h.e_shstrndx);
		eh->ehsize = sizeof(h);
		eh->shentsize = sizeof(Elf64_Shdr);
	} else {
		Elf32_Ehdr h;

		if (len < sizeof(h))
			return MODULE_PGP_SIG_EHDR_SHORT;
		memcpy(&h, file, sizeof(h));
		type = pgp_elf16(eh, h.e_type);
		shentsize = pgp_elf16(eh, h.e_shentsize);
		eh->shoff = pgp_elf32(eh, h.e_shoff);
		eh->shnum = pgp_elf16(eh, h.e_shnum);
		eh->shstrndx = pgp_elf16(eh, h.e_shstrndx);
		eh->ehsize = sizeof(h);
		eh->shentsize = sizeof(Elf32_Shdr);
	}
	/* (the loader checks e_type itself, after this) */
	if ((how & MODULE_PGP_ELF_ANY) && type != ET_REL)
		return MODULE_PGP_SIG_NOT_REL;
	if (shentsize != eh->shentsize)
		return MODULE_PGP_SIG_SHENTSIZE;
	/* The table must lie inside the file (shnum * shentsize < 2^22). */
	if (eh->shoff >= len || (u64)eh->shnum * eh->shentsize > len - eh->shoff)
		return MODULE_PGP_SIG_SHTAB_OUTSIDE;
	/* Section names need a string table; 0 sections means none. */
	if (eh->shstrndx == SHN_UNDEF || eh->shstrndx >= eh->shnum)
		return MODULE_PGP_SIG_SHSTRNDX;
	return MODULE_PGP_SIG_FOUND;
}

/* Section header @i; the caller checked i < shnum, so it is in the file. */
static void pgp_elf_read_shdr(const u8 *file, const struct pgp_elf_ehdr *eh,
			      unsigned int i, struct pgp_elf_shdr *sh)
{
	const u8 *p = file + eh->shoff + (size_t)i * eh->shentsize;

	if (eh->elf64) {
		Elf64_Shdr s;

		memcpy(&s, p, sizeof(s));
		sh->name = pgp_elf32(eh, s.sh_name);
		sh->type = pgp_elf32(eh, s.sh_type);
		sh->flags = pgp_elf64(eh, s.sh_flags);
		sh->offset = pgp_elf64(eh, s.sh_offset);
		sh->size = pgp_elf64(eh, s.sh_size);
	} else {
		Elf32_Shdr s;

		memcpy(&s, p, sizeof(s));
		sh->name = pgp_elf32(eh, s.sh_name);
		sh->type = pgp_elf32(eh, s.sh_type);
		sh->flags = pgp_elf32(eh, s.sh_flags);
		sh->offset = pgp_elf32(eh, s.sh_offset);
		sh->size = pgp_elf32(eh, s.sh_size);
	}
}

/* Has the section content bytes in the file (not SHT_NULL/SHT_NOBITS)? */
static bool pgp_elf_has_content(const struct pgp_elf_shdr *sh)
{
	return sh->type != SHT_NULL && sh->type != SHT_NOBITS;
}

/* Is [off, off + size) inside a file of @len bytes? */
static bool pgp_elf_in_file(u64 off, u64 size, size_t len)
{
	u64 end;

	return !check_add_overflow(off, size, &end) && end <= len;
}

/* Do [a, a + alen) and [b, b + blen) overlap?  Both are inside the file. */
static bool pgp_elf_overlap(u64 a, u64 alen, u64 b, u64 blen)
{
	return alen && blen && a < b + blen && b < a + alen;
}

static enum module_pgp_sig_reason
pgp_sig_check_container(const u8 *sec, size_t size, struct module_pgp_sig_loc *loc)
{
	u32 payload_len;

	if (!memchr_inv(sec, 0, size))
		return MODULE_PGP_SIG_EMPTY;
	if (size < MODULE_PGP_SIG_HDR_LEN)
		return MODULE_PGP_SIG_CONTAINER;
	if (memcmp(sec, MODULE_PGP_SIG_MAGIC, 8))
		return MODULE_PGP_SIG_CONTAINER;
	if (sec[8] != MODULE_PGP_SIG_VERSION)
		return MODULE_PGP_SIG_CONTAINER;
	if (sec[9] || sec[10] || sec[11])
		return MODULE_PGP_SIG_CONTAINER;
	payload_len = get_unaligned_be32(sec + 12);
	if (!payload_len || payload_len > size - MODULE_PGP_SIG_HDR_LEN)
		return MODULE_PGP_SIG_CONTAINER;
	if (memchr_inv(sec + MODULE_PGP_SIG_HDR_LEN + payload_len, 0,
		       size - MODULE_PGP_SIG_HDR_LEN - payload_len))
		return MODULE_PGP_SIG_CONTAINER;
	loc->payload_off = loc->sec_off + MODULE_PGP_SIG_HDR_LEN;
	loc->payload_len = payload_len;
	return MODULE_PGP_SIG_FOUND;
}

/* Record what was found; the errno the loader acts on. */
static int pgp_sig_found(struct module_pgp_sig_loc *loc, int err,
			 enum module_pgp_sig_reason why, unsigned int section)
{
	loc->reason = why;
	loc->section = section;
	return err;
}

/**
 * module_pgp_sig_locate() - find and validate the module_sig section
 * @file: the whole module file (untrusted)
 * @len: its length in bytes
 * @how: %MODULE_PGP_ELF64 to parse as ELF64 (else ELF32), in the CPU's byte
 *	order as the loader does; with %MODULE_PGP_ELF_ANY, in the class and
 *	byte order e_ident[] gives, for host tools (which also require ET_REL)
 * @loc: @loc->reason and @loc->section are set on every return (what was
 *	found, see module_pgp_sig_reason()); @loc->sec_off and @loc->sec_size
 *	once a single module_sig passed the ELF rules, the payload on success
 *
 * Finds exactly one section named "module_sig", checks that it is
 * SHT_PROGBITS without SHF_ALLOC, at most %MODULE_PGP_SIG_MAX_SIZE bytes,
 * lies inside the file and overlaps neither the ELF header, the section
 * header table nor any other section's content, and validates the
 * container: magic "OPGPMSIG", version 1, zero reserved bytes,
 * 0 < payload_len <= section size - 16, and zeros after the payload.
 *
 * A file whose ELF header, section header table or section name table
 * cannot be read, or whose sections cannot all be read and none of the
 * readable ones is module_sig, has no module_sig this code can find: it is
 * reported as unsigned (with the reason), and the loader's own ELF
 * validation refuses it (%-ENOEXEC) as it refuses any malformed module.
 *
 * Context: any context; reads @file only.
 * Return:
 * * %0		- found and valid; @loc is filled in
 * * %-ENODATA	- no module_sig section: an unsigned module, or a file
 *		  whose ELF headers cannot be read (not a module)
 * * %-EBADMSG	- two module_sig sections, a module_sig that is not
 *		  SHT_PROGBITS, has SHF_ALLOC, is larger than
 *		  %MODULE_PGP_SIG_MAX_SIZE, lies outside the file or overlaps
 *		  other data, a module_sig beside a section that lies outside
 *		  the file or has an unreadable name, or a malformed (or empty)
 *		  container
 */
int module_pgp_sig_locate(const void *file, size_t len, unsigned int how,
			  struct module_pgp_sig_loc *loc)
{
	static const char name[] = MODULE_PGP_SIG_SECTION;
	enum module_pgp_sig_reason why, bad = MODULE_PGP_SIG_FOUND;
	unsigned int i, found = 0, sig_index = 0, bad_index = 0;
	const u8 *f = file;
	struct pgp_elf_ehdr eh;
	struct pgp_elf_shdr sh, strsh, sig = {};
	u64 table_len;

	/* Not an ELF file this code can read: no module_sig to find. */
	why = pgp_elf_read_ehdr(f, len, how, &eh);
	if (why)
		return pgp_sig_found(loc, -ENODATA, why, 0);
	pgp_elf_read_shdr(f, &eh, eh.shstrndx, &strsh);
	if (strsh.type != SHT_STRTAB || !strsh.size ||
	    !pgp_elf_in_file(strsh.offset, strsh.size, len))
		return pgp_sig_found(loc, -ENODATA, MODULE_PGP_SIG_SHSTRTAB,
				     eh.shstrndx);

	for (i = 1; i < eh.shnum; i++) {
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (sh.type == SHT_NULL)
			continue;
		why = MODULE_PGP_SIG_FOUND;
		if (sh.name >= strsh.size)
			why = MODULE_PGP_SIG_SEC_NAME;
		else if (pgp_elf_has_content(&sh) &&
			 !pgp_elf_in_file(sh.offset, sh.size, len))
			why = MODULE_PGP_SIG_SEC_OUTSIDE;
		if (why && !bad) {
			bad = why;
			bad_index = i;
		}
		if (sh.name >= strsh.size || strsh.size - sh.name < sizeof(name) ||
		    memcmp(f + strsh.offset + sh.name, name, sizeof(name)))
			continue;
		found++;
		sig = sh;
		sig_index = i;
	}
	if (!found)
		return pgp_sig_found(loc, -ENODATA, bad ? bad : MODULE_PGP_SIG_NO_SECTION,
				     bad_index);
	if (found > 1)
		return pgp_sig_found(loc, -EBADMSG, MODULE_PGP_SIG_TWO, sig_index);
	if (bad)
		return pgp_sig_found(loc, -EBADMSG, bad, bad_index);

	if (sig.type != SHT_PROGBITS)
		why = MODULE_PGP_SIG_TYPE;
	else if (sig.flags & SHF_ALLOC)
		why = MODULE_PGP_SIG_ALLOC;
	else if (sig.size > MODULE_PGP_SIG_MAX_SIZE)
		why = MODULE_PGP_SIG_TOO_BIG;
	if (why)
		return pgp_sig_found(loc, -EBADMSG, why, sig_index);

	/* Only bytes nothing else uses may be excluded from the hash. */
	table_len = (u64)eh.shnum * eh.shentsize;
	if (pgp_elf_overlap(sig.offset, sig.size, 0, eh.ehsize))
		return pgp_sig_found(loc, -EBADMSG, MODULE_PGP_SIG_OVER_EHDR, sig_index);
	if (pgp_elf_overlap(sig.offset, sig.size, eh.shoff, table_len))
		return pgp_sig_found(loc, -EBADMSG, MODULE_PGP_SIG_OVER_SHTAB, sig_index);
	for (i = 1; i < eh.shnum; i++) {
		if (i == sig_index)
			continue;
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (pgp_elf_has_content(&sh) &&
		    pgp_elf_overlap(sig.offset, sig.size, sh.offset, sh.size))
			return pgp_sig_found(loc, -EBADMSG,
					     MODULE_PGP_SIG_OVER_SECTION, i);
	}

	loc->sec_off = sig.offset;
	loc->sec_size = sig.size;
	why = pgp_sig_check_container(f + sig.offset, sig.size, loc);
	return pgp_sig_found(loc, why ? -EBADMSG : 0, why, sig_index);
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_sig_locate);

/**
 * module_pgp_elf_section() - find another section of a module by its name
 * @file: the whole module file (untrusted)
 * @len: its length in bytes
 * @how: as for module_pgp_sig_locate()
 * @name: the section's name
 * @off: set to the offset of the section's content when it is found
 * @size: set to the size of that content
 *
 * Reads the ELF header, the section header table and the section name
 * table with the checks of module_pgp_sig_locate(); the one section named
 * @name must have content (not SHT_NOBITS) inside the file.
 *
 * Context: any context; reads @file only.
 * Return:
 * * %0		- found; @off and @size are set
 * * %-ENODATA	- no section of that name, or one without content, or a
 *		  file whose ELF headers or section names cannot be read
 * * %-EBADMSG	- two sections of that name, or its content lies outside
 *		  the file
 */
int module_pgp_elf_section(const void *file, size_t len, unsigned int how,
			   const char *name, size_t *off, size_t *size)
{
	const size_t nlen = strlen(name) + 1;
	unsigned int i, found = 0;
	const u8 *f = file;
	struct pgp_elf_ehdr eh;
	struct pgp_elf_shdr sh, strsh, sec = {};

	if (pgp_elf_read_ehdr(f, len, how, &eh))
		return -ENODATA;
	pgp_elf_read_shdr(f, &eh, eh.shstrndx, &strsh);
	if (strsh.type != SHT_STRTAB || !strsh.size ||
	    !pgp_elf_in_file(strsh.offset, strsh.size, len))
		return -ENODATA;
	for (i = 1; i < eh.shnum; i++) {
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (sh.type == SHT_NULL || sh.name >= strsh.size ||
		    strsh.size - sh.name < nlen ||
		    memcmp(f + strsh.offset + sh.name, name, nlen))
			continue;
		found++;
		sec = sh;
	}
	if (!found)
		return -ENODATA;
	if (found > 1)
		return -EBADMSG;
	if (!pgp_elf_has_content(&sec))
		return -ENODATA;
	if (!pgp_elf_in_file(sec.offset, sec.size, len))
		return -EBADMSG;
	*off = sec.offset;
	*size = sec.size;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_elf_section);

static const char *const module_pgp_sig_reasons[MODULE_PGP_SIG_NR_REASONS] = {
	[MODULE_PGP_SIG_FOUND] = "module_sig found",
	[MODULE_PGP_SIG_NO_SECTION] = "no module_sig section",
	[MODULE_PGP_SIG_NOT_ELF] = "not an ELF file",
	[MODULE_PGP_SIG_ELF_CLASS] = "invalid ELF class",
	[MODULE_PGP_SIG_ELF_DATA] = "invalid ELF data encoding",
	[MODULE_PGP_SIG_NOT_REL] = "not a relocatable ELF object (modules are ET_REL)",
	[MODULE_PGP_SIG_EHDR_SHORT] = "truncated ELF header",
	[MODULE_PGP_SIG_SHENTSIZE] = "inconsistent ELF header (e_shentsize)",
	[MODULE_PGP_SIG_SHTAB_OUTSIDE] =
		"truncated or inconsistent ELF: section header table outside the file",
	[MODULE_PGP_SIG_SHSTRNDX] = "inconsistent ELF header (e_shstrndx)",
	[MODULE_PGP_SIG_SHSTRTAB] = "inconsistent ELF: bad section name table",
	[MODULE_PGP_SIG_SEC_OUTSIDE] =
		"truncated or inconsistent ELF: a section lies outside the file",
	[MODULE_PGP_SIG_SEC_NAME] =
		"inconsistent ELF: a section name lies outside the name table",
	[MODULE_PGP_SIG_TWO] = "more than one module_sig section",
	[MODULE_PGP_SIG_TYPE] = "module_sig is not SHT_PROGBITS",
	[MODULE_PGP_SIG_ALLOC] = "module_sig has SHF_ALLOC (the loader would map it)",
	[MODULE_PGP_SIG_TOO_BIG] = "module_sig is larger than the 64 KiB the loader reads",
	[MODULE_PGP_SIG_OVER_EHDR] = "module_sig overlaps the ELF header",
	[MODULE_PGP_SIG_OVER_SHTAB] = "module_sig overlaps the section header table",
	[MODULE_PGP_SIG_OVER_SECTION] = "module_sig overlaps another section",
	[MODULE_PGP_SIG_EMPTY] = "empty module_sig placeholder (not signed)",
	[MODULE_PGP_SIG_CONTAINER] = "malformed module_sig container",
};

/**
 * module_pgp_sig_reason() - describe what module_pgp_sig_locate() found
 * @reason: @loc->reason of module_pgp_sig_locate()
 *
 * Context: any context.
 * Return: a static string, "unknown reason" for a value out of range.
 */
const char *module_pgp_sig_reason(enum module_pgp_sig_reason reason)
{
	if ((unsigned int)reason >= ARRAY_SIZE(module_pgp_sig_reasons) ||
	    !module_pgp_sig_reasons[reason])
		return "unknown reason";
	return module_pgp_sig_reasons[reason];
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_sig_reason);
