// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/mldsa_verify.c, the same cases for ML-DSA-65 and ML-DSA-87:
 * vectors made by an independent implementation (and for ML-DSA-65 C2SP
 * Wycheproof's; tests/vectors/gen-mldsa-vectors.sh), each field of a
 * signature broken (c~, z, hint), the hint encoding rules of FIPS 204
 * Algorithm 21 broken one at a time, z beyond its bound, wrong lengths, the
 * message, the key and the interface changed; the pure interface also with
 * the key prepared by mldsaNN_precompute(), which must answer the same.
 *
 * Where <crypto/mldsa_verify.h> is the kernel's ML-DSA library
 * (CONFIG_CRYPTO_LIB_MLDSA), the same cases run through mldsa_verify() and
 * mldsa_verify_prepared(); what the library does not offer (Verify_internal,
 * an external mu: -EOPNOTSUPP) is skipped, and a z beyond its bound is
 * -EBADMSG there.
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/mldsa_verify.h>
#include <crypto/shake.h>

#include "mldsa_kunit_vectors.h"
#include "mldsa87_kunit_vectors.h"

/*
 * A parameter set as the tests see it: its sizes, the layout of its
 * signatures (FIPS 204 sigEncode: c~ || z || h), its interfaces and vectors.
 * pre_verify prepares the key, verifies with its tables and frees them.
 */
struct kv_set {
	const char *name;
	size_t pk_size, sig_size, ctilde, z_size, omega, k, beta, precomp_min;
	int (*verify)(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		      const u8 *sig, size_t sig_len);
	int (*verify_internal)(const u8 *pk, size_t pk_len, const u8 *mprime,
			       size_t mprime_len, const u8 *sig, size_t sig_len);
	int (*verify_mu)(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
			 const u8 *sig, size_t sig_len);
	int (*pre_verify)(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
			  const u8 *sig, size_t sig_len, size_t *size);
	const struct mldsa_kunit_vector *vectors;
	size_t nvectors;
};

#define KV_Z(s)		((s)->ctilde)
#define KV_H(s)		((s)->ctilde + (s)->z_size)

/* What a z beyond its bound gives: the library finds it while decoding */
#define KV_Z_ERR	(IS_ENABLED(CONFIG_CRYPTO_LIB_MLDSA) ? -EBADMSG : -EKEYREJECTED)

/* Does the implementation offer Verify_internal and an external mu? */
static bool kv_has_internal(const struct kv_set *ks)
{
	return ks->verify_internal(NULL, 0, NULL, 0, NULL, 0) != -EOPNOTSUPP;
}

/* Prepare, verify, free: the error of either step, the tables' size in *size */
#define KV_PRE_VERIFY(nn)								\
static int kv##nn##_pre_verify(const u8 *pk, size_t pk_len, const u8 *msg,		\
			       size_t msg_len, const u8 *sig, size_t sig_len,		\
			       size_t *size)						\
{											\
	struct mldsa##nn##_precomp *kp = mldsa##nn##_precompute(pk, pk_len);		\
	int ret;									\
											\
	if (IS_ERR(kp))									\
		return PTR_ERR(kp);							\
	if (size)									\
		*size = mldsa##nn##_precomp_size(kp);					\
	ret = mldsa##nn##_verify_precomp(kp, msg, msg_len, sig, sig_len);		\
	mldsa##nn##_precomp_free(kp);							\
	return ret;									\
}
KV_PRE_VERIFY(65)
KV_PRE_VERIFY(87)

static const struct kv_set kv65 = {
	.name = "ML-DSA-65",
	.pk_size = MLDSA65_PUBLIC_KEY_SIZE, .sig_size = MLDSA65_SIGNATURE_SIZE,
	.ctilde = 48, .z_size = 5 * 640, .omega = 55, .k = 6, .beta = 196,
	.precomp_min = 30 * 1024,
	.verify = mldsa65_verify, .verify_internal = mldsa65_verify_internal,
	.verify_mu = mldsa65_verify_mu, .pre_verify = kv65_pre_verify,
	.vectors = mldsa_kunit_vectors, .nvectors = ARRAY_SIZE(mldsa_kunit_vectors),
};

