/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHAKE128 and SHAKE256, the extendable-output functions of FIPS 202: the
 * kernel's SHA-3 library (lib/crypto/sha3.c, <crypto/sha3.h>) where it has
 * one, else crypto/shake.c.  Callers see one interface: struct shake_ctx,
 * shake128_init(), shake256_init(), shake_absorb(), shake_squeeze(),
 * shake_zeroize(), shake128(), shake256() and the rates.
 */
#ifndef _CRYPTO_SHAKE_H
#define _CRYPTO_SHAKE_H

#include <linux/string.h>
#include <linux/types.h>

#if IS_ENABLED(CONFIG_CRYPTO_LIB_SHA3)

#include <crypto/sha3.h>

/* The library's SHAKE: its context, init, squeeze and one-shot functions */
#define SHAKE128_RATE		SHAKE128_BLOCK_SIZE
#define SHAKE256_RATE		SHAKE256_BLOCK_SIZE

static inline void shake_absorb(struct shake_ctx *ctx, const u8 *in, size_t len)
{
	shake_update(ctx, in, len);
}

static inline void shake_zeroize(struct shake_ctx *ctx)
{
	shake_zeroize_ctx(ctx);
}

#else /* !CONFIG_CRYPTO_LIB_SHA3: crypto/shake.c */

/* Bytes absorbed or squeezed per Keccak-f[1600] permutation (the rate r / 8) */
#define SHAKE128_RATE		168
#define SHAKE256_RATE		136

/**
 * struct shake_ctx - the sponge state of one SHAKE computation
 * @st: the Keccak-f[1600] state as 25 lanes; lane x + 5y holds bytes
 *	8(x + 5y) to 8(x + 5y) + 7 of the state string, least significant
 *	byte first (FIPS 202 section 3.1.2), on every host
 * @rate: bytes per block, SHAKE128_RATE or SHAKE256_RATE
 * @pos: bytes of the current block absorbed or squeezed so far
 * @squeezing: the padding has been absorbed: only squeezing is allowed
 *
 * Initialise with shake128_init() or shake256_init(), absorb any number of
 * times, then squeeze any number of times: the output is one stream, so
 * squeezing 3 and then 5 bytes gives the same 8 bytes as squeezing 8.
 * The state holds what was absorbed: when that was secret, wipe it with
 * shake_zeroize().
 */
struct shake_ctx {
	u64 st[25];
	unsigned int rate;
	unsigned int pos;
	bool squeezing;
};

void shake128_init(struct shake_ctx *ctx);
void shake256_init(struct shake_ctx *ctx);
void shake_absorb(struct shake_ctx *ctx, const u8 *in, size_t len);
void shake_squeeze(struct shake_ctx *ctx, u8 *out, size_t len);

void shake128(const u8 *in, size_t in_len, u8 *out, size_t out_len);
void shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len);

/**
 * shake_zeroize() - wipe a SHAKE state
 * @ctx: the state; it must be initialised again before its next use
 *
 * Context: any context.
 */
static inline void shake_zeroize(struct shake_ctx *ctx)
{
	memzero_explicit(ctx, sizeof(*ctx));
}

#endif /* !CONFIG_CRYPTO_LIB_SHA3 */

#endif /* _CRYPTO_SHAKE_H */
