// SPDX-License-Identifier: GPL-2.0
/*
 * Ed25519 signature verification, written from RFC 8032 section 5.1.
 *
 * Verification only: every input is public, so nothing here is constant
 * time.  The check is the cofactorless one, [S]B = R + [k]A, carried out as
 * "encode([S]B - [k]A) == R" on the encoded bytes; together with the checks
 * below that means:
 *   - S must be below the group order L (RFC 8032 5.1.7 step 1);
 *   - A must be a canonical encoding (y < p, no "negative zero") of a point
 *     on the curve that is not of small order (order dividing 8);
 *   - R must equal the canonical encoding of the computed point, so a
 *     non-canonical R never verifies.
 *
 * Field elements mod p = 2^255 - 19 use five 51-bit limbs where the
 * compiler has a 128-bit type, otherwise sixteen 16-bit limbs in signed
 * 64-bit arithmetic (any 32-bit machine).  Points use extended twisted Edwards
 * coordinates (X:Y:Z:T) with the formulas of RFC 8032 5.1.4.  The double
 * scalar multiplication shares one doubling chain between [S]B and [k](-A)
 * with sliding windows of odd multiples.
 */

#define pr_fmt(fmt) "ed25519: " fmt

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/ed25519.h>
#include <crypto/hash.h>

/* ---- field arithmetic mod p = 2^255 - 19 ---- */

/* 64x64->128 multiplication inline: see the same test in crypto/mont.c */
#if BITS_PER_LONG == 64 && (defined(CONFIG_ARCH_SUPPORTS_INT128) || defined(CONFIG_X86_64))

#define MASK51		((1ULL << 51) - 1)

struct fe {
	u64 v[5];
};

/* Load 255 bits, little-endian (bit 255 is ignored). */
static void fe_frombytes(struct fe *h, const u8 *s)
{
	u64 w0 = get_unaligned_le64(s), w1 = get_unaligned_le64(s + 8);
	u64 w2 = get_unaligned_le64(s + 16), w3 = get_unaligned_le64(s + 24);

	h->v[0] = w0 & MASK51;
	h->v[1] = ((w0 >> 51) | (w1 << 13)) & MASK51;
	h->v[2] = ((w1 >> 38) | (w2 << 26)) & MASK51;
	h->v[3] = ((w2 >> 25) | (w3 << 39)) & MASK51;
	h->v[4] = (w3 >> 12) & MASK51;
}

/* Bring every limb below 2^51 (limb 0 below 2^51 + 2^18); value unchanged mod p. */
static void fe_carry(struct fe *h)
{
	u64 c;
	int i;

	for (i = 0; i < 4; i++) {
		c = h->v[i] >> 51;
		h->v[i] &= MASK51;
		h->v[i + 1] += c;
	}
	c = h->v[4] >> 51;
	h->v[4] &= MASK51;
	h->v[0] += 19 * c;
}

static void fe_add(struct fe *h, const struct fe *f, const struct fe *g)
{
	int i;

	for (i = 0; i < 5; i++)
		h->v[i] = f->v[i] + g->v[i];
	fe_carry(h);
}

/* h = f - g, computed as f + 4p - g so that no limb goes negative. */
static void fe_sub(struct fe *h, const struct fe *f, const struct fe *g)
{
	static const u64 four_p[5] = {
		(1ULL << 53) - 76, (1ULL << 53) - 4, (1ULL << 53) - 4,
		(1ULL << 53) - 4, (1ULL << 53) - 4,
	};
	int i;

	for (i = 0; i < 5; i++)
		h->v[i] = f->v[i] + four_p[i] - g->v[i];
	fe_carry(h);
}

/* Inputs carried (limbs below 2^52). 2^255 = 19 folds the high products. */
static void fe_mul(struct fe *h, const struct fe *f, const struct fe *g)
{
	const u64 f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
	const u64 g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
	const u64 g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
	u128 r0, r1, r2, r3, r4, t;

	r0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 +
	     (u128)f3 * g2_19 + (u128)f4 * g1_19;
	r1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 +
	     (u128)f3 * g3_19 + (u128)f4 * g2_19;
	r2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 +
	     (u128)f3 * g4_19 + (u128)f4 * g3_19;
	r3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 +
	     (u128)f3 * g0 + (u128)f4 * g4_19;
	r4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 +
	     (u128)f3 * g1 + (u128)f4 * g0;

	r1 += (u64)(r0 >> 51);
	r2 += (u64)(r1 >> 51);
	r3 += (u64)(r2 >> 51);
	r4 += (u64)(r3 >> 51);
	t = (u128)((u64)r0 & MASK51) + (u128)(u64)(r4 >> 51) * 19;
	h->v[0] = (u64)t & MASK51;
	h->v[1] = ((u64)r1 & MASK51) + (u64)(t >> 51);
	h->v[2] = (u64)r2 & MASK51;
	h->v[3] = (u64)r3 & MASK51;
	h->v[4] = (u64)r4 & MASK51;
}

