/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim: synchronous hash API (crypto_shash_*) backed by OpenSSL's
 * plain-struct digest contexts, so a desc freed without final() leaks
 * nothing (as in the kernel).  See shash_openssl.c.
 */
#ifndef _KCOMPAT_CRYPTO_HASH_H
#define _KCOMPAT_CRYPTO_HASH_H
#include "../kcompat.h"
#include <linux/crypto.h>

#define HASH_MAX_DIGESTSIZE	64
#define HASH_MAX_DESCSIZE	(sizeof(struct shash_desc) + 360)

struct crypto_shash;

struct shash_desc {
	struct crypto_shash *tfm;
	void *__ctx[] __aligned(16);
};

#define SHASH_DESC_ON_STACK(shash, ctx)					\
	char __##shash##_desc[sizeof(struct shash_desc) + 360]		\
		__aligned(16) = { 0 };					\
	struct shash_desc *shash = (struct shash_desc *)__##shash##_desc

/*
 * Test hooks: compat_shash_nonoload counts allocations that were made
 * without CRYPTO_NOLOAD in the mask (i.e. that could autoload a module in
 * the kernel); compat_shash_disable(name) makes later allocations of that
 * algorithm fail with -ENOENT, as for a hash that is not built in.
 */
extern unsigned long compat_shash_nonoload;
void compat_shash_disable(const char *name, bool disabled);

struct crypto_shash *crypto_alloc_shash(const char *alg_name, u32 type, u32 mask);
void crypto_free_shash(struct crypto_shash *tfm);
unsigned int crypto_shash_digestsize(struct crypto_shash *tfm);
unsigned int crypto_shash_descsize(struct crypto_shash *tfm);
unsigned int crypto_shash_blocksize(struct crypto_shash *tfm);
const char *crypto_shash_alg_name(struct crypto_shash *tfm);
/* The kernel names the driver (e.g. "sha512-generic"); here it is OpenSSL. */
static inline const char *crypto_shash_driver_name(struct crypto_shash *tfm)
{
	return "openssl";
}

int crypto_shash_init(struct shash_desc *desc);
int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len);
int crypto_shash_final(struct shash_desc *desc, u8 *out);
int crypto_shash_finup(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data,
			    unsigned int len, u8 *out);
int crypto_has_shash(const char *alg_name, u32 type, u32 mask);
unsigned int crypto_shash_statesize(struct crypto_shash *tfm);
int crypto_shash_export(struct shash_desc *desc, void *out);
int crypto_shash_import(struct shash_desc *desc, const void *in);

static inline void *shash_desc_ctx(struct shash_desc *desc)
{
	return desc->__ctx;
}

static inline void shash_desc_zero(struct shash_desc *desc)
{
	memzero_explicit(desc, sizeof(*desc) + crypto_shash_descsize(desc->tfm));
}
#endif
