// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the built-in keyring parser (security/pgp_keys/
 * keyring_parse.c) on arbitrary bytes, with and without the limits of a
 * run-time certificate, then the listing and lookups of every key it stored.  Signatures are checked through the OpenPGP layer with the
 * OpenSSL-backed algorithms of tests/compat.  Build: tests/fuzz/build-keyring.sh.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <keys/pgp_keys.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pgp_builtin_key keys[PGP_KEYS_MAX];
	static const u32 times[] = { 0, 1000000000u, 1700000000u, 0xffffffffu };
	char line[512];
	unsigned int i, t, lost;
	int nr, runtime_nr, why;

	/*
	 * The run-time parse (limits, at most 16 log lines) stores the same keys
	 * or stops with -E2BIG: never another key set, never another error.
	 */
	nr = pgp_keys_parse_runtime(data, size, keys, PGP_KEYS_MAX, size & 1, &lost);
	if (nr < 0 && nr != -E2BIG && nr != -ENOMEM)
		abort();
	runtime_nr = nr;
	nr = pgp_keys_parse(data, size, keys, PGP_KEYS_MAX, size & 1);
	if (nr < 0)
		return 0;
	if (runtime_nr >= 0 && runtime_nr != nr)
		abort();
	if (nr > PGP_KEYS_MAX)
		abort();
	for (i = 0; i < (unsigned int)nr; i++) {
		const struct pgp_builtin_key *k = &keys[i];

		/* a subkey follows its primary; keys point into the input */
		if (k->primary >= (int)i || k->pub.fpr_len > PGP_FPR_MAX)
			abort();
		if (k->uid && (k->uid < data || k->uid + k->uid_len > data + size))
			abort();
		if (pgp_keys_describe(keys, nr, i, 1700000000, line, sizeof(line)) <= 0)
			abort();
		for (t = 0; t < ARRAY_SIZE(times); t++) {
			const struct pgp_builtin_key *f;

			f = pgp_keys_lookup(keys, nr, k->pub.fpr, k->pub.fpr_len, NULL,
					    times[t], &why);
			if (f ? why != 0 : (why != -ENOKEY && why != -EKEYREVOKED &&
					   why != -EKEYEXPIRED))
				abort();
			f = pgp_keys_lookup(keys, nr, NULL, 0, k->pub.keyid, times[t], &why);
			if (!f && why == 0)
				abort();
		}
	}
	if (pgp_keys_describe(keys, nr, nr, 0, line, sizeof(line)) != -EINVAL)
		abort();
	return 0;
}