/* Store the fully reduced value (0 <= h < p), little-endian. */
static void fe_tobytes(u8 *s, const struct fe *f)
{
	struct fe h = *f;
	u64 q, c;
	int i;

	fe_carry(&h);
	fe_carry(&h);		/* now h < 2^255 + 19 < 2p */
	q = (h.v[0] + 19) >> 51;
	for (i = 1; i < 5; i++)
		q = (h.v[i] + q) >> 51;
	/* q = 1 iff h >= p: add 19 and drop 2^255 */
	h.v[0] += 19 * q;
	for (i = 0; i < 4; i++) {
		c = h.v[i] >> 51;
		h.v[i] &= MASK51;
		h.v[i + 1] += c;
	}
	h.v[4] &= MASK51;
	put_unaligned_le64(h.v[0] | (h.v[1] << 51), s);
	put_unaligned_le64((h.v[1] >> 13) | (h.v[2] << 38), s + 8);
	put_unaligned_le64((h.v[2] >> 26) | (h.v[3] << 25), s + 16);
	put_unaligned_le64((h.v[3] >> 39) | (h.v[4] << 12), s + 24);
}

static void fe_small(struct fe *h, u32 v)
{
	memset(h, 0, sizeof(*h));
	h->v[0] = v;
}

#else	/* no 128-bit type: sixteen 16-bit limbs, stored in s32, computed in s64 */

struct fe {
	s32 v[16];
};

static void fe_frombytes(struct fe *h, const u8 *s)
{
	int i;

	for (i = 0; i < 16; i++)
		h->v[i] = s[2 * i] | ((s32)s[2 * i + 1] << 8);
	h->v[15] &= 0x7fff;
}

/* One carry pass; 2^256 = 38 (mod p) folds the top carry. */
static void carry16(s64 *v)
{
	s64 c;
	int i;

	for (i = 0; i < 16; i++) {
		c = v[i] >> 16;		/* arithmetic shift: floor division */
		v[i] -= c * 65536;
		if (i < 15)
			v[i + 1] += c;
		else
			v[0] += 38 * c;
	}
}

static void fe_store(struct fe *h, const s64 *v)
{
	int i;

	for (i = 0; i < 16; i++)
		h->v[i] = (s32)v[i];
}

static void fe_add(struct fe *h, const struct fe *f, const struct fe *g)
{
	s64 t[16];
	int i;

	for (i = 0; i < 16; i++)
		t[i] = (s64)f->v[i] + g->v[i];
	carry16(t);
	fe_store(h, t);
}

static void fe_sub(struct fe *h, const struct fe *f, const struct fe *g)
{
	s64 t[16];
	int i;

	for (i = 0; i < 16; i++)
		t[i] = (s64)f->v[i] - g->v[i];
	carry16(t);
	fe_store(h, t);
}

/* Limbs stay within (-2^17, 2^17), so every sum below fits easily. */
static void fe_mul(struct fe *h, const struct fe *f, const struct fe *g)
{
	s64 t[31] = { 0 };
	int i, j;

	for (i = 0; i < 16; i++)
		for (j = 0; j < 16; j++)
			t[i + j] += (s64)f->v[i] * g->v[j];
	for (i = 0; i < 15; i++)
		t[i] += 38 * t[i + 16];
	carry16(t);
	carry16(t);
	fe_store(h, t);
}

static void fe_tobytes(u8 *s, const struct fe *f)
{
	s64 h[16], m[16];
	int i, round;

	for (i = 0; i < 16; i++)
		h[i] = f->v[i];
	carry16(h);
	carry16(h);
	carry16(h);		/* all limbs in [0, 2^16): 0 <= h < 2^256 */
	for (round = 0; round < 2; round++) {	/* h < 2p + 38: subtract p twice */
		m[0] = h[0] - 0xffed;
		for (i = 1; i < 16; i++) {
			m[i] = h[i] - (i == 15 ? 0x7fff : 0xffff) - ((m[i - 1] >> 16) & 1);
			m[i - 1] &= 0xffff;
		}
		if (!((m[15] >> 16) & 1))	/* no borrow: h >= p */
			memcpy(h, m, sizeof(h));
	}
	for (i = 0; i < 16; i++) {
		s[2 * i] = h[i] & 0xff;
		s[2 * i + 1] = (h[i] >> 8) & 0xff;
	}
}

