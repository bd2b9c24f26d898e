// SPDX-License-Identifier: GPL-2.0
/*
 * Keccak-f[1600] (FIPS 202 section 3.3) on four states at once: each
 * variable below holds one lane of all four states, a vector of four
 * 64-bit words, and the compiler turns the C into AVX2 instructions (this
 * file is built with -mavx2; its only function runs between
 * kernel_fpu_begin() and kernel_fpu_end(), see <crypto/keccak_x4.h>).
 *
 * A round is written as in crypto/shake.c, row by row: theta's column
 * parities c and their combinations d; then for each output row y' the
 * five lanes b[x'] = rol(a[x + 5y] ^ d[x], r[x, y]) that rho and pi bring
 * to it, chi's b[x'] ^ (~b[x' + 1] & b[x' + 2]) (one AND-NOT instruction,
 * so no lane complementing), and iota in row 0.  Vectors have no rotate
 * instruction in AVX2: a rotation is two shifts and an OR.
 */

#include <linux/export.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>
#include <crypto/keccak_x4.h>

typedef u64 lanes4 __attribute__((vector_size(32)));

#define ROL4(v, r)	((v) << (r) | (v) >> (64 - (r)))

/* Round constants RC[ir] (FIPS 202 section 3.2.5) */
static const u64 keccak_x4_rc[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL,
	0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL,
	0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL,
	0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL,
	0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL,
	0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL,
	0x0000000080000001ULL, 0x8000000080008008ULL,
};

/* One round from a[] into e[]: theta, rho, pi, chi and iota */
static __always_inline void keccak_x4_round(const lanes4 a[25], lanes4 e[25], u64 rc)
{
	lanes4 b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	const lanes4 rcv = { rc, rc, rc, rc };

	c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
	c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
	c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
	c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
	c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
	d0 = c4 ^ ROL4(c1, 1);
	d1 = c0 ^ ROL4(c2, 1);
	d2 = c1 ^ ROL4(c3, 1);
	d3 = c2 ^ ROL4(c4, 1);
	d4 = c3 ^ ROL4(c0, 1);

	b0 = a[0] ^ d0;
	b1 = ROL4(a[6] ^ d1, 44);
	b2 = ROL4(a[12] ^ d2, 43);
	b3 = ROL4(a[18] ^ d3, 21);
	b4 = ROL4(a[24] ^ d4, 14);
	e[0] = b0 ^ (~b1 & b2) ^ rcv;
	e[1] = b1 ^ (~b2 & b3);
	e[2] = b2 ^ (~b3 & b4);
	e[3] = b3 ^ (~b4 & b0);
	e[4] = b4 ^ (~b0 & b1);

	b0 = ROL4(a[3] ^ d3, 28);
	b1 = ROL4(a[9] ^ d4, 20);
	b2 = ROL4(a[10] ^ d0, 3);
	b3 = ROL4(a[16] ^ d1, 45);
	b4 = ROL4(a[22] ^ d2, 61);
	e[5] = b0 ^ (~b1 & b2);
	e[6] = b1 ^ (~b2 & b3);
	e[7] = b2 ^ (~b3 & b4);
	e[8] = b3 ^ (~b4 & b0);
	e[9] = b4 ^ (~b0 & b1);

	b0 = ROL4(a[1] ^ d1, 1);
	b1 = ROL4(a[7] ^ d2, 6);
	b2 = ROL4(a[13] ^ d3, 25);
	b3 = ROL4(a[19] ^ d4, 8);
	b4 = ROL4(a[20] ^ d0, 18);
	e[10] = b0 ^ (~b1 & b2);
	e[11] = b1 ^ (~b2 & b3);
	e[12] = b2 ^ (~b3 & b4);
	e[13] = b3 ^ (~b4 & b0);
	e[14] = b4 ^ (~b0 & b1);

	b0 = ROL4(a[4] ^ d4, 27);
	b1 = ROL4(a[5] ^ d0, 36);
	b2 = ROL4(a[11] ^ d1, 10);
	b3 = ROL4(a[17] ^ d2, 15);
	b4 = ROL4(a[23] ^ d3, 56);
	e[15] = b0 ^ (~b1 & b2);
	e[16] = b1 ^ (~b2 & b3);
	e[17] = b2 ^ (~b3 & b4);
	e[18] = b3 ^ (~b4 & b0);
	e[19] = b4 ^ (~b0 & b1);

	b0 = ROL4(a[2] ^ d2, 62);
	b1 = ROL4(a[8] ^ d3, 55);
	b2 = ROL4(a[14] ^ d4, 39);
	b3 = ROL4(a[15] ^ d0, 41);
	b4 = ROL4(a[21] ^ d1, 2);
	e[20] = b0 ^ (~b1 & b2);
	e[21] = b1 ^ (~b2 & b3);
	e[22] = b2 ^ (~b3 & b4);
	e[23] = b3 ^ (~b4 & b0);
	e[24] = b4 ^ (~b0 & b1);
}

/**
 * keccakf1600_x4_avx2() - Keccak-f[1600] on four interleaved states
 * @st: the states, lane i of state j in st[i][j]
 *
 * Context: between kernel_fpu_begin() and kernel_fpu_end() on a CPU with
 * AVX2; callers use keccakf1600_x4().
 */
void keccakf1600_x4_avx2(u64 st[25][KECCAK_X4_WAYS])
{
	lanes4 a[25], e[25];
	int i;

	for (i = 0; i < 25; i++)
		memcpy(&a[i], st[i], sizeof(a[i]));
	for (i = 0; i < 24; i += 2) {
		keccak_x4_round(a, e, keccak_x4_rc[i]);
		keccak_x4_round(e, a, keccak_x4_rc[i + 1]);
	}
	for (i = 0; i < 25; i++)
		memcpy(st[i], &a[i], sizeof(a[i]));
}
EXPORT_SYMBOL_GPL(keccakf1600_x4_avx2);

MODULE_DESCRIPTION("Keccak-f[1600] on four states at once (AVX2)");
MODULE_LICENSE("GPL");