static const struct kv_set kv87 = {
	.name = "ML-DSA-87",
	.pk_size = MLDSA87_PUBLIC_KEY_SIZE, .sig_size = MLDSA87_SIGNATURE_SIZE,
	.ctilde = 64, .z_size = 7 * 640, .omega = 75, .k = 8, .beta = 120,
	.precomp_min = 60 * 1024,
	.verify = mldsa87_verify, .verify_internal = mldsa87_verify_internal,
	.verify_mu = mldsa87_verify_mu, .pre_verify = kv87_pre_verify,
	.vectors = mldsa87_kunit_vectors, .nvectors = ARRAY_SIZE(mldsa87_kunit_vectors),
};

/*
 * The pure interface answers twice, from the encoded key and from the key
 * prepared by mldsaNN_precompute(): the two must agree, else -ERANGE, which
 * no case expects.
 */
static int vec_verify_pure(const struct kv_set *ks, const u8 *pk, const u8 *msg,
			   size_t msg_len, const u8 *sig)
{
	int ret, ret_pre;

	ret = ks->verify(pk, ks->pk_size, msg, msg_len, sig, ks->sig_size);
	ret_pre = ks->pre_verify(pk, ks->pk_size, msg, msg_len, sig, ks->sig_size, NULL);
	return ret == ret_pre ? ret : -ERANGE;
}

static int vec_verify(const struct kv_set *ks, const struct mldsa_kunit_vector *v, const u8 *pk,
		      const u8 *msg, const u8 *sig)
{
	switch (v->mode) {
	case MLDSA_KUNIT_PURE:
		return vec_verify_pure(ks, pk, msg, v->msg_len, sig);
	case MLDSA_KUNIT_INTERNAL:
		return ks->verify_internal(pk, ks->pk_size, msg, v->msg_len, sig, ks->sig_size);
	default:
		return ks->verify_mu(pk, ks->pk_size, msg, sig, ks->sig_size);
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
static u8 *sig_copy(struct kunit *test, const struct kv_set *ks,
		    const struct mldsa_kunit_vector *v)
{
	return kv_dup(test, v->sig, ks->sig_size);
}

/* The first valid vector of the pure interface */
static const struct mldsa_kunit_vector *pure_vector(struct kunit *test, const struct kv_set *ks,
						    size_t skip)
{
	size_t i;

	for (i = 0; i < ks->nvectors; i++) {
		const struct mldsa_kunit_vector *v = &ks->vectors[i];

		if (v->valid && v->mode == MLDSA_KUNIT_PURE && !skip--)
			return v;
	}
	KUNIT_FAIL(test, "no valid pure vector");
	return NULL;
}

/* The code a vector expects: a z beyond its bound gives the implementation's */
static int vec_expect(const struct mldsa_kunit_vector *v)
{
	return v->z_bound ? KV_Z_ERR : v->expect;
}

/* The vectors of the pure interface */
static void kv_vectors(struct kunit *test, const struct kv_set *ks)
{
	size_t i, valid = 0;

	for (i = 0; i < ks->nvectors; i++) {
		const struct mldsa_kunit_vector *v = &ks->vectors[i];

		if (v->mode != MLDSA_KUNIT_PURE)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, v->sig), vec_expect(v),
				    "%s", v->name);
		valid += v->valid;
	}
	KUNIT_EXPECT_GE(test, valid, 5);
}

/* The vectors of Verify_internal and of an external mu */
static void kv_vectors_internal(struct kunit *test, const struct kv_set *ks)
{
	size_t i, n = 0;

	if (!kv_has_internal(ks))
		kunit_skip(test, "%s: the ML-DSA library verifies the pure form only", ks->name);
	for (i = 0; i < ks->nvectors; i++) {
		const struct mldsa_kunit_vector *v = &ks->vectors[i];

		if (v->mode == MLDSA_KUNIT_PURE)
			continue;
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, v->sig), vec_expect(v),
				    "%s", v->name);
		n++;
	}
	KUNIT_EXPECT_GE(test, n, 2);
}

