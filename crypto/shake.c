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
 * Keccak-f[1600] on the lanes a[x + 5y].  rho and pi are done together:
 * pi moves lane (x, y) to (y, 2x + 3y mod 5), and rho rotates it by the
 * offset of Algorithm 2 (the triangular numbers along pi's orbit of
 * (1, 0)), so b[] below is pi(rho(a)).
 */
static void keccakf(u64 a[25])
{
	u64 b[25], c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	int round, y;

	for (round = 0; round < 24; round++) {
		/* theta: add the parities of the columns x - 1 and x + 1 (rotated) */
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
		for (y = 0; y < 25; y += 5) {
			a[y] ^= d0;
			a[y + 1] ^= d1;
			a[y + 2] ^= d2;
			a[y + 3] ^= d3;
			a[y + 4] ^= d4;
		}

		/* rho and pi */
		b[0] = a[0];
		b[1] = rol64(a[6], 44);
		b[2] = rol64(a[12], 43);
		b[3] = rol64(a[18], 21);
		b[4] = rol64(a[24], 14);
		b[5] = rol64(a[3], 28);
		b[6] = rol64(a[9], 20);
		b[7] = rol64(a[10], 3);
		b[8] = rol64(a[16], 45);
		b[9] = rol64(a[22], 61);
		b[10] = rol64(a[1], 1);
		b[11] = rol64(a[7], 6);
		b[12] = rol64(a[13], 25);
		b[13] = rol64(a[19], 8);
		b[14] = rol64(a[20], 18);
		b[15] = rol64(a[4], 27);
		b[16] = rol64(a[5], 36);
		b[17] = rol64(a[11], 10);
		b[18] = rol64(a[17], 15);
		b[19] = rol64(a[23], 56);
		b[20] = rol64(a[2], 62);
		b[21] = rol64(a[8], 55);
		b[22] = rol64(a[14], 39);
		b[23] = rol64(a[15], 41);
		b[24] = rol64(a[21], 2);

		/* chi: along each row, a[x] = b[x] ^ (~b[x + 1] & b[x + 2]) */
		for (y = 0; y < 25; y += 5) {
			a[y] = b[y] ^ (~b[y + 1] & b[y + 2]);
			a[y + 1] = b[y + 1] ^ (~b[y + 2] & b[y + 3]);
			a[y + 2] = b[y + 2] ^ (~b[y + 3] & b[y + 4]);
			a[y + 3] = b[y + 3] ^ (~b[y + 4] & b[y]);
			a[y + 4] = b[y + 4] ^ (~b[y] & b[y + 1]);
		}

		/* iota */
		a[0] ^= keccak_rc[round];
	}
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
		n = min_t(size_t, len, ctx->rate - ctx->pos);
		for (i = 0; i < n; i++)
			shake_xor_byte(ctx->st, ctx->pos + i, in[i]);
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
		n = min_t(size_t, len, ctx->rate - ctx->pos);
		for (i = 0; i < n; i++, ctx->pos++)
			out[i] = ctx->st[ctx->pos / 8] >> (8 * (ctx->pos % 8));
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
