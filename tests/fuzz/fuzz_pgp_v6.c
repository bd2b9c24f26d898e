// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: OpenPGP v6 keys and signatures (RFC 9580, Ed25519 and
 * Ed448), the ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 composites and SLH-DSA
 * (RFC 9980), decoded by the kernel's parser and checked against the fixed data and the keys of
 * crypto/pgp/tests/pgp_v6_kunit_vectors.h (the standards' samples and keys of
 * the test-side signer).
 *
 * The input is a packet stream.  Key packets (tag 6, 14) go through
 * pgp_parse_pubkey(), signature packets through pgp_parse_sig() and, when
 * they name a known key, the loader's verification; every result the
 * decoders return is checked against the buffer it came from: pointers and
 * lengths inside the packet body, the salt of the size the hash fixes, the
 * composite's two fixed-size halves back to back at the body's end, an
 * SLH-DSA key or signature of its set's fixed size at the body's end, a v6
 * fingerprint of 32 octets whose first 8 are the key ID.
 *
 * With FUZZ_DIFFERENTIAL, every verdict on a v6 signature is compared with an
 * independent one: the digest computed with OpenSSL (salt first, the v6
 * trailer), Ed25519 by OpenSSL (oracle_ed25519_verify), Ed448 by OpenSSL's
 * EVP, the ML-DSA halves by mldsa65_verify() and mldsa87_verify(), SLH-DSA
 * by slhdsa_verify() (OpenSSL 3.0 has none); a disagreement aborts.
 */
#include <crypto/pgp.h>
#include <crypto/mldsa_verify.h>
#include <crypto/slhdsa.h>
#include "../../crypto/pgp/tests/pgp_v6_kunit_vectors.h"

#define FUZZ_BUG(cond, what)						\
	do {								\
		if (cond) {						\
			fprintf(stderr, "invariant broken: %s\n", what);	\
			abort();					\
		}							\
	} while (0)

#define IN(p, n, b, len) ((p) >= (b) && (n) <= (size_t)((b) + (len) - (p)))

static struct pgp_pubkey keys[16];
static int nr_keys;

static void load(const u8 *body, size_t len)
{
	if (nr_keys < (int)ARRAY_SIZE(keys) && !pgp_parse_pubkey(body, len, &keys[nr_keys]))
		nr_keys++;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	load(pgp6_kv_key_e6, sizeof(pgp6_kv_key_e6));
	load(pgp6_kv_key_e4, sizeof(pgp6_kv_key_e4));
	load(pgp6_kv_key_c6, sizeof(pgp6_kv_key_c6));
	load(pgp6_kv_key_s6, sizeof(pgp6_kv_key_s6));
	load(pgp6_kv_key_r6pri, sizeof(pgp6_kv_key_r6pri));
	load(pgp6_kv_key_pq, sizeof(pgp6_kv_key_pq));
	load(pgp6_kv_key_d6, sizeof(pgp6_kv_key_d6));
	load(pgp6_kv_key_d4, sizeof(pgp6_kv_key_d4));
	load(pgp6_kv_key_x6, sizeof(pgp6_kv_key_x6));
	load(pgp6_kv_key_pq87, sizeof(pgp6_kv_key_pq87));
	load(pgp6_kv_key_slhs, sizeof(pgp6_kv_key_slhs));
	load(pgp6_kv_key_slhf, sizeof(pgp6_kv_key_slhf));
	load(pgp6_kv_key_slh256, sizeof(pgp6_kv_key_slh256));
	load(pgp6_kv_key_h6, sizeof(pgp6_kv_key_h6));
	return 0;
}

static bool slh_algo(u8 algo)
{
	return algo == PGP_PUBKEY_SLHDSA_SHAKE_128S || algo == PGP_PUBKEY_SLHDSA_SHAKE_128F ||
	       algo == PGP_PUBKEY_SLHDSA_SHAKE_256S;
}

/* RFC 9980 6.1, Table 8: 32 or 64 octets of key, 7856, 17088 or 29792 of signature */
static size_t slh_key_len(u8 algo)
{
	return algo == PGP_PUBKEY_SLHDSA_SHAKE_256S ? 64 : 32;
}

static size_t slh_sig_len(u8 algo)
{
	return algo == PGP_PUBKEY_SLHDSA_SHAKE_128S ? 7856 :
	       algo == PGP_PUBKEY_SLHDSA_SHAKE_128F ? 17088 : 29792;
}

