// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/mldsa.c: ML-DSA-65 vectors made by an independent
 * implementation and C2SP Wycheproof's (tests/vectors/gen-mldsa-vectors.sh), each field
 * of a signature broken (c~, z, hint), the hint encoding rules of FIPS 204
 * Algorithm 21 broken one at a time, z beyond its bound, wrong lengths, the
 * message, the key and the interface changed; the pure interface also with
 * the key prepared by mldsa65_precompute(), which must answer the same.
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/mldsa.h>
#include <crypto/shake.h>

#include "mldsa_kunit_vectors.h"

/* The signature's layout (FIPS 204 sigEncode, ML-DSA-65): c~ || z || h */
#define KV_CTILDE	48
#define KV_Z		48
#define KV_Z_SIZE	(5 * 640)
#define KV_H		(KV_Z + KV_Z_SIZE)
#define KV_OMEGA	55
#define KV_K		6

/*
 * The pure interface answers twice, from the encoded key and from the key
 * prepared by mldsa65_precompute(): the two must agree, else -ERANGE, which
 * no case expects.
 */
static int vec_verify_pure(const u8 *pk, const u8 *msg, size_t msg_len, const u8 *sig)
{
	struct mldsa65_precomp *kp;
	int ret, ret_pre;

	ret = mldsa65_verify(pk, MLDSA65_PUBLIC_KEY_SIZE, msg, msg_len, sig,
			     MLDSA65_SIGNATURE_SIZE);
	kp = mldsa65_precompute(pk, MLDSA65_PUBLIC_KEY_SIZE);
	if (IS_ERR(kp))
		return PTR_ERR(kp);
	ret_pre = mldsa65_verify_precomp(kp, msg, msg_len, sig, MLDSA65_SIGNATURE_SIZE);
	mldsa65_precomp_free(kp);
	return ret == ret_pre ? ret : -ERANGE;
}

static int vec_verify(const struct mldsa_kunit_vector *v, const u8 *pk, const u8 *msg,
		      const u8 *sig)
{
	switch (v->mode) {
	case MLDSA_KUNIT_PURE:
		return vec_verify_pure(pk, msg, v->msg_len, sig);
	case MLDSA_KUNIT_INTERNAL:
		return mldsa65_verify_internal(pk, MLDSA65_PUBLIC_KEY_SIZE, msg, v->msg_len, sig,
					       MLDSA65_SIGNATURE_SIZE);
	default:
		return mldsa65_verify_mu(pk, MLDSA65_PUBLIC_KEY_SIZE, msg, sig,
					 MLDSA65_SIGNATURE_SIZE);
	}
}

/* A test-managed copy (kunit_kmemdup() is newer than 6.12) */
static u8 *kv_dup(struct kunit *test, const u8 *src, size_t len)
{
	u8 *p = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	memcpy(p, src, len);
	return p;
}

/* A copy of a vector's signature to break, freed with the test */
static u8 *sig_copy(struct kunit *test, const struct mldsa_kunit_vector *v)
{
	return kv_dup(test, v->sig, MLDSA65_SIGNATURE_SIZE);
}

/* The first valid vector of the pure interface */
static const struct mldsa_kunit_vector *pure_vector(struct kunit *test, size_t skip)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mldsa_kunit_vectors); i++) {
		const struct mldsa_kunit_vector *v = &mldsa_kunit_vectors[i];

		if (v->valid && v->mode == MLDSA_KUNIT_PURE && !skip--)
			return v;
	}
	KUNIT_FAIL(test, "no valid pure vector");
	return NULL;
}

static void mldsa_vectors(struct kunit *test)
{
	size_t i, valid = 0;

	for (i = 0; i < ARRAY_SIZE(mldsa_kunit_vectors); i++) {
		const struct mldsa_kunit_vector *v = &mldsa_kunit_vectors[i];

		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, v->sig), v->expect, "%s",
				    v->name);
		valid += v->valid;
	}
	KUNIT_EXPECT_GE(test, valid, 5);
}

