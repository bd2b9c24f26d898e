// SPDX-License-Identifier: GPL-2.0
/*
 * OpenPGP v4 and v6 signature hashing and verification: digest over the
 * salt (v6), the signed data, the hashed part of the signature and its
 * trailer, the 16-bit digest prefix check, then the public-key operation.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/errno.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/hash.h>
#include <crypto/hash_info.h>
#include "pgp_internal.h"

#include <crypto/ecdsa_raw.h>
#if IS_REACHABLE(CONFIG_CRYPTO_ED25519)
#include <crypto/ed25519.h>
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_ED448)
#include <crypto/ed448.h>
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
#include <crypto/mldsa_verify.h>
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_SLHDSA)
#include <crypto/slhdsa.h>
#endif

/*
 * The transform of a digest and of its copies (pgp_hash_clone()): an unkeyed
 * shash keeps its state in the descriptor, so one transform serves them all.
 */
struct pgp_hash_tfm {
	refcount_t ref;
	struct crypto_shash *tfm;
};

/*
 * A digest in progress for one signature: its hash, its version (which
 * decides how keys are hashed and the trailer) and, for v6, the salt that
 * was hashed first, so that it is finished only for a signature with that
 * very salt.
 */
struct pgp_hash_ctx {
	struct pgp_hash_tfm *shared;
	struct crypto_shash *tfm;	/* shared->tfm */
	enum hash_algo hash;
	u8 version;
	u8 salt_len;
	u8 salt[PGP_SALT_MAX];
	struct shash_desc desc;		/* must be last: context follows */
};

/* Was @ctx started for @sig: same hash, version and salt? */
static bool pgp_hash_for(const struct pgp_hash_ctx *ctx, const struct pgp_sig *sig)
{
	return ctx->hash == sig->hash && ctx->version == sig->version &&
	       ctx->salt_len == sig->salt_len &&
	       (!sig->salt_len || !memcmp(ctx->salt, sig->salt, sig->salt_len));
}

/**
 * pgp_alloc_shash - Allocate a hash transform without module autoloading
 * @name: Crypto API algorithm name ("sha256", ...)
 *
 * CRYPTO_NOLOAD is a flag of the *mask* argument, not of @type: in 6.12
 * crypto_larval_lookup() (crypto/api.c) calls request_module("crypto-%s")
 * only when "!(mask & CRYPTO_NOLOAD)", and crypto_find_alg() keeps the bit
 * because the shash frontend's maskclear only clears CRYPTO_ALG_TYPE_MASK.
 * The flag never matches an algorithm's cra_flags, so it narrows nothing.
 * Passing it in @type would be silently ignored and still autoload.
 *
 * Signatures are checked from the module loader; a request_module() from
 * there could recurse into the loader (the 2004 design's module_mutex
 * deadlock), so every hash used here must be built in (Kconfig selects
 * them) and a missing one is an error, not a module load.  A lookup miss
 * still goes through crypto_probing_notify(), which calls
 * request_module("cryptomgr") when no crypto manager is registered, so
 * CRYPTO_PGP also selects CRYPTO_MANAGER (built in when CRYPTO_PGP=y); the
 * manager's cryptomgr_schedule_probe() gives up at once on a plain name
 * without a template ("sha256"), so it loads nothing either.
 *
 * Return: the transform, or ERR_PTR(-ENOENT) if @name is not registered.
 */
struct crypto_shash *pgp_alloc_shash(const char *name)
{
	return crypto_alloc_shash(name, 0, CRYPTO_NOLOAD);
}

/**
 * pgp_hash_init - Start the digest for checking one signature
 * @ctx: Set to the new context
 * @sig: A signature for which pgp_parse_sig() returned 0
 *
 * A v6 signature's salt is hashed first (RFC 9580 5.2.4): the context then
 * serves only signatures with that salt.
 *
 * Context: May sleep.
 * Return: 0; -ENOPKG if the hash is not available in this kernel (never
 * loaded on demand); -EINVAL for a signature that is neither v4 nor v6, or
 * a salt longer than %PGP_SALT_MAX; -ENOMEM.
 */
