// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a module_sig-style payload (one or more signature
 * packets) checked against the fixed message and the real gpg keys of
 * crypto/pgp/tests/pgp_kunit_vectors.h, the way the module loader does it.
 * Mutations that keep the hashed part and digest prefix reach the DSA and
 * RSA verifiers with attacker-chosen signature values and real keys.
 *
 * With FUZZ_DIFFERENTIAL (build-pgp.sh sets it when the kernel's maths is
 * linked), every verdict is compared with an independent one computed with
 * OpenSSL (tests/compat/stubs/algs_openssl.c, symbols renamed oracle_*);
 * a disagreement aborts, so libFuzzer keeps the input as a crash.
 */
#include <crypto/pgp.h>
#include <crypto/dsa.h>
#include <crypto/rsassa.h>
#include "../../crypto/pgp/tests/pgp_kunit_vectors.h"

#ifdef FUZZ_DIFFERENTIAL
#include <openssl/evp.h>

int oracle_dsa_verify(const struct dsa_pub_key *key, const u8 *digest, size_t digest_len,
		      const u8 *r, size_t r_len, const u8 *s, size_t s_len);
int oracle_rsassa_pkcs1_verify(const struct rsa_pub_key_raw *key, enum hash_algo hash,
			       const u8 *digest, size_t digest_len, const u8 *sig,
			       size_t sig_len);
int oracle_ed25519_verify(const u8 pub[32], const u8 *msg, size_t msg_len, const u8 sig[64]);

/* The whole OpenPGP v4 check again, with OpenSSL for hashing and maths */
static int oracle(const struct pgp_sig *sig, const struct pgp_pubkey *key)
{
	const EVP_MD *md = EVP_get_digestbyname(hash_algo_name[sig->hash]);
	u8 digest[EVP_MAX_MD_SIZE], trailer[6] = { 4, 0xff }, rs[64];
	unsigned int dlen;
	EVP_MD_CTX *c;

	if (!md)
		return -ENOPKG;
	put_unaligned_be32(sig->hashed_len, trailer + 2);
	c = EVP_MD_CTX_new();
	EVP_DigestInit_ex(c, md, NULL);
	EVP_DigestUpdate(c, pgp_vec_msg, sizeof(pgp_vec_msg));
	EVP_DigestUpdate(c, sig->hashed, sig->hashed_len);
	EVP_DigestUpdate(c, trailer, sizeof(trailer));
	EVP_DigestFinal_ex(c, digest, &dlen);
	EVP_MD_CTX_free(c);
	if (memcmp(digest, sig->digest_prefix, 2))
		return -EKEYREJECTED;
	switch (key->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		if (sig->pubkey_algo != PGP_PUBKEY_RSA && sig->pubkey_algo != PGP_PUBKEY_RSA_SIGN)
			return -EKEYREJECTED;
		return oracle_rsassa_pkcs1_verify(&key->rsa, sig->hash, digest, dlen,
						  sig->mpi[0], sig->mpi_len[0]);
	case PGP_PUBKEY_DSA:
		if (sig->pubkey_algo != PGP_PUBKEY_DSA)
			return -EKEYREJECTED;
		return oracle_dsa_verify(&key->dsa, digest, dlen, sig->mpi[0], sig->mpi_len[0],
					 sig->mpi[1], sig->mpi_len[1]);
	case PGP_PUBKEY_EDDSA_LEGACY:
		if (sig->pubkey_algo != PGP_PUBKEY_EDDSA_LEGACY || sig->mpi_len[0] > 32 ||
		    sig->mpi_len[1] > 32)
			return -EKEYREJECTED;
		memset(rs, 0, sizeof(rs));
		memcpy(rs + 32 - sig->mpi_len[0], sig->mpi[0], sig->mpi_len[0]);
		memcpy(rs + 64 - sig->mpi_len[1], sig->mpi[1], sig->mpi_len[1]);
		return oracle_ed25519_verify(key->ec.point + 1, digest, dlen, rs);
	default:
		return -ENOPKG;
	}
}
#endif

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
		int i, ret __maybe_unused;

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
			ret = pgp_sig_verify(ctx, &sig, &keys[i]);
#ifdef FUZZ_DIFFERENTIAL
			if (!ret != !oracle(&sig, &keys[i])) {
				fprintf(stderr, "verdicts differ: kernel %d, OpenSSL %d\n", ret,
					oracle(&sig, &keys[i]));
				abort();
			}
#endif
		}
	}
	free(copy);
	return 0;
}