/* One bit of c~, of z, of the hint positions: never accepted */
static void mldsa_flipped_bits(struct kunit *test)
{
	size_t i;
	int bit;

	for (i = 0; i < ARRAY_SIZE(mldsa_kunit_vectors); i++) {
		const struct mldsa_kunit_vector *v = &mldsa_kunit_vectors[i];
		u8 *sig;

		if (!v->valid)
			continue;
		sig = sig_copy(test, v);
		for (bit = 0; bit < 8 * KV_CTILDE; bit += 29) {
			sig[bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, sig), -EKEYREJECTED,
					    "%s: c~ bit %d", v->name, bit);
			sig[bit / 8] ^= 1 << (bit % 8);
		}
		for (bit = 0; bit < 8 * KV_Z_SIZE; bit += 1531) {
			sig[KV_Z + bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, sig), -EKEYREJECTED,
					    "%s: z bit %d", v->name, bit);
			sig[KV_Z + bit / 8] ^= 1 << (bit % 8);
		}
		/* the last hint position's low bit: still increasing, or malformed */
		if (sig[KV_H + KV_OMEGA + KV_K - 1]) {
			unsigned int p = sig[KV_H + KV_OMEGA + KV_K - 1] - 1;
			int ret;

			sig[KV_H + p] ^= 1;
			ret = vec_verify(v, v->pk, v->msg, sig);
			KUNIT_EXPECT_TRUE_MSG(test, ret == -EKEYREJECTED || ret == -EBADMSG,
					      "%s: hint bit: %d", v->name, ret);
			sig[KV_H + p] ^= 1;
		}
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, sig), 0, "%s: restored",
				    v->name);
	}
}

/* Store z = gamma1 - raw in coefficient 2j (the low 20 bits of a 5-byte group) */
static void set_z_even(u8 *sig, unsigned int j, u32 raw)
{
	u8 *p = sig + KV_Z + j * 5;

	p[0] = raw;
	p[1] = raw >> 8;
	p[2] = (p[2] & 0xf0) | (raw >> 16);
}

static void mldsa_z_bound(struct kunit *test)
{
	/* gamma1 - raw: +524288, +524092 (= gamma1 - beta), -524092, -524287 */
	static const u32 out_of_bound[] = { 0, 196, 1048380, 1048575 };
	const struct mldsa_kunit_vector *v = pure_vector(test, 0);
	size_t i, j, crafted = 0;
	u8 *sig;

	if (!v)
		return;
	sig = sig_copy(test, v);
	for (i = 0; i < ARRAY_SIZE(out_of_bound); i++) {
		for (j = 0; j < 5 * 128; j += 211) {
			set_z_even(sig, j, out_of_bound[i]);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, sig), -EKEYREJECTED,
					    "z coefficient %zu = gamma1 - %u", 2 * j,
					    out_of_bound[i]);
			memcpy(sig, v->sig, MLDSA65_SIGNATURE_SIZE);
		}
	}
	/* signatures that verify but for ||z||inf >= gamma1 - beta */
	for (i = 0; i < ARRAY_SIZE(mldsa_kunit_vectors); i++) {
		v = &mldsa_kunit_vectors[i];
		if (!v->z_bound)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, v->sig), -EKEYREJECTED,
				    "%s", v->name);
		crafted++;
	}
	KUNIT_EXPECT_GE(test, crafted, 1);
}

/* The hint's bytes: positions y[0 .. omega - 1], cumulative counts y[omega + i] */
static void mldsa_hint_encoding(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 0);
	unsigned int total, i, lo, hi;
	u8 *sig, *y, *ref;

	if (!v)
		return;
	sig = sig_copy(test, v);
	ref = sig_copy(test, v);
	y = sig + KV_H;
	total = y[KV_OMEGA + KV_K - 1];
	KUNIT_ASSERT_TRUE_MSG(test, total >= 2 && total < KV_OMEGA,
			      "%s: %u hints (two and a free position needed)", v->name, total);

