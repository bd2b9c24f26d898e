// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: canonical S-expressions as gpg-agent returns a
 * signature (sexp_sig_values() of scripts/pgp-sign-module), and the MPIs
 * built from the values: each MPI's bit count must describe its bytes.
 * Buffer invariants after every operation (fuzz_signer.h).
 */
#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The MPI at @p: its declared bits must fit its bytes exactly (RFC 4880 3.2). */
static size_t fuzz_check_mpi(const u8 *p, size_t avail)
{
	unsigned int bits;
	size_t n;

	if (avail < 2)
		__builtin_trap();
	bits = p[0] << 8 | p[1];
	n = (bits + 7) / 8;
	if (!bits || n > avail - 2 || !(p[2] >> ((bits - 1) % 8)) || p[2] >> ((bits - 1) % 8 + 1))
		__builtin_trap();
	return 2 + n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char algo[16];
	const u8 *r, *s;
	size_t rl, sl, off;
	struct buf b = {};

	if (sexp_sig_values(data, size, algo, &r, &rl, &s, &sl))
		return 0;
	if (r < data || r + rl > data + size || (s && (s < data || s + sl > data + size)) ||
	    strlen(algo) >= 16)
		__builtin_trap();
	if (add_mpi(&b, r, rl) == 0) {
		fuzz_buf_ok(&b);
		off = fuzz_check_mpi(b.p, b.len);
		if (s && add_mpi(&b, s, sl) == 0) {
			fuzz_buf_ok(&b);
			off += fuzz_check_mpi(b.p + off, b.len - off);
		}
		if (off != b.len)
			__builtin_trap();
	}
	fuzz_buf_ok(&b);
	buf_free(&b);
	return 0;
}
