// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/mont.c, crypto/dsa.c and crypto/rsassa.c against
 * OpenSSL: random operands for the arithmetic, random keys and signatures
 * for DSA and RSA, and the reject cases.  Prints TAP; exit status 1 on any
 * failure.  Built by run.sh with -fsanitize=address,undefined.
 *
 * Usage: test_crypto [iterations-scale]   (default 1)
 * Environment: TEST_SEED, TEST_MONT_ONLY=1 (arithmetic only, a quarter of
 * the cases), KCOMPAT_NO_ADX=1 (hide MULX/ADX from crypto/mont.c).
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <stdarg.h>
#include <time.h>

#include <openssl/bn.h>
#include <openssl/dsa.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

#include <crypto/dsa.h>
#include <crypto/mont.h>
#include <crypto/rsassa.h>

#include "dsa_kunit_vectors.h"

#include "tap.h"

static int scale = 1;
static int quick = 1;	/* divisor of the iteration counts */

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static unsigned int rnd_range(unsigned int lo, unsigned int hi)
{
	return lo + rnd() % (hi - lo + 1);
}

static void die(const char *what)
{
	fprintf(stderr, "test_crypto: %s failed\n", what);
	exit(2);
}

/* BIGNUM -> n limbs (must fit). */
static void bn2limbs(const BIGNUM *b, unsigned long *r, unsigned int n)
{
	u8 buf[MONT_MAX_LIMBS * 8 * 4];
	int len = BN_num_bytes(b);

	if (len > (int)sizeof(buf))
		die("bn2limbs size");
	BN_bn2bin(b, buf);
	if (mont_from_be(r, n, buf, len))
		die("bn2limbs fit");
}

static BIGNUM *limbs2bn(const unsigned long *a, unsigned int n)
{
	u8 buf[MONT_MAX_LIMBS * 8 * 4];

	if (mont_to_be(buf, n * sizeof(long), a, n))
		die("limbs2bn");
	return BN_bin2bn(buf, n * sizeof(long), NULL);
}

static void dump_bn(const char *name, const BIGNUM *b)
{
	char *h = BN_bn2hex(b);

	fprintf(stderr, "#   %s = %s\n", name, h);
	OPENSSL_free(h);
}

/* A random odd modulus: mostly random bits, sometimes a special shape. */
static BIGNUM *random_modulus(unsigned int bits)
{
	BIGNUM *m = BN_new();

	switch (rnd() % 8) {
	case 0:		/* 2^bits - 1 */
		BN_set_word(m, 1);
		BN_lshift(m, m, bits);
		BN_sub_word(m, 1);
		break;
	case 1:		/* 2^(bits-1) + 1 */
		BN_set_word(m, 1);
		BN_lshift(m, m, bits - 1);
		BN_add_word(m, 1);
		break;
	default:
		if (!BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD))
			die("BN_rand");
	}
	return m;
}

static int ctx_from_bn(struct mont_ctx *ctx, const BIGNUM *m, unsigned int pad)
{
	u8 buf[MONT_MAX_BITS / 8 + 16] = { 0 };
	int len = BN_num_bytes(m);

	BN_bn2bin(m, buf + pad);
	return mont_ctx_init(ctx, buf, len + pad);
}

static void rand_below(BIGNUM *r, const BIGNUM *lim)
{
	if (!BN_rand_range(r, lim))
		die("BN_rand_range");
}

static void test_mont_powm(void)
{
	int iters = 1000 * scale / quick, bad = 0, i;
	BN_CTX *bc = BN_CTX_new();

	for (i = 0; i < iters && bad < 3; i++) {
		unsigned int bits = i < 40 ? rnd_range(2, 200) :
			(rnd() % 4 ? rnd_range(2, 1100) : rnd_range(1100, 4096));
		unsigned int ebits = rnd() % 3 ? rnd_range(0, 300) : rnd_range(0, bits + 64);
		BIGNUM *m = random_modulus(bits), *a = BN_new(), *e = BN_new(), *want = BN_new();
		unsigned long ab[MONT_MAX_LIMBS], eb[MONT_MAX_LIMBS + 2], rb[MONT_MAX_LIMBS];
		struct mont_ctx ctx;
		unsigned int en;
		BIGNUM *got;

		if (ctx_from_bn(&ctx, m, rnd() % 3))
			die("ctx_init");
		rand_below(a, m);
		if (rnd() % 10 == 0)
			BN_sub(a, m, BN_value_one());	/* m - 1 */
		if (ebits)
			BN_rand(e, ebits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY);
		else
			BN_zero(e);
		if (rnd() % 16 == 0)
			BN_set_word(e, 65537);
		en = mont_limbs(ebits) + rnd() % 2;
		if (!en)
			en = 1;
		bn2limbs(a, ab, ctx.n);
		bn2limbs(e, eb, en);
		if (mont_powm(&ctx, rb, ab, eb, en))
			die("mont_powm");
		BN_mod_exp(want, a, e, m, bc);
		got = limbs2bn(rb, ctx.n);
		if (BN_cmp(got, want)) {
			bad++;
			fprintf(stderr, "# powm mismatch, %u-bit modulus\n", bits);
			dump_bn("m", m);
			dump_bn("a", a);
			dump_bn("e", e);
			dump_bn("want", want);
			dump_bn("got", got);
		}
		mont_ctx_destroy(&ctx);
		BN_free(m); BN_free(a); BN_free(e); BN_free(want); BN_free(got);
	}
	BN_CTX_free(bc);
	tap(!bad, "mont_powm matches BN_mod_exp on %d random cases, 2..4096-bit moduli", i);
}

