// SPDX-License-Identifier: GPL-2.0
/*
 * Host test of crypto/slhdsa.c: the differential cases of slhdsa-cases.mjs
 * (keys, messages and signatures made by @noble/post-quantum, changed in
 * every part, each with noble's verdict; SLH-DSA-SHAKE-128s, -128f or -256s,
 * as the file's first line "S 128s" says) through slhdsa_verify() and
 * slhdsa_verify_internal() (M' built here for a context string); our answer
 * must be 0 exactly where noble accepts, -EINVAL exactly for a wrong
 * length, -EKEYREJECTED otherwise.  Also counts the SHAKE256 computations
 * of each verification (shake256() and shake256_init() are wrapped:
 * -Wl,--wrap=shake256,--wrap=shake256_init,--wrap=shake_absorb) against the
 * bound the code states, and the Keccak-f permutations they take; measures
 * the heap (kmalloc and kfree wrapped too) and checks that nothing is left
 * allocated and that a failed allocation gives -ENOMEM.  With --stack, runs
 * one verification of the first case on a painted thread stack, its
 * workspace from a static pool (malloc's own stack not counted), and prints
 * the heap it asked for and the stack it used (for a build without
 * sanitizers).  Built with CONFIG_CRYPTO_KECCAK_X4 and crypto/keccak_x4.c
 * (-Wl,--wrap=keccakf1600_x4_avx2 too), it counts each way a four-way
 * permutation computes as a SHAKE256 computation and checks that the
 * four-way path ran when the CPU has AVX2 (KCOMPAT_NO_AVX2=1 hides it).
 * Prints TAP; exit status 1 on failure.
 *
 * Usage: test_slhdsa [--stack] CASES-FILE
 */
#include <linux/kernel.h>	/* tests/compat (see kshim.h) */
#include <linux/slab.h>

#include <pthread.h>
#include <stdarg.h>

#include <crypto/shake.h>
#include <crypto/slhdsa.h>
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
#include <crypto/keccak_x4.h>
#include <test/keccak_x4_ways.h>
#endif

#include "tap.h"

/* ---- heap accounting of the code under test ---- */
void *__real_kmalloc(size_t size, gfp_t flags);
void __real_kfree(const void *p);

static struct { const void *p; size_t size; } blocks[16];
static size_t heap_now, heap_peak;
static long heap_allocs;
/* --stack: the workspace from here, so that malloc's own stack is not counted */
static u8 pool[4096] __aligned(64);
static bool pool_mode, pool_used;
static size_t pool_asked;

void *__wrap_kmalloc(size_t size, gfp_t flags)
{
	void *p;
	size_t i;

	if (pool_mode) {
		if (pool_used || size > sizeof(pool))
			return NULL;
		pool_used = true;
		pool_asked = size;
		return pool;
	}
	p = __real_kmalloc(size, flags);
	if (!p)
		return NULL;
	heap_allocs++;
	for (i = 0; i < ARRAY_SIZE(blocks); i++) {
		if (!blocks[i].p) {
			blocks[i].p = p;
			blocks[i].size = size;
			heap_now += size;
			heap_peak = max(heap_peak, heap_now);
			return p;
		}
	}
	fprintf(stderr, "test_slhdsa: more than %zu blocks at once\n", ARRAY_SIZE(blocks));
	exit(2);
}

void __wrap_kfree(const void *p)
{
	size_t i;

	if (p == pool) {
		pool_used = false;
		return;
	}
	for (i = 0; p && i < ARRAY_SIZE(blocks); i++) {
		if (blocks[i].p == p) {
			heap_now -= blocks[i].size;
			blocks[i].p = NULL;
			break;
		}
	}
	__real_kfree(p);
}

/* ---- SHAKE256 computations and their permutations ---- */
void __real_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len);
void __real_shake256_init(struct shake_ctx *ctx);
void __real_shake_absorb(struct shake_ctx *ctx, const u8 *in, size_t len);

static long shake_calls, shake_perms;
static const struct shake_ctx *stream;	/* the one SHAKE256 state slhdsa.c streams into */
static size_t stream_len;

