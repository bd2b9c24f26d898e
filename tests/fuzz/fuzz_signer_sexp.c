// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: canonical S-expressions as gpg-agent returns a
 * signature (sexp_sig_values() of scripts/pgp-sign-module), and the MPIs
 * built from the values.
 */
#define main pgp_sign_module_main
#include "../../scripts/pgp-sign-module.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char algo[16];
	const u8 *r, *s;
	size_t rl, sl;
	struct buf b = {};

	if (sexp_sig_values(data, size, algo, &r, &rl, &s, &sl))
		return 0;
	if (r < data || r + rl > data + size || (s && (s < data || s + sl > data + size)) ||
	    strlen(algo) >= 16)
		__builtin_trap();
	add_mpi(&b, r, rl);
	if (s)
		add_mpi(&b, s, sl);
	buf_free(&b);
	return 0;
}