#define EXPECT_HINT(ret, what)								\
	do {										\
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pk, v->msg, sig), ret, what); \
		memcpy(sig, ref, MLDSA65_SIGNATURE_SIZE);				\
	} while (0)

	/* a count above omega */
	y[KV_OMEGA + KV_K - 1] = KV_OMEGA + 1;
	EXPECT_HINT(-EBADMSG, "last count omega + 1");
	y[KV_OMEGA] = 0xff;
	EXPECT_HINT(-EBADMSG, "first count 255");
	/* counts that decrease */
	for (i = 0; i + 1 < KV_K; i++) {
		if (y[KV_OMEGA + i] == 0)
			continue;
		y[KV_OMEGA + i + 1] = y[KV_OMEGA + i] - 1;
		EXPECT_HINT(-EBADMSG, "a count below the previous one");
		break;
	}
	/* an unused position that is not zero */
	y[KV_OMEGA - 1] = 1;
	EXPECT_HINT(-EBADMSG, "last unused position 1");
	y[total] = 0x80;
	EXPECT_HINT(-EBADMSG, "first unused position 0x80");
	/*
	 * The counts of the last hint's polynomial and of the empty ones after it
	 * one down: that position is now an unused non-zero...
	 */
	for (i = 0; i < KV_K; i++)
		y[KV_OMEGA + i] -= y[KV_OMEGA + i] == total;
	if (y[total - 1])
		EXPECT_HINT(-EBADMSG, "a position dropped from the counts");
	memcpy(sig, ref, MLDSA65_SIGNATURE_SIZE);
	/* ...unless it is removed too: well-formed, and then the signature is wrong */
	for (i = 0; i < KV_K; i++)
		y[KV_OMEGA + i] -= y[KV_OMEGA + i] == total;
	y[total - 1] = 0;
	EXPECT_HINT(-EKEYREJECTED, "the last hint removed");

	/* positions of one polynomial equal or decreasing */
	for (i = 0, lo = 0; i < KV_K; i++, lo = hi) {
		hi = y[KV_OMEGA + i];
		if (hi - lo < 2)
			continue;
		y[lo + 1] = y[lo];
		EXPECT_HINT(-EBADMSG, "two equal positions");
		swap(y[lo], y[lo + 1]);
		EXPECT_HINT(-EBADMSG, "two positions swapped");
		break;
	}
	KUNIT_EXPECT_LT_MSG(test, i, KV_K, "%s: no polynomial with two hints", v->name);

	/* a hint added at the end of the last polynomial (255 if free): well-formed */
	if (y[total - 1] < 255 || y[KV_OMEGA + KV_K - 2] == total) {
		y[total] = 255;
		y[KV_OMEGA + KV_K - 1]++;
		EXPECT_HINT(-EKEYREJECTED, "a hint added");
	}
	/* all counts zero, no positions: well-formed, wrong */
	memset(y, 0, KV_OMEGA + KV_K);
	EXPECT_HINT(-EKEYREJECTED, "no hints");
	/* omega hints in the first polynomial 0 .. 54: well-formed, wrong */
	for (i = 0; i < KV_OMEGA; i++)
		y[i] = i;
	memset(y + KV_OMEGA, KV_OMEGA, KV_K);
	EXPECT_HINT(-EKEYREJECTED, "omega hints");
	/*
	 * Counts that break one rule only, positions 0, 1, 2, ... increasing:
	 * counts 5, 3, 10, ...: the second below the first;
	 * counts omega + 1: y[omega], the first count (56), would be position 56
	 */
	memset(y, 0, KV_OMEGA + KV_K);
	for (i = 0; i < 10; i++)
		y[i] = i;
	memset(y + KV_OMEGA, 10, KV_K);
	y[KV_OMEGA] = 5;
	y[KV_OMEGA + 1] = 3;
	EXPECT_HINT(-EBADMSG, "counts 5, 3, 10");
	for (i = 0; i < KV_OMEGA; i++)
		y[i] = i;
	memset(y + KV_OMEGA, KV_OMEGA + 1, KV_K);
	EXPECT_HINT(-EBADMSG, "counts omega + 1, positions increasing");
#undef EXPECT_HINT

	/* nothing above wrote to what it was given */
	KUNIT_EXPECT_TRUE(test, !memcmp(ref, v->sig, MLDSA65_SIGNATURE_SIZE));
}