static void test_mont_powm2_modmul_reduce(void)
{
	int iters = 500 * scale / quick, bad2 = 0, badm = 0, badr = 0, i;
	BN_CTX *bc = BN_CTX_new();

	for (i = 0; i < iters; i++) {
		unsigned int bits = rnd() % 4 ? rnd_range(2, 1100) : rnd_range(1100, 4096);
		BIGNUM *m = random_modulus(bits), *a = BN_new(), *b = BN_new();
		BIGNUM *x = BN_new(), *y = BN_new(), *t1 = BN_new(), *t2 = BN_new();
		BIGNUM *got, *big = BN_new(), *R = BN_new();
		static unsigned long ab[MONT_MAX_LIMBS], bb[MONT_MAX_LIMBS], xb[MONT_MAX_LIMBS],
			yb[MONT_MAX_LIMBS], rb[MONT_MAX_LIMBS], wide[3 * MONT_MAX_LIMBS];
		struct mont_ctx ctx;
		unsigned int xbits = rnd_range(0, 600), ybits = rnd_range(0, 600), an;

		if (ctx_from_bn(&ctx, m, 0))
			die("ctx_init");
		rand_below(a, m);
		rand_below(b, m);
		BN_rand(x, xbits + 1, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
		BN_rand(y, ybits + 1, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
		bn2limbs(a, ab, ctx.n);
		bn2limbs(b, bb, ctx.n);
		bn2limbs(x, xb, mont_limbs(xbits + 1));
		bn2limbs(y, yb, mont_limbs(ybits + 1));
		if (mont_powm2(&ctx, rb, ab, xb, mont_limbs(xbits + 1), bb, yb,
			       mont_limbs(ybits + 1)))
			die("powm2");
		BN_mod_exp(t1, a, x, m, bc);
		BN_mod_exp(t2, b, y, m, bc);
		BN_mod_mul(t1, t1, t2, m, bc);
		got = limbs2bn(rb, ctx.n);
		if (BN_cmp(got, t1) && bad2++ < 3) {
			fprintf(stderr, "# powm2 mismatch, %u-bit modulus\n", bits);
			dump_bn("m", m);
		}
		BN_free(got);

		/* modmul with a first factor anywhere below R */
		BN_set_word(R, 1);
		BN_lshift(R, R, ctx.n * BITS_PER_LONG);
		rand_below(a, R);
		bn2limbs(a, ab, ctx.n);
		mont_modmul(&ctx, rb, ab, bb);
		BN_mod_mul(t1, a, b, m, bc);
		got = limbs2bn(rb, ctx.n);
		if (BN_cmp(got, t1) && badm++ < 3) {
			fprintf(stderr, "# modmul mismatch, %u-bit modulus\n", bits);
			dump_bn("m", m);
		}
		BN_free(got);

		/* reduce a number of 0 .. 3n limbs */
		an = rnd_range(0, 3 * ctx.n);
		if (an) {
			BN_rand(big, an * BITS_PER_LONG - rnd() % BITS_PER_LONG,
				BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
			bn2limbs(big, wide, an);
		} else {
			BN_zero(big);
		}
		mont_reduce(&ctx, rb, wide, an);
		BN_mod(t1, big, m, bc);
		got = limbs2bn(rb, ctx.n);
		if (BN_cmp(got, t1) && badr++ < 3) {
			fprintf(stderr, "# reduce mismatch, %u-bit modulus, %u limbs\n", bits, an);
			dump_bn("m", m);
			dump_bn("a", big);
		}
		BN_free(got);
		mont_ctx_destroy(&ctx);
		BN_free(m); BN_free(a); BN_free(b); BN_free(x); BN_free(y);
		BN_free(t1); BN_free(t2); BN_free(big); BN_free(R);
	}
	BN_CTX_free(bc);
	tap(!bad2, "mont_powm2 matches a^x * b^y mod m on %d random cases", iters);
	tap(!badm, "mont_modmul matches BN_mod_mul (first factor < R) on %d cases", iters);
	tap(!badr, "mont_reduce matches BN_mod for 0..3n-limb inputs on %d cases", iters);
}

static void test_mont_inv(void)
{
	int bad = 0, i, n = 30 * scale / quick;
	BN_CTX *bc = BN_CTX_new();

	for (i = 0; i < n; i++) {
		unsigned int bits = i < 5 ? rnd_range(2, 20) : rnd_range(60, 521);
		BIGNUM *p = BN_new(), *a = BN_new(), *want = BN_new(), *got;
		unsigned long ab[MONT_MAX_LIMBS], rb[MONT_MAX_LIMBS];
		struct mont_ctx ctx;

		if (bits < 3)
			bits = 3;
		if (!BN_generate_prime_ex(p, bits, 0, NULL, NULL, NULL))
			die("prime");
		if (ctx_from_bn(&ctx, p, 0))
			die("ctx_init");
		do
			rand_below(a, p);
		while (BN_is_zero(a));
		bn2limbs(a, ab, ctx.n);
		if (mont_inv_prime(&ctx, rb, ab))
			bad++;
		BN_mod_inverse(want, a, p, bc);
		got = limbs2bn(rb, ctx.n);
		if (BN_cmp(got, want))
			bad++;
		memset(ab, 0, sizeof(ab));
		if (mont_inv_prime(&ctx, rb, ab) != -EINVAL)
			bad++;
		mont_ctx_destroy(&ctx);
		BN_free(p); BN_free(a); BN_free(want); BN_free(got);
	}
	BN_CTX_free(bc);
	tap(!bad, "mont_inv_prime matches BN_mod_inverse for %d primes, 0 -> -EINVAL", n);
}

static void test_mont_edges(void)
{
	static u8 big[MONT_MAX_BITS / 8 + 2];
	unsigned long l[4] = { 0 };
	struct mont_ctx ctx;
	u8 b[20], out[9];
	bool ok = true;

	/* modulus shapes */
	ok &= mont_ctx_init(&ctx, (const u8 *)"", 0) == -EINVAL;
	b[0] = 1;
	ok &= mont_ctx_init(&ctx, b, 1) == -EINVAL;		/* 1 */
	b[0] = 0x10;
	ok &= mont_ctx_init(&ctx, b, 1) == -EINVAL;		/* even */
	b[0] = 0; b[1] = 0;
	ok &= mont_ctx_init(&ctx, b, 2) == -EINVAL;		/* zero */
	memset(big, 0xff, sizeof(big));
	ok &= mont_ctx_init(&ctx, big, MONT_MAX_BITS / 8 + 1) == -EINVAL;
	ok &= mont_ctx_init(&ctx, big, MONT_MAX_BITS / 8) == 0;	/* 2^8192 - 1 */
	ok &= ctx.n == MONT_MAX_LIMBS && ctx.bits == MONT_MAX_BITS;
	mont_ctx_destroy(&ctx);
	big[0] = 0;
	ok &= mont_ctx_init(&ctx, big, MONT_MAX_BITS / 8 + 1) == 0;	/* leading zero */
	mont_ctx_destroy(&ctx);
	b[0] = 3;
	ok &= mont_ctx_init(&ctx, b, 1) == 0 && ctx.n == 1;
	mont_ctx_destroy(&ctx);
	mont_ctx_destroy(&ctx);					/* twice is harmless */
	tap(ok, "mont_ctx_init refuses 0, 1, even and > 8192-bit moduli; accepts 3 and 2^8192-1");

	/* byte conversions */
	ok = true;
	memset(b, 0, sizeof(b));
	b[19] = 0x01;
	b[12] = 0xab;
	ok &= mont_from_be(l, 1, b, 20) == 0 && l[0] == 0xab00000000000001UL;
	b[11] = 1;
	ok &= mont_from_be(l, 1, b, 20) == -EINVAL;
	ok &= mont_from_be(l, 4, b, 20) == 0;
	ok &= mont_to_be(out, 9, l, 4) == 0 && out[0] == 0x01 && out[1] == 0xab && out[8] == 1;
	ok &= mont_to_be(out, 8, l, 4) == -EINVAL;
	ok &= mont_bits(b, 20) == 65 && mont_bits(b, 0) == 0 && mont_bits(b, 11) == 0;
	ok &= mont_limb_bits(l, 4) == 65;
	ok &= mont_from_be(l, 2, b, 0) == 0 && mont_is_zero(l, 2);
	tap(ok, "mont_from_be/mont_to_be/mont_bits: leading zeros, overflow -> -EINVAL");
}

static void test_mont_enomem(void)
{
	static const u8 m[] = { 0xc3, 0x55, 0x01, 0x07 };
	unsigned long a[1] = { 5 }, e[1] = { 77 }, r[1];
	struct mont_ctx ctx;
	bool ok = true;
	long live = compat_alloc_live;

	compat_alloc_fail_after = 0;
	ok &= mont_ctx_init(&ctx, m, sizeof(m)) == -ENOMEM;
	compat_alloc_fail_after = -1;
	ok &= mont_ctx_init(&ctx, m, sizeof(m)) == 0;
	compat_alloc_fail_after = 0;
	ok &= mont_powm(&ctx, r, a, e, 1) == -ENOMEM;
	ok &= mont_powm2(&ctx, r, a, e, 1, a, e, 1) == -ENOMEM;
	ok &= mont_inv_prime(&ctx, r, a) == -ENOMEM;
	compat_alloc_fail_after = -1;
	mont_ctx_destroy(&ctx);
	ok &= compat_alloc_live == live;
	tap(ok, "mont: allocation failures return -ENOMEM without leaks");
}

/* ---------------- DSA ---------------- */

struct dsa_fixture {
	u8 p[1024], q[64], g[1024], y[1024];
	int p_len, q_len, g_len, y_len;
	struct dsa_pub_key key;
};

static void dsa_fixture(DSA *d, struct dsa_fixture *f)
{
	const BIGNUM *p, *q, *g, *y;

	DSA_get0_pqg(d, &p, &q, &g);
	DSA_get0_key(d, &y, NULL);
	f->p_len = BN_bn2bin(p, f->p);
	f->q_len = BN_bn2bin(q, f->q);
	f->g_len = BN_bn2bin(g, f->g);
	f->y_len = BN_bn2bin(y, f->y);
	f->key = (struct dsa_pub_key){ f->p, f->q, f->g, f->y,
				       f->p_len, f->q_len, f->g_len, f->y_len };
}

static int sig_bytes(const BIGNUM *v, u8 *buf)
{
	return BN_bn2bin(v, buf);
}

static void test_dsa_size(int pbits, int qbits)
{
	static const int dlens[] = { 20, 28, 32, 48, 64 };
	int keys = 2, sigs = 8 * scale, k, i, good_ok = 0, total = 0, rej_bad = 0, ossl_bad = 0;
	DSA *params = DSA_new(), *other = NULL;
	BN_CTX *bc = BN_CTX_new();
	char name[64];

	snprintf(name, sizeof(name), "dsa%d/%d", pbits, qbits);
	/* domain parameters from the KUnit vectors: generating them takes seconds */
	{
		const struct dsa_kunit_vector *v = NULL;
		size_t j;

		for (j = 0; j < ARRAY_SIZE(dsa_kunit_vectors); j++)
			if (!strncmp(dsa_kunit_vectors[j].name, name, strlen(name)) &&
			    dsa_kunit_vectors[j].name[strlen(name)] == ' ')
				v = &dsa_kunit_vectors[j];
		if (!v)
			die("DSA parameters in dsa_kunit_vectors.h");
		DSA_set0_pqg(params, BN_bin2bn(v->p, v->p_len, NULL),
			     BN_bin2bn(v->q, v->q_len, NULL), BN_bin2bn(v->g, v->g_len, NULL));
	}
	for (k = 0; k < keys; k++) {
		DSA *d = DSAparams_dup(params);
		struct dsa_fixture f, fo;

		if (!d || !DSA_generate_key(d))
			die("DSA key");
		if (!other) {
			other = DSAparams_dup(params);
			DSA_generate_key(other);
		}
		dsa_fixture(d, &f);
		dsa_fixture(other, &fo);
		if (dsa_check_key(&f.key))
			rej_bad++;
		for (i = 0; i < sigs; i++) {
			int dlen = dlens[rnd() % ARRAY_SIZE(dlens)];
			u8 dg[64], r[64], s[64], t[80];
			const BIGNUM *br, *bs;
			const BIGNUM *q;
			BIGNUM *tmp = BN_new();
			DSA_SIG *sig;
			int rl, sl, tl, ret;

			RAND_bytes(dg, sizeof(dg));
			sig = DSA_do_sign(dg, dlen, d);
			if (!sig)
				die("DSA_do_sign");
			DSA_SIG_get0(sig, &br, &bs);
			DSA_get0_pqg(d, NULL, &q, NULL);
			rl = sig_bytes(br, r);
			sl = sig_bytes(bs, s);
			total++;
			ret = dsa_verify(&f.key, dg, dlen, r, rl, s, sl);
			if (ret == 0)
				good_ok++;
			else
				fprintf(stderr, "# %s good signature: %d\n", name, ret);

			/* rejects */
#define REJ(cond, what) do { if (!(cond)) { rej_bad++; \
	fprintf(stderr, "# %s: %s not rejected\n", name, what); } } while (0)
			/* only the leftmost N bits of the digest count */
			dg[rnd() % min(dlen, qbits / 8)] ^= 1 << (rnd() % 8);
			REJ(dsa_verify(&f.key, dg, dlen, r, rl, s, sl) == -EKEYREJECTED, "flipped digest");
			ret = DSA_do_verify(dg, dlen, sig, d);
			if (ret != 0)
				ossl_bad++;
			DSA_SIG_free(sig);
			/* a fresh valid signature for the remaining cases */
			sig = DSA_do_sign(dg, dlen, d);
			DSA_SIG_get0(sig, &br, &bs);
			rl = sig_bytes(br, r);
			sl = sig_bytes(bs, s);
			REJ(dsa_verify(&f.key, dg, dlen, r, rl, s, sl) == 0, "fresh good signature");
			REJ(dsa_verify(&fo.key, dg, dlen, r, rl, s, sl) == -EKEYREJECTED, "wrong key");
			{
				u8 x[64];

				memcpy(x, r, rl);
				x[rnd() % rl] ^= 1 << (rnd() % 8);
				REJ(dsa_verify(&f.key, dg, dlen, x, rl, s, sl) == -EKEYREJECTED, "flipped r");
				memcpy(x, s, sl);
				x[rnd() % sl] ^= 1 << (rnd() % 8);
				REJ(dsa_verify(&f.key, dg, dlen, r, rl, x, sl) == -EKEYREJECTED, "flipped s");
			}
			/* a digest cut short (of those that all count) */
			if (dlen * 8 <= qbits)
				REJ(dsa_verify(&f.key, dg, dlen - 4, r, rl, s, sl) == -EKEYREJECTED,
				    "truncated digest");
			/* r = 0, s = 0, r = q, s = q, r + q, s + q */
			memset(t, 0, sizeof(t));
			REJ(dsa_verify(&f.key, dg, dlen, t, 1, s, sl) == -EKEYREJECTED, "r = 0");
			REJ(dsa_verify(&f.key, dg, dlen, r, rl, t, 0) == -EKEYREJECTED, "s = 0 (empty)");
			REJ(dsa_verify(&f.key, dg, dlen, f.q, f.q_len, s, sl) == -EKEYREJECTED, "r = q");
			REJ(dsa_verify(&f.key, dg, dlen, r, rl, f.q, f.q_len) == -EKEYREJECTED, "s = q");
			BN_add(tmp, br, q);
			tl = BN_bn2bin(tmp, t);
			REJ(dsa_verify(&f.key, dg, dlen, t, tl, s, sl) == -EKEYREJECTED, "r + q");
			BN_add(tmp, bs, q);
			tl = BN_bn2bin(tmp, t);
			REJ(dsa_verify(&f.key, dg, dlen, r, rl, t, tl) == -EKEYREJECTED, "s + q");
			/* leading zeros on r and s are fine */
			memset(t, 0, 8);
			memcpy(t + 8, r, rl);
			REJ(dsa_verify(&f.key, dg, dlen, t, rl + 8, s, sl) == 0, "r with leading zeros");
			DSA_SIG_free(sig);
			BN_free(tmp);
		}
		DSA_free(d);
	}
	DSA_free(other);
	DSA_free(params);
	BN_CTX_free(bc);
	tap(good_ok == total, "%s: %d OpenSSL signatures (sha1..sha512 digest sizes) verify", name, total);
	tap(!rej_bad, "%s: flipped digest/r/s, wrong key, truncated digest, r|s in {0, q, +q} rejected",
	    name);
	tap(!ossl_bad, "%s: OpenSSL agrees the flipped-digest signatures are bad", name);
}

static void test_dsa_key_checks(void)
{
	static const u8 p[] = { 0xff, 0xff, 0xff, 0xfb }, q[] = { 0x7f, 0xfd },
		g[] = { 0x02 }, one[] = { 0x01 }, zero[] = { 0x00 }, even[] = { 0x10, 0x00 };
	struct dsa_pub_key k = { p, q, g, g, 4, 2, 1, 1 };
	static u8 bigp[1026];
	bool ok = true;

	ok &= dsa_check_key(&k) == 0;
	k.g = one;
	ok &= dsa_check_key(&k) == -EINVAL;
	k.g = zero;
	ok &= dsa_check_key(&k) == -EINVAL;
	k.g = p; k.g_len = 4;
	ok &= dsa_check_key(&k) == -EINVAL;			/* g = p */
	k.g = g; k.g_len = 1;
	k.y = one;
	ok &= dsa_check_key(&k) == -EINVAL;
	k.y = p; k.y_len = 4;
	ok &= dsa_check_key(&k) == -EINVAL;			/* y = p */
	k.y = g; k.y_len = 1;
	k.q = p; k.q_len = 4;
	ok &= dsa_check_key(&k) == -EINVAL;			/* q = p */
	k.q = even;
	k.q_len = 2;
	ok &= dsa_check_key(&k) == -EINVAL;
	k.q = q;
	k.p = even;
	k.p_len = 2;
	ok &= dsa_check_key(&k) == -EINVAL;
	memset(bigp, 0xff, sizeof(bigp));
	k.p = bigp;
	k.p_len = 1025;
	ok &= dsa_check_key(&k) == -EINVAL;			/* 8200 bits */
	k.p_len = 1024;
	ok &= dsa_check_key(&k) == 0;				/* 8192 bits */
	k.q = bigp;
	k.q_len = 65;
	ok &= dsa_check_key(&k) == -EINVAL;			/* 520-bit q */
	k.q_len = 0;
	ok &= dsa_check_key(&k) == -EINVAL;
	k.q_len = 2; k.q = q;
	ok &= dsa_verify(&k, g, 1, g, 1, g, 1) == -EKEYREJECTED ||
	      dsa_verify(&k, g, 1, g, 1, g, 1) == 0;
	k.y = one;
	ok &= dsa_verify(&k, g, 1, g, 1, g, 1) == -EINVAL;
	tap(ok, "dsa_check_key: g, y in {0, 1, p}, q >= p, even p or q, > 8192/512 bits -> -EINVAL");
}

static void test_dsa_enomem(void)
{
	DSA *d = DSA_new();
	struct dsa_fixture f;
	u8 dg[32] = { 1, 2, 3 }, r[64], s[64];
	const BIGNUM *br, *bs;
	DSA_SIG *sig;
	int rl, sl, i, bad = 0;
	long live = compat_alloc_live;

	if (!DSA_generate_parameters_ex(d, 1024, NULL, 0, NULL, NULL, NULL) ||
	    !DSA_generate_key(d))
		die("dsa1024");
	dsa_fixture(d, &f);
	sig = DSA_do_sign(dg, 20, d);
	DSA_SIG_get0(sig, &br, &bs);
	rl = BN_bn2bin(br, r);
	sl = BN_bn2bin(bs, s);
	for (i = 0; i < 8; i++) {
		int ret;

		compat_alloc_fail_after = i;
		ret = dsa_verify(&f.key, dg, 20, r, rl, s, sl);
		compat_alloc_fail_after = -1;
		if (ret != -ENOMEM && ret != 0)
			bad++;
		if (ret == 0)
			break;
	}
	if (i == 8 || i < 3)
		bad++;
	DSA_SIG_free(sig);
	DSA_free(d);
	tap(!bad && compat_alloc_live == live,
	    "dsa_verify: each of its %d allocations failing gives -ENOMEM, no leak", i);
}

/* ---------------- RSA ---------------- */

struct rsa_fixture {
	u8 n[1024], e[1024];
	int n_len, e_len;
	struct rsa_pub_key_raw key;
};

/* rsa_fixture() gives the key a kept context (rsassa_precompute()) */
static bool rsa_keep_ctx;

static void rsa_fixture(RSA *r, struct rsa_fixture *f)
{
	const BIGNUM *n, *e;

	RSA_get0_key(r, &n, &e, NULL);
	f->n_len = BN_bn2bin(n, f->n);
	f->e_len = BN_bn2bin(e, f->e);
	f->key = (struct rsa_pub_key_raw){ f->n, f->e, f->n_len, f->e_len };
	if (rsa_keep_ctx) {
		/* as a key of the keyring: its Montgomery context kept from key load */
		f->key.pre = rsassa_precompute(&f->key);
		if (IS_ERR(f->key.pre))
			die("rsassa_precompute");
	}
}

static const struct {
	enum hash_algo algo;
	int nid, len;
	const char *name;
} rsa_hashes[] = {
	{ HASH_ALGO_SHA1, NID_sha1, 20, "sha1" },
	{ HASH_ALGO_SHA224, NID_sha224, 28, "sha224" },
	{ HASH_ALGO_SHA256, NID_sha256, 32, "sha256" },
	{ HASH_ALGO_SHA384, NID_sha384, 48, "sha384" },
	{ HASH_ALGO_SHA512, NID_sha512, 64, "sha512" },
};

/* Sign a hand-built EM with the raw private operation. */
static int raw_sign(RSA *r, const u8 *em, int k, u8 *sig)
{
	if (RSA_private_encrypt(k, em, sig, r, RSA_NO_PADDING) != k)
		die("RSA_private_encrypt");
	return k;
}

static const u8 di256[] = { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
			    0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20 };
/* the same without the NULL parameters: must not be accepted */
static const u8 di256_noparam[] = { 0x30, 0x2f, 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
				    0x65, 0x03, 0x04, 0x02, 0x01, 0x04, 0x20 };
/* SHA-512's OID with a 32-byte digest */
static const u8 di512_32[] = { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65,
			       0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x20 };

static int build_em(u8 *em, int k, const u8 *di, int dil, const u8 *dg, int dl, int ps)
{
	if (ps < 0)
		ps = k - 3 - dil - dl;
	memset(em, 0, k);
	em[1] = 1;
	memset(em + 2, 0xff, ps);
	em[2 + ps] = 0;
	memcpy(em + 3 + ps, di, dil);
	memcpy(em + 3 + ps + dil, dg, dl);
	return 3 + ps + dil + dl;
}

static void test_rsa_key(int bits, unsigned long e_word, bool big_e)
{
	RSA *r = RSA_new(), *other = RSA_new();
	BIGNUM *e = BN_new();
	struct rsa_fixture f, fo;
	int i, k, good = 0, total = 0, rej = 0, pad = 0;
	char name[64];

	if (big_e)
		BN_rand(e, 100, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
	else
		BN_set_word(e, e_word);
	snprintf(name, sizeof(name), "rsa%d/e=%s%s", bits, big_e ? "100-bit" : (e_word == 3 ? "3" : "65537"),
		 rsa_keep_ctx ? " (kept context)" : "");
	if (!RSA_generate_key_ex(r, bits, e, NULL) || !RSA_generate_key_ex(other, bits, e, NULL))
		die("RSA keygen");
	rsa_fixture(r, &f);
	rsa_fixture(other, &fo);
	k = f.n_len;
	for (i = 0; i < 6 * scale; i++) {
		int h = i % ARRAY_SIZE(rsa_hashes), hl = rsa_hashes[h].len, ret;
		u8 dg[64], sig[1024], x[1040];
		unsigned int sl;

		RAND_bytes(dg, sizeof(dg));
		if (!RSA_sign(rsa_hashes[h].nid, dg, hl, sig, &sl, r))
			die("RSA_sign");
		total++;
		ret = rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, sig, sl);
		if (!ret)
			good++;
		else
			fprintf(stderr, "# %s/%s good signature: %d\n", name, rsa_hashes[h].name, ret);
#undef REJ
#define REJ(cond, what) do { if (!(cond)) { rej++; \
	fprintf(stderr, "# %s/%s: %s: unexpected result\n", name, rsa_hashes[h].name, what); } } while (0)
		/* leading zero octets stripped (as OpenPGP stores it) / added */
		{
			int z = 0;

			while (z < (int)sl && !sig[z])
				z++;
			REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, sig + z, sl - z) == 0,
			    "stripped signature");
			memset(x, 0, 3);
			memcpy(x + 3, sig, sl);
			REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, sl + 3) == 0,
			    "zero-padded signature");
		}
		memcpy(x, sig, sl);
		x[rnd() % sl] ^= 1 << (rnd() % 8);
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, sl) == -EKEYREJECTED ||
		    rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, sl) == -EKEYREJECTED,
		    "flipped signature bit");
		REJ(rsassa_pkcs1_verify(&fo.key, rsa_hashes[h].algo, dg, hl, sig, sl) ==
		    -EKEYREJECTED || memcmp(f.n, fo.n, k) == 0, "wrong key");
		{
			int fi = rnd() % hl;

			dg[fi] ^= 0x80;
			REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, sig, sl) ==
			    -EKEYREJECTED, "flipped digest bit");
			dg[fi] ^= 0x80;		/* the cases below need the right digest */
		}
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[(h + 1) % 5].algo, dg,
					rsa_hashes[(h + 1) % 5].len, sig, sl) == -EKEYREJECTED,
		    "other hash algorithm");
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl - 1, sig, sl) == -EINVAL,
		    "digest length not matching the hash");
		REJ(rsassa_pkcs1_verify(&f.key, HASH_ALGO_MD5, dg, 16, sig, sl) == -ENOPKG, "MD5");
		REJ(rsassa_pkcs1_verify(&f.key, HASH_ALGO__LAST, dg, 16, sig, sl) == -ENOPKG,
		    "hash out of range");
		/* s = n, s = n + 1, s longer than n */
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, f.n, k) == -EKEYREJECTED,
		    "s = n");
		memcpy(x, f.n, k);
		x[k - 1] += 1;
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, k) == -EKEYREJECTED,
		    "s = n + 1");
		/* s + n: same residue, only the s < n check refuses it */
		{
			BIGNUM *bs = BN_bin2bn(sig, sl, NULL), *bn = BN_bin2bn(f.n, k, NULL);

			BN_add(bs, bs, bn);
			if (BN_num_bits(bs) == BN_num_bits(bn)) {
				int xl = BN_bn2bin(bs, x);

				REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, xl) ==
				    -EKEYREJECTED, "s + n");
			}
			BN_free(bs);
			BN_free(bn);
		}
		x[0] = 1;
		memcpy(x + 1, sig, sl);
		REJ(rsassa_pkcs1_verify(&f.key, rsa_hashes[h].algo, dg, hl, x, sl + 1) == -EKEYREJECTED,
		    "signature one octet longer than n");
	}

	/* hand-built encodings, signed with the raw private operation */
	{
		u8 dg[32], em[1024], sig[1024];
		enum hash_algo H = HASH_ALGO_SHA256;

		RAND_bytes(dg, 32);
#define PADCASE(expect, what) do { raw_sign(r, em, k, sig); \
	if (rsassa_pkcs1_verify(&f.key, H, dg, 32, sig, k) != (expect)) { pad++; \
		fprintf(stderr, "# %s: %s: unexpected result\n", name, what); } } while (0)
		build_em(em, k, di256, sizeof(di256), dg, 32, -1);
		PADCASE(0, "hand-built correct EM");
		build_em(em, k, di256, sizeof(di256), dg, 32, -1);
		em[1] = 2;
		PADCASE(-EKEYREJECTED, "block type 2");
		build_em(em, k, di256, sizeof(di256), dg, 32, -1);
		em[2 + rnd() % 8] = 0xfe;
		PADCASE(-EKEYREJECTED, "PS octet 0xfe");
		build_em(em, k, di256, sizeof(di256), dg, 32, -1);
		em[k - 32 - sizeof(di256) - 1] = 0x01;
		PADCASE(-EKEYREJECTED, "separator 0x01");
		build_em(em, k, di256, sizeof(di256), dg, 32, 8);
		PADCASE(-EKEYREJECTED, "short PS followed by trailing garbage");
		memset(em + 3 + 8 + sizeof(di256) + 32, 0xa5, k - (3 + 8 + sizeof(di256) + 32));
		PADCASE(-EKEYREJECTED, "short PS followed by 0xa5 garbage");
		build_em(em, k, di256_noparam, sizeof(di256_noparam), dg, 32, -1);
		PADCASE(-EKEYREJECTED, "DigestInfo without NULL parameters");
		build_em(em, k, di512_32, sizeof(di512_32), dg, 32, -1);
		PADCASE(-EKEYREJECTED, "DigestInfo with SHA-512 OID");
		build_em(em, k, di256, sizeof(di256), dg, 32, -1);
		em[3 + (k - 3 - 51) + 3] ^= 1;		/* inside the DigestInfo length field */
		PADCASE(-EKEYREJECTED, "DigestInfo with a wrong inner length");
		build_em(em, k, di256, sizeof(di256) - 1, dg, 32, -1);
		PADCASE(-EKEYREJECTED, "DigestInfo missing its OCTET STRING length");
		memset(em, 0, k);
		em[k - 1] = 1;
		PADCASE(-EKEYREJECTED, "EM = 1");
	}
	tap(good == total, "%s: %d OpenSSL signatures (sha1..sha512) verify, also stripped/padded", name,
	    total);
	tap(!rej, "%s: flipped sig/digest, wrong key, wrong hash, s >= n, s + n, long sig, MD5 rejected", name);
	tap(!pad, "%s: wrong block type, PS, separator, trailing garbage, DigestInfo variants rejected",
	    name);
	rsassa_precomp_free(f.key.pre);
	rsassa_precomp_free(fo.key.pre);
	RSA_free(r);
	RSA_free(other);
	BN_free(e);
}

