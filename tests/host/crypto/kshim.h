/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The crypto host tests build crypto/{mont,dsa,rsassa,ed25519}.c, their
 * *_kunit.c suites and the test programs on tests/compat, the kernel API in
 * userspace (kmalloc with fault injection and the compat_alloc_live count,
 * crypto_shash on OpenSSL, KUnit, boot_cpu_has() ...).  run.sh and bench.sh
 * include this file first in each of those files (gcc -include).  It adds no
 * API, only what a kernel configuration would choose:
 *
 *  - CONFIG_CRYPTO_ED448_KUNIT_TEST (the suites run here);
 *  - CONFIG_ARCH_SUPPORTS_INT128 where the compiler has a 128-bit type and
 *    CONFIG_X86_64 on x86-64 (crypto/mont.c's MULX/ADX row), both unless
 *    KSHIM_NO_INT128 (the portable 64x64 multiply).
 *
 * The BITS_PER_LONG == 32 code needs nothing here: run.sh builds
 * test_mont32.c for i386 (i686-linux-gnu-gcc; i386 has neither, and tests/compat's
 * BITS_PER_LONG follows the compiler's long).
 */
#ifndef _KSHIM_H
#define _KSHIM_H

/* the KUnit suites run here: crypto/ed448.c's check of its table is built */
#define CONFIG_CRYPTO_ED448_KUNIT_TEST 1

#if defined(__SIZEOF_INT128__) && !defined(KSHIM_NO_INT128)
#define CONFIG_ARCH_SUPPORTS_INT128 1
#endif
#if defined(__x86_64__) && !defined(KSHIM_NO_INT128)
#define CONFIG_X86_64 1
#endif

#endif /* _KSHIM_H */