static void mldsa_wrong_lengths(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 0);
	static const size_t lens[] = { 0, 1, 1951, 1953, 3308, 3310, 4096, SIZE_MAX };
	u8 mu[MLDSA_MU_SIZE] = {};
	size_t i;

	if (!v)
		return;
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		/* the lengths are checked before anything is read: a short buffer is safe */
		KUNIT_EXPECT_EQ(test, mldsa65_verify(v->pk, lens[i], v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EINVAL);
		KUNIT_EXPECT_EQ(test, mldsa65_verify(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg,
						     v->msg_len, v->sig, lens[i]), -EINVAL);
		KUNIT_EXPECT_EQ(test, mldsa65_verify_internal(v->pk, lens[i], v->msg, v->msg_len,
							      v->sig, MLDSA65_SIGNATURE_SIZE),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, mldsa65_verify_mu(v->pk, MLDSA65_PUBLIC_KEY_SIZE, mu, v->sig,
							lens[i]), -EINVAL);
	}
	KUNIT_EXPECT_EQ(test, mldsa65_verify(NULL, 0, NULL, 0, NULL, 0), -EINVAL);
}

/* Another message, key or interface: never accepted */
static void mldsa_wrong_context(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 1), *w = pure_vector(test, 2);
	u8 *msg, *pk, *mprime;

	if (!v || !w)
		return;
	KUNIT_ASSERT_GT(test, v->msg_len, 0);
	msg = kv_dup(test, v->msg, v->msg_len);
	pk = kv_dup(test, v->pk, MLDSA65_PUBLIC_KEY_SIZE);
	mprime = kunit_kmalloc(test, v->msg_len + 2, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mprime);

	msg[v->msg_len - 1] ^= 0x01;
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pk, msg, v->sig), -EKEYREJECTED);
	KUNIT_EXPECT_EQ(test, mldsa65_verify(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg,
					     v->msg_len - 1, v->sig, MLDSA65_SIGNATURE_SIZE),
			-EKEYREJECTED);
	pk[5] ^= 0x10;				/* rho: another A */
	KUNIT_EXPECT_EQ(test, vec_verify(v, pk, v->msg, v->sig), -EKEYREJECTED);
	pk[5] ^= 0x10;
	pk[32 + 700] ^= 0x02;			/* t1 */
	KUNIT_EXPECT_EQ(test, vec_verify(v, pk, v->msg, v->sig), -EKEYREJECTED);
	if (w->pk != v->pk)
		KUNIT_EXPECT_EQ(test, vec_verify(v, w->pk, v->msg, v->sig), -EKEYREJECTED);
	/* the pure signature is one on M' = 0 || 0 || M, not on M */
	KUNIT_EXPECT_EQ(test, mldsa65_verify_internal(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg,
						      v->msg_len, v->sig,
						      MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
	mprime[0] = 0;
	mprime[1] = 0;
	memcpy(mprime + 2, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, mldsa65_verify_internal(v->pk, MLDSA65_PUBLIC_KEY_SIZE, mprime,
						      v->msg_len + 2, v->sig,
						      MLDSA65_SIGNATURE_SIZE), 0);
	mprime[1] = 1;				/* a context length of 1 */
	KUNIT_EXPECT_EQ(test, mldsa65_verify_internal(v->pk, MLDSA65_PUBLIC_KEY_SIZE, mprime,
						      v->msg_len + 2, v->sig,
						      MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
}

/* mu = H(H(pk, 64) || 0 || 0 || M, 64) computed here: verify_mu agrees with verify */
static void mldsa_external_mu(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 1);
	static const u8 prefix[2] = { 0, 0 };
	struct shake_ctx ctx;
	u8 tr[64], mu[MLDSA_MU_SIZE];

	if (!v)
		return;
	shake256(v->pk, MLDSA65_PUBLIC_KEY_SIZE, tr, sizeof(tr));
	shake256_init(&ctx);
	shake_absorb(&ctx, tr, sizeof(tr));
	shake_absorb(&ctx, prefix, sizeof(prefix));
	shake_absorb(&ctx, v->msg, v->msg_len);
	shake_squeeze(&ctx, mu, sizeof(mu));
	KUNIT_EXPECT_EQ(test, mldsa65_verify_mu(v->pk, MLDSA65_PUBLIC_KEY_SIZE, mu, v->sig,
						MLDSA65_SIGNATURE_SIZE), 0);
	mu[63] ^= 0x80;
	KUNIT_EXPECT_EQ(test, mldsa65_verify_mu(v->pk, MLDSA65_PUBLIC_KEY_SIZE, mu, v->sig,
						MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
}

/* A prepared key: its own errors, and what it costs and holds */
static void mldsa_precomp(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 0);
	struct mldsa65_precomp *kp;
	u8 *pk, *msg;

	if (!v)
		return;
	KUNIT_EXPECT_EQ(test, PTR_ERR(mldsa65_precompute(v->pk, MLDSA65_PUBLIC_KEY_SIZE - 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mldsa65_precompute(v->pk, MLDSA65_PUBLIC_KEY_SIZE + 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(NULL, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EINVAL);
	kp = mldsa65_precompute(v->pk, MLDSA65_PUBLIC_KEY_SIZE);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
	KUNIT_EXPECT_GT(test, mldsa65_precomp_size(kp), 30 * 1024);
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE - 1), -EINVAL);
	/* the message with one more byte */
	msg = kunit_kzalloc(test, v->msg_len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	if (v->msg_len)
		memcpy(msg, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, msg, v->msg_len + 1, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
	mldsa65_precomp_free(kp);
	/* tables of another key (rho, then t1 changed) refuse the signature */
	pk = kv_dup(test, v->pk, MLDSA65_PUBLIC_KEY_SIZE);
	pk[0] ^= 1;
	kp = mldsa65_precompute(pk, MLDSA65_PUBLIC_KEY_SIZE);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
	mldsa65_precomp_free(kp);
	pk[0] ^= 1;
	pk[MLDSA65_PUBLIC_KEY_SIZE - 1] ^= 0x40;
	kp = mldsa65_precompute(pk, MLDSA65_PUBLIC_KEY_SIZE);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EKEYREJECTED);
	mldsa65_precomp_free(kp);
	mldsa65_precomp_free(NULL);
}

/* Not a timed assertion: prints the cost of one verification. */
static void mldsa_speed(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, 1);
	struct mldsa65_precomp *kp;
	const int iters = 20;
	u64 t0, t_pre, t_tab;
	size_t size;
	int j;

	if (!v)
		return;
	t0 = ktime_get_ns();
	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, mldsa65_verify(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg,
						     v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), 0);
	t0 = div_u64(ktime_get_ns() - t0, iters * 1000);
	t_tab = ktime_get_ns();
	kp = mldsa65_precompute(v->pk, MLDSA65_PUBLIC_KEY_SIZE);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
	t_tab = div_u64(ktime_get_ns() - t_tab, 1000);
	t_pre = ktime_get_ns();
	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(kp, v->msg, v->msg_len, v->sig,
							     MLDSA65_SIGNATURE_SIZE), 0);
	t_pre = div_u64(ktime_get_ns() - t_pre, iters * 1000);
	size = mldsa65_precomp_size(kp);
	mldsa65_precomp_free(kp);
	kunit_info(test, "ML-DSA-65: %llu us per verify\n", t0);
	kunit_info(test, "ML-DSA-65: %llu us per verify with a prepared key (tables of %zu KiB in %llu us)\n",
		   t_pre, DIV_ROUND_UP(size, 1024), t_tab);
}

static struct kunit_case mldsa_kunit_cases[] = {
	KUNIT_CASE(mldsa_vectors),
	KUNIT_CASE(mldsa_flipped_bits),
	KUNIT_CASE(mldsa_z_bound),
	KUNIT_CASE(mldsa_hint_encoding),
	KUNIT_CASE(mldsa_wrong_lengths),
	KUNIT_CASE(mldsa_wrong_context),
	KUNIT_CASE(mldsa_external_mu),
	KUNIT_CASE(mldsa_precomp),
	KUNIT_CASE(mldsa_speed),
	{}
};

static struct kunit_suite mldsa_kunit_suite = {
	.name = "mldsa",
	.test_cases = mldsa_kunit_cases,
};
kunit_test_suite(mldsa_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for ML-DSA-65 signature verification");
MODULE_LICENSE("GPL");
