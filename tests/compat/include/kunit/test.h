/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace KUnit shim: runs the kernel's *_kunit.c files unchanged on the
 * host (under ASan/UBSan) and prints KTAP.  Suites register themselves from
 * a constructor; kunit_main.c runs them.  ASSERT failures longjmp out of the
 * case, EXPECT failures mark it failed and continue, as in the kernel.
 */
#ifndef _KCOMPAT_KUNIT_TEST_H
#define _KCOMPAT_KUNIT_TEST_H
#include "../../../../scripts/pgp-shim/kcompat.h"
#include <setjmp.h>

struct kunit;

struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(const void *prev, char *desc);
};

struct kunit_suite {
	const char *name;
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
};

struct kunit_resource_node;

struct kunit {
	const char *name;
	const void *param_value;
	void *priv;
	int failed;
	int skipped;
	jmp_buf abort;
	struct kunit_resource_node *allocs;
};

#define KUNIT_PARAM_DESC_SIZE 128
#define KUNIT_CASE(fn)		{ .run_case = fn, .name = #fn }
#define KUNIT_CASE_SLOW(fn)	KUNIT_CASE(fn)
#define KUNIT_CASE_PARAM(fn, gen) { .run_case = fn, .name = #fn, .generate_params = gen }
#define KUNIT_ARRAY_PARAM(name, array, get_desc)				\
	static const void *name##_gen_params(const void *prev, char *desc)	\
	{									\
		const __typeof__((array)[0]) *__next = prev ?				\
			((const __typeof__((array)[0]) *)prev) + 1 : (array);		\
		if (__next - (array) < (long)ARRAY_SIZE(array)) {		\
			void (*__get_desc)(__typeof__(__next), char *) = get_desc; \
			if (__get_desc)						\
				__get_desc(__next, desc);			\
			return __next;						\
		}								\
		return NULL;							\
	}
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)			\
	static void name##_compat_desc(const __typeof__((array)[0]) *p, char *desc) \
	{									\
		strscpy(desc, p->desc_member, KUNIT_PARAM_DESC_SIZE);		\
	}									\
	KUNIT_ARRAY_PARAM(name, array, name##_compat_desc)

void kunit_compat_register(struct kunit_suite *suite);
#define kunit_test_suites(...)							\
	static void __attribute__((constructor)) __kunit_compat_reg_##__LINE__(void) \
	{									\
		struct kunit_suite *__s[] = { __VA_ARGS__ };			\
		size_t __i;							\
		for (__i = 0; __i < ARRAY_SIZE(__s); __i++)			\
			kunit_compat_register(__s[__i]);			\
	}
#define kunit_test_suite(suite)		kunit_test_suites(&suite)
#define kunit_test_init_section_suites(...) kunit_test_suites(__VA_ARGS__)

/* <kunit/resource.h>: run at the end of the case, after exit(), last added first */
typedef void (kunit_action_t)(void *);
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *ctx);
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *ctx);

void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp);
void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp);
void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp);
void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp);
void *kunit_kmemdup(struct kunit *test, const void *src, size_t len, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *p);

void kunit_compat_fail(struct kunit *test, bool assert, const char *file, int line,
		       const char *fmt, ...) __printf(5, 6);
void kunit_compat_log(struct kunit *test, const char *fmt, ...) __printf(2, 3);
#define kunit_info(test, fmt, ...)	kunit_compat_log(test, fmt, ##__VA_ARGS__)
#define kunit_warn(test, fmt, ...)	kunit_compat_log(test, fmt, ##__VA_ARGS__)
#define kunit_err(test, fmt, ...)	kunit_compat_log(test, fmt, ##__VA_ARGS__)
#define kunit_log(lvl, test, fmt, ...)	kunit_compat_log(test, fmt, ##__VA_ARGS__)
#define kunit_skip(test, fmt, ...) do {						\
		(test)->skipped = 1;						\
		kunit_compat_log(test, "SKIP " fmt, ##__VA_ARGS__);		\
		longjmp((test)->abort, 1);					\
	} while (0)
#define kunit_mark_skipped(test, fmt, ...) do {				\
		(test)->skipped = 1;						\
		kunit_compat_log(test, "SKIP " fmt, ##__VA_ARGS__);		\
	} while (0)

#define KUNIT_FAIL(test, fmt, ...)						\
	kunit_compat_fail(test, false, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

#define __KUNIT_BINARY(test, assert, left, op, right, ...) do {		\
		__typeof__(left) __l = (left);					\
		__typeof__(right) __r = (right);				\
		if (!(__l op __r))						\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"%s %s %s (%lld vs %lld)", #left, #op, #right,	\
				(long long)__l, (long long)__r);		\
	} while (0)
#define __KUNIT_PTR(test, assert, left, op, right) do {			\
		const __typeof__(left) __l = (left);				\
		const __typeof__(right) __r = (right);				\
		if (!(__l op __r))						\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"%s %s %s (%p vs %p)", #left, #op, #right,	\
				(const void *)__l, (const void *)__r);		\
	} while (0)
#define __KUNIT_BOOL(test, assert, cond, want) do {				\
		if ((bool)(cond) != (want))						\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"%s is %s", #cond, (want) ? "false" : "true");	\
	} while (0)
#define __KUNIT_MEM(test, assert, left, right, size, eq) do {			\
		if ((memcmp((left), (right), (size)) == 0) != (eq))		\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"memory %s %s %s", #left, (eq) ? "==" : "!=", #right); \
	} while (0)
#define __KUNIT_STR(test, assert, left, right, eq) do {			\
		if ((strcmp((left), (right)) == 0) != (eq))			\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"\"%s\" %s \"%s\"", (left), (eq) ? "==" : "!=", (right)); \
	} while (0)
