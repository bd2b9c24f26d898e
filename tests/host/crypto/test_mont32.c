// SPDX-License-Identifier: GPL-2.0
/*
 * The BITS_PER_LONG == 32 code of crypto/mont.c, dsa.c and rsassa.c: run.sh
 * builds this file and those for i386 (i686-linux-gnu-gcc, on an i386 build of
 * tests/compat, against the i386 libcrypto) and runs it directly or under
 * qemu-i386.  Arithmetic against OpenSSL's BIGNUM (its own 32-bit code),
 * and the DSA/RSA KUnit vectors.  Prints TAP; exit status 1 on any failure,
 * 2 when it cannot test (not a 32-bit build, a modulus refused).
 */
#include <openssl/bn.h>
#include <stdarg.h>

#include <linux/kernel.h>	/* tests/compat */
#include <linux/slab.h>

#include <crypto/dsa.h>
#include <crypto/mont.h>
#include <crypto/rsassa.h>

#include "dsa_kunit_vectors.h"
#include "rsassa_kunit_vectors.h"

static int tap_n, tap_failed;

static void tap(bool ok, const char *what)
{
	printf("%sok %d - %s\n", ok ? "" : "not ", ++tap_n, what);
	if (!ok)
		tap_failed++;
}

static void load(const BIGNUM *b, unsigned long *r, unsigned int n)
{
	u8 buf[1600];
	int len;

	if (BN_num_bytes(b) > (int)sizeof(buf))
		exit(2);
	len = BN_bn2bin(b, buf);

	if (mont_from_be(r, n, buf, len))
		exit(2);
}

static bool same(const unsigned long *r, unsigned int n, const BIGNUM *want)
{
	u8 a[1100], b[1100];

	if (mont_to_be(a, 4 * n, r, n) || BN_bn2binpad(want, b, 4 * n) < 0)
		return false;
	return !memcmp(a, b, 4 * n);
}

int main(void)
{
	static unsigned long a[300], b[300], x[300], y[300], r[300], w[900];
	BN_CTX *bc = BN_CTX_new();
	int i, bad_pow = 0, bad_pow2 = 0, bad_red = 0, bad_inv = 0, bad = 0;
	size_t v;

	if (sizeof(unsigned long) != 4 || BITS_PER_LONG != 32) {
		fprintf(stderr, "test_mont32: long is %zu bytes, BITS_PER_LONG %d: build it for i386\n",
			sizeof(unsigned long), BITS_PER_LONG);
		return 2;
	}
	for (i = 0; i < 300; i++) {
		int bits = 2 + (i * 7919) % 4000;
		BIGNUM *m = BN_new(), *ba = BN_new(), *bb = BN_new(), *bx = BN_new();
		BIGNUM *by = BN_new(), *t = BN_new(), *t2 = BN_new(), *big = BN_new();
		u8 buf[1100];
		struct mont_ctx ctx;
		unsigned int n, xn, yn;
		int len;

		BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD);
		len = BN_bn2bin(m, buf);
		if (mont_ctx_init(&ctx, buf, len))
			return 2;
		n = ctx.n;
		BN_rand_range(ba, m);
		BN_rand_range(bb, m);
		BN_rand(bx, 1 + i % 300, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
		BN_rand(by, 1 + (i * 3) % 300, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
		xn = mont_limbs(BN_num_bits(bx) + 1);
		yn = mont_limbs(BN_num_bits(by) + 1);
		load(ba, a, n);
		load(bb, b, n);
		load(bx, x, xn);
		load(by, y, yn);

		mont_powm(&ctx, r, a, x, xn);
		BN_mod_exp(t, ba, bx, m, bc);
		bad_pow += !same(r, n, t);

		mont_powm2(&ctx, r, a, x, xn, b, y, yn);
		BN_mod_exp(t2, bb, by, m, bc);
		BN_mod_mul(t, t, t2, m, bc);
		bad_pow2 += !same(r, n, t);

		BN_rand(big, 32 * (1 + i % (3 * n)), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY);
		load(big, w, 1 + i % (3 * n));
		mont_reduce(&ctx, r, w, 1 + i % (3 * n));
		BN_mod(t, big, m, bc);
		bad_red += !same(r, n, t);
		mont_ctx_destroy(&ctx);

		if (i % 10 == 0) {	/* inverse modulo a prime */
			BN_generate_prime_ex(m, 64 + i % 450, 0, NULL, NULL, NULL);
			len = BN_bn2bin(m, buf);
			mont_ctx_init(&ctx, buf, len);
			BN_rand_range(ba, m);
			if (BN_is_zero(ba))
				BN_one(ba);
			load(ba, a, ctx.n);
			bad_inv += mont_inv_prime(&ctx, r, a) != 0;
			BN_mod_inverse(t, ba, m, bc);
			bad_inv += !same(r, ctx.n, t);
			mont_ctx_destroy(&ctx);
		}
		BN_free(m); BN_free(ba); BN_free(bb); BN_free(bx); BN_free(by);
		BN_free(t); BN_free(t2); BN_free(big);
	}
	tap(!bad_pow, "32-bit limbs: mont_powm matches BN_mod_exp (300 moduli, 2..4000 bits)");
	tap(!bad_pow2, "32-bit limbs: mont_powm2 matches a^x b^y mod m");
	tap(!bad_red, "32-bit limbs: mont_reduce matches BN_mod");
	tap(!bad_inv, "32-bit limbs: mont_inv_prime matches BN_mod_inverse");

	for (v = 0; v < ARRAY_SIZE(dsa_kunit_vectors); v++) {
		const struct dsa_kunit_vector *d = &dsa_kunit_vectors[v];
		struct dsa_pub_key k = { d->p, d->q, d->g, d->y, d->p_len, d->q_len,
					 d->g_len, d->y_len };
		u8 dg[64];

		bad += dsa_verify(&k, d->digest, d->digest_len, d->r, d->r_len, d->s,
				  d->s_len) != 0;
		memcpy(dg, d->digest, d->digest_len);
		dg[0] ^= 1;
		bad += dsa_verify(&k, dg, d->digest_len, d->r, d->r_len, d->s,
				  d->s_len) != -EKEYREJECTED;
	}
	tap(!bad, "32-bit limbs: DSA KUnit vectors verify, flipped digest rejected");
	bad = 0;
	for (v = 0; v < ARRAY_SIZE(rsassa_kunit_vectors); v++) {
		const struct rsassa_kunit_vector *rv = &rsassa_kunit_vectors[v];
		struct rsa_pub_key_raw k = { rv->n, rv->e, rv->n_len, rv->e_len };

		bad += rsassa_pkcs1_verify(&k, rv->hash, rv->digest, rv->digest_len, rv->sig,
					   rv->sig_len) != rv->expect;
	}
	tap(!bad, "32-bit limbs: RSASSA KUnit vectors give their expected results");
	tap(compat_alloc_live == 0, "32-bit limbs: no kmalloc leak");
	BN_CTX_free(bc);
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