/* One bit of c~, of z, of the hint positions: never accepted */
static void kv_flipped_bits(struct kunit *test, const struct kv_set *ks)
{
	const bool internal = kv_has_internal(ks);
	size_t i;
	int bit;

	for (i = 0; i < ks->nvectors; i++) {
		const struct mldsa_kunit_vector *v = &ks->vectors[i];
		u8 *sig;

		if (!v->valid || (v->mode != MLDSA_KUNIT_PURE && !internal))
			continue;
		sig = sig_copy(test, ks, v);
		for (bit = 0; bit < 8 * ks->ctilde; bit += 29) {
			sig[bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, sig),
					    -EKEYREJECTED, "%s: c~ bit %d", v->name, bit);
			sig[bit / 8] ^= 1 << (bit % 8);
		}
		for (bit = 0; bit < 8 * ks->z_size; bit += 1531) {
			int ret;

			sig[KV_Z(ks) + bit / 8] ^= 1 << (bit % 8);
			ret = vec_verify(ks, v, v->pk, v->msg, sig);
			/* z may have left its bound */
			KUNIT_EXPECT_TRUE_MSG(test, ret == -EKEYREJECTED || ret == KV_Z_ERR,
					      "%s: z bit %d: %d", v->name, bit, ret);
			sig[KV_Z(ks) + bit / 8] ^= 1 << (bit % 8);
		}
		/* the last hint position's low bit: still increasing, or malformed */
		if (sig[KV_H(ks) + ks->omega + ks->k - 1]) {
			unsigned int p = sig[KV_H(ks) + ks->omega + ks->k - 1] - 1;
			int ret;

			sig[KV_H(ks) + p] ^= 1;
			ret = vec_verify(ks, v, v->pk, v->msg, sig);
			KUNIT_EXPECT_TRUE_MSG(test, ret == -EKEYREJECTED || ret == -EBADMSG,
					      "%s: hint bit: %d", v->name, ret);
			sig[KV_H(ks) + p] ^= 1;
		}
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, sig), 0, "%s: restored",
				    v->name);
	}
}

/* Store z = gamma1 - raw in coefficient 2j (the low 20 bits of a 5-byte group) */
static void set_z_even(const struct kv_set *ks, u8 *sig, unsigned int j, u32 raw)
{
	u8 *p = sig + KV_Z(ks) + j * 5;

	p[0] = raw;
	p[1] = raw >> 8;
	p[2] = (p[2] & 0xf0) | (raw >> 16);
}

static void kv_z_bound(struct kunit *test, const struct kv_set *ks)
{
	/* gamma1 - raw: +gamma1, +(gamma1 - beta), -(gamma1 - beta), -(gamma1 - 1) */
	const u32 out_of_bound[] = { 0, ks->beta, (1 << 20) - ks->beta, (1 << 20) - 1 };
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 0);
	size_t i, j, crafted = 0;
	u8 *sig;

	if (!v)
		return;
	sig = sig_copy(test, ks, v);
	for (i = 0; i < ARRAY_SIZE(out_of_bound); i++) {
		for (j = 0; j < ks->z_size / 5; j += 211) {
			set_z_even(ks, sig, j, out_of_bound[i]);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, sig),
					    KV_Z_ERR, "%s: z coefficient %zu = gamma1 - %u",
					    ks->name, 2 * j, out_of_bound[i]);
			memcpy(sig, v->sig, ks->sig_size);
		}
	}
	/* signatures that verify but for ||z||inf >= gamma1 - beta */
	for (i = 0; i < ks->nvectors; i++) {
		v = &ks->vectors[i];
		if (!v->z_bound || (v->mode != MLDSA_KUNIT_PURE && !kv_has_internal(ks)))
			continue;
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, v->sig), KV_Z_ERR,
				    "%s", v->name);
		crafted++;
	}
	KUNIT_EXPECT_GE(test, crafted, 1);
}

