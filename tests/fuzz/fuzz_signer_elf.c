// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a module file as scripts/pgp-sign-module reads it —
 * the appended PKCS#7 trailer, the ELF header checks, the foreign-endian
 * view, the kernel's module_sig locator and the explanation of its
 * refusals, the payload's packets through the kernel's reader, the
 * placeholder added in C and the container written into it.  Buffer
 * invariants after every operation (fuzz_signer.h).
 */
#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct modsig ms;
	struct buf e = {};
	bool had, bad;
	size_t len;
	int is64 = -1;
	u8 *copy, *view;
	char why[200];

	copy = malloc(size ? size : 1);
	memcpy(copy, data, size);
	len = strip_pkcs7(copy, size, &had, &bad);
	if (len > size)
		__builtin_trap();
	view = elf_native_view(copy, len, &is64);
	free(view);
	if (!locate(copy, len, &ms) && ms.state == SIG_GOOD) {
		if (ms.loc.payload_off < ms.loc.sec_off ||
		    ms.loc.payload_off + ms.loc.payload_len > ms.loc.sec_off + ms.loc.sec_size ||
		    ms.loc.sec_off + ms.loc.sec_size > len)
			__builtin_trap();
		count_sig_packets(copy + ms.loc.payload_off, ms.loc.payload_len, why, sizeof(why));
	}
	/* the placeholder added in C: the result is what the kernel's locator takes */
	buf_add(&e, copy, len);
	fuzz_buf_ok(&e);
	if (!add_section(&e, 2048)) {
		struct module_pgp_sig_loc loc;

		fuzz_buf_ok(&e);
		if (!locate(e.p, e.len, &ms) && ms.state == SIG_EMPTY) {
			loc = ms.loc;
			if (loc.sec_off + loc.sec_size > e.len)
				__builtin_trap();
			if (!fill(&e, &loc, data, size < 1024 ? size : 1024, why, sizeof(why)))
				fuzz_buf_ok(&e);
		}
	}
	buf_free(&e);
	free(copy);
	return 0;
}
