// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: gpg-agent's answers as scripts/pgp-sign-module reads
 * them — one Assuan line (assuan_parse_line()), then, as for a PKSIGN
 * answer, the decoded D data as a sig-val S-expression and the MPIs made of
 * its values.  Buffer invariants after every operation (fuzz_signer.h).
 */
#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf d = {}, m = {};
	char msg[512], algo[16];
	const u8 *r, *s;
	size_t rl, sl;
	int k;

	if (size > PGP_ASSUAN_MAX_LINE)
		return 0;
	k = assuan_parse_line((const char *)data, size, &d, msg, sizeof(msg));
	fuzz_buf_ok(&d);
	if (k == A_ERR || k == A_STATUS || k == A_INQUIRE)
		if (strlen(msg) >= sizeof(msg))
			__builtin_trap();
	/* a D line decodes to at most its own length */
	if (d.len > size)
		__builtin_trap();
	if (k == A_DATA && d.len) {
		if (!sexp_sig_values(d.p, d.len, algo, &r, &rl, &s, &sl)) {
			/* the values lie inside the decoded data */
			if (r < d.p || r + rl > d.p + d.len || (s && (s < d.p || s + sl > d.p + d.len)))
				__builtin_trap();
			if (!add_mpi(&m, r, rl) && s)
				add_mpi(&m, s, sl);
			fuzz_buf_ok(&m);
			if (m.len > rl + sl + 4)
				__builtin_trap();
		}
	}
	buf_free(&d);
	buf_free(&m);
	return 0;
}