/* The hint's bytes: positions y[0 .. omega - 1], cumulative counts y[omega + i] */
static void kv_hint_encoding(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 0);
	unsigned int total, i, lo, hi;
	u8 *sig, *y, *ref;

	if (!v)
		return;
	sig = sig_copy(test, ks, v);
	ref = sig_copy(test, ks, v);
	y = sig + KV_H(ks);
	total = y[ks->omega + ks->k - 1];
	KUNIT_ASSERT_TRUE_MSG(test, total >= 2 && total < ks->omega,
			      "%s: %u hints (two and a free position needed)", v->name, total);

#define EXPECT_HINT(ret, what)								\
	do {										\
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(ks, v, v->pk, v->msg, sig), ret, what); \
		memcpy(sig, ref, ks->sig_size);				\
	} while (0)

	/* a count above omega */
	y[ks->omega + ks->k - 1] = ks->omega + 1;
	EXPECT_HINT(-EBADMSG, "last count omega + 1");
	y[ks->omega] = 0xff;
	EXPECT_HINT(-EBADMSG, "first count 255");
	/* counts that decrease */
	for (i = 0; i + 1 < ks->k; i++) {
		if (y[ks->omega + i] == 0)
			continue;
		y[ks->omega + i + 1] = y[ks->omega + i] - 1;
		EXPECT_HINT(-EBADMSG, "a count below the previous one");
		break;
	}
	/* an unused position that is not zero */
	y[ks->omega - 1] = 1;
	EXPECT_HINT(-EBADMSG, "last unused position 1");
	y[total] = 0x80;
	EXPECT_HINT(-EBADMSG, "first unused position 0x80");
	/*
	 * The counts of the last hint's polynomial and of the empty ones after it
	 * one down: that position is now an unused non-zero...
	 */
	for (i = 0; i < ks->k; i++)
		y[ks->omega + i] -= y[ks->omega + i] == total;
	if (y[total - 1])
		EXPECT_HINT(-EBADMSG, "a position dropped from the counts");
	memcpy(sig, ref, ks->sig_size);
	/* ...unless it is removed too: well-formed, and then the signature is wrong */
	for (i = 0; i < ks->k; i++)
		y[ks->omega + i] -= y[ks->omega + i] == total;
	y[total - 1] = 0;
	EXPECT_HINT(-EKEYREJECTED, "the last hint removed");

	/* positions of one polynomial equal or decreasing */
	for (i = 0, lo = 0; i < ks->k; i++, lo = hi) {
		hi = y[ks->omega + i];
		if (hi - lo < 2)
			continue;
		y[lo + 1] = y[lo];
		EXPECT_HINT(-EBADMSG, "two equal positions");
		swap(y[lo], y[lo + 1]);
		EXPECT_HINT(-EBADMSG, "two positions swapped");
		break;
	}
	KUNIT_EXPECT_LT_MSG(test, i, ks->k, "%s: no polynomial with two hints", v->name);

	/* a hint added at the end of the last polynomial (255 if free): well-formed */
	if (y[total - 1] < 255 || y[ks->omega + ks->k - 2] == total) {
		y[total] = 255;
		y[ks->omega + ks->k - 1]++;
		EXPECT_HINT(-EKEYREJECTED, "a hint added");
	}
	/* all counts zero, no positions: well-formed, wrong */
	memset(y, 0, ks->omega + ks->k);
	EXPECT_HINT(-EKEYREJECTED, "no hints");
	/* omega hints in the first polynomial 0 .. omega - 1: well-formed, wrong */
	for (i = 0; i < ks->omega; i++)
		y[i] = i;
	memset(y + ks->omega, ks->omega, ks->k);
	EXPECT_HINT(-EKEYREJECTED, "omega hints");
	/*
	 * Counts that break one rule only, positions 0, 1, 2, ... increasing:
	 * counts 5, 3, 10, ...: the second below the first;
	 * counts omega + 1: y[omega], the first count, would be position omega + 1
	 */
	memset(y, 0, ks->omega + ks->k);
	for (i = 0; i < 10; i++)
		y[i] = i;
	memset(y + ks->omega, 10, ks->k);
	y[ks->omega] = 5;
	y[ks->omega + 1] = 3;
	EXPECT_HINT(-EBADMSG, "counts 5, 3, 10");
	for (i = 0; i < ks->omega; i++)
		y[i] = i;
	memset(y + ks->omega, ks->omega + 1, ks->k);
	EXPECT_HINT(-EBADMSG, "counts omega + 1, positions increasing");
