/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace compatibility layer: just enough of the kernel's internal API for
 * crypto/pgp, security/pgp_keys, kernel/module/signing_pgp*.c and the maths
 * of crypto/ to compile unchanged in userspace: in scripts/pgp-sign-module
 * (the kernel's own verdicts in the signing tool), the host tests under
 * ASan/UBSan and the libFuzzer targets.  The one shim tree: tests/compat
 * adds only KUnit and the OpenSSL oracle of the maths.
 *
 * Every <linux/...>, <crypto/...> and <asm/...> shim under this directory
 * includes this file, so the include order of kernel sources does not matter.
 * Semantics follow the kernel where a test can observe them (kfree(NULL),
 * ERR_PTR, overflow helpers, %*ph in printk); everything else is a no-op.
 */
#ifndef _KCOMPAT_H
#define _KCOMPAT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <ctype.h>
#include <sys/types.h>

#include "kcompat_types.h"

/* ---- errno values that exist only inside the kernel ---- */
#ifndef ENOTSUPP
#define ENOTSUPP	524
#endif
#ifndef EPROBE_DEFER
#define EPROBE_DEFER	517
#endif
#define MAX_ERRNO	4095

/* ---- compiler ---- */
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#ifndef __must_check
#define __must_check		__attribute__((warn_unused_result))
#endif
#define __maybe_unused		__attribute__((unused))
#define __always_unused		__attribute__((unused))
#define __used			__attribute__((used))
/* __always_inline: the C library's <sys/cdefs.h> */
#define noinline		__attribute__((noinline))
#define noinline_for_stack	noinline
#ifndef __packed
#define __packed		__attribute__((packed))
#endif
#ifndef __aligned
#define __aligned(x)		__attribute__((aligned(x)))
#endif
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#define __cold			__attribute__((cold))
#define __nonstring
#define __counted_by(m)
#define __randomize_layout
#define __user
#define __iomem
#define __force
#define __rcu
#define __bitwise
#define __init
#define __exit
#define __initdata
#define __ro_after_init
#define __read_mostly
#define __visible
#define __weak			__attribute__((weak))
#define __alias(symbol)		__attribute__((__alias__(#symbol)))
#define notrace
#define asmlinkage
#ifndef fallthrough
#define fallthrough		__attribute__((fallthrough))
#endif
#define barrier()		do { __asm__ __volatile__("" : : : "memory"); } while (0)
#define barrier_data(p)		do { __asm__ __volatile__("" : : "r"(p) : "memory"); } while (0)
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))
/* the host programs are single-threaded: an acquire is a plain load, */
#define smp_load_acquire(p)	READ_ONCE(*(p))
/* and a release a plain store */
#define smp_store_release(p, v)	WRITE_ONCE(*(p), (v))
#define __stringify_1(x)	#x
#define __stringify(x)		__stringify_1(x)
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define __must_be_array(a)	0
#define might_sleep()		do { } while (0)
#define cond_resched()		do { } while (0)
/* one task, which a host test may make see a fatal signal (compat.c) */
struct task_struct;
#define current			((struct task_struct *)0)
bool fatal_signal_pending(struct task_struct *p);
#define cpu_relax()		do { } while (0)

/* ---- Kconfig ---- */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x)			___is_defined(x)
#define ___is_defined(val)		____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk)	__take_second_arg(arg1_or_junk 1, 0)
#define IS_BUILTIN(option)	__is_defined(option)
#define IS_MODULE(option)	__is_defined(option##_MODULE)
#ifdef KCOMPAT_RUNTIME_CONFIG
/*
 * One program judging as kernels of several configurations
 * (scripts/pgp-sign-module): where kernel code tests an option in C, the
 * option is on when it is defined to 1 or when the program has set its
 * variable kcompat_config_CONFIG_*; in #if only the definition counts (an
 * identifier there is 0).  So a file can have code compiled in (its #if) and
 * still be told at run time whether the kernel it stands for has it.
 */
extern bool kcompat_config_CONFIG_64BIT, kcompat_config_CONFIG_SYSTEM_BLACKLIST_KEYRING,
	kcompat_config_CONFIG_MODULE_SIG_PGP_LEGACY, kcompat_config_CONFIG_CRYPTO_ED25519,
	kcompat_config_CONFIG_CRYPTO_ECDSA_RAW, kcompat_config_CONFIG_CRYPTO_MLDSA_VERIFY,
	kcompat_config_CONFIG_CRYPTO_ED448, kcompat_config_CONFIG_CRYPTO_SLHDSA;
