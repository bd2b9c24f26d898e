// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/mont.c: small values computed by hand, and
 * number-theoretic identities on the DSA domain parameters of
 * dsa_kunit_vectors.h (p and q prime, q | p - 1, g of order q).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/mont.h>

#include "dsa_kunit_vectors.h"

static unsigned long *limbs(struct kunit *test, unsigned int n)
{
	unsigned long *p = kunit_kzalloc(test, n * sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	return p;
}

static void mont_bytes(struct kunit *test)
{
	static const u8 v[] = { 0x00, 0x00, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x10 };
	unsigned long *a = limbs(test, 4);
	u8 out[12];

	KUNIT_EXPECT_EQ(test, mont_bits(v, sizeof(v)), 8 * 8 + 1);
	KUNIT_EXPECT_EQ(test, mont_bits(v, 2), 0);
	KUNIT_EXPECT_EQ(test, mont_bits(v, 0), 0);
	KUNIT_EXPECT_EQ(test, mont_from_be(a, 4, v, sizeof(v)), 0);
	KUNIT_EXPECT_EQ(test, mont_limb_bits(a, 4), 65);
	KUNIT_EXPECT_EQ(test, a[0] & 0xffff, 0xef10);
	/* 9 significant bytes need two 64-bit or three 32-bit limbs */
	KUNIT_EXPECT_EQ(test, mont_from_be(a, 72 / BITS_PER_LONG, v, sizeof(v)), -EINVAL);
	KUNIT_EXPECT_TRUE(test, mont_is_zero(a, 72 / BITS_PER_LONG));
	KUNIT_EXPECT_EQ(test, mont_from_be(a, 4, v, sizeof(v)), 0);
	KUNIT_EXPECT_EQ(test, mont_to_be(out, sizeof(out), a, 4), 0);
	KUNIT_EXPECT_EQ(test, out[0], 0);
	KUNIT_EXPECT_MEMEQ(test, out + 1, v, sizeof(v));
	KUNIT_EXPECT_EQ(test, mont_to_be(out, 8, a, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, mont_to_be(out, 9, a, 4), 0);
	KUNIT_EXPECT_EQ(test, out[0], 0x01);
}

static void mont_ctx_limits(struct kunit *test)
{
	static const u8 one[1] = { 1 }, even[2] = { 0x01, 0x00 }, three[1] = { 3 };
	const size_t big_len = MONT_MAX_BITS / 8 + 1;
	struct mont_ctx ctx;
	u8 *big;

	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, one, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, one, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, even, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, three, 1), 0);
	KUNIT_EXPECT_EQ(test, ctx.n, 1);
	mont_ctx_destroy(&ctx);

	big = kunit_kzalloc(test, big_len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, big);
	memset(big, 0xff, big_len);
	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, big, big_len), -EINVAL);	/* 8200 bits */
	big[0] = 0;
	KUNIT_EXPECT_EQ(test, mont_ctx_init(&ctx, big, big_len), 0);		/* 8192 bits */
	KUNIT_EXPECT_EQ(test, ctx.bits, MONT_MAX_BITS);
	mont_ctx_destroy(&ctx);
}

/* Small cases with results computed independently (Python's pow()). */
static void mont_small(struct kunit *test)
{
	static const u8 m1[] = { 0x0f, 0x42, 0x43 };		/* 1000003 */
	static const u8 m2[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x61 }; /* 2^128 - 159 */
	unsigned long *a = limbs(test, 2), *e = limbs(test, 2), *r = limbs(test, 2);
	unsigned long *b = limbs(test, 2);
	struct mont_ctx ctx;

	KUNIT_ASSERT_EQ(test, mont_ctx_init(&ctx, m1, sizeof(m1)), 0);
	a[0] = 3;
	e[0] = 200;
	KUNIT_EXPECT_EQ(test, mont_powm(&ctx, r, a, e, 1), 0);
	KUNIT_EXPECT_EQ(test, r[0], 333986);	/* pow(3, 200, 1000003) */
	e[0] = 0;
	KUNIT_EXPECT_EQ(test, mont_powm(&ctx, r, a, e, 1), 0);
	KUNIT_EXPECT_EQ(test, r[0], 1);
	e[0] = 1000002;				/* Fermat: 1000003 is prime */
	KUNIT_EXPECT_EQ(test, mont_powm(&ctx, r, a, e, 1), 0);
	KUNIT_EXPECT_EQ(test, r[0], 1);
	a[0] = 12345;
	KUNIT_EXPECT_EQ(test, mont_inv_prime(&ctx, r, a), 0);
	KUNIT_EXPECT_EQ(test, r[0], 775863);	/* 12345 * 775863 = 1 mod 1000003 */
	a[0] = 0;
	KUNIT_EXPECT_EQ(test, mont_inv_prime(&ctx, r, a), -EINVAL);
	a[0] = 999999;
	b[0] = 1000001;
	mont_modmul(&ctx, r, a, b);
	KUNIT_EXPECT_EQ(test, r[0], 8);		/* (-4) * (-2) */
	mont_ctx_destroy(&ctx);

	/* a two-limb (64-bit) prime modulus: 2^128 - 159 */
	KUNIT_ASSERT_EQ(test, mont_ctx_init(&ctx, m2, sizeof(m2)), 0);
	memset(a, 0, 2 * sizeof(*a));
	a[0] = 2;
	KUNIT_EXPECT_EQ(test, mont_inv_prime(&ctx, r, a), 0);
	mont_modmul(&ctx, r, r, a);
	memset(b, 0, 2 * sizeof(*b));
	b[0] = 1;
	KUNIT_EXPECT_EQ(test, mont_cmp(r, b, ctx.n), 0);	/* 2 * 2^-1 = 1 */
	mont_ctx_destroy(&ctx);
}

