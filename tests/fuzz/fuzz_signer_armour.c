// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: ASCII armour as scripts/pgp-sign-module decodes it
 * (pgp_dearmor(): a remote signer's .sig, a keyring, sign-file's CERT).
 * The input as it is, with the buffer invariants after the call and the
 * output no longer than three quarters of the input; then the input's
 * bytes armoured here (radix-64 by OpenSSL, CRC-24, 64-character lines,
 * an armour header) must decode to exactly those bytes, and the same
 * armour with its checksum changed must be refused.
 */
#include <openssl/evp.h>

#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_armour(struct buf *a, const u8 *d, size_t n, u32 crc)
{
	u8 line[64 + 4 + 1], csum[4 + 1], c3[3] = { crc >> 16, crc >> 8, crc };
	static const char head[] = "-----BEGIN PGP SIGNATURE-----\nComment: fuzz\n\n";
	static const char tail[] = "-----END PGP SIGNATURE-----\n";

	buf_add(a, head, sizeof(head) - 1);
	for (size_t off = 0; off < n; off += 48) {
		int k = EVP_EncodeBlock(line, d + off, n - off < 48 ? n - off : 48);

		buf_add(a, line, k);
		buf_addc(a, '\n');
	}
	EVP_EncodeBlock(csum, c3, 3);
	buf_addc(a, '=');
	buf_add(a, csum, 4);
	buf_addc(a, '\n');
	buf_add(a, tail, sizeof(tail) - 1);
	fuzz_buf_ok(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf out = {}, a = {};
	u32 crc;

	/* as it is */
	if (!pgp_dearmor(data, size, &out) && size && !(data[0] & 0x80) &&
	    out.len > size / 4 * 3 + 3)
		__builtin_trap();
	fuzz_buf_ok(&out);
	buf_free(&out);

	/* round trip (not a binary input: that one is copied); 1 KiB is plenty */
	if (!size || size > 1024)
		return 0;
	crc = pgp_crc24(data, size);
	fuzz_armour(&a, data, size, crc);
	if (pgp_dearmor(a.p, a.len, &out) || out.len != size || memcmp(out.p, data, size))
		__builtin_trap();
	fuzz_buf_ok(&out);
	buf_free(&out);
	buf_free(&a);
	fuzz_armour(&a, data, size, crc ^ 1);
	if (!pgp_dearmor(a.p, a.len, &out))
		__builtin_trap();	/* a damaged checksum is refused */
	fuzz_buf_ok(&out);
	buf_free(&out);
	buf_free(&a);
	return 0;
}
