// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/ed25519.c against OpenSSL: the KUnit vectors, random
 * keys and messages signed by OpenSSL, every kind of corruption (each
 * answer compared with OpenSSL's own verification), S >= L, bad keys.
 * Prints TAP; exit status 1 on any failure.
 *
 * Usage: test_ed25519 [random-keys]   (default 200)
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <stdarg.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <crypto/ed25519.h>

#include "ed25519_kunit_vectors.h"

#include "tap.h"

static const u8 l_le[32] = {
	0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
	0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

static int ossl_verify(const u8 *pub, const u8 *msg, size_t len, const u8 *sig)
{
	EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	int ok = 0;

	if (pk && mc && EVP_DigestVerifyInit(mc, NULL, NULL, NULL, pk) == 1)
		ok = EVP_DigestVerify(mc, sig, 64, msg, len) == 1;
	EVP_MD_CTX_free(mc);
	EVP_PKEY_free(pk);
	return ok;
}

static void ossl_sign(EVP_PKEY *pk, const u8 *msg, size_t len, u8 *sig)
{
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	size_t sl = 64;

	if (!mc || EVP_DigestSignInit(mc, NULL, NULL, NULL, pk) != 1 ||
	    EVP_DigestSign(mc, sig, &sl, msg, len) != 1 || sl != 64) {
		fprintf(stderr, "test_ed25519: OpenSSL signing failed\n");
		exit(2);
	}
	EVP_MD_CTX_free(mc);
}

static void test_vectors(void)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(ed25519_kunit_vectors); i++) {
		const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[i];
		int ret = ed25519_verify(v->pub, v->msg, v->msg_len, v->sig);

		if (ret || !ossl_verify(v->pub, v->msg, v->msg_len, v->sig)) {
			fprintf(stderr, "# %s: ours %d\n", v->name, ret);
			bad++;
		}
	}
	tap(!bad, "RFC 8032 7.1 TEST 1-3 and the OpenSSL vectors verify (%zu)",
	    ARRAY_SIZE(ed25519_kunit_vectors));
}

static void test_random(int n)
{
	int i, good = 0, agree = 0, total = 0, sl_bad = 0;

	for (i = 0; i < n; i++) {
		EVP_PKEY *pk = NULL;
		EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
		u8 pub[32], sig[64], x[64], msg[300], p2[32];
		size_t pl = 32, len = i % 5 == 0 ? 32 : (size_t)(i * 7 % 300);
		int k;

		if (!pc || EVP_PKEY_keygen_init(pc) != 1 || EVP_PKEY_keygen(pc, &pk) != 1)
			exit(2);
		EVP_PKEY_get_raw_public_key(pk, pub, &pl);
		RAND_bytes(msg, sizeof(msg));
		ossl_sign(pk, msg, len, sig);
		if (!ed25519_verify(pub, msg, len, sig))
			good++;
		else
			fprintf(stderr, "# random key %d, %zu-byte message: rejected\n", i, len);

		/* ten random corruptions of sig, message, key: agree with OpenSSL */
		for (k = 0; k < 10; k++) {
			int which = k % 3, ours, theirs;
			u8 m2[300];
			unsigned int r;

			RAND_bytes((u8 *)&r, sizeof(r));
			memcpy(x, sig, 64);
			memcpy(m2, msg, sizeof(m2));
			memcpy(p2, pub, 32);
			if (which == 0)
				x[r % 64] ^= 1 << (r / 64 % 8);
			else if (which == 1 && len)
				m2[r % len] ^= 1 << (r / 64 % 8);
			else
				p2[r % 32] ^= 1 << (r / 64 % 8);
			ours = ed25519_verify(p2, m2, len, x);
			theirs = ossl_verify(p2, m2, len, x);
			total++;
			if ((ours == 0) == theirs && ours != 0 &&
			    (ours == -EKEYREJECTED || ours == -EINVAL))
				agree++;
			else
				fprintf(stderr, "# corruption %d of key %d: ours %d, OpenSSL %d\n",
					which, i, ours, theirs);
		}

		/* S + L (when it fits in 256 bits) */
		{
			unsigned int c = 0;
			int j;

			memcpy(x, sig, 64);
			for (j = 0; j < 32; j++) {
				c += x[32 + j] + l_le[j];
				x[32 + j] = c & 0xff;
				c >>= 8;
			}
			if (!c && ed25519_verify(pub, msg, len, x) != -EKEYREJECTED)
				sl_bad++;
		}
		EVP_PKEY_free(pk);
		EVP_PKEY_CTX_free(pc);
	}
	tap(good == n, "%d OpenSSL signatures by random keys (0..299-byte messages) verify", n);
	tap(agree == total, "%d corrupted signatures/messages/keys: rejected, as by OpenSSL", total);
	tap(!sl_bad, "S + L rejected (S < L enforced) for %d signatures", n);
}

static void test_bad_keys(void)
{
	const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[1];
	u8 pub[32];
	size_t i;
	bool ok = true;

	for (i = 0; i < ARRAY_SIZE(ed25519_small_order); i++)
		ok &= ed25519_verify(ed25519_small_order[i], v->msg, v->msg_len, v->sig) == -EINVAL;
	memset(pub, 0xff, 32);
	pub[0] = 0xed;
	pub[31] = 0x7f;
	ok &= ed25519_verify(pub, v->msg, v->msg_len, v->sig) == -EINVAL;	/* y = p */
	pub[0] = 0xf0;
	ok &= ed25519_verify(pub, v->msg, v->msg_len, v->sig) == -EINVAL;	/* y = p + 3 */
	memset(pub, 0, 32);
	pub[0] = 3;
	ok &= ed25519_verify(pub, v->msg, v->msg_len, v->sig) == -EKEYREJECTED;	/* y = 3 */
	memset(pub, 0, 32);
	pub[0] = 2;
	ok &= ed25519_verify(pub, v->msg, v->msg_len, v->sig) == -EINVAL;	/* off curve */
	tap(ok, "small-order, non-canonical and off-curve public keys -> -EINVAL");
}

static void test_enomem(void)
{
	const struct ed25519_kunit_vector *v = &ed25519_kunit_vectors[2];
	long live = compat_alloc_live;

	compat_alloc_fail_after = 0;
	tap(ed25519_verify(v->pub, v->msg, v->msg_len, v->sig) == -ENOMEM &&
	    compat_alloc_live == live, "SHA-512 allocation failure -> -ENOMEM, no leak");
	compat_alloc_fail_after = -1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200;

	test_vectors();
	test_random(n > 0 ? n : 200);
	test_bad_keys();
	test_enomem();
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
