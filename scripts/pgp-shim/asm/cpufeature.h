/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim (see kcompat.h): boot_cpu_has() asks the CPU the program
 * runs on (CPUID leaf 7: BMI2 is EBX bit 8, ADX bit 19, AVX2 bit 5; leaf
 * 1: AVX is ECX bit 28).  KCOMPAT_NO_ADX=1 in the environment hides BMI2
 * and ADX, so that code with a MULX/ADCX/ADOX path (crypto/mont.c) runs its
 * C path too; KCOMPAT_NO_AVX2=1 hides AVX and AVX2 (crypto/slhdsa.c's
 * four-way Keccak, <crypto/keccak_x4.h>).
 */
#ifndef _KCOMPAT_ASM_CPUFEATURE_H
#define _KCOMPAT_ASM_CPUFEATURE_H
#include "../kcompat.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#define X86_FEATURE_BMI2	1
#define X86_FEATURE_ADX		2
#define X86_FEATURE_AVX		3
#define X86_FEATURE_AVX2	4

static inline bool boot_cpu_has(int feature)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;

	if (feature == X86_FEATURE_AVX)
		return !getenv("KCOMPAT_NO_AVX2") && __get_cpuid(1, &a, &b, &c, &d) &&
		       (c & (1U << 28));
	if (feature == X86_FEATURE_AVX2)
		return !getenv("KCOMPAT_NO_AVX2") && __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
		       (b & (1U << 5));
	if (getenv("KCOMPAT_NO_ADX") || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return feature == X86_FEATURE_ADX ? !!(b & (1U << 19)) :
	       feature == X86_FEATURE_BMI2 ? !!(b & (1U << 8)) : false;
#else
	return false;
#endif
}
#endif