int pgp_hash_init(struct pgp_hash_ctx **ctx, const struct pgp_sig *sig)
{
	struct crypto_shash *tfm;
	struct pgp_hash_ctx *c;
	int ret;

	*ctx = NULL;
	if ((sig->version != 4 && sig->version != 6) || sig->salt_len > PGP_SALT_MAX ||
	    (sig->version == 4 && sig->salt_len))
		return -EINVAL;
	if (sig->hash >= HASH_ALGO__LAST || !hash_algo_name[sig->hash])
		return -ENOPKG;
	tfm = pgp_alloc_shash(hash_algo_name[sig->hash]);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm) == -ENOENT ? -ENOPKG : PTR_ERR(tfm);
	if (crypto_shash_digestsize(tfm) != hash_digest_size[sig->hash]) {
		ret = -ENOPKG;
		goto err_free_tfm;
	}
	c = kzalloc(sizeof(*c) + crypto_shash_descsize(tfm), GFP_KERNEL);
	if (!c) {
		ret = -ENOMEM;
		goto err_free_tfm;
	}
	c->shared = kmalloc(sizeof(*c->shared), GFP_KERNEL);
	if (!c->shared) {
		ret = -ENOMEM;
		goto err_free_ctx;
	}
	refcount_set(&c->shared->ref, 1);
	c->shared->tfm = tfm;
	c->tfm = tfm;
	c->hash = sig->hash;
	c->version = sig->version;
	c->salt_len = sig->salt_len;
	if (sig->salt_len)
		memcpy(c->salt, sig->salt, sig->salt_len);
	c->desc.tfm = tfm;
	ret = crypto_shash_init(&c->desc);
	if (!ret && sig->salt_len)
		ret = crypto_shash_update(&c->desc, sig->salt, sig->salt_len);
	if (ret)
		goto err_free_shared;
	*ctx = c;
	return 0;

err_free_shared:
	kfree(c->shared);
err_free_ctx:
	kfree(c);
err_free_tfm:
	crypto_free_shash(tfm);
	return ret;
}
EXPORT_SYMBOL_GPL(pgp_hash_init);

/**
 * pgp_hash_free - Release a hash context without verifying
 * @ctx: Context from pgp_hash_init(), or NULL
 */
void pgp_hash_free(struct pgp_hash_ctx *ctx)
{
	if (!ctx)
		return;
	if (refcount_dec_and_test(&ctx->shared->ref)) {
		crypto_free_shash(ctx->shared->tfm);
		kfree(ctx->shared);
	}
	kfree_sensitive(ctx);
}
EXPORT_SYMBOL_GPL(pgp_hash_free);

/**
 * pgp_hash_clone - Copy a digest in progress
 * @dst: Set to the new context
 * @src: Context to copy; not changed
 *
 * Lets a caller hash a large common prefix (a module file) once and then
 * finish one copy per signature that uses the same hash.  The copy runs on
 * the transform of @src, which it shares (an unkeyed shash is reentrant:
 * its state is in the descriptor), so the exported state is imported by the
 * very driver that wrote it: a driver of the same name registered in
 * between, with another state layout, is never involved.  The copy must be
 * finished with pgp_sig_verify() or released with pgp_hash_free().
 *
 * Context: May sleep.
 * Return: 0; -ENOMEM; or the crypto API's export or import error.
 */
int pgp_hash_clone(struct pgp_hash_ctx **dst, const struct pgp_hash_ctx *src)
{
	struct crypto_shash *tfm = src->tfm;
	struct pgp_hash_ctx *c;
	void *state;
	int ret;

	*dst = NULL;
	c = kzalloc(sizeof(*c) + crypto_shash_descsize(tfm), GFP_KERNEL);
	state = kmalloc(crypto_shash_statesize(tfm), GFP_KERNEL);
	if (!c || !state) {
		kfree(c);
		kfree(state);
		return -ENOMEM;
	}
	refcount_inc(&src->shared->ref);
	c->shared = src->shared;
	c->tfm = tfm;
	c->hash = src->hash;
	c->version = src->version;
	c->salt_len = src->salt_len;
	memcpy(c->salt, src->salt, sizeof(c->salt));
	c->desc.tfm = tfm;
	/* export only reads the state; the API just lacks a const */
	ret = crypto_shash_export((struct shash_desc *)&src->desc, state);
	if (!ret)
		ret = crypto_shash_import(&c->desc, state);
	kfree_sensitive(state);
	if (ret) {
		pgp_hash_free(c);
		return ret;
	}
	*dst = c;
	return 0;
}
EXPORT_SYMBOL_GPL(pgp_hash_clone);

/**
 * pgp_hash_peek - The digest of what a context was fed so far
 * @ctx: Context from pgp_hash_init() or pgp_hash_clone(); not changed
 * @digest: Set to the digest; %HASH_MAX_DIGESTSIZE bytes of room
 * @len: Set to the length of the digest
 *
 * For a v4 signature's context, the plain digest of the data fed so far:
 * a caller that needs that digest of the same data for another purpose
 * gets it without a second pass.  (A v6 context hashed its salt first.)
 *
 * Context: May sleep.
 * Return: 0; -ENOMEM; or the crypto API's error.
 */
int pgp_hash_peek(const struct pgp_hash_ctx *ctx, u8 *digest, unsigned int *len)
{
	struct pgp_hash_ctx *c;
	int ret;

	*len = 0;
	if (crypto_shash_digestsize(ctx->tfm) > HASH_MAX_DIGESTSIZE)
		return -EINVAL;
	ret = pgp_hash_clone(&c, ctx);
	if (ret)
		return ret;
	ret = crypto_shash_final(&c->desc, digest);
	if (!ret)
		*len = crypto_shash_digestsize(c->tfm);
	pgp_hash_free(c);
	return ret;
}
EXPORT_SYMBOL_GPL(pgp_hash_peek);

