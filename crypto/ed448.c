// SPDX-License-Identifier: GPL-2.0
/*
 * Ed448 signature verification, written from RFC 8032 section 5.2.
 *
 * Verification only: every input is public, so nothing here is constant
 * time.  The check is the cofactorless one, [S]B = R + [k]A, carried out as
 * "encode([S]B - [k]A) == R" on the encoded bytes; with the checks below
 * that means:
 *   - S must be below the group order L (RFC 8032 5.2.7 step 1), its 57
 *     bytes exactly;
 *   - A must be a canonical encoding (y < p, the unused bits of the last
 *     byte zero, no "negative zero") of a point on the curve that is not
 *     of small order (x or y zero: the four points of order 1, 2 and 4);
 *   - R must equal the canonical encoding of the computed point, so a
 *     non-canonical R never verifies.
 * k is SHAKE256(dom4(0, context) || R || A || M, 114) mod L, SHAKE256 from
 * crypto/shake.c.
 *
 * Field elements mod p = 2^448 - 2^224 - 1 are eight 56-bit limbs where
 * the compiler has a 128-bit type, otherwise sixteen 28-bit limbs with
 * 64-bit products (any 32-bit machine): the same code for both, with
 * Karatsuba's trick on the halves below and above 2^224, which the prime
 * makes cheap (2^448 = 2^224 + 1 mod p).  Points are extended Edwards
 * coordinates (X:Y:Z:T) with the unified formulas for a = 1 (complete,
 * since d is not a square).
 *
 * The double scalar multiplication is a sum of width-w NAF terms sharing
 * one doubling chain.  [S]B uses a fixed table of odd multiples of B,
 * [2^112]B, [2^224]B and [2^336]B (ed448_table.h); -A gets a table of its
 * odd multiples at each verification, and 447 doublings are shared by
 * both.  A key prepared with ed448_precompute() keeps tables of A and its
 * three multiples by 2^112 in affine coordinates: both scalars are then
 * cut into four 112-bit pieces and the chain is 113 doublings long.
 */

#define pr_fmt(fmt) "ed448: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/ed448.h>
#include <crypto/shake.h>

#include "ed448_table.h"

/* ---- field arithmetic mod p = 2^448 - 2^224 - 1 ---- */

/* 64x64->128 multiplication inline: see the same test in crypto/mont.c */
#if BITS_PER_LONG == 64 && (defined(CONFIG_ARCH_SUPPORTS_INT128) || defined(CONFIG_X86_64))
#define fe_limb		u64
#define fe_wide		u128
#define FE_LIMBS	8
#define FE_BITS		56
#else
#define fe_limb		u32
#define fe_wide		u64
#define FE_LIMBS	16
#define FE_BITS		28
#endif
#define FE_HALF		(FE_LIMBS / 2)		/* limb FE_HALF has the weight 2^224 */
#define FE_MASK		(((fe_limb)1 << FE_BITS) - 1)
#define FE_BYTES	56

/*
 * A field element: sum of v[i] 2^(FE_BITS i), not necessarily reduced.
 * Every function takes and returns "carried" elements: each limb below
 * 2^FE_BITS + 2^(FE_BITS / 2).
 */
struct fe {
	fe_limb v[FE_LIMBS];
};

/* h = v, v < 2^28 */
static void fe_small(struct fe *h, u32 v)
{
	memset(h, 0, sizeof(*h));
	h->v[0] = v;
}

/* Load 448 bits, little-endian. */
static void fe_frombytes(struct fe *h, const u8 *s)
{
	unsigned int i, k = 0, nb = 0;
	u64 acc = 0;

	for (i = 0; i < FE_LIMBS; i++) {
		while (nb < FE_BITS) {
			acc |= (u64)s[k++] << nb;
			nb += 8;
		}
		h->v[i] = acc & FE_MASK;
		acc >>= FE_BITS;
		nb -= FE_BITS;
	}
}

/*
 * One carry pass over limbs below 2^(limb width - 1): each limb below
 * 2^FE_BITS after it but limbs 0 and FE_HALF, which get the top carry
 * (2^448 = 2^224 + 1), a few bits at most.
 */
static void fe_carry(struct fe *h)
{
	fe_limb c;
	int i;

	for (i = 0; i < FE_LIMBS - 1; i++) {
		h->v[i + 1] += h->v[i] >> FE_BITS;
		h->v[i] &= FE_MASK;
	}
	c = h->v[FE_LIMBS - 1] >> FE_BITS;
	h->v[FE_LIMBS - 1] &= FE_MASK;
	h->v[0] += c;
	h->v[FE_HALF] += c;
}

static void fe_add(struct fe *h, const struct fe *f, const struct fe *g)
{
	int i;

	for (i = 0; i < FE_LIMBS; i++)
		h->v[i] = f->v[i] + g->v[i];
	fe_carry(h);
}

/* h = f - g, computed as f + 2p - g so that no limb goes negative. */
static void fe_sub(struct fe *h, const struct fe *f, const struct fe *g)
{
	int i;

	for (i = 0; i < FE_LIMBS; i++)
		h->v[i] = f->v[i] + (2 * FE_MASK - (i == FE_HALF ? 2 : 0)) - g->v[i];
	fe_carry(h);
}

static void fe_neg(struct fe *h, const struct fe *f)
{
	struct fe zero;

	fe_small(&zero, 0);
	fe_sub(h, &zero, f);
}

/*
 * h = lo + mid 2^224 as polynomials in 2^FE_BITS of FE_LIMBS - 1 wide
 * coefficients each, folded into FE_LIMBS limbs with 2^448 = 2^224 + 1,
 * then carried.
 */
