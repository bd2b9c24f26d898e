/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Four Keccak-f[1600] permutations at once, with AVX2 on x86-64
 * (crypto/keccak_x4.c), for callers that have independent hashes to
 * compute: SLH-DSA's WOTS+ chains and FORS trees.
 *
 * The four states are interleaved: lane i of state j is st[i][j], a lane
 * being the little-endian 64-bit word of FIPS 202 (the layout of struct
 * shake_ctx's st[], one column per state).  keccakf1600_x4_usable() says
 * whether this CPU and context can run it; keccakf1600_x4() then permutes
 * all four states inside one kernel_fpu_begin() section, so that the
 * caller is preemptible between calls.
 */
#ifndef _CRYPTO_KECCAK_X4_H
#define _CRYPTO_KECCAK_X4_H

#include <linux/types.h>
#include <asm/cpufeature.h>
#include <asm/fpu/api.h>

#define KECCAK_X4_WAYS	4

void keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS]);

/**
 * keccakf1600_x4_usable() - whether keccakf1600_x4() can run here
 *
 * Context: any context; the answer holds for the caller's context.
 * Return: true when the CPU has AVX2 with its register state enabled and
 * the FPU may be used in this context.
 */
static inline bool keccakf1600_x4_usable(void)
{
	return boot_cpu_has(X86_FEATURE_AVX) && boot_cpu_has(X86_FEATURE_AVX2) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL) &&
	       irq_fpu_usable();
}

/**
 * keccakf1600_x4() - apply Keccak-f[1600] to four interleaved states
 * @st: the states, lane i of state j in st[i][j]
 *
 * Context: any context where keccakf1600_x4_usable() is true.
 */
static inline void keccakf1600_x4(u64 st[25][KECCAK_X4_WAYS])
{
	kernel_fpu_begin();
	keccakf1600_x4_avx2(st);
	kernel_fpu_end();
}

#endif /* _CRYPTO_KECCAK_X4_H */
