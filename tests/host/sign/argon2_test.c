// SPDX-License-Identifier: GPL-2.0
/*
 * The tool's BLAKE2b and Argon2id (scripts/pgp-sign/argon2.c) and the
 * checks of the Argon2 S2K (s2k.c), for tests/host/sign part v6:
 *   argon2_test blake2b OUTLEN HEX
 *   argon2_test argon2id T P M TAGLEN PASSWORD-HEX SALT-HEX [SECRET-HEX AD-HEX]
 *   argon2_test s2k USAGE FIELDS-HEX PASSPHRASE
 * print the digest or the tag (hex), or what seckey_unprotect() says of the
 * protection fields FIELDS (the octets after the S2K usage octet).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../scripts/pgp-sign/pgp-sign.h"

static u8 *unhex(const char *s, size_t *n)
{
	size_t len = strlen(s) / 2, i;
	u8 *out = malloc(len + 1);
	unsigned int b;

	for (i = 0; out && i < len; i++) {
		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			exit(2);
		out[i] = b;
	}
	*n = len;
	return out;
}

static void hex(const u8 *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
	printf("\n");
}

int main(int argc, char **argv)
{
	static u8 out[4096];
	size_t n[4] = {}, len, i;
	u8 *b[4] = {};

	if (argc == 4 && !strcmp(argv[1], "blake2b")) {
		len = strtoul(argv[2], NULL, 0);
		b[0] = unhex(argv[3], &n[0]);
		if (!len || len > 64)
			return 2;
		blake2b(out, len, b[0], n[0]);
		hex(out, len);
		return 0;
	}
	if ((argc == 8 || argc == 10) && !strcmp(argv[1], "argon2id")) {
		len = strtoul(argv[5], NULL, 0);
		for (i = 0; i < (size_t)argc - 6; i++)
			b[i] = unhex(argv[6 + i], &n[i]);
		if (len > sizeof(out))
			return 2;
		if (argon2id(b[0], n[0], b[1], n[1], b[2], n[2], b[3], n[3],
			     strtoul(argv[2], NULL, 0), strtoul(argv[3], NULL, 0),
			     strtoul(argv[4], NULL, 0), out, len)) {
			printf("refused\n");
			return 1;
		}
		hex(out, len);
		return 0;
	}
	if (argc == 5 && !strcmp(argv[1], "s2k")) {
		static const u8 body[] = { 6 };
		char why[256] = "";

		b[0] = unhex(argv[3], &n[0]);
		if (seckey_unprotect(body, sizeof(body), 5, strtoul(argv[2], NULL, 0), b[0], n[0],
				     argv[4], out, sizeof(out), &len, why, sizeof(why))) {
			printf("%s\n", why);
			return 1;
		}
		hex(out, len);
		return 0;
	}
	fprintf(stderr, "usage: see the comment at the top of argon2_test.c\n");
	return 2;
}
