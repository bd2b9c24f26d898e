// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the protection fields of a secret key packet
 * (seckey_unprotect() of scripts/pgp-sign-module: the S2K specifier,
 * Argon2 among them, the cipher, CFB or AEAD). The first octet picks the
 * S2K usage (253 or 254), the rest are the fields after it. The plain key
 * material must fit the room given, and nothing past that room may change
 * (libcrypto writes it, where ASan does not look). The build caps Argon2
 * at 1 MiB (-DS2K_ARGON2_MAX_LOG_KIB) to keep each run short.
 */
#include "fuzz_signer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ROOM	64
#define GUARD	64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const u8 body[] = { 6, 0, 0, 0, 0, 27, 0, 0, 0, 32 };
	u8 out[ROOM + GUARD];
	size_t outlen = (size_t)-1, i;
	char why[256];

	if (size < 1)
		return 0;
	memset(out, 0xa5, sizeof(out));
	if (seckey_unprotect(body, sizeof(body), 5, data[0] & 1 ? 254 : 253, data + 1, size - 1,
			     "fuzz", out, ROOM, &outlen, why, sizeof(why)) == 0 && outlen > ROOM)
		__builtin_trap();
	for (i = ROOM; i < sizeof(out); i++)
		if (out[i] != 0xa5)
			__builtin_trap();
	if (strnlen(why, sizeof(why)) == sizeof(why))
		__builtin_trap();
	return 0;
}
