// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/ed448.c: the RFC 8032 7.4 vectors and OpenSSL
 * signatures (tests/vectors/gen-ed448-vectors.sh), prepared keys, the
 * fixed-base table, and the edge cases: S >= L, non-canonical and
 * small-order A and R, stray bits, contexts, flipped bits.
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/ed448.h>

#include "ed448_kunit_vectors.h"

/* group order L, little-endian */
static const u8 kunit_l[57] = {
	0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d,
	0x72, 0xc2, 0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4,
	0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00,
};

/* The base point B as RFC 8032 5.2 encodes it: its y, x even */
static const u8 kunit_base[57] = {
	0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e,
	0x2c, 0x13, 0xbd, 0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a,
	0xd7, 0xc2, 0xa0, 0x05, 0x1e, 0x9c, 0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c,
	0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7, 0xc9, 0x56, 0x37, 0x20, 0x76, 0x88,
	0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69, 0x00,
};

static int vec_verify(const struct ed448_kunit_vector *v, const u8 *pub, const u8 *sig)
{
	if (v->ctx_len)
		return ed448_verify_ctx(pub, v->ctx, v->ctx_len, v->msg, v->msg_len, sig);
	return ed448_verify(pub, v->msg, v->msg_len, sig);
}

/* y = p + k, canonical for no k >= 0 (k < 2^224 + 1) */
static void kunit_p_plus(u8 *enc, u8 k)
{
	memset(enc, 0, 57);
	memset(enc + 28, 0xff, 28);	/* p + 1 = 2^448 - 2^224 */
	enc[0] = k - 1;
	if (!k) {			/* p itself */
		memset(enc, 0xff, 56);
		enc[28] = 0xfe;
	}
}

static void ed448_vectors_valid(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors); i++) {
		const struct ed448_kunit_vector *v = &ed448_kunit_vectors[i];

		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, v->sig), 0, "%s", v->name);
	}
}

/* The context is part of the signed data: without it, or with another, no signature */
static void ed448_contexts(struct kunit *test)
{
	static const u8 other[3] = { 'f', 'o', 'p' };
	u8 ctx[ED448_CONTEXT_MAX + 1];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors); i++) {
		const struct ed448_kunit_vector *v = &ed448_kunit_vectors[i];

		if (v->ctx_len) {
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify(v->pub, v->msg, v->msg_len, v->sig),
					    -EKEYREJECTED, "%s without its context", v->name);
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_ctx(v->pub, other, sizeof(other),
								   v->msg, v->msg_len, v->sig),
					    -EKEYREJECTED, "%s, another context", v->name);
		} else {
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_ctx(v->pub, other, sizeof(other),
								   v->msg, v->msg_len, v->sig),
					    -EKEYREJECTED, "%s with a context", v->name);
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_ctx(v->pub, NULL, 0, v->msg,
								   v->msg_len, v->sig),
					    0, "%s, empty context", v->name);
		}
	}
	/* 255 octets is the longest context, 256 is refused before anything else */
	memset(ctx, 'c', sizeof(ctx));
	i = 1;
	KUNIT_EXPECT_EQ(test, ed448_verify_ctx(ed448_kunit_vectors[i].pub, ctx, ED448_CONTEXT_MAX,
					       ed448_kunit_vectors[i].msg,
					       ed448_kunit_vectors[i].msg_len,
					       ed448_kunit_vectors[i].sig), -EKEYREJECTED);
	KUNIT_EXPECT_EQ(test, ed448_verify_ctx(ed448_kunit_vectors[i].pub, ctx, sizeof(ctx),
					       ed448_kunit_vectors[i].msg,
					       ed448_kunit_vectors[i].msg_len,
					       ed448_kunit_vectors[i].sig), -EINVAL);
}

static void ed448_flipped_bits(struct kunit *test)
{
	size_t i;
	int bit;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors); i++) {
		const struct ed448_kunit_vector *v = &ed448_kunit_vectors[i];
		u8 sig[114], msg[64];

		/* one bit in R (the last byte's unused bits too), in S (stays below L) */
		for (bit = 0; bit < 456; bit += 37) {
			memcpy(sig, v->sig, 114);
			sig[bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
					    "%s: R bit %d", v->name, bit);
		}
		for (bit = 0; bit < 440; bit += 31) {
			memcpy(sig, v->sig, 114);
			sig[57 + bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
					    "%s: S bit %d", v->name, bit);
		}
		if (v->msg_len && v->msg_len <= sizeof(msg)) {
			memcpy(msg, v->msg, v->msg_len);
			msg[v->msg_len - 1] ^= 0x01;
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_ctx(v->pub, v->ctx, v->ctx_len, msg,
								   v->msg_len, v->sig),
					    -EKEYREJECTED, "%s: message bit", v->name);
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_ctx(v->pub, v->ctx, v->ctx_len,
								   v->msg, v->msg_len - 1, v->sig),
					    -EKEYREJECTED, "%s: message one byte short", v->name);
		}
	}
}

