/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Montgomery modular arithmetic on arrays of machine-word limbs, for
 * public-key signature verification (DSA, RSASSA-PKCS1-v1_5).
 *
 * Numbers are little-endian arrays of unsigned long limbs (limb 0 is the
 * least significant).  Nothing here is constant time: it only ever handles
 * public data (keys, signatures, digests).
 */
#ifndef _CRYPTO_MONT_H
#define _CRYPTO_MONT_H

#include <linux/types.h>
#include <asm/bitsperlong.h>

/* Largest modulus accepted by mont_ctx_init(), in bits. */
#define MONT_MAX_BITS		8192
#define MONT_LIMB_BITS		BITS_PER_LONG
#define MONT_LIMB_BYTES		(BITS_PER_LONG / 8)
#define MONT_MAX_LIMBS		(MONT_MAX_BITS / BITS_PER_LONG)

/**
 * struct mont_ctx - Montgomery context for one odd modulus m > 1
 * @n: number of limbs of m (its top limb is non-zero); R = 2^(n * BITS_PER_LONG)
 * @bits: bit length of m
 * @n0inv: -m^-1 mod 2^BITS_PER_LONG
 * @m: the modulus, @n limbs
 * @rr: R^2 mod m, @n limbs
 * @one: R mod m (1 in Montgomery form), @n limbs
 * @t: scratch, 2 * @n + 2 limbs
 * @w: scratch for mont_reduce(), mont_inv_prime() and mont_comb_powm2(),
 *	3 * @n limbs
 * @adx: x86-64 only: the CPU has MULX, ADCX and ADOX
 *
 * A context is not safe for concurrent use: the functions taking a
 * non-const context use its scratch space.
 */
struct mont_ctx {
	unsigned int n;
	unsigned int bits;
	unsigned long n0inv;
	unsigned long *m;
	unsigned long *rr;
	unsigned long *one;
	unsigned long *t;
	unsigned long *w;
	bool adx;
};

/* Largest number of rows of a fixed-base comb (2^rows table entries). */
#define MONT_COMB_MAX_ROWS	8

/**
 * struct mont_comb - fixed-base comb table (mont_comb_init())
 * @h: rows: exponent bit i * @a + j selects bit i of column j's table index
 * @a: columns, ceil(@ebits / @h)
 * @ebits: longest exponent served, in bits
 * @n: limbs per entry (the modulus' @n)
 * @tbl: 2^@h entries of @n limbs, in Montgomery form
 */
struct mont_comb {
	unsigned int h;
	unsigned int a;
	unsigned int ebits;
	unsigned int n;
	unsigned long *tbl;
};

/**
 * mont_limbs() - number of limbs needed to hold @bits bits
 * @bits: bit count
 *
 * Return: DIV_ROUND_UP(@bits, BITS_PER_LONG).
 */
static inline unsigned int mont_limbs(unsigned int bits)
{
	return bits / BITS_PER_LONG + !!(bits % BITS_PER_LONG);
}

unsigned int mont_bits(const u8 *buf, size_t len);
int mont_be_cmp(const u8 *a, size_t alen, const u8 *b, size_t blen);
unsigned int mont_limb_bits(const unsigned long *a, unsigned int n);
int mont_from_be(unsigned long *r, unsigned int n, const u8 *buf, size_t len);
int mont_to_be(u8 *buf, size_t len, const unsigned long *a, unsigned int n);
int mont_cmp(const unsigned long *a, const unsigned long *b, unsigned int n);
bool mont_is_zero(const unsigned long *a, unsigned int n);

int mont_ctx_init(struct mont_ctx *ctx, const u8 *m, size_t len);
void mont_ctx_destroy(struct mont_ctx *ctx);
int mont_ctx_clone(struct mont_ctx *dst, const struct mont_ctx *src);

void mont_mul(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
	      const unsigned long *b);
void mont_sqr(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a);
void mont_to(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a);
void mont_from(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a);
void mont_modmul(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
		 const unsigned long *b);
void mont_reduce(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
		 unsigned int an);
int mont_powm(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
	      const unsigned long *e, unsigned int en);
int mont_powm2(struct mont_ctx *ctx, unsigned long *r,
	       const unsigned long *a, const unsigned long *x, unsigned int xn,
	       const unsigned long *b, const unsigned long *y, unsigned int yn);
int mont_comb_init(struct mont_ctx *ctx, struct mont_comb *c,
		   const unsigned long *base, unsigned int ebits, unsigned int h);
void mont_comb_free(struct mont_comb *c);
int mont_comb_powm2(struct mont_ctx *ctx, unsigned long *r,
		    const struct mont_comb *ca, const unsigned long *x, unsigned int xn,
		    const struct mont_comb *cb, const unsigned long *y, unsigned int yn);
int mont_inv_prime(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a);

#endif /* _CRYPTO_MONT_H */
