// SPDX-License-Identifier: GPL-2.0
/*
 * SHAKE128 and SHAKE256, written from FIPS 202: the Keccak-f[1600]
 * permutation (section 3.3, 24 rounds of theta, rho, pi, chi and iota), the
 * sponge construction (section 4) with the pad10*1 rule, and the SHAKE
 * domain suffix 1111 (section 6.2), with any number of absorb calls followed
 * by any number of squeeze calls.
 *
 * FIPS 202 numbers the bits of the state string from the least significant
 * bit of its first byte, and a lane is 64 consecutive bits: so a lane is
 * read and written as a little-endian 64-bit word whatever the host's byte
 * order, which get_unaligned_le64() and put_unaligned_le64() do.
 */

#include <linux/bitops.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/unaligned.h>
#include <crypto/shake.h>

/* Round constants RC[ir] (FIPS 202 section 3.2.5: rc(j + 7 ir) in bit 2^j - 1) */
static const u64 keccak_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL,
	0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL,
	0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL,
	0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL,
	0x0000000080000001ULL, 0x8000000080008008ULL,
};

/*
 * Keccak-f[1600] (FIPS 202 section 3.3) on the lanes a[x + 5y], two rounds
 * a time from a[] into e[] and back, every index a constant: the compiler
 * keeps the lanes in registers and on the stack, not in the caller's
 * state, which is read once and written once.
 *
 * One round: theta adds to each lane the parities of the columns x - 1
 * and x + 1 (the second rotated by one), d[x]; rho rotates lane (x, y) by
 * its offset r (Algorithm 2: the triangular numbers along pi's orbit of
 * (1, 0)) and pi moves it to (y, 2x + 3y mod 5), so that row y' of the
 * output is computed from five lanes b0..b4, b[x'] being
 * rol(a[x + 5y] ^ d[x], r) for the lane (x, y) that pi sends to (x', y');
 * chi sets lane x' of the row to b[x'] ^ (~b[x' + 1] & b[x' + 2]); iota
 * adds the round constant to lane (0, 0).
 *
 * Lane complementing: between rounds the six lanes (1, 0), (2, 0), (3, 1),
 * (2, 2), (2, 3) and (0, 4), indices 1, 2, 8, 12, 17 and 20, are held
 * complemented.  Complements pass through theta, rho and pi as known
 * complements (a column holding an odd number of them has its parity
 * complemented, and so d of its two neighbours), and chi then needs no
 * NOT where its inputs arrive complemented in the right places: ~y & z is
 * y' & z when y' = ~y is what is held, and ~(y | z') when z' = ~z is, so
 * that x ^ (~y & z) = ~(x ^ (y | z')), an output held complemented.  With
 * this set of lanes (the Keccak team's "lane complementing transform")
 * one NOT a row remains: five a round instead of 25, what a machine
 * without an AND-NOT instruction saves.  The complements each b holds are
 * noted row by row; every output lane is held as the set wants it.
 */
