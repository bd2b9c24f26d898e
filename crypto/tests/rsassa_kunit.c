// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/rsassa.c: OpenSSL-generated signatures, hand-built
 * bad encodings signed with the raw private operation (see
 * tests/vectors/gen-dsa-rsa-vectors.sh), and edge cases derived from them.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/hash_info.h>
#include <crypto/rsassa.h>

#include "rsassa_kunit_vectors.h"

#define RSASSA_VEC_END (rsassa_kunit_vectors + ARRAY_SIZE(rsassa_kunit_vectors))

static struct rsa_pub_key_raw vec_key(const struct rsassa_kunit_vector *v)
{
	return (struct rsa_pub_key_raw){ .n = v->n, .e = v->e,
					 .n_len = v->n_len, .e_len = v->e_len };
}

static int vec_verify(const struct rsassa_kunit_vector *v, const struct rsa_pub_key_raw *key)
{
	return rsassa_pkcs1_verify(key, v->hash, v->digest, v->digest_len, v->sig, v->sig_len);
}

/* s + n as a big-endian string of max(sig_len, n_len) + 1 bytes */
static u8 *plus_n(struct kunit *test, const struct rsassa_kunit_vector *v, size_t *len)
{
	size_t ml = max(v->sig_len, v->n_len), i;
	u8 *out = kunit_kzalloc(test, ml + 1, GFP_KERNEL);
	unsigned int c = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, out);
	for (i = 0; i < ml; i++) {
		c += (i < v->sig_len ? v->sig[v->sig_len - 1 - i] : 0) +
		     (i < v->n_len ? v->n[v->n_len - 1 - i] : 0);
		out[ml - i] = c & 0xff;
		c >>= 8;
	}
	out[0] = c;
	*len = ml + 1;
	return out;
}

/* bit length of a big-endian string */
static size_t be_bits(const u8 *p, size_t len)
{
	size_t bits = 8 * len;
	u8 top;

	while (len && !*p) {
		p++;
		len--;
		bits -= 8;
	}
	if (!len)
		return 0;
	for (top = *p; !(top & 0x80); top <<= 1)
		bits--;
	return bits;
}

static u8 *dup(struct kunit *test, const u8 *src, size_t len, size_t extra)
{
	u8 *p = kunit_kzalloc(test, len + extra, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	memcpy(p + extra, src, len);
	return p;
}

/* Every vector gives its expected result: good signatures and bad encodings. */
static void rsassa_vectors(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rsassa_kunit_vectors); i++) {
		const struct rsassa_kunit_vector *v = &rsassa_kunit_vectors[i];
		struct rsa_pub_key_raw key = vec_key(v);

		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, &key), v->expect, "%s", v->name);
	}
}

static void rsassa_flipped_bits(struct kunit *test)
{
	const struct rsassa_kunit_vector *v;

	for (v = rsassa_kunit_vectors; v < RSASSA_VEC_END; v++) {
		struct rsa_pub_key_raw key = vec_key(v);
		u8 *sig = dup(test, v->sig, v->sig_len, 0);
		u8 *dg = dup(test, v->digest, v->digest_len, 0);

		if (v->expect)
			continue;
		sig[v->sig_len - 1] ^= 0x01;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, sig, v->sig_len),
				    -EKEYREJECTED, "%s: last signature bit", v->name);
		sig[v->sig_len - 1] ^= 0x01;
		sig[v->sig_len / 2] ^= 0x40;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, sig, v->sig_len),
				    -EKEYREJECTED, "%s: middle signature bit", v->name);
		dg[0] ^= 0x80;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, dg, v->digest_len,
							      v->sig, v->sig_len),
				    -EKEYREJECTED, "%s: first digest bit", v->name);
		dg[0] ^= 0x80;
		dg[v->digest_len - 1] ^= 0x01;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, dg, v->digest_len,
							      v->sig, v->sig_len),
				    -EKEYREJECTED, "%s: last digest bit", v->name);
	}
}

static void rsassa_wrong_hash(struct kunit *test)
{
	const struct rsassa_kunit_vector *v;

	for (v = rsassa_kunit_vectors; v < RSASSA_VEC_END; v++) {
		struct rsa_pub_key_raw key = vec_key(v);
		enum hash_algo other = v->hash == HASH_ALGO_SHA256 ? HASH_ALGO_SHA224 :
								      HASH_ALGO_SHA384;

		if (v->expect)
			continue;
		/* the right digest cut to another hash's length, with its DigestInfo */
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, other, v->digest,
							      hash_digest_size[other],
							      v->sig, v->sig_len),
				    -EKEYREJECTED, "%s as %s", v->name, hash_algo_name[other]);
		/* a truncated digest for the right hash is a caller error */
		KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							  v->digest_len - 1, v->sig, v->sig_len),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, HASH_ALGO_MD5, v->digest, 16,
							  v->sig, v->sig_len), -ENOPKG);
		KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, HASH_ALGO_SHA3_256, v->digest, 32,
							  v->sig, v->sig_len), -ENOPKG);
		KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, HASH_ALGO__LAST, v->digest, 32,
							  v->sig, v->sig_len), -ENOPKG);
	}
}

