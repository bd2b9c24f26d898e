/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a kernel configuration would choose for the maths files built into
 * pgp-sign-module: the 64x64->128 multiply where the compiler has it, and
 * crypto/mont.c's MULX/ADX row on x86-64 (boot_cpu_has() asks the CPU).
 */
#if defined(__SIZEOF_INT128__)
#define CONFIG_ARCH_SUPPORTS_INT128 1
#endif
#if defined(__x86_64__)
#define CONFIG_X86_64 1
#endif
