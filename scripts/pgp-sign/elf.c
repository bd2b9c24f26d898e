// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's module_sig locator (kernel/module/signing_pgp_elf.c) in
 * pgp-sign-module, built unchanged on scripts/pgp-shim, and what
 * add_section() needs to know of a module read by the locator's own
 * readers: one ELF reader for the loader and the tools.  A module is read
 * in the class and byte order its e_ident[] gives, as a kernel of its
 * architecture reads it.
 */
#include "../../kernel/module/signing_pgp_elf.c"
#include "pgp-sign.h"

int elf_locate(const void *f, size_t len, struct module_pgp_sig_loc *loc)
{
	return module_pgp_sig_locate(f, len, MODULE_PGP_ELF_ANY, loc);
}

/* module_pgp_sig_locate() as kernel/module/signing_pgp.c calls it in the tool. */
int kern_sig_locate(const void *f, size_t len, unsigned int how,
		    struct module_pgp_sig_loc *loc)
{
	return elf_locate(f, len, loc);
}

/*
 * The ELF header's and section name table's fields of a module whose
 * headers the locator reads (0), or -1.
 */
int elf_layout(const void *file, size_t len, struct elf_layout *l)
{
	const u8 *f = file;
	struct pgp_elf_ehdr eh;
	struct pgp_elf_shdr sh;
	unsigned int i;
	u64 end;

	if (pgp_elf_read_ehdr(f, len, MODULE_PGP_ELF_ANY, &eh))
		return -1;
	l->elf64 = eh.elf64;
	l->be = f[EI_DATA] == ELFDATA2MSB;
	l->shoff = eh.shoff;
	l->shnum = eh.shnum;
	l->shstrndx = eh.shstrndx;
	l->shentsize = eh.shentsize;
	pgp_elf_read_shdr(f, &eh, eh.shstrndx, &sh);
	if (sh.type != SHT_STRTAB || !pgp_elf_in_file(sh.offset, sh.size, len))
		return -1;
	l->strtab_off = sh.offset;
	l->strtab_size = sh.size;
	l->content_end = 0;
	for (i = 1; i < eh.shnum; i++) {
		pgp_elf_read_shdr(f, &eh, i, &sh);
		if (!pgp_elf_has_content(&sh))
			continue;
		if (check_add_overflow(sh.offset, sh.size, &end))
			return -1;
		if (end > l->content_end)
			l->content_end = end;
	}
	return 0;
}