#undef EXPECT_HINT

	/* nothing above wrote to what it was given */
	KUNIT_EXPECT_TRUE(test, !memcmp(ref, v->sig, ks->sig_size));
}

static void kv_wrong_lengths(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 0);
	/* the other set's sizes among them */
	const size_t lens[] = { 0, 1, ks->pk_size - 1, ks->pk_size + 1, ks->sig_size - 1,
				ks->sig_size + 1, MLDSA65_PUBLIC_KEY_SIZE, MLDSA65_SIGNATURE_SIZE,
				MLDSA87_PUBLIC_KEY_SIZE, MLDSA87_SIGNATURE_SIZE, SIZE_MAX };
	const bool internal = kv_has_internal(ks);
	u8 mu[MLDSA_MU_SIZE] = {};
	size_t i;

	if (!v)
		return;
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		/* the lengths are checked before anything is read: a short buffer is safe */
		if (lens[i] != ks->pk_size) {
			KUNIT_EXPECT_EQ(test, ks->verify(v->pk, lens[i], v->msg, v->msg_len,
							 v->sig, ks->sig_size), -EINVAL);
			if (internal)
				KUNIT_EXPECT_EQ(test, ks->verify_internal(v->pk, lens[i], v->msg,
									  v->msg_len, v->sig,
									  ks->sig_size), -EINVAL);
		}
		if (lens[i] != ks->sig_size) {
			KUNIT_EXPECT_EQ(test, ks->verify(v->pk, ks->pk_size, v->msg, v->msg_len,
							 v->sig, lens[i]), -EINVAL);
			if (internal)
				KUNIT_EXPECT_EQ(test, ks->verify_mu(v->pk, ks->pk_size, mu, v->sig,
								    lens[i]), -EINVAL);
		}
	}
	KUNIT_EXPECT_EQ(test, ks->verify(NULL, 0, NULL, 0, NULL, 0), -EINVAL);
}

/* Another message, key or interface: never accepted */
static void kv_wrong_context(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 1);
	const struct mldsa_kunit_vector *w = pure_vector(test, ks, 2);
	u8 *msg, *pk, *mprime;

	if (!v || !w)
		return;
	KUNIT_ASSERT_GT(test, v->msg_len, 0);
	msg = kv_dup(test, v->msg, v->msg_len);
	pk = kv_dup(test, v->pk, ks->pk_size);
	mprime = kunit_kmalloc(test, v->msg_len + 2, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, mprime);

	msg[v->msg_len - 1] ^= 0x01;
	KUNIT_EXPECT_EQ(test, vec_verify(ks, v, v->pk, msg, v->sig), -EKEYREJECTED);
	KUNIT_EXPECT_EQ(test, ks->verify(v->pk, ks->pk_size, v->msg, v->msg_len - 1, v->sig,
					 ks->sig_size),
			-EKEYREJECTED);
	pk[5] ^= 0x10;				/* rho: another A */
	KUNIT_EXPECT_EQ(test, vec_verify(ks, v, pk, v->msg, v->sig), -EKEYREJECTED);
	pk[5] ^= 0x10;
	pk[32 + 700] ^= 0x02;			/* t1 */
	KUNIT_EXPECT_EQ(test, vec_verify(ks, v, pk, v->msg, v->sig), -EKEYREJECTED);
	if (w->pk != v->pk)
		KUNIT_EXPECT_EQ(test, vec_verify(ks, v, w->pk, v->msg, v->sig), -EKEYREJECTED);
	if (!kv_has_internal(ks))
		return;
	/* the pure signature is one on M' = 0 || 0 || M, not on M */
	KUNIT_EXPECT_EQ(test, ks->verify_internal(v->pk, ks->pk_size, v->msg, v->msg_len,
						  v->sig, ks->sig_size),
			-EKEYREJECTED);
	mprime[0] = 0;
	mprime[1] = 0;
	memcpy(mprime + 2, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, ks->verify_internal(v->pk, ks->pk_size, mprime, v->msg_len + 2,
						  v->sig, ks->sig_size),
			0);
	mprime[1] = 1;				/* a context length of 1 */
	KUNIT_EXPECT_EQ(test, ks->verify_internal(v->pk, ks->pk_size, mprime, v->msg_len + 2,
						  v->sig, ks->sig_size),
			-EKEYREJECTED);
}

