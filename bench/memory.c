// SPDX-License-Identifier: GPL-2.0
/*
 * make bench KVER=7.3: the memory of one verification on a 7.x kernel, in
 * userspace on scripts/pgp-shim: the ML-DSA-65 and ML-DSA-87 halves through
 * <crypto/mldsa_verify.h> as the 7.x side builds it (crypto/mldsa_verify_lib.c
 * on mainline's lib/crypto/mldsa.c and lib/crypto/sha3.c of the 7.3 tree),
 * which are mainline's mldsa_verify() itself, and with the key prepared as the
 * keyring prepares it (mldsa_prepare_key(), mldsa_verify_prepared()), and the
 * Ed448 half (crypto/ed448.c on the SHA-3 library's SHAKE256), with its key
 * prepared and without.
 *
 * Each verification runs on a thread whose stack was painted: "stack" is
 * the deepest it went; "heap" the most bytes it held at once
 * (malloc_usable_size() of live allocations); "kmalloc" the sizes it asked
 * kmalloc() for, which the kernel rounds up to its slab sizes.  Prints one
 * line per verification, and fails when any does not verify.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <crypto/mldsa_verify.h>
#include <crypto/ed448.h>

#include "../crypto/tests/mldsa_kunit_vectors.h"
#include "../crypto/tests/mldsa87_kunit_vectors.h"
#include "../crypto/tests/ed448_kunit_vectors.h"

#define STACK_SIZE	(1 << 20)
#define PAINT		0xa5

/* The sizes asked of kmalloc() (lib/crypto/mldsa.c is built with kmalloc=mem_kmalloc) */
static size_t requests[8];
static unsigned int nr_requests;

void *mem_kmalloc(size_t size, gfp_t flags)
{
	if (nr_requests < ARRAY_SIZE(requests))
		requests[nr_requests] = size;
	nr_requests++;
	return kmalloc(size, flags);
}

/* What the shim lacks of the kernel's API that lib/crypto/{mldsa,sha3}.c use */
void le64_to_cpus(u64 *p)
{
	*p = le64_to_cpu((__force __le64)*p);
}

void crypto_xor(u8 *dst, const u8 *src, unsigned int size)
{
	while (size--)
		*dst++ ^= *src++;
}

struct job {
	int (*fn)(const void *arg);
	const void *arg;
	uintptr_t top;
	int ret;
};

static void *run(void *p)
{
	struct job *j = p;

	j->top = (uintptr_t)__builtin_frame_address(0);
	j->ret = j->fn(j->arg);
	return NULL;
}

/* measure NAME FN ARG: one verification on a painted stack; 0 when it verified */
static int measure(const char *name, int (*fn)(const void *), const void *arg)
{
	struct job j = { .fn = fn, .arg = arg };
	pthread_attr_t attr;
	pthread_t t;
	size_t base, i;
	u8 *mem = aligned_alloc(4096, STACK_SIZE);

	if (!mem)
		exit(2);
	memset(mem, PAINT, STACK_SIZE);
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, mem, STACK_SIZE);
	base = compat_alloc_bytes;
	compat_alloc_bytes_peak = base;
	nr_requests = 0;
	if (pthread_create(&t, &attr, run, &j) || pthread_join(t, NULL))
		exit(2);
	for (i = 0; i < STACK_SIZE && mem[i] == PAINT; i++)
		;
	printf("%s: %s, heap %zu bytes, stack %zu bytes, kmalloc", name,
	       j.ret ? "DID NOT VERIFY" : "verified", compat_alloc_bytes_peak - base,
	       (size_t)(j.top - (uintptr_t)(mem + i)));
	for (i = 0; i < nr_requests && i < ARRAY_SIZE(requests); i++)
		printf(" %zu", requests[i]);
	printf("%s\n", nr_requests ? "" : " none");
	pthread_attr_destroy(&attr);
	free(mem);
	return j.ret;
}

static const struct mldsa_kunit_vector *pure(const struct mldsa_kunit_vector *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].valid && v[i].mode == MLDSA_KUNIT_PURE)
			return &v[i];
	return NULL;
}

