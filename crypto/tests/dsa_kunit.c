// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/dsa.c: OpenSSL-generated vectors (see
 * tests/vectors/gen-dsa-rsa-vectors.sh) and the edge cases around them.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/dsa.h>
#include <crypto/mont.h>

#include "dsa_kunit_vectors.h"

static struct dsa_pub_key raw_key(const struct dsa_kunit_vector *v)
{
	return (struct dsa_pub_key){
		.p = v->p, .q = v->q, .g = v->g, .y = v->y,
		.p_len = v->p_len, .q_len = v->q_len, .g_len = v->g_len, .y_len = v->y_len,
	};
}

/*
 * The verification cases run twice: on the plain key and on the key with
 * its fixed-base tables (dsa_precompute()), which pgp_pubkey_prepare() builds
 * for a key that verifies many signatures.
 */
static const bool dsa_modes[] = { false, true };

static void dsa_mode_desc(const bool *precomputed, char *desc)
{
	strscpy(desc, *precomputed ? "precomputed" : "plain", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(dsa_mode, dsa_modes, dsa_mode_desc);

static void free_precomp(void *pre)
{
	dsa_precomp_free(pre);
}

static struct dsa_precomp *precompute(struct kunit *test, const struct dsa_pub_key *key)
{
	struct dsa_precomp *pre = dsa_precompute(key);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pre);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, free_precomp, pre), 0);
	return pre;
}

/* @key with tables built from its current values if the case asks for them */
static struct dsa_pub_key with_mode(struct kunit *test, struct dsa_pub_key key)
{
	const bool *precomputed = test->param_value;

	key.pre = NULL;
	if (precomputed && *precomputed)
		key.pre = precompute(test, &key);
	return key;
}

static struct dsa_pub_key vec_key(struct kunit *test, const struct dsa_kunit_vector *v)
{
	return with_mode(test, raw_key(v));
}

static int vec_verify(const struct dsa_kunit_vector *v, const struct dsa_pub_key *key)
{
	return dsa_verify(key, v->digest, v->digest_len, v->r, v->r_len, v->s, v->s_len);
}

static u8 *dup(struct kunit *test, const u8 *src, size_t len, size_t extra)
{
	u8 *p = kunit_kzalloc(test, len + extra, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	memcpy(p + extra, src, len);
	return p;
}

/* r = a + b, big-endian, a of alen bytes, b of blen <= alen bytes; returns the carry */
static unsigned int add_be(u8 *r, const u8 *a, size_t alen, const u8 *b, size_t blen)
{
	unsigned int c = 0;

	while (alen--) {
		c += a[alen] + (blen ? b[--blen] : 0);
		r[alen] = c & 0xff;
		c >>= 8;
	}
	return c;
}

/* x + q as a new big-endian string */
static u8 *plus_q(struct kunit *test, const struct dsa_kunit_vector *v, const u8 *x,
		  size_t xlen, size_t *len)
{
	size_t ml = max(v->q_len, xlen);
	u8 *out = kunit_kzalloc(test, ml + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, out);
	if (v->q_len >= xlen)
		out[0] = add_be(out + 1, v->q, v->q_len, x, xlen);
	else
		out[0] = add_be(out + 1, x, xlen, v->q, v->q_len);
	*len = ml + 1;
	return out;
}

/* Bytes of the digest that count: the leftmost N bits, N = bit length of q. */
static size_t used_digest_bytes(const struct dsa_kunit_vector *v)
{
	size_t q = v->q_len;
	const u8 *p = v->q;

	while (q && !*p) {
		p++;
		q--;
	}
	return min(v->digest_len, q);
}

static void dsa_vectors_valid(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = vec_key(test, v);

		KUNIT_EXPECT_EQ_MSG(test, dsa_check_key(&key), 0, "%s", v->name);
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, &key), 0, "%s", v->name);
	}
}

