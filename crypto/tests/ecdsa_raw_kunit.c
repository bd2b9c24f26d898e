// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/ecdsa_raw.c: OpenSSL-generated P-256, P-384 and
 * P-521 vectors (see tests/vectors/gen-ecdsa-vectors.sh) and the edge cases
 * around them: r or s zero, equal to or above n, too long, altered bits,
 * malformed, foreign and off-curve points, the wrong curve.
 */
#include <kunit/test.h>
#include <linux/crypto.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/ecdsa_raw.h>

#include "ecdsa_raw_kunit_vectors.h"

/* FIPS 186-4 appendix D.1.2.3 to D.1.2.5: field prime p and group order n */
static const u8 p256_p[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

static const u8 p256_n[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
	0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
};

static const u8 p384_p[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
};

static const u8 p384_n[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2,
	0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73,
};

/* p = 2^521 - 1 */
static const u8 p521_p[66] = {
	0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

static const u8 p521_n[66] = {
	0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa, 0x51, 0x86,
	0x87, 0x83, 0xbf, 0x2f, 0x96, 0x6b, 0x7f, 0xcc, 0x01, 0x48, 0xf7, 0x09,
	0xa5, 0xd0, 0x3b, 0xb5, 0xc9, 0xb8, 0x89, 0x9c, 0x47, 0xae, 0xbb, 0x6f,
	0xb7, 0x1e, 0x91, 0x38, 0x64, 0x09,
};

static const struct {
	size_t bytes;
	const u8 *p, *n;
} curves[] = {
	[ECDSA_RAW_P256] = { 32, p256_p, p256_n },
	[ECDSA_RAW_P384] = { 48, p384_p, p384_n },
	[ECDSA_RAW_P521] = { 66, p521_p, p521_n },
};

static size_t curve_bytes(const struct ecdsa_raw_kunit_vector *v)
{
	return curves[v->curve].bytes;
}

static const u8 *curve_n(const struct ecdsa_raw_kunit_vector *v)
{
	return curves[v->curve].n;
}

static const u8 *curve_p(const struct ecdsa_raw_kunit_vector *v)
{
	return curves[v->curve].p;
}

static int verify_with(const struct ecdsa_raw_kunit_vector *v, const u8 *point,
		       size_t point_len, const u8 *digest, size_t digest_len,
		       const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	return ecdsa_raw_verify(v->curve, point, point_len, digest, digest_len,
				r, r_len, s, s_len);
}

static int verify_vec(const struct ecdsa_raw_kunit_vector *v)
{
	return verify_with(v, v->point, v->point_len, v->digest, v->digest_len,
			   v->r, v->r_len, v->s, v->s_len);
}

/* Copy of @src (@len bytes) after @extra zero bytes, freed by KUnit. */
static u8 *dup(struct kunit *test, const u8 *src, size_t len, size_t extra)
{
	u8 *p = kunit_kzalloc(test, len + extra, GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, p);
	memcpy(p + extra, src, len);
	return p;
}

/* out = a - b, big-endian, len bytes, a >= b */
static void be_sub(u8 *out, const u8 *a, const u8 *b, size_t len)
{
	int borrow = 0;
	size_t i;

	for (i = len; i-- > 0;) {
		int d = a[i] - b[i] - borrow;

		borrow = d < 0;
		out[i] = d & 0xff;
	}
}

/* Right-align the big-endian @v (@len <= @size bytes) in a new @size buffer. */
static u8 *widen(struct kunit *test, const u8 *v, size_t len, size_t size)
{
	KUNIT_ASSERT_LE(test, len, size);
	return dup(test, v, len, size - len);
}

/*
 * Whether the kernel's ECDSA offers the vector's curve (P-521 came later
 * than P-256 and P-384).  A curve it does not offer makes ecdsa_raw_verify()
 * return -ENOPKG for everything, so its vectors are left out; a curve it
 * offers is tested in full, whatever ecdsa_raw_verify() returns.
 */
static bool offered(struct kunit *test, const struct ecdsa_raw_kunit_vector *v)
{
	static const char * const alg[] = {
		[ECDSA_RAW_P256] = "ecdsa-nist-p256",
		[ECDSA_RAW_P384] = "ecdsa-nist-p384",
		[ECDSA_RAW_P521] = "ecdsa-nist-p521",
	};

	if (crypto_has_alg(alg[v->curve], 0, 0))
		return true;
	kunit_info(test, "%s: this kernel has no %s, vector left out\n", v->name,
		   alg[v->curve]);
	return false;
}

static void ecdsa_raw_vectors_valid(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];

		if (!offered(test, v))
			continue;

		KUNIT_EXPECT_EQ_MSG(test, verify_vec(v), 0, "%s", v->name);
	}
}