/**
 * pgp_hash_update - Feed signed data into the digest
 * @ctx: Context from pgp_hash_init()
 * @data: Bytes to hash
 * @len: Number of bytes (any size_t; fed in chunks)
 *
 * Return: 0 or the crypto API's error.
 */
int pgp_hash_update(struct pgp_hash_ctx *ctx, const void *data, size_t len)
{
	const u8 *p = data;
	int ret;

	while (len) {
		unsigned int n = min_t(size_t, len, 1U << 30);

		ret = crypto_shash_update(&ctx->desc, p, n);
		if (ret)
			return ret;
		p += n;
		len -= n;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(pgp_hash_update);

/**
 * pgp_hash_pubkey - Hash a public key the way key signatures cover it
 * @ctx: Context from pgp_hash_init()
 * @key: A parsed v4 or v6 key
 *
 * The format is the signature's (RFC 9580 5.2.4): a v4 signature feeds
 * 0x99 || be16(body length) || body, a v6 signature 0x9b || be32(body
 * length) || body.
 *
 * Return: 0; -EINVAL for a key that is neither v4 nor v6, or too long for a
 * v4 signature; crypto errors.
 */
int pgp_hash_pubkey(struct pgp_hash_ctx *ctx, const struct pgp_pubkey *key)
{
	u8 hdr[5];
	size_t n;
	int ret;

	if ((key->version != 4 && key->version != 6) || !key->body)
		return -EINVAL;
	if (ctx->version == 6) {
		if (key->body_len > U32_MAX)
			return -EINVAL;
		hdr[0] = 0x9b;
		put_unaligned_be32(key->body_len, hdr + 1);
		n = 5;
	} else {
		if (key->body_len > 0xffff)
			return -EINVAL;
		hdr[0] = 0x99;
		put_unaligned_be16(key->body_len, hdr + 1);
		n = 3;
	}
	ret = pgp_hash_update(ctx, hdr, n);
	if (ret)
		return ret;
	return pgp_hash_update(ctx, key->body, key->body_len);
}
EXPORT_SYMBOL_GPL(pgp_hash_pubkey);

/**
 * pgp_hash_userid - Hash a user ID the way v4 certifications cover it
 * @ctx: Context from pgp_hash_init()
 * @uid: User ID packet body
 * @len: Its length
 *
 * Feeds 0xb4 || be32(length) || uid (RFC 4880 5.2.4).
 *
 * Return: 0; -EINVAL if @len does not fit in 32 bits; crypto errors.
 */
int pgp_hash_userid(struct pgp_hash_ctx *ctx, const u8 *uid, size_t len)
{
	u8 hdr[5];
	int ret;

	if (len > U32_MAX)
		return -EINVAL;
	hdr[0] = 0xb4;
	put_unaligned_be32(len, hdr + 1);
	ret = pgp_hash_update(ctx, hdr, sizeof(hdr));
	if (ret)
		return ret;
	return pgp_hash_update(ctx, uid, len);
}
EXPORT_SYMBOL_GPL(pgp_hash_userid);

static bool pgp_algo_matches(u8 sig_algo, u8 key_algo)
{
	bool sig_rsa = sig_algo == PGP_PUBKEY_RSA || sig_algo == PGP_PUBKEY_RSA_SIGN;
	bool key_rsa = key_algo == PGP_PUBKEY_RSA || key_algo == PGP_PUBKEY_RSA_SIGN;

	if (sig_rsa || key_rsa)
		return sig_rsa && key_rsa;
	return sig_algo == key_algo;
}

/*
 * ECDSA (algorithm 19) on NIST P-256/P-384/P-521, through the kernel's own
 * ecdsa/ecc code (crypto/ecdsa_raw.c).  RFC 9580 5.2.3.2 asks for a digest at
 * least as long as the curve's field (SHA2-512 for P-521).
 */
static int pgp_verify_ecdsa(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			    const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_ECDSA_RAW)
	enum ecdsa_raw_curve curve;

	switch (key->ec.curve) {
	case PGP_CURVE_NIST_P256:
		curve = ECDSA_RAW_P256;
		break;
	case PGP_CURVE_NIST_P384:
		curve = ECDSA_RAW_P384;
		break;
	case PGP_CURVE_NIST_P521:
		curve = ECDSA_RAW_P521;
		break;
	default:
		return -ENOPKG;
	}
	if (sig->nr_mpi != 2)
		return -EBADMSG;
	return ecdsa_raw_verify(curve, key->ec.point, key->ec.point_len, digest, digest_len,
				sig->mpi[0], sig->mpi_len[0], sig->mpi[1], sig->mpi_len[1]);
#else
	return -ENOPKG;
#endif
}

static int pgp_verify_ed25519(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			      const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_ED25519)
	const u8 *pub;
	u8 rs[64];
	int ret;

	if (key->ec.curve != PGP_CURVE_ED25519)
		return -ENOPKG;
	if (key->algo == PGP_PUBKEY_EDDSA_LEGACY) {
		/* 0x40 || point, checked by the key parser */
		if (key->ec.point_len != 33 || sig->nr_mpi != 2 ||
		    sig->mpi_len[0] > 32 || sig->mpi_len[1] > 32)
			return -EKEYREJECTED;
		pub = key->ec.point + 1;
		memset(rs, 0, sizeof(rs));
		memcpy(rs + 32 - sig->mpi_len[0], sig->mpi[0], sig->mpi_len[0]);
		memcpy(rs + 64 - sig->mpi_len[1], sig->mpi[1], sig->mpi_len[1]);
	} else {
		if (key->ec.point_len != 32 || sig->nr_mpi != 1 || sig->mpi_len[0] != 64)
			return -EKEYREJECTED;
		pub = key->ec.point;
		memcpy(rs, sig->mpi[0], 64);
	}
	ret = ed25519_verify(pub, digest, digest_len, rs);
	/* -EINVAL: unusable public key; -ENOENT: SHA-512 is not built in */
	if (ret == -EINVAL)
		return -EKEYREJECTED;
	if (ret == -ENOENT)
		return -ENOPKG;
	return ret;
#else
	return -ENOPKG;
#endif
}

