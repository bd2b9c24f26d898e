// SPDX-License-Identifier: GPL-2.0
/*
 * scripts/pgp-sign/argon2.c on a big-endian machine (part v6 builds it for
 * s390x and runs it under qemu-s390x): RFC 9106's Argon2id vector (5.3) and
 * BLAKE2b-512("abc") of RFC 7693, printed in hex, one line each. Built
 * without libcrypto: OPENSSL_cleanse() comes from a stand-in header.
 */
#include <stdio.h>
#include <string.h>

#include "../../../scripts/pgp-sign/pgp-sign.h"

static void hex(const u8 *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
	printf("\n");
}

int main(void)
{
	u8 pw[32], salt[16], secret[8], ad[12], out[64];

	memset(pw, 1, sizeof(pw));
	memset(salt, 2, sizeof(salt));
	memset(secret, 3, sizeof(secret));
	memset(ad, 4, sizeof(ad));
	if (argon2id(pw, sizeof(pw), salt, sizeof(salt), secret, sizeof(secret), ad, sizeof(ad),
		     3, 4, 32, out, 32))
		return 1;
	hex(out, 32);
	blake2b(out, 64, "abc", 3);
	hex(out, 64);
	return 0;
}