static void dsa_flipped_bits(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = vec_key(test, v);
		size_t used = used_digest_bytes(v);
		u8 *d = dup(test, v->digest, v->digest_len, 0);
		u8 *r = dup(test, v->r, v->r_len, 0);
		u8 *s = dup(test, v->s, v->s_len, 0);

		d[0] ^= 0x80;
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, d, v->digest_len, v->r, v->r_len,
						     v->s, v->s_len), -EKEYREJECTED,
				    "%s: first digest bit", v->name);
		d[0] ^= 0x80;
		d[used - 1] ^= 0x01;
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, d, v->digest_len, v->r, v->r_len,
						     v->s, v->s_len), -EKEYREJECTED,
				    "%s: last used digest bit", v->name);
		d[used - 1] ^= 0x01;
		r[v->r_len / 2] ^= 0x10;
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, d, v->digest_len, r, v->r_len,
						     v->s, v->s_len), -EKEYREJECTED,
				    "%s: flipped r", v->name);
		s[v->s_len - 1] ^= 0x01;
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, d, v->digest_len, v->r, v->r_len,
						     s, v->s_len), -EKEYREJECTED,
				    "%s: flipped s", v->name);
		/* digest bits beyond N do not count (FIPS 186-4 4.6) */
		if (v->digest_len > used) {
			d[v->digest_len - 1] ^= 0xff;
			KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, d, v->digest_len, v->r,
							     v->r_len, v->s, v->s_len), 0,
					    "%s: bits past N", v->name);
		}
	}
}

static void dsa_truncated_digest(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = vec_key(test, v);
		size_t used = used_digest_bytes(v);

		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, v->digest, used - 1, v->r, v->r_len,
						     v->s, v->s_len), -EKEYREJECTED,
				    "%s: digest cut by one byte", v->name);
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, v->digest, 0, v->r, v->r_len,
						     v->s, v->s_len), -EKEYREJECTED,
				    "%s: empty digest", v->name);
		/* the leftmost N bits alone are the same z */
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, v->digest, used, v->r, v->r_len,
						     v->s, v->s_len), 0,
				    "%s: digest cut to N bits", v->name);
	}
}

static void dsa_r_s_range(struct kunit *test)
{
	static const u8 zero[1], one[1] = { 1 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = vec_key(test, v);
		const u8 *dg = v->digest;
		size_t dl = v->digest_len;
		u8 *big = dup(test, v->q, v->q_len, 1);	/* 2^(8 q_len) + q > q */
		u8 *qm1 = dup(test, v->q, v->q_len, 0);	/* q - 1: in range, wrong */
		u8 *rz = dup(test, v->r, v->r_len, 8);	/* r with leading zeros */
		size_t rq_len, sq_len;
		u8 *rq, *sq;

		big[0] = 1;
		qm1[v->q_len - 1] -= 1;		/* q is odd: no borrow */

		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, zero, 1, v->s, v->s_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, zero, 0, v->s, v->s_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, v->r, v->r_len, zero, 1),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, v->q, v->q_len, v->s, v->s_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, v->r, v->r_len, v->q, v->q_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, big, v->q_len + 1, v->s, v->s_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, v->r, v->r_len, big, v->q_len + 1),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, qm1, v->q_len, v->s, v->s_len),
				-EKEYREJECTED);
		KUNIT_EXPECT_EQ(test, dsa_verify(&key, dg, dl, one, 1, one, 1), -EKEYREJECTED);
		/* r + q and s + q: same residues, only the range checks refuse them */
		rq = plus_q(test, v, v->r, v->r_len, &rq_len);
		sq = plus_q(test, v, v->s, v->s_len, &sq_len);
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, dg, dl, rq, rq_len, v->s, v->s_len),
				    -EKEYREJECTED, "%s: r + q", v->name);
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, dg, dl, v->r, v->r_len, sq, sq_len),
				    -EKEYREJECTED, "%s: s + q", v->name);
		KUNIT_EXPECT_EQ_MSG(test, dsa_verify(&key, dg, dl, rz, v->r_len + 8,
						     v->s, v->s_len),
				    0, "%s: r with leading zero bytes", v->name);
	}
}

static void dsa_wrong_key(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		const struct dsa_kunit_vector *w =
			&dsa_kunit_vectors[(i + 1) % ARRAY_SIZE(dsa_kunit_vectors)];
		struct dsa_pub_key key;

		/* y = g is a well-formed key, just not the signer's */
		key = raw_key(v);
		key.y = v->g;
		key.y_len = v->g_len;
		key = with_mode(test, key);
		KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, &key), -EKEYREJECTED, "%s", v->name);
		/* another vector's key (other domain parameters or other y) */
		key = vec_key(test, w);
		if (w->y_len != v->y_len || memcmp(w->y, v->y, v->y_len))
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(v, &key), -EKEYREJECTED,
					    "%s with the key of %s", v->name, w->name);
	}
}

