// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for crypto/slhdsa.c, the same cases for SLH-DSA-SHAKE-128s,
 * -128f and -256s: NIST ACVP known answers and vectors of an independent
 * implementation (tests/vectors/gen-slhdsa-vectors.sh), one bit of each part
 * of a signature flipped (R, FORS values and authentication paths, each
 * layer's WOTS+ signature, checksum chains and XMSS path), wrong lengths and
 * parameter sets, and the message, the key, the context and the interface
 * changed.
 */
#include <kunit/test.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <crypto/shake.h>
#include <crypto/slhdsa.h>
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
#include <crypto/keccak_x4.h>
#endif

#include "slhdsa_kunit_vectors.h"

/* A parameter set as the tests see it: FIPS 205 Table 2 and its sizes */
struct sv_set {
	const char *name;
	enum slhdsa_alg alg;
	unsigned int n, d, hp, a, k;
	size_t pk_size, sig_size;
};

static const struct sv_set sv128s = {
	"SLH-DSA-SHAKE-128s", SLHDSA_SHAKE_128S, 16, 7, 9, 12, 14,
	SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128S_SIGNATURE_SIZE,
};
static const struct sv_set sv128f = {
	"SLH-DSA-SHAKE-128f", SLHDSA_SHAKE_128F, 16, 22, 3, 6, 33,
	SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128F_SIGNATURE_SIZE,
};
static const struct sv_set sv256s = {
	"SLH-DSA-SHAKE-256s", SLHDSA_SHAKE_256S, 32, 8, 8, 14, 22,
	SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_256S_SIGNATURE_SIZE,
};

/* Where the parts of a signature start: R || FORS (k (1 + a) n) || d XMSS ((len + h') n) */
static size_t sv_len(const struct sv_set *s)
{
	return 2 * s->n + 3;
}

static size_t sv_fors(const struct sv_set *s, unsigned int tree)
{
	return s->n + (size_t)tree * (1 + s->a) * s->n;
}

static size_t sv_xmss(const struct sv_set *s, unsigned int layer)
{
	return sv_fors(s, s->k) + (size_t)layer * (sv_len(s) + s->hp) * s->n;
}

static int sv_verify(const struct slhdsa_kunit_vector *v, const u8 *pk, size_t pk_len,
		     const u8 *msg, size_t msg_len, const u8 *sig, size_t sig_len)
{
	if (v->mode == SLHDSA_KUNIT_PURE)
		return slhdsa_verify(v->alg, pk, pk_len, msg, msg_len, sig, sig_len);
	return slhdsa_verify_internal(v->alg, pk, pk_len, msg, msg_len, sig, sig_len);
}

/* The set's first vector of the pure interface, made from a fixed seed */
static const struct slhdsa_kunit_vector *pure_vector(struct kunit *test, const struct sv_set *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(slhdsa_kunit_vectors); i++)
		if (slhdsa_kunit_vectors[i].alg == s->alg &&
		    slhdsa_kunit_vectors[i].mode == SLHDSA_KUNIT_PURE)
			return &slhdsa_kunit_vectors[i];
	KUNIT_FAIL(test, "%s: no pure vector", s->name);
	return NULL;
}

/* Every vector of the set verifies, and the set has one of each interface it needs */
static void sv_vectors(struct kunit *test, const struct sv_set *s)
{
	unsigned int seen = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(slhdsa_kunit_vectors); i++) {
		const struct slhdsa_kunit_vector *v = &slhdsa_kunit_vectors[i];

		if (v->alg != s->alg)
			continue;
		seen++;
		KUNIT_EXPECT_EQ_MSG(test, sv_verify(v, v->pk, s->pk_size, v->msg, v->msg_len,
						    v->sig, s->sig_size), 0, "%s", v->name);
	}
	KUNIT_EXPECT_GE_MSG(test, seen, 1, "%s: no vectors", s->name);
}