/* The generator must have produced an r or s shorter than the order. */
static void ecdsa_raw_short_mpi(struct kunit *test)
{
	const struct ecdsa_raw_kunit_vector *v = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++)
		if (!strcmp(ecdsa_raw_kunit_vectors[i].name, "p256-sha256-short"))
			v = &ecdsa_raw_kunit_vectors[i];
	KUNIT_ASSERT_NOT_NULL(test, v);
	KUNIT_EXPECT_TRUE(test, v->r_len < 32 || v->s_len < 32);
	KUNIT_EXPECT_NE(test, v->r[0], 0);
	KUNIT_EXPECT_NE(test, v->s[0], 0);
	KUNIT_EXPECT_EQ(test, verify_vec(v), 0);
}

/* r and s with their leading zero bytes restored, or more of them */
static void ecdsa_raw_leading_zeros(struct kunit *test)
{
	size_t i, extra;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t nb = curve_bytes(v);

		if (!offered(test, v))
			continue;

		for (extra = 0; extra <= 3; extra++) {
			u8 *r = widen(test, v->r, v->r_len, nb + extra);
			u8 *s = widen(test, v->s, v->s_len, nb + extra);

			KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,
							      v->digest, v->digest_len,
							      r, nb + extra, s, nb + extra),
					    0, "%s +%zu", v->name, extra);
			KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,
							      v->digest, v->digest_len,
							      v->r, v->r_len, s, nb + extra),
					    0, "%s s +%zu", v->name, extra);
		}
	}
}

/* (r, n - s) is the other valid signature of the same digest (ECDSA malleability) */
static void ecdsa_raw_negated_s(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t nb = curve_bytes(v);
		u8 *s = widen(test, v->s, v->s_len, nb);

		if (!offered(test, v))
			continue;

		be_sub(s, curve_n(v), s, nb);
		KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len, v->digest,
						      v->digest_len, v->r, v->r_len, s, nb),
				    0, "%s", v->name);
	}
}

static void ecdsa_raw_flipped_bits(struct kunit *test)
{
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t used = min(v->digest_len, curve_bytes(v));
		size_t pos[3];

		if (!offered(test, v))
			continue;

		for (k = 0; k < 3; k++) {
			u8 *r = dup(test, v->r, v->r_len, 0);
			u8 *s = dup(test, v->s, v->s_len, 0);
			u8 *d = dup(test, v->digest, v->digest_len, 0);
			u8 bit = 1 << ((k * 3 + i) % 8);

			pos[0] = 0;
			pos[1] = v->r_len / 2;
			pos[2] = v->r_len - 1;
			r[pos[k]] ^= bit;
			KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,
							      v->digest, v->digest_len,
							      r, v->r_len, v->s, v->s_len),
					    -EKEYREJECTED, "%s r[%zu]", v->name, pos[k]);
			pos[1] = v->s_len / 2;
			pos[2] = v->s_len - 1;
			s[pos[k]] ^= bit;
			KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,
							      v->digest, v->digest_len,
							      v->r, v->r_len, s, v->s_len),
					    -EKEYREJECTED, "%s s[%zu]", v->name, pos[k]);
			pos[1] = used / 2;
			pos[2] = used - 1;
			d[pos[k]] ^= bit;
			KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,
							      d, v->digest_len,
							      v->r, v->r_len, v->s, v->s_len),
					    -EKEYREJECTED, "%s digest[%zu]", v->name, pos[k]);
		}
	}
}

/* Digest bytes beyond the size of n are not part of the signed value. */
static void ecdsa_raw_digest_truncation(struct kunit *test)
{
	size_t i, checked = 0;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t nb = curve_bytes(v);
		u8 *d;

		if (v->digest_len <= nb || !offered(test, v))
			continue;
		d = dup(test, v->digest, v->digest_len, 0);
		d[nb] ^= 0x80;
		d[v->digest_len - 1] ^= 0x01;
		KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len, d,
						      v->digest_len, v->r, v->r_len,
						      v->s, v->s_len),
				    0, "%s", v->name);
		/* and a digest cut to the size of n is the same signed value */
		KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len, v->digest,
						      nb, v->r, v->r_len, v->s, v->s_len),
				    0, "%s cut", v->name);
		checked++;
	}
	KUNIT_EXPECT_GE(test, checked, 2);
}

static void ecdsa_raw_digest_length(struct kunit *test)
{
	const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[0];
	u8 *d = dup(test, v->digest, v->digest_len, 64);

	KUNIT_EXPECT_EQ(test, verify_with(v, v->point, v->point_len, v->digest, 0,
					  v->r, v->r_len, v->s, v->s_len), -EINVAL);
	KUNIT_EXPECT_EQ(test, verify_with(v, v->point, v->point_len, d, 65,
					  v->r, v->r_len, v->s, v->s_len), -EINVAL);
	/* a shorter digest is a different value: the signature does not match */
	KUNIT_EXPECT_EQ(test, verify_with(v, v->point, v->point_len, v->digest,
					  v->digest_len - 1, v->r, v->r_len, v->s, v->s_len),
			-EKEYREJECTED);
}