#define IS_ENABLED(option) \
	(IS_BUILTIN(option) || IS_MODULE(option) || kcompat_config_##option)
/* the host's byte order is no option: its definition below decides */
#define kcompat_config_CONFIG_CPU_BIG_ENDIAN	0
#else
#define IS_ENABLED(option)	(IS_BUILTIN(option) || IS_MODULE(option))
#endif
#define IS_REACHABLE(option)	IS_ENABLED(option)

/* ---- build_bug / bug ---- */
#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON: " #cond)
#define BUILD_BUG_ON_ZERO(e)	0
#define static_assert(...)	_Static_assert(__VA_ARGS__)
void compat_warn(const char *file, int line, const char *cond);
#define WARN_ON(cond) ({						\
	int __c = !!(cond);						\
	if (unlikely(__c))						\
		compat_warn(__FILE__, __LINE__, #cond);			\
	unlikely(__c);							\
})
#define WARN_ON_ONCE(cond)	WARN_ON(cond)
#define WARN(cond, ...)		WARN_ON(cond)
#define WARN_ONCE(cond, ...)	WARN_ON(cond)
#define BUG()			abort()
#define BUG_ON(cond)		do { if (unlikely(cond)) abort(); } while (0)

/* ---- stddef / kernel.h / minmax ---- */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif
#define sizeof_field(t, m)	sizeof(((t *)0)->m)
#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif
#define __cmp(op, x, y)		((x) op (y) ? (x) : (y))
#define min(x, y) ({ __typeof__(x) __x = (x); __typeof__(y) __y = (y); \
	__x < __y ? __x : __y; })
#define max(x, y) ({ __typeof__(x) __x = (x); __typeof__(y) __y = (y); \
	__x > __y ? __x : __y; })
#define min_t(t, x, y)		min((t)(x), (t)(y))
#define max_t(t, x, y)		max((t)(x), (t)(y))
#define min3(x, y, z)		min(min(x, y), z)
#define max3(x, y, z)		max(max(x, y), z)
#define clamp(v, lo, hi)	min(max(v, lo), hi)
#define clamp_t(t, v, lo, hi)	clamp((t)(v), (t)(lo), (t)(hi))
#define swap(a, b) do { __typeof__(a) __t = (a); (a) = (b); (b) = __t; } while (0)
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define round_up(x, y)		((((x) - 1) | ((__typeof__(x))((y) - 1))) + 1)
#define round_down(x, y)	((x) & ~((__typeof__(x))((y) - 1)))
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define IS_ALIGNED(x, a)	(((x) & ((__typeof__(x))(a) - 1)) == 0)
#define BITS_PER_BYTE		8
#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)
#define BIT(n)			(1UL << (n))
#define BIT_ULL(n)		(1ULL << (n))
#define GENMASK(h, l)		(((~0UL) << (l)) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define BITS_TO_LONGS(n)	DIV_ROUND_UP(n, BITS_PER_LONG)
#define U8_MAX			((u8)~0U)
#define S8_MAX			((s8)(U8_MAX >> 1))
#define U16_MAX			((u16)~0U)
#define S16_MAX			((s16)(U16_MAX >> 1))
#define U32_MAX			((u32)~0U)
#define S32_MAX			((s32)(U32_MAX >> 1))
#define U64_MAX			((u64)~0ULL)
#define S64_MAX			((s64)(U64_MAX >> 1))
#define PAGE_SIZE		4096UL
extern const unsigned char kcompat_zero_page[PAGE_SIZE];
#define ZERO_PAGE(vaddr)	((void)(vaddr), (void *)kcompat_zero_page)
#define page_address(page)	(page)
#define PAGE_SHIFT		12
#define upper_32_bits(n)	((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n)	((u32)((n) & 0xffffffff))

static inline int fls(unsigned int x)
{
	return x ? 32 - __builtin_clz(x) : 0;
}

static inline int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

static inline unsigned long __fls(unsigned long x)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(x);
}

static inline u64 rol64(u64 word, unsigned int shift)
{
	return (word << (shift & 63)) | (word >> ((-shift) & 63));
}

static inline u64 ror64(u64 word, unsigned int shift)
{
	return (word >> (shift & 63)) | (word << ((-shift) & 63));
}

static inline int hweight8(unsigned int w)
{
	return __builtin_popcount(w & 0xff);
}

/* ---- overflow ---- */
#define check_add_overflow(a, b, d)	__builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d)	__builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)
static inline size_t size_mul(size_t a, size_t b)
{
	size_t r;

	return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t r;

	return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

#define array_size(a, b)	size_mul(a, b)
#define struct_size(p, member, count) \
	size_add(sizeof(*(p)), size_mul(sizeof(*(p)->member), count))
#define flex_array_size(p, member, count) size_mul(sizeof(*(p)->member), count)

/* ---- err.h ---- */
#define IS_ERR_VALUE(x)	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long)ptr);
}

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