static void fe_small(struct fe *h, u32 v)
{
	memset(h, 0, sizeof(*h));
	h->v[0] = v & 0xffff;
	h->v[1] = v >> 16;
}

#endif

static void fe_sq(struct fe *h, const struct fe *f)
{
	fe_mul(h, f, f);
}

/* h = f^(2^n) */
static void fe_sqn(struct fe *h, const struct fe *f, int n)
{
	fe_sq(h, f);
	while (--n > 0)
		fe_sq(h, h);
}

static bool fe_iszero(const struct fe *f)
{
	static const u8 zero[32];
	u8 s[32];

	fe_tobytes(s, f);
	return !memcmp(s, zero, 32);
}

static bool fe_equal(const struct fe *f, const struct fe *g)
{
	u8 a[32], b[32];

	fe_tobytes(a, f);
	fe_tobytes(b, g);
	return !memcmp(a, b, 32);
}

static bool fe_isodd(const struct fe *f)
{
	u8 s[32];

	fe_tobytes(s, f);
	return s[0] & 1;
}

/*
 * z^(2^250 - 1) by the usual addition chain; also returns z^11 (for the
 * inverse) in *z11 when asked.
 */
static void fe_pow_2_250_1(struct fe *out, struct fe *z11, const struct fe *z)
{
	struct fe z2, z9, a, b, c;

	fe_sq(&z2, z);			/* z^2 */
	fe_sqn(&a, &z2, 2);		/* z^8 */
	fe_mul(&z9, &a, z);		/* z^9 */
	fe_mul(&a, &z9, &z2);		/* z^11 */
	if (z11)
		*z11 = a;
	fe_sq(&b, &a);			/* z^22 */
	fe_mul(&a, &b, &z9);		/* z^(2^5 - 1) */
	fe_sqn(&b, &a, 5);
	fe_mul(&a, &b, &a);		/* z^(2^10 - 1) */
	fe_sqn(&b, &a, 10);
	fe_mul(&b, &b, &a);		/* z^(2^20 - 1) */
	fe_sqn(&c, &b, 20);
	fe_mul(&b, &c, &b);		/* z^(2^40 - 1) */
	fe_sqn(&b, &b, 10);
	fe_mul(&a, &b, &a);		/* z^(2^50 - 1) */
	fe_sqn(&b, &a, 50);
	fe_mul(&b, &b, &a);		/* z^(2^100 - 1) */
	fe_sqn(&c, &b, 100);
	fe_mul(&b, &c, &b);		/* z^(2^200 - 1) */
	fe_sqn(&b, &b, 50);
	fe_mul(out, &b, &a);		/* z^(2^250 - 1) */
}

/* h = z^-1 = z^(p - 2) = z^(2^255 - 21) */
static void fe_invert(struct fe *h, const struct fe *z)
{
	struct fe t, z11;

	fe_pow_2_250_1(&t, &z11, z);
	fe_sqn(&t, &t, 5);		/* z^(2^255 - 32) */
	fe_mul(h, &t, &z11);
}

/* h = z^((p - 5) / 8) = z^(2^252 - 3) */
static void fe_pow22523(struct fe *h, const struct fe *z)
{
	struct fe t;

	fe_pow_2_250_1(&t, NULL, z);
	fe_sqn(&t, &t, 2);		/* z^(2^252 - 4) */
	fe_mul(h, &t, z);
}

/* ---- curve constants (little-endian) ---- */

/* d = -121665 / 121666 */
static const u8 ed_d[32] = {
	0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41,
	0x4d, 0x0a, 0x70, 0x00, 0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c,
	0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
};

/* 2^((p - 1) / 4), a square root of -1 */
static const u8 ed_sqrtm1[32] = {
	0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad,
	0x06, 0x18, 0x43, 0x2f, 0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b,
	0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b,
};

/* base point B: y = 4/5, x even */
static const u8 ed_bx[32] = {
	0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95,
	0x60, 0xc7, 0x2c, 0x69, 0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0,
	0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
};

static const u8 ed_by[32] = {
	0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
	0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
};