static void check_key(const u8 *body, size_t len)
{
	struct pgp_pubkey key;
	int ret = pgp_parse_pubkey(body, len, &key);

	if (ret && ret != -ENOPKG)
		return;
	if (key.fpr_len) {
		FUZZ_BUG(key.version == 6 && (key.fpr_len != 32 || memcmp(key.keyid, key.fpr, 8)),
			 "v6 fingerprint and key ID");
		FUZZ_BUG(key.version == 4 && (key.fpr_len != 20 || memcmp(key.keyid, key.fpr + 12, 8)),
			 "v4 fingerprint and key ID");
		FUZZ_BUG(key.body != body || key.body_len != len, "key body");
	}
	if (ret)
		return;
	FUZZ_BUG(key.version != 4 && key.version != 6, "key version");
	if (key.algo == PGP_PUBKEY_MLDSA65_ED25519) {
		FUZZ_BUG(key.version != 6, "composite key in a v4 packet");
		FUZZ_BUG(len != 10 + 32 + 1952 || key.pq.ed25519 != body + 10 ||
			 key.pq.mldsa != body + 42, "composite key halves");
	}
	if (key.algo == PGP_PUBKEY_MLDSA87_ED448) {
		FUZZ_BUG(key.version != 6, "composite87 key in a v4 packet");
		FUZZ_BUG(len != 10 + 57 + 2592 || key.pq87.ed448 != body + 10 ||
			 key.pq87.mldsa != body + 67, "composite87 key halves");
	}
	if (slh_algo(key.algo))
		FUZZ_BUG(key.version != 6 || key.slh.pk_len != slh_key_len(key.algo) ||
			 key.slh.pk != body + 10 || len != 10 + key.slh.pk_len, "SLH-DSA key");
	if (key.algo == PGP_PUBKEY_ED25519)
		FUZZ_BUG(!IN(key.ec.point, 32, body, len) || key.ec.point + 32 != body + len,
			 "Ed25519 key");
	if (key.algo == PGP_PUBKEY_ED448)
		FUZZ_BUG(key.ec.point_len != 57 || key.ec.point + 57 != body + len,
			 "Ed448 key");
	pgp_check_key_policy(&key, false);
}

#ifdef FUZZ_DIFFERENTIAL
#include <openssl/evp.h>

int oracle_ed25519_verify(const u8 pub[32], const u8 *msg, size_t msg_len, const u8 sig[64]);

/* Ed448 (RFC 8032, empty context) by OpenSSL: 0 or -EKEYREJECTED */
static int oracle_ed448(const u8 pub[57], const u8 *msg, size_t msg_len, const u8 sig[114])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	int ok = k && c && EVP_DigestVerifyInit(c, NULL, NULL, NULL, k) == 1 &&
		 EVP_DigestVerify(c, sig, 114, msg, msg_len) == 1;

	EVP_MD_CTX_free(c);
	EVP_PKEY_free(k);
	return ok ? 0 : -EKEYREJECTED;
}

/* The v6 check again: OpenSSL for the digest and Ed25519 */
static int oracle(const struct pgp_sig *sig, const struct pgp_pubkey *key)
{
	const EVP_MD *md = EVP_get_digestbyname(hash_algo_name[sig->hash]);
	u8 digest[EVP_MAX_MD_SIZE], trailer[6] = { 6, 0xff };
	unsigned int dlen;
	EVP_MD_CTX *c;

	if (!md || sig->version != key->version || sig->pubkey_algo != key->algo)
		return -EKEYREJECTED;
	put_unaligned_be32(sig->hashed_len, trailer + 2);
	c = EVP_MD_CTX_new();
	EVP_DigestInit_ex(c, md, NULL);
	EVP_DigestUpdate(c, sig->salt, sig->salt_len);
	EVP_DigestUpdate(c, pgp6_kv_data, sizeof(pgp6_kv_data));
	EVP_DigestUpdate(c, sig->hashed, sig->hashed_len);
	EVP_DigestUpdate(c, trailer, sizeof(trailer));
	EVP_DigestFinal_ex(c, digest, &dlen);
	EVP_MD_CTX_free(c);
	if (dlen < 32)
		return -ENOPKG;
	if (memcmp(digest, sig->digest_prefix, 2))
		return -EKEYREJECTED;
	switch (key->algo) {
	case PGP_PUBKEY_ED25519:
		return oracle_ed25519_verify(key->ec.point, digest, dlen, sig->mpi[0]);
	case PGP_PUBKEY_MLDSA65_ED25519:
		if (oracle_ed25519_verify(key->pq.ed25519, digest, dlen, sig->mpi[0]))
			return -EKEYREJECTED;
		return mldsa65_verify(key->pq.mldsa, 1952, digest, dlen, sig->mpi[1],
				      sig->mpi_len[1]) ? -EKEYREJECTED : 0;
	case PGP_PUBKEY_ED448:
		if (dlen < 64)
			return -ENOPKG;
		return oracle_ed448(key->ec.point, digest, dlen, sig->mpi[0]);
	case PGP_PUBKEY_MLDSA87_ED448:
		if (oracle_ed448(key->pq87.ed448, digest, dlen, sig->mpi[0]))
			return -EKEYREJECTED;
		return mldsa87_verify(key->pq87.mldsa, 2592, digest, dlen, sig->mpi[1],
				      sig->mpi_len[1]) ? -EKEYREJECTED : 0;
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		return slhdsa_verify(key->algo == PGP_PUBKEY_SLHDSA_SHAKE_128S ? SLHDSA_SHAKE_128S :
				     key->algo == PGP_PUBKEY_SLHDSA_SHAKE_128F ? SLHDSA_SHAKE_128F :
				     SLHDSA_SHAKE_256S, key->slh.pk, key->slh.pk_len, digest, dlen,
				     sig->mpi[0], sig->mpi_len[0]) ? -EKEYREJECTED : 0;
	default:
		return -ENOPKG;
	}
}
#endif