static void rsassa_s_range(struct kunit *test)
{
	const struct rsassa_kunit_vector *v;
	int spn_tested = 0;	/* vectors where s + n is as long as n */

	for (v = rsassa_kunit_vectors; v < RSASSA_VEC_END; v++) {
		struct rsa_pub_key_raw key = vec_key(v);
		u8 *np1 = dup(test, v->n, v->n_len, 0);
		u8 *longer = dup(test, v->sig, v->sig_len, 1);
		u8 *padded = dup(test, v->sig, v->sig_len, 4);
		size_t z = 0, spn_len;
		u8 *spn;

		if (v->expect)
			continue;
		np1[v->n_len - 1] += 1;		/* n is odd: n + 1 without carry */
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, v->n, v->n_len),
				    -EKEYREJECTED, "%s: s = n", v->name);
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, np1, v->n_len),
				    -EKEYREJECTED, "%s: s = n + 1", v->name);
		/* s + n: the same residue, so only the s < n check refuses it */
		spn = plus_n(test, v, &spn_len);
		if (be_bits(spn, spn_len) == be_bits(v->n, v->n_len))
			spn_tested++;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, spn, spn_len),
				    -EKEYREJECTED, "%s: s + n", v->name);
		longer[0] = 1;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, longer,
							      v->sig_len + 1),
				    -EKEYREJECTED, "%s: one octet longer than n", v->name);
		/* leading zeros added or stripped (OpenPGP MPIs) do not matter */
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, padded,
							      v->sig_len + 4),
				    0, "%s: zero-padded signature", v->name);
		while (z < v->sig_len && !v->sig[z])
			z++;
		KUNIT_EXPECT_EQ_MSG(test, rsassa_pkcs1_verify(&key, v->hash, v->digest,
							      v->digest_len, v->sig + z,
							      v->sig_len - z),
				    0, "%s: stripped signature", v->name);
		KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, v->hash, v->digest, v->digest_len,
							  v->sig, 0), -EKEYREJECTED);
	}
	/* the checked-in vectors include such cases: the check above had teeth */
	kunit_info(test, "s + n as long as n for %d vectors\n", spn_tested);
	KUNIT_EXPECT_TRUE(test, spn_tested > 0);
}

static void rsassa_wrong_key(struct kunit *test)
{
	const struct rsassa_kunit_vector *v, *w;

	for (v = rsassa_kunit_vectors; v < RSASSA_VEC_END; v++) {
		for (w = rsassa_kunit_vectors; w < RSASSA_VEC_END; w++) {
			struct rsa_pub_key_raw key = vec_key(w);

			if (v->expect || w->expect || w->n == v->n)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, &key), -EKEYREJECTED,
					    "%s with the key of %s", v->name, w->name);
		}
	}
}

static void rsassa_bad_keys(struct kunit *test)
{
	const struct rsassa_kunit_vector *v = &rsassa_kunit_vectors[0];
	static const u8 zero[1], one[1] = { 1 }, two[1] = { 2 }, dg512[64];
	struct rsa_pub_key_raw key = vec_key(v);
	u8 *even;

	key.e = one;
	key.e_len = 1;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key.e = two;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key.e = zero;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key.e_len = 0;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key.e = v->n;			/* e = n */
	key.e_len = v->n_len;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key = vec_key(v);
	even = dup(test, v->n, v->n_len, 0);
	even[v->n_len - 1] ^= 1;
	key.n = even;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	key.n_len = 0;
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	/* 64 octets of n cannot hold a SHA-512 encoding (needs 94) */
	key.n = v->n + v->n_len - 64;
	key.n_len = 64;
	KUNIT_EXPECT_EQ(test, rsassa_pkcs1_verify(&key, HASH_ALGO_SHA512, dg512, 64,
						  v->sig, 1), -EKEYREJECTED);
}

/* Not a timed assertion: prints the cost of one verification. */
static void rsassa_speed(struct kunit *test)
{
	const struct rsassa_kunit_vector *v;
	const int iters = 20;
	int j;

	for (v = rsassa_kunit_vectors; v < RSASSA_VEC_END; v++) {
		struct rsa_pub_key_raw key = vec_key(v);
		u64 t0 = ktime_get_ns();

		if (v->expect)
			continue;
		for (j = 0; j < iters; j++)
			KUNIT_EXPECT_EQ(test, vec_verify(v, &key), 0);
		kunit_info(test, "%s: %llu us per verify\n", v->name,
			   div_u64(ktime_get_ns() - t0, iters * 1000));
	}
}

static struct kunit_case rsassa_kunit_cases[] = {
	KUNIT_CASE(rsassa_vectors),
	KUNIT_CASE(rsassa_flipped_bits),
	KUNIT_CASE(rsassa_wrong_hash),
	KUNIT_CASE(rsassa_s_range),
	KUNIT_CASE(rsassa_wrong_key),
	KUNIT_CASE(rsassa_bad_keys),
	KUNIT_CASE(rsassa_speed),
	{}
};

static struct kunit_suite rsassa_kunit_suite = {
	.name = "rsassa_pkcs1",
	.test_cases = rsassa_kunit_cases,
};
kunit_test_suite(rsassa_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for RSASSA-PKCS1-v1_5 signature verification");
MODULE_LICENSE("GPL");
