/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Digests of a module file for its OpenPGP signature check, between
 * signing_pgp.c and its KUnit test.
 */

#ifndef _KERNEL_MODULE_SIGNING_PGP_H
#define _KERNEL_MODULE_SIGNING_PGP_H

#include <linux/types.h>
#include <crypto/hash_info.h>
#include <crypto/pgp.h>
#include <crypto/sha2.h>
#include <kunit/visibility.h>
#include "signing_pgp_elf.h"

/*
 * At most this many passes over the file per module, one per distinct hash
 * algorithm of v4 signatures and one per v6 signature (whose salt is hashed
 * before the file); a signature that would need another one is not checked
 * (-ENOPKG).
 */
#define MODULE_PGP_MAX_HASHES	2

/**
 * struct module_pgp_pass - what one pass over the file hashed
 * @hash: the hash algorithm
 * @salt_len: length of @salt: 0 for a v4 signature
 * @salt: the v6 signature's salt, hashed before the file
 */
struct module_pgp_pass {
	enum hash_algo hash;
	u8 salt_len;
	u8 salt[PGP_SALT_MAX];
};

/**
 * struct module_pgp_hashes - the digests of one module file
 * @ctx: digest of the signed data in progress, one per pass (finished by a
 *	copy per signature)
 * @pass: what each @ctx hashed: algorithm and salt
 * @nr: number of @ctx in use
 * @blacklist: the system blacklist holds module hashes: the first pass also
 *	computes @data_sha256 and @file_sha256, to be looked up there
 * @have_sha256: @data_sha256 and @file_sha256 are set
 * @data_sha256: SHA-256 of the signed data (the file, module_sig as zeros)
 * @file_sha256: SHA-256 of the whole file as it is
 */
struct module_pgp_hashes {
	struct pgp_hash_ctx *ctx[MODULE_PGP_MAX_HASHES];
	struct module_pgp_pass pass[MODULE_PGP_MAX_HASHES];
	unsigned int nr;
	bool blacklist;
	bool have_sha256;
	u8 data_sha256[SHA256_DIGEST_SIZE];
	u8 file_sha256[SHA256_DIGEST_SIZE];
};

#if IS_ENABLED(CONFIG_KUNIT)
int module_pgp_hash_pass(struct pgp_hash_ctx *ctx, struct module_pgp_hashes *h,
			 const u8 *file, size_t len,
			 const struct module_pgp_sig_loc *loc, bool shared);
int module_pgp_digest(struct module_pgp_hashes *h, const struct pgp_sig *sig,
		      const u8 *file, size_t len,
		      const struct module_pgp_sig_loc *loc,
		      struct pgp_hash_ctx **ctx);
#endif

#endif /* _KERNEL_MODULE_SIGNING_PGP_H */
