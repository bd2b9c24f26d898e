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
 * refused here.  Fields are read in native byte order, as the loader reads
 * them.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/string.h>
#include <kunit/visibility.h>
#include <linux/unaligned.h>
#include "signing_pgp_elf.h"

/* The fields of an ELF header or section header this code needs. */
struct pgp_elf_ehdr {
	u64 shoff;
	size_t ehsize;		/* sizeof the header for this class */
	size_t shentsize;	/* required e_shentsize */
	u16 shnum, shstrndx;
};

struct pgp_elf_shdr {
	u32 name, type;
	u64 flags, offset, size;
};

static int pgp_elf_read_ehdr(const u8 *file, size_t len, bool elf64,
			     struct pgp_elf_ehdr *eh)
{
	if (elf64) {
		Elf64_Ehdr h;

		if (len < sizeof(h))
			return -EBADMSG;
		memcpy(&h, file, sizeof(h));
		if (h.e_shentsize != sizeof(Elf64_Shdr))
			return -EBADMSG;
		eh->shoff = h.e_shoff;
		eh->shnum = h.e_shnum;
		eh->shstrndx = h.e_shstrndx;
		eh->ehsize = sizeof(h);
		eh->shentsize = sizeof(Elf64_Shdr);
	} else {
		Elf32_Ehdr h;

		if (len < sizeof(h))
			return -EBADMSG;
		memcpy(&h, file, sizeof(h));
		if (h.e_shentsize != sizeof(Elf32_Shdr))
			return -EBADMSG;
		eh->shoff = h.e_shoff;
		eh->shnum = h.e_shnum;
		eh->shstrndx = h.e_shstrndx;
		eh->ehsize = sizeof(h);
		eh->shentsize = sizeof(Elf32_Shdr);
	}
	if (memcmp(file, ELFMAG, SELFMAG))
		return -EBADMSG;
	/* The table must lie inside the file (shnum * shentsize < 2^22). */
	if (eh->shoff >= len || (u64)eh->shnum * eh->shentsize > len - eh->shoff)
		return -EBADMSG;
	/* Section names need a string table; 0 sections means none. */
	if (eh->shstrndx == SHN_UNDEF || eh->shstrndx >= eh->shnum)
		return -EBADMSG;
	return 0;
}

