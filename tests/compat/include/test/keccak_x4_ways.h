/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For tests that count SHAKE256 computations (tests/host/crypto/test_slhdsa.c,
 * tests/fuzz/fuzz_slhdsa.c): the ways of one four-way Keccak-f call
 * (<crypto/keccak_x4.h>) that carry a computation.  A way left idle holds
 * the zero state; a way in use never does, its input being padded.
 */
#ifndef _TEST_KECCAK_X4_WAYS_H
#define _TEST_KECCAK_X4_WAYS_H

#include <crypto/keccak_x4.h>

static inline unsigned int keccak_x4_ways_in_use(u64 st[25][KECCAK_X4_WAYS])
{
	unsigned int i, j, ways = 0;

	for (j = 0; j < KECCAK_X4_WAYS; j++)
		for (i = 0; i < 25; i++)
			if (st[i][j]) {
				ways++;
				break;
			}
	return ways;
}

#endif /* _TEST_KECCAK_X4_WAYS_H */