/*
 * A kept context serves only the key it was made for: the same values in
 * other buffers, another key, or a key rsassa_pkcs1_verify() refuses.
 */
static void test_rsa_precomp(void)
{
	RSA *r = RSA_new(), *other = RSA_new();
	BIGNUM *e = BN_new();
	struct rsa_fixture f, fo;
	struct rsa_pub_key_raw copy;
	u8 dg[32] = { 1 }, sig[512], ncopy[512], even[512];
	unsigned int sl;
	bool ok = true;

	BN_set_word(e, 65537);
	if (!RSA_generate_key_ex(r, 2048, e, NULL) || !RSA_generate_key_ex(other, 2048, e, NULL))
		die("RSA keygen");
	rsa_keep_ctx = true;
	rsa_fixture(r, &f);
	rsa_fixture(other, &fo);
	rsa_keep_ctx = false;
	RSA_sign(NID_sha256, dg, 32, sig, &sl, r);
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA256, dg, 32, sig, sl) == 0;
	ok &= rsassa_precomp_size(f.key.pre) >= 3 * 256;
	copy = f.key;
	copy.pre = fo.key.pre;		/* another key's context */
	ok &= rsassa_pkcs1_verify(&copy, HASH_ALGO_SHA256, dg, 32, sig, sl) == -EINVAL;
	memcpy(ncopy, f.n, f.n_len);	/* the same n in another buffer */
	copy = f.key;
	copy.n = ncopy;
	ok &= rsassa_pkcs1_verify(&copy, HASH_ALGO_SHA256, dg, 32, sig, sl) == -EINVAL;
	copy.pre = NULL;
	ok &= rsassa_pkcs1_verify(&copy, HASH_ALGO_SHA256, dg, 32, sig, sl) == 0;
	memcpy(even, f.n, f.n_len);
	even[f.n_len - 1] ^= 1;
	copy.n = even;
	ok &= PTR_ERR(rsassa_precompute(&copy)) == -EINVAL;
	copy = f.key;
	copy.e = f.n;
	copy.e_len = f.n_len;
	copy.pre = NULL;
	ok &= PTR_ERR(rsassa_precompute(&copy)) == -EINVAL;		/* e = n */
	rsassa_precomp_free(NULL);
	rsassa_precomp_free(ERR_PTR(-ENOMEM));
	tap(ok, "rsassa: a kept context verifies; another key's, or one for other buffers -> -EINVAL; "
	    "none for a bad key");
	rsassa_precomp_free(f.key.pre);
	rsassa_precomp_free(fo.key.pre);
	RSA_free(r);
	RSA_free(other);
	BN_free(e);
}

