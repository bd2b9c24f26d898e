// SPDX-License-Identifier: GPL-2.0
/*
 * The answers test_mont32 checks crypto/mont.c's 32-bit limbs against, made
 * by OpenSSL's BIGNUM on the 64-bit host (the i386 build links no libcrypto:
 * it needs no multi-arch package).  One case per line, numbers in hex:
 *
 *   P m a x b y w a^x mod m  a^x * b^y mod m  w mod m
 *   I p a a^-1 mod p
 *
 * m odd of 2..4000 bits, a and b below m, x and y of 1..900 bits, w of
 * 32..3 * 32 * ceil(bits(m) / 32) bits (whole 32-bit limbs, up to three times
 * the modulus), p prime of 64..513 bits.  Usage: mont32_cases [COUNT] (300).
 */
#include <stdio.h>
#include <stdlib.h>

#include <openssl/bn.h>

static void put(const BIGNUM *b)
{
	char *h = BN_bn2hex(b);

	if (!h)
		exit(2);
	printf(" %s", h);
	OPENSSL_free(h);
}

int main(int argc, char **argv)
{
	int i, count = argc > 1 ? atoi(argv[1]) : 300;
	BN_CTX *bc = BN_CTX_new();
	BIGNUM *m = BN_new(), *a = BN_new(), *b = BN_new(), *x = BN_new(), *y = BN_new();
	BIGNUM *w = BN_new(), *t = BN_new(), *t2 = BN_new();

	if (!bc || !m || !a || !b || !x || !y || !w || !t || !t2 || count < 1)
		return 2;
	for (i = 0; i < count; i++) {
		int bits = 2 + (i * 7919) % 4000, n32 = (bits + 31) / 32;

		if (!BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD) ||
		    !BN_rand_range(a, m) || !BN_rand_range(b, m) ||
		    !BN_rand(x, 1 + i % 300, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) ||
		    !BN_rand(y, 1 + (i * 3) % 300, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) ||
		    !BN_rand(w, 32 * (1 + i % (3 * n32)), BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY))
			return 2;
		printf("P");
		put(m); put(a); put(x); put(b); put(y); put(w);
		if (!BN_mod_exp(t, a, x, m, bc))
			return 2;
		put(t);
		if (!BN_mod_exp(t2, b, y, m, bc) || !BN_mod_mul(t, t, t2, m, bc))
			return 2;
		put(t);
		if (!BN_mod(t, w, m, bc))
			return 2;
		put(t);
		printf("\n");
		if (i % 10)
			continue;
		/* inverse modulo a prime */
		if (!BN_generate_prime_ex(m, 64 + i % 450, 0, NULL, NULL, NULL) ||
		    !BN_rand_range(a, m) || (BN_is_zero(a) && !BN_one(a)) ||
		    !BN_mod_inverse(t, a, m, bc))
			return 2;
		printf("I");
		put(m); put(a); put(t);
		printf("\n");
	}
	BN_free(m); BN_free(a); BN_free(b); BN_free(x); BN_free(y);
	BN_free(w); BN_free(t); BN_free(t2);
	BN_CTX_free(bc);
	return fflush(stdout) ? 2 : 0;
}