/* ---- printk ---- */
#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_CONT	KERN_SOH "c"
#ifndef pr_fmt
#define pr_fmt(fmt)	fmt
#endif
/*
 * Messages are counted per level (tests may assert a pr_warn happened) and
 * printed to stderr only when KCOMPAT_VERBOSE is set in the environment.
 */
extern unsigned long compat_printk_count[8];
__printf(1, 2) int printk(const char *fmt, ...);
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_devel(fmt, ...)	printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_warn_once		pr_warn
#define pr_err_once		pr_err
#define pr_info_once		pr_info
#define pr_warn_ratelimited	pr_warn
#define pr_err_ratelimited	pr_err
#define pr_notice_ratelimited	pr_notice
#define pr_info_ratelimited	pr_info
#define printk_ratelimited	printk
/* a host program logs every line: no rate limit */
struct ratelimit_state {
	int unused;
};

#define DEFAULT_RATELIMIT_INTERVAL	0
#define DEFAULT_RATELIMIT_BURST		0
#define DEFINE_RATELIMIT_STATE(name, interval, burst) struct ratelimit_state name = { 0 }
#define __ratelimit(rs)			((void)(rs), 1)

/*
 * Kernel-flavoured formatting: supports the standard conversions plus
 * %*ph / %*phN / %*phC / %*phD (hex dump of a buffer), which libc lacks.
 */
int compat_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
__printf(3, 4) int compat_snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
#define snprintf(buf, size, ...)	compat_snprintf(buf, size, __VA_ARGS__)
#define vsnprintf(buf, size, fmt, ap)	compat_vsnprintf(buf, size, fmt, ap)
#define sprintf(buf, ...)		compat_snprintf(buf, SIZE_MAX / 2, __VA_ARGS__)
#define sysfs_emit(buf, ...)		compat_snprintf(buf, PAGE_SIZE, __VA_ARGS__)
#define sysfs_emit_at(buf, at, ...)	compat_snprintf((buf) + (at), PAGE_SIZE - (at), __VA_ARGS__)

/* ---- slab / vmalloc ---- */
typedef unsigned int gfp_t;
#define GFP_KERNEL	0x1u
#define GFP_ATOMIC	0x2u
#define GFP_NOFS	0x4u
#define GFP_NOIO	0x8u
#define __GFP_ZERO	0x100u
#define __GFP_NOWARN	0x200u
#define __GFP_NORETRY	0x400u
/*
 * Allocation fault injection for tests: when compat_alloc_fail_after >= 0,
 * that many further allocations succeed, then every one fails (NULL).
 * compat_alloc_count counts the attempts, compat_alloc_live the blocks
 * allocated and not yet freed (a test compares it before and after, for leaks).
 */
extern long compat_alloc_fail_after;
extern unsigned long compat_alloc_count;
extern long compat_alloc_live;
/* bytes of the live allocations (malloc_usable_size) and their high-water mark */
extern size_t compat_alloc_bytes, compat_alloc_bytes_peak;
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *kcalloc(size_t n, size_t size, gfp_t flags);
void *kmalloc_array(size_t n, size_t size, gfp_t flags);
void *krealloc(const void *p, size_t size, gfp_t flags);
void *kmemdup(const void *src, size_t len, gfp_t flags);
char *kstrdup(const char *s, gfp_t flags);
__printf(2, 3) char *kasprintf(gfp_t gfp, const char *fmt, ...);
char *kstrndup(const char *s, size_t max, gfp_t flags);
void kfree(const void *p);
void kfree_sensitive(const void *p);
#define kvmalloc(s, f)		kmalloc(s, f)
#define kvzalloc(s, f)		kzalloc(s, f)
#define kvcalloc(n, s, f)	kcalloc(n, s, f)
#define kvmalloc_array(n, s, f)	kmalloc_array(n, s, f)
#define kvfree(p)		kfree(p)
#define kvfree_sensitive(p, l)	kfree_sensitive(p)
#define vmalloc(s)		kmalloc(s, GFP_KERNEL)
#define vzalloc(s)		kzalloc(s, GFP_KERNEL)
#define vfree(p)		kfree(p)
#define kmalloc_node(s, f, n)	kmalloc(s, f)
#define kzalloc_node(s, f, n)	kzalloc(s, f)

/* ---- string ---- */
static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	barrier_data(s);
}

ssize_t strscpy(char *dst, const char *src, size_t count);
char *bin2hex(char *dst, const void *src, size_t count);
int hex2bin(u8 *dst, const char *src, size_t count);
int hex_to_bin(unsigned char ch);
extern const char hex_asc[];
#define hex_asc_lo(x)	hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x)	hex_asc[((x) & 0xf0) >> 4]
static inline bool mem_is_zero(const void *s, size_t n)
{
	const u8 *p = s;

	while (n--)
		if (*p++)
			return false;
	return true;
}