static void test_rsa_key_checks(void)
{
	RSA *r = RSA_new();
	BIGNUM *e = BN_new();
	struct rsa_fixture f;
	u8 dg[64] = { 0 }, sig[256], one[1] = { 1 }, two[1] = { 2 }, n2[512];
	static u8 nbig[1030];
	unsigned int sl;
	bool ok = true;

	BN_set_word(e, 65537);
	RSA_generate_key_ex(r, 512, e, NULL);
	rsa_fixture(r, &f);
	RSA_sign(NID_sha1, dg, 20, sig, &sl, r);
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == 0;
	/* 512-bit n is too short for SHA-512's encoding (needs 94 octets) */
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA512, dg, 64, sig, sl) == -EKEYREJECTED;
	f.key.e = one;
	f.key.e_len = 1;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;
	f.key.e = two;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;
	f.key.e_len = 0;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;
	f.key.e = f.n;
	f.key.e_len = f.n_len;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;	/* e = n */
	f.key.e = f.e;
	f.key.e_len = f.e_len;
	memcpy(n2, f.n, f.n_len);
	n2[f.n_len - 1] ^= 1;
	f.key.n = n2;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;	/* even */
	memset(nbig, 0xff, sizeof(nbig));
	f.key.n = nbig;
	f.key.n_len = 1025;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;
	f.key.n_len = 0;
	ok &= rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA1, dg, 20, sig, sl) == -EINVAL;
	tap(ok, "rsassa: e in {0, 1, 2, n}, even n, > 8192-bit n -> -EINVAL; n too short for hash -> -EKEYREJECTED");
	RSA_free(r);
	BN_free(e);
}

