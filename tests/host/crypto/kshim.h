/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private userspace shim: just enough of the kernel API for crypto/mont.c,
 * dsa.c, rsassa.c, ed25519.c and their *_kunit.c suites to compile unchanged
 * in userspace.  run.sh creates one-line forwarding headers (<linux/slab.h>,
 * <crypto/hash_info.h>, <kunit/test.h>, ...) that all include this file.
 *
 * Semantics kept where tests can observe them: kmalloc failure injection
 * (kshim_fail_alloc_after), ERR_PTR, crypto_memneq, hash_digest_size,
 * crypto_shash for "sha512" (OpenSSL), a KUnit subset printing TAP.
 */
#ifndef _KSHIM_H
#define _KSHIM_H

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* as in the kernel: u64 is unsigned long long everywhere */
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;

/*
 * KSHIM_LIMB32: run the BITS_PER_LONG == 32 code on a 64-bit host by making
 * "long" 32 bits wide in the translation units built with it (test_mont32.c
 * and the crypto/ files linked with it; kshim.c is not).  Every system
 * header, and every use of "long long", must come before this point.
 */
#ifdef KSHIM_LIMB32
#define KSHIM_NO_INT128 1
#define long int
#endif
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
typedef __int128 s128;
#ifndef KSHIM_NO_INT128
#define CONFIG_ARCH_SUPPORTS_INT128 1
#endif
#endif
typedef unsigned int gfp_t;

#ifdef KSHIM_LIMB32
#define BITS_PER_LONG		32
#else
#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)
#endif
#define GFP_KERNEL		0u
#undef __always_inline
#define __always_inline		inline __attribute__((always_inline))
#define __maybe_unused		__attribute__((unused))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)		((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#define WARN_ON(c)		({ int __c = !!(c); if (__c) fprintf(stderr, "WARN_ON %s:%d\n", __FILE__, __LINE__); __c; })
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL(s)
#define MODULE_LICENSE(s)
#define MODULE_DESCRIPTION(s)
#define MODULE_AUTHOR(s)
#define MODULE_IMPORT_NS(s)
#define module_init(f)
#define module_exit(f)
#define __init
#define __exit

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#define pr_err(fmt, ...)	fprintf(stderr, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	fprintf(stderr, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	do { } while (0)
#define pr_debug(fmt, ...)	do { } while (0)

#ifndef EKEYREJECTED
#define EKEYREJECTED 129
#endif
#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)		((uintptr_t)(x) >= (uintptr_t)-MAX_ERRNO)
static inline void *ERR_PTR(intptr_t error) { return (void *)error; }
static inline intptr_t PTR_ERR(const void *ptr) { return (intptr_t)ptr; }
static inline bool IS_ERR(const void *ptr) { return IS_ERR_VALUE((uintptr_t)ptr); }

static inline int fls(unsigned int x) { return x ? 32 - __builtin_clz(x) : 0; }
#ifdef KSHIM_LIMB32
static inline unsigned long __fls(unsigned long x) { return 31 - __builtin_clz(x); }
#else
static inline unsigned long __fls(unsigned long x) { return BITS_PER_LONG - 1 - __builtin_clzl(x); }
#endif

/* <asm/cpufeature.h>: KSHIM_NO_ADX=1 in the environment hides MULX/ADX */
#if defined(__x86_64__) && !defined(KSHIM_NO_INT128)
#define CONFIG_X86_64 1
#define X86_FEATURE_BMI2	1
#define X86_FEATURE_ADX		2
static inline bool boot_cpu_has(int f)
{
	if (getenv("KSHIM_NO_ADX"))
		return false;
	return f == X86_FEATURE_ADX ? __builtin_cpu_supports("adx") :
				      __builtin_cpu_supports("bmi2");
}
#endif

