// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/shake.c against OpenSSL's SHAKE128 and SHAKE256
 * (EVP_shake128/256, an independent implementation): random inputs of
 * every length around the block sizes, absorbed and squeezed in random
 * pieces, compared with OpenSSL's one-shot output of the same total length.
 * Prints TAP; exit status 1 on any failure.
 *
 * Usage: test_shake [rounds]   (default 300 random cases per function)
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */

#include <stdarg.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <crypto/shake.h>

#include "tap.h"

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void ossl_shake(int bits, const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	const EVP_MD *md = bits == 128 ? EVP_shake128() : EVP_shake256();

	if (!mc || EVP_DigestInit_ex(mc, md, NULL) != 1 ||
	    EVP_DigestUpdate(mc, in, in_len) != 1 ||
	    (out_len && EVP_DigestFinalXOF(mc, out, out_len) != 1)) {
		fprintf(stderr, "test_shake: OpenSSL SHAKE%d failed\n", bits);
		exit(2);
	}
	EVP_MD_CTX_free(mc);
}

/* Lengths that matter: 0, around one and two blocks of either rate, random. */
static size_t pick_len(unsigned int i, size_t max)
{
	static const size_t edges[] = { 0, 1, 7, 8, 9, 135, 136, 137, 167, 168, 169,
					271, 272, 273, 335, 336, 337 };

	if (i < ARRAY_SIZE(edges))
		return edges[i];
	return rnd() % max;
}

static void test_random(int bits, unsigned int rounds)
{
	static u8 in[1200], ours[1400], ref[1400];
	unsigned int i, bad = 0, split = 0;

	for (i = 0; i < rounds; i++) {
		size_t in_len = pick_len(i, sizeof(in));
		size_t out_len = pick_len((i * 7) % rounds, sizeof(ours));
		size_t done = 0;
		struct shake_ctx ctx;

		RAND_bytes(in, sizeof(in));
		ossl_shake(bits, in, in_len, ref, out_len);

		/* one shot */
		memset(ours, 0xaa, sizeof(ours));
		if (bits == 128)
			shake128(in, in_len, ours, out_len);
		else
			shake256(in, in_len, ours, out_len);
		if (memcmp(ours, ref, out_len) || ours[out_len] != 0xaa) {
			fprintf(stderr, "# SHAKE%d one shot: in %zu out %zu differs\n",
				bits, in_len, out_len);
			bad++;
		}

		/* absorbed and squeezed in random pieces (some empty) */
		if (bits == 128)
			shake128_init(&ctx);
		else
			shake256_init(&ctx);
		while (done < in_len) {
			size_t n = rnd() % 3 ? rnd() % 40 : rnd() % 400;

			n = min(n, in_len - done);
			shake_absorb(&ctx, in + done, n);
			done += n;
			split++;
		}
		memset(ours, 0xaa, sizeof(ours));
		done = 0;
		while (done < out_len) {
			size_t n = rnd() % 3 ? rnd() % 40 : rnd() % 400;

			n = min(n, out_len - done);
			shake_squeeze(&ctx, ours + done, n);
			done += n;
			split++;
		}
		if (memcmp(ours, ref, out_len) || ours[out_len] != 0xaa) {
			fprintf(stderr, "# SHAKE%d in pieces: in %zu out %zu differs\n",
				bits, in_len, out_len);
			bad++;
		}
	}
	tap(bad == 0, "SHAKE%d: %u random inputs, one shot and in %u pieces, match OpenSSL",
	    bits, rounds, split);
}

/* A long stream squeezed one byte at a time equals one squeeze of it all. */
static void test_byte_squeeze(void)
{
	static u8 ref[5000], ours[5000];
	struct shake_ctx ctx;
	size_t i;

	ossl_shake(128, (const u8 *)"abc", 3, ref, sizeof(ref));
	shake128_init(&ctx);
	shake_absorb(&ctx, (const u8 *)"abc", 3);
	for (i = 0; i < sizeof(ours); i++)
		shake_squeeze(&ctx, ours + i, 1);
	tap(!memcmp(ours, ref, sizeof(ref)),
	    "SHAKE128: 5000 bytes squeezed one at a time match OpenSSL");
}

int main(int argc, char **argv)
{
	unsigned int rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 300;

	if (rounds < 20)
		rounds = 20;
	test_random(128, rounds);
	test_random(256, rounds);
	test_byte_squeeze();
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