/* mu = H(H(pk, 64) || 0 || 0 || M, 64) computed here: verify_mu agrees with verify */
static void kv_external_mu(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 1);
	static const u8 prefix[2] = { 0, 0 };
	struct shake_ctx ctx;
	u8 tr[64], mu[MLDSA_MU_SIZE];

	if (!kv_has_internal(ks))
		kunit_skip(test, "%s: the ML-DSA library takes no external mu", ks->name);
	if (!v)
		return;
	shake256(v->pk, ks->pk_size, tr, sizeof(tr));
	shake256_init(&ctx);
	shake_absorb(&ctx, tr, sizeof(tr));
	shake_absorb(&ctx, prefix, sizeof(prefix));
	shake_absorb(&ctx, v->msg, v->msg_len);
	shake_squeeze(&ctx, mu, sizeof(mu));
	KUNIT_EXPECT_EQ(test, ks->verify_mu(v->pk, ks->pk_size, mu, v->sig, ks->sig_size), 0);
	mu[63] ^= 0x80;
	KUNIT_EXPECT_EQ(test, ks->verify_mu(v->pk, ks->pk_size, mu, v->sig, ks->sig_size),
			-EKEYREJECTED);
}

/* A prepared key: its own errors, and what it costs and holds */
static void kv_precomp(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 0);
	size_t size = 0;
	u8 *pk, *msg;

	if (!v)
		return;
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size - 1, v->msg, v->msg_len, v->sig,
					     ks->sig_size, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size + 1, v->msg, v->msg_len, v->sig,
					     ks->sig_size, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size, v->msg, v->msg_len, v->sig,
					     ks->sig_size, &size), 0);
	KUNIT_EXPECT_GT(test, size, ks->precomp_min);
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size, v->msg, v->msg_len, v->sig,
					     ks->sig_size - 1, NULL), -EINVAL);
	/* the message with one more byte */
	msg = kunit_kzalloc(test, v->msg_len + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, msg);
	if (v->msg_len)
		memcpy(msg, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size, msg, v->msg_len + 1, v->sig,
					     ks->sig_size, NULL), -EKEYREJECTED);
	/* tables of another key (rho, then t1 changed) refuse the signature */
	pk = kv_dup(test, v->pk, ks->pk_size);
	pk[0] ^= 1;
	KUNIT_EXPECT_EQ(test, ks->pre_verify(pk, ks->pk_size, v->msg, v->msg_len, v->sig,
					     ks->sig_size, NULL), -EKEYREJECTED);
	pk[0] ^= 1;
	pk[ks->pk_size - 1] ^= 0x40;
	KUNIT_EXPECT_EQ(test, ks->pre_verify(pk, ks->pk_size, v->msg, v->msg_len, v->sig,
					     ks->sig_size, NULL), -EKEYREJECTED);
}

static void mldsa_precomp(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, &kv65, 0);

	kv_precomp(test, &kv65);
	if (!v)
		return;
	KUNIT_EXPECT_EQ(test, mldsa65_verify_precomp(NULL, v->msg, v->msg_len, v->sig,
						     MLDSA65_SIGNATURE_SIZE), -EINVAL);
	mldsa65_precomp_free(NULL);
}