static inline void *memchr_inv(const void *s, int c, size_t n)
{
	const u8 *p = s;

	for (; n; n--, p++)
		if (*p != (u8)c)
			return (void *)p;
	return NULL;
}

/* crypto/algapi.h */
static inline int crypto_memneq(const void *a, const void *b, size_t size)
{
	const u8 *x = a, *y = b;
	u8 d = 0;

	while (size--)
		d |= *x++ ^ *y++;
	return d != 0;
}

#include "kcompat_bytes.h"	/* unaligned access, byte order */

/* ---- module / export / init ---- */
struct module;
#define THIS_MODULE		((struct module *)0)
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_NS(s, ns)
#define EXPORT_SYMBOL_NS_GPL(s, ns)
#define EXPORT_SYMBOL_IF_KUNIT(s)
#ifdef KCOMPAT_RUNTIME_CONFIG
#define VISIBLE_IF_KUNIT	static	/* as in a kernel without KUnit */
#else
#define VISIBLE_IF_KUNIT
#endif
#define MODULE_IMPORT_NS(ns)
#define MODULE_LICENSE(s)
#define MODULE_AUTHOR(s)
#define MODULE_DESCRIPTION(s)
#define MODULE_ALIAS(s)
#define MODULE_ALIAS_CRYPTO(s)
#define MODULE_SOFTDEP(s)
#define module_param(n, t, p)
#define module_param_named(n, v, t, p)
#define MODULE_PARM_DESC(n, d)
#define __compat_initcall(fn, lvl) \
	static __attribute__((used)) int (*const __compat_##lvl##_##fn)(void) = fn
#define __compat_exitcall(fn) \
	static __attribute__((used)) void (*const __compat_exit_##fn)(void) = fn
#define module_init(fn)		__compat_initcall(fn, module)
#define module_exit(fn)		__compat_exitcall(fn)
#define core_initcall(fn)	__compat_initcall(fn, core)
#define subsys_initcall(fn)	__compat_initcall(fn, subsys)
#define fs_initcall(fn)		__compat_initcall(fn, fs)
#define device_initcall(fn)	__compat_initcall(fn, device)
#define late_initcall(fn)	__compat_initcall(fn, late)
#define device_initcall_sync(fn)	__compat_initcall(fn, device_sync)

/* ---- cleanup.h ---- */
#define DEFINE_FREE(_name, _type, _free)				\
	static inline void __free_##_name(void *p)			\
	{								\
		_type _T = *(_type *)p;					\
		_free;							\
	}
#define __free(_name)		__attribute__((__cleanup__(__free_##_name)))
#define no_free_ptr(p)		({ __typeof__(p) __ptr = (p); (p) = NULL; __ptr; })
DEFINE_FREE(kfree, void *, if (!IS_ERR_OR_NULL(_T)) kfree(_T))
DEFINE_FREE(kvfree, void *, if (!IS_ERR_OR_NULL(_T)) kvfree(_T))
DEFINE_FREE(kfree_sensitive, void *, if (_T) kfree_sensitive(_T))

/* ---- locking: single-threaded host, all no-ops ---- */
struct mutex { int dummy; };
typedef struct { int dummy; } spinlock_t;
#define DEFINE_MUTEX(m)		struct mutex m = { 0 }
#define DEFINE_SPINLOCK(l)	spinlock_t l = { 0 }
#define mutex_init(m)		do { (void)(m); } while (0)
#define mutex_lock(m)		do { (void)(m); } while (0)
#define mutex_unlock(m)		do { (void)(m); } while (0)
#define spin_lock_init(l)	do { (void)(l); } while (0)
#define spin_lock(l)		do { (void)(l); } while (0)
#define spin_unlock(l)		do { (void)(l); } while (0)
#define lockdep_assert_held(l)	do { (void)(l); } while (0)

/* ---- list.h (subset) ---- */
struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)
static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline void __list_add(struct list_head *n, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	__list_add(n, head, head->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	__list_add(n, head->prev, head);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = e->prev = NULL;
}

static inline int list_empty(const struct list_head *h)
{
	return h->next == h;
}

#define list_entry(ptr, type, member)	container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_for_each_entry(pos, head, member) \
	for (pos = list_entry((head)->next, __typeof__(*pos), member); \
	     &pos->member != (head); \
	     pos = list_entry(pos->member.next, __typeof__(*pos), member))
#define list_for_each_entry_safe(pos, n, head, member) \
	for (pos = list_entry((head)->next, __typeof__(*pos), member), \
	     n = list_entry(pos->member.next, __typeof__(*pos), member); \
	     &pos->member != (head); \
	     pos = n, n = list_entry(n->member.next, __typeof__(*n), member))

/* ---- time ---- */
typedef s64 time64_t;
time64_t ktime_get_real_seconds(void);

#endif /* _KCOMPAT_H */
