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

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/dsa.h>
#include <crypto/mont.h>

/* Compare two big-endian numbers of any lengths: -1, 0 or 1. */
static int be_cmp(const u8 *a, size_t alen, const u8 *b, size_t blen)
{
	int c;

	while (alen && !*a) {
		a++;
		alen--;
	}
	while (blen && !*b) {
		b++;
		blen--;
	}
	if (alen != blen)
		return alen > blen ? 1 : -1;
	c = memcmp(a, b, alen);
	return c > 0 ? 1 : (c < 0 ? -1 : 0);
}

/* Is the big-endian number in (1, p)? */
static bool in_open_range(const u8 *v, size_t vlen, const u8 *p, size_t plen)
{
	return mont_bits(v, vlen) > 1 && be_cmp(v, vlen, p, plen) < 0;
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

/**
 * dsa_verify() - verify a DSA signature
 * @key: public key (checked with dsa_check_key())
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
 * r or s outside (0, q)); -EINVAL if the key fails dsa_check_key();
 * -ENOMEM.
 */
int dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
	       const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	struct mont_ctx cq, cp;
	unsigned long *mem, *vr, *vs, *w, *z, *u1, *u2, *g, *y, *v;
	unsigned int qbits, nq, np, zbytes;
	int ret;

	ret = dsa_check_key(key);
	if (ret)
		return ret;
	qbits = mont_bits(key->q, key->q_len);

	ret = mont_ctx_init(&cq, key->q, key->q_len);
	if (ret)
		return ret;
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

	/* 1 < g, y < p was checked: they fit in np limbs */
	mont_from_be(g, np, key->g, key->g_len);
	mont_from_be(y, np, key->y, key->y_len);
	ret = mont_powm2(&cp, v, g, u1, nq, y, u2, nq);
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