static __always_inline void fe_fold(struct fe *h, const fe_wide *lo, const fe_wide *mid)
{
	fe_wide t[FE_LIMBS], c, s;
	int i;

	/*
	 * lo[i] and mid[i] for i >= FE_HALF are beyond 2^224: lo's go to the
	 * upper half, mid's to both halves.
	 */
	for (i = 0; i < FE_HALF - 1; i++) {
		t[i] = lo[i] + mid[i + FE_HALF];
		t[i + FE_HALF] = mid[i] + lo[i + FE_HALF] + mid[i + FE_HALF];
	}
	t[FE_HALF - 1] = lo[FE_HALF - 1];
	t[FE_LIMBS - 1] = mid[FE_HALF - 1];
	for (i = 0; i < FE_LIMBS - 1; i++) {
		t[i + 1] += t[i] >> FE_BITS;
		h->v[i] = (fe_limb)t[i] & FE_MASK;
	}
	c = t[FE_LIMBS - 1] >> FE_BITS;
	h->v[FE_LIMBS - 1] = (fe_limb)t[FE_LIMBS - 1] & FE_MASK;
	s = h->v[0] + c;
	h->v[0] = (fe_limb)s & FE_MASK;
	h->v[1] += (fe_limb)(s >> FE_BITS);
	s = h->v[FE_HALF] + c;
	h->v[FE_HALF] = (fe_limb)s & FE_MASK;
	h->v[FE_HALF + 1] += (fe_limb)(s >> FE_BITS);
}

#if FE_LIMBS == 8
#define MUL(x, y)	((fe_wide)(x) * (y))

/*
 * h = (t0 + t1 2^56 + ... + t7 2^392) with the column sums c8 to c14
 * already added in, carried: the top carry folds into limbs 0 and 4.
 */
#define FE_STORE_CARRY(h, r, t) do {						\
	fe_limb lo_;								\
										\
	(r)[7] = (fe_limb)(t) & FE_MASK;					\
	(t) >>= FE_BITS;		/* below 2^62 */			\
	lo_ = (r)[0] + (fe_limb)(t);						\
	(h)->v[0] = lo_ & FE_MASK;						\
	(h)->v[1] = (r)[1] + (lo_ >> FE_BITS);					\
	lo_ = (r)[4] + (fe_limb)(t);						\
	(h)->v[4] = lo_ & FE_MASK;						\
	(h)->v[5] = (r)[5] + (lo_ >> FE_BITS);					\
	(h)->v[2] = (r)[2];							\
	(h)->v[3] = (r)[3];							\
	(h)->v[6] = (r)[6];							\
	(h)->v[7] = (r)[7];							\
} while (0)

/*
 * h = f g, schoolbook: the column sums c0 to c14 of the products f_i g_j,
 * with 2^448 = 2^224 + 1 folding c8..c11 into columns k - 8 and k - 4 and
 * c12..c14 into k - 12 and, twice, k - 8.  Each column is summed in one
 * 128-bit accumulator with the carry of the one before: limbs below
 * 2^56 + 2^28 keep it below 2^117.
 */
static void fe_mul(struct fe *h, const struct fe *f, const struct fe *g)
{
	const fe_limb *a = f->v, *b = g->v;
	fe_wide c8, c9, c10, c11, c12, c13, c14, t;
	fe_limb r[FE_LIMBS];

	c8 = MUL(a[1], b[7]) + MUL(a[2], b[6]) + MUL(a[3], b[5]) + MUL(a[4], b[4]) +
	     MUL(a[5], b[3]) + MUL(a[6], b[2]) + MUL(a[7], b[1]);
	c9 = MUL(a[2], b[7]) + MUL(a[3], b[6]) + MUL(a[4], b[5]) + MUL(a[5], b[4]) +
	     MUL(a[6], b[3]) + MUL(a[7], b[2]);
	c10 = MUL(a[3], b[7]) + MUL(a[4], b[6]) + MUL(a[5], b[5]) + MUL(a[6], b[4]) +
	      MUL(a[7], b[3]);
	c11 = MUL(a[4], b[7]) + MUL(a[5], b[6]) + MUL(a[6], b[5]) + MUL(a[7], b[4]);
	c12 = MUL(a[5], b[7]) + MUL(a[6], b[6]) + MUL(a[7], b[5]);
	c13 = MUL(a[6], b[7]) + MUL(a[7], b[6]);
	c14 = MUL(a[7], b[7]);

	t = MUL(a[0], b[0]) + c8 + c12;
	r[0] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[1]) + MUL(a[1], b[0]) + c9 + c13;
	r[1] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[2]) + MUL(a[1], b[1]) + MUL(a[2], b[0]) + c10 + c14;
	r[2] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[3]) + MUL(a[1], b[2]) + MUL(a[2], b[1]) +
	    MUL(a[3], b[0]) + c11;
	r[3] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[4]) + MUL(a[1], b[3]) + MUL(a[2], b[2]) +
	    MUL(a[3], b[1]) + MUL(a[4], b[0]) + c8 + 2 * c12;
	r[4] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[5]) + MUL(a[1], b[4]) + MUL(a[2], b[3]) +
	    MUL(a[3], b[2]) + MUL(a[4], b[1]) + MUL(a[5], b[0]) + c9 + 2 * c13;
	r[5] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[6]) + MUL(a[1], b[5]) + MUL(a[2], b[4]) +
	    MUL(a[3], b[3]) + MUL(a[4], b[2]) + MUL(a[5], b[1]) + MUL(a[6], b[0]) +
	    c10 + 2 * c14;
	r[6] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(a[0], b[7]) + MUL(a[1], b[6]) + MUL(a[2], b[5]) +
	    MUL(a[3], b[4]) + MUL(a[4], b[3]) + MUL(a[5], b[2]) + MUL(a[6], b[1]) +
	    MUL(a[7], b[0]) + c11;
	FE_STORE_CARRY(h, r, t);
}

