/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for kernel/module/internal.h (struct load_info with
 * its OpenPGP fields) plus the bits of <linux/module.h> that
 * kernel/module/signing_pgp.c uses: scripts/pgp-sign-module, which builds
 * the loader's check in (from a copy of signing_pgp.c, so that its
 * "internal.h" is this one and not the loader's), the host tests
 * (tests/host/module, the keyring_test driver) and the fuzz targets.
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
	ssize_t (*show)(struct module_attribute *mattr, struct module_kobject *mk, char *buf);
	ssize_t (*store)(struct module_attribute *mattr, struct module_kobject *mk,
			 const char *buf, size_t count);
	void (*setup)(struct module *mod, const char *s);
	int (*test)(struct module *mod);
	void (*free)(struct module *mod);
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
int module_pgp_sig_check_fallback(struct load_info *info, int err);
void module_pgp_set_signer(struct module *mod, const struct load_info *info);
extern struct module_attribute modinfo_pgp_signer;
#endif
