// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/mldsa_verify.c: the differential cases of mldsa-cases.mjs
 * (keys, messages and signatures made by @noble/post-quantum, mutated in
 * every field, each with noble's verdict; ML-DSA-65 or ML-DSA-87, as the
 * file's first line "S 65" or "S 87" says) through mldsaNN_verify(),
 * mldsaNN_verify_internal() and mldsaNN_verify_mu(), and the pure ones also
 * through mldsaNN_verify_precomp() with the key mldsaNN_precompute()
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
#include <crypto/mldsa_verify.h>

#include "tap.h"

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

/* ---- the parameter sets: their interfaces, prepared keys as void * ---- */
struct set {
	const char *name;
	size_t pk_size, sig_size, hint_off, heap_max;
	int (*verify)(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		      const u8 *sig, size_t sig_len);
	int (*verify_internal)(const u8 *pk, size_t pk_len, const u8 *mprime,
			       size_t mprime_len, const u8 *sig, size_t sig_len);
	int (*verify_mu)(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
			 const u8 *sig, size_t sig_len);
	void *(*precompute)(const u8 *pk, size_t pk_len);
	void (*precomp_free)(void *kp);
	int (*verify_precomp)(const void *kp, const u8 *msg, size_t msg_len,
			      const u8 *sig, size_t sig_len);
};

#define SET_OPS(nn)									\
static void *pre##nn(const u8 *pk, size_t pk_len)					\
{											\
	return mldsa##nn##_precompute(pk, pk_len);					\
}											\
static void free##nn(void *kp)								\
{											\
	mldsa##nn##_precomp_free(kp);							\
}											\
static int vpre##nn(const void *kp, const u8 *msg, size_t msg_len, const u8 *sig,	\
		    size_t sig_len)							\
{											\
	return mldsa##nn##_verify_precomp(kp, msg, msg_len, sig, sig_len);		\
}
SET_OPS(65)
SET_OPS(87)