/* group order L = 2^252 + 27742317777372353535851937790883648493 */
static const u8 ed_l[32] = {
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
	0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* ---- points ---- */

struct ge {
	struct fe x, y, z, t;		/* x = X/Z, y = Y/Z, x y = T/Z */
};

struct ge_cached {
	struct fe ypx, ymx, z2, t2d;	/* Y + X, Y - X, 2 Z, 2 d T */
};

static void ge_identity(struct ge *p)
{
	fe_small(&p->x, 0);
	fe_small(&p->y, 1);
	fe_small(&p->z, 1);
	fe_small(&p->t, 0);
}

static void ge_to_cached(struct ge_cached *c, const struct ge *p, const struct fe *d2)
{
	fe_add(&c->ypx, &p->y, &p->x);
	fe_sub(&c->ymx, &p->y, &p->x);
	fe_add(&c->z2, &p->z, &p->z);
	fe_mul(&c->t2d, &p->t, d2);
}

/* r = p + q (RFC 8032 5.1.4, complete for a = -1); r may alias p. */
static void ge_add(struct ge *r, const struct ge *p, const struct ge_cached *q)
{
	struct fe a, b, c, d, e, f, g, h;

	fe_sub(&a, &p->y, &p->x);
	fe_mul(&a, &a, &q->ymx);
	fe_add(&b, &p->y, &p->x);
	fe_mul(&b, &b, &q->ypx);
	fe_mul(&c, &p->t, &q->t2d);
	fe_mul(&d, &p->z, &q->z2);
	fe_sub(&e, &b, &a);
	fe_sub(&f, &d, &c);
	fe_add(&g, &d, &c);
	fe_add(&h, &b, &a);
	fe_mul(&r->x, &e, &f);
	fe_mul(&r->y, &g, &h);
	fe_mul(&r->t, &e, &h);
	fe_mul(&r->z, &f, &g);
}

/* r = 2p (RFC 8032 5.1.4); r may alias p. */
static void ge_dbl(struct ge *r, const struct ge *p)
{
	struct fe a, b, c, e, f, g, h;

	fe_sq(&a, &p->x);
	fe_sq(&b, &p->y);
	fe_sq(&c, &p->z);
	fe_add(&c, &c, &c);
	fe_add(&h, &a, &b);
	fe_add(&e, &p->x, &p->y);
	fe_sq(&e, &e);
	fe_sub(&e, &h, &e);
	fe_sub(&g, &a, &b);
	fe_add(&f, &c, &g);
	fe_mul(&r->x, &e, &f);
	fe_mul(&r->y, &g, &h);
	fe_mul(&r->t, &e, &h);
	fe_mul(&r->z, &f, &g);
}

/*
 * Decode a point (RFC 8032 5.1.3), refusing non-canonical encodings.
 * Return: true if @s encodes a point.
 */
static bool ge_frombytes(struct ge *p, const u8 *s, const struct fe *d,
			 const struct fe *sqrtm1)
{
	struct fe u, v, v3, t, x2;
	u8 check[32];
	bool x0 = s[31] >> 7;

	fe_frombytes(&p->y, s);
	fe_tobytes(check, &p->y);	/* canonical: y < p */
	if (memcmp(check, s, 31) || check[31] != (s[31] & 0x7f))
		return false;

	/* x^2 = u / v with u = y^2 - 1, v = d y^2 + 1 */
	fe_small(&p->z, 1);
	fe_sq(&u, &p->y);
	fe_mul(&v, &u, d);
	fe_sub(&u, &u, &p->z);
	fe_add(&v, &v, &p->z);

	/* x = u v^3 (u v^7)^((p - 5) / 8) */
	fe_sq(&v3, &v);
	fe_mul(&v3, &v3, &v);		/* v^3 */
	fe_sq(&t, &v3);
	fe_mul(&t, &t, &v);		/* v^7 */
	fe_mul(&t, &t, &u);		/* u v^7 */
	fe_pow22523(&t, &t);
	fe_mul(&t, &t, &v3);
	fe_mul(&p->x, &t, &u);

	fe_sq(&x2, &p->x);
	fe_mul(&x2, &x2, &v);		/* v x^2 */
	if (!fe_equal(&x2, &u)) {
		fe_small(&t, 0);
		fe_sub(&t, &t, &u);
		if (!fe_equal(&x2, &t))
			return false;	/* not a square: no such point */
		fe_mul(&p->x, &p->x, sqrtm1);
	}
	if (fe_iszero(&p->x) && x0)
		return false;		/* "negative zero" */
	if (fe_isodd(&p->x) != x0) {
		fe_small(&t, 0);
		fe_sub(&p->x, &t, &p->x);
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
	s[31] |= fe_isodd(&x) << 7;
}

/* ---- scalars ---- */

/* Is the little-endian 256-bit s below L? */
static bool sc_below_l(const u8 *s)
{
	int i;

	for (i = 31; i >= 0; i--) {
		if (s[i] != ed_l[i])
			return s[i] < ed_l[i];
	}
	return false;
}

/*
 * out = h mod L for a 512-bit little-endian h, one byte at a time from the
 * top: r = 256 r + byte, then subtract q L with q = floor(r / 2^252), which
 * is the true quotient or one more (L is just above 2^252).
 */
static void sc_reduce64(u8 *out, const u8 *h)
{
	u32 l[9], r[9] = { 0 };
	int i, j;

	for (i = 0; i < 8; i++)
		l[i] = get_unaligned_le32(ed_l + 4 * i);
	l[8] = 0;
	for (i = 63; i >= 0; i--) {
		u64 carry = h[i];
		s64 borrow = 0;
		u32 q;

		for (j = 0; j < 9; j++) {	/* r = 256 r + h[i] */
			u64 v = ((u64)r[j] << 8) | carry;

			r[j] = (u32)v;
			carry = v >> 32;
		}
		q = (r[7] >> 28) | (r[8] << 4);	/* r >> 252, at most 256 */
		for (j = 0; j < 9; j++) {	/* r -= q L */
			s64 v = (s64)r[j] - (s64)((u64)q * l[j]) + borrow;

			r[j] = (u32)v;
			borrow = v >> 32;	/* arithmetic: floor */
		}
		if (borrow < 0) {		/* q was one too many */
			u64 c = 0;

			for (j = 0; j < 9; j++) {
				u64 v = (u64)r[j] + l[j] + c;

				r[j] = (u32)v;
				c = v >> 32;
			}
		}
	}
	for (i = 0; i < 8; i++)
		put_unaligned_le32(r[i], out + 4 * i);
}

static unsigned int sc_bit(const u8 *s, unsigned int i)
{
	return (s[i / 8] >> (i % 8)) & 1;
}

#define ED_WINDOW	5
#define ED_TABLE	(1 << (ED_WINDOW - 1))	/* odd multiples 1, 3, ..., 31 */

struct ed_scalar {
	const u8 *s;
	struct ge_cached tbl[ED_TABLE];
	int end;		/* bit where the open window ends, -1: none */
	unsigned int val;
};

static void ed_scalar_setup(struct ed_scalar *x, const u8 *s, const struct ge *p,
			    const struct fe *d2)
{
	struct ge p2, acc = *p;
	struct ge_cached c2;
	int i;

	x->s = s;
	x->end = -1;
	ge_dbl(&p2, p);
	ge_to_cached(&c2, &p2, d2);
	ge_to_cached(&x->tbl[0], p, d2);
	for (i = 1; i < ED_TABLE; i++) {
		ge_add(&acc, &acc, &c2);
		ge_to_cached(&x->tbl[i], &acc, d2);
	}
}

/* Table entry to add at bit i, or NULL (see mont.c exp_step()). */
static const struct ge_cached *ed_scalar_step(struct ed_scalar *x, unsigned int i)
{
	if (x->end < 0 && sc_bit(x->s, i)) {
		unsigned int j = i >= ED_WINDOW - 1 ? i - (ED_WINDOW - 1) : 0;
		unsigned int k;

		while (!sc_bit(x->s, j))
			j++;
		x->val = 0;
		for (k = i + 1; k-- > j; )
			x->val = (x->val << 1) | sc_bit(x->s, k);
		x->end = j;
	}
	if (x->end == (int)i) {
		x->end = -1;
		return &x->tbl[x->val >> 1];
	}
	return NULL;
}

/* r = [a]P + [b]Q for 256-bit little-endian a, b; xs: tables (on the heap) */
static void ge_double_scalarmult(struct ge *r, struct ed_scalar *xs, const u8 *a,
				 const struct ge *p, const u8 *b, const struct ge *q,
				 const struct fe *d2)
{
	bool started = false;
	int i, k;

	ed_scalar_setup(&xs[0], a, p, d2);
	ed_scalar_setup(&xs[1], b, q, d2);
	ge_identity(r);
	for (i = 255; i >= 0; i--) {
		if (started)
			ge_dbl(r, r);
		for (k = 0; k < 2; k++) {
			const struct ge_cached *c = ed_scalar_step(&xs[k], i);

			if (c) {
				ge_add(r, r, c);
				started = true;
			}
		}
	}
}

/* Everything too big for the stack (the tables are 5 KiB with 51-bit limbs). */
struct ed_work {
	struct ed_scalar xs[2];
	struct ge a, b, t;
	struct fe d, d2, sqrtm1;
	u8 h[64], k[32], rcheck[32];
};

static int ed25519_hash(u8 *out, const u8 *r, const u8 *pub, const u8 *msg, size_t len)
{
	struct crypto_shash *tfm;
	int ret;

	tfm = crypto_alloc_shash("sha512", 0, CRYPTO_NOLOAD);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	{
		SHASH_DESC_ON_STACK(desc, tfm);

		desc->tfm = tfm;
		ret = crypto_shash_init(desc);
		if (!ret)
			ret = crypto_shash_update(desc, r, 32);
		if (!ret)
			ret = crypto_shash_update(desc, pub, 32);
		while (!ret && len) {
			unsigned int chunk = min_t(size_t, len, UINT_MAX);

			ret = crypto_shash_update(desc, msg, chunk);
			msg += chunk;
			len -= chunk;
		}
		if (!ret)
			ret = crypto_shash_final(desc, out);
		shash_desc_zero(desc);
	}
	crypto_free_shash(tfm);
	return ret;
}

/**
 * ed25519_verify() - verify an Ed25519 signature (RFC 8032 5.1.7)
 * @pub: public key A, 32 bytes
 * @msg: the message (for OpenPGP: the digest of the signed data)
 * @msg_len: length of @msg in bytes
 * @sig: signature R || S, 64 bytes
 *
 * Cofactorless: accepts iff S < L and the canonical encoding of
 * [S]B - [k]A equals R, with k = SHA-512(R || A || M) mod L.  SHA-512 is
 * allocated with CRYPTO_NOLOAD, so it must be built in or already loaded.
 *
 * Context: may sleep (allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it is not (S >= L,
 * R does not match); -EINVAL if @pub is not a canonical encoding of a point
 * on the curve, or is a point of small order; -ENOENT if no SHA-512 is
 * available; -ENOMEM.
 */
int ed25519_verify(const u8 pub[ED25519_PUBLIC_KEY_SIZE], const u8 *msg, size_t msg_len,
		   const u8 sig[ED25519_SIGNATURE_SIZE])
{
	struct ed_work *w;
	int ret;

	if (!sc_below_l(sig + 32))
		return -EKEYREJECTED;
	w = kmalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;

	fe_frombytes(&w->d, ed_d);
	fe_add(&w->d2, &w->d, &w->d);
	fe_frombytes(&w->sqrtm1, ed_sqrtm1);
	ret = -EINVAL;
	if (!ge_frombytes(&w->a, pub, &w->d, &w->sqrtm1))
		goto out;
	/* small order: [8]A is the identity, i.e. its x is 0 */
	ge_dbl(&w->t, &w->a);
	ge_dbl(&w->t, &w->t);
	ge_dbl(&w->t, &w->t);
	if (fe_iszero(&w->t.x))
		goto out;

	ret = ed25519_hash(w->h, sig, pub, msg, msg_len);
	if (ret)
		goto out;
	sc_reduce64(w->k, w->h);

	/* [S]B + [k](-A) */
	fe_frombytes(&w->b.x, ed_bx);
	fe_frombytes(&w->b.y, ed_by);
	fe_small(&w->b.z, 1);
	fe_mul(&w->b.t, &w->b.x, &w->b.y);
	fe_small(&w->t.x, 0);
	fe_sub(&w->a.x, &w->t.x, &w->a.x);
	fe_sub(&w->a.t, &w->t.x, &w->a.t);
	ge_double_scalarmult(&w->t, w->xs, sig + 32, &w->b, w->k, &w->a, &w->d2);
	ge_tobytes(w->rcheck, &w->t);

	ret = memcmp(w->rcheck, sig, 32) ? -EKEYREJECTED : 0;
out:
	kfree_sensitive(w);	/* holds a digest compared in place: wipe by habit */
	return ret;
}
EXPORT_SYMBOL_GPL(ed25519_verify);

MODULE_DESCRIPTION("Ed25519 signature verification (RFC 8032)");
MODULE_LICENSE("GPL");
