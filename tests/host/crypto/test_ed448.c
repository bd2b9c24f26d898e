// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/ed448.c:
 *   - the differential cases of ed448-cases.mjs (keys, messages, contexts
 *     and signatures made by @noble/curves, mutated, each with noble's
 *     verdict) through ed448_verify_ctx(), and those without a context also
 *     through ed448_verify_precomp() with the key ed448_precompute()
 *     prepared: our answer must be 0 exactly where noble accepts, the same
 *     with the prepared key;
 *   - without libcrypto (NO_OPENSSL, the i386 and s390x builds) that is all;
 *     otherwise also random keys and messages signed by OpenSSL, each with
 *     ten random corruptions of the signature, message or key, our answer
 *     compared with OpenSSL's own verification;
 *   - the heap of one verification (kmalloc is wrapped:
 *     -Wl,--wrap=kmalloc,--wrap=kfree,--wrap=kfree_sensitive), nothing
 *     left allocated, and -ENOMEM on a failed allocation.
 * Prints TAP; exit status 1 on any failure.
 *
 * Usage: test_ed448 CASES-FILE [random-keys]   (default 100)
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <stdarg.h>

#include <linux/err.h>
#include <crypto/ed448.h>

#ifndef NO_OPENSSL
#include <openssl/evp.h>
#include <openssl/rand.h>
#endif

#include "tap.h"

/* ---- heap accounting of the code under test ---- */
void *__real_kmalloc(size_t size, gfp_t flags);
void __real_kfree(const void *p);
void __real_kfree_sensitive(const void *p);

static struct { const void *p; size_t size; } blocks[16];
static size_t heap_now, heap_peak, heap_base;

void *__wrap_kmalloc(size_t size, gfp_t flags)
{
	void *p = __real_kmalloc(size, flags);
	size_t i;

	if (!p)
		return NULL;
	for (i = 0; i < ARRAY_SIZE(blocks); i++) {
		if (!blocks[i].p) {
			blocks[i].p = p;
			blocks[i].size = size;
			heap_now += size;
			heap_peak = max(heap_peak, heap_now - heap_base);
			return p;
		}
	}
	fprintf(stderr, "test_ed448: more than %zu blocks at once\n", ARRAY_SIZE(blocks));
	exit(2);
}

static void heap_forget(const void *p)
{
	size_t i;

	for (i = 0; p && i < ARRAY_SIZE(blocks); i++) {
		if (blocks[i].p == p) {
			heap_now -= blocks[i].size;
			blocks[i].p = NULL;
			return;
		}
	}
}

void __wrap_kfree(const void *p)
{
	heap_forget(p);
	__real_kfree(p);
}

void __wrap_kfree_sensitive(const void *p)
{
	heap_forget(p);
	__real_kfree_sensitive(p);
}

static size_t unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;

	if (!strcmp(s, "-"))
		return 0;
	while (s[0] && s[1]) {
		unsigned int v;

		if (n == max || sscanf(s, "%2x", &v) != 1) {
			fprintf(stderr, "test_ed448: bad hex in the cases\n");
			exit(2);
		}
		out[n++] = v;
		s += 2;
	}
	return n;
}

