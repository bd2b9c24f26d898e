// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for crypto/pgp: the packet stream splitter, the public
 * key and signature parsers, key policy, hashing and verification, built
 * from the kernel sources through tests/compat.
 *
 * The first input byte selects what the rest is fed to:
 *   0 (and anything else)  a packet stream: every key is parsed, every
 *                          signature parsed (with and without legacy) and
 *                          checked against the keys seen so far, user IDs
 *                          and the input itself are hashed
 *   1                      one signature packet body (then its embedded sig)
 *   2                      one public key packet body
 * Bodies are copied to an exact-size heap buffer so that ASan sees any read
 * past their end.
 */
#include <crypto/pgp.h>

#define MAX_KEYS 4

static void check_sig(const struct pgp_sig *sig, const struct pgp_pubkey *keys, int nr_keys,
		      const u8 *data, size_t len, const u8 *uid, size_t uid_len)
{
	int i;

	for (i = 0; i < nr_keys; i++) {
		struct pgp_hash_ctx *ctx;

		if (pgp_hash_init(&ctx, sig))
			return;
		if (sig->type == PGP_SIG_BINARY) {
			pgp_hash_update(ctx, data, len);
		} else {
			pgp_hash_pubkey(ctx, &keys[0]);
			if (i)
				pgp_hash_pubkey(ctx, &keys[i]);
			if (uid)
				pgp_hash_userid(ctx, uid, uid_len);
		}
		pgp_sig_verify(ctx, sig, &keys[i]);
	}
}

static void parse_sig_body(const u8 *body, size_t len, int depth)
{
	struct pgp_sig sig;
	u8 *copy;

	pgp_parse_sig(body, len, &sig, false);
	if (pgp_parse_sig(body, len, &sig, true))
		return;
	if (sig.embedded_sig && depth < 2) {
		copy = malloc(sig.embedded_sig_len);
		memcpy(copy, sig.embedded_sig, sig.embedded_sig_len);
		parse_sig_body(copy, sig.embedded_sig_len, depth + 1);
		free(copy);
	}
}

static void parse_stream(const u8 *data, size_t size)
{
	struct pgp_pubkey keys[MAX_KEYS];
	const u8 *p = data, *end = data + size, *uid = NULL;
	struct pgp_packet pkt;
	size_t uid_len = 0;
	int nr_keys = 0, budget = 64;

	while (budget-- > 0 && pgp_next_packet(&p, end, &pkt) == 0) {
		struct pgp_sig sig;

		switch (pkt.tag) {
		case PGP_PKT_PUBLIC_KEY:
		case PGP_PKT_PUBLIC_SUBKEY:
			if (nr_keys < MAX_KEYS &&
			    !pgp_parse_pubkey(pkt.body, pkt.len, &keys[nr_keys])) {
				pgp_check_key_policy(&keys[nr_keys], false);
				pgp_check_key_policy(&keys[nr_keys], true);
				pgp_pubkey_algo_name(keys[nr_keys].algo);
				nr_keys++;
			}
			break;
		case PGP_PKT_USER_ID:
			uid = pkt.body;
			uid_len = pkt.len;
			break;
		case PGP_PKT_SIGNATURE:
			pgp_parse_sig(pkt.body, pkt.len, &sig, false);
			if (!pgp_parse_sig(pkt.body, pkt.len, &sig, true))
				check_sig(&sig, keys, nr_keys, data, size, uid, uid_len);
			break;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pgp_pubkey key;
	u8 *copy;

	if (size < 1)
		return 0;
	copy = malloc(size - 1 ? size - 1 : 1);
	memcpy(copy, data + 1, size - 1);
	switch (data[0]) {
	case 1:
		parse_sig_body(copy, size - 1, 0);
		break;
	case 2:
		if (!pgp_parse_pubkey(copy, size - 1, &key))
			pgp_check_key_policy(&key, true);
		break;
	default:
		parse_stream(copy, size - 1);
		break;
	}
	free(copy);
	return 0;
}