/* Section header @i; the caller checked i < shnum, so it is in the file. */
static void pgp_elf_read_shdr(const u8 *file, const struct pgp_elf_ehdr *eh,
			      unsigned int i, struct pgp_elf_shdr *sh)
{
	const u8 *p = file + eh->shoff + (size_t)i * eh->shentsize;

	if (eh->shentsize == sizeof(Elf64_Shdr)) {
		Elf64_Shdr s;

		memcpy(&s, p, sizeof(s));
		sh->name = s.sh_name;
		sh->type = s.sh_type;
		sh->flags = s.sh_flags;
		sh->offset = s.sh_offset;
		sh->size = s.sh_size;
	} else {
		Elf32_Shdr s;

		memcpy(&s, p, sizeof(s));
		sh->name = s.sh_name;
		sh->type = s.sh_type;
		sh->flags = s.sh_flags;
		sh->offset = s.sh_offset;
		sh->size = s.sh_size;
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

static int pgp_sig_check_container(const u8 *sec, size_t size,
				   struct module_pgp_sig_loc *loc)
{
	u32 payload_len;
	size_t i;

	if (size < MODULE_PGP_SIG_HDR_LEN)
		return -EBADMSG;
	if (memcmp(sec, MODULE_PGP_SIG_MAGIC, 8))
		return -EBADMSG;
	if (sec[8] != MODULE_PGP_SIG_VERSION)
		return -EBADMSG;
	if (sec[9] || sec[10] || sec[11])
		return -EBADMSG;
	payload_len = get_unaligned_be32(sec + 12);
	if (!payload_len || payload_len > size - MODULE_PGP_SIG_HDR_LEN)
		return -EBADMSG;
	for (i = MODULE_PGP_SIG_HDR_LEN + payload_len; i < size; i++)
		if (sec[i])
			return -EBADMSG;
	loc->payload_off = loc->sec_off + MODULE_PGP_SIG_HDR_LEN;
	loc->payload_len = payload_len;
	return 0;
}

/**
 * module_pgp_sig_locate() - find and validate the module_sig section
 * @file: the whole module file (untrusted)
 * @len: its length in bytes
 * @elf64: parse as ELF64 (else ELF32), in native byte order
 * @loc: filled in on success
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
 * reported as unsigned, and the loader's own ELF validation refuses it
 * (%-ENOEXEC) as it refuses any malformed module.
 *
 * Return:
 * * %0		- found and valid; @loc is filled in
 * * %-ENODATA	- no module_sig section: an unsigned module, or a file
 *		  whose ELF headers cannot be read (not a module)
 * * %-EBADMSG	- two module_sig sections, a module_sig that is not
 *		  SHT_PROGBITS, has SHF_ALLOC, is larger than
 *		  %MODULE_PGP_SIG_MAX_SIZE, lies outside the file or overlaps
 *		  other data, a module_sig beside a section that lies outside
 *		  the file or has an unreadable name, or a malformed container
 */
int module_pgp_sig_locate(const void *file, size_t len, bool elf64,
			  struct module_pgp_sig_loc *loc)
{
	static const char name[] = MODULE_PGP_SIG_SECTION;
	const u8 *f = file;
	struct pgp_elf_ehdr eh;
	struct pgp_elf_shdr sh, strsh, sig = {};
	unsigned int i, found = 0, sig_index = 0;
	bool bad = false;
	u64 table_len;

	/* Not an ELF file this code can read: no module_sig to find. */
	if (pgp_elf_read_ehdr(f, len, elf64, &eh))
		return -ENODATA;
	pgp_elf_read_shdr(f, &eh, eh.shstrndx, &strsh);
	if (strsh.type != SHT_STRTAB || !strsh.size ||
	    !pgp_elf_in_file(strsh.offset, strsh.size, len))
		return -ENODATA;

	for (i = 1; i < eh.shnum; i++) {
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (sh.type == SHT_NULL)
			continue;
		if (sh.name >= strsh.size) {
			bad = true;
			continue;
		}
		if (pgp_elf_has_content(&sh) && !pgp_elf_in_file(sh.offset, sh.size, len))
			bad = true;
		if (strsh.size - sh.name < sizeof(name) ||
		    memcmp(f + strsh.offset + sh.name, name, sizeof(name)))
			continue;
		found++;
		sig = sh;
		sig_index = i;
	}
	if (!found)
		return -ENODATA;
	if (found > 1 || bad)
		return -EBADMSG;

	if (sig.type != SHT_PROGBITS || (sig.flags & SHF_ALLOC) ||
	    sig.size > MODULE_PGP_SIG_MAX_SIZE)
		return -EBADMSG;

	/* Only bytes nothing else uses may be excluded from the hash. */
	table_len = (u64)eh.shnum * eh.shentsize;
	if (pgp_elf_overlap(sig.offset, sig.size, 0, eh.ehsize) ||
	    pgp_elf_overlap(sig.offset, sig.size, eh.shoff, table_len))
		return -EBADMSG;
	for (i = 1; i < eh.shnum; i++) {
		if (i == sig_index)
			continue;
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (pgp_elf_has_content(&sh) &&
		    pgp_elf_overlap(sig.offset, sig.size, sh.offset, sh.size))
			return -EBADMSG;
	}

	loc->sec_off = sig.offset;
	loc->sec_size = sig.size;
	return pgp_sig_check_container(f + sig.offset, sig.size, loc);
}
EXPORT_SYMBOL_IF_KUNIT(module_pgp_sig_locate);