static __always_inline void keccak_round(const u64 a[25], u64 e[25], u64 rc)
{
	u64 b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;

	/* theta */
	c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
	d0 = c4 ^ rol64(c1, 1);
	d1 = c0 ^ rol64(c2, 1);
	d2 = c1 ^ rol64(c3, 1);
	d3 = c2 ^ rol64(c4, 1);
	d4 = c3 ^ rol64(c0, 1);

	/* rho, pi and chi row by row, iota in row 0; held complemented: b0, b2, b3 */
	b0 = a[0] ^ d0;
	b1 = rol64(a[6] ^ d1, 44);
	b2 = rol64(a[12] ^ d2, 43);
	b3 = rol64(a[18] ^ d3, 21);
	b4 = rol64(a[24] ^ d4, 14);
	e[0] = b0 ^ (b1 | b2) ^ rc;
	e[1] = b1 ^ (~b2 | b3);
	e[2] = b2 ^ (b3 & b4);
	e[3] = b3 ^ (b4 | b0);
	e[4] = b4 ^ (b0 & b1);

	/* row 1; held complemented: b0, b2 */
	b0 = rol64(a[3] ^ d3, 28);
	b1 = rol64(a[9] ^ d4, 20);
	b2 = rol64(a[10] ^ d0, 3);
	b3 = rol64(a[16] ^ d1, 45);
	b4 = rol64(a[22] ^ d2, 61);
	e[5] = b0 ^ (b1 | b2);
	e[6] = b1 ^ (b2 & b3);
	e[7] = b2 ^ (b3 | ~b4);
	e[8] = b3 ^ (b4 | b0);
	e[9] = b4 ^ (b0 & b1);

	/* row 2; held complemented: b0, b2 */
	b0 = rol64(a[1] ^ d1, 1);
	b1 = rol64(a[7] ^ d2, 6);
	b2 = rol64(a[13] ^ d3, 25);
	b3 = rol64(a[19] ^ d4, 8);
	b4 = rol64(a[20] ^ d0, 18);
	e[10] = b0 ^ (b1 | b2);
	e[11] = b1 ^ (b2 & b3);
	e[12] = b2 ^ (~b3 & b4);
	e[13] = ~b3 ^ (b4 | b0);
	e[14] = b4 ^ (b0 & b1);

	/* row 3; held complemented: b1, b3, b4 */
	b0 = rol64(a[4] ^ d4, 27);
	b1 = rol64(a[5] ^ d0, 36);
	b2 = rol64(a[11] ^ d1, 10);
	b3 = rol64(a[17] ^ d2, 15);
	b4 = rol64(a[23] ^ d3, 56);
	e[15] = b0 ^ (b1 & b2);
	e[16] = b1 ^ (b2 | b3);
	e[17] = b2 ^ (~b3 | b4);
	e[18] = ~b3 ^ (b4 & b0);
	e[19] = b4 ^ (b0 | b1);

	/* row 4; held complemented: b0, b3 */
	b0 = rol64(a[2] ^ d2, 62);
	b1 = rol64(a[8] ^ d3, 55);
	b2 = rol64(a[14] ^ d4, 39);
	b3 = rol64(a[15] ^ d0, 41);
	b4 = rol64(a[21] ^ d1, 2);
	e[20] = b0 ^ (~b1 & b2);
	e[21] = ~b1 ^ (b2 | b3);
	e[22] = b2 ^ (b3 & b4);
	e[23] = b3 ^ (b4 | b0);
	e[24] = b4 ^ (b0 & b1);
}

static void keccakf(u64 st[25])
{
	u64 a[25], e[25];
	int round;

	/* complement lanes 1, 2, 8, 12, 17 and 20 on the way in and out */
	a[0] = st[0];   a[1] = ~st[1];  a[2] = ~st[2];  a[3] = st[3];   a[4] = st[4];
	a[5] = st[5];   a[6] = st[6];   a[7] = st[7];   a[8] = ~st[8];  a[9] = st[9];
	a[10] = st[10]; a[11] = st[11]; a[12] = ~st[12]; a[13] = st[13]; a[14] = st[14];
	a[15] = st[15]; a[16] = st[16]; a[17] = ~st[17]; a[18] = st[18]; a[19] = st[19];
	a[20] = ~st[20]; a[21] = st[21]; a[22] = st[22]; a[23] = st[23]; a[24] = st[24];
	for (round = 0; round < 24; round += 2) {
		keccak_round(a, e, keccak_rc[round]);
		keccak_round(e, a, keccak_rc[round + 1]);
	}
	st[0] = a[0];   st[1] = ~a[1];  st[2] = ~a[2];  st[3] = a[3];   st[4] = a[4];
	st[5] = a[5];   st[6] = a[6];   st[7] = a[7];   st[8] = ~a[8];  st[9] = a[9];
	st[10] = a[10]; st[11] = a[11]; st[12] = ~a[12]; st[13] = a[13]; st[14] = a[14];
	st[15] = a[15]; st[16] = a[16]; st[17] = ~a[17]; st[18] = a[18]; st[19] = a[19];
	st[20] = ~a[20]; st[21] = a[21]; st[22] = a[22]; st[23] = a[23]; st[24] = a[24];
}

static void shake_init(struct shake_ctx *ctx, unsigned int rate)
{
	memset(ctx->st, 0, sizeof(ctx->st));
	ctx->rate = rate;
	ctx->pos = 0;
	ctx->squeezing = false;
}

/**
 * shake128_init() - start a SHAKE128 computation
 * @ctx: the state to initialise
 *
 * Context: any context.
 */
void shake128_init(struct shake_ctx *ctx)
{
	shake_init(ctx, SHAKE128_RATE);
}
EXPORT_SYMBOL_GPL(shake128_init);

/**
 * shake256_init() - start a SHAKE256 computation
 * @ctx: the state to initialise
 *
 * Context: any context.
 */
void shake256_init(struct shake_ctx *ctx)
{
	shake_init(ctx, SHAKE256_RATE);
}
EXPORT_SYMBOL_GPL(shake256_init);

/* XOR one byte into the state string at byte offset @i (< 200). */
static inline void shake_xor_byte(u64 *st, unsigned int i, u8 v)
{
	st[i / 8] ^= (u64)v << (8 * (i % 8));
}