/*
 * One bit flipped in each part of a valid signature: R, the first and last
 * FORS tree's secret value and authentication path, each layer's WOTS+
 * signature (its first chain, its checksum chains) and XMSS path, and the
 * signature's last byte.
 */
static void sv_flipped_bits(struct kunit *test, const struct sv_set *s)
{
	const struct slhdsa_kunit_vector *v = pure_vector(test, s);
	const size_t n = s->n;
	size_t offs[2 + 4 + 3 * 22 + 1], nofs = 0, i;
	unsigned int layer;
	u8 *sig;

	if (!v)
		return;
	sig = kunit_kmalloc(test, s->sig_size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sig);
	offs[nofs++] = 0;				/* R */
	offs[nofs++] = n - 1;
	offs[nofs++] = sv_fors(s, 0);			/* FORS: value, path */
	offs[nofs++] = sv_fors(s, 0) + n + 3;
	offs[nofs++] = sv_fors(s, s->k - 1) + 5;
	offs[nofs++] = sv_fors(s, s->k) - 1;
	for (layer = 0; layer < s->d; layer++) {
		offs[nofs++] = sv_xmss(s, layer) + 7;				/* chain 0 */
		offs[nofs++] = sv_xmss(s, layer) + (sv_len(s) - 2) * n;	/* a checksum chain */
		offs[nofs++] = sv_xmss(s, layer) + sv_len(s) * n + 1;		/* the path */
	}
	offs[nofs++] = s->sig_size - 1;
	for (i = 0; i < nofs; i++) {
		memcpy(sig, v->sig, s->sig_size);
		sig[offs[i]] ^= 1 << (i % 8);
		KUNIT_EXPECT_EQ_MSG(test, sv_verify(v, v->pk, s->pk_size, v->msg, v->msg_len,
						    sig, s->sig_size), -EKEYREJECTED,
				    "%s: bit %zu of byte %zu flipped", s->name, i % 8, offs[i]);
	}
}

/* Lengths of the key and the signature one byte off, zero, and another set's */
static void sv_wrong_lengths(struct kunit *test, const struct sv_set *s)
{
	const struct slhdsa_kunit_vector *v = pure_vector(test, s);
	static const enum slhdsa_alg others[] = {
		SLHDSA_SHAKE_128S, SLHDSA_SHAKE_128F, SLHDSA_SHAKE_256S,
	};
	size_t i;

	if (!v)
		return;
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, s->pk_size - 1, v->msg, v->msg_len, v->sig,
					s->sig_size), -EINVAL);
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, s->pk_size + 1, v->msg, v->msg_len, v->sig,
					s->sig_size), -EINVAL);
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, 0, v->msg, v->msg_len, v->sig,
					s->sig_size), -EINVAL);
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, s->pk_size, v->msg, v->msg_len, v->sig,
					s->sig_size - 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, s->pk_size, v->msg, v->msg_len, v->sig,
					s->sig_size + 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, sv_verify(v, v->pk, s->pk_size, v->msg, v->msg_len, v->sig, 0),
			-EINVAL);
	/* the signature's own sizes given to another set */
	for (i = 0; i < ARRAY_SIZE(others); i++)
		if (others[i] != s->alg)
			KUNIT_EXPECT_EQ(test, slhdsa_verify(others[i], v->pk, s->pk_size, v->msg,
							    v->msg_len, v->sig, s->sig_size),
					-EINVAL);
	/* no such set */
	KUNIT_EXPECT_EQ(test, slhdsa_verify((enum slhdsa_alg)3, v->pk, s->pk_size, v->msg,
					    v->msg_len, v->sig, s->sig_size), -EINVAL);
	KUNIT_EXPECT_EQ(test, slhdsa_verify_internal((enum slhdsa_alg)-1, v->pk, s->pk_size,
						     v->msg, v->msg_len, v->sig, s->sig_size),
			-EINVAL);
}

/*
 * The message, the key, the context and the interface: M with one bit
 * flipped or a byte more; PK.seed or PK.root with a bit flipped; the pure
 * signature through the internal interface on M' = 0 || 0 || M (the same
 * thing, accepted), on M, and on M' with a one-byte context (refused).
 */
