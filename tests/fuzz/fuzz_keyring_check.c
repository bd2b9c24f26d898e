// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the build-time keyring check (certs/pgp_keyring_check.c)
 * on arbitrary bytes, against the kernel's own keyring
 * parser (keyring_parse.c, through tests/compat).  Whatever the check
 * accepts, the kernel must read completely: pgp_keys_parse_checked() must
 * count nothing it could not read or honour, with and without the legacy
 * option.  A keyring the check passes but the kernel does not read whole
 * is a crash.  Build: tests/fuzz/build-keyring.sh.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <keys/pgp_keys.h>
#include "../../certs/pgp_keyring_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pgp_builtin_key keys[PGP_KEYS_MAX];
	unsigned int problems, lost;
	int nr, legacy;

	problems = keyring_check(data, size, NULL, NULL);
	if (problems)
		return 0;
	for (legacy = 0; legacy < 2; legacy++) {
		nr = pgp_keys_parse_checked(data, size, keys, PGP_KEYS_MAX, legacy, &lost);
		if (nr >= 0 && lost) {
			fprintf(stderr, "pgp_keyring_check passed a keyring the kernel does not read completely (%u lost, legacy %d)\n",
				lost, legacy);
			abort();
		}
	}
	return 0;
}
