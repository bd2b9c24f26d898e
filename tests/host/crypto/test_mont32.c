// SPDX-License-Identifier: GPL-2.0
/*
 * The BITS_PER_LONG == 32 code of crypto/mont.c, dsa.c and rsassa.c: run.sh
 * builds this file and those for i386 (i686-linux-gnu-gcc with its own libc,
 * on an i386 build of tests/compat, no libcrypto) and runs it directly or
 * under qemu-i386.  The arithmetic against the answers OpenSSL's BIGNUM gave
 * on the 64-bit host (mont32_cases.c: its own code, not ours), and the DSA/RSA
 * KUnit vectors.  Prints TAP; exit status 1 on any failure, 2 when it cannot
 * test (not a 32-bit build, an unreadable case file, a modulus refused).
 *
 * Usage: test_mont32 CASES-FILE
 */
#include <stdarg.h>

#include <linux/kernel.h>	/* tests/compat */
#include <linux/slab.h>

#include <crypto/dsa.h>
#include <crypto/mont.h>
#include <crypto/rsassa.h>

#include "dsa_kunit_vectors.h"
#include "rsassa_kunit_vectors.h"

#include "tap.h"

/* A number of the case file: big-endian bytes. */
struct num {
	u8 b[1600];
	size_t len;
};

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* The next hex number of *s into v (an odd count of digits has a leading 0). */
static void take(char **s, struct num *v)
{
	char *p = *s, *e;
	size_t digits, i;

	while (*p == ' ')
		p++;
	for (e = p; hexval(*e) >= 0; e++)
		;
	digits = e - p;
	if (!digits || (digits + 1) / 2 > sizeof(v->b)) {
		fprintf(stderr, "test_mont32: malformed case file\n");
		exit(2);
	}
	v->len = (digits + 1) / 2;
	memset(v->b, 0, v->len);
	for (i = 0; i < digits; i++)
		v->b[v->len - 1 - i / 2] |= hexval(p[digits - 1 - i]) << (4 * (i % 2));
	*s = e;
}

static void load(const struct num *v, unsigned long *r, unsigned int n)
{
	if (mont_from_be(r, n, v->b, v->len))
		exit(2);
}

static bool same(const unsigned long *r, unsigned int n, const struct num *want)
{
	u8 a[1200], b[1200];

	if (4 * n > sizeof(a) || want->len > 4 * n || mont_to_be(a, 4 * n, r, n))
		return false;
	memset(b, 0, 4 * n - want->len);
	memcpy(b + 4 * n - want->len, want->b, want->len);
	return !memcmp(a, b, 4 * n);
}

int main(int argc, char **argv)
{
	static unsigned long a[300], b[300], x[300], y[300], r[300], w[900];
	static char line[16384];
	static struct num m, na, nb, nx, ny, nw, want;
	int bad_pow = 0, bad_pow2 = 0, bad_red = 0, bad_inv = 0, bad = 0, cases = 0, inv = 0;
	FILE *f;
	size_t v;

	if (sizeof(unsigned long) != 4 || BITS_PER_LONG != 32) {
		fprintf(stderr, "test_mont32: long is %zu bytes, BITS_PER_LONG %d: build it for i386\n",
			sizeof(unsigned long), BITS_PER_LONG);
		return 2;
	}
	f = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!f) {
		fprintf(stderr, "usage: test_mont32 CASES-FILE (from mont32_cases)\n");
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		struct mont_ctx ctx;
		unsigned int n, xn, yn, wn;
		char *s = line + 1;

		if (!strchr(line, '\n')) {
			fprintf(stderr, "test_mont32: line too long\n");
			return 2;
		}
		take(&s, &m);
		if (mont_ctx_init(&ctx, m.b, m.len))
			return 2;
		n = ctx.n;
		take(&s, &na);
		load(&na, a, n);
		if (line[0] == 'I') {	/* inverse modulo a prime */
			take(&s, &want);
			bad_inv += mont_inv_prime(&ctx, r, a) != 0;
			bad_inv += !same(r, n, &want);
			mont_ctx_destroy(&ctx);
			inv++;
			continue;
		}
		if (line[0] != 'P')
			return 2;
		take(&s, &nx);
		take(&s, &nb);
		take(&s, &ny);
		take(&s, &nw);
		xn = mont_limbs(mont_bits(nx.b, nx.len) + 1);
		yn = mont_limbs(mont_bits(ny.b, ny.len) + 1);
		wn = (nw.len + 3) / 4;
		if (xn > ARRAY_SIZE(x) || yn > ARRAY_SIZE(y) || wn > 3 * n)
			return 2;
		load(&nb, b, n);
		load(&nx, x, xn);
		load(&ny, y, yn);
		load(&nw, w, wn);

		take(&s, &want);
		mont_powm(&ctx, r, a, x, xn);
		bad_pow += !same(r, n, &want);

		take(&s, &want);
		mont_powm2(&ctx, r, a, x, xn, b, y, yn);
		bad_pow2 += !same(r, n, &want);

		take(&s, &want);
		mont_reduce(&ctx, r, w, wn);
		bad_red += !same(r, n, &want);
		mont_ctx_destroy(&ctx);
		cases++;
	}
	fclose(f);
	if (!cases || !inv) {
		fprintf(stderr, "test_mont32: no cases read\n");
		return 2;
	}
	tap(!bad_pow, "32-bit limbs: mont_powm matches BN_mod_exp (%d moduli, 2..4000 bits)", cases);
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
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
