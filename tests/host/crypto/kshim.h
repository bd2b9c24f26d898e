/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto host tests build crypto/{mont,dsa,rsassa,ed25519}.c, their
 * *_kunit.c suites and the test programs on tests/compat, the kernel API in
 * userspace (kmalloc with fault injection and the compat_alloc_live count,
 * crypto_shash on OpenSSL, KUnit, boot_cpu_has() ...).  run.sh and bench.sh
 * include this file first in each of those files (gcc -include).  It adds no
 * API, only what a kernel configuration would choose:
 *
 *  - CONFIG_ARCH_SUPPORTS_INT128 where the compiler has a 128-bit type and
 *    CONFIG_X86_64 on x86-64 (crypto/mont.c's MULX/ADX row), both unless
 *    KSHIM_NO_INT128 (the portable 64x64 multiply);
 *  - KSHIM_LIMB32: the BITS_PER_LONG == 32 code on a 64-bit host, by making
 *    "long" 32 bits wide in the files built with it (test_mont32.c and the
 *    crypto/ files linked with it; tests/compat's own files are not).
 */
#ifndef _KSHIM_H
#define _KSHIM_H

#ifdef KSHIM_LIMB32
/*
 * Every system and tests/compat header those files include comes first,
 * before "long" changes meaning.  That includes <linux/printk.h>'s default
 * pr_fmt, which the crypto/ files define for themselves after this point
 * (the files built with KSHIM_LIMB32 all do).
 */
#include <openssl/bn.h>
#include <stdarg.h>
#include <time.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/math64.h>
#include <asm/bitsperlong.h>
#include <crypto/hash.h>
#include <crypto/hash_info.h>
#undef pr_fmt

#define KSHIM_NO_INT128 1
#define long int
#undef BITS_PER_LONG
#define BITS_PER_LONG		32
#endif

#if defined(__SIZEOF_INT128__) && !defined(KSHIM_NO_INT128)
#define CONFIG_ARCH_SUPPORTS_INT128 1
#endif
#if defined(__x86_64__) && !defined(KSHIM_NO_INT128)
#define CONFIG_X86_64 1
#endif

#endif /* _KSHIM_H */