/* Allocation: fails after kshim_fail_alloc_after successful calls (if >= 0). */
extern long kshim_fail_alloc_after;
extern long kshim_live_allocs;
static inline void *kmalloc(size_t size, gfp_t gfp)
{
	void *p;

	(void)gfp;
	if (kshim_fail_alloc_after == 0)
		return NULL;
	if (kshim_fail_alloc_after > 0)
		kshim_fail_alloc_after--;
	p = malloc(size ? size : 1);
	if (p)
		kshim_live_allocs++;
	return p;
}
static inline void *kmalloc_array(size_t n, size_t size, gfp_t gfp)
{
	if (size && n > SIZE_MAX / size)
		return NULL;
	return kmalloc(n * size, gfp);
}
static inline void *kzalloc(size_t size, gfp_t gfp)
{
	void *p = kmalloc(size, gfp);

	if (p)
		memset(p, 0, size);
	return p;
}
static inline void kfree(const void *p)
{
	if (p)
		kshim_live_allocs--;
	free((void *)p);
}
#define kvmalloc_array(n, size, gfp)	kmalloc_array(n, size, gfp)
#define kvfree(p)			kfree(p)
static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
static inline void kfree_sensitive(const void *p)
{
	kfree(p);
}

static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;
	u8 d = 0;

	while (n--)
		d |= *x++ ^ *y++;
	return d != 0;
}

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}
static inline u64 get_unaligned_le64(const void *p)
{
	return get_unaligned_le32(p) | (u64)get_unaligned_le32((const u8 *)p + 4) << 32;
}
static inline void put_unaligned_le32(u32 v, void *p)
{
	u8 *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}
static inline void put_unaligned_le64(u64 v, void *p)
{
	put_unaligned_le32((u32)v, p);
	put_unaligned_le32((u32)(v >> 32), (u8 *)p + 4);
}

/* <linux/ktime.h>, <linux/math64.h> */
static inline u64 ktime_get_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
static inline u64 div_u64(u64 a, u32 b) { return a / b; }

/* <crypto/hash_info.h>: same numbering as include/uapi/linux/hash_info.h */
enum hash_algo {
	HASH_ALGO_MD4, HASH_ALGO_MD5, HASH_ALGO_SHA1, HASH_ALGO_RIPE_MD_160,
	HASH_ALGO_SHA256, HASH_ALGO_SHA384, HASH_ALGO_SHA512, HASH_ALGO_SHA224,
	HASH_ALGO_RIPE_MD_128, HASH_ALGO_RIPE_MD_256, HASH_ALGO_RIPE_MD_320,
	HASH_ALGO_WP_256, HASH_ALGO_WP_384, HASH_ALGO_WP_512, HASH_ALGO_TGR_128,
	HASH_ALGO_TGR_160, HASH_ALGO_TGR_192, HASH_ALGO_SM3_256,
	HASH_ALGO_STREEBOG_256, HASH_ALGO_STREEBOG_512, HASH_ALGO_SHA3_256,
	HASH_ALGO_SHA3_384, HASH_ALGO_SHA3_512, HASH_ALGO__LAST
};
extern const int hash_digest_size[HASH_ALGO__LAST];
extern const char *const hash_algo_name[HASH_ALGO__LAST];

/* <crypto/hash.h> subset, backed by OpenSSL (kshim.c) */
#define CRYPTO_ALG_ASYNC	0x80
#define CRYPTO_NOLOAD		0x8000
struct crypto_shash;
struct shash_desc {
	struct crypto_shash *tfm;
	void *ctx;
};
struct crypto_shash *crypto_alloc_shash(const char *name, u32 type, u32 mask);
void crypto_free_shash(struct crypto_shash *tfm);
unsigned int crypto_shash_digestsize(struct crypto_shash *tfm);
unsigned int crypto_shash_descsize(struct crypto_shash *tfm);
int crypto_shash_init(struct shash_desc *desc);
int crypto_shash_update(struct shash_desc *desc, const u8 *data, unsigned int len);
int crypto_shash_final(struct shash_desc *desc, u8 *out);
int crypto_shash_digest(struct shash_desc *desc, const u8 *data, unsigned int len, u8 *out);
int crypto_shash_tfm_digest(struct crypto_shash *tfm, const u8 *data, unsigned int len, u8 *out);
#define SHASH_DESC_ON_STACK(name, tfm) \
	struct shash_desc __##name##_desc = { .tfm = (tfm) }; \
	struct shash_desc *name = &__##name##_desc