/**
 * shake_absorb() - absorb input into a SHAKE state
 * @ctx: a state from shake128_init() or shake256_init() not yet squeezed
 * @in: the input
 * @len: its length in bytes
 *
 * Calls may split the input anywhere.  Absorbing after the first squeeze is
 * a caller's bug: it warns and leaves the state as it is.
 *
 * Context: any context.
 */
void shake_absorb(struct shake_ctx *ctx, const u8 *in, size_t len)
{
	unsigned int i, n;

	if (WARN_ON_ONCE(ctx->squeezing))
		return;
	while (len) {
		if (ctx->pos == 0 && len >= ctx->rate) {
			/* a whole block, lane by lane */
			for (i = 0; i < ctx->rate / 8; i++)
				ctx->st[i] ^= get_unaligned_le64(in + 8 * i);
			keccakf(ctx->st);
			in += ctx->rate;
			len -= ctx->rate;
			continue;
		}
		/* the rate is whole lanes: a lane never runs past the block */
		if (ctx->pos % 8 == 0 && len >= 8) {
			ctx->st[ctx->pos / 8] ^= get_unaligned_le64(in);
			n = 8;
		} else {
			shake_xor_byte(ctx->st, ctx->pos, *in);
			n = 1;
		}
		ctx->pos += n;
		in += n;
		len -= n;
		if (ctx->pos == ctx->rate) {
			keccakf(ctx->st);
			ctx->pos = 0;
		}
	}
}
EXPORT_SYMBOL_GPL(shake_absorb);

/**
 * shake_squeeze() - squeeze output from a SHAKE state
 * @ctx: a state from shake128_init() or shake256_init()
 * @out: where to write the output
 * @len: how many bytes to write
 *
 * The first call ends the input: it absorbs the SHAKE suffix 1111 and the
 * pad10*1 padding.  Each call continues the output stream where the last
 * one stopped.
 *
 * Context: any context.
 */
void shake_squeeze(struct shake_ctx *ctx, u8 *out, size_t len)
{
	unsigned int i, n;

	if (!ctx->squeezing) {
		/* M || 1111 || pad10*1: the suffix and the first pad bit are 0x1f */
		shake_xor_byte(ctx->st, ctx->pos, 0x1f);
		shake_xor_byte(ctx->st, ctx->rate - 1, 0x80);
		keccakf(ctx->st);
		ctx->pos = 0;
		ctx->squeezing = true;
	}
	while (len) {
		if (ctx->pos == ctx->rate) {
			keccakf(ctx->st);
			ctx->pos = 0;
		}
		if (ctx->pos == 0 && len >= ctx->rate) {
			for (i = 0; i < ctx->rate / 8; i++)
				put_unaligned_le64(ctx->st[i], out + 8 * i);
			ctx->pos = ctx->rate;
			out += ctx->rate;
			len -= ctx->rate;
			continue;
		}
		if (ctx->pos % 8 == 0 && len >= 8) {
			put_unaligned_le64(ctx->st[ctx->pos / 8], out);
			n = 8;
		} else {
			*out = ctx->st[ctx->pos / 8] >> (8 * (ctx->pos % 8));
			n = 1;
		}
		ctx->pos += n;
		out += n;
		len -= n;
	}
}
EXPORT_SYMBOL_GPL(shake_squeeze);

/**
 * shake128() - SHAKE128(M, d) in one call
 * @in: the message M
 * @in_len: its length in bytes
 * @out: the output, @out_len bytes (d = 8 * @out_len bits)
 * @out_len: its length in bytes
 *
 * Context: any context.
 */
void shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	struct shake_ctx ctx;

	shake128_init(&ctx);
	shake_absorb(&ctx, in, in_len);
	shake_squeeze(&ctx, out, out_len);
	shake_zeroize(&ctx);
}
EXPORT_SYMBOL_GPL(shake128);

/**
 * shake256() - SHAKE256(M, d) in one call
 * @in: the message M
 * @in_len: its length in bytes
 * @out: the output, @out_len bytes (d = 8 * @out_len bits)
 * @out_len: its length in bytes
 *
 * Context: any context.
 */
void shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	struct shake_ctx ctx;

	shake256_init(&ctx);
	shake_absorb(&ctx, in, in_len);
	shake_squeeze(&ctx, out, out_len);
	shake_zeroize(&ctx);
}
EXPORT_SYMBOL_GPL(shake256);

MODULE_DESCRIPTION("SHAKE128 and SHAKE256 extendable-output functions (FIPS 202)");
MODULE_LICENSE("GPL");