/* Fermat on p, q | p - 1, g^q = 1, powm2 = powm * powm, inverse mod q. */
static void mont_dsa_identities(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct mont_ctx cp, cq;
		unsigned long *pm1, *g, *y, *r, *x, *qq, *w, *one;
		unsigned int np, nq;

		KUNIT_ASSERT_EQ(test, mont_ctx_init(&cp, v->p, v->p_len), 0);
		KUNIT_ASSERT_EQ(test, mont_ctx_init(&cq, v->q, v->q_len), 0);
		np = cp.n;
		nq = cq.n;
		pm1 = limbs(test, np);
		g = limbs(test, np);
		y = limbs(test, np);
		r = limbs(test, np);
		one = limbs(test, np);
		x = limbs(test, nq);
		qq = limbs(test, nq);
		w = limbs(test, nq);
		one[0] = 1;

		memcpy(pm1, cp.m, np * sizeof(*pm1));
		pm1[0] -= 1;				/* p odd */
		KUNIT_ASSERT_EQ(test, mont_from_be(g, np, v->g, v->g_len), 0);
		KUNIT_ASSERT_EQ(test, mont_from_be(y, np, v->y, v->y_len), 0);
		KUNIT_ASSERT_EQ(test, mont_from_be(qq, nq, v->q, v->q_len), 0);

		KUNIT_EXPECT_EQ(test, mont_powm(&cp, r, y, pm1, np), 0);
		KUNIT_EXPECT_EQ_MSG(test, mont_cmp(r, one, np), 0, "%s: y^(p-1) = 1", v->name);
		KUNIT_EXPECT_EQ(test, mont_powm(&cp, r, g, qq, nq), 0);
		KUNIT_EXPECT_EQ_MSG(test, mont_cmp(r, one, np), 0, "%s: g^q = 1", v->name);
		KUNIT_EXPECT_EQ(test, mont_powm(&cp, r, y, qq, nq), 0);
		KUNIT_EXPECT_EQ_MSG(test, mont_cmp(r, one, np), 0, "%s: y^q = 1", v->name);

		mont_reduce(&cq, w, pm1, np);
		KUNIT_EXPECT_TRUE_MSG(test, mont_is_zero(w, nq), "%s: q | p - 1", v->name);
		mont_reduce(&cq, w, cp.m, np);
		KUNIT_EXPECT_EQ_MSG(test, w[0], 1, "%s: p mod q = 1", v->name);

		/* x = s (an arbitrary exponent): powm2(g, x, y, x) = g^x * y^x */
		KUNIT_ASSERT_EQ(test, mont_from_be(x, nq, v->s, v->s_len), 0);
		KUNIT_EXPECT_EQ(test, mont_powm2(&cp, r, g, x, nq, y, x, nq), 0);
		KUNIT_EXPECT_EQ(test, mont_powm(&cp, y, y, x, nq), 0);
		KUNIT_EXPECT_EQ(test, mont_powm(&cp, g, g, x, nq), 0);
		mont_modmul(&cp, g, g, y);		/* g^x y^x */
		KUNIT_EXPECT_EQ_MSG(test, mont_cmp(r, g, np), 0, "%s: powm2", v->name);

		/* s * s^-1 = 1 mod q */
		KUNIT_EXPECT_EQ(test, mont_inv_prime(&cq, w, x), 0);
		mont_modmul(&cq, w, w, x);
		KUNIT_EXPECT_EQ_MSG(test, w[0], 1, "%s: s * s^-1", v->name);
		KUNIT_EXPECT_EQ(test, mont_limb_bits(w, nq), 1);

		mont_ctx_destroy(&cq);
		mont_ctx_destroy(&cp);
	}
}

static struct kunit_case mont_kunit_cases[] = {
	KUNIT_CASE(mont_bytes),
	KUNIT_CASE(mont_ctx_limits),
	KUNIT_CASE(mont_small),
	KUNIT_CASE(mont_dsa_identities),
	{}
};

static struct kunit_suite mont_kunit_suite = {
	.name = "mont",
	.test_cases = mont_kunit_cases,
};
kunit_test_suite(mont_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for Montgomery modular arithmetic");
MODULE_LICENSE("GPL");
