// SPDX-License-Identifier: GPL-2.0
/*
 * Host-test stand-ins, implemented with OpenSSL, for the kernel maths'
 * dsa_check_key(), dsa_verify(), dsa_precompute(), rsassa_pkcs1_verify(),
 * rsassa_precompute() and ed25519_verify(), with the same contract and error
 * codes as their kernel-doc in crypto/, so that the OpenPGP layer can be tested against an
 * independent implementation; ecdsa_raw_verify() is the stand-in that
 * scripts/pgp-shim/ecdsa_openssl.c gives the tools (the kernel's ECDSA is
 * its ECC code, which userspace does not have).
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bn.h>
#include <openssl/dsa.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rsa.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <crypto/dsa.h>
#include <crypto/rsassa.h>
#include <crypto/ed25519.h>
#include <crypto/ecdsa_raw.h>

static unsigned int bits_of(const u8 *p, size_t len)
{
	while (len && !*p) {
		p++;
		len--;
	}
	return len ? (unsigned int)(len - 1) * 8 + fls(*p) : 0;
}

int dsa_check_key(const struct dsa_pub_key *key)
{
	BIGNUM *p, *q, *g, *y, *one;
	int ret = -EINVAL;

	if (bits_of(key->p, key->p_len) > 8192 || bits_of(key->q, key->q_len) > 512)
		return -EINVAL;
	p = BN_bin2bn(key->p, key->p_len, NULL);
	q = BN_bin2bn(key->q, key->q_len, NULL);
	g = BN_bin2bn(key->g, key->g_len, NULL);
	y = BN_bin2bn(key->y, key->y_len, NULL);
	one = BN_new();
	if (!p || !q || !g || !y || !one) {
		ret = -ENOMEM;
		goto out;
	}
	BN_one(one);
	if (BN_cmp(g, one) > 0 && BN_cmp(g, p) < 0 && BN_cmp(y, one) > 0 &&
	    BN_cmp(y, p) < 0 && BN_cmp(q, p) < 0 && BN_cmp(q, one) > 0)
		ret = 0;
out:
	BN_free(p);
	BN_free(q);
	BN_free(g);
	BN_free(y);
	BN_free(one);
	return ret;
}

int dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
	       const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	DSA *dsa = NULL;
	DSA_SIG *sig = NULL;
	BIGNUM *bp, *bq, *bg, *by, *br, *bs;
	int ret, v;

	ret = dsa_check_key(key);
	if (ret)
		return ret;
	bp = BN_bin2bn(key->p, key->p_len, NULL);
	bq = BN_bin2bn(key->q, key->q_len, NULL);
	bg = BN_bin2bn(key->g, key->g_len, NULL);
	by = BN_bin2bn(key->y, key->y_len, NULL);
	br = BN_bin2bn(r, r_len, NULL);
	bs = BN_bin2bn(s, s_len, NULL);
	dsa = DSA_new();
	sig = DSA_SIG_new();
	if (!bp || !bq || !bg || !by || !br || !bs || !dsa || !sig) {
		BN_free(bp); BN_free(bq); BN_free(bg); BN_free(by); BN_free(br); BN_free(bs);
		DSA_free(dsa);
		DSA_SIG_free(sig);
		return -ENOMEM;
	}
	DSA_set0_pqg(dsa, bp, bq, bg);
	DSA_set0_key(dsa, by, NULL);
	DSA_SIG_set0(sig, br, bs);
	/* OpenSSL truncates the digest to the byte length of q (FIPS 186-4 4.6) */
	v = DSA_do_verify(digest, (int)digest_len, sig, dsa);
	ret = v == 1 ? 0 : -EKEYREJECTED;
	DSA_SIG_free(sig);
	DSA_free(dsa);
	return ret;
}

/* OpenSSL keeps no fixed-base tables: the oracle's "tables" are a marker
 * with the same lifetime rules, and dsa_verify() above ignores them. */
struct dsa_precomp {
	size_t size;
};

struct dsa_precomp *dsa_precompute(const struct dsa_pub_key *key)
{
	struct dsa_precomp *pre;
	int ret = dsa_check_key(key);

	if (ret)
		return ERR_PTR(ret);
	pre = kzalloc(sizeof(*pre), GFP_KERNEL);
	if (!pre)
		return ERR_PTR(-ENOMEM);
	pre->size = sizeof(*pre);
	return pre;
}