/* S + L: the same residue, so only the S < L check can refuse it. */
static void ed448_s_not_reduced(struct kunit *test)
{
	const struct ed448_kunit_vector *v;
	u8 sig[114];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors); i++) {
		unsigned int carry = 0;
		int j;

		v = &ed448_kunit_vectors[i];
		memcpy(sig, v->sig, 114);
		for (j = 0; j < 57; j++) {
			carry += sig[57 + j] + kunit_l[j];
			sig[57 + j] = carry & 0xff;
			carry >>= 8;
		}
		KUNIT_EXPECT_EQ(test, carry, 0);	/* S + L < 2^447 */
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
				    "%s: S + L", v->name);
	}
	/* S = L, S = L - 1 (below L: not refused for its size), S all ones, bit 455 */
	v = &ed448_kunit_vectors[1];
	memcpy(sig, v->sig, 57);
	memcpy(sig + 57, kunit_l, 57);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	sig[57]--;
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	memset(sig + 57, 0xff, 57);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	memcpy(sig, v->sig, 114);
	sig[113] |= 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
}

static void ed448_bad_public_keys(struct kunit *test)
{
	const struct ed448_kunit_vector *v = &ed448_kunit_vectors[1];
	u8 pub[57];
	size_t i;

	/* every point of order 1, 2, 4 */
	for (i = 0; i < ARRAY_SIZE(ed448_small_order); i++)
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, ed448_small_order[i], v->sig), -EINVAL,
				    "small-order point %zu", i);

	/* y = p (non-canonical 0), y = p + 1 (non-canonical 1), y = 2^448 - 1 */
	kunit_p_plus(pub, 0);
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	kunit_p_plus(pub, 1);
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	memset(pub, 0xff, 56);
	pub[56] = 0;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	/* y = p + 3: y = 3 is a point of large order, but this encoding is not canonical */
	kunit_p_plus(pub, 3);
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	memset(pub, 0, 57);
	pub[0] = 3;			/* its canonical encoding: a valid key, wrong signer */
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EKEYREJECTED);

	/* bits 448 to 454 (the last byte but its top bit) must be zero */
	for (i = 0; i < 7; i++) {
		memcpy(pub, v->pub, 57);
		pub[56] |= 1 << i;
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, pub, v->sig), -EINVAL, "bit %zu", 448 + i);
	}

	/* x = 0 with the sign bit set: "negative zero" of the identity and of (0, -1) */
	memcpy(pub, ed448_small_order[0], 57);
	pub[56] = 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	memcpy(pub, ed448_small_order[1], 57);
	pub[56] = 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);

	/* y = 2 is not on the curve (x^2 would not be a square) */
	memset(pub, 0, 57);
	pub[0] = 2;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);

	/* the right key with its sign bit flipped is -A: a valid key, wrong signer */
	memcpy(pub, v->pub, 57);
	pub[56] ^= 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EKEYREJECTED);

	/* another vector's key */
	KUNIT_EXPECT_EQ(test, vec_verify(v, ed448_kunit_vectors[3].pub, v->sig), -EKEYREJECTED);
}

static void ed448_bad_r(struct kunit *test)
{
	const struct ed448_kunit_vector *v = &ed448_kunit_vectors[3];
	u8 sig[114];
	size_t i;

	/* R = a non-canonical encoding (y = p, p + 1) or a small-order point */
	memcpy(sig, v->sig, 114);
	kunit_p_plus(sig, 0);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	kunit_p_plus(sig, 1);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	for (i = 0; i < ARRAY_SIZE(ed448_small_order); i++) {
		memcpy(sig, ed448_small_order[i], 57);
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	}
	/* the right R with one of its last byte's unused bits set */
	for (i = 0; i < 7; i++) {
		memcpy(sig, v->sig, 114);
		sig[56] |= 1 << i;
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	}
	/* all-zero signature */
	memset(sig, 0, 114);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
}

