// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/shake.c: NIST's FIPS 202 example values (4096 bits
 * of output: many squeezed blocks; the 1600-bit message: more than one
 * absorbed block), OpenSSL-made outputs for every input length around the
 * block sizes (tests/vectors/gen-shake-vectors.sh), and the same outputs
 * absorbed and squeezed in pieces of every size.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/shake.h>

#include "shake_kunit_vectors.h"

#define SHAKE_KUNIT_MAX_IN	400

static void vec_input(const struct shake_kunit_vector *v, u8 *in)
{
	unsigned int i;

	for (i = 0; i < v->in_len; i++)
		in[i] = v->a3 ? 0xa3 : i % 251;
}

static void vec_init(const struct shake_kunit_vector *v, struct shake_ctx *ctx)
{
	if (v->bits == 128)
		shake128_init(ctx);
	else
		shake256_init(ctx);
}

/* One call each: shake128() / shake256() */
static void shake_vectors_one_shot(struct kunit *test)
{
	u8 *in = kunit_kzalloc(test, SHAKE_KUNIT_MAX_IN, GFP_KERNEL);
	u8 *out = kunit_kzalloc(test, 513, GFP_KERNEL);
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < ARRAY_SIZE(shake_kunit_vectors); i++) {
		const struct shake_kunit_vector *v = &shake_kunit_vectors[i];

		KUNIT_ASSERT_LE(test, v->in_len, SHAKE_KUNIT_MAX_IN);
		KUNIT_ASSERT_LE(test, v->out_len, 512);
		vec_input(v, in);
		memset(out, 0x5a, 513);
		if (v->bits == 128)
			shake128(in, v->in_len, out, v->out_len);
		else
			shake256(in, v->in_len, out, v->out_len);
		KUNIT_EXPECT_TRUE_MSG(test, !memcmp(out, v->out, v->out_len), "%s", v->name);
		KUNIT_EXPECT_EQ_MSG(test, out[v->out_len], 0x5a, "%s: wrote past the end",
				    v->name);
	}
}

/* The input absorbed in pieces of n bytes, n = 1, 2, 3, ..., 201 */
static void shake_incremental_absorb(struct kunit *test)
{
	u8 *in = kunit_kzalloc(test, SHAKE_KUNIT_MAX_IN, GFP_KERNEL);
	u8 *out = kunit_kzalloc(test, 512, GFP_KERNEL);
	struct shake_ctx ctx;
	unsigned int n, off;
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < ARRAY_SIZE(shake_kunit_vectors); i++) {
		const struct shake_kunit_vector *v = &shake_kunit_vectors[i];
		int bad = 0;

		vec_input(v, in);
		for (n = 1; n <= 201; n++) {
			vec_init(v, &ctx);
			for (off = 0; off < v->in_len; off += n) {
				shake_absorb(&ctx, in + off, min(n, v->in_len - off));
				shake_absorb(&ctx, in, 0);	/* empty pieces change nothing */
			}
			shake_squeeze(&ctx, out, v->out_len);
			bad += !!memcmp(out, v->out, v->out_len);
		}
		KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%s: %d piece sizes give another output",
				    v->name, bad);
	}
}

/*
 * The output squeezed in pieces of n bytes, n = 1 .. 200, and in pieces of
 * varying sizes: the 4096 bits of the NIST examples cross many blocks.
 */
static void shake_incremental_squeeze(struct kunit *test)
{
	static const unsigned int sizes[] = { 1, 3, 7, 8, 9, 64, 135, 136, 137, 168, 169, 0 };
	u8 *in = kunit_kzalloc(test, SHAKE_KUNIT_MAX_IN, GFP_KERNEL);
	u8 *out = kunit_kzalloc(test, 512, GFP_KERNEL);
	struct shake_ctx ctx;
	unsigned int n, off, k;
	size_t i;

	KUNIT_ASSERT_NOT_NULL(test, in);
	KUNIT_ASSERT_NOT_NULL(test, out);
	for (i = 0; i < ARRAY_SIZE(shake_kunit_vectors); i++) {
		const struct shake_kunit_vector *v = &shake_kunit_vectors[i];
		int bad = 0;

		vec_input(v, in);
		for (n = 1; n <= 200; n++) {
			vec_init(v, &ctx);
			shake_absorb(&ctx, in, v->in_len);
			memset(out, 0, 512);
			for (off = 0; off < v->out_len; off += n)
				shake_squeeze(&ctx, out + off, min(n, v->out_len - off));
			bad += !!memcmp(out, v->out, v->out_len);
		}
		vec_init(v, &ctx);
		shake_absorb(&ctx, in, v->in_len);
		memset(out, 0, 512);
		for (off = 0, k = 0; off < v->out_len; k++) {
			n = min(sizes[k % ARRAY_SIZE(sizes)], v->out_len - off);
			shake_squeeze(&ctx, out + off, n);	/* n = 0: nothing */
			off += n;
		}
		bad += !!memcmp(out, v->out, v->out_len);
		KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%s: %d squeeze patterns give another output",
				    v->name, bad);
	}
}

/* SHAKE128 and SHAKE256 differ, and their output is a stream: a prefix of a longer one */
static void shake_prefix_and_domains(struct kunit *test)
{
	u8 a[200], b[200];

	shake128((const u8 *)"abc", 3, a, sizeof(a));
	shake128((const u8 *)"abc", 3, b, 33);
	KUNIT_EXPECT_TRUE(test, !memcmp(a, b, 33));
	shake256((const u8 *)"abc", 3, b, sizeof(b));
	KUNIT_EXPECT_TRUE(test, memcmp(a, b, sizeof(a)));
	shake128((const u8 *)"abd", 3, b, sizeof(b));
	KUNIT_EXPECT_TRUE(test, memcmp(a, b, sizeof(a)));
}

/* Not a timed assertion: prints the throughput of absorbing and squeezing. */
static void shake_speed(struct kunit *test)
{
	const size_t len = 64 * 1024;
	u8 *buf = kunit_kzalloc(test, len, GFP_KERNEL);
	struct shake_ctx ctx;
	u64 t0, t1, t2;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	t0 = ktime_get_ns();
	shake128_init(&ctx);
	shake_absorb(&ctx, buf, len);
	shake_squeeze(&ctx, buf, 32);
	t1 = ktime_get_ns();
	shake_squeeze(&ctx, buf, len);
	t2 = ktime_get_ns();
	kunit_info(test, "SHAKE128: absorb %llu MB/s, squeeze %llu MB/s\n",
		   div_u64(len * 1000ULL, max_t(u64, t1 - t0, 1)),
		   div_u64(len * 1000ULL, max_t(u64, t2 - t1, 1)));
}

static struct kunit_case shake_kunit_cases[] = {
	KUNIT_CASE(shake_vectors_one_shot),
	KUNIT_CASE(shake_incremental_absorb),
	KUNIT_CASE(shake_incremental_squeeze),
	KUNIT_CASE(shake_prefix_and_domains),
	KUNIT_CASE(shake_speed),
	{}
};

static struct kunit_suite shake_kunit_suite = {
	.name = "shake",
	.test_cases = shake_kunit_cases,
};
kunit_test_suite(shake_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for SHAKE128 and SHAKE256");
MODULE_LICENSE("GPL");
