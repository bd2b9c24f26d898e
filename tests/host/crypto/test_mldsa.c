// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/mldsa.c: the differential cases of mldsa-cases.mjs
 * (keys, messages and signatures made by @noble/post-quantum, mutated in
 * every field, each with noble's verdict) through mldsa65_verify(),
 * mldsa65_verify_internal() and mldsa65_verify_mu(), and the pure ones also
 * through mldsa65_verify_precomp() with the key mldsa65_precompute()
 * prepared (the same answer); our answer must be 0 exactly where noble
 * accepts.  Also measures the heap one verification
 * uses (kmalloc is wrapped: -Wl,--wrap=kmalloc,--wrap=kfree_sensitive,
 * --wrap=kfree) and checks that nothing is left allocated and that a
 * failed allocation gives -ENOMEM.  Prints TAP; exit status 1 on failure.
 *
 * Usage: test_mldsa CASES-FILE
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <stdarg.h>

#include <linux/err.h>
#include <crypto/mldsa.h>

static int tap_n, tap_failed;

static void tap(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!ok)
		tap_failed++;
}

/* ---- heap accounting of the code under test ---- */
void *__real_kmalloc(size_t size, gfp_t flags);
void __real_kfree(const void *p);
void __real_kfree_sensitive(const void *p);

static struct { const void *p; size_t size; } blocks[16];
static size_t heap_now, heap_peak;
static size_t heap_base;	/* the prepared key's tables: not a verification's */
static long heap_allocs;

void *__wrap_kmalloc(size_t size, gfp_t flags)
{
	void *p = __real_kmalloc(size, flags);
	size_t i;

	if (!p)
		return NULL;
	heap_allocs++;
	for (i = 0; i < ARRAY_SIZE(blocks); i++) {
		if (!blocks[i].p) {
			blocks[i].p = p;
			blocks[i].size = size;
			heap_now += size;
			heap_peak = max(heap_peak, heap_now - heap_base);
			return p;
		}
	}
	fprintf(stderr, "test_mldsa: more than %zu blocks at once\n", ARRAY_SIZE(blocks));
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

/* ---- the cases ---- */
static size_t unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;

	if (!strcmp(s, "-"))
		return 0;
	while (s[0] && s[1]) {
		unsigned int v;

		if (n == max || sscanf(s, "%2x", &v) != 1) {
			fprintf(stderr, "test_mldsa: bad hex in the cases\n");
			exit(2);
		}
		out[n++] = v;
		s += 2;
	}
	return n;
}