static void test_rsa_enomem(void)
{
	RSA *r = RSA_new();
	BIGNUM *e = BN_new();
	struct rsa_fixture f;
	u8 dg[32] = { 9 }, sig[256];
	unsigned int sl;
	int i, bad = 0;
	long live = compat_alloc_live;

	BN_set_word(e, 65537);
	RSA_generate_key_ex(r, 1024, e, NULL);
	rsa_fixture(r, &f);
	RSA_sign(NID_sha256, dg, 32, sig, &sl, r);
	for (i = 0; i < 8; i++) {
		int ret;

		compat_alloc_fail_after = i;
		ret = rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA256, dg, 32, sig, sl);
		compat_alloc_fail_after = -1;
		if (ret == 0)
			break;
		if (ret != -ENOMEM)
			bad++;
	}
	tap(!bad && i < 8 && i >= 3 && compat_alloc_live == live,
	    "rsassa_pkcs1_verify: each of its %d allocations failing gives -ENOMEM, no leak", i);
	/* with a kept context, and making one */
	bad = 0;
	for (i = 0; i < 8; i++) {
		struct rsassa_precomp *pre;
		int ret;

		compat_alloc_fail_after = i;
		pre = rsassa_precompute(&f.key);
		compat_alloc_fail_after = -1;
		if (!IS_ERR(pre)) {
			rsassa_precomp_free(pre);
			break;
		}
		if (PTR_ERR(pre) != -ENOMEM)
			bad++;
		(void)ret;
	}
	f.key.pre = rsassa_precompute(&f.key);
	for (i = 0; !bad && !IS_ERR(f.key.pre) && i < 8; i++) {
		int ret;

		compat_alloc_fail_after = i;
		ret = rsassa_pkcs1_verify(&f.key, HASH_ALGO_SHA256, dg, 32, sig, sl);
		compat_alloc_fail_after = -1;
		if (ret == 0)
			break;
		if (ret != -ENOMEM)
			bad++;
	}
	rsassa_precomp_free(f.key.pre);
	tap(!bad && i < 8 && compat_alloc_live == live,
	    "rsassa_precompute and a verification with its context: each allocation failing gives -ENOMEM, no leak");
	RSA_free(r);
	BN_free(e);
}