#define __KUNIT_ERR_OR_NULL(test, assert, p) do {				\
		const void *__p = (p);						\
		if (IS_ERR_OR_NULL(__p))					\
			kunit_compat_fail(test, assert, __FILE__, __LINE__,	\
				"%s is NULL or error (%p)", #p, __p);		\
	} while (0)

#define KUNIT_EXPECT_EQ(t, a, b)	__KUNIT_BINARY(t, false, a, ==, b)
#define KUNIT_EXPECT_NE(t, a, b)	__KUNIT_BINARY(t, false, a, !=, b)
#define KUNIT_EXPECT_LT(t, a, b)	__KUNIT_BINARY(t, false, a, <, b)
#define KUNIT_EXPECT_LE(t, a, b)	__KUNIT_BINARY(t, false, a, <=, b)
#define KUNIT_EXPECT_GT(t, a, b)	__KUNIT_BINARY(t, false, a, >, b)
#define KUNIT_EXPECT_GE(t, a, b)	__KUNIT_BINARY(t, false, a, >=, b)
#define KUNIT_EXPECT_PTR_EQ(t, a, b)	__KUNIT_PTR(t, false, a, ==, b)
#define KUNIT_EXPECT_PTR_NE(t, a, b)	__KUNIT_PTR(t, false, a, !=, b)
#define KUNIT_EXPECT_NULL(t, p)		__KUNIT_PTR(t, false, p, ==, NULL)
#define KUNIT_EXPECT_NOT_NULL(t, p)	__KUNIT_PTR(t, false, p, !=, NULL)
#define KUNIT_EXPECT_TRUE(t, c)		__KUNIT_BOOL(t, false, c, true)
#define KUNIT_EXPECT_FALSE(t, c)	__KUNIT_BOOL(t, false, c, false)
#define KUNIT_EXPECT_MEMEQ(t, a, b, n)	__KUNIT_MEM(t, false, a, b, n, true)
#define KUNIT_EXPECT_MEMNEQ(t, a, b, n)	__KUNIT_MEM(t, false, a, b, n, false)
#define KUNIT_EXPECT_STREQ(t, a, b)	__KUNIT_STR(t, false, a, b, true)
#define KUNIT_EXPECT_STRNEQ(t, a, b)	__KUNIT_STR(t, false, a, b, false)
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(t, p) __KUNIT_ERR_OR_NULL(t, false, p)

#define KUNIT_ASSERT_EQ(t, a, b)	__KUNIT_BINARY(t, true, a, ==, b)
#define KUNIT_ASSERT_NE(t, a, b)	__KUNIT_BINARY(t, true, a, !=, b)
#define KUNIT_ASSERT_LT(t, a, b)	__KUNIT_BINARY(t, true, a, <, b)
#define KUNIT_ASSERT_LE(t, a, b)	__KUNIT_BINARY(t, true, a, <=, b)
#define KUNIT_ASSERT_GT(t, a, b)	__KUNIT_BINARY(t, true, a, >, b)
#define KUNIT_ASSERT_GE(t, a, b)	__KUNIT_BINARY(t, true, a, >=, b)
#define KUNIT_ASSERT_PTR_EQ(t, a, b)	__KUNIT_PTR(t, true, a, ==, b)
#define KUNIT_ASSERT_NULL(t, p)		__KUNIT_PTR(t, true, p, ==, NULL)
#define KUNIT_ASSERT_NOT_NULL(t, p)	__KUNIT_PTR(t, true, p, !=, NULL)
#define KUNIT_ASSERT_TRUE(t, c)		__KUNIT_BOOL(t, true, c, true)
#define KUNIT_ASSERT_FALSE(t, c)	__KUNIT_BOOL(t, true, c, false)
#define KUNIT_ASSERT_MEMEQ(t, a, b, n)	__KUNIT_MEM(t, true, a, b, n, true)
#define KUNIT_ASSERT_STREQ(t, a, b)	__KUNIT_STR(t, true, a, b, true)
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(t, p) __KUNIT_ERR_OR_NULL(t, true, p)

#define KUNIT_EXPECT_EQ_MSG(t, a, b, ...)	KUNIT_EXPECT_EQ(t, a, b)
#define KUNIT_EXPECT_NE_MSG(t, a, b, ...)	KUNIT_EXPECT_NE(t, a, b)
#define KUNIT_EXPECT_LT_MSG(t, a, b, ...)	KUNIT_EXPECT_LT(t, a, b)
#define KUNIT_EXPECT_LE_MSG(t, a, b, ...)	KUNIT_EXPECT_LE(t, a, b)
#define KUNIT_EXPECT_GT_MSG(t, a, b, ...)	KUNIT_EXPECT_GT(t, a, b)
#define KUNIT_EXPECT_GE_MSG(t, a, b, ...)	KUNIT_EXPECT_GE(t, a, b)
#define KUNIT_EXPECT_TRUE_MSG(t, c, ...)	KUNIT_EXPECT_TRUE(t, c)
#define KUNIT_EXPECT_FALSE_MSG(t, c, ...)	KUNIT_EXPECT_FALSE(t, c)
#define KUNIT_EXPECT_MEMEQ_MSG(t, a, b, n, ...)	KUNIT_EXPECT_MEMEQ(t, a, b, n)
#define KUNIT_ASSERT_EQ_MSG(t, a, b, ...)	KUNIT_ASSERT_EQ(t, a, b)
#define KUNIT_ASSERT_TRUE_MSG(t, c, ...)	KUNIT_ASSERT_TRUE(t, c)

#endif