static void check_sig(const u8 *body, size_t len)
{
	struct pgp_sig sig;
	int i, ret, want;

	if (pgp_parse_sig(body, len, &sig, false))
		return;
	FUZZ_BUG(sig.version != 4 && sig.version != 6, "signature version");
	FUZZ_BUG(sig.hashed != body || sig.hashed_len > len, "hashed part");
	if (sig.version == 6) {
		want = pgp_salt_len(sig.hash_id);
		FUZZ_BUG(!want || sig.salt_len != want || !IN(sig.salt, sig.salt_len, body, len),
			 "v6 salt");
		FUZZ_BUG(sig.issuer_fpr_len != 32 || memcmp(sig.issuer_keyid, sig.issuer_fpr, 8),
			 "v6 issuer");
	} else {
		FUZZ_BUG(sig.salt_len, "v4 salt");
	}
	for (i = 0; i < (int)sig.nr_mpi; i++)
		FUZZ_BUG(!IN(sig.mpi[i], sig.mpi_len[i], body, len), "signature values");
	if (sig.pubkey_algo == PGP_PUBKEY_MLDSA65_ED25519)
		FUZZ_BUG(sig.version != 6 || sig.nr_mpi != 2 || sig.mpi_len[0] != 64 ||
			 sig.mpi_len[1] != 3309 || sig.mpi[1] != sig.mpi[0] + 64 ||
			 sig.mpi[1] + 3309 != body + len, "composite signature halves");
	if (sig.pubkey_algo == PGP_PUBKEY_MLDSA87_ED448)
		FUZZ_BUG(sig.version != 6 || sig.nr_mpi != 2 || sig.mpi_len[0] != 114 ||
			 sig.mpi_len[1] != 4627 || sig.mpi[1] != sig.mpi[0] + 114 ||
			 sig.mpi[1] + 4627 != body + len, "composite87 signature halves");
	if (slh_algo(sig.pubkey_algo))
		FUZZ_BUG(sig.version != 6 || sig.nr_mpi != 1 ||
			 sig.mpi_len[0] != slh_sig_len(sig.pubkey_algo) ||
			 sig.mpi[0] + sig.mpi_len[0] != body + len, "SLH-DSA signature");
	if (sig.pubkey_algo == PGP_PUBKEY_ED25519)
		FUZZ_BUG(sig.nr_mpi != 1 || sig.mpi_len[0] != 64 || sig.mpi[0] + 64 != body + len,
			 "Ed25519 signature");
	if (sig.pubkey_algo == PGP_PUBKEY_ED448)
		FUZZ_BUG(sig.nr_mpi != 1 || sig.mpi_len[0] != 114 || sig.mpi[0] + 114 != body + len,
			 "Ed448 signature");

	for (i = 0; i < nr_keys; i++) {
		struct pgp_hash_ctx *ctx;

		if (sig.issuer_fpr_len != keys[i].fpr_len ||
		    memcmp(sig.issuer_fpr, keys[i].fpr, sig.issuer_fpr_len))
			continue;
		if (pgp_hash_init(&ctx, &sig))
			continue;
		pgp_hash_update(ctx, pgp6_kv_data, sizeof(pgp6_kv_data));
		ret = pgp_sig_verify(ctx, &sig, &keys[i]);
		FUZZ_BUG(ret && ret != -EKEYREJECTED && ret != -ENOPKG && ret != -EBADMSG,
			 "verification errno");
#ifdef FUZZ_DIFFERENTIAL
		if (sig.version == 6 && !ret != !oracle(&sig, &keys[i])) {
			fprintf(stderr, "verdicts differ: kernel %d, oracle %d\n", ret,
				oracle(&sig, &keys[i]));
			abort();
		}
#endif
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	u8 *copy = malloc(size ? size : 1);
	const u8 *p = copy, *end = copy + size;
	struct pgp_packet pkt;
	int budget = 16;

	memcpy(copy, data, size);
	while (budget-- > 0 && !pgp_next_packet(&p, end, &pkt)) {
		/* each packet body alone in a buffer of its own size: no over-read */
		u8 *body = malloc(pkt.len ? pkt.len : 1);

		memcpy(body, pkt.body, pkt.len);
		if (pkt.tag == PGP_PKT_PUBLIC_KEY || pkt.tag == PGP_PKT_PUBLIC_SUBKEY)
			check_key(body, pkt.len);
		else if (pkt.tag == PGP_PKT_SIGNATURE)
			check_sig(body, pkt.len);
		free(body);
	}
	free(copy);
	return 0;
}