static int verify65(const void *arg)
{
	const struct mldsa_kunit_vector *v = arg;

	return mldsa65_verify(v->pk, MLDSA65_PUBLIC_KEY_SIZE, v->msg, v->msg_len, v->sig,
			      MLDSA65_SIGNATURE_SIZE);
}

static int verify87(const void *arg)
{
	const struct mldsa_kunit_vector *v = arg;

	return mldsa87_verify(v->pk, MLDSA87_PUBLIC_KEY_SIZE, v->msg, v->msg_len, v->sig,
			      MLDSA87_SIGNATURE_SIZE);
}

static const struct mldsa_kunit_vector *pre_vec;
static struct mldsa65_precomp *pre65;
static struct mldsa87_precomp *pre87;

static int verify65_pre(const void *arg)
{
	const struct mldsa_kunit_vector *v = pre_vec;

	return mldsa65_verify_precomp(pre65, v->msg, v->msg_len, v->sig, MLDSA65_SIGNATURE_SIZE);
}

static int verify87_pre(const void *arg)
{
	const struct mldsa_kunit_vector *v = pre_vec;

	return mldsa87_verify_precomp(pre87, v->msg, v->msg_len, v->sig, MLDSA87_SIGNATURE_SIZE);
}

static const struct ed448_kunit_vector *ed448_vec;
static struct ed448_precomp *ed448_pre;

static int verify448(const void *arg)
{
	const struct ed448_kunit_vector *v = ed448_vec;

	return ed448_verify(v->pub, v->msg, v->msg_len, v->sig);
}

static int verify448_pre(const void *arg)
{
	const struct ed448_kunit_vector *v = ed448_vec;

	return ed448_verify_precomp(ed448_pre, v->msg, v->msg_len, v->sig);
}

int main(void)
{
	const struct mldsa_kunit_vector *v65 = pure(mldsa_kunit_vectors,
						    ARRAY_SIZE(mldsa_kunit_vectors));
	const struct mldsa_kunit_vector *v87 = pure(mldsa87_kunit_vectors,
						    ARRAY_SIZE(mldsa87_kunit_vectors));
	size_t i;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(ed448_kunit_vectors) && !ed448_vec; i++)
		if (!ed448_kunit_vectors[i].ctx_len && ed448_kunit_vectors[i].msg_len)
			ed448_vec = &ed448_kunit_vectors[i];
	if (!v65 || !v87 || !ed448_vec) {
		fprintf(stderr, "memory: no vector\n");
		return 2;
	}
	bad |= measure("ML-DSA-65 (mainline's mldsa_verify())", verify65, v65);
	bad |= measure("ML-DSA-87 (mainline's mldsa_verify())", verify87, v87);
	pre65 = mldsa65_precompute(v65->pk, MLDSA65_PUBLIC_KEY_SIZE);
	pre87 = mldsa87_precompute(v87->pk, MLDSA87_PUBLIC_KEY_SIZE);
	if (IS_ERR(pre65) || IS_ERR(pre87))
		return 2;
	pre_vec = v65;
	bad |= measure("ML-DSA-65, key prepared (mldsa_verify_prepared())", verify65_pre, NULL);
	pre_vec = v87;
	bad |= measure("ML-DSA-87, key prepared (mldsa_verify_prepared())", verify87_pre, NULL);
	printf("ML-DSA prepared keys: %zu bytes (ML-DSA-65), %zu bytes (ML-DSA-87), held by the key\n",
	       mldsa65_precomp_size(pre65), mldsa87_precomp_size(pre87));
	mldsa65_precomp_free(pre65);
	mldsa87_precomp_free(pre87);
	bad |= measure("Ed448 (crypto/ed448.c), key unprepared", verify448, NULL);
	ed448_pre = ed448_precompute(ed448_vec->pub);
	if (IS_ERR(ed448_pre))
		return 2;
	bad |= measure("Ed448 (crypto/ed448.c), key prepared", verify448_pre, NULL);
	printf("Ed448 prepared key: %zu bytes, held by the key\n", ed448_precomp_size(ed448_pre));
	ed448_precomp_free(ed448_pre);
	return bad ? 1 : 0;
}
