// SPDX-License-Identifier: GPL-2.0
/*
 * v6 signatures (RFC 9580) by a secret key of this tool: the algorithms it
 * signs with (Ed25519, 27; Ed448, 28; ML-DSA-65+Ed25519, 30; ML-DSA-87+Ed448,
 * 31; SLH-DSA-SHAKE-128s, -128f and -256s, 32 to 34, RFC 9980), their key
 * sizes, and a signature body made in two steps: the fields and a fresh
 * salt (hashed by the caller with the kernel's code), then the values over
 * that digest (EdDSA through libcrypto, a composite's ML-DSA by
 * mldsa_sign.c, hedged with fresh randomness; SLH-DSA by slhdsa_sign.c,
 * hedged, or deterministic with --deterministic).  Module signatures
 * (seckey.c) and a new key's self-signatures (seckey_gen.c) are made here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <openssl/evp.h>

#include "pgp-sign.h"
#include "pqsign.h"

static const struct seckey_algo seckey_algos[] = {
	{ PGP_ALGO_ED25519, "ed25519-v6", EVP_PKEY_ED25519, "Ed25519", 32, 64, 0 },
	{ PGP_ALGO_ED448, "ed448-v6", EVP_PKEY_ED448, "Ed448", 57, 114, 0 },
	{ PGP_ALGO_MLDSA65_ED25519, "mldsa65-ed25519", EVP_PKEY_ED25519, "Ed25519", 32, 64, 65 },
	{ PGP_ALGO_MLDSA87_ED448, "mldsa87-ed448", EVP_PKEY_ED448, "Ed448", 57, 114, 87 },
	{ PGP_ALGO_SLHDSA_SHAKE_128S, "slhdsa128s", .slh = true },
	{ PGP_ALGO_SLHDSA_SHAKE_128F, "slhdsa128f", .slh = true },
	{ PGP_ALGO_SLHDSA_SHAKE_256S, "slhdsa256s", .slh = true },
};

const struct seckey_algo *seckey_algo(unsigned int algo, const char *name)
{
	size_t i;

	for (i = 0; i < PGP_ARRAY_SIZE(seckey_algos); i++)
		if (name ? !strcmp(seckey_algos[i].name, name) : seckey_algos[i].algo == algo)
			return &seckey_algos[i];
	return NULL;
}

/*
 * The key material's sizes: public, secret (the composite's ML-DSA seed
 * after the EdDSA secret; SLH-DSA's PK.seed || PK.root, and SK.seed ||
 * SK.prf || PK.seed || PK.root, FIPS 205's secret key, RFC 9980 6.2.2)
 */
size_t seckey_pub_size(const struct seckey_algo *a)
{
	if (a->slh)
		return 2 * slhdsa_n(a->algo);
	return a->ed_size + (a->mlset ? mldsa_pk_size(a->mlset) : 0);
}

size_t seckey_sec_size(const struct seckey_algo *a)
{
	if (a->slh)
		return 4 * slhdsa_n(a->algo);
	return a->ed_size + (a->mlset ? PGP_MLDSA_SEED_SIZE : 0);
}

/* The signature values' size */
static size_t seckey_sig_size(const struct seckey_algo *a)
{
	if (a->slh)
		return slhdsa_sig_size(a->algo);
	return a->ed_sig + (a->mlset ? mldsa_sig_size(a->mlset) : 0);
}

void seckey_free(struct pgp_seckey *k)
{
	EVP_PKEY_free(k->ed);
	mldsa_key_free(k->mldsa);
	slhdsa_key_free(k->slh);
	kern_pubkeys_free(k->keys);
	kern_keyring_free(k->kring);
	buf_free(&k->cert);
	buf_free(&k->signer_uid);
}

/*
 * A v6 signature body of @type and @halgo by @k into @body: hashed
 * subpackets the creation time @t, the issuer's fingerprint and @extra; no
 * unhashed ones; a fresh salt; the digest's octets (*@pre) and the values
 * (*@vals) zero until v6_values() fills them.
 */