/*
 * Ed448 (algorithm 28, RFC 9580 5.2.3.5): 114 native octets over the
 * digest, empty context; with the key's tables when it was prepared.
 */
static int pgp_verify_ed448(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			    const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_ED448)
	int ret;

	BUILD_BUG_ON(PGP_ED448_KEY_LEN != ED448_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_ED448_SIG_LEN != ED448_SIGNATURE_SIZE);
	if (key->ec.curve != PGP_CURVE_ED448)
		return -ENOPKG;
	if (key->ec.point_len != PGP_ED448_KEY_LEN || sig->nr_mpi != 1 ||
	    sig->mpi_len[0] != PGP_ED448_SIG_LEN)
		return -EKEYREJECTED;
	ret = key->ec.ed448_pre ?
	      ed448_verify_precomp(key->ec.ed448_pre, digest, digest_len, sig->mpi[0]) :
	      ed448_verify(key->ec.point, digest, digest_len, sig->mpi[0]);
	/* -EINVAL: unusable public key */
	return ret == -EINVAL ? -EKEYREJECTED : ret;
#else
	return -ENOPKG;
#endif
}

/*
 * ML-DSA-65+Ed25519 (RFC 9980 5.2.3): the Ed25519 half and the ML-DSA-65
 * half (pure ML-DSA, empty context) each sign the digest, and both must
 * verify.  Either half failing, including an ML-DSA hint that does not
 * decode, is a signature that does not verify.
 */
static int pgp_verify_composite(const struct pgp_sig *sig, const struct pgp_pubkey *key,
				const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_ED25519) && IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
	int ret;

	BUILD_BUG_ON(PGP_COMPOSITE_MLDSA_KEY_LEN != MLDSA65_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_COMPOSITE_MLDSA_SIG_LEN != MLDSA65_SIGNATURE_SIZE);
	BUILD_BUG_ON(PGP_COMPOSITE_ED25519_KEY_LEN != ED25519_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_COMPOSITE_ED25519_SIG_LEN != ED25519_SIGNATURE_SIZE);
	if (sig->nr_mpi != 2 || sig->mpi_len[0] != PGP_COMPOSITE_ED25519_SIG_LEN ||
	    sig->mpi_len[1] != PGP_COMPOSITE_MLDSA_SIG_LEN || !key->pq.ed25519 || !key->pq.mldsa)
		return -EBADMSG;
	ret = ed25519_verify(key->pq.ed25519, digest, digest_len, sig->mpi[0]);
	if (!ret)
		ret = key->pq.pre ?
		      mldsa65_verify_precomp(key->pq.pre, digest, digest_len,
					     sig->mpi[1], sig->mpi_len[1]) :
		      mldsa65_verify(key->pq.mldsa, PGP_COMPOSITE_MLDSA_KEY_LEN, digest,
				     digest_len, sig->mpi[1], sig->mpi_len[1]);
	/* -EINVAL: an unusable Ed25519 key; -EBADMSG: an ML-DSA hint that does not decode */
	if (ret == -EINVAL || ret == -EBADMSG)
		return -EKEYREJECTED;
	if (ret == -ENOENT)
		return -ENOPKG;	/* Ed25519's SHA-512 is not built in */
	return ret;
#else
	return -ENOPKG;
#endif
}

/*
 * ML-DSA-87+Ed448 (RFC 9980 5.2.3): the Ed448 half (empty context) and the
 * ML-DSA-87 half (pure ML-DSA, empty context) each sign the digest, and
 * both must verify; each with the key's tables when it was prepared.
 */