/* h = f^2: fe_mul()'s columns with each cross product once, doubled */
static void fe_sq(struct fe *h, const struct fe *f)
{
	const fe_limb *a = f->v;
	fe_limb d0 = 2 * a[0], d1 = 2 * a[1], d2 = 2 * a[2], d3 = 2 * a[3];
	fe_limb d4 = 2 * a[4], d5 = 2 * a[5], d6 = 2 * a[6];
	fe_wide c8, c9, c10, c11, c12, c13, c14, t;
	fe_limb r[FE_LIMBS];

	c8 = MUL(d1, a[7]) + MUL(d2, a[6]) + MUL(d3, a[5]) + MUL(a[4], a[4]);
	c9 = MUL(d2, a[7]) + MUL(d3, a[6]) + MUL(d4, a[5]);
	c10 = MUL(d3, a[7]) + MUL(d4, a[6]) + MUL(a[5], a[5]);
	c11 = MUL(d4, a[7]) + MUL(d5, a[6]);
	c12 = MUL(d5, a[7]) + MUL(a[6], a[6]);
	c13 = MUL(d6, a[7]);
	c14 = MUL(a[7], a[7]);

	t = MUL(a[0], a[0]) + c8 + c12;
	r[0] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[1]) + c9 + c13;
	r[1] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[2]) + MUL(a[1], a[1]) + c10 + c14;
	r[2] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[3]) + MUL(d1, a[2]) + c11;
	r[3] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[4]) + MUL(d1, a[3]) + MUL(a[2], a[2]) + c8 + 2 * c12;
	r[4] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[5]) + MUL(d1, a[4]) + MUL(d2, a[3]) + c9 + 2 * c13;
	r[5] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[6]) + MUL(d1, a[5]) + MUL(d2, a[4]) + MUL(a[3], a[3]) +
	    c10 + 2 * c14;
	r[6] = (fe_limb)t & FE_MASK;
	t = (t >> FE_BITS) + MUL(d0, a[7]) + MUL(d1, a[6]) + MUL(d2, a[5]) + MUL(d3, a[4]) +
	    c11;
	FE_STORE_CARRY(h, r, t);
}
#else
/* r = a b, FE_HALF limbs each, column by column */
static void fe_mul_half(fe_wide *r, const fe_limb *a, const fe_limb *b)
{
	int i, k;

	for (k = 0; k < FE_LIMBS - 1; k++) {
		fe_wide s = 0;

		for (i = max(0, k - FE_HALF + 1); i <= min(k, FE_HALF - 1); i++)
			s += (fe_wide)a[i] * b[k - i];
		r[k] = s;
	}
}

/*
 * h = f g.  With f = f0 + f1 2^224 and g likewise, and 2^448 = 2^224 + 1:
 * f g = (f0 g0 + f1 g1) + ((f0 + f1)(g0 + g1) - f0 g0) 2^224, three
 * products of halves.  Limbs below 2^28 + 2^14 keep every sum below 2^62.4:
 * no overflow.
 */
static void fe_mul(struct fe *h, const struct fe *f, const struct fe *g)
{
	fe_wide lo[FE_LIMBS - 1], hi[FE_LIMBS - 1], mid[FE_LIMBS - 1];
	fe_limb fs[FE_HALF], gs[FE_HALF];
	int i;

	for (i = 0; i < FE_HALF; i++) {
		fs[i] = f->v[i] + f->v[i + FE_HALF];
		gs[i] = g->v[i] + g->v[i + FE_HALF];
	}
	fe_mul_half(lo, f->v, g->v);
	fe_mul_half(hi, f->v + FE_HALF, g->v + FE_HALF);
	fe_mul_half(mid, fs, gs);
	for (i = 0; i < FE_LIMBS - 1; i++) {
		mid[i] -= lo[i];	/* f0 g1 + f1 g0 + f1 g1 >= 0 */
		lo[i] += hi[i];
	}
	fe_fold(h, lo, mid);
}

static void fe_sq(struct fe *h, const struct fe *f)
{
	fe_mul(h, f, f);
}
#endif

/* h = f^(2^n), n >= 1 */
static void fe_sqn(struct fe *h, const struct fe *f, int n)
{
	fe_sq(h, f);
	while (--n > 0)
		fe_sq(h, h);
}

/* Store the fully reduced value (0 <= h < p), little-endian, 56 bytes. */
static void fe_tobytes(u8 *s, const struct fe *f)
{
	struct fe h = *f, t;
	unsigned int i, k = 0, nb = 0;
	fe_limb c;
	u64 acc = 0;

	/*
	 * Three passes leave every limb below 2^FE_BITS but limbs 0 and
	 * FE_HALF, at most 2^FE_BITS; one plain pass then makes them limbs
	 * of a value below 2^448 (the third pass's carry was at most one
	 * from a value just over 2^448, now tiny).
	 */
	fe_carry(&h);
	fe_carry(&h);
	fe_carry(&h);
	for (i = 0; i < FE_LIMBS - 1; i++) {
		h.v[i + 1] += h.v[i] >> FE_BITS;
		h.v[i] &= FE_MASK;
	}
	/* h >= p iff h + 2^224 + 1 reaches 2^448: then that sum less 2^448 is h - p */
	t = h;
	t.v[0]++;
	t.v[FE_HALF]++;
	for (i = 0; i < FE_LIMBS - 1; i++) {
		t.v[i + 1] += t.v[i] >> FE_BITS;
		t.v[i] &= FE_MASK;
	}
	c = t.v[FE_LIMBS - 1] >> FE_BITS;
	if (c) {
		t.v[FE_LIMBS - 1] &= FE_MASK;
		h = t;
	}
	for (i = 0; i < FE_LIMBS; i++) {
		acc |= (u64)h.v[i] << nb;
		nb += FE_BITS;
		while (nb >= 8) {
			s[k++] = acc;
			acc >>= 8;
			nb -= 8;
		}
	}
}

static bool fe_iszero(const struct fe *f)
{
	static const u8 zero[FE_BYTES];
	u8 s[FE_BYTES];

	fe_tobytes(s, f);
	return !memcmp(s, zero, FE_BYTES);
}

static bool fe_equal(const struct fe *f, const struct fe *g)
{
	u8 a[FE_BYTES], b[FE_BYTES];

	fe_tobytes(a, f);
	fe_tobytes(b, g);
	return !memcmp(a, b, FE_BYTES);
}

static bool fe_isodd(const struct fe *f)
{
	u8 s[FE_BYTES];

	fe_tobytes(s, f);
	return s[0] & 1;
}