int v6_body(const struct pgp_seckey *k, unsigned int type, unsigned int halgo, u32 t,
	    const u8 *extra, size_t extra_len, struct buf *body, size_t *pre, size_t *vals,
	    char *why, size_t wl)
{
	size_t vlen = seckey_sig_size(k->a);
	int salt = kern_salt_len(halgo);
	u8 hdr[8] = { 6, type, k->algo, halgo }, sp[41];

	if (salt <= 0) {
		snprintf(why, wl, "no v6 signature with digest %s", hash_name(halgo));
		return -1;
	}
	/* hashed: the creation time (2), the issuer's v6 fingerprint (33) */
	sp[0] = 5;
	sp[1] = 2;
	put_be32(sp + 2, t);
	sp[6] = 34;
	sp[7] = 33;
	sp[8] = 6;
	memcpy(sp + 9, k->fpr, 32);
	put_be32(hdr + 4, sizeof(sp) + extra_len);
	buf_add(body, hdr, 8);
	buf_add(body, sp, sizeof(sp));
	buf_add(body, extra, extra_len);
	put_be32(hdr, 0);			/* no unhashed subpackets */
	buf_add(body, hdr, 4);
	*pre = body->len;
	buf_add(body, "\0\0", 2);		/* the digest's first octets */
	buf_addc(body, salt);
	buf_reserve(body, salt + vlen);
	if (getrandom(body->p + body->len, salt, 0) != salt) {
		snprintf(why, wl, "getrandom failed");
		return -1;
	}
	body->len += salt;
	*vals = body->len;
	memset(body->p + body->len, 0, vlen);
	body->len += vlen;
	return 0;
}

/* SLH-DSA's values over @md: hedged with n fresh octets, else deterministic */
static int slh_values(const struct pgp_seckey *k, u8 *out, const u8 *md, unsigned int mdlen,
		      char *why, size_t wl)
{
	size_t n = slhdsa_n(k->algo);
	u8 rnd[PGP_SLHDSA_N_MAX];
	int ret = -1, v;

	if (!k->deterministic && getrandom(rnd, n, 0) != (ssize_t)n) {
		snprintf(why, wl, "getrandom failed");
		goto out;
	}
	v = slhdsa_sign(k->slh, md, mdlen, k->deterministic ? NULL : rnd, out);
	if (v) {
		snprintf(why, wl, "%s signing failed (%s)", k->a->name,
			 v == -EFAULT ? "the signature made does not verify" : "out of memory");
		goto out;
	}
	ret = 0;
out:
	explicit_bzero(rnd, sizeof(rnd));
	wipe_stack(16384);	/* its work on the stack */
	return ret;
}

/* The digest's first octets and the signature values over @md into @body. */
int v6_values(const struct pgp_seckey *k, struct buf *body, size_t pre, size_t vals,
	      const u8 *md, unsigned int mdlen, char *why, size_t wl)
{
	size_t el = k->a->ed_sig;
	EVP_MD_CTX *c;
	u8 rnd[32];
	int ret = -1;

	memcpy(body->p + pre, md, 2);
	if (k->slh)
		return slh_values(k, body->p + vals, md, mdlen, why, wl);
	c = EVP_MD_CTX_new();
	/* pure EdDSA, the empty context (RFC 9580 5.2.3.4-5, RFC 9980 5.2.3) */
	if (!c || EVP_DigestSignInit(c, NULL, NULL, NULL, k->ed) != 1 ||
	    EVP_DigestSign(c, body->p + vals, &el, md, mdlen) != 1 || el != k->a->ed_sig) {
		snprintf(why, wl, "%s signing failed", k->a->ed);
		goto out;
	}
	if (k->mldsa && (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd) ||
			 mldsa_sign(k->mldsa, md, mdlen, rnd, body->p + vals + k->a->ed_sig))) {
		snprintf(why, wl, "ML-DSA-%u signing failed", k->a->mlset);
		goto out;
	}
	ret = 0;
out:
	explicit_bzero(rnd, sizeof(rnd));
	EVP_MD_CTX_free(c);
	wipe_stack(16384);	/* Ed25519's and ML-DSA-65's work on the stack */
	return ret;
}
