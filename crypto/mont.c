// SPDX-License-Identifier: GPL-2.0
/*
 * Montgomery modular arithmetic for public-key signature verification.
 *
 * lib/mpi is a general-purpose library: every operation allocates, and its
 * modular exponentiation reduces by long division.  Verifying DSA and RSA
 * signatures at module load time needs only a handful of operations on
 * numbers of a fixed size, so this file does them directly on limb arrays:
 * Montgomery multiplication (SOS: the product, then word-by-word reduction),
 * a dedicated squaring, sliding-window exponentiation and simultaneous
 * ("Shamir") double exponentiation.  Everything runs on one row primitive,
 * r += a * b[i]; on x86-64 CPUs with MULX/ADCX/ADOX that row is a few lines
 * of inline assembly with two carry chains, twice as fast as the C row.
 *
 * Only public values pass through here, so nothing tries to be constant
 * time; every memory access is bounded by the sizes fixed at mont_ctx_init().
 *
 * Reference: Koc, Acar, Kaliski, "Analyzing and Comparing Montgomery
 * Multiplication Algorithms", IEEE Micro 16(3), 1996 (SOS, CIOS);
 * Handbook of Applied Cryptography, 14.3.2 and 14.6 (exponentiation).
 */

#define pr_fmt(fmt) "mont: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/mont.h>
#ifdef CONFIG_X86_64
#include <asm/cpufeature.h>
#endif

/*
 * A double-limb type where the compiler multiplies into one inline (only
 * multiplication is used, never 128-bit division).  x86-64 always does,
 * also under UML, which does not select ARCH_SUPPORTS_INT128.
 */
#if BITS_PER_LONG == 64 && (defined(CONFIG_ARCH_SUPPORTS_INT128) || defined(CONFIG_X86_64))
#define mont_dlimb u128
#define MONT_HAVE_DLIMB 1
#elif BITS_PER_LONG == 32
#define mont_dlimb u64
#define MONT_HAVE_DLIMB 1
#else
#define MONT_HAVE_DLIMB 0
#endif

/* Return the low limb of a * b + c + *carry; the high limb goes to *carry. */
static __always_inline unsigned long mac(unsigned long a, unsigned long b,
					 unsigned long c, unsigned long *carry)
{
#if MONT_HAVE_DLIMB
	/* spelled out: compilers widen c and *carry to 2 limbs otherwise */
	mont_dlimb t = (mont_dlimb)a * b;
	unsigned long lo = (unsigned long)t;
	unsigned long hi = (unsigned long)(t >> BITS_PER_LONG);

	lo += c;
	hi += lo < c;
	lo += *carry;
	hi += lo < *carry;
	*carry = hi;
	return lo;
#else
	/* 64-bit machine whose compiler has no usable 128-bit type. */
	const unsigned long mask = 0xffffffffUL;
	unsigned long al = a & mask, ah = a >> 32, bl = b & mask, bh = b >> 32;
	unsigned long ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	unsigned long mid = (ll >> 32) + (lh & mask) + (hl & mask);
	unsigned long lo = (ll & mask) | (mid << 32);
	unsigned long hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);

	lo += c;
	hi += lo < c;
	lo += *carry;
	hi += lo < *carry;
	*carry = hi;
	return lo;
#endif
}

/* r = a - b over n limbs; returns the borrow. r may alias a or b. */
static unsigned long sub_n(unsigned long *r, const unsigned long *a,
			   const unsigned long *b, unsigned int n)
{
	unsigned long borrow = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long ai = a[i], bi = b[i];
		unsigned long d = ai - bi;
		unsigned long b1 = ai < bi;

		r[i] = d - borrow;
		borrow = b1 | (d < borrow);
	}
	return borrow;
}

/* r = a + b over n limbs; returns the carry. r may alias a or b. */
static unsigned long add_n(unsigned long *r, const unsigned long *a,
			   const unsigned long *b, unsigned int n)
{
	unsigned long carry = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long s = a[i] + carry;
		unsigned long c1 = s < carry;

		r[i] = s + b[i];
		carry = c1 | (r[i] < s);
	}
	return carry;
}

/**
 * mont_bits() - bit length of a big-endian byte string
 * @buf: the number, most significant byte first (leading zeros allowed)
 * @len: length of @buf in bytes
 *
 * Return: the position of the highest set bit plus one, 0 for zero,
 * UINT_MAX when the length does not fit in an unsigned int.
 */
unsigned int mont_bits(const u8 *buf, size_t len)
{
	size_t i = 0;

	while (i < len && !buf[i])
		i++;
	if (i == len)
		return 0;
	if (len - i > UINT_MAX / 8)
		return UINT_MAX;
	return (unsigned int)(len - i - 1) * 8 + fls(buf[i]);
}
EXPORT_SYMBOL_GPL(mont_bits);

/**
 * mont_limb_bits() - bit length of a limb array
 * @a: the number, @n limbs
 * @n: number of limbs
 *
 * Return: the position of the highest set bit plus one, 0 for zero.
 */
