// SPDX-License-Identifier: GPL-2.0
/*
 * RSASSA-PKCS1-v1_5 signature verification, RFC 8017 section 8.2.2.
 *
 * Why not the kernel's "pkcs1pad(rsa,...)" akcipher template: its interface
 * changes right after 6.12 (6.13 moves verification to crypto_sig), it
 * needs a DER-encoded RSAPublicKey and a scatterlist round trip for one
 * operation, and the "rsa" it wraps is lib/mpi, whose mpi_powm() allocates
 * on every call and reduces by long division: 4-5x slower than what this
 * file does for the public operation (418 us were measured for RSA-4096
 * under UML, against 69 us for OpenSSL on the same machine).  Here the key arrives as two raw
 * big-endian strings straight from the OpenPGP packet, the public operation
 * s^e mod n runs on the Montgomery arithmetic of crypto/mont.c, and the
 * check is the one RFC 8017 recommends: build the expected encoded message
 * EM' = 0x00 0x01 PS 0x00 DigestInfo(H) and compare it with the whole of
 * s^e mod n, so no parser of the decrypted block exists to be fooled
 * (no Bleichenbacher-2006-style trailing garbage, no lax DigestInfo).
 */

#define pr_fmt(fmt) "rsassa: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/hash_info.h>
#include <crypto/mont.h>
#include <crypto/rsassa.h>
#include <crypto/utils.h>

/* DER of DigestInfo up to the digest octets (RFC 8017 section 9.2, note 1). */
static const u8 di_sha1[] = {
	0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a,
	0x05, 0x00, 0x04, 0x14,
};

static const u8 di_sha224[] = {
	0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
	0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c,
};

static const u8 di_sha256[] = {
	0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
	0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
};

static const u8 di_sha384[] = {
	0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
	0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30,
};

static const u8 di_sha512[] = {
	0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
	0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40,
};

static const struct {
	const u8 *der;
	u8 der_len;
	u8 digest_len;
} digest_infos[HASH_ALGO__LAST] = {
	[HASH_ALGO_SHA1]   = { di_sha1,   sizeof(di_sha1),   20 },
	[HASH_ALGO_SHA224] = { di_sha224, sizeof(di_sha224), 28 },
	[HASH_ALGO_SHA256] = { di_sha256, sizeof(di_sha256), 32 },
	[HASH_ALGO_SHA384] = { di_sha384, sizeof(di_sha384), 48 },
	[HASH_ALGO_SHA512] = { di_sha512, sizeof(di_sha512), 64 },
};

/*
 * What a key that verifies many signatures keeps from one verification to
 * the next: the Montgomery context of n (R^2 mod n and -n^-1 mod 2^w, a
 * third of the work of a verification with e = 65537 when computed each
 * time) and e in limbs.  The context is a template: each verification works
 * on a clone with its own scratch space, so concurrent verifications share
 * it read-only.  @n and @e are the key's own buffers, so that a context is
 * never used with another key.
 */
struct rsassa_precomp {
	struct mont_ctx ctx;
	unsigned long *e;
	const u8 *n, *e_be;
	size_t n_len, e_len;
};

/* Check the key's values; set *@nbits. */
static int rsassa_check_key(const struct rsa_pub_key_raw *key, unsigned int *nbits)
{
	unsigned int ebits;

	*nbits = mont_bits(key->n, key->n_len);
	ebits = mont_bits(key->e, key->e_len);
	if (*nbits < 2 || *nbits > RSASSA_MAX_N_BITS || !(key->n[key->n_len - 1] & 1))
		return -EINVAL;
	if (ebits < 2 || !(key->e[key->e_len - 1] & 1) ||
	    mont_be_cmp(key->e, key->e_len, key->n, key->n_len) >= 0)
		return -EINVAL;
	return 0;
}

/**
 * rsassa_precompute() - keep the Montgomery context of a key
 * @key: the key; its @pre is not read
 *
 * The result belongs to this key only (the very buffers of its n and e):
 * store it in @key->pre to make rsassa_pkcs1_verify() use it.  It holds
 * about 3 limbs per limb of n (1.5 KiB for RSA-4096), and saves each
 * verification R^2 mod n and the conversion of e.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: the context, ERR_PTR(-EINVAL) for key values rsassa_pkcs1_verify()
 * refuses, or ERR_PTR(-ENOMEM).
 */
struct rsassa_precomp *rsassa_precompute(const struct rsa_pub_key_raw *key)
{
	struct rsassa_precomp *pre;
	unsigned int nbits;
	int ret;