static inline void shash_desc_zero(struct shash_desc *desc) { (void)desc; }

/* <kunit/test.h> subset: failures are counted and printed as TAP diagnostics */
struct kunit {
	const char *name;
	int failed;
	void *priv;
};
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
};
struct kunit_suite {
	const char *name;
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
};
#define KUNIT_CASE(f)	{ .run_case = f, .name = #f }
void kshim_register_suite(struct kunit_suite *s);
#define kunit_test_suite(s) \
	__attribute__((constructor)) static void kshim_reg_##s(void) { kshim_register_suite(&(s)); }
#define kunit_test_suites(s) kunit_test_suite(s)
int kshim_check(struct kunit *t, bool ok, const char *file, int line, const char *expr);
#define KSHIM_CHECK(t, ok, expr)	kshim_check((t), (ok), __FILE__, __LINE__, (expr))
#define KUNIT_EXPECT_EQ(t, a, b) \
	({ s64 __a = (s64)(a), __b = (s64)(b); \
	   if (!KSHIM_CHECK(t, __a == __b, #a " == " #b)) \
		fprintf(stderr, "#   %lld != %lld\n", __a, __b); })
#define KUNIT_EXPECT_EQ_MSG(t, a, b, fmt, ...) \
	({ s64 __a = (s64)(a), __b = (s64)(b); \
	   if (!KSHIM_CHECK(t, __a == __b, #a " == " #b)) \
		fprintf(stderr, "#   %lld != %lld: " fmt "\n", __a, __b, ##__VA_ARGS__); })
#define KUNIT_EXPECT_NE(t, a, b)	KSHIM_CHECK(t, (s64)(a) != (s64)(b), #a " != " #b)
#define KUNIT_EXPECT_TRUE(t, c)		KSHIM_CHECK(t, !!(c), #c)
#define KUNIT_EXPECT_FALSE(t, c)	KSHIM_CHECK(t, !(c), "!" #c)
#define KUNIT_EXPECT_TRUE_MSG(t, c, fmt, ...) \
	({ if (!KSHIM_CHECK(t, !!(c), #c)) fprintf(stderr, "#   " fmt "\n", ##__VA_ARGS__); })
#define KUNIT_EXPECT_MEMEQ(t, a, b, n)	KSHIM_CHECK(t, !memcmp((a), (b), (n)), "memeq " #a ", " #b)
/* a failed assertion ends the test program (the kernel aborts the case) */
#define KUNIT_ASSERT_EQ(t, a, b) \
	do { if (!KSHIM_CHECK(t, (s64)(a) == (s64)(b), #a " == " #b)) exit(1); } while (0)
#define KUNIT_ASSERT_TRUE(t, c) \
	do { if (!KSHIM_CHECK(t, !!(c), #c)) exit(1); } while (0)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(t, p) \
	do { if (!KSHIM_CHECK(t, (p) && !IS_ERR(p), #p " not ERR/NULL")) exit(1); } while (0)
#define kunit_info(t, fmt, ...)	fprintf(stderr, "# " fmt, ##__VA_ARGS__)
#define kunit_skip(t, fmt, ...)	do { fprintf(stderr, "# SKIP " fmt "\n", ##__VA_ARGS__); return; } while (0)
void *kunit_kmalloc(struct kunit *t, size_t size, gfp_t gfp);
static inline void *kunit_kzalloc(struct kunit *t, size_t size, gfp_t gfp)
{
	void *p = kunit_kmalloc(t, size, gfp);

	if (p)
		memset(p, 0, size);
	return p;
}

#endif /* _KSHIM_H */