unsigned int mont_limb_bits(const unsigned long *a, unsigned int n)
{
	while (n && !a[n - 1])
		n--;
	if (!n)
		return 0;
	return (n - 1) * BITS_PER_LONG + __fls(a[n - 1]) + 1;
}
EXPORT_SYMBOL_GPL(mont_limb_bits);

/**
 * mont_be_cmp() - compare two big-endian numbers
 * @a: first number, leading zero bytes allowed
 * @alen: length of @a in bytes
 * @b: second number, leading zero bytes allowed
 * @blen: length of @b in bytes
 *
 * Return: -1, 0 or 1 as @a is less than, equal to or greater than @b.
 */
int mont_be_cmp(const u8 *a, size_t alen, const u8 *b, size_t blen)
{
	int c;

	while (alen && !*a) {
		a++;
		alen--;
	}
	while (blen && !*b) {
		b++;
		blen--;
	}
	if (alen != blen)
		return alen > blen ? 1 : -1;
	c = memcmp(a, b, alen);
	return c > 0 ? 1 : (c < 0 ? -1 : 0);
}
EXPORT_SYMBOL_GPL(mont_be_cmp);

/**
 * mont_from_be() - load a big-endian byte string into a limb array
 * @r: destination, @n limbs
 * @n: number of limbs of @r
 * @buf: the number, most significant byte first (leading zeros allowed)
 * @len: length of @buf in bytes
 *
 * Return: 0, or -EINVAL if the value does not fit in @n limbs (@r is then
 * left zeroed).
 */
int mont_from_be(unsigned long *r, unsigned int n, const u8 *buf, size_t len)
{
	size_t i;

	memset(r, 0, n * sizeof(*r));
	while (len && !*buf) {
		buf++;
		len--;
	}
	if (len > (size_t)n * MONT_LIMB_BYTES)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		unsigned long byte = buf[len - 1 - i];

		r[i / MONT_LIMB_BYTES] |= byte << (8 * (i % MONT_LIMB_BYTES));
	}
	return 0;
}
EXPORT_SYMBOL_GPL(mont_from_be);

/**
 * mont_to_be() - store a limb array as a big-endian byte string
 * @buf: destination, written in full (left-padded with zeros)
 * @len: length of @buf in bytes
 * @a: the number, @n limbs
 * @n: number of limbs of @a
 *
 * Return: 0, or -EINVAL if the value needs more than @len bytes.
 */