int main(int argc, char **argv)
{
	time_t t0 = time(NULL);

	if (argc > 1)
		scale = atoi(argv[1]) > 0 ? atoi(argv[1]) : 1;
	if (getenv("TEST_SEED"))
		rng_state = strtoull(getenv("TEST_SEED"), NULL, 0) | 1;
	fprintf(stderr, "# seed 0x%llx\n", (unsigned long long)rng_state);

	if (getenv("TEST_MONT_ONLY"))
		quick = 4;
	test_mont_edges();
	test_mont_enomem();
	test_mont_powm();
	test_mont_powm2_modmul_reduce();
	test_mont_inv();
	if (quick > 1)
		goto out;
	test_dsa_key_checks();
	test_dsa_enomem();
	test_dsa_size(1024, 160);
	test_dsa_size(2048, 224);
	test_dsa_size(2048, 256);
	test_dsa_size(3072, 256);

	test_rsa_key_checks();
	test_rsa_enomem();
	test_rsa_key(1024, 3, false);
	test_rsa_key(2048, 65537, false);
	test_rsa_key(2048, 0, true);
	test_rsa_key(3072, 65537, false);
	test_rsa_key(4096, 65537, false);
	test_rsa_precomp();
	rsa_keep_ctx = true;
	test_rsa_key(1024, 3, false);
	test_rsa_key(2048, 0, true);
	test_rsa_key(4096, 65537, false);
	rsa_keep_ctx = false;
out:

	printf("1..%d\n", tap_n);
	fprintf(stderr, "# %d passed, %d failed (%ld s)\n", tap_n - tap_failed, tap_failed,
		(long)(time(NULL) - t0));
	return tap_failed ? 1 : 0;
}