/* absorbing L bytes and squeezing at most one block: L / rate + 1 permutations */
void __wrap_shake256(const u8 *in, size_t in_len, u8 *out, size_t out_len)
{
	shake_calls++;
	shake_perms += in_len / SHAKE256_RATE + DIV_ROUND_UP(out_len, SHAKE256_RATE);
	__real_shake256(in, in_len, out, out_len);
}

void __wrap_shake256_init(struct shake_ctx *ctx)
{
	/* the last stream ended: its n or m bytes of output (under a block) */
	if (stream)
		shake_perms += stream_len / SHAKE256_RATE + 1;
	shake_calls++;
	stream = ctx;
	stream_len = 0;
	__real_shake256_init(ctx);
}

void __wrap_shake_absorb(struct shake_ctx *ctx, const u8 *in, size_t len)
{
	if (ctx == stream)
		stream_len += len;
	__real_shake_absorb(ctx, in, len);
}

static long x4_perms;

#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
void __real_keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS]);

/* one four-way permutation: a SHAKE256 computation for each way in use */
void __wrap_keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS])
{
	shake_calls += keccak_x4_ways_in_use(st);
	x4_perms++;
	__real_keccakf1600_x4_avx2(st);
}
#endif

static void shake_count_start(void)
{
	shake_calls = shake_perms = x4_perms = 0;
	stream = NULL;
}

static void shake_count_end(void)
{
	if (stream)
		shake_perms += stream_len / SHAKE256_RATE + 1;
	stream = NULL;
}

/* ---- the parameter sets ---- */
struct set {
	const char *name;
	enum slhdsa_alg alg;
	unsigned int n, h, d, a, k;
	size_t pk_size, sig_size;
	long calls_max;		/* what crypto/slhdsa.c states */
};

static const struct set sets[] = {
	{ "SLH-DSA-SHAKE-128s", SLHDSA_SHAKE_128S, 16, 63, 7, 12, 14,
	  SLHDSA_SHAKE_128S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128S_SIGNATURE_SIZE, 3824 },
	{ "SLH-DSA-SHAKE-128f", SLHDSA_SHAKE_128F, 16, 66, 22, 6, 33,
	  SLHDSA_SHAKE_128F_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_128F_SIGNATURE_SIZE, 11541 },
	{ "SLH-DSA-SHAKE-256s", SLHDSA_SHAKE_256S, 32, 64, 8, 14, 22,
	  SLHDSA_SHAKE_256S_PUBLIC_KEY_SIZE, SLHDSA_SHAKE_256S_SIGNATURE_SIZE, 8324 },
};

/*
 * The bound from FIPS 205's algorithms: H_msg, k FORS leaves and a paths,
 * T_k, and per layer the most WOTS+ chain steps, T_len and h' path nodes.
 * The most chain steps: every message digit 0 (csum = len1 (w - 1)), plus
 * w - 1 less each checksum digit of that csum.
 */
static long calls_bound(const struct set *s)
{
	unsigned int len1 = 2 * s->n, csum = len1 * 15, steps = csum, i;

	for (i = 0; i < 3; i++)
		steps += 15 - (csum >> (4 * i) & 15);
	return 1 + (long)s->k * (s->a + 1) + 1 + (long)s->d * (steps + 1 + s->h / s->d);
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
			fprintf(stderr, "test_slhdsa: bad hex in the cases\n");
			exit(2);
		}
		out[n++] = v;
		s += 2;
	}
	return n;
}

#define MAX_SIG	32768
#define MAX_MSG	1024

static u8 pk[128], msg[MAX_MSG], mprime[2 + 255 + MAX_MSG], ctx[256], sig[MAX_SIG];
static size_t pk_len, msg_len, ctx_len, sig_len;

static int verify_case(const struct set *s, const char *mode)
{
	if (!strcmp(mode, "pure"))
		return slhdsa_verify(s->alg, pk, pk_len, msg, msg_len, sig, sig_len);
	if (!strcmp(mode, "ctx")) {
		/* M' = 0 || |ctx| || ctx || M (FIPS 205 Algorithm 24) */
		mprime[0] = 0;
		mprime[1] = ctx_len;
		memcpy(mprime + 2, ctx, ctx_len);
		memcpy(mprime + 2 + ctx_len, msg, msg_len);
		return slhdsa_verify_internal(s->alg, pk, pk_len, mprime, 2 + ctx_len + msg_len,
					      sig, sig_len);
	}
	return slhdsa_verify_internal(s->alg, pk, pk_len, msg, msg_len, sig, sig_len);
}

