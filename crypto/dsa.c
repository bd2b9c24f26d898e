// SPDX-License-Identifier: GPL-2.0
/*
 * DSA signature verification, FIPS 186-4 section 4.7, on the Montgomery
 * arithmetic of crypto/mont.c.
 *
 * Only verification: keys and signatures are public, nothing here is
 * constant time.  The caller (the OpenPGP layer) enforces the size policy
 * (p >= 2048 bits, q of 224 or 256 bits); this file accepts any sizes up to
 * DSA_MAX_P_BITS / DSA_MAX_Q_BITS so that it can also check legacy keys.
 */

#define pr_fmt(fmt) "dsa: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/dsa.h>
#include <crypto/mont.h>

/* Is the big-endian number in (1, p)? */
static bool in_open_range(const u8 *v, size_t vlen, const u8 *p, size_t plen)
{
	return mont_bits(v, vlen) > 1 && mont_be_cmp(v, vlen, p, plen) < 0;
}

/**
 * dsa_check_key() - sanity-check a DSA public key
 * @key: the key
 *
 * Checks the sizes (p at most %DSA_MAX_P_BITS bits, q at most
 * %DSA_MAX_Q_BITS bits and shorter than p), that p and q are odd, and that
 * 1 < g < p and 1 < y < p.  Primality and the order of g are not checked.
 *
 * Return: 0 if the key is usable, -EINVAL otherwise.
 */