int mont_to_be(u8 *buf, size_t len, const unsigned long *a, unsigned int n)
{
	unsigned int bits = mont_limb_bits(a, n);
	size_t i;

	if (DIV_ROUND_UP(bits, 8) > len)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		size_t limb = i / MONT_LIMB_BYTES;

		buf[len - 1 - i] = limb < n ?
			(u8)(a[limb] >> (8 * (i % MONT_LIMB_BYTES))) : 0;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(mont_to_be);

/**
 * mont_cmp() - compare two limb arrays of the same length
 * @a: first number, @n limbs
 * @b: second number, @n limbs
 * @n: number of limbs
 *
 * Return: -1, 0 or 1 as @a is less than, equal to or greater than @b.
 */
int mont_cmp(const unsigned long *a, const unsigned long *b, unsigned int n)
{
	while (n--) {
		if (a[n] != b[n])
			return a[n] > b[n] ? 1 : -1;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(mont_cmp);

/**
 * mont_is_zero() - test a limb array for zero
 * @a: the number, @n limbs
 * @n: number of limbs
 *
 * Return: true if every limb is zero.
 */
bool mont_is_zero(const unsigned long *a, unsigned int n)
{
	unsigned long acc = 0;

	while (n--)
		acc |= a[n];
	return !acc;
}
EXPORT_SYMBOL_GPL(mont_is_zero);

/*
 * Reduce t (n limbs plus a top limb t_hi that is 0 or 1, value < 2m) into
 * r, which may alias t.
 */
static void final_sub(const struct mont_ctx *ctx, unsigned long *r,
		      const unsigned long *t, unsigned long t_hi)
{
	unsigned int n = ctx->n;

	if (t_hi || mont_cmp(t, ctx->m, n) >= 0)
		sub_n(r, t, ctx->m, n);
	else if (r != t)
		memcpy(r, t, n * sizeof(*r));
}

/* r = 2a mod m for a < m; r may alias a. */
static void mod_double(const struct mont_ctx *ctx, unsigned long *r,
		       const unsigned long *a)
{
	unsigned long top = 0;
	unsigned int i;

	for (i = 0; i < ctx->n; i++) {
		unsigned long v = a[i];

		r[i] = (v << 1) | top;
		top = v >> (BITS_PER_LONG - 1);
	}
	final_sub(ctx, r, r, top);
}

/* r = a + b mod m for a, b < m; r may alias either. */
static void mod_add(const struct mont_ctx *ctx, unsigned long *r,
		    const unsigned long *a, const unsigned long *b)
{
	unsigned long carry = add_n(r, a, b, ctx->n);

	final_sub(ctx, r, r, carry);
}

#if defined(CONFIG_X86_64) && MONT_HAVE_DLIMB
#define MONT_X86_ADX 1
/*
 * r[0..n) += a[0..n) * b with MULX and two independent carry chains (ADCX:
 * the high halves, ADOX: r), n % 8 single limbs then rounds of 8 (the
 * loop's own instructions then cost 5 per 8 limbs); returns the carry.
 * LEA, MOV, JMP and JRCXZ leave the flags alone.  The same technique as
 * arch/x86/crypto/curve25519-x86_64.c.
 */
static unsigned long addmul_adx(unsigned long *r, const unsigned long *a,
				unsigned long n, unsigned long b)
{
	unsigned long c, lo, hi, zero = 0, single = n % 8, rounds = n / 8;

	asm volatile("xor %[c], %[c]\n\t"		/* c = 0, CF = OF = 0 */
		     "jrcxz 3f\n"
		     "1:\n\t"
		     "mulx (%[a]), %[lo], %[hi]\n\t"
		     "adcx %[c], %[lo]\n\t"
		     "adox (%[r]), %[lo]\n\t"
		     "mov %[lo], (%[r])\n\t"
		     "mov %[hi], %[c]\n\t"
		     "lea 8(%[a]), %[a]\n\t"
		     "lea 8(%[r]), %[r]\n\t"
		     "lea -1(%%rcx), %%rcx\n\t"
		     "jrcxz 3f\n\t"
		     "jmp 1b\n"
		     "3:\n\t"
		     "mov %[rounds], %%rcx\n\t"
		     "jrcxz 6f\n\t"		/* JRCXZ reaches 127 bytes only */
		     "jmp 4f\n"
		     "6:\n\t"
		     "jmp 5f\n"
		     "4:\n\t"
		     "mulx (%[a]), %[lo], %[hi]\n\t"
		     "adcx %[c], %[lo]\n\t"
		     "adox (%[r]), %[lo]\n\t"
		     "mov %[lo], (%[r])\n\t"
		     "mulx 8(%[a]), %[lo], %[c]\n\t"
		     "adcx %[hi], %[lo]\n\t"
		     "adox 8(%[r]), %[lo]\n\t"
		     "mov %[lo], 8(%[r])\n\t"
		     "mulx 16(%[a]), %[lo], %[hi]\n\t"
		     "adcx %[c], %[lo]\n\t"
		     "adox 16(%[r]), %[lo]\n\t"
		     "mov %[lo], 16(%[r])\n\t"
		     "mulx 24(%[a]), %[lo], %[c]\n\t"
		     "adcx %[hi], %[lo]\n\t"
		     "adox 24(%[r]), %[lo]\n\t"
		     "mov %[lo], 24(%[r])\n\t"
		     "mulx 32(%[a]), %[lo], %[hi]\n\t"
		     "adcx %[c], %[lo]\n\t"
		     "adox 32(%[r]), %[lo]\n\t"
		     "mov %[lo], 32(%[r])\n\t"
		     "mulx 40(%[a]), %[lo], %[c]\n\t"
		     "adcx %[hi], %[lo]\n\t"
		     "adox 40(%[r]), %[lo]\n\t"
		     "mov %[lo], 40(%[r])\n\t"
		     "mulx 48(%[a]), %[lo], %[hi]\n\t"
		     "adcx %[c], %[lo]\n\t"
		     "adox 48(%[r]), %[lo]\n\t"
		     "mov %[lo], 48(%[r])\n\t"
		     "mulx 56(%[a]), %[lo], %[c]\n\t"
		     "adcx %[hi], %[lo]\n\t"
		     "adox 56(%[r]), %[lo]\n\t"
		     "mov %[lo], 56(%[r])\n\t"
		     "lea 64(%[a]), %[a]\n\t"
		     "lea 64(%[r]), %[r]\n\t"
		     "lea -1(%%rcx), %%rcx\n\t"
		     "jrcxz 5f\n\t"
		     "jmp 4b\n"
		     "5:\n\t"
		     "adcx %[zero], %[c]\n\t"
		     "adox %[zero], %[c]\n\t"
		     : [c] "=&r" (c), [lo] "=&r" (lo), [hi] "=&r" (hi),
		       [a] "+r" (a), [r] "+r" (r), "+c" (single)
		     : "d" (b), [zero] "r" (zero), [rounds] "r" (rounds)
		     : "cc", "memory");
	return c;
}
#else
#define MONT_X86_ADX 0
#endif

/* r[0..n) += a[0..n) * b; returns the carry limb. The hot loop of everything. */
static unsigned long addmul_1(const struct mont_ctx *ctx, unsigned long *r,
			      const unsigned long *a, unsigned int n, unsigned long b)
{
	unsigned long c = 0;
	unsigned int i = 0;

#if MONT_X86_ADX
	if (ctx->adx)
		return n ? addmul_adx(r, a, n, b) : 0;
#endif

	for (; i + 4 <= n; i += 4) {
		r[i] = mac(a[i], b, r[i], &c);
		r[i + 1] = mac(a[i + 1], b, r[i + 1], &c);
		r[i + 2] = mac(a[i + 2], b, r[i + 2], &c);
		r[i + 3] = mac(a[i + 3], b, r[i + 3], &c);
	}
	for (; i < n; i++)
		r[i] = mac(a[i], b, r[i], &c);
	return c;
}

/*
 * Montgomery reduction of the 2n-limb value p (< m * R): r = p * R^-1 mod m.
 * p is destroyed; r may alias p.
 */
static void redc(const struct mont_ctx *ctx, unsigned long *r, unsigned long *p)
{
	const unsigned int n = ctx->n;
	unsigned long top = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long c = addmul_1(ctx, p + i, ctx->m, n, p[i] * ctx->n0inv);
		unsigned long s = p[i + n] + c;
		unsigned long k = s < c;

		/* top is the carry out of p[i + n - 1 + 1] from the row before */
		p[i + n] = s + top;
		top = k + (p[i + n] < top);
	}
	final_sub(ctx, r, p + n, top);
}

/**
 * mont_mul() - Montgomery product
 * @ctx: Montgomery context of the modulus m
 * @r: result a * b * R^-1 mod m, @ctx->n limbs; may alias @a or @b
 * @a: first factor, @ctx->n limbs, less than R
 * @b: second factor, @ctx->n limbs, less than m
 *
 * Context: uses @ctx's scratch space.
 */
void mont_mul(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
	      const unsigned long *b)
{
	const unsigned int n = ctx->n;
	unsigned long *p = ctx->t;
	unsigned int i;

	/* schoolbook product, then a separate reduction (SOS) */
	memset(p, 0, n * sizeof(*p));
	for (i = 0; i < n; i++)
		p[i + n] = addmul_1(ctx, p + i, b, n, a[i]);
	redc(ctx, r, p);
}
EXPORT_SYMBOL_GPL(mont_mul);

/**
 * mont_sqr() - Montgomery square
 * @ctx: Montgomery context of the modulus m
 * @r: result a^2 * R^-1 mod m, @ctx->n limbs; may alias @a
 * @a: @ctx->n limbs, less than m
 *
 * Context: uses @ctx's scratch space.
 */
void mont_sqr(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a)
{
	const unsigned int n = ctx->n;
	unsigned long *p = ctx->t;
	unsigned long c, top;
	unsigned int i;

	/* off-diagonal products a[i] * a[j], i < j */
	memset(p, 0, 2 * n * sizeof(*p));
	for (i = 0; i + 1 < n; i++)
		p[i + n] = addmul_1(ctx, p + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
	/* double them */
	top = 0;
	for (i = 0; i < 2 * n; i++) {
		unsigned long v = p[i];

		p[i] = (v << 1) | top;
		top = v >> (BITS_PER_LONG - 1);
	}
	/* add the squares a[i]^2 on the diagonal */
	c = 0;
	for (i = 0; i < n; i++) {
		unsigned long s;

		p[2 * i] = mac(a[i], a[i], p[2 * i], &c);	/* c: carry in, high out */
		s = p[2 * i + 1] + c;
		c = s < c;
		p[2 * i + 1] = s;
	}
	redc(ctx, r, p);
}
EXPORT_SYMBOL_GPL(mont_sqr);

/**
 * mont_to() - convert into Montgomery form
 * @ctx: Montgomery context of the modulus m
 * @r: result a * R mod m, @ctx->n limbs; may alias @a
 * @a: @ctx->n limbs, any value below R
 *
 * Context: uses @ctx's scratch space.
 */
void mont_to(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a)
{
	mont_mul(ctx, r, a, ctx->rr);
}
EXPORT_SYMBOL_GPL(mont_to);

/**
 * mont_from() - convert out of Montgomery form
 * @ctx: Montgomery context of the modulus m
 * @r: result a * R^-1 mod m, @ctx->n limbs; may alias @a
 * @a: @ctx->n limbs, less than m
 *
 * Context: uses @ctx's scratch space.
 */
void mont_from(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a)
{
	unsigned int n = ctx->n;

	memcpy(ctx->t, a, n * sizeof(*a));
	memset(ctx->t + n, 0, n * sizeof(*a));
	redc(ctx, r, ctx->t);
}
EXPORT_SYMBOL_GPL(mont_from);

/**
 * mont_modmul() - plain modular product
 * @ctx: Montgomery context of the modulus m
 * @r: result a * b mod m, @ctx->n limbs; may alias @a or @b
 * @a: @ctx->n limbs, less than R
 * @b: @ctx->n limbs, less than m
 *
 * Context: uses @ctx's scratch space.
 */
void mont_modmul(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
		 const unsigned long *b)
{
	mont_mul(ctx, r, a, b);		/* a b R^-1 */
	mont_mul(ctx, r, r, ctx->rr);	/* a b */
}
EXPORT_SYMBOL_GPL(mont_modmul);

/**
 * mont_reduce() - reduce a number of any length modulo m
 * @ctx: Montgomery context of the modulus m
 * @r: result a mod m, @ctx->n limbs; must not overlap @a
 * @a: the number, @an limbs
 * @an: number of limbs of @a (may be 0)
 *
 * Processes @a in chunks of @ctx->n limbs from the top (Horner's rule with
 * radix R, carried out in Montgomery form).
 *
 * Context: uses @ctx's scratch space.
 */
void mont_reduce(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
		 unsigned int an)
{
	const unsigned int n = ctx->n;
	unsigned long *acc = ctx->w, *chunk = ctx->w + n;
	unsigned int chunks = an / n + !!(an % n);
	unsigned int i;

	memset(acc, 0, n * sizeof(*acc));
	for (i = chunks; i-- > 0; ) {
		unsigned int lo = i * n;
		unsigned int cnt = min(n, an - lo);

		memcpy(chunk, a + lo, cnt * sizeof(*a));
		memset(chunk + cnt, 0, (n - cnt) * sizeof(*a));
		/* acc = acc * R + chunk * R (mod m), both terms < m */
		mont_mul(ctx, acc, acc, ctx->rr);
		mont_mul(ctx, chunk, chunk, ctx->rr);
		mod_add(ctx, acc, acc, chunk);
	}
	mont_from(ctx, r, acc);
}
EXPORT_SYMBOL_GPL(mont_reduce);

/**
 * mont_ctx_init() - set up a Montgomery context
 * @ctx: context to initialise
 * @m: the modulus, big-endian, leading zeros allowed
 * @len: length of @m in bytes
 *
 * The modulus must be odd, greater than 1 and at most %MONT_MAX_BITS bits.
 * On success the caller must release @ctx with mont_ctx_destroy().
 *
 * Return: 0, -EINVAL if @m is unsuitable, -ENOMEM.
 */
int mont_ctx_init(struct mont_ctx *ctx, const u8 *m, size_t len)
{
	unsigned int bits = mont_bits(m, len);
	unsigned int n, i, shift, nbits;
	unsigned long inv, *mem;

	memset(ctx, 0, sizeof(*ctx));
	if (bits < 2 || bits > MONT_MAX_BITS || !(m[len - 1] & 1))
		return -EINVAL;
	n = mont_limbs(bits);
	/* m, rr, one: n each; t: 2n + 2; w: 3n */
	mem = kmalloc_array(8 * n + 2, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;
	ctx->n = n;
	ctx->bits = bits;
#if MONT_X86_ADX
	ctx->adx = boot_cpu_has(X86_FEATURE_BMI2) && boot_cpu_has(X86_FEATURE_ADX);
#endif
	ctx->m = mem;
	ctx->rr = mem + n;
	ctx->one = mem + 2 * n;
	ctx->t = mem + 3 * n;
	ctx->w = mem + 5 * n + 2;
	mont_from_be(ctx->m, n, m, len);	/* cannot fail: n limbs are enough */

	/* m^-1 mod 2^BITS_PER_LONG by Newton's iteration (m odd: 3 bits to start) */
	inv = ctx->m[0];
	for (i = 0; i < 6; i++)
		inv *= 2 - ctx->m[0] * inv;
	ctx->n0inv = -inv;

	/*
	 * R^2 mod m, i.e. 2^nbits in Montgomery form, with nbits = n * BITS_PER_LONG.
	 * Start from 2^(bits-1) < m, double up to 2^(bits-1+k) = 2^k0 * R
	 * with k0 the top bits of nbits, then square-and-double through the
	 * remaining bits of nbits in Montgomery form.
	 */
	nbits = n * BITS_PER_LONG;
	shift = 0;
	while ((nbits >> shift) >= 2 * BITS_PER_LONG)
		shift++;
	memset(ctx->rr, 0, n * sizeof(*mem));
	ctx->rr[(bits - 1) / BITS_PER_LONG] = 1UL << ((bits - 1) % BITS_PER_LONG);
	for (i = bits - 1; i < nbits; i++)
		mod_double(ctx, ctx->rr, ctx->rr);
	memcpy(ctx->one, ctx->rr, n * sizeof(*mem));	/* R mod m */
	for (i = 0; i < (nbits >> shift); i++)
		mod_double(ctx, ctx->rr, ctx->rr);	/* 2^(nbits >> shift) * R */
	while (shift--) {
		mont_sqr(ctx, ctx->rr, ctx->rr);
		if ((nbits >> shift) & 1)
			mod_double(ctx, ctx->rr, ctx->rr);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(mont_ctx_init);

/**
 * mont_ctx_destroy() - release a Montgomery context
 * @ctx: context set up by mont_ctx_init(), or zeroed by a failed one
 */
void mont_ctx_destroy(struct mont_ctx *ctx)
{
	kfree(ctx->m);
	memset(ctx, 0, sizeof(*ctx));
}
EXPORT_SYMBOL_GPL(mont_ctx_destroy);

static inline unsigned int test_bit_limbs(const unsigned long *e, unsigned int i)
{
	return (e[i / BITS_PER_LONG] >> (i % BITS_PER_LONG)) & 1;
}

/* Window width for an exponent of the given bit length. */
static unsigned int window_bits(unsigned int bits)
{
	if (bits > 671)
		return 6;
	if (bits > 239)
		return 5;
	if (bits > 79)
		return 4;
	if (bits > 23)
		return 3;
	return 1;
}

/*
 * One exponent of a sliding-window exponentiation: its bits, its table of
 * odd powers a^1, a^3, ..., a^(2^w - 1) in Montgomery form, and the window
 * being collected.
 */
struct mont_exp {
	const unsigned long *e;
	unsigned int bits;
	unsigned int w;
	unsigned long *tbl;
	int end;		/* bit position where the window ends, -1 if none */
	unsigned int val;	/* value of that window (odd) */
};

static unsigned int exp_tbl_limbs(const struct mont_ctx *ctx, unsigned int bits)
{
	return ctx->n << (window_bits(bits) - 1);
}

/* Fill the table of odd powers; tmp holds n limbs of scratch. */
static void exp_setup(struct mont_ctx *ctx, struct mont_exp *x,
		      const unsigned long *base, const unsigned long *e,
		      unsigned int bits, unsigned long *tbl, unsigned long *tmp)
{
	const unsigned int n = ctx->n;
	unsigned int i;

	x->e = e;
	x->bits = bits;
	x->w = window_bits(bits);
	x->tbl = tbl;
	x->end = -1;
	mont_to(ctx, tbl, base);
	if (x->w == 1)
		return;
	mont_sqr(ctx, tmp, tbl);
	for (i = 1; i < (1U << (x->w - 1)); i++)
		mont_mul(ctx, tbl + i * n, tbl + (i - 1) * n, tmp);
}

/*
 * At bit position i of the scan, start a window if none is open and bit i
 * is set; return the table entry to multiply in if a window ends at i.
 */
static const unsigned long *exp_step(const struct mont_ctx *ctx,
				     struct mont_exp *x, unsigned int i)
{
	if (i >= x->bits)
		return NULL;
	if (x->end < 0 && test_bit_limbs(x->e, i)) {
		unsigned int j = i >= x->w - 1 ? i - (x->w - 1) : 0;
		unsigned int k;

		while (!test_bit_limbs(x->e, j))
			j++;
		x->val = 0;
		for (k = i + 1; k-- > j; )
			x->val = (x->val << 1) | test_bit_limbs(x->e, k);
		x->end = j;
	}
	if (x->end == (int)i) {
		x->end = -1;
		return x->tbl + (x->val >> 1) * ctx->n;
	}
	return NULL;
}

/* r = product over the exponents (sharing one chain of squarings). */
static void exp_run(struct mont_ctx *ctx, unsigned long *r, struct mont_exp *x,
		    unsigned int nx, unsigned long *acc)
{
	unsigned int bits = 0, i, k;
	bool started = false;

	for (k = 0; k < nx; k++)
		bits = max(bits, x[k].bits);
	for (i = bits; i-- > 0; ) {
		if (started)
			mont_sqr(ctx, acc, acc);
		for (k = 0; k < nx; k++) {
			const unsigned long *f = exp_step(ctx, &x[k], i);

			if (!f)
				continue;
			if (started) {
				mont_mul(ctx, acc, acc, f);
			} else {
				memcpy(acc, f, ctx->n * sizeof(*acc));
				started = true;
			}
		}
	}
	if (!started)
		memcpy(acc, ctx->one, ctx->n * sizeof(*acc));
	mont_from(ctx, r, acc);
}

/**
 * mont_powm() - modular exponentiation
 * @ctx: Montgomery context of the modulus m
 * @r: result a^e mod m, @ctx->n limbs; may alias @a
 * @a: base, @ctx->n limbs, less than R
 * @e: exponent, @en limbs
 * @en: number of limbs of @e
 *
 * Context: may sleep (allocates); uses @ctx's scratch space.
 * Return: 0 or -ENOMEM.
 */
int mont_powm(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a,
	      const unsigned long *e, unsigned int en)
{
	unsigned int bits = mont_limb_bits(e, en);
	unsigned int tl = exp_tbl_limbs(ctx, bits);
	struct mont_exp x;
	unsigned long *mem;

	/* up to 34 KiB for an 8192-bit modulus: no need for contiguous pages */
	mem = kvmalloc_array(tl + 2 * ctx->n, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;
	exp_setup(ctx, &x, a, e, bits, mem, mem + tl);
	exp_run(ctx, r, &x, 1, mem + tl + ctx->n);
	kvfree(mem);
	return 0;
}
EXPORT_SYMBOL_GPL(mont_powm);

/**
 * mont_powm2() - simultaneous double exponentiation
 * @ctx: Montgomery context of the modulus m
 * @r: result a^x * b^y mod m, @ctx->n limbs; may alias @a or @b
 * @a: first base, @ctx->n limbs, less than R
 * @x: first exponent, @xn limbs
 * @xn: number of limbs of @x
 * @b: second base, @ctx->n limbs, less than R
 * @y: second exponent, @yn limbs
 * @yn: number of limbs of @y
 *
 * Both sliding windows share one chain of squarings (interleaved
 * exponentiation, HAC 14.6 / "Shamir's trick"), so the cost is about that
 * of a single exponentiation of the longer exponent.
 *
 * Context: may sleep (allocates); uses @ctx's scratch space.
 * Return: 0 or -ENOMEM.
 */
int mont_powm2(struct mont_ctx *ctx, unsigned long *r,
	       const unsigned long *a, const unsigned long *x, unsigned int xn,
	       const unsigned long *b, const unsigned long *y, unsigned int yn)
{
	unsigned int xbits = mont_limb_bits(x, xn), ybits = mont_limb_bits(y, yn);
	unsigned int xl = exp_tbl_limbs(ctx, xbits), yl = exp_tbl_limbs(ctx, ybits);
	struct mont_exp ex[2];
	unsigned long *mem, *tmp;

	mem = kvmalloc_array(xl + yl + 2 * ctx->n, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;
	tmp = mem + xl + yl;
	exp_setup(ctx, &ex[0], a, x, xbits, mem, tmp);
	exp_setup(ctx, &ex[1], b, y, ybits, mem + xl, tmp);
	exp_run(ctx, r, ex, 2, tmp + ctx->n);
	kvfree(mem);
	return 0;
}
EXPORT_SYMBOL_GPL(mont_powm2);

/**
 * mont_ctx_clone() - copy a Montgomery context, with scratch space of its own
 * @dst: context to initialise
 * @src: context set up by mont_ctx_init() (only its constants are read)
 *
 * Lets several threads use one precomputed context (each on a clone).
 * On success the caller must release @dst with mont_ctx_destroy().
 *
 * Return: 0 or -ENOMEM.
 */
int mont_ctx_clone(struct mont_ctx *dst, const struct mont_ctx *src)
{
	const unsigned int n = src->n;
	unsigned long *mem;

	memset(dst, 0, sizeof(*dst));
	mem = kmalloc_array(8 * n + 2, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;
	*dst = *src;
	dst->m = mem;
	dst->rr = mem + n;
	dst->one = mem + 2 * n;
	dst->t = mem + 3 * n;
	dst->w = mem + 5 * n + 2;
	memcpy(mem, src->m, 3 * n * sizeof(*mem));	/* m, rr, one */
	return 0;
}
EXPORT_SYMBOL_GPL(mont_ctx_clone);

/**
 * mont_comb_init() - precompute a fixed-base comb table
 * @ctx: Montgomery context of the modulus m
 * @c: the table to set up
 * @base: the fixed base, @ctx->n limbs, less than R
 * @ebits: longest exponent (in bits) the table will serve
 * @h: rows of the comb, 1 to %MONT_COMB_MAX_ROWS: the table has 2^@h entries
 *
 * Lim-Lee comb (HAC 14.117 with one column block): an exponent of up to
 * @ebits bits is cut into @h rows of a = ceil(@ebits / @h) bits, and entry j
 * of the table is the product of base^(2^(i a)) over the bits i set in j.
 * mont_comb_powm2() then needs only a - 1 squarings.  Costs h a squarings
 * and 2^h multiplications, once.
 *
 * On success the caller must release @c with mont_comb_free().
 *
 * Context: may sleep (allocates); uses @ctx's scratch space.
 * Return: 0, -EINVAL for a bad @h or @ebits, -ENOMEM.
 */
int mont_comb_init(struct mont_ctx *ctx, struct mont_comb *c,
		   const unsigned long *base, unsigned int ebits, unsigned int h)
{
	const unsigned int n = ctx->n;
	unsigned int i, j;
	unsigned long *t;

	memset(c, 0, sizeof(*c));
	if (!h || h > MONT_COMB_MAX_ROWS || !ebits || ebits > MONT_MAX_BITS)
		return -EINVAL;
	c->tbl = kvmalloc_array(n << h, sizeof(*c->tbl), GFP_KERNEL);
	if (!c->tbl)
		return -ENOMEM;
	c->h = h;
	c->a = DIV_ROUND_UP(ebits, h);
	c->ebits = ebits;
	c->n = n;

	t = c->tbl;
	memcpy(t, ctx->one, n * sizeof(*t));		/* entry 0: 1 */
	mont_to(ctx, t + n, base);			/* entry 1: base */
	for (i = 1; i < h; i++) {
		unsigned long *row = t + (n << i);	/* entry 2^i */

		memcpy(row, t + (n << (i - 1)), n * sizeof(*t));
		for (j = 0; j < c->a; j++)
			mont_sqr(ctx, row, row);
		/* entries 2^i + k, 0 < k < 2^i */
		for (j = 1; j < (1U << i); j++)
			mont_mul(ctx, row + j * n, row, t + j * n);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(mont_comb_init);

/**
 * mont_comb_free() - release a comb table
 * @c: table set up by mont_comb_init(), or zeroed by a failed one
 */
void mont_comb_free(struct mont_comb *c)
{
	kvfree(c->tbl);
	memset(c, 0, sizeof(*c));
}
EXPORT_SYMBOL_GPL(mont_comb_free);

/* Column @col of exponent @e in comb @c: the table index. */
static unsigned int comb_index(const struct mont_comb *c, const unsigned long *e,
			       unsigned int ebits, unsigned int col)
{
	unsigned int i, idx = 0, bit = col;

	for (i = 0; i < c->h && bit < ebits; i++, bit += c->a)
		idx |= test_bit_limbs(e, bit) << i;
	return idx;
}

/**
 * mont_comb_powm2() - double exponentiation with two fixed-base tables
 * @ctx: Montgomery context of the modulus the tables were built for
 * @r: result a^x * b^y mod m, @ctx->n limbs
 * @ca: table of the first base a
 * @x: first exponent, @xn limbs, at most @ca->ebits bits long
 * @xn: number of limbs of @x
 * @cb: table of the second base b
 * @y: second exponent, @yn limbs, at most @cb->ebits bits long
 * @yn: number of limbs of @y
 *
 * Both combs share one chain of max(a) - 1 squarings.
 *
 * Context: uses @ctx's scratch space.
 * Return: 0, or -EINVAL if an exponent is longer than its table allows or
 * a table was built for another modulus size.
 */
int mont_comb_powm2(struct mont_ctx *ctx, unsigned long *r,
		    const struct mont_comb *ca, const unsigned long *x, unsigned int xn,
		    const struct mont_comb *cb, const unsigned long *y, unsigned int yn)
{
	const unsigned int n = ctx->n;
	unsigned int xbits = mont_limb_bits(x, xn), ybits = mont_limb_bits(y, yn);
	unsigned long *acc = ctx->w;
	unsigned int col, cols = max(ca->a, cb->a);
	bool started = false;

	if (ca->n != n || cb->n != n || xbits > ca->ebits || ybits > cb->ebits)
		return -EINVAL;
	for (col = cols; col-- > 0; ) {
		unsigned int ix = col < ca->a ? comb_index(ca, x, xbits, col) : 0;
		unsigned int iy = col < cb->a ? comb_index(cb, y, ybits, col) : 0;

		if (started)
			mont_sqr(ctx, acc, acc);
		if (ix) {
			if (started)
				mont_mul(ctx, acc, acc, ca->tbl + ix * n);
			else
				memcpy(acc, ca->tbl + ix * n, n * sizeof(*acc));
			started = true;
		}
		if (iy) {
			if (started)
				mont_mul(ctx, acc, acc, cb->tbl + iy * n);
			else
				memcpy(acc, cb->tbl + iy * n, n * sizeof(*acc));
			started = true;
		}
	}
	if (!started)
		memcpy(acc, ctx->one, n * sizeof(*acc));
	mont_from(ctx, r, acc);
	return 0;
}
EXPORT_SYMBOL_GPL(mont_comb_powm2);

/**
 * mont_inv_prime() - inverse modulo a prime, by Fermat's little theorem
 * @ctx: Montgomery context of a prime modulus p
 * @r: result a^(p-2) mod p, @ctx->n limbs; may alias @a
 * @a: @ctx->n limbs, less than R
 *
 * The result is the inverse of @a only if p is prime; this is not checked.
 *
 * Context: may sleep (allocates); uses @ctx's scratch space.
 * Return: 0, -EINVAL if @a is a multiple of p (no inverse), -ENOMEM.
 */
int mont_inv_prime(struct mont_ctx *ctx, unsigned long *r, const unsigned long *a)
{
	const unsigned int n = ctx->n;
	unsigned long *e, two[1] = { 2 };
	unsigned long borrow;
	unsigned int i;
	int ret;

	e = kmalloc_array(n, sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	/* e = p - 2; p is odd and > 1, so p >= 3 and this cannot underflow */
	borrow = sub_n(e, ctx->m, two, 1);
	for (i = 1; i < n; i++) {
		e[i] = ctx->m[i] - borrow;
		borrow = ctx->m[i] < borrow;
	}
	ret = mont_powm(ctx, r, a, e, n);
	kfree(e);
	if (!ret && mont_is_zero(r, n))
		ret = -EINVAL;
	return ret;
}
EXPORT_SYMBOL_GPL(mont_inv_prime);

MODULE_DESCRIPTION("Montgomery modular arithmetic for signature verification");
MODULE_LICENSE("GPL");