/* ---- stack: one verification on a painted thread stack ---- */
#define STACK_SIZE	(256 << 10)
#define STACK_PAINT	0xa5

static const struct set *stack_set;
static const char *stack_mode;
static int stack_ret;
static uintptr_t stack_top;

static void *stack_thread(void *arg)
{
	/* the thread's descriptor and TLS sit above: count from here down */
	stack_top = (uintptr_t)__builtin_frame_address(0);
	stack_ret = verify_case(stack_set, stack_mode);
	return NULL;
}

static long stack_used(const struct set *s, const char *mode)
{
	pthread_attr_t attr;
	pthread_t t;
	u8 *mem = aligned_alloc(4096, STACK_SIZE);
	uintptr_t lowest;
	long i;

	if (!mem)
		return -1;
	memset(mem, STACK_PAINT, STACK_SIZE);
	stack_set = s;
	stack_mode = mode;
	pool_mode = true;
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, mem, STACK_SIZE);
	if (pthread_create(&t, &attr, stack_thread, NULL) || pthread_join(t, NULL))
		return -1;
	for (i = 0; i < STACK_SIZE && mem[i] == STACK_PAINT; i++)
		;
	/* the stack grows down: the lowest byte no longer painted */
	lowest = (uintptr_t)(mem + i);
	pthread_attr_destroy(&attr);
	pool_mode = false;
	free(mem);
	return stack_top - lowest;
}

