/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim (see kcompat.h): boot_cpu_has() asks the CPU the tests run
 * on.  KCOMPAT_NO_ADX=1 in the environment hides BMI2 and ADX, so that code
 * with a MULX/ADCX/ADOX path (crypto/mont.c) runs its C path too.
 */
#ifndef _KCOMPAT_ASM_CPUFEATURE_H
#define _KCOMPAT_ASM_CPUFEATURE_H
#include "../kcompat.h"

#define X86_FEATURE_BMI2	1
#define X86_FEATURE_ADX		2

static inline bool boot_cpu_has(int feature)
{
#if defined(__x86_64__) || defined(__i386__)
	if (getenv("KCOMPAT_NO_ADX"))
		return false;
	return feature == X86_FEATURE_ADX ? __builtin_cpu_supports("adx") :
	       feature == X86_FEATURE_BMI2 ? __builtin_cpu_supports("bmi2") : false;
#else
	return false;
#endif
}
#endif