static int pgp_verify_composite87(const struct pgp_sig *sig, const struct pgp_pubkey *key,
				  const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_ED448) && IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
	int ret;

	BUILD_BUG_ON(PGP_COMPOSITE87_MLDSA_KEY_LEN != MLDSA87_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_COMPOSITE87_MLDSA_SIG_LEN != MLDSA87_SIGNATURE_SIZE);
	BUILD_BUG_ON(PGP_ED448_KEY_LEN != ED448_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_ED448_SIG_LEN != ED448_SIGNATURE_SIZE);
	if (sig->nr_mpi != 2 || sig->mpi_len[0] != PGP_ED448_SIG_LEN ||
	    sig->mpi_len[1] != PGP_COMPOSITE87_MLDSA_SIG_LEN || !key->pq87.ed448 ||
	    !key->pq87.mldsa)
		return -EBADMSG;
	ret = key->pq87.ed448_pre ?
	      ed448_verify_precomp(key->pq87.ed448_pre, digest, digest_len, sig->mpi[0]) :
	      ed448_verify(key->pq87.ed448, digest, digest_len, sig->mpi[0]);
	if (!ret)
		ret = key->pq87.pre ?
		      mldsa87_verify_precomp(key->pq87.pre, digest, digest_len,
					     sig->mpi[1], sig->mpi_len[1]) :
		      mldsa87_verify(key->pq87.mldsa, PGP_COMPOSITE87_MLDSA_KEY_LEN, digest,
				     digest_len, sig->mpi[1], sig->mpi_len[1]);
	/* -EINVAL: an unusable Ed448 key; -EBADMSG: an ML-DSA hint that does not decode */
	if (ret == -EINVAL || ret == -EBADMSG)
		return -EKEYREJECTED;
	return ret;
#else
	return -ENOPKG;
#endif
}

/*
 * SLH-DSA-SHAKE-128s, -128f and -256s (RFC 9980 6.1): slh_verify, pure,
 * with the empty context, on the digest.  Its work is fixed by the
 * parameter set, whatever the signed data's size.
 */
static int pgp_verify_slhdsa(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			     const u8 *digest, size_t digest_len)
{
#if IS_REACHABLE(CONFIG_CRYPTO_SLHDSA)
	size_t key_len, sig_len;
	enum slhdsa_alg alg;
	int ret;

	BUILD_BUG_ON(PGP_SLHDSA_128_KEY_LEN != SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_SLHDSA_128_KEY_LEN != SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_SLHDSA_256_KEY_LEN != SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE);
	BUILD_BUG_ON(PGP_SLHDSA_128S_SIG_LEN != SLHDSA_SHAKE_128S_SIGNATURE_SIZE);
	BUILD_BUG_ON(PGP_SLHDSA_128F_SIG_LEN != SLHDSA_SHAKE_128F_SIGNATURE_SIZE);
	BUILD_BUG_ON(PGP_SLHDSA_256S_SIG_LEN != SLHDSA_SHAKE_256S_SIGNATURE_SIZE);
	if (!pgp_slhdsa_lengths(key->algo, &key_len, &sig_len))
		return -ENOPKG;
	if (sig->nr_mpi != 1 || sig->mpi_len[0] != sig_len || !key->slh.pk ||
	    key->slh.pk_len != key_len)
		return -EBADMSG;
	switch (key->algo) {
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
		alg = SLHDSA_SHAKE_128S;
		break;
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
		alg = SLHDSA_SHAKE_128F;
		break;
	default:
		alg = SLHDSA_SHAKE_256S;
		break;
	}
	ret = slhdsa_verify(alg, key->slh.pk, key_len, digest, digest_len, sig->mpi[0], sig_len);
	/* -EINVAL: the lengths, checked above; never a valid signature */
	return ret == -EINVAL ? -EKEYREJECTED : ret;
#else
	return -ENOPKG;
#endif
}

/*
 * Hash and key sizes that RFC 9580 forbids together, refused as an
 * unsupported combination (like a weak hash without the legacy option):
 * a DSA digest shorter than q (5.2.3.4: "the hash size MUST be at least the
 * size of q"; SHA-224 with a 256-bit q would be zero-padded) and Ed25519
 * with a digest shorter than 256 bits (5.1.4 and 5.2.3.5); ECDSA with a
 * digest shorter than the curve's table in 5.2.3.2 (256 bits for P-256,
 * 384 for P-384, 512 for P-521); Ed448 with a digest shorter than 512
 * bits (5.2.3.5); ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 with a digest
 * shorter than 256 bits (RFC 9980 5.3.1: "at least 256 bits" for either
 * composite; the Ed448 half is RFC 8032's EdDSA there, not RFC 9580's
 * algorithm 28); SLH-DSA with a digest shorter than 256 bits (RFC 9980
 * 6.2.1: at least 256 bits, for each of the three parameter sets).
 */