int dsa_check_key(const struct dsa_pub_key *key)
{
	unsigned int pbits = mont_bits(key->p, key->p_len);
	unsigned int qbits = mont_bits(key->q, key->q_len);

	if (pbits > DSA_MAX_P_BITS || qbits > DSA_MAX_Q_BITS || qbits < 2 ||
	    qbits >= pbits)
		return -EINVAL;
	if (!(key->p[key->p_len - 1] & 1) || !(key->q[key->q_len - 1] & 1))
		return -EINVAL;
	if (!in_open_range(key->g, key->g_len, key->p, key->p_len) ||
	    !in_open_range(key->y, key->y_len, key->p, key->p_len))
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_GPL(dsa_check_key);

/* a >>= shift over n limbs, shift < BITS_PER_LONG */
static void shr_limbs(unsigned long *a, unsigned int n, unsigned int shift)
{
	unsigned int i;

	if (!shift)
		return;
	for (i = 0; i < n; i++) {
		a[i] >>= shift;
		if (i + 1 < n)
			a[i] |= a[i + 1] << (BITS_PER_LONG - shift);
	}
}

/*
 * Load a signature value and check 0 < v < q.
 * Return: 0 or -EKEYREJECTED.
 */
static int load_sig_value(struct mont_ctx *cq, unsigned long *v,
			  const u8 *buf, size_t len)
{
	if (mont_from_be(v, cq->n, buf, len) || mont_is_zero(v, cq->n) ||
	    mont_cmp(v, cq->m, cq->n) >= 0)
		return -EKEYREJECTED;
	return 0;
}

/*
 * Fixed-base tables for a key that verifies many signatures (the built-in
 * keyring): both bases of g^u1 y^u2 are part of the key, so a comb table of
 * each turns the two exponentiations into max(a) - 1 squarings and at most
 * 2a multiplications, a = ceil(N / h).  The Montgomery context of p is kept
 * as a template; each verification works on a clone (own scratch space), so
 * the tables are read-only and shared by concurrent verifications.
 */
struct dsa_precomp {
	struct mont_ctx cp;
	struct mont_comb g, y;		/* ebits: the bit length of q */
};

/*
 * Comb rows: tables of at most 128 KiB per base.  8 rows (a = 32 columns for
 * a 256-bit q) up to a 4096-bit p: 96 KiB per base for 3072 bits.
 */
static unsigned int dsa_comb_rows(unsigned int np)
{
	unsigned int h = MONT_COMB_MAX_ROWS;

	while (h > 1 && ((size_t)np << h) * sizeof(unsigned long) > SZ_128K)
		h--;
	return h;
}

/**
 * dsa_precompute() - build fixed-base tables for a key
 * @key: the key (checked with dsa_check_key()); its @pre is not read
 *
 * The result belongs to this key only: store it in @key->pre to make
 * dsa_verify() use it.  Costs about one and a half verifications, once, and
 * up to 256 KiB; a verification then costs about a third of one without.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: the tables, or ERR_PTR(-EINVAL) for a key that fails
 * dsa_check_key(), ERR_PTR(-ENOMEM).
 */
struct dsa_precomp *dsa_precompute(const struct dsa_pub_key *key)
{
	struct dsa_precomp *pre;
	unsigned long *base;
	unsigned int np, h, qbits;
	int ret;

	ret = dsa_check_key(key);
	if (ret)
		return ERR_PTR(ret);
	pre = kzalloc(sizeof(*pre), GFP_KERNEL);
	if (!pre)
		return ERR_PTR(-ENOMEM);
	qbits = mont_bits(key->q, key->q_len);
	ret = mont_ctx_init(&pre->cp, key->p, key->p_len);
	if (ret)
		goto err_free;
	np = pre->cp.n;
	h = dsa_comb_rows(np);
	base = kmalloc_array(np, sizeof(*base), GFP_KERNEL);
	if (!base) {
		ret = -ENOMEM;
		goto err_ctx;
	}
	/* 1 < g, y < p was checked: they fit in np limbs */
	mont_from_be(base, np, key->g, key->g_len);
	ret = mont_comb_init(&pre->cp, &pre->g, base, qbits, h);
	if (!ret) {
		mont_from_be(base, np, key->y, key->y_len);
		ret = mont_comb_init(&pre->cp, &pre->y, base, qbits, h);
	}
	kfree(base);
	if (ret)
		goto err_comb;
	return pre;

err_comb:
	mont_comb_free(&pre->g);
err_ctx:
	mont_ctx_destroy(&pre->cp);
err_free:
	kfree(pre);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_GPL(dsa_precompute);

/**
 * dsa_precomp_size() - memory held by a key's tables
 * @pre: tables from dsa_precompute()
 *
 * Return: the size of the comb tables in bytes.
 */
size_t dsa_precomp_size(const struct dsa_precomp *pre)
{
	return ((size_t)pre->g.n << pre->g.h) * sizeof(unsigned long) +
	       ((size_t)pre->y.n << pre->y.h) * sizeof(unsigned long);
}
EXPORT_SYMBOL_GPL(dsa_precomp_size);

/**
 * dsa_precomp_free() - release tables from dsa_precompute()
 * @pre: the tables, or NULL or an error pointer
 */
void dsa_precomp_free(struct dsa_precomp *pre)
{
	if (IS_ERR_OR_NULL(pre))
		return;
	mont_comb_free(&pre->y);
	mont_comb_free(&pre->g);
	mont_ctx_destroy(&pre->cp);
	kfree(pre);
}
EXPORT_SYMBOL_GPL(dsa_precomp_free);

/* Are @pre's tables those of @key's p and q?  (A cheap consistency check.) */
static bool dsa_precomp_fits(const struct dsa_precomp *pre,
			     const struct dsa_pub_key *key, unsigned int qbits)
{
	return pre->g.ebits == qbits && pre->y.ebits == qbits &&
	       pre->cp.bits == mont_bits(key->p, key->p_len);
}

/**
 * dsa_verify() - verify a DSA signature
 * @key: public key (checked with dsa_check_key()); if @key->pre is set, its
 *	tables are used
 * @digest: message digest
 * @digest_len: length of @digest in bytes; its leftmost min(N, 8 * @digest_len)
 *	bits are used, N being the bit length of q (FIPS 186-4 4.6)
 * @r: signature value r, big-endian, leading zeros allowed
 * @r_len: length of @r in bytes
 * @s: signature value s, big-endian, leading zeros allowed
 * @s_len: length of @s in bytes
 *
 * Computes w = s^-1 mod q, u1 = z w mod q, u2 = r w mod q,
 * v = (g^u1 y^u2 mod p) mod q and accepts if v = r.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (including
 * r or s outside (0, q)); -EINVAL if the key fails dsa_check_key() or its
 * @pre does not fit it; -ENOMEM.
 */
int dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
	       const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	const struct dsa_precomp *pre = key->pre;
	struct mont_ctx cq, cp;
	unsigned long *mem, *vr, *vs, *w, *z, *u1, *u2, *g, *y, *v;
	unsigned int qbits, nq, np, zbytes;
	int ret;

	ret = dsa_check_key(key);
	if (ret)
		return ret;
	qbits = mont_bits(key->q, key->q_len);
	if (pre && !dsa_precomp_fits(pre, key, qbits))
		return -EINVAL;

	ret = mont_ctx_init(&cq, key->q, key->q_len);
	if (ret)
		return ret;
	if (pre)
		ret = mont_ctx_clone(&cp, &pre->cp);
	else
		ret = mont_ctx_init(&cp, key->p, key->p_len);
	if (ret)
		goto err_free_cq;
	nq = cq.n;
	np = cp.n;

	mem = kmalloc_array(6 * nq + 3 * np, sizeof(*mem), GFP_KERNEL);
	if (!mem) {
		ret = -ENOMEM;
		goto err_free_cp;
	}
	vr = mem;
	vs = vr + nq;
	w = vs + nq;
	z = w + nq;
	u1 = z + nq;
	u2 = u1 + nq;
	g = u2 + nq;
	y = g + np;
	v = y + np;

	ret = load_sig_value(&cq, vr, r, r_len);
	if (ret)
		goto out;
	ret = load_sig_value(&cq, vs, s, s_len);
	if (ret)
		goto out;

	/* z = leftmost min(N, outlen) bits of the digest; z < 2^N <= R */
	zbytes = DIV_ROUND_UP(qbits, 8);
	if (digest_len < zbytes) {
		/* 8 * digest_len < N: the whole digest */
		mont_from_be(z, nq, digest, digest_len);
	} else {
		mont_from_be(z, nq, digest, zbytes);
		shr_limbs(z, nq, zbytes * 8 - qbits);
	}

	ret = mont_inv_prime(&cq, w, vs);
	if (ret == -EINVAL)	/* s is a non-zero multiple of q: q not prime */
		ret = -EKEYREJECTED;
	if (ret)
		goto out;
	mont_modmul(&cq, u1, z, w);
	mont_modmul(&cq, u2, vr, w);

	if (pre) {
		/* u1, u2 < q: at most qbits bits, what the tables serve */
		ret = mont_comb_powm2(&cp, v, &pre->g, u1, nq, &pre->y, u2, nq);
	} else {
		/* 1 < g, y < p was checked: they fit in np limbs */
		mont_from_be(g, np, key->g, key->g_len);
		mont_from_be(y, np, key->y, key->y_len);
		ret = mont_powm2(&cp, v, g, u1, nq, y, u2, nq);
	}
	if (ret)
		goto out;
	mont_reduce(&cq, w, v, np);
	ret = mont_cmp(w, vr, nq) ? -EKEYREJECTED : 0;
out:
	kfree(mem);
err_free_cp:
	mont_ctx_destroy(&cp);
err_free_cq:
	mont_ctx_destroy(&cq);
	return ret;
}
EXPORT_SYMBOL_GPL(dsa_verify);

MODULE_DESCRIPTION("DSA signature verification (FIPS 186-4)");
MODULE_LICENSE("GPL");