/*
 * h = z^((p - 3) / 4) = z^(2^446 - 2^222 - 1): in binary 223 ones, a zero,
 * 222 ones, i.e. (z^(2^223 - 1))^(2^223) z^(2^222 - 1).
 */
static void fe_pow_p34(struct fe *h, const struct fe *z)
{
	struct fe x3, x6, x24, a, b;

	fe_sq(&a, z);
	fe_mul(&a, &a, z);		/* z^(2^2 - 1) */
	fe_sq(&a, &a);
	fe_mul(&x3, &a, z);		/* z^(2^3 - 1) */
	fe_sqn(&a, &x3, 3);
	fe_mul(&x6, &a, &x3);		/* z^(2^6 - 1) */
	fe_sqn(&a, &x6, 6);
	fe_mul(&a, &a, &x6);		/* z^(2^12 - 1) */
	fe_sqn(&b, &a, 12);
	fe_mul(&x24, &b, &a);		/* z^(2^24 - 1) */
	fe_sqn(&a, &x24, 24);
	fe_mul(&a, &a, &x24);		/* z^(2^48 - 1) */
	fe_sqn(&b, &a, 48);
	fe_mul(&a, &b, &a);		/* z^(2^96 - 1) */
	fe_sqn(&b, &a, 96);
	fe_mul(&a, &b, &a);		/* z^(2^192 - 1) */
	fe_sqn(&a, &a, 24);
	fe_mul(&a, &a, &x24);		/* z^(2^216 - 1) */
	fe_sqn(&a, &a, 6);
	fe_mul(&a, &a, &x6);		/* z^(2^222 - 1) */
	fe_sq(&b, &a);
	fe_mul(&b, &b, z);		/* z^(2^223 - 1) */
	fe_sqn(&b, &b, 223);
	fe_mul(h, &b, &a);
}

/* h = z^-1 = z^(p - 2) = (z^((p - 3) / 4))^4 z */
static void fe_invert(struct fe *h, const struct fe *z)
{
	struct fe t;

	fe_pow_p34(&t, z);
	fe_sqn(&t, &t, 2);
	fe_mul(h, &t, z);
}

/* ---- curve constants (little-endian) ---- */