static void mldsa87_precomp(struct kunit *test)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, &kv87, 0);

	kv_precomp(test, &kv87);
	if (!v)
		return;
	KUNIT_EXPECT_EQ(test, mldsa87_verify_precomp(NULL, v->msg, v->msg_len, v->sig,
						     MLDSA87_SIGNATURE_SIZE), -EINVAL);
	/* another set's tables are another type: only the sizes can be mixed up */
	KUNIT_EXPECT_EQ(test, PTR_ERR(mldsa87_precompute(v->pk, MLDSA65_PUBLIC_KEY_SIZE)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(mldsa65_precompute(v->pk, MLDSA87_PUBLIC_KEY_SIZE)),
			-EINVAL);
	mldsa87_precomp_free(NULL);
}

/* Not a timed assertion: prints the cost of one verification. */
static void kv_speed(struct kunit *test, const struct kv_set *ks)
{
	const struct mldsa_kunit_vector *v = pure_vector(test, ks, 1);
	const int iters = 20;
	u64 t0, t_pre;
	size_t size = 0;
	int j;

	if (!v)
		return;
	t0 = ktime_get_ns();
	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, ks->verify(v->pk, ks->pk_size, v->msg, v->msg_len, v->sig,
						 ks->sig_size), 0);
	t0 = div_u64(ktime_get_ns() - t0, iters * 1000);
	/* the tables made once, then used by each verification */
	kunit_info(test, "%s: %llu us per verify\n", ks->name, t0);
	t_pre = ktime_get_ns();
	KUNIT_EXPECT_EQ(test, ks->pre_verify(v->pk, ks->pk_size, v->msg, v->msg_len, v->sig,
					     ks->sig_size, &size), 0);
	t_pre = div_u64(ktime_get_ns() - t_pre, 1000);
	kunit_info(test, "%s: tables of %zu KiB and one verify with them in %llu us\n",
		   ks->name, DIV_ROUND_UP(size, 1024), t_pre);
}

#define KV_CASE(name)							\
static void mldsa_##name(struct kunit *test)				\
{									\
	kv_##name(test, &kv65);						\
}									\
static void mldsa87_##name(struct kunit *test)				\
{									\
	kv_##name(test, &kv87);						\
}
KV_CASE(vectors)
KV_CASE(vectors_internal)
KV_CASE(flipped_bits)
KV_CASE(z_bound)
KV_CASE(hint_encoding)
KV_CASE(wrong_lengths)
KV_CASE(wrong_context)
KV_CASE(external_mu)
KV_CASE(speed)

static struct kunit_case mldsa_kunit_cases[] = {
	KUNIT_CASE(mldsa_vectors),
	KUNIT_CASE(mldsa_vectors_internal),
	KUNIT_CASE(mldsa_flipped_bits),
	KUNIT_CASE(mldsa_z_bound),
	KUNIT_CASE(mldsa_hint_encoding),
	KUNIT_CASE(mldsa_wrong_lengths),
	KUNIT_CASE(mldsa_wrong_context),
	KUNIT_CASE(mldsa_external_mu),
	KUNIT_CASE(mldsa_precomp),
	KUNIT_CASE(mldsa_speed),
	KUNIT_CASE(mldsa87_vectors),
	KUNIT_CASE(mldsa87_vectors_internal),
	KUNIT_CASE(mldsa87_flipped_bits),
	KUNIT_CASE(mldsa87_z_bound),
	KUNIT_CASE(mldsa87_hint_encoding),
	KUNIT_CASE(mldsa87_wrong_lengths),
	KUNIT_CASE(mldsa87_wrong_context),
	KUNIT_CASE(mldsa87_external_mu),
	KUNIT_CASE(mldsa87_precomp),
	KUNIT_CASE(mldsa87_speed),
	{}
};

static struct kunit_suite mldsa_kunit_suite = {
	.name = "mldsa",
	.test_cases = mldsa_kunit_cases,
};
kunit_test_suite(mldsa_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for ML-DSA-65 and ML-DSA-87 signature verification");
MODULE_LICENSE("GPL");
