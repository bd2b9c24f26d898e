/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Locate and validate the "module_sig" section of an OpenPGP-signed module.
 * Pure code (no allocation, no crypto) shared by the loader, the host tools,
 * the host tests and the fuzzers.
 */

#ifndef _KERNEL_MODULE_SIGNING_PGP_ELF_H
#define _KERNEL_MODULE_SIGNING_PGP_ELF_H

#include <linux/types.h>

#define MODULE_PGP_SIG_SECTION	"module_sig"
#define MODULE_PGP_SIG_MAGIC	"OPGPMSIG"
#define MODULE_PGP_SIG_VERSION	1
#define MODULE_PGP_SIG_HDR_LEN	16
/* Largest module_sig section: 16 signatures by RSA-16384 keys fit. */
#define MODULE_PGP_SIG_MAX_SIZE	0x10000
/* More signature packets than this in one module_sig is malformed. */
#define MODULE_PGP_MAX_SIGS	16

/*
 * How module_pgp_sig_locate() reads the file.  The loader reads a module of
 * its own class in the CPU's byte order; MODULE_PGP_ELF_ANY is for host
 * tools, which read modules of every architecture.
 */
#define MODULE_PGP_ELF64	0x1	/* ELF64, else ELF32 */
#define MODULE_PGP_ELF_ANY	0x2	/* class and byte order from e_ident[], ET_REL */

/**
 * enum module_pgp_sig_reason - what module_pgp_sig_locate() found
 * @MODULE_PGP_SIG_FOUND: a module_sig with a valid container
 * @MODULE_PGP_SIG_NO_SECTION: no section named module_sig (unsigned)
 * @MODULE_PGP_SIG_NOT_ELF: no ELF magic
 * @MODULE_PGP_SIG_ELF_CLASS: (MODULE_PGP_ELF_ANY) e_ident's class is neither
 *	ELF32 nor ELF64
 * @MODULE_PGP_SIG_ELF_DATA: (MODULE_PGP_ELF_ANY) e_ident's byte order is
 *	neither LSB nor MSB
 * @MODULE_PGP_SIG_NOT_REL: (MODULE_PGP_ELF_ANY) not ET_REL
 * @MODULE_PGP_SIG_EHDR_SHORT: the file is shorter than an ELF header
 * @MODULE_PGP_SIG_SHENTSIZE: e_shentsize is not the section header size
 * @MODULE_PGP_SIG_SHTAB_OUTSIDE: the section header table is not inside
 *	the file
 * @MODULE_PGP_SIG_SHSTRNDX: e_shstrndx names no section
 * @MODULE_PGP_SIG_SHSTRTAB: the section name table is not a string table
 *	inside the file
 * @MODULE_PGP_SIG_SEC_OUTSIDE: a section's content is not inside the file
 * @MODULE_PGP_SIG_SEC_NAME: a section's name lies outside the name table
 * @MODULE_PGP_SIG_TWO: more than one module_sig section
 * @MODULE_PGP_SIG_TYPE: module_sig is not SHT_PROGBITS
 * @MODULE_PGP_SIG_ALLOC: module_sig has SHF_ALLOC
 * @MODULE_PGP_SIG_TOO_BIG: module_sig is larger than %MODULE_PGP_SIG_MAX_SIZE
 * @MODULE_PGP_SIG_OVER_EHDR: module_sig overlaps the ELF header
 * @MODULE_PGP_SIG_OVER_SHTAB: module_sig overlaps the section header table
 * @MODULE_PGP_SIG_OVER_SECTION: module_sig overlaps another section's content
 * @MODULE_PGP_SIG_EMPTY: module_sig holds only zeros (a placeholder)
 * @MODULE_PGP_SIG_CONTAINER: module_sig's container is malformed
 * @MODULE_PGP_SIG_NR_REASONS: the number of reasons
 */
enum module_pgp_sig_reason {
	MODULE_PGP_SIG_FOUND,
	MODULE_PGP_SIG_NO_SECTION,
	MODULE_PGP_SIG_NOT_ELF,
	MODULE_PGP_SIG_ELF_CLASS,
	MODULE_PGP_SIG_ELF_DATA,
	MODULE_PGP_SIG_NOT_REL,
	MODULE_PGP_SIG_EHDR_SHORT,
	MODULE_PGP_SIG_SHENTSIZE,
	MODULE_PGP_SIG_SHTAB_OUTSIDE,
	MODULE_PGP_SIG_SHSTRNDX,
	MODULE_PGP_SIG_SHSTRTAB,
	MODULE_PGP_SIG_SEC_OUTSIDE,
	MODULE_PGP_SIG_SEC_NAME,
	MODULE_PGP_SIG_TWO,
	MODULE_PGP_SIG_TYPE,
	MODULE_PGP_SIG_ALLOC,
	MODULE_PGP_SIG_TOO_BIG,
	MODULE_PGP_SIG_OVER_EHDR,
	MODULE_PGP_SIG_OVER_SHTAB,
	MODULE_PGP_SIG_OVER_SECTION,
	MODULE_PGP_SIG_EMPTY,
	MODULE_PGP_SIG_CONTAINER,
	MODULE_PGP_SIG_NR_REASONS
};

/**
 * struct module_pgp_sig_loc - where the signature lives in the module file
 * @sec_off: offset of the module_sig section content
 * @sec_size: size of that content; [@sec_off, @sec_off + @sec_size) is
 *	hashed as zeros
 * @payload_off: offset of the OpenPGP signature packets
 * @payload_len: their total length (> 0)
 * @reason: what was found, on every return
 * @section: the index of the section @reason names, else 0
 */
struct module_pgp_sig_loc {
	size_t sec_off;
	size_t sec_size;
	size_t payload_off;
	size_t payload_len;
	enum module_pgp_sig_reason reason;
	unsigned int section;
};

int module_pgp_sig_locate(const void *file, size_t len, unsigned int how,
			  struct module_pgp_sig_loc *loc);
const char *module_pgp_sig_reason(enum module_pgp_sig_reason reason);
int module_pgp_elf_section(const void *file, size_t len, unsigned int how,
			   const char *name, size_t *off, size_t *size);

#endif /* _KERNEL_MODULE_SIGNING_PGP_ELF_H */