static void test_cases(const char *file)
{
	static char line[4096], mhex[1024], shex[1024], chex[1024];
	static u8 pub[57], msg[512], sig[114], ctx[256];
	long n = 0, accepted = 0, disagree = 0, keys = 0, prepared = 0, by_einval = 0;
	struct ed448_precomp *kp = NULL;
	size_t msg_len, ctx_len;
	FILE *f = fopen(file, "r");
	int exp, kp_err = 0;

	if (!f) {
		fprintf(stderr, "test_ed448: %s: cannot open\n", file);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		int ret;

		if (line[0] == 'K') {
			line[strcspn(line, "\n")] = 0;
			if (unhex(line + 2, pub, sizeof(pub)) != 57) {
				fprintf(stderr, "test_ed448: a key not of 57 bytes\n");
				exit(2);
			}
			keys++;
			ed448_precomp_free(kp);
			heap_base = 0;
			kp = ed448_precompute(pub);
			kp_err = IS_ERR(kp) ? PTR_ERR(kp) : 0;
			if (IS_ERR(kp))
				kp = NULL;
			heap_base = heap_now;	/* the tables are not a verification's */
			continue;
		}
		if (sscanf(line, "C %d %1023s %1023s %1023s", &exp, mhex, shex, chex) != 4) {
			fprintf(stderr, "test_ed448: %s: bad line\n", file);
			exit(2);
		}
		msg_len = unhex(mhex, msg, sizeof(msg));
		if (unhex(shex, sig, sizeof(sig)) != 114) {
			fprintf(stderr, "test_ed448: a signature not of 114 bytes\n");
			exit(2);
		}
		ctx_len = unhex(chex, ctx, sizeof(ctx));
		ret = ed448_verify_ctx(pub, ctx, ctx_len, msg, msg_len, sig);
		n++;
		accepted += !ret;
		by_einval += ret == -EINVAL;
		if ((ret == 0) != (exp == 1) || (ret && ret != -EKEYREJECTED && ret != -EINVAL)) {
			fprintf(stderr, "# case %ld (key %ld): noble %s, ours %d\n", n, keys,
				exp ? "accepts" : "refuses", ret);
			disagree++;
		}
		/*
		 * the prepared key: the same answer; a key it refused (-EINVAL) is
		 * refused here too (-EINVAL, or -EKEYREJECTED for S >= L, checked first)
		 */
		if (!ctx_len) {
			int pre = kp ? ed448_verify_precomp(kp, msg, msg_len, sig) : kp_err;

			prepared++;
			if (kp ? pre != ret : pre != -EINVAL || !ret) {
				fprintf(stderr, "# case %ld (key %ld): %d, prepared key %d\n", n,
					keys, ret, pre);
				disagree++;
			}
		}
		if (heap_now != heap_base) {
			fprintf(stderr, "# case %ld: %zu bytes left allocated\n", n,
				heap_now - heap_base);
			disagree++;
			heap_now = heap_base;
		}
	}
	fclose(f);
	ed448_precomp_free(kp);
	heap_base = 0;
	tap(n > 0 && !disagree,
	    "%ld cases on %ld public keys from @noble/curves (%ld also with the prepared key): %ld accepted, %ld refused (%ld of them -EINVAL, the key); %ld disagree with noble",
	    n, keys, prepared, accepted, n - accepted, by_einval, disagree);
	tap(accepted > 0 && by_einval > 0 && n - accepted - by_einval > 0,
	    "the cases reach every outcome (0, -EKEYREJECTED, -EINVAL)");
}

#ifndef NO_OPENSSL
static int ossl_verify(const u8 *pub, const u8 *msg, size_t len, const u8 *sig)
{
	EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
	EVP_MD_CTX *mc = EVP_MD_CTX_new();
	int ok = 0;

	if (pk && mc && EVP_DigestVerifyInit(mc, NULL, NULL, NULL, pk) == 1)
		ok = EVP_DigestVerify(mc, sig, 114, msg, len) == 1;
	EVP_MD_CTX_free(mc);
	EVP_PKEY_free(pk);
	return ok;
}

