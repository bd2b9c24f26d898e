// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a module file as scripts/pgp-sign-module reads it and
 * makes its placeholder — the appended PKCS#7 trailer, the kernel's
 * module_sig locator and its reasons, the existing signatures' packets
 * through the kernel's reader (--append), the placeholder added in C
 * (placeholder(), objcopy never run) and the container written into it.
 * Buffer invariants after every operation (fuzz_signer.h); what the tool
 * wrote must be what the kernel's locator finds: an empty placeholder
 * inside the file, then, filled, a container holding exactly the payload.
 */
#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The located section lies in the file, the payload in the section. */
static void fuzz_loc_ok(const struct modsig *ms, size_t len)
{
	const struct module_pgp_sig_loc *l = &ms->loc;

	if (l->sec_off > len || l->sec_size > len - l->sec_off)
		__builtin_trap();
	if (ms->state == SIG_GOOD &&
	    (l->payload_off < l->sec_off + MODULE_PGP_SIG_HDR_LEN ||
	     l->payload_len > l->sec_off + l->sec_size - l->payload_off))
		__builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pgp_run run = {
		.opt = { .reserve = 2048, .replace_pkcs7 = true, .append = size && (data[0] & 1),
			 .objcopy = "/nonexistent/objcopy", .max_size = PGP_MODULE_MAX_SIZE },
	};
	struct pgp_job j = { .run = &run };
	struct pgp_module m = { .name = "fuzz.ko" };
	struct module_pgp_sig_loc loc;
	struct buf old = {};
	struct modsig ms;
	size_t plen = size < 1024 ? size : 1024;
	char why[PGP_WHY_MAX];
	enum pgp_appended a;
	size_t kl, bl;

	/* the kernel's reading of an appended block: lengths within the file, 28 + 12 + N */
	a = appended_sig(data, size, &kl, &bl);
	if (kl > size || bl > size || (a == APPENDED_NONE && (kl != size || bl != size)) ||
	    (a == APPENDED_PKCS7 && (kl != bl || kl + 40 > size)) ||
	    (a == APPENDED_OTHER && (kl + 28 != size || bl + 40 > size)) ||
	    (a == APPENDED_BAD && (kl + 28 != size || bl != size)))
		__builtin_trap();
	if (!locate(data, size, &ms)) {
		if (ms.state != SIG_NONE)
			fuzz_loc_ok(&ms, size);
		if (ms.state == SIG_GOOD)
			count_sig_packets(data + ms.loc.payload_off, ms.loc.payload_len, why,
					  sizeof(why));
	} else if (!ms.why[0]) {
		__builtin_trap();	/* a refusal always says why */
	}
	buf_add(&m.elf, data, size);
	fuzz_buf_ok(&m.elf);
	if (!placeholder(&j, &m, &old, &loc, why, sizeof(why))) {
		fuzz_buf_ok(&m.elf);
		fuzz_buf_ok(&old);
		if (locate(m.elf.p, m.elf.len, &ms) || ms.state != SIG_EMPTY ||
		    ms.loc.sec_off != loc.sec_off || ms.loc.sec_size != loc.sec_size)
			__builtin_trap();
		fuzz_loc_ok(&ms, m.elf.len);
		if (plen && !fill(&m.elf, &loc, data, plen, why, sizeof(why))) {
			fuzz_buf_ok(&m.elf);
			if (locate(m.elf.p, m.elf.len, &ms) || ms.state != SIG_GOOD ||
			    ms.loc.payload_len != plen ||
			    memcmp(m.elf.p + ms.loc.payload_off, data, plen))
				__builtin_trap();
			fuzz_loc_ok(&ms, m.elf.len);
		}
	} else if (!why[0]) {
		__builtin_trap();
	}
	buf_free(&m.elf);
	buf_free(&old);
	return 0;
}
