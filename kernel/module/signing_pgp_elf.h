/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Locate and validate the "module_sig" section of an OpenPGP-signed module.
 * Pure code (no allocation, no crypto) shared by the loader, the host tests
 * and the fuzzer.
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

/**
 * struct module_pgp_sig_loc - where the signature lives in the module file
 * @sec_off: offset of the module_sig section content
 * @sec_size: size of that content; [@sec_off, @sec_off + @sec_size) is
 *	hashed as zeros
 * @payload_off: offset of the OpenPGP signature packets
 * @payload_len: their total length (> 0)
 */
struct module_pgp_sig_loc {
	size_t sec_off;
	size_t sec_size;
	size_t payload_off;
	size_t payload_len;
};

int module_pgp_sig_locate(const void *file, size_t len, bool elf64,
			  struct module_pgp_sig_loc *loc);

#endif /* _KERNEL_MODULE_SIGNING_PGP_ELF_H */
