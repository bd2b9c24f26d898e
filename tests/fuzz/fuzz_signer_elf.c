// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a module file as scripts/pgp-sign-module reads it —
 * the appended PKCS#7 trailer, the ELF header checks, the foreign-endian
 * view, the kernel's module_sig locator and the explanation of its
 * refusals, the payload's packets, the signature packet parser and the
 * ASCII armour decoder.
 */
#define main pgp_sign_module_main
#include "../../scripts/pgp-sign-module.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct modsig ms;
	struct buf b = {};
	bool had, bad;
	size_t len;
	u8 *copy;
	char why[200];

	copy = malloc(size ? size : 1);
	memcpy(copy, data, size);
	len = strip_pkcs7(copy, size, &had, &bad);
	if (len > size)
		__builtin_trap();
	if (!locate(copy, len, &ms) && ms.state == SIG_GOOD) {
		if (ms.loc.payload_off < ms.loc.sec_off ||
		    ms.loc.payload_off + ms.loc.payload_len > ms.loc.sec_off + ms.loc.sec_size ||
		    ms.loc.sec_off + ms.loc.sec_size > len)
			__builtin_trap();
		if (count_sig_packets(copy + ms.loc.payload_off, ms.loc.payload_len,
				      why, sizeof(why)) > 0) {
			struct pgp_pkt pk;
			struct pgp_sig s;

			if (!pgp_next_packet(copy + ms.loc.payload_off, ms.loc.payload_len, &pk))
				pgp_parse_sig(pk.body, pk.body_len, &s);
		}
	}
	{
		struct pgp_pkt pk;
		struct pgp_sig s;

		if (!pgp_next_packet(data, size, &pk) && !pgp_parse_sig(pk.body, pk.body_len, &s) &&
		    s.hashed + s.hashed_len > data + size)
			__builtin_trap();
	}
	pgp_dearmor(data, size, &b);
	buf_free(&b);
	free(copy);
	return 0;
}