static void ecdsa_raw_r_s_range(struct kunit *test)
{
	static const u8 zero[1], zeros[4];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t nb = curve_bytes(v);
		const u8 *n = curve_n(v);
		u8 *ff = kunit_kzalloc(test, nb + 1, GFP_KERNEL);
		u8 *n1 = dup(test, n, nb, 0);
		u8 *nm1 = dup(test, n, nb, 0);
		static const u8 one[1] = { 1 };

		if (!offered(test, v))
			continue;

		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ff);
		memset(ff, 0xff, nb + 1);
		n1[nb - 1]++;		/* n + 1 (n is odd: no carry) */
		nm1[nb - 1]--;		/* n - 1: in range, but not this signature */

#define CHECK_RS(rr, rl, ss, sl, want)						\
		KUNIT_EXPECT_EQ_MSG(test, verify_with(v, v->point, v->point_len,	\
						      v->digest, v->digest_len,	\
						      rr, rl, ss, sl),		\
				    want, "%s %s/%s", v->name, #rr, #ss)

		CHECK_RS(zero, 1, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(zeros, 4, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(zero, 0, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, zero, 1, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, zero, 0, -EKEYREJECTED);
		CHECK_RS(n, nb, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, n, nb, -EKEYREJECTED);
		CHECK_RS(n1, nb, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, n1, nb, -EKEYREJECTED);
		CHECK_RS(ff, nb, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, ff, nb, -EKEYREJECTED);
		/* one significant byte more than n */
		CHECK_RS(ff, nb + 1, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, ff, nb + 1, -EKEYREJECTED);
		/* in range, wrong value */
		CHECK_RS(one, 1, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, one, 1, -EKEYREJECTED);
		CHECK_RS(nm1, nb, v->s, v->s_len, -EKEYREJECTED);
		CHECK_RS(v->r, v->r_len, nm1, nb, -EKEYREJECTED);
		CHECK_RS(v->s, v->s_len, v->r, v->r_len, -EKEYREJECTED);
#undef CHECK_RS
	}
}

static void ecdsa_raw_bad_point(struct kunit *test)
{
	static const u8 bad_prefix[] = { 0x00, 0x02, 0x03, 0x06, 0x07, 0x40, 0xff };
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		size_t nb = curve_bytes(v), len = v->point_len;
		const char *what;
		u8 *pt;

		if (!offered(test, v))
			continue;

#define CHECK_PT(p, l, want)							\
		KUNIT_EXPECT_EQ_MSG(test, verify_with(v, p, l, v->digest,		\
						      v->digest_len, v->r, v->r_len,	\
						      v->s, v->s_len),		\
				    want, "%s %s", v->name, what)

		KUNIT_ASSERT_EQ(test, len, 1 + 2 * nb);

		what = "prefix";
		for (k = 0; k < ARRAY_SIZE(bad_prefix); k++) {
			pt = dup(test, v->point, len, 0);
			pt[0] = bad_prefix[k];
			CHECK_PT(pt, len, -EINVAL);
		}
		what = "no prefix";
		CHECK_PT(v->point + 1, len - 1, -EINVAL);
		what = "short";
		CHECK_PT(v->point, len - 1, -EINVAL);
		what = "long";
		pt = kunit_kzalloc(test, len + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pt);
		memcpy(pt, v->point, len);
		CHECK_PT(pt, len + 1, -EINVAL);
		what = "empty";
		CHECK_PT(v->point, 0, -EINVAL);
		what = "compressed length";
		pt = dup(test, v->point, 1 + nb, 0);
		pt[0] = 0x02;
		CHECK_PT(pt, 1 + nb, -EINVAL);

		what = "y flipped (off the curve)";
		pt = dup(test, v->point, len, 0);
		pt[len - 1] ^= 0x01;
		CHECK_PT(pt, len, -EINVAL);
		what = "x flipped (off the curve)";
		pt = dup(test, v->point, len, 0);
		pt[1 + nb / 2] ^= 0x10;
		CHECK_PT(pt, len, -EINVAL);
		what = "point at infinity";
		pt = kunit_kzalloc(test, len, GFP_KERNEL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pt);
		pt[0] = 0x04;
		CHECK_PT(pt, len, -EINVAL);
		what = "x = p";
		pt = dup(test, v->point, len, 0);
		memcpy(pt + 1, curve_p(v), nb);
		CHECK_PT(pt, len, -EINVAL);
		what = "y = p";
		pt = dup(test, v->point, len, 0);
		memcpy(pt + 1 + nb, curve_p(v), nb);
		CHECK_PT(pt, len, -EINVAL);

		/* (x, p - y) is on the curve: a valid key, but not the signer's */
		what = "negated key";
		pt = dup(test, v->point, len, 0);
		be_sub(pt + 1 + nb, curve_p(v), pt + 1 + nb, nb);
		CHECK_PT(pt, len, -EKEYREJECTED);
#undef CHECK_PT
	}
}