size_t dsa_precomp_size(const struct dsa_precomp *pre)
{
	return pre->size;
}

void dsa_precomp_free(struct dsa_precomp *pre)
{
	if (!IS_ERR_OR_NULL(pre))
		kfree(pre);
}

/* A kept "context" that only remembers whose it is (the very buffers). */
struct rsassa_precomp {
	const u8 *n, *e;
	size_t n_len, e_len;
};

struct rsassa_precomp *rsassa_precompute(const struct rsa_pub_key_raw *key)
{
	struct rsassa_precomp *pre;

	if (!key->n_len || !key->e_len || !(key->n[key->n_len - 1] & 1) ||
	    !(key->e[key->e_len - 1] & 1) || bits_of(key->n, key->n_len) > 8192 ||
	    bits_of(key->e, key->e_len) < 2)
		return ERR_PTR(-EINVAL);
	pre = kzalloc(sizeof(*pre), GFP_KERNEL);
	if (!pre)
		return ERR_PTR(-ENOMEM);
	pre->n = key->n;
	pre->n_len = key->n_len;
	pre->e = key->e;
	pre->e_len = key->e_len;
	return pre;
}

size_t rsassa_precomp_size(const struct rsassa_precomp *pre)
{
	return sizeof(*pre);
}

void rsassa_precomp_free(struct rsassa_precomp *pre)
{
	if (!IS_ERR_OR_NULL(pre))
		kfree(pre);
}

int rsassa_pkcs1_verify(const struct rsa_pub_key_raw *key, enum hash_algo hash,
			const u8 *digest, size_t digest_len, const u8 *sig, size_t sig_len)
{
	BIGNUM *n, *e, *bs;
	u8 *padded;
	RSA *rsa;
	size_t k;
	int nid, ret;

	if (key->pre && (key->pre->n != key->n || key->pre->n_len != key->n_len ||
			 key->pre->e != key->e || key->pre->e_len != key->e_len))
		return -EINVAL;
	switch (hash) {
	case HASH_ALGO_SHA1: nid = NID_sha1; break;
	case HASH_ALGO_SHA224: nid = NID_sha224; break;
	case HASH_ALGO_SHA256: nid = NID_sha256; break;
	case HASH_ALGO_SHA384: nid = NID_sha384; break;
	case HASH_ALGO_SHA512: nid = NID_sha512; break;
	default: return -ENOPKG;
	}
	if (digest_len != (size_t)hash_digest_size[hash])
		return -EINVAL;
	if (!bits_of(key->n, key->n_len) || !bits_of(key->e, key->e_len))
		return -EINVAL;
	n = BN_bin2bn(key->n, key->n_len, NULL);
	e = BN_bin2bn(key->e, key->e_len, NULL);
	bs = BN_bin2bn(sig, sig_len, NULL);
	rsa = RSA_new();
	if (!n || !e || !bs || !rsa) {
		BN_free(n); BN_free(e); BN_free(bs);
		RSA_free(rsa);
		return -ENOMEM;
	}
	if (BN_cmp(bs, n) >= 0) {
		BN_free(n); BN_free(e); BN_free(bs);
		RSA_free(rsa);
		return -EKEYREJECTED;
	}
	RSA_set0_key(rsa, n, e, NULL);
	k = RSA_size(rsa);
	padded = calloc(1, k);
	if (!padded) {
		BN_free(bs);
		RSA_free(rsa);
		return -ENOMEM;
	}
	BN_bn2binpad(bs, padded, k);
	BN_free(bs);
	ret = RSA_verify(nid, digest, digest_len, padded, k, rsa) == 1 ? 0 : -EKEYREJECTED;
	free(padded);
	RSA_free(rsa);
	return ret;
}

int ed25519_verify(const u8 pub[32], const u8 *msg, size_t msg_len, const u8 sig[64])
{
	EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
	EVP_MD_CTX *ctx;
	int ret = -EKEYREJECTED;

	if (!pk)
		return -EINVAL;
	ctx = EVP_MD_CTX_new();
	if (!ctx) {
		EVP_PKEY_free(pk);
		return -ENOMEM;
	}
	if (EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, pk) == 1 &&
	    EVP_DigestVerify(ctx, sig, 64, msg, msg_len) == 1)
		ret = 0;
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(pk);
	return ret;
}

/* ecdsa_raw_verify(): the one the tools use too */
#include "../../../scripts/pgp-shim/ecdsa_openssl.c"