/* d = -39081 */
static const u8 ed_d[FE_BYTES] = {
	0x56, 0x67, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* group order L = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 */
static const u8 ed_l[ED448_SIGNATURE_SIZE / 2] = {
	0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d,
	0x72, 0xc2, 0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4,
	0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f, 0x00,
};

#define ED_SCALAR_BYTES		(ED448_SIGNATURE_SIZE / 2)	/* 57 */
#define ED_SCALAR_BITS		446	/* L < 2^446 */

/* ---- points ---- */

struct ge {
	struct fe x, y, z, t;		/* x = X/Z, y = Y/Z, x y = T/Z */
};

/* A point for additions: X, Y and d T, with Z = 1 ... */
struct ge_affine {
	struct fe x, y, dt;
};

/* ... or with its Z */
struct ge_cached {
	struct ge_affine p;
	struct fe z;
};

static void ge_identity(struct ge *p)
{
	fe_small(&p->x, 0);
	fe_small(&p->y, 1);
	fe_small(&p->z, 1);
	fe_small(&p->t, 0);
}

static void ge_to_cached(struct ge_cached *c, const struct ge *p, const struct fe *d)
{
	c->p.x = p->x;
	c->p.y = p->y;
	c->z = p->z;
	fe_mul(&c->p.dt, &p->t, d);
}

/* The same point with Z = 1 (one inversion) */
static void ge_to_affine(struct ge_affine *c, const struct ge *p, const struct fe *d)
{
	struct fe zi;

	fe_invert(&zi, &p->z);
	fe_mul(&c->x, &p->x, &zi);
	fe_mul(&c->y, &p->y, &zi);
	fe_mul(&c->dt, &c->x, &c->y);
	fe_mul(&c->dt, &c->dt, d);
}

/*
 * r = p + q, or p - q when @neg (Hisil, Wong, Carter and Dawson's unified
 * addition for a = 1): A = X1 X2, B = Y1 Y2, C = T1 d T2, D = Z1 Z2,
 * E = (X1 + Y1)(X2 + Y2) - A - B, F = D - C, G = D + C, H = B - A,
 * X3 = E F, Y3 = G H, T3 = E H, Z3 = F G.  -q is (-X2, Y2, Z2, -T2).
 * Z2 is @qz, or 1 when @qz is NULL.  T3 only when @need_t (the next step
 * is an addition, not a doubling).  r may alias p.
 */
static void ge_add(struct ge *r, const struct ge *p, const struct ge_affine *q,
		   const struct fe *qz, bool neg, bool need_t)
{
	struct fe a, b, c, d, e, f, g, h;

	fe_mul(&a, &p->x, &q->x);
	fe_mul(&b, &p->y, &q->y);
	fe_mul(&c, &p->t, &q->dt);
	if (qz)
		fe_mul(&d, &p->z, qz);
	else
		d = p->z;
	fe_add(&e, &p->x, &p->y);
	if (!neg) {
		fe_add(&f, &q->x, &q->y);
		fe_mul(&e, &e, &f);
		fe_sub(&e, &e, &a);
		fe_sub(&e, &e, &b);
		fe_sub(&f, &d, &c);
		fe_add(&g, &d, &c);
		fe_sub(&h, &b, &a);
	} else {
		/* A and C change sign: E = (X1 + Y1)(Y2 - X2) + A - B */
		fe_sub(&f, &q->y, &q->x);
		fe_mul(&e, &e, &f);
		fe_add(&e, &e, &a);
		fe_sub(&e, &e, &b);
		fe_add(&f, &d, &c);
		fe_sub(&g, &d, &c);
		fe_add(&h, &b, &a);
	}
	fe_mul(&r->x, &e, &f);
	fe_mul(&r->y, &g, &h);
	if (need_t)
		fe_mul(&r->t, &e, &h);
	fe_mul(&r->z, &f, &g);
}

/*
 * r = 2p (RFC 8032 5.2.4's doubling, with T): A = X^2, B = Y^2, C = 2 Z^2,
 * E = (X + Y)^2 - A - B, G = A + B, F = G - C, H = A - B, X3 = E F,
 * Y3 = G H, Z3 = F G, T3 = E H.  T3 only when @need_t (the next step is
 * an addition); T of @p is not read.  r may alias p.
 */
static void ge_dbl(struct ge *r, const struct ge *p, bool need_t)
{
	struct fe a, b, c, e, f, g, h;

	fe_sq(&a, &p->x);
	fe_sq(&b, &p->y);
	fe_sq(&c, &p->z);
	fe_add(&c, &c, &c);
	fe_add(&e, &p->x, &p->y);
	fe_sq(&e, &e);
	fe_sub(&e, &e, &a);
	fe_sub(&e, &e, &b);
	fe_add(&g, &a, &b);
	fe_sub(&f, &g, &c);
	fe_sub(&h, &a, &b);
	fe_mul(&r->x, &e, &f);
	fe_mul(&r->y, &g, &h);
	fe_mul(&r->z, &f, &g);
	if (need_t)
		fe_mul(&r->t, &e, &h);
}

/*
 * Decode a point (RFC 8032 5.2.3), refusing non-canonical encodings.
 * Return: true if @s encodes a point.
 */
static bool ge_frombytes(struct ge *p, const u8 *s, const struct fe *d)
{
	struct fe u, v, w, t, x2;
	u8 check[FE_BYTES];
	bool x0 = s[FE_BYTES] >> 7;

	if (s[FE_BYTES] & 0x7f)
		return false;		/* bits 448 to 454 are always zero */
	fe_frombytes(&p->y, s);
	fe_tobytes(check, &p->y);	/* canonical: y < p */
	if (memcmp(check, s, FE_BYTES))
		return false;

	/* x^2 = u / v with u = y^2 - 1, v = d y^2 - 1 (never zero: d is no square) */
	fe_small(&p->z, 1);
	fe_sq(&u, &p->y);
	fe_mul(&v, &u, d);
	fe_sub(&u, &u, &p->z);
	fe_sub(&v, &v, &p->z);

	/* x = u^3 v (u^5 v^3)^((p - 3) / 4) */
	fe_sq(&t, &u);
	fe_mul(&w, &t, &u);
	fe_mul(&w, &w, &v);		/* u^3 v */
	fe_mul(&t, &t, &w);		/* u^5 v */
	fe_sq(&x2, &v);
	fe_mul(&t, &t, &x2);		/* u^5 v^3 */
	fe_pow_p34(&t, &t);
	fe_mul(&p->x, &w, &t);

	fe_sq(&x2, &p->x);
	fe_mul(&x2, &x2, &v);
	if (!fe_equal(&x2, &u))
		return false;		/* u / v is not a square: no such point */
	if (fe_iszero(&p->x)) {
		if (x0)
			return false;	/* "negative zero" */
	} else if (fe_isodd(&p->x) != x0) {
		fe_neg(&p->x, &p->x);
	}
	fe_mul(&p->t, &p->x, &p->y);
	return true;
}

static void ge_tobytes(u8 *s, const struct ge *p)
{
	struct fe zi, x, y;

	fe_invert(&zi, &p->z);
	fe_mul(&x, &p->x, &zi);
	fe_mul(&y, &p->y, &zi);
	fe_tobytes(s, &y);
	s[FE_BYTES] = fe_isodd(&x) << 7;
}

/* ---- scalars ---- */

/* Is the little-endian 57-byte s below L? */
static bool sc_below_l(const u8 *s)
{
	int i;

	for (i = ED_SCALAR_BYTES - 1; i >= 0; i--) {
		if (s[i] != ed_l[i])
			return s[i] < ed_l[i];
	}
	return false;
}

#define SC_WORDS	15	/* 480 bits: room for 2^8 L */

/*
 * out = h mod L for the 114-byte little-endian h, one byte at a time from
 * the top: r = 256 r + byte (below 2^454), less q L with q = r >> 446,
 * which is the true quotient or one less (L is just below 2^446), so at
 * most one more L comes off.
 */
static void sc_reduce(u8 *out, const u8 *h)
{
	u32 l[SC_WORDS] = {}, r[SC_WORDS] = {};
	int i, j;

	for (i = 0; i < ED_SCALAR_BYTES; i++)
		l[i / 4] |= (u32)ed_l[i] << (8 * (i % 4));
	for (i = ED448_SIGNATURE_SIZE - 1; i >= 0; i--) {
		u64 carry = h[i];
		s64 borrow = 0;
		u32 q;

		for (j = 0; j < SC_WORDS; j++) {	/* r = 256 r + h[i] */
			u64 v = ((u64)r[j] << 8) | carry;

			r[j] = (u32)v;
			carry = v >> 32;
		}
		q = (r[13] >> 30) | (r[14] << 2);	/* r >> 446, below 2^8 */
		for (j = 0; j < SC_WORDS; j++) {	/* r -= q L */
			s64 v = (s64)r[j] - (s64)((u64)q * l[j]) + borrow;

			r[j] = (u32)v;
			borrow = v >> 32;	/* arithmetic: floor */
		}
		for (j = SC_WORDS - 1; j > 0 && r[j] == l[j]; j--)
			;
		if (r[j] >= l[j]) {		/* r >= L */
			borrow = 0;
			for (j = 0; j < SC_WORDS; j++) {
				s64 v = (s64)r[j] - l[j] + borrow;

				r[j] = (u32)v;
				borrow = v >> 32;
			}
		}
	}
	for (i = 0; i < ED_SCALAR_BYTES; i++)
		out[i] = r[i / 4] >> (8 * (i % 4));
}

static unsigned int sc_bit(const u8 *s, unsigned int i)
{
	return (s[i / 8] >> (i % 8)) & 1;
}

/* x >>= n for a SC_WORDS-word number, 0 < n < 32 */
static void sc_shr(u32 *x, unsigned int n)
{
	int j;

	for (j = 0; j < SC_WORDS - 1; j++)
		x[j] = (x[j] >> n) | (x[j + 1] << (32 - n));
	x[SC_WORDS - 1] >>= n;
}

/*
 * The width-w NAF of the bits [pos, pos + len) of the 57-byte scalar s,
 * len <= 448: naf[0..len], each digit zero or odd with |digit| < 2^(w-1),
 * and at least w - 1 zeros after each non-zero one.
 */
static void sc_wnaf(s8 *naf, const u8 *s, unsigned int pos, unsigned int len, unsigned int w)
{
	u32 x[SC_WORDS] = {};
	unsigned int i, j;

	for (i = 0; i < len; i++)
		x[i / 32] |= sc_bit(s, pos + i) << (i % 32);
	memset(naf, 0, len + 1);
	for (i = 0; i <= len; ) {
		int dg;

		if (!(x[0] & 1)) {
			sc_shr(x, 1);
			i++;
			continue;
		}
		dg = x[0] & ((1U << w) - 1);
		if (dg >= 1 << (w - 1))
			dg -= 1 << w;
		naf[i] = dg;
		/* x -= dg: the low w bits become zero */
		if (dg > 0) {
			x[0] -= dg;
		} else {
			u64 c = (u64)x[0] - dg;

			x[0] = (u32)c;
			for (j = 1; j < SC_WORDS && (c >> 32); j++) {
				c = (u64)x[j] + 1;
				x[j] = (u32)c;
			}
		}
		sc_shr(x, w);
		i += w;
	}
}

/* ---- the double scalar multiplication ---- */

/* Width-w NAF digits are odd and below 2^(w-1): 2^(w-2) odd multiples */
#define ED_A_WINDOW	5			/* -A: odd multiples 1, 3, ..., 15 */
#define ED_A_TABLE	(1 << (ED_A_WINDOW - 2))
#define ED_B_WINDOW	6			/* B: odd multiples 1, 3, ..., 31 */
#define ED_B_TABLE	(1 << (ED_B_WINDOW - 2))
#define ED_STRIDES	4			/* pieces of a prepared verification */
#define ED_STRIDE_BITS	112
#define ED_NAF_LEN	(ED_SCALAR_BITS + 1)	/* digits of a whole scalar */

static_assert(ARRAY_SIZE(ed448_btab) == ED_STRIDES);
static_assert(ARRAY_SIZE(ed448_btab[0]) == ED_B_TABLE);
static_assert(ED_STRIDES * ED_STRIDE_BITS >= ED_SCALAR_BITS);

/* One term of a multi-scalar multiplication: digits and odd multiples of a point */
struct ed_term {
	const s8 *naf;
	/* (2i + 1) P in one of three forms, the others NULL */
	const struct ge_cached *tbl;
	const struct ge_affine *atbl;
	const u8 (*btab)[3 * FE_BYTES];	/* from ed448_btab */
};

/* r = sum of the terms, their digits naf[0..top] */
static void ed_msm(struct ge *r, const struct ed_term *t, unsigned int nt, int top)
{
	struct ge_affine bq;
	bool started = false;
	unsigned int k;
	int i;

	ge_identity(r);
	for (i = top; i >= 0; i--) {
		unsigned int adds = 0;

		for (k = 0; k < nt; k++)
			adds += t[k].naf[i] != 0;
		if (started)
			ge_dbl(r, r, adds);
		for (k = 0; k < nt; k++) {
			int dg = t[k].naf[i];
			const struct ge_affine *q;
			const struct fe *qz = NULL;

			if (!dg)
				continue;
			if (t[k].tbl) {
				q = &t[k].tbl[abs(dg) / 2].p;
				qz = &t[k].tbl[abs(dg) / 2].z;
			} else if (t[k].atbl) {
				q = &t[k].atbl[abs(dg) / 2];
			} else {
				const u8 *e = t[k].btab[abs(dg) / 2];

				fe_frombytes(&bq.x, e);
				fe_frombytes(&bq.y, e + FE_BYTES);
				fe_frombytes(&bq.dt, e + 2 * FE_BYTES);
				q = &bq;
			}
			/* T for the next addition at this bit only */
			ge_add(r, r, q, qz, dg < 0, --adds);
			started = true;
		}
	}
}

/* tbl[i] = (2i + 1) p for i < n */
static void ed_odd_multiples(struct ge_cached *tbl, unsigned int n, const struct ge *p,
			     const struct fe *d)
{
	struct ge p2, acc = *p;
	struct ge_cached c2;
	unsigned int i;

	ge_dbl(&p2, p, true);
	ge_to_cached(&c2, &p2, d);
	ge_to_cached(&tbl[0], p, d);
	for (i = 1; i < n; i++) {
		ge_add(&acc, &acc, &c2.p, &c2.z, false, true);
		ge_to_cached(&tbl[i], &acc, d);
	}
}

/*
 * What a prepared key keeps: its encoding (hashed into k) and the odd
 * multiples of -[2^(112 j)]A, affine.
 */
struct ed448_precomp {
	u8 pub[ED448_PUBLIC_KEY_SIZE];
	struct ge_affine tbl[ED_STRIDES][ED_A_TABLE];
};

/* Everything too big for the stack */
struct ed_work {
	struct ge_cached atbl[ED_A_TABLE];	/* odd multiples of -A, unprepared */
	union {
		s8 whole[2][ED_NAF_LEN];
		s8 piece[2 * ED_STRIDES][ED_STRIDE_BITS + 1];
	} naf;
	struct ed_term terms[2 * ED_STRIDES];
	struct ge r;			/* A (unprepared), then the result */
	struct shake_ctx xof;
	struct fe d;
	u8 h[ED448_SIGNATURE_SIZE], k[ED_SCALAR_BYTES], rcheck[ED448_PUBLIC_KEY_SIZE];
};

/* Decode A; refuse the four points of small order (x = 0 or y = 0) */
static bool ed_decode_key(struct ge *a, const u8 *pub, const struct fe *d)
{
	return ge_frombytes(a, pub, d) && !fe_iszero(&a->x) && !fe_iszero(&a->y);
}

static int ed448_verify_core(const u8 *pub, const struct ed448_precomp *kp, const u8 *ctx,
			     size_t ctx_len, const u8 *msg, size_t msg_len, const u8 *sig)
{
	static const u8 dom4[8] = { 'S', 'i', 'g', 'E', 'd', '4', '4', '8' };
	const u8 *s = sig + ED448_PUBLIC_KEY_SIZE;
	u8 flags[2] = { 0, ctx_len };
	struct ed_work *w;
	unsigned int j;
	int ret;

	BUILD_BUG_ON(sizeof(struct ed_work) > 4096);
	if (ctx_len > ED448_CONTEXT_MAX)
		return -EINVAL;
	if (!sc_below_l(s))
		return -EKEYREJECTED;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;

	fe_frombytes(&w->d, ed_d);
	if (kp) {
		pub = kp->pub;
	} else if (!ed_decode_key(&w->r, pub, &w->d)) {
		ret = -EINVAL;
		goto out;
	}

	/* k = SHAKE256(dom4(0, ctx) || R || A || M, 114) mod L */
	shake256_init(&w->xof);
	shake_absorb(&w->xof, dom4, sizeof(dom4));
	shake_absorb(&w->xof, flags, sizeof(flags));
	shake_absorb(&w->xof, ctx, ctx_len);
	shake_absorb(&w->xof, sig, ED448_PUBLIC_KEY_SIZE);
	shake_absorb(&w->xof, pub, ED448_PUBLIC_KEY_SIZE);
	shake_absorb(&w->xof, msg, msg_len);
	shake_squeeze(&w->xof, w->h, sizeof(w->h));
	sc_reduce(w->k, w->h);

	/* [S]B + [k](-A) */
	if (kp) {
		for (j = 0; j < ED_STRIDES; j++) {
			struct ed_term *ta = &w->terms[2 * j], *tb = ta + 1;

			sc_wnaf(w->naf.piece[2 * j], w->k, j * ED_STRIDE_BITS, ED_STRIDE_BITS,
				ED_A_WINDOW);
			sc_wnaf(w->naf.piece[2 * j + 1], s, j * ED_STRIDE_BITS, ED_STRIDE_BITS,
				ED_B_WINDOW);
			*ta = (struct ed_term){ .naf = w->naf.piece[2 * j], .atbl = kp->tbl[j] };
			*tb = (struct ed_term){ .naf = w->naf.piece[2 * j + 1],
						.btab = ed448_btab[j] };
		}
		ed_msm(&w->r, w->terms, 2 * ED_STRIDES, ED_STRIDE_BITS);
	} else {
		fe_neg(&w->r.x, &w->r.x);
		fe_neg(&w->r.t, &w->r.t);
		ed_odd_multiples(w->atbl, ED_A_TABLE, &w->r, &w->d);
		sc_wnaf(w->naf.whole[0], w->k, 0, ED_SCALAR_BITS, ED_A_WINDOW);
		sc_wnaf(w->naf.whole[1], s, 0, ED_SCALAR_BITS, ED_B_WINDOW);
		w->terms[0] = (struct ed_term){ .naf = w->naf.whole[0], .tbl = w->atbl };
		w->terms[1] = (struct ed_term){ .naf = w->naf.whole[1], .btab = ed448_btab[0] };
		ed_msm(&w->r, w->terms, 2, ED_SCALAR_BITS);
	}
	ge_tobytes(w->rcheck, &w->r);

	ret = memcmp(w->rcheck, sig, ED448_PUBLIC_KEY_SIZE) ? -EKEYREJECTED : 0;
out:
	kfree_sensitive(w);	/* holds a digest compared in place: wipe by habit */
	return ret;
}

/**
 * ed448_verify_ctx() - verify an Ed448 signature with a context (RFC 8032 5.2.7)
 * @pub: public key A, 57 bytes
 * @ctx: the context string (may be NULL when @ctx_len is 0)
 * @ctx_len: its length, at most %ED448_CONTEXT_MAX
 * @msg: the message
 * @msg_len: length of @msg in bytes
 * @sig: signature R || S, 114 bytes
 *
 * Cofactorless: accepts iff S < L and the canonical encoding of
 * [S]B - [k]A equals R, with k = SHAKE256(dom4(0, ctx) || R || A || M, 114)
 * mod L.  Computes with a heap workspace of under 4 KiB and no crypto API
 * allocation (nothing to autoload).
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (S >= L,
 * R does not match); -EINVAL if @pub is not a canonical encoding of a point
 * on the curve, or is a point of small order, or @ctx_len is over
 * %ED448_CONTEXT_MAX; -ENOMEM.
 */
int ed448_verify_ctx(const u8 pub[ED448_PUBLIC_KEY_SIZE], const u8 *ctx, size_t ctx_len,
		     const u8 *msg, size_t msg_len, const u8 sig[ED448_SIGNATURE_SIZE])
{
	return ed448_verify_core(pub, NULL, ctx, ctx_len, msg, msg_len, sig);
}
EXPORT_SYMBOL_GPL(ed448_verify_ctx);

/**
 * ed448_verify() - verify an Ed448 signature (RFC 8032 5.2.7)
 * @pub: public key A, 57 bytes
 * @msg: the message (for OpenPGP: the digest of the signed data)
 * @msg_len: length of @msg in bytes
 * @sig: signature R || S, 114 bytes
 *
 * Ed448 with the empty context string, as OpenPGP uses it (RFC 9580
 * 5.2.3.5, RFC 9980 5.1.1): ed448_verify_ctx() with no context.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: as ed448_verify_ctx().
 */
int ed448_verify(const u8 pub[ED448_PUBLIC_KEY_SIZE], const u8 *msg, size_t msg_len,
		 const u8 sig[ED448_SIGNATURE_SIZE])
{
	return ed448_verify_core(pub, NULL, NULL, 0, msg, msg_len, sig);
}
EXPORT_SYMBOL_GPL(ed448_verify);

/**
 * ed448_precompute() - prepare an Ed448 public key for many verifications
 * @pub: public key A, 57 bytes
 *
 * Decodes and checks A once and computes the odd multiples of -A, -[2^112]A,
 * -[2^224]A and -[2^336]A up to 15 times, in affine coordinates (about
 * 6 KiB, ed448_precomp_size()): a verification with them
 * (ed448_verify_precomp()) then needs 113 doublings instead of 446, and no
 * square root.  It checks exactly what ed448_verify() checks.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: the tables, to be freed with ed448_precomp_free();
 * ERR_PTR(-EINVAL) if @pub is not a canonical encoding of a point on the
 * curve or is a point of small order; ERR_PTR(-ENOMEM).
 */
struct ed448_precomp *ed448_precompute(const u8 pub[ED448_PUBLIC_KEY_SIZE])
{
	struct ed448_precomp *kp;
	struct {
		struct ge a, p, p2;
		struct ge_cached c2;
		struct fe d;
	} *w;
	unsigned int i, j;
	int ret = -EINVAL;

	kp = kmalloc(sizeof(*kp), GFP_KERNEL);
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!kp || !w) {
		ret = -ENOMEM;
		goto err;
	}
	fe_frombytes(&w->d, ed_d);
	if (!ed_decode_key(&w->a, pub, &w->d))
		goto err;
	memcpy(kp->pub, pub, ED448_PUBLIC_KEY_SIZE);
	fe_neg(&w->a.x, &w->a.x);
	fe_neg(&w->a.t, &w->a.t);
	for (j = 0; j < ED_STRIDES; j++) {
		if (j) {
			for (i = 0; i < ED_STRIDE_BITS; i++)
				ge_dbl(&w->a, &w->a, i == ED_STRIDE_BITS - 1);
		}
		/* (2i + 1) a, each made affine */
		ge_dbl(&w->p2, &w->a, true);
		ge_to_cached(&w->c2, &w->p2, &w->d);
		w->p = w->a;
		for (i = 0; i < ED_A_TABLE; i++) {
			if (i)
				ge_add(&w->p, &w->p, &w->c2.p, &w->c2.z, false, true);
			ge_to_affine(&kp->tbl[j][i], &w->p, &w->d);
		}
	}
	kfree(w);
	return kp;

err:
	kfree(w);
	kfree(kp);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_GPL(ed448_precompute);

/**
 * ed448_precomp_size() - the bytes held by ed448_precompute()'s tables
 * @kp: the tables
 *
 * Context: any context.
 * Return: their size.
 */
size_t ed448_precomp_size(const struct ed448_precomp *kp)
{
	return sizeof(*kp);
}
EXPORT_SYMBOL_GPL(ed448_precomp_size);

/**
 * ed448_precomp_free() - free ed448_precompute()'s tables
 * @kp: the tables, or NULL
 *
 * Context: any context.
 */
void ed448_precomp_free(struct ed448_precomp *kp)
{
	kfree(kp);
}
EXPORT_SYMBOL_GPL(ed448_precomp_free);

/**
 * ed448_verify_precomp() - ed448_verify() with a prepared key
 * @kp: the tables ed448_precompute() made for the public key
 * @msg: the message
 * @msg_len: length of @msg in bytes
 * @sig: signature R || S, 114 bytes
 *
 * The same verification as ed448_verify() (empty context) with the public
 * key the tables were made from, the same heap workspace.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not;
 * -EINVAL if @kp is NULL; -ENOMEM.
 */
int ed448_verify_precomp(const struct ed448_precomp *kp, const u8 *msg, size_t msg_len,
			 const u8 sig[ED448_SIGNATURE_SIZE])
{
	if (!kp)
		return -EINVAL;
	return ed448_verify_core(NULL, kp, NULL, 0, msg, msg_len, sig);
}
EXPORT_SYMBOL_GPL(ed448_verify_precomp);

#if IS_ENABLED(CONFIG_CRYPTO_ED448_KUNIT_TEST)
/**
 * ed448_check_btab() - compute the fixed-base table again (for KUnit)
 * @base: the encoding of the base point B
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if every entry of ed448_btab is (2i + 1) [2^(112 j)] B as this
 * file's point arithmetic computes it; -EINVAL if @base does not decode;
 * -EBADMSG at the first entry that differs; -ENOMEM.
 */
int ed448_check_btab(const u8 base[ED448_PUBLIC_KEY_SIZE])
{
	struct {
		struct ge b, p, p2;
		struct ge_cached c2;
		struct ge_affine e;
		struct fe d;
		u8 bytes[3 * FE_BYTES];
	} *w;
	unsigned int i, j;
	int ret = 0;

	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	fe_frombytes(&w->d, ed_d);
	if (!ge_frombytes(&w->b, base, &w->d)) {
		ret = -EINVAL;
		goto out;
	}
	for (j = 0; j < ED_STRIDES && !ret; j++) {
		if (j) {
			for (i = 0; i < ED_STRIDE_BITS; i++)
				ge_dbl(&w->b, &w->b, i == ED_STRIDE_BITS - 1);
		}
		ge_dbl(&w->p2, &w->b, true);
		ge_to_cached(&w->c2, &w->p2, &w->d);
		w->p = w->b;
		for (i = 0; i < ED_B_TABLE; i++) {
			if (i)
				ge_add(&w->p, &w->p, &w->c2.p, &w->c2.z, false, true);
			ge_to_affine(&w->e, &w->p, &w->d);
			fe_tobytes(w->bytes, &w->e.x);
			fe_tobytes(w->bytes + FE_BYTES, &w->e.y);
			fe_tobytes(w->bytes + 2 * FE_BYTES, &w->e.dt);
			if (memcmp(w->bytes, ed448_btab[j][i], sizeof(w->bytes))) {
				ret = -EBADMSG;
				break;
			}
		}
	}
out:
	kfree(w);
	return ret;
}
EXPORT_SYMBOL_GPL(ed448_check_btab);
#endif

MODULE_DESCRIPTION("Ed448 signature verification (RFC 8032)");
MODULE_LICENSE("GPL");
