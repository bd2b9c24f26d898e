/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host-test stand-in for kernel/module/internal.h as patched by
 * patches/0007 (struct load_info's OpenPGP fields) plus the bits of
 * <linux/module.h> that kernel/module/signing_pgp.c uses.  Only the host
 * tests in tests/host/module, tests/host/pgp_keys (the keyring_test driver),
 * tests/host/sign and tests/fuzz use it.
 */
#ifndef _KEYRING_SHIM_INTERNAL_H
#define _KEYRING_SHIM_INTERNAL_H
#include <linux/kernel.h>
#include <linux/elf.h>

#define MODULE_PGP_FPR_MAX 32

typedef Elf64_Ehdr Elf_Ehdr;

struct module {
	u8 pgp_signer[MODULE_PGP_FPR_MAX];
	u8 pgp_signer_len;
};

struct module_kobject {
	struct module *mod;
};

struct attribute {
	const char *name;
	unsigned short mode;
};

struct module_attribute {
	struct attribute attr;
	ssize_t (*show)(struct module_attribute *, struct module_kobject *, char *);
	ssize_t (*store)(struct module_attribute *, struct module_kobject *,
			 const char *, size_t count);
	void (*setup)(struct module *, const char *);
	int (*test)(struct module *);
	void (*free)(struct module *);
};

struct load_info {
	const char *name;
	Elf_Ehdr *hdr;
	unsigned long len;
	bool sig_ok;
	u8 pgp_signer[MODULE_PGP_FPR_MAX];
	u8 pgp_signer_len;
};

int module_pgp_sig_check(struct load_info *info);
extern struct module_attribute modinfo_pgp_signer;
#endif