static int pgp_check_digest_size(const struct pgp_pubkey *key, unsigned int dlen)
{
	switch (key->algo) {
	case PGP_PUBKEY_DSA:
		if ((size_t)dlen * 8 < pgp_mpi_bits(key->dsa.q, key->dsa.q_len))
			return -ENOPKG;
		return 0;
	case PGP_PUBKEY_EDDSA_LEGACY:
	case PGP_PUBKEY_ED25519:
	case PGP_PUBKEY_MLDSA65_ED25519:
	case PGP_PUBKEY_MLDSA87_ED448:
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		return dlen < 32 ? -ENOPKG : 0;
	case PGP_PUBKEY_ED448:
		return dlen < 64 ? -ENOPKG : 0;
	case PGP_PUBKEY_ECDSA:
		switch (key->ec.curve) {
		case PGP_CURVE_NIST_P384:
			return dlen < 48 ? -ENOPKG : 0;
		case PGP_CURVE_NIST_P521:
			return dlen < 64 ? -ENOPKG : 0;
		default:
			return dlen < 32 ? -ENOPKG : 0;
		}
	default:
		return 0;
	}
}

/**
 * pgp_sig_digest - Finish the digest of a signature
 * @ctx: Context from pgp_hash_init() for @sig, with the signed data already
 *	fed in; always freed, whatever the result
 * @sig: The parsed signature
 * @digest: Set to the digest; %HASH_MAX_DIGESTSIZE bytes of room
 * @len: Set to the length of the digest
 *
 * Appends the hashed part of @sig and the trailer: its version (0x04 or
 * 0x06), 0xff and be32(hashed length), and finalises the digest, for a
 * caller that checks it later (or elsewhere) with pgp_sig_verify_digest().
 *
 * Context: May sleep.
 * Return: 0; -EINVAL for a context of another hash, version or salt than
 * @sig's; the crypto API's error.
 */
int pgp_sig_digest(struct pgp_hash_ctx *ctx, const struct pgp_sig *sig,
		   u8 *digest, unsigned int *len)
{
	u8 trailer[6];
	int ret;

	*len = 0;
	if (!pgp_hash_for(ctx, sig) || sig->hashed_len > U32_MAX ||
	    crypto_shash_digestsize(ctx->tfm) > HASH_MAX_DIGESTSIZE) {
		ret = -EINVAL;
		goto out;
	}
	trailer[0] = sig->version;
	trailer[1] = 0xff;
	put_unaligned_be32(sig->hashed_len, trailer + 2);
	ret = pgp_hash_update(ctx, sig->hashed, sig->hashed_len);
	if (!ret)
		ret = crypto_shash_finup(&ctx->desc, trailer, sizeof(trailer), digest);
	if (!ret)
		*len = crypto_shash_digestsize(ctx->tfm);
out:
	pgp_hash_free(ctx);
	return ret;
}
EXPORT_SYMBOL_GPL(pgp_sig_digest);

/**
 * pgp_sig_verify_digest - Check a signature over a finished digest
 * @sig: The parsed signature
 * @key: The parsed key named by the signature's issuer
 * @digest: The digest from pgp_sig_digest() for @sig
 * @dlen: Its length; must be the digest size of @sig's hash
 *
 * Checks the digest size against the key, compares the first two octets of
 * @digest with the signature's digest prefix and only then runs the
 * public-key verification (DSA, RSA PKCS#1 v1.5; Ed25519, Ed448, ECDSA,
 * ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 when built).  A v4 signature is made by a v4 key, a v6
 * signature by a v6 key (RFC 9580 5.2.3.35): any other pairing is refused.
 *
 * Context: May sleep.
 * Return: 0 if the signature is valid; -EKEYREJECTED for a key of another
 * version than the signature, a wrong digest prefix, a key of another
 * algorithm, a bad signature (for a composite: either half bad) or an
 * invalid key; -ENOPKG for a digest too short for the key (DSA: shorter
 * than q; Ed25519 and the composites: shorter than 256 bits; Ed448: shorter
 * than 512 bits; ECDSA: shorter than the curve's minimum), checked before
 * anything else but the versions, or for an algorithm this kernel cannot
 * verify (ECDSA without CONFIG_CRYPTO_ECDSA_RAW, Ed25519 without
 * CONFIG_CRYPTO_ED25519, Ed448 without CONFIG_CRYPTO_ED448, a composite
 * without its EdDSA or CONFIG_CRYPTO_MLDSA_VERIFY, other curves);
 * -EBADMSG for a signature whose values do not fit the algorithm; -EINVAL
 * for a digest of another size or a signature or key that is neither v4
 * nor v6; -ENOMEM.
 */