	ret = rsassa_check_key(key, &nbits);
	if (ret)
		return ERR_PTR(ret);
	pre = kzalloc(sizeof(*pre), GFP_KERNEL);
	if (!pre)
		return ERR_PTR(-ENOMEM);
	ret = mont_ctx_init(&pre->ctx, key->n, key->n_len);
	if (ret)
		goto err_free;
	pre->e = kmalloc_array(pre->ctx.n, sizeof(*pre->e), GFP_KERNEL);
	if (!pre->e) {
		ret = -ENOMEM;
		goto err_ctx;
	}
	/* e < n was checked: it fits */
	mont_from_be(pre->e, pre->ctx.n, key->e, key->e_len);
	pre->n = key->n;
	pre->n_len = key->n_len;
	pre->e_be = key->e;
	pre->e_len = key->e_len;
	return pre;

err_ctx:
	mont_ctx_destroy(&pre->ctx);
err_free:
	kfree(pre);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_GPL(rsassa_precompute);

/**
 * rsassa_precomp_size() - memory held by a key's context
 * @pre: context from rsassa_precompute()
 *
 * Return: the bytes allocated for it.
 */
size_t rsassa_precomp_size(const struct rsassa_precomp *pre)
{
	return sizeof(*pre) + (8 * (size_t)pre->ctx.n + 2) * sizeof(unsigned long) +
	       (size_t)pre->ctx.n * sizeof(unsigned long);
}
EXPORT_SYMBOL_GPL(rsassa_precomp_size);

/**
 * rsassa_precomp_free() - release a context from rsassa_precompute()
 * @pre: the context, or NULL or an error pointer
 */
void rsassa_precomp_free(struct rsassa_precomp *pre)
{
	if (IS_ERR_OR_NULL(pre))
		return;
	kfree(pre->e);
	mont_ctx_destroy(&pre->ctx);
	kfree(pre);
}
EXPORT_SYMBOL_GPL(rsassa_precomp_free);

/**
 * rsassa_pkcs1_verify() - verify an RSASSA-PKCS1-v1_5 signature
 * @key: public key; n must be odd and at most %RSASSA_MAX_N_BITS bits,
 *	e odd with 1 < e < n; if @key->pre is set, its context is used
 * @hash: hash algorithm that produced @digest (SHA-1, SHA-224, SHA-256,
 *	SHA-384 or SHA-512)
 * @digest: the message digest
 * @digest_len: length of @digest; must be hash_digest_size[@hash]
 * @sig: signature, big-endian; may be shorter than the modulus (OpenPGP
 *	strips leading zero octets) and may carry leading zero octets
 * @sig_len: length of @sig in bytes
 *
 * Follows RFC 8017 8.2.2: s must be less than n, m = s^e mod n is converted
 * to the k-octet string EM (k = length of n in octets) and compared in full
 * with the EMSA-PKCS1-v1_5 encoding of @digest.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (s >= n,
 * wrong padding or DigestInfo, modulus too short for the encoding);
 * -ENOPKG if @hash has no DigestInfo here; -EINVAL for an unusable key, a
 * @key->pre of another key, or a @digest_len that does not match @hash;
 * -ENOMEM.
 */
int rsassa_pkcs1_verify(const struct rsa_pub_key_raw *key, enum hash_algo hash,
			const u8 *digest, size_t digest_len,
			const u8 *sig, size_t sig_len)
{
	const struct rsassa_precomp *pre = key->pre;
	size_t k, tlen, ps_len;
	unsigned int nbits;
	struct mont_ctx ctx;
	unsigned long *s, *e;
	u8 *em, *want;
	int ret;

	if ((unsigned int)hash >= HASH_ALGO__LAST || !digest_infos[hash].der)
		return -ENOPKG;
	if (digest_len != digest_infos[hash].digest_len)
		return -EINVAL;

	if (pre) {
		/* checked by rsassa_precompute() on these very buffers */
		if (pre->n != key->n || pre->n_len != key->n_len ||
		    pre->e_be != key->e || pre->e_len != key->e_len)
			return -EINVAL;
		nbits = pre->ctx.bits;
	} else {
		ret = rsassa_check_key(key, &nbits);
		if (ret)
			return ret;
	}

	k = DIV_ROUND_UP(nbits, 8);
	tlen = digest_infos[hash].der_len + digest_len;
	if (k < tlen + 11)	/* "intended encoded message length too short" */
		return -EKEYREJECTED;
	if (mont_be_cmp(sig, sig_len, key->n, key->n_len) >= 0)
		return -EKEYREJECTED;	/* s >= n, or a signature longer than n */

	if (pre)
		ret = mont_ctx_clone(&ctx, &pre->ctx);
	else
		ret = mont_ctx_init(&ctx, key->n, key->n_len);
	if (ret)
		return ret;
	s = kmalloc_array(2 * ctx.n, sizeof(*s), GFP_KERNEL);
	em = kmalloc(2 * k, GFP_KERNEL);
	if (!s || !em) {
		ret = -ENOMEM;
		goto out;
	}
	e = s + ctx.n;
	want = em + k;
	/* both are below n (checked above), so they fit */
	mont_from_be(s, ctx.n, sig, sig_len);
	if (pre)
		memcpy(e, pre->e, ctx.n * sizeof(*e));
	else
		mont_from_be(e, ctx.n, key->e, key->e_len);

	ret = mont_powm(&ctx, s, s, e, ctx.n);
	if (ret)
		goto out;
	mont_to_be(em, k, s, ctx.n);

	/* EM' = 0x00 || 0x01 || PS (0xff, at least 8) || 0x00 || T */
	ps_len = k - tlen - 3;
	want[0] = 0x00;
	want[1] = 0x01;
	memset(want + 2, 0xff, ps_len);
	want[2 + ps_len] = 0x00;
	memcpy(want + 3 + ps_len, digest_infos[hash].der, digest_infos[hash].der_len);
	memcpy(want + 3 + ps_len + digest_infos[hash].der_len, digest, digest_len);

	ret = crypto_memneq(em, want, k) ? -EKEYREJECTED : 0;
out:
	kfree(em);
	kfree(s);
	mont_ctx_destroy(&ctx);
	return ret;
}
EXPORT_SYMBOL_GPL(rsassa_pkcs1_verify);

MODULE_DESCRIPTION("RSASSA-PKCS1-v1_5 signature verification (RFC 8017)");
MODULE_LICENSE("GPL");
