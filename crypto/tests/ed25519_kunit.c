// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/ed25519.c: RFC 8032 7.1 vectors and OpenSSL
 * signatures (tests/vectors/gen-ed25519-vectors.sh), and the edge cases:
 * S >= L, non-canonical and small-order A, non-canonical R, flipped bits.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/string.h>
#include <crypto/ed25519.h>

#include "ed25519_kunit_vectors.h"

/* group order L, little-endian */
static const u8 kunit_l[32] = {
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
	0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

static int vec_verify(const struct ed25519_kunit_vector *v, const u8 *pub, const u8 *sig)
{
	return ed25519_verify(pub, v->msg, v->msg_len, sig);
}

static void ed25519_vectors_valid(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ed25519_kunit_vectors); i++) {
		const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[i];

		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, v->sig), 0, "%s", v->name);
	}
}

static void ed25519_flipped_bits(struct kunit *test)
{
	size_t i;
	int bit;

	for (i = 0; i < ARRAY_SIZE(ed25519_kunit_vectors); i++) {
		const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[i];
		u8 sig[64], msg[64];

		/* one bit in R, in S (low bits: S stays below L), in the message */
		for (bit = 0; bit < 256; bit += 37) {
			memcpy(sig, v->sig, 64);
			sig[bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
					    "%s: R bit %d", v->name, bit);
		}
		for (bit = 0; bit < 248; bit += 31) {
			memcpy(sig, v->sig, 64);
			sig[32 + bit / 8] ^= 1 << (bit % 8);
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
					    "%s: S bit %d", v->name, bit);
		}
		if (v->msg_len && v->msg_len <= sizeof(msg)) {
			memcpy(msg, v->msg, v->msg_len);
			msg[v->msg_len - 1] ^= 0x01;
			KUNIT_EXPECT_EQ_MSG(test, ed25519_verify(v->pub, msg, v->msg_len, v->sig),
					    -EKEYREJECTED, "%s: message bit", v->name);
			KUNIT_EXPECT_EQ_MSG(test, ed25519_verify(v->pub, v->msg, v->msg_len - 1,
								 v->sig),
					    -EKEYREJECTED, "%s: message one byte short", v->name);
		}
	}
}

/* Add L to S: same residue, so only the S < L check can refuse it. */
static void ed25519_s_not_reduced(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ed25519_kunit_vectors); i++) {
		const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[i];
		unsigned int carry = 0;
		u8 sig[64];
		int j;

		memcpy(sig, v->sig, 64);
		for (j = 0; j < 32; j++) {
			carry += sig[32 + j] + kunit_l[j];
			sig[32 + j] = carry & 0xff;
			carry >>= 8;
		}
		if (carry)
			continue;	/* S + L >= 2^256: cannot be encoded */
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, v->pub, sig), -EKEYREJECTED,
				    "%s: S + L", v->name);
	}
	/* S = L exactly, S = all ones */
	{
		const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[0];
		u8 sig[64];

		memcpy(sig, v->sig, 32);
		memcpy(sig + 32, kunit_l, 32);
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
		memset(sig + 32, 0xff, 32);
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	}
}

static void ed25519_bad_public_keys(struct kunit *test)
{
	const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[1];
	u8 pub[32];
	size_t i;

	/* every point of order 1, 2, 4, 8 */
	for (i = 0; i < ARRAY_SIZE(ed25519_small_order); i++)
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, ed25519_small_order[i], v->sig), -EINVAL,
				    "small-order point %zu", i);

	/* y = p (non-canonical 0), y = p + 1 (non-canonical 1), y = 2^255 - 1 */
	memset(pub, 0xff, 32);
	pub[0] = 0xed;
	pub[31] = 0x7f;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	pub[0] = 0xee;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	pub[0] = 0xff;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	/* y = p + 3: y = 3 is a point of large order, but this encoding is not canonical */
	pub[0] = 0xf0;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);
	memset(pub, 0, 32);
	pub[0] = 3;			/* its canonical encoding: a valid key, wrong signer */
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EKEYREJECTED);

	/* x = 0 with the sign bit set: "negative zero" of the identity */
	memset(pub, 0, 32);
	pub[0] = 1;
	pub[31] = 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);

	/* y = 2 is not on the curve (x^2 would not be a square) */
	memset(pub, 0, 32);
	pub[0] = 2;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EINVAL);

	/* the right key with its sign bit flipped is -A: a valid key, wrong signer */
	memcpy(pub, v->pub, 32);
	pub[31] ^= 0x80;
	KUNIT_EXPECT_EQ(test, vec_verify(v, pub, v->sig), -EKEYREJECTED);

	/* another vector's key */
	KUNIT_EXPECT_EQ(test, vec_verify(v, ed25519_kunit_vectors[2].pub, v->sig),
			-EKEYREJECTED);
}

static void ed25519_bad_r(struct kunit *test)
{
	const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[2];
	u8 sig[64];
	size_t i;

	/* R = a non-canonical encoding (y = p) or a small-order point */
	memcpy(sig, v->sig, 64);
	memset(sig, 0xff, 32);
	sig[0] = 0xed;
	sig[31] = 0x7f;
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	for (i = 0; i < ARRAY_SIZE(ed25519_small_order); i++) {
		memcpy(sig, ed25519_small_order[i], 32);
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
	}
	/* all-zero signature */
	memset(sig, 0, 64);
	KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, sig), -EKEYREJECTED);
}

/* Not a timed assertion: prints the cost of one verification. */
static void ed25519_speed(struct kunit *test)
{
	const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[4];
	const int iters = 50;
	u64 t0 = ktime_get_ns();
	int j;

	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, vec_verify(v, v->pub, v->sig), 0);
	kunit_info(test, "%s: %llu us per verify\n", v->name,
		   div_u64(ktime_get_ns() - t0, iters * 1000));
}

static struct kunit_case ed25519_kunit_cases[] = {
	KUNIT_CASE(ed25519_vectors_valid),
	KUNIT_CASE(ed25519_flipped_bits),
	KUNIT_CASE(ed25519_s_not_reduced),
	KUNIT_CASE(ed25519_bad_public_keys),
	KUNIT_CASE(ed25519_bad_r),
	KUNIT_CASE(ed25519_speed),
	{}
};

static struct kunit_suite ed25519_kunit_suite = {
	.name = "ed25519",
	.test_cases = ed25519_kunit_cases,
};
kunit_test_suite(ed25519_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for Ed25519 signature verification");
MODULE_LICENSE("GPL");
