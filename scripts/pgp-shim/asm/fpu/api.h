/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim (see kcompat.h): a program owns its vector registers, so
 * kernel_fpu_begin() and kernel_fpu_end() do nothing and every context may
 * use them; cpu_has_xfeatures() asks XGETBV whether the operating system
 * enabled the SSE and AVX register state (XCR0 bits 1 and 2), after CPUID's
 * OSXSAVE (leaf 1, ECX bit 27).
 */
#ifndef _KCOMPAT_ASM_FPU_API_H
#define _KCOMPAT_ASM_FPU_API_H
#include "../../kcompat.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define XFEATURE_MASK_SSE	0x2ULL	/* XCR0 bit 1 */
#define XFEATURE_MASK_YMM	0x4ULL	/* XCR0 bit 2 */

static inline void kernel_fpu_begin(void)
{
}

static inline void kernel_fpu_end(void)
{
}

static inline bool irq_fpu_usable(void)
{
	return true;
}

static inline int cpu_has_xfeatures(u64 xfeatures_mask, const char **feature_name)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1U << 27)))
		return 0;
	asm volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	return ((((u64)hi << 32) | lo) & xfeatures_mask) == xfeatures_mask;
#else
	return 0;
#endif
}
#endif