int main(int argc, char **argv)
{
	static char line[2 * (MAX_SIG + MAX_MSG + 256) + 64];
	static char mode[16], chex[2 * 256 + 4], mhex[2 * MAX_MSG + 4], shex[2 * MAX_SIG + 4];
	long n = 0, accepted = 0, rejected = 0, einval = 0, disagree = 0, keys = 0;
	long by_mode[3] = { 0 }, calls_max = 0, calls_sum = 0, perms_max = 0, perms_sum = 0;
	long measured = 0, x4_max = 0, x4_sum = 0;
	bool want_stack = argc == 3 && !strcmp(argv[1], "--stack");
	const struct set *ps = NULL;
	FILE *f;
	int exp;

	if ((argc != 2 && !want_stack) || !(f = fopen(argv[argc - 1], "r"))) {
		fprintf(stderr, "usage: test_slhdsa [--stack] CASES-FILE\n");
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		int ret;

		if (line[0] == 'S') {
			size_t i;

			line[strcspn(line, "\n")] = 0;
			for (i = 0, ps = NULL; i < ARRAY_SIZE(sets); i++)
				if (strstr(sets[i].name, line + 2) && strlen(line + 2) == 4)
					ps = &sets[i];
			continue;
		}
		if (!ps) {
			fprintf(stderr, "test_slhdsa: %s: no \"S 128s\", \"S 128f\" or \"S 256s\" first\n",
				argv[argc - 1]);
			return 2;
		}
		if (line[0] == 'K') {
			char *h = line + 2;

			h[strcspn(h, "\n")] = 0;
			pk_len = unhex(h, pk, sizeof(pk));
			keys++;
			continue;
		}
		if (sscanf(line, "C %15s %d %515s %2051s %65539s", mode, &exp, chex, mhex, shex) != 5) {
			fprintf(stderr, "test_slhdsa: %s: bad line\n", argv[argc - 1]);
			return 2;
		}
		ctx_len = unhex(chex, ctx, sizeof(ctx));
		msg_len = unhex(mhex, msg, sizeof(msg));
		sig_len = unhex(shex, sig, sizeof(sig));
		if (want_stack) {
			long used = stack_used(ps, mode);

			printf("%s: heap %zu + stack %ld bytes (verdict %d)\n", ps->name, pool_asked,
			       used, stack_ret);
			return used > 0 && stack_ret == (exp == 1 ? 0 : -EKEYREJECTED) ? 0 : 1;
		}
		shake_count_start();
		ret = verify_case(ps, mode);
		shake_count_end();
		if (!strcmp(mode, "pure"))
			by_mode[0]++;
		else if (!strcmp(mode, "ctx"))
			by_mode[1]++;
		else
			by_mode[2]++;
		n++;
		accepted += ret == 0;
		rejected += ret == -EKEYREJECTED;
		einval += ret == -EINVAL;
		if ((ret == 0) != (exp == 1) ||
		    (ret && ret != -EKEYREJECTED && ret != -EINVAL) ||
		    (ret == -EINVAL) != (pk_len != ps->pk_size || sig_len != ps->sig_size)) {
			fprintf(stderr, "# case %ld (%s, key %ld): noble %s, ours %d\n", n, mode,
				keys, exp ? "accepts" : "refuses", ret);
			disagree++;
		}
		if (ret != -EINVAL) {
			measured++;
			calls_sum += shake_calls;
			perms_sum += shake_perms;
			calls_max = max(calls_max, shake_calls);
			perms_max = max(perms_max, shake_perms);
			x4_sum += x4_perms;
			x4_max = max(x4_max, x4_perms);
			if (shake_calls > ps->calls_max) {
				fprintf(stderr, "# case %ld: %ld SHAKE256 computations, over the bound %ld\n",
					n, shake_calls, ps->calls_max);
				disagree++;
			}
		} else if (shake_calls) {
			fprintf(stderr, "# case %ld: a bad length, yet %ld SHAKE256 computations\n",
				n, shake_calls);
			disagree++;
		}
		if (heap_now) {
			fprintf(stderr, "# case %ld: %zu bytes left allocated\n", n, heap_now);
			disagree++;
			heap_now = 0;
		}
	}
	fclose(f);
	if (!ps || !measured) {
		fprintf(stderr, "test_slhdsa: %s: no cases\n", argv[argc - 1]);
		return 2;
	}
	tap(n > 0 && disagree == 0,
	    "%s: %ld cases on %ld public keys, altered ones included (%ld pure, %ld with a context, %ld internal): %ld accepted, %ld rejected, %ld bad length; %ld disagree with noble",
	    ps->name, n, keys, by_mode[0], by_mode[1], by_mode[2], accepted, rejected, einval,
	    disagree);
	tap(accepted > 0 && rejected > 0 && einval > 0,
	    "the cases reach every outcome (0, -EKEYREJECTED, -EINVAL)");
	tap(calls_bound(ps) == ps->calls_max && calls_max <= ps->calls_max,
	    "SHAKE256 computations a verification: at most %ld seen (average %ld), bound %ld as FIPS 205 gives it; Keccak-f permutations at most %ld (average %ld)",
	    calls_max, calls_sum / measured, ps->calls_max, perms_max, perms_sum / measured);
	tap(heap_peak > 0 && heap_peak <= 4096 && heap_allocs > 0,
	    "heap: peak %zu bytes in one block a verification (at most 4096)", heap_peak);
#if IS_ENABLED(CONFIG_CRYPTO_KECCAK_X4)
	tap(keccakf1600_x4_usable() ? x4_max > 0 : x4_max == 0,
	    "four-way Keccak-f (AVX2 %s): at most %ld four-way and %ld one-way permutations a verification (average %ld and %ld)",
	    keccakf1600_x4_usable() ? "used" : "absent or hidden: not used", x4_max, perms_max,
	    x4_sum / measured, perms_sum / measured);
#endif

	/* a failed allocation: -ENOMEM and nothing leaked */
	{
		extern long compat_alloc_fail_after, compat_alloc_live;
		long live = compat_alloc_live;
		int ret;

		compat_alloc_fail_after = 0;
		ret = slhdsa_verify(ps->alg, pk, ps->pk_size, msg, 0, sig, ps->sig_size);
		compat_alloc_fail_after = -1;
		tap(ret == -ENOMEM && compat_alloc_live == live,
		    "allocation failure: -ENOMEM (got %d), nothing left allocated", ret);
	}
	/* an unknown parameter set */
	tap(slhdsa_verify((enum slhdsa_alg)3, pk, ps->pk_size, msg, 0, sig, ps->sig_size) == -EINVAL &&
	    slhdsa_verify_internal((enum slhdsa_alg)-1, pk, ps->pk_size, msg, 0, sig,
				   ps->sig_size) == -EINVAL,
	    "an unknown parameter set: -EINVAL");
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