static void test_openssl(int n)
{
	int i, good = 0, agree = 0, total = 0;

	for (i = 0; i < n; i++) {
		EVP_PKEY *pk = NULL;
		EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_id(EVP_PKEY_ED448, NULL);
		EVP_MD_CTX *mc = EVP_MD_CTX_new();
		u8 pub[57], sig[114], x[114], msg[300], m2[300], p2[57];
		size_t pl = 57, sl = 114, len = i % 4 == 0 ? 64 : (size_t)(1 + i * 7 % 299);
		int k;

		if (!pc || !mc || EVP_PKEY_keygen_init(pc) != 1 || EVP_PKEY_keygen(pc, &pk) != 1 ||
		    EVP_PKEY_get_raw_public_key(pk, pub, &pl) != 1)
			exit(2);
		RAND_bytes(msg, sizeof(msg));
		if (EVP_DigestSignInit(mc, NULL, NULL, NULL, pk) != 1 ||
		    EVP_DigestSign(mc, sig, &sl, msg, len) != 1 || sl != 114)
			exit(2);
		if (!ed448_verify(pub, msg, len, sig))
			good++;
		else
			fprintf(stderr, "# OpenSSL key %d, %zu-byte message: rejected\n", i, len);
		for (k = 0; k < 10; k++) {
			int which = k % 3, ours, theirs;
			unsigned int r;

			RAND_bytes((u8 *)&r, sizeof(r));
			memcpy(x, sig, 114);
			memcpy(m2, msg, sizeof(m2));
			memcpy(p2, pub, 57);
			if (which == 0)
				x[r % 114] ^= 1 << (r / 114 % 8);
			else if (which == 1)
				m2[r % len] ^= 1 << (r / 114 % 8);
			else
				p2[r % 57] ^= 1 << (r / 114 % 8);
			ours = ed448_verify(p2, m2, len, x);
			theirs = ossl_verify(p2, m2, len, x);
			total++;
			if ((ours == 0) == theirs && ours && (ours == -EKEYREJECTED || ours == -EINVAL))
				agree++;
			else
				fprintf(stderr, "# corruption %d of key %d: ours %d, OpenSSL %d\n",
					which, i, ours, theirs);
		}
		EVP_MD_CTX_free(mc);
		EVP_PKEY_free(pk);
		EVP_PKEY_CTX_free(pc);
	}
	tap(good == n, "%d OpenSSL signatures by random keys (1..299-byte messages) verify", n);
	tap(agree == total, "%d corrupted signatures/messages/keys: refused, as by OpenSSL", total);
}
#endif

static void test_heap(void)
{
	extern long compat_alloc_fail_after, compat_alloc_live;
	static const u8 pub[57] = { 3 };	/* y = 3: a point of large order */
	u8 sig[114] = { 0 };
	long live = compat_alloc_live, at;
	struct ed448_precomp *kp;
	bool good = true;
	int ret;

	heap_peak = 0;
	ret = ed448_verify(pub, sig, 64, sig);
	tap(ret == -EKEYREJECTED && heap_peak > 0 && heap_peak <= 4096,
	    "heap: peak %zu bytes a verification (at most 4096: one kmalloc-4k object)",
	    heap_peak);
	kp = ed448_precompute(pub);
	good = !IS_ERR(kp);
	if (good) {
		heap_peak = 0;
		heap_base = heap_now;
		ret = ed448_verify_precomp(kp, sig, 64, sig);
		heap_base = 0;
		good = ret == -EKEYREJECTED && heap_peak <= 4096;
		tap(good, "heap with a prepared key: peak %zu bytes a verification, tables %zu bytes",
		    heap_peak, ed448_precomp_size(kp));
		ed448_precomp_free(kp);
	} else {
		tap(false, "ed448_precompute() of y = 3: %ld", PTR_ERR(kp));
	}

	compat_alloc_fail_after = 0;
	ret = ed448_verify(pub, sig, 64, sig);
	compat_alloc_fail_after = -1;
	good = ret == -ENOMEM && compat_alloc_live == live;
	for (at = 0; at < 2; at++) {
		compat_alloc_fail_after = at;
		kp = ed448_precompute(pub);
		compat_alloc_fail_after = -1;
		good &= PTR_ERR(kp) == -ENOMEM && compat_alloc_live == live;
	}
	kp = ed448_precompute(pub);
	good &= !IS_ERR(kp);
	if (!IS_ERR(kp)) {
		compat_alloc_fail_after = 0;
		good &= ed448_verify_precomp(kp, sig, 64, sig) == -ENOMEM;
		compat_alloc_fail_after = -1;
		ed448_precomp_free(kp);
	}
	tap(good && compat_alloc_live == live,
	    "allocation failures (a verification, each of ed448_precompute()'s 2, a prepared verification): -ENOMEM, nothing left allocated");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_ed448 CASES-FILE [random-keys]\n");
		return 2;
	}
	test_cases(argv[1]);
#ifndef NO_OPENSSL
	test_openssl(argc > 2 ? atoi(argv[2]) : 100);
#endif
	test_heap();
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
