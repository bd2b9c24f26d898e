// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a module_sig-style payload (one or more signature
 * packets) checked against the fixed message and the real gpg keys of
 * crypto/pgp/pgp_kunit_vectors.h, the way the module loader does it.
 * Mutations that keep the hashed part and digest prefix reach the DSA and
 * RSA verifiers with attacker-chosen signature values and real keys.
 */
#include <crypto/pgp.h>
#include "../../crypto/pgp/pgp_kunit_vectors.h"

static struct pgp_pubkey keys[8];
static int nr_keys;

static void load(const u8 *ring, size_t len)
{
	const u8 *p = ring, *end = ring + len;
	struct pgp_packet pkt;

	while (nr_keys < (int)ARRAY_SIZE(keys) && !pgp_next_packet(&p, end, &pkt)) {
		if (pkt.tag == PGP_PKT_PUBLIC_KEY &&
		    !pgp_parse_pubkey(pkt.body, pkt.len, &keys[nr_keys]))
			nr_keys++;
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	load(pgp_vec_dsa2048_key, sizeof(pgp_vec_dsa2048_key));
	load(pgp_vec_dsa1024_key, sizeof(pgp_vec_dsa1024_key));
	load(pgp_vec_rsa2048_key, sizeof(pgp_vec_rsa2048_key));
	load(pgp_vec_ed25519_key, sizeof(pgp_vec_ed25519_key));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	u8 *copy = malloc(size ? size : 1);
	const u8 *p = copy, *end = copy + size;
	struct pgp_packet pkt;
	int budget = 16;

	memcpy(copy, data, size);
	while (budget-- > 0 && !pgp_next_packet(&p, end, &pkt)) {
		struct pgp_sig sig;
		int i;

		if (pkt.tag != PGP_PKT_SIGNATURE)
			break;
		if (pgp_parse_sig(pkt.body, pkt.len, &sig, true))
			continue;
		for (i = 0; i < nr_keys; i++) {
			struct pgp_hash_ctx *ctx;

			if (memcmp(sig.issuer_keyid, keys[i].keyid, PGP_KEYID_LEN))
				continue;
			pgp_check_key_policy(&keys[i], false);
			if (pgp_hash_init(&ctx, &sig))
				continue;
			pgp_hash_update(ctx, pgp_vec_msg, sizeof(pgp_vec_msg));
			pgp_sig_verify(ctx, &sig, &keys[i]);
		}
	}
	free(copy);
	return 0;
}