/* A prepared key verifies and refuses exactly as the plain one. */
static void ed448_precomputed(struct kunit *test)
{
	struct ed448_precomp *kp;
	u8 sig[114], pub[57];
	size_t i;
	int bit;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors); i++) {
		const struct ed448_kunit_vector *v = &ed448_kunit_vectors[i];

		if (v->ctx_len)
			continue;
		kp = ed448_precompute(v->pub);
		KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
		KUNIT_EXPECT_EQ_MSG(test, ed448_verify_precomp(kp, v->msg, v->msg_len, v->sig), 0,
				    "%s", v->name);
		for (bit = 0; bit < 912; bit += 53) {
			memcpy(sig, v->sig, 114);
			sig[bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, ed448_verify_precomp(kp, v->msg, v->msg_len, sig),
					    -EKEYREJECTED, "%s: bit %d", v->name, bit);
		}
		memcpy(sig, v->sig, 57);
		memcpy(sig + 57, kunit_l, 57);
		KUNIT_EXPECT_EQ(test, ed448_verify_precomp(kp, v->msg, v->msg_len, sig),
				-EKEYREJECTED);
		KUNIT_EXPECT_GT(test, ed448_precomp_size(kp), 6000);
		ed448_precomp_free(kp);
	}
	for (i = 0; i < ARRAY_SIZE(ed448_small_order); i++)
		KUNIT_EXPECT_EQ(test, PTR_ERR(ed448_precompute(ed448_small_order[i])), -EINVAL);
	kunit_p_plus(pub, 3);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ed448_precompute(pub)), -EINVAL);
	memcpy(pub, ed448_kunit_vectors[0].pub, 57);
	pub[56] |= 0x01;
	KUNIT_EXPECT_EQ(test, PTR_ERR(ed448_precompute(pub)), -EINVAL);
	KUNIT_EXPECT_EQ(test, ed448_verify_precomp(NULL, NULL, 0, ed448_kunit_vectors[0].sig),
			-EINVAL);
	ed448_precomp_free(NULL);
}

/* Every entry of the fixed-base table, computed again from B */
static void ed448_fixed_base_table(struct kunit *test)
{
	u8 base[57];

	KUNIT_EXPECT_EQ(test, ed448_check_btab(kunit_base), 0);
	/* the check can fail: -B's table is not B's */
	memcpy(base, kunit_base, 57);
	base[56] = 0x80;
	KUNIT_EXPECT_EQ(test, ed448_check_btab(base), -EBADMSG);
}

/* Not a timed assertion: prints the cost of one verification. */
static void ed448_speed(struct kunit *test)
{
	const struct ed448_kunit_vector *v = &ed448_kunit_vectors[10];
	struct ed448_precomp *kp;
	const int iters = 20;
	u64 t0 = ktime_get_ns();
	int j;

	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, v->sig), 0);
	kunit_info(test, "%s: %llu us per verify\n", v->name,
		   div_u64(ktime_get_ns() - t0, iters * 1000));
	kp = ed448_precompute(v->pub);
	KUNIT_ASSERT_FALSE(test, IS_ERR(kp));
	t0 = ktime_get_ns();
	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, ed448_verify_precomp(kp, v->msg, v->msg_len, v->sig), 0);
	kunit_info(test, "%s: %llu us per verify with a prepared key\n", v->name,
		   div_u64(ktime_get_ns() - t0, iters * 1000));
	ed448_precomp_free(kp);
}

static struct kunit_case ed448_kunit_cases[] = {
	KUNIT_CASE(ed448_vectors_valid),
	KUNIT_CASE(ed448_contexts),
	KUNIT_CASE(ed448_flipped_bits),
	KUNIT_CASE(ed448_s_not_reduced),
	KUNIT_CASE(ed448_bad_public_keys),
	KUNIT_CASE(ed448_bad_r),
	KUNIT_CASE(ed448_precomputed),
	KUNIT_CASE(ed448_fixed_base_table),
	KUNIT_CASE(ed448_speed),
	{}
};

static struct kunit_suite ed448_kunit_suite = {
	.name = "ed448",
	.test_cases = ed448_kunit_cases,
};
kunit_test_suite(ed448_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for Ed448 signature verification");
MODULE_LICENSE("GPL");