static void sv_message_key_context(struct kunit *test, const struct sv_set *s)
{
	const struct slhdsa_kunit_vector *v = pure_vector(test, s);
	u8 *buf, *pk;

	if (!v)
		return;
	buf = kunit_kmalloc(test, v->msg_len + 3, GFP_KERNEL);
	pk = kunit_kmalloc(test, s->pk_size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, pk);

	memcpy(buf, v->msg, v->msg_len);
	buf[v->msg_len / 2] ^= 0x10;
	KUNIT_EXPECT_EQ(test, slhdsa_verify(s->alg, v->pk, s->pk_size, buf, v->msg_len, v->sig,
					    s->sig_size), -EKEYREJECTED);
	memcpy(buf, v->msg, v->msg_len);
	buf[v->msg_len] = 0;
	KUNIT_EXPECT_EQ(test, slhdsa_verify(s->alg, v->pk, s->pk_size, buf, v->msg_len + 1,
					    v->sig, s->sig_size), -EKEYREJECTED);

	memcpy(pk, v->pk, s->pk_size);
	pk[1] ^= 0x80;				/* PK.seed */
	KUNIT_EXPECT_EQ(test, slhdsa_verify(s->alg, pk, s->pk_size, v->msg, v->msg_len, v->sig,
					    s->sig_size), -EKEYREJECTED);
	memcpy(pk, v->pk, s->pk_size);
	pk[s->pk_size - 1] ^= 0x01;		/* PK.root */
	KUNIT_EXPECT_EQ(test, slhdsa_verify(s->alg, pk, s->pk_size, v->msg, v->msg_len, v->sig,
					    s->sig_size), -EKEYREJECTED);

	buf[0] = 0;
	buf[1] = 0;
	memcpy(buf + 2, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, slhdsa_verify_internal(s->alg, v->pk, s->pk_size, buf,
						     v->msg_len + 2, v->sig, s->sig_size), 0);
	KUNIT_EXPECT_EQ(test, slhdsa_verify_internal(s->alg, v->pk, s->pk_size, v->msg,
						     v->msg_len, v->sig, s->sig_size),
			-EKEYREJECTED);
	buf[1] = 1;
	buf[2] = 'x';
	memcpy(buf + 3, v->msg, v->msg_len);
	KUNIT_EXPECT_EQ(test, slhdsa_verify_internal(s->alg, v->pk, s->pk_size, buf,
						     v->msg_len + 3, v->sig, s->sig_size),
			-EKEYREJECTED);
}

/* Not a timed assertion: prints the cost of one verification. */
static void sv_speed(struct kunit *test, const struct sv_set *s)
{
	const struct slhdsa_kunit_vector *v = pure_vector(test, s);
	const int iters = 5;
	u64 t0;
	int j;

	if (!v)
		return;
	t0 = ktime_get_ns();
	for (j = 0; j < iters; j++)
		KUNIT_EXPECT_EQ(test, slhdsa_verify(s->alg, v->pk, s->pk_size, v->msg, v->msg_len,
						    v->sig, s->sig_size), 0);
	t0 = div_u64(ktime_get_ns() - t0, iters * 1000);
	kunit_info(test, "%s: %llu us per verify\n", s->name, t0);
}

#define SV_CASE(name)							\
static void slhdsa_128s_##name(struct kunit *test)			\
{									\
	sv_##name(test, &sv128s);					\
}									\
static void slhdsa_128f_##name(struct kunit *test)			\
{									\
	sv_##name(test, &sv128f);					\
}									\
static void slhdsa_256s_##name(struct kunit *test)			\
{									\
	sv_##name(test, &sv256s);					\
}
SV_CASE(vectors)
SV_CASE(flipped_bits)
SV_CASE(wrong_lengths)
SV_CASE(message_key_context)
SV_CASE(speed)