static void dsa_bad_keys(struct kunit *test)
{
	static const u8 one[1] = { 1 }, zero[1];
	const struct dsa_kunit_vector *v;
	struct dsa_pub_key key;
	u8 *even;

	v = &dsa_kunit_vectors[ARRAY_SIZE(dsa_kunit_vectors) - 1];
	key = raw_key(v);
	key.g = one;
	key.g_len = 1;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dsa_precompute(&key)), -EINVAL);
	key.g = zero;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key = raw_key(v);
	key.g = v->p;
	key.g_len = v->p_len;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key = raw_key(v);
	key.y = one;
	key.y_len = 1;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key.y = v->p;
	key.y_len = v->p_len;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key = raw_key(v);
	key.q = v->p;
	key.q_len = v->p_len;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key = raw_key(v);
	key.q_len = 0;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	key = raw_key(v);
	even = dup(test, v->p, v->p_len, 0);
	even[v->p_len - 1] &= ~1;
	key.p = even;
	KUNIT_EXPECT_EQ(test, dsa_check_key(&key), -EINVAL);
	KUNIT_EXPECT_EQ(test, vec_verify(v, &key), -EINVAL);
}

/* Not a timed assertion: prints the cost of one verification. */
static void dsa_speed(struct kunit *test)
{
	const int iters = 10;
	size_t i;
	int j;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = vec_key(test, v);
		u64 t0 = ktime_get_ns();

		for (j = 0; j < iters; j++)
			KUNIT_EXPECT_EQ(test, vec_verify(v, &key), 0);
		kunit_info(test, "%s%s: %llu us per verify\n", v->name,
			   key.pre ? " (precomputed)" : "",
			   div_u64(ktime_get_ns() - t0, iters * 1000));
		if (key.pre) {
			struct dsa_pub_key raw = raw_key(v);
			struct dsa_precomp *pre;

			t0 = ktime_get_ns();
			pre = dsa_precompute(&raw);
			t0 = ktime_get_ns() - t0;
			KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pre);
			kunit_info(test, "%s: tables of %zu KiB in %llu us\n", v->name,
				   dsa_precomp_size(pre) / 1024, div_u64(t0, 1000));
			dsa_precomp_free(pre);
		}
	}
}

/* Tables of one key never serve another: a size mismatch is refused. */
static void dsa_precomp_mismatch(struct kunit *test)
{
	const struct dsa_kunit_vector *small = &dsa_kunit_vectors[0];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dsa_kunit_vectors); i++) {
		const struct dsa_kunit_vector *v = &dsa_kunit_vectors[i];
		struct dsa_pub_key key = raw_key(v);
		struct dsa_pub_key other = raw_key(small);

		key.pre = precompute(test, &key);
		KUNIT_EXPECT_LE_MSG(test, dsa_precomp_size(key.pre), (size_t)SZ_256K,
				    "%s", v->name);
		other.pre = key.pre;
		if (mont_bits(v->p, v->p_len) != mont_bits(small->p, small->p_len) ||
		    mont_bits(v->q, v->q_len) != mont_bits(small->q, small->q_len))
			KUNIT_EXPECT_EQ_MSG(test, vec_verify(small, &other), -EINVAL,
					    "%s tables on %s", v->name, small->name);
	}
}

static struct kunit_case dsa_kunit_cases[] = {
	KUNIT_CASE_PARAM(dsa_vectors_valid, dsa_mode_gen_params),
	KUNIT_CASE_PARAM(dsa_flipped_bits, dsa_mode_gen_params),
	KUNIT_CASE_PARAM(dsa_truncated_digest, dsa_mode_gen_params),
	KUNIT_CASE_PARAM(dsa_r_s_range, dsa_mode_gen_params),
	KUNIT_CASE_PARAM(dsa_wrong_key, dsa_mode_gen_params),
	KUNIT_CASE(dsa_bad_keys),
	KUNIT_CASE(dsa_precomp_mismatch),
	KUNIT_CASE_PARAM(dsa_speed, dsa_mode_gen_params),
	{}
};

static struct kunit_suite dsa_kunit_suite = {
	.name = "dsa",
	.test_cases = dsa_kunit_cases,
};
kunit_test_suite(dsa_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for DSA signature verification");
MODULE_LICENSE("GPL");