/* the workspace: one kmalloc-8k object for ML-DSA-65, under 10 KiB for ML-DSA-87 */
static const struct set sets[] = {
	{ "ML-DSA-65", MLDSA65_PUBLIC_KEY_SIZE, MLDSA65_SIGNATURE_SIZE, 48 + 5 * 640, 8192,
	  mldsa65_verify, mldsa65_verify_internal, mldsa65_verify_mu, pre65, free65, vpre65 },
	{ "ML-DSA-87", MLDSA87_PUBLIC_KEY_SIZE, MLDSA87_SIGNATURE_SIZE, 64 + 7 * 640, 10240,
	  mldsa87_verify, mldsa87_verify_internal, mldsa87_verify_mu, pre87, free87, vpre87 },
};

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
	static char line[2 * 16384 + 64], mode[16], mhex[2 * 8192 + 4], shex[2 * 8192 + 4];
	static u8 pk[8192], msg[8192], sig[8192];
	size_t pk_len = 0, msg_len, sig_len;
	long n = 0, accepted = 0, disagree = 0, keys = 0, prepared = 0;
	const struct set *ps = NULL;
	void *kp = NULL;
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

		if (line[0] == 'S') {
			ps = atoi(line + 2) == 87 ? &sets[1] : atoi(line + 2) == 65 ? &sets[0] : NULL;
			continue;
		}
		if (!ps) {
			fprintf(stderr, "test_mldsa: %s: no \"S 65\" or \"S 87\" first\n", argv[1]);
			return 2;
		}
		if (line[0] == 'K') {
			char *h = line + 2;

			h[strcspn(h, "\n")] = 0;
			pk_len = unhex(h, pk, sizeof(pk));
			keys++;
			/* the key's tables, outside the heap of a verification */
			if (kp)
				ps->precomp_free(kp);
			kp = NULL;
			heap_base = 0;
			if (pk_len == ps->pk_size) {
				size_t peak = heap_peak;

				kp = ps->precompute(pk, pk_len);
				if (IS_ERR(kp)) {
					fprintf(stderr, "test_mldsa: precompute: %ld\n",
						PTR_ERR(kp));
					return 2;
				}
				heap_peak = peak;
				heap_base = heap_now;
			} else if (!IS_ERR(ps->precompute(pk, pk_len))) {
				fprintf(stderr, "# key %ld of %zu bytes prepared\n", keys, pk_len);
				disagree++;
			}
			continue;
		}
		if (sscanf(line, "C %15s %d %16387s %16387s", mode, &exp, mhex, shex) != 4) {
			fprintf(stderr, "test_mldsa: %s: bad line\n", argv[1]);
			return 2;
		}
		msg_len = unhex(mhex, msg, sizeof(msg));
		sig_len = unhex(shex, sig, sizeof(sig));
		if (!strcmp(mode, "pure")) {
			ret = ps->verify(pk, pk_len, msg, msg_len, sig, sig_len);
			by_mode[0]++;
			if (kp) {
				int ret_pre = ps->verify_precomp(kp, msg, msg_len, sig, sig_len);

				prepared++;
				if (ret_pre != ret) {
					fprintf(stderr, "# case %ld (key %ld): %d, with the prepared key %d\n",
						n + 1, keys, ret, ret_pre);
					disagree++;
				}
			}
		} else if (!strcmp(mode, "internal")) {
			ret = ps->verify_internal(pk, pk_len, msg, msg_len, sig, sig_len);
			by_mode[1]++;
		} else {
			if (msg_len != MLDSA_MU_SIZE) {
				fprintf(stderr, "test_mldsa: mu of %zu bytes\n", msg_len);
				return 2;
			}
			ret = ps->verify_mu(pk, pk_len, msg, sig, sig_len);
			by_mode[2]++;
		}
		n++;
		accepted += ret == 0;
		by_ret[ret == 0 ? 0 : ret == -EKEYREJECTED ? 1 : ret == -EBADMSG ? 2 :
		       ret == -EINVAL ? 3 : 0] += ret == 0 || ret == -EKEYREJECTED ||
						  ret == -EBADMSG || ret == -EINVAL;
		if ((ret == 0) != (exp == 1) ||
		    (ret && ret != -EKEYREJECTED && ret != -EBADMSG && ret != -EINVAL) ||
		    (ret == -EINVAL) != (pk_len != ps->pk_size || sig_len != ps->sig_size)) {
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
	if (!ps) {
		fprintf(stderr, "test_mldsa: %s: no cases\n", argv[1]);
		return 2;
	}
	if (kp)
		ps->precomp_free(kp);
	kp = NULL;
	heap_base = 0;
	tap(n > 0 && disagree == 0,
	    "%s: %ld cases on %ld public keys, altered ones included (%ld pure, %ld of them also with the prepared key, %ld internal, %ld mu): %ld accepted, %ld rejected, %ld malformed hint, %ld bad length; %ld disagree with noble",
	    ps->name, n, keys, by_mode[0], prepared, by_mode[1], by_mode[2], by_ret[0],
	    by_ret[1], by_ret[2], by_ret[3], disagree);
	tap(accepted > 0 && by_ret[1] > 0 && by_ret[2] > 0 && by_ret[3] > 0,
	    "the cases reach every outcome (0, -EKEYREJECTED, -EBADMSG, -EINVAL)");
	tap(heap_peak > 0 && heap_peak <= ps->heap_max && heap_allocs > 0,
	    "heap: peak %zu bytes in one block a verification (at most %zu)",
	    heap_peak, ps->heap_max);

	/* a failed allocation: -ENOMEM and nothing leaked */
	{
		extern long compat_alloc_fail_after, compat_alloc_live;
		long live = compat_alloc_live;
		int ret;

		/* a well-formed (empty) hint */
		memset(sig + ps->hint_off, 0, ps->sig_size - ps->hint_off);
		compat_alloc_fail_after = 0;
		ret = ps->verify(pk, ps->pk_size, msg, 0, sig, ps->sig_size);
		compat_alloc_fail_after = -1;
		tap(ret == -ENOMEM && compat_alloc_live == live,
		    "allocation failure: -ENOMEM (got %d), nothing left allocated", ret);
	}
	/* ... and in mldsa65_precompute(), at each of its allocations, and after */
	{
		extern long compat_alloc_fail_after, compat_alloc_live;
		long live = compat_alloc_live, at;
		bool good = true;
		void *kp;
		int ret;

		for (at = 0; at < 3; at++) {
			compat_alloc_fail_after = at;
			kp = ps->precompute(pk, ps->pk_size);
			compat_alloc_fail_after = -1;
			good &= PTR_ERR(kp) == -ENOMEM && compat_alloc_live == live;
		}
		kp = ps->precompute(pk, ps->pk_size);
		good &= !IS_ERR(kp);
		if (!IS_ERR(kp)) {
			compat_alloc_fail_after = 0;
			ret = ps->verify_precomp(kp, msg, 0, sig, ps->sig_size);
			compat_alloc_fail_after = -1;
			good &= ret == -ENOMEM;
			ps->precomp_free(kp);
		}
		tap(good && compat_alloc_live == live,
		    "allocation failure in the key's preparation (each of its 3) and in a verification with its tables: -ENOMEM, nothing left allocated");
	}
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