/*
 * The four-way permutation against shake256(): four inputs of different
 * lengths (every length 0 to 135 over the rounds; bytes from SHAKE256 of
 * the round number), absorbed as one padded block each into the four
 * states, then two blocks squeezed (the second shows every lane of the
 * first permutation's output, capacity included).
 */
static void slhdsa_keccak_x4(struct kunit *test)
{
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	const unsigned int rate = SHAKE256_RATE;
	unsigned int len[KECCAK_X4_WAYS], round, i, j, k;
	u64 (*st)[KECCAK_X4_WAYS];
	u8 *in, *want, *got;
	u8 seed;

	if (!keccakf1600_x4_usable())
		kunit_skip(test, "this CPU has no AVX2");
	st = kunit_kzalloc(test, 25 * sizeof(*st), GFP_KERNEL);
	in = kunit_kzalloc(test, KECCAK_X4_WAYS * rate, GFP_KERNEL);
	want = kunit_kzalloc(test, 2 * rate, GFP_KERNEL);
	got = kunit_kzalloc(test, KECCAK_X4_WAYS * 2 * rate, GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, st && in && want && got);
	for (round = 0; round < rate; round++) {
		seed = round;
		shake256(&seed, 1, in, KECCAK_X4_WAYS * rate);
		memset(st, 0, 25 * sizeof(*st));
		for (j = 0; j < KECCAK_X4_WAYS; j++) {
			len[j] = (round + j * 34) % rate;
			for (i = 0; i < len[j]; i++)
				st[i / 8][j] ^= (u64)in[j * rate + i] << (8 * (i % 8));
			st[len[j] / 8][j] ^= 0x1fULL << (8 * (len[j] % 8));
			st[rate / 8 - 1][j] ^= 0x80ULL << 56;
		}
		for (k = 0; k < 2; k++) {
			keccakf1600_x4(st);
			for (j = 0; j < KECCAK_X4_WAYS; j++)
				for (i = 0; i < rate; i++)
					got[(2 * j + k) * rate + i] = st[i / 8][j] >> (8 * (i % 8));
		}
		for (j = 0; j < KECCAK_X4_WAYS; j++) {
			shake256(in + j * rate, len[j], want, 2 * rate);
			if (memcmp(got + 2 * j * rate, want, 2 * rate)) {
				KUNIT_FAIL(test, "way %u, %u-byte input: not SHAKE256's output",
					   j, len[j]);
				return;
			}
		}
	}
#else
	kunit_skip(test, "no four-way Keccak-f in this kernel (x86-64 only)");
#endif
}

static struct kunit_case slhdsa_kunit_cases[] = {
	KUNIT_CASE(slhdsa_128s_vectors),
	KUNIT_CASE(slhdsa_128s_flipped_bits),
	KUNIT_CASE(slhdsa_128s_wrong_lengths),
	KUNIT_CASE(slhdsa_128s_message_key_context),
	KUNIT_CASE(slhdsa_128s_speed),
	KUNIT_CASE(slhdsa_128f_vectors),
	KUNIT_CASE(slhdsa_128f_flipped_bits),
	KUNIT_CASE(slhdsa_128f_wrong_lengths),
	KUNIT_CASE(slhdsa_128f_message_key_context),
	KUNIT_CASE(slhdsa_128f_speed),
	KUNIT_CASE(slhdsa_256s_vectors),
	KUNIT_CASE(slhdsa_256s_flipped_bits),
	KUNIT_CASE(slhdsa_256s_wrong_lengths),
	KUNIT_CASE(slhdsa_256s_message_key_context),
	KUNIT_CASE(slhdsa_256s_speed),
	KUNIT_CASE(slhdsa_keccak_x4),
	{}
};

static struct kunit_suite slhdsa_kunit_suite = {
	.name = "slhdsa",
	.test_cases = slhdsa_kunit_cases,
};
kunit_test_suite(slhdsa_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for SLH-DSA signature verification");
MODULE_LICENSE("GPL");