int pgp_sig_verify_digest(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			  const u8 *digest, unsigned int dlen)
{
	int ret;

	if ((sig->version != 4 && sig->version != 6) ||
	    (key->version != 4 && key->version != 6) ||
	    sig->hash >= HASH_ALGO__LAST || dlen != hash_digest_size[sig->hash])
		return -EINVAL;
	if (sig->version != key->version)
		return -EKEYREJECTED;
	ret = pgp_check_digest_size(key, dlen);
	if (ret)
		return ret;
	if (digest[0] != sig->digest_prefix[0] || digest[1] != sig->digest_prefix[1])
		return -EKEYREJECTED;
	if (!pgp_algo_matches(sig->pubkey_algo, key->algo))
		return -EKEYREJECTED;

	switch (key->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		if (sig->nr_mpi != 1)
			return -EBADMSG;
		ret = rsassa_pkcs1_verify(&key->rsa, sig->hash, digest, dlen,
					  sig->mpi[0], sig->mpi_len[0]);
		break;
	case PGP_PUBKEY_DSA:
		if (sig->nr_mpi != 2)
			return -EBADMSG;
		ret = dsa_verify(&key->dsa, digest, dlen, sig->mpi[0], sig->mpi_len[0],
				 sig->mpi[1], sig->mpi_len[1]);
		break;
	case PGP_PUBKEY_EDDSA_LEGACY:
	case PGP_PUBKEY_ED25519:
		ret = pgp_verify_ed25519(sig, key, digest, dlen);
		break;
	case PGP_PUBKEY_ECDSA:
		ret = pgp_verify_ecdsa(sig, key, digest, dlen);
		break;
	case PGP_PUBKEY_ED448:
		ret = pgp_verify_ed448(sig, key, digest, dlen);
		break;
	case PGP_PUBKEY_MLDSA65_ED25519:
		ret = pgp_verify_composite(sig, key, digest, dlen);
		break;
	case PGP_PUBKEY_MLDSA87_ED448:
		ret = pgp_verify_composite87(sig, key, digest, dlen);
		break;
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		ret = pgp_verify_slhdsa(sig, key, digest, dlen);
		break;
	default:
		ret = -ENOPKG;
		break;
	}
	/* A malformed key (e.g. g = 1, n = 0) never validates anything */
	if (ret == -EINVAL)
		ret = -EKEYREJECTED;
	return ret;
}
EXPORT_SYMBOL_GPL(pgp_sig_verify_digest);

/**
 * pgp_sig_verify - Finish the digest and check the signature
 * @ctx: Context from pgp_hash_init() for @sig, with the signed data already
 *	fed in; always freed, whatever the result
 * @sig: The parsed signature
 * @key: The parsed key named by the signature's issuer
 *
 * pgp_sig_digest() then pgp_sig_verify_digest(), except that a digest too
 * short for the key is refused before the digest is finished.
 *
 * Context: May sleep.
 * Return: 0 if the signature is valid; the errors of pgp_sig_verify_digest()
 * (-EKEYREJECTED, -ENOPKG, -EBADMSG, -ENOMEM; -EINVAL for a signature or key
 * that is neither v4 nor v6); -EINVAL for a context of another hash,
 * version or salt.
 */
int pgp_sig_verify(struct pgp_hash_ctx *ctx, const struct pgp_sig *sig,
		   const struct pgp_pubkey *key)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	unsigned int dlen;
	int ret;

	if (!pgp_hash_for(ctx, sig) || (key->version != 4 && key->version != 6)) {
		pgp_hash_free(ctx);
		return -EINVAL;
	}
	if (key->version != sig->version) {
		pgp_hash_free(ctx);
		return -EKEYREJECTED;
	}
	ret = pgp_check_digest_size(key, crypto_shash_digestsize(ctx->tfm));
	if (ret) {
		pgp_hash_free(ctx);
		return ret;
	}
	ret = pgp_sig_digest(ctx, sig, digest, &dlen);
	if (!ret)
		ret = pgp_sig_verify_digest(sig, key, digest, dlen);
	memzero_explicit(digest, sizeof(digest));
	return ret;
}
EXPORT_SYMBOL_GPL(pgp_sig_verify);

/**
 * pgp_pubkey_prepare() - prepare a public key for many verifications
 * @key: a key from pgp_parse_pubkey() that will verify many signatures
 * @what: set to a short name of what the key's algorithm builds ("DSA
 *	tables"), or to NULL when it needs nothing; set on failure too
 *
 * A DSA key gets fixed-base tables for g and y, which make a verification
 * about three times faster (crypto/dsa.c); an RSA key keeps its Montgomery
 * context (R^2 mod n and the inverse), so that a verification does only the
 * exponentiation (crypto/rsassa.c); an ML-DSA-65+Ed25519 key gets its
 * ML-DSA-65 half's matrix A, NTT(t1 2^d) and tr (36 KiB, <crypto/mldsa_verify.h>),
 * which make that half about four times faster; an ML-DSA-87+Ed448 key
 * gets both its ML-DSA-87 half's (64 KiB) and its Ed448 half's tables of
 * multiples (6 KiB, crypto/ed448.c), an Ed448 key the latter; the other
 * algorithms need nothing.  What
 * is built belongs to @key until pgp_pubkey_release().  A key that could not
 * be prepared still verifies, only more slowly.
 *
 * Context: process context; may sleep.
 * Return: the bytes held for @key (0 when nothing was built), -EBUSY when
 * @key is already prepared, -EINVAL for key values the algorithm rejects,
 * or -ENOMEM.
 */