int main(int argc, char **argv)
{
	static char line[2 * 8192 + 64], mode[16], mhex[2 * 4096 + 4], shex[2 * 4096 + 4];
	static u8 pk[4096], msg[4096], sig[4096];
	size_t pk_len = 0, msg_len, sig_len;
	long n = 0, accepted = 0, disagree = 0, keys = 0, prepared = 0;
	struct mldsa65_precomp *kp = NULL;
	long by_ret[4] = { 0 };	/* 0, -EKEYREJECTED, -EBADMSG, -EINVAL */
	long by_mode[3] = { 0 };
	FILE *f;
	int exp;

	if (argc != 2 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: test_mldsa CASES-FILE\n");
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		int ret;

		if (line[0] == 'K') {
			char *h = line + 2;

			h[strcspn(h, "\n")] = 0;
			pk_len = unhex(h, pk, sizeof(pk));
			keys++;
			/* the key's tables, outside the heap of a verification */
			mldsa65_precomp_free(kp);
			kp = NULL;
			heap_base = 0;
			if (pk_len == MLDSA65_PUBLIC_KEY_SIZE) {
				size_t peak = heap_peak;

				kp = mldsa65_precompute(pk, pk_len);
				if (IS_ERR(kp)) {
					fprintf(stderr, "test_mldsa: precompute: %ld\n",
						PTR_ERR(kp));
					return 2;
				}
				heap_peak = peak;
				heap_base = heap_now;
			} else if (!IS_ERR(mldsa65_precompute(pk, pk_len))) {
				fprintf(stderr, "# key %ld of %zu bytes prepared\n", keys, pk_len);
				disagree++;
			}
			continue;
		}
		if (sscanf(line, "C %15s %d %8195s %8195s", mode, &exp, mhex, shex) != 4) {
			fprintf(stderr, "test_mldsa: %s: bad line\n", argv[1]);
			return 2;
		}
		msg_len = unhex(mhex, msg, sizeof(msg));
		sig_len = unhex(shex, sig, sizeof(sig));
		if (!strcmp(mode, "pure")) {
			ret = mldsa65_verify(pk, pk_len, msg, msg_len, sig, sig_len);
			by_mode[0]++;
			if (kp) {
				int ret_pre = mldsa65_verify_precomp(kp, msg, msg_len, sig,
								     sig_len);

				prepared++;
				if (ret_pre != ret) {
					fprintf(stderr, "# case %ld (key %ld): %d, with the prepared key %d\n",
						n + 1, keys, ret, ret_pre);
					disagree++;
				}
			}
		} else if (!strcmp(mode, "internal")) {
			ret = mldsa65_verify_internal(pk, pk_len, msg, msg_len, sig, sig_len);
			by_mode[1]++;
		} else {
			if (msg_len != MLDSA_MU_SIZE) {
				fprintf(stderr, "test_mldsa: mu of %zu bytes\n", msg_len);
				return 2;
			}
			ret = mldsa65_verify_mu(pk, pk_len, msg, sig, sig_len);
			by_mode[2]++;
		}
		n++;
		accepted += ret == 0;
		by_ret[ret == 0 ? 0 : ret == -EKEYREJECTED ? 1 : ret == -EBADMSG ? 2 :
		       ret == -EINVAL ? 3 : 0] += ret == 0 || ret == -EKEYREJECTED ||
						  ret == -EBADMSG || ret == -EINVAL;
		if ((ret == 0) != (exp == 1) ||
		    (ret && ret != -EKEYREJECTED && ret != -EBADMSG && ret != -EINVAL) ||
		    (ret == -EINVAL) != (pk_len != MLDSA65_PUBLIC_KEY_SIZE ||
					 sig_len != MLDSA65_SIGNATURE_SIZE)) {
			fprintf(stderr, "# case %ld (%s, key %ld): noble %s, ours %d\n", n, mode,
				keys, exp ? "accepts" : "refuses", ret);
			disagree++;
		}
		if (heap_now != heap_base) {
			fprintf(stderr, "# case %ld: %zu bytes left allocated\n", n,
				heap_now - heap_base);
			disagree++;
			heap_now = heap_base;
		}
	}
	fclose(f);
	mldsa65_precomp_free(kp);
	kp = NULL;
	heap_base = 0;
	tap(n > 0 && disagree == 0,
	    "%ld cases on %ld public keys, altered ones included (%ld pure, %ld of them also with the prepared key, %ld internal, %ld mu): %ld accepted, %ld rejected, %ld malformed hint, %ld bad length; %ld disagree with noble",
	    n, keys, by_mode[0], prepared, by_mode[1], by_mode[2], by_ret[0], by_ret[1],
	    by_ret[2], by_ret[3], disagree);
	tap(accepted > 0 && by_ret[1] > 0 && by_ret[2] > 0 && by_ret[3] > 0,
	    "the cases reach every outcome (0, -EKEYREJECTED, -EBADMSG, -EINVAL)");
	tap(heap_peak > 0 && heap_peak <= 8192 && heap_allocs > 0,
	    "heap: peak %zu bytes in one block a verification (at most 8192: one kmalloc-8k object)",
	    heap_peak);

	/* a failed allocation: -ENOMEM and nothing leaked */
	{
		extern long compat_alloc_fail_after, compat_alloc_live;
		long live = compat_alloc_live;
		int ret;

		memset(sig + 3248, 0, 61);	/* a well-formed (empty) hint */
		compat_alloc_fail_after = 0;
		ret = mldsa65_verify(pk, MLDSA65_PUBLIC_KEY_SIZE, msg, 0, sig,
				     MLDSA65_SIGNATURE_SIZE);
		compat_alloc_fail_after = -1;
		tap(ret == -ENOMEM && compat_alloc_live == live,
		    "allocation failure: -ENOMEM (got %d), nothing left allocated", ret);
	}
	/* ... and in mldsa65_precompute(), at each of its allocations, and after */
	{
		extern long compat_alloc_fail_after, compat_alloc_live;
		long live = compat_alloc_live, at;
		struct mldsa65_precomp *kp;
		bool good = true;
		int ret;

		for (at = 0; at < 3; at++) {
			compat_alloc_fail_after = at;
			kp = mldsa65_precompute(pk, MLDSA65_PUBLIC_KEY_SIZE);
			compat_alloc_fail_after = -1;
			good &= PTR_ERR(kp) == -ENOMEM && compat_alloc_live == live;
		}
		kp = mldsa65_precompute(pk, MLDSA65_PUBLIC_KEY_SIZE);
		good &= !IS_ERR(kp);
		if (!IS_ERR(kp)) {
			compat_alloc_fail_after = 0;
			ret = mldsa65_verify_precomp(kp, msg, 0, sig, MLDSA65_SIGNATURE_SIZE);
			compat_alloc_fail_after = -1;
			good &= ret == -ENOMEM;
			mldsa65_precomp_free(kp);
		}
		tap(good && compat_alloc_live == live,
		    "allocation failure in mldsa65_precompute() (each of its 3) and in a verification with its tables: -ENOMEM, nothing left allocated");
	}
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
