// SPDX-License-Identifier: GPL-2.0
/*
 * Accept the modules of this kernel's own build by their SHA-256 hashes,
 * which the build lists in vmlinux (CONFIG_MODULE_HASH_LIST): no signing
 * key is needed for them, so the build stays reproducible.  Any other
 * module still needs a signature.
 *
 * The loader asks here after the signature checks found no valid
 * signature: a module that says it was built in a kernel tree (.modinfo
 * "intree=Y") is hashed once, with its module_sig content as zeros (see
 * module_hash_list_hash()), and looked up in the sorted list; a listed
 * module is then checked against the system blacklist like a signed one.
 */

#define pr_fmt(fmt) "modhash: " fmt

#include <linux/errno.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <kunit/visibility.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "hash_list.h"
#include "signing_pgp_elf.h"

/*
 * The list the build made lies between these symbols (.vmlinux.modhashes.S,
 * which Kbuild links into vmlinux); an image linked without it has them at
 * one address: no list.
 */
static const u8 module_hash_list_none[1];
extern const u8 __module_hash_list[1] __weak __alias(module_hash_list_none);
extern const u8 __module_hash_list_end[1] __weak __alias(module_hash_list_none);

static struct module_hash_list module_hash_list_builtin __ro_after_init;

/*
 * Check the built-in list once, before any module can be loaded.  A list
 * that is not valid is not used: no module is accepted by its hash.
 */
static int __init module_hash_list_init(void)
{
	size_t len = __module_hash_list_end - __module_hash_list;
	enum module_hash_list_reason why;
	struct module_hash_list list;

	if (!len) {
		pr_warn("No list of this build's modules in the image: no module is accepted by its hash\n");
		return 0;
	}
	if (module_hash_list_parse(__module_hash_list, len, &list, &why)) {
		pr_err("The list of this build's modules is unusable (%s): no module is accepted by its hash\n",
		       module_hash_list_reason(why));
		return 0;
	}
	if (!list.count && list.capacity)
		pr_warn("The list of this build's modules was not filled in (room for %u)\n",
			list.capacity);
	else
		pr_info("%u modules of this build listed\n", list.count);
	module_hash_list_builtin = list;
	return 0;
}
core_initcall(module_hash_list_init);

/* Refuse a module whose SHA-256 @digest is a "bin:" entry of the system blacklist. */
static int module_hash_list_blacklisted(const u8 *digest)
{
	int ret = is_hash_blacklisted(digest, MODULE_HASH_LIST_ENTRY_LEN,
				      BLACKLIST_HASH_BINARY);

	if (ret == -EKEYREJECTED)
		pr_err("Module hash %*phN is blacklisted\n",
		       MODULE_HASH_LIST_ENTRY_LEN, digest);
	return ret;
}

/**
 * module_hash_list_check_in() - accept a module listed in @list
 * @list: a parsed list
 * @info: load info; @info->hdr and @info->len hold the whole (decompressed)
 *	module file, without an appended PKCS#7 signature, not yet validated
 * @err: what the signature checks gave: -ENODATA when the module carries
 *	no signature
 *
 * Only a module without a valid signature comes here, and only one for
 * which no signature check failed hard: @err must be -ENODATA (no
 * signature), -ENOKEY (signed by a key this kernel does not trust) or
 * -ENOPKG (unsupported algorithm); any other error stands.  A module
 * without the .modinfo entry "intree=Y" is never listed and is not hashed.
 *
 * Context: process context; may sleep.
 * Return:
 * * %0			- the module is listed, and neither its listed hash
 *			  nor the SHA-256 of the file is blacklisted
 * * %-EKEYREJECTED	- listed, but one of those hashes is blacklisted
 * * @err		- not listed (or @err is a hard error, or the list
 *			  is empty)
 */
VISIBLE_IF_KUNIT int module_hash_list_check_in(const struct module_hash_list *list,
					       struct load_info *info, int err)
{
	const unsigned int how = IS_ENABLED(CONFIG_64BIT) ? MODULE_PGP_ELF64 : 0;
	struct module_hash_list_digests d;
	int ret;

	if (err != -ENODATA && err != -ENOKEY && err != -ENOPKG)
		return err;
	if (!list->count || !module_hash_list_intree(info->hdr, info->len, how))
		return err;
	if (module_hash_list_hash(info->hdr, info->len, how, &d))
		return err;
	if (!module_hash_list_find(list, d.data)) {
		pr_notice("Module hash %*phN is not in this kernel's list: not a module of its build as installed (changed, stripped or rebuilt since)\n",
			  MODULE_HASH_LIST_ENTRY_LEN, d.data);
		return err;
	}
	ret = module_hash_list_blacklisted(d.data);
	if (!ret && d.has_sig)
		ret = module_hash_list_blacklisted(d.file);
	if (ret)
		return ret;
	pr_debug("Module %*phN of this build accepted by its hash\n",
		 MODULE_HASH_LIST_ENTRY_LEN, d.data);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(module_hash_list_check_in);

/**
 * module_hash_list_check() - accept a module of this build by its hash
 * @info: load info, as for module_hash_list_check_in()
 * @err: what the signature checks gave
 *
 * module_hash_list_check_in() with the list built into this kernel.
 *
 * Context: process context; may sleep.
 * Return: see module_hash_list_check_in().
 */
int module_hash_list_check(struct load_info *info, int err)
{
	return module_hash_list_check_in(&module_hash_list_builtin, info, err);
}