static void ecdsa_raw_wrong_curve(struct kunit *test)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		enum ecdsa_raw_curve other;

		for (other = ECDSA_RAW_P256; other <= ECDSA_RAW_P521; other++) {
			if (other == v->curve)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, ecdsa_raw_verify(other, v->point,
								   v->point_len, v->digest,
								   v->digest_len, v->r, v->r_len,
								   v->s, v->s_len),
					    -EINVAL, "%s as curve %d", v->name, other);
		}
		KUNIT_EXPECT_EQ_MSG(test, ecdsa_raw_verify((enum ecdsa_raw_curve)3,
							   v->point, v->point_len,
							   v->digest, v->digest_len,
							   v->r, v->r_len, v->s, v->s_len),
				    -ENOPKG, "%s", v->name);
		KUNIT_EXPECT_EQ_MSG(test, ecdsa_raw_verify((enum ecdsa_raw_curve)-1,
							   v->point, v->point_len,
							   v->digest, v->digest_len,
							   v->r, v->r_len, v->s, v->s_len),
				    -ENOPKG, "%s", v->name);
	}
}

/* Signature from one vector against another key of the same curve */
static void ecdsa_raw_cross(struct kunit *test)
{
	size_t i, j, checked = 0;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		if (!offered(test, &ecdsa_raw_kunit_vectors[i]))
			continue;
		for (j = 0; j < ARRAY_SIZE(ecdsa_raw_kunit_vectors); j++) {
			const struct ecdsa_raw_kunit_vector *a = &ecdsa_raw_kunit_vectors[i];
			const struct ecdsa_raw_kunit_vector *b = &ecdsa_raw_kunit_vectors[j];

			if (i == j || a->curve != b->curve)
				continue;
			/* b's signature over a's digest */
			KUNIT_EXPECT_EQ_MSG(test, verify_with(a, a->point, a->point_len,
							      a->digest, a->digest_len,
							      b->r, b->r_len, b->s, b->s_len),
					    -EKEYREJECTED, "%s with %s", a->name, b->name);
			checked++;
		}
	}
	KUNIT_EXPECT_GT(test, checked, 0);
}

static void ecdsa_raw_timing(struct kunit *test)
{
	size_t i, k;

	for (i = 0; i < ARRAY_SIZE(ecdsa_raw_kunit_vectors); i++) {
		const struct ecdsa_raw_kunit_vector *v = &ecdsa_raw_kunit_vectors[i];
		ktime_t t0 = ktime_get();
		int ret = 0;
		u64 ns;

		if (!offered(test, v))
			continue;

		for (k = 0; k < 10; k++)
			ret |= verify_vec(v);
		ns = ktime_to_ns(ktime_sub(ktime_get(), t0));
		KUNIT_EXPECT_EQ(test, ret, 0);
		kunit_info(test, "%s: %llu us per verification\n", v->name,
			   div_u64(ns, 10 * 1000));
	}
}

static struct kunit_case ecdsa_raw_test_cases[] = {
	KUNIT_CASE(ecdsa_raw_vectors_valid),
	KUNIT_CASE(ecdsa_raw_short_mpi),
	KUNIT_CASE(ecdsa_raw_leading_zeros),
	KUNIT_CASE(ecdsa_raw_negated_s),
	KUNIT_CASE(ecdsa_raw_flipped_bits),
	KUNIT_CASE(ecdsa_raw_digest_truncation),
	KUNIT_CASE(ecdsa_raw_digest_length),
	KUNIT_CASE(ecdsa_raw_r_s_range),
	KUNIT_CASE(ecdsa_raw_bad_point),
	KUNIT_CASE(ecdsa_raw_wrong_curve),
	KUNIT_CASE(ecdsa_raw_cross),
	KUNIT_CASE(ecdsa_raw_timing),
	{}
};

static struct kunit_suite ecdsa_raw_test_suite = {
	.name = "ecdsa_raw",
	.test_cases = ecdsa_raw_test_cases,
};

kunit_test_suite(ecdsa_raw_test_suite);

MODULE_DESCRIPTION("KUnit tests for ECDSA verification on raw values");
MODULE_LICENSE("GPL");