ssize_t pgp_pubkey_prepare(struct pgp_pubkey *key, const char **what)
{
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
	struct mldsa65_precomp *mpre;
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY) && IS_REACHABLE(CONFIG_CRYPTO_ED448)
	struct mldsa87_precomp *mpre87;
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_ED448)
	struct ed448_precomp *epre;
#endif
	struct rsassa_precomp *rpre;
	struct dsa_precomp *pre;

	*what = NULL;
	switch (key->algo) {
	case PGP_PUBKEY_DSA:
		*what = "DSA tables";
		if (key->dsa.pre)
			return -EBUSY;
		pre = dsa_precompute(&key->dsa);
		if (IS_ERR(pre))
			return PTR_ERR(pre);
		key->dsa.pre = pre;
		return dsa_precomp_size(pre);
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		*what = "RSA context";
		if (key->rsa.pre)
			return -EBUSY;
		rpre = rsassa_precompute(&key->rsa);
		if (IS_ERR(rpre))
			return PTR_ERR(rpre);
		key->rsa.pre = rpre;
		return rsassa_precomp_size(rpre);
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
	case PGP_PUBKEY_MLDSA65_ED25519:
		*what = "ML-DSA-65 tables";
		if (key->pq.pre)
			return -EBUSY;
		if (!key->pq.mldsa)
			return -EINVAL;
		mpre = mldsa65_precompute(key->pq.mldsa, PGP_COMPOSITE_MLDSA_KEY_LEN);
		if (IS_ERR(mpre))
			return PTR_ERR(mpre);
		key->pq.pre = mpre;
		return mldsa65_precomp_size(mpre);
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY) && IS_REACHABLE(CONFIG_CRYPTO_ED448)
	case PGP_PUBKEY_MLDSA87_ED448:
		*what = "ML-DSA-87 and Ed448 tables";
		if (key->pq87.pre || key->pq87.ed448_pre)
			return -EBUSY;
		if (!key->pq87.mldsa || !key->pq87.ed448)
			return -EINVAL;
		epre = ed448_precompute(key->pq87.ed448);
		if (IS_ERR(epre))
			return PTR_ERR(epre);
		mpre87 = mldsa87_precompute(key->pq87.mldsa, PGP_COMPOSITE87_MLDSA_KEY_LEN);
		if (IS_ERR(mpre87)) {
			ed448_precomp_free(epre);
			return PTR_ERR(mpre87);
		}
		key->pq87.ed448_pre = epre;
		key->pq87.pre = mpre87;
		return mldsa87_precomp_size(mpre87) + ed448_precomp_size(epre);
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_ED448)
	case PGP_PUBKEY_ED448:
		*what = "Ed448 tables";
		if (key->ec.ed448_pre)
			return -EBUSY;
		if (key->ec.curve != PGP_CURVE_ED448 || key->ec.point_len != PGP_ED448_KEY_LEN)
			return -EINVAL;
		epre = ed448_precompute(key->ec.point);
		if (IS_ERR(epre))
			return PTR_ERR(epre);
		key->ec.ed448_pre = epre;
		return ed448_precomp_size(epre);
#endif
	default:
		return 0;
	}
}
EXPORT_SYMBOL_GPL(pgp_pubkey_prepare);

/**
 * pgp_pubkey_release() - free what pgp_pubkey_prepare() built for a key
 * @key: the key; it stays usable, without the preparation
 *
 * Context: any context.
 */
void pgp_pubkey_release(struct pgp_pubkey *key)
{
	switch (key->algo) {
	case PGP_PUBKEY_DSA:
		dsa_precomp_free(key->dsa.pre);
		key->dsa.pre = NULL;
		break;
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		rsassa_precomp_free(key->rsa.pre);
		key->rsa.pre = NULL;
		break;
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY)
	case PGP_PUBKEY_MLDSA65_ED25519:
		mldsa65_precomp_free(key->pq.pre);
		key->pq.pre = NULL;
		break;
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY) && IS_REACHABLE(CONFIG_CRYPTO_ED448)
	case PGP_PUBKEY_MLDSA87_ED448:
		mldsa87_precomp_free(key->pq87.pre);
		ed448_precomp_free(key->pq87.ed448_pre);
		key->pq87.pre = NULL;
		key->pq87.ed448_pre = NULL;
		break;
#endif
#if IS_REACHABLE(CONFIG_CRYPTO_ED448)
	case PGP_PUBKEY_ED448:
		ed448_precomp_free(key->ec.ed448_pre);
		key->ec.ed448_pre = NULL;
		break;
#endif
	}
}
EXPORT_SYMBOL_GPL(pgp_pubkey_release);
