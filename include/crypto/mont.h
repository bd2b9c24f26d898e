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
 * @w: scratch for mont_reduce() and mont_inv_prime(), 3 * @n limbs
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
unsigned int mont_limb_bits(const unsigned long *a, unsigned int n);
int mont_from_be(unsigned long *r, unsigned int n, const u8 *buf, size_t len);
int mont_to_be(u8 *buf, size_t len, const unsigned long *a, unsigned int n);
int mont_cmp(const unsigned long *a, const unsigned long *b, unsigned int n);
bool mont_is_zero(const unsigned long *a, unsigned int n);

int mont_ctx_init(struct mont_ctx *ctx, const u8 *m, size_t len);
void mont_ctx_destroy(struct mont_ctx *ctx);

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
int mont_inv_prime(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a);

#endif /* _CRYPTO_MONT_H */
