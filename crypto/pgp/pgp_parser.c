// SPDX-License-Identifier: GPL-2.0
/*
 * OpenPGP (RFC 4880 / RFC 9580) packet, public key and signature parser:
 * version 4 and version 6 keys and signatures, and the key and signature
 * encodings of ML-DSA-65+Ed25519, ML-DSA-87+Ed448 and SLH-DSA (RFC 9980).
 *
 * Every input is treated as hostile: each length is compared with the bytes
 * that remain before anything is read, lengths are kept in size_t and
 * compared as "len > end - p" so that no pointer arithmetic can overflow,
 * and every packet must be consumed exactly.  Nothing is copied: parsed
 * structures point into the caller's buffer.
 */

#define pr_fmt(fmt) "modsign-pgp: " fmt

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <crypto/sha1.h>
#include <crypto/sha2.h>
#include <crypto/pgp_compat.h>
#include "pgp_internal.h"

/* Reads a new-format length (RFC 4880 4.2.2); subpackets use the same form
 * except that 224..254 are ordinary two-octet lengths there, not partial.
 */
static int pgp_read_length(const u8 **p, const u8 *end, bool packet, size_t *len)
{
	const u8 *q = *p;

	if (q >= end)
		return -EBADMSG;
	/* Partial body lengths: refused, the signed data must be whole */
	if (packet && q[0] >= 224 && q[0] < 255)
		return -EBADMSG;
	if (q[0] < 192) {
		*len = q[0];
		*p = q + 1;
	} else if (q[0] == 255) {
		if (end - q < 5)
			return -EBADMSG;
		*len = get_unaligned_be32(q + 1);
		*p = q + 5;
	} else {
		if (end - q < 2)
			return -EBADMSG;
		*len = ((size_t)(q[0] - 192) << 8) + q[1] + 192;
		*p = q + 2;
	}
	return 0;
}

/**
 * pgp_next_packet - Split the next packet off an OpenPGP packet stream
 * @p: In: the start of the packet header; out: the byte after the packet
 * @end: End of the buffer
 * @pkt: Filled with the tag and the body (a pointer into the buffer)
 *
 * Accepts old-format headers with 1-, 2- and 4-octet lengths and
 * new-format headers with 1-, 2- and 5-octet lengths.  Indeterminate
 * (old-format type 3) and partial (new-format 224..254) lengths are
 * refused.  On error neither *@p nor *@pkt is changed.
 *
 * Return: 0 on success; -ENODATA when *@p == @end (clean end of stream);
 * -EBADMSG for a malformed, truncated or partial-length header, for tag 0,
 * or a body that extends past @end.
 */
int pgp_next_packet(const u8 **p, const u8 *end, struct pgp_packet *pkt)
{
	const u8 *q = *p;
	size_t len;
	u8 ctb, tag;
	int ret;

	if (q == end)
		return -ENODATA;
	if (q > end)
		return -EBADMSG;
	ctb = *q++;
	if (!(ctb & 0x80))
		return -EBADMSG;

	if (ctb & 0x40) {
		tag = ctb & 0x3f;
		ret = pgp_read_length(&q, end, true, &len);
		if (ret)
			return ret;
	} else {
		tag = (ctb >> 2) & 0x0f;
		switch (ctb & 0x03) {
		case 0:
			if (end - q < 1)
				return -EBADMSG;
			len = q[0];
			q += 1;
			break;
		case 1:
			if (end - q < 2)
				return -EBADMSG;
			len = get_unaligned_be16(q);
			q += 2;
			break;
		case 2:
			if (end - q < 4)
				return -EBADMSG;
			len = get_unaligned_be32(q);
			q += 4;
			break;
		default:
			/* Indeterminate length: refused */
			return -EBADMSG;
		}
	}
	if (tag == 0)
		return -EBADMSG;
	if (len > (size_t)(end - q))
		return -EBADMSG;

	pkt->tag = tag;
	pkt->body = q;
	pkt->len = len;
	*p = q + len;
	return 0;
}
EXPORT_SYMBOL_GPL(pgp_next_packet);

/* Number of significant bits of a big-endian byte string. */
unsigned int pgp_mpi_bits(const u8 *p, size_t len)
{
	while (len && !*p) {
		p++;
		len--;
	}
	if (!len)
		return 0;
	return (unsigned int)((len - 1) * 8) + fls(*p);
}

/**
 * pgp_read_mpi - Read one multiprecision integer (RFC 4880 3.2)
 * @p: In: the MPI's two-octet bit count; out: the byte after the MPI
 * @end: End of the enclosing packet body
 * @max_bits: Largest bit count accepted
 * @mpi: Set to the first byte of the value (big-endian)
 * @mpi_len: Set to the number of value bytes
 * @bits: Set to the bit count (may be NULL)
 *
 * The encoding must be canonical: the declared bit count must be non-zero
 * and equal the position of the most significant set bit, so there are no
 * leading zero bytes.  Canonical encoding matters because the MPI header
 * of a signature is not covered by the hash: a lenient reader would let
 * an altered length byte go unnoticed.  On error *@p is not changed.
 *
 * Return: 0 on success; -EBADMSG for a truncated MPI, a zero-length MPI,
 * a bit count larger than the bytes present or than @max_bits, or a
 * non-canonical bit count.
 */
int pgp_read_mpi(const u8 **p, const u8 *end, unsigned int max_bits,
		 const u8 **mpi, size_t *mpi_len, unsigned int *bits)
{
	const u8 *q = *p;
	unsigned int nbits;
	size_t nbytes;

	if (q > end || end - q < 2)
		return -EBADMSG;
	nbits = get_unaligned_be16(q);
	q += 2;
	if (nbits == 0 || nbits > max_bits)
		return -EBADMSG;
	nbytes = DIV_ROUND_UP(nbits, 8);
	if (nbytes > (size_t)(end - q))
		return -EBADMSG;
	/* The top byte holds exactly the top (nbits - 1) % 8 + 1 bits. */
	if (fls(q[0]) != (int)((nbits - 1) % 8) + 1)
		return -EBADMSG;

	*mpi = q;
	*mpi_len = nbytes;
	if (bits)
		*bits = nbits;
	*p = q + nbytes;
	return 0;
}
EXPORT_SYMBOL_GPL(pgp_read_mpi);

/* Curve OIDs (DER content octets) recognised in ECDSA/EdDSA/ECDH keys */
static const struct {
	u8 curve;
	u8 len;
	u8 oid[10];
	unsigned int bits;
} pgp_curves[] = {
	{ PGP_CURVE_NIST_P256, 8, { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 }, 256 },
	{ PGP_CURVE_NIST_P384, 5, { 0x2b, 0x81, 0x04, 0x00, 0x22 }, 384 },
	{ PGP_CURVE_NIST_P521, 5, { 0x2b, 0x81, 0x04, 0x00, 0x23 }, 521 },
	{ PGP_CURVE_ED25519, 9, { 0x2b, 0x06, 0x01, 0x04, 0x01, 0xda, 0x47, 0x0f, 0x01 }, 255 },
	{ PGP_CURVE_CURVE25519, 10,
	  { 0x2b, 0x06, 0x01, 0x04, 0x01, 0x97, 0x55, 0x01, 0x05, 0x01 }, 255 },
	{ PGP_CURVE_BRAINPOOL_P256, 9,
	  { 0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07 }, 256 },
	{ PGP_CURVE_BRAINPOOL_P384, 9,
	  { 0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0b }, 384 },
	{ PGP_CURVE_BRAINPOOL_P512, 9,
	  { 0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0d }, 512 },
};

/* Reads the one-octet-length curve OID of an EC key; sets curve and bits. */
static int pgp_read_curve(const u8 **p, const u8 *end, struct pgp_pubkey *key)
{
	const u8 *q = *p;
	size_t len, i;

	if (end - q < 1)
		return -EBADMSG;
	len = *q++;
	/* 0 and 0xff are reserved for future extensions (RFC 9580 9.2) */
	if (len == 0 || len == 0xff || len > (size_t)(end - q))
		return -EBADMSG;
	key->ec.curve = PGP_CURVE_UNKNOWN;
	for (i = 0; i < ARRAY_SIZE(pgp_curves); i++) {
		if (pgp_curves[i].len == len && !memcmp(pgp_curves[i].oid, q, len)) {
			key->ec.curve = pgp_curves[i].curve;
			key->bits = pgp_curves[i].bits;
			break;
		}
	}
	*p = q + len;
	return 0;
}

/* RFC 9580 5.5.4.3: SHA-256 of 0x9b, be32(body length) and the body; the
 * key ID is the first eight octets.
 */
static void pgp_v6_fingerprint(struct pgp_pubkey *key)
{
	struct pgp_sha256_ctx st;
	u8 hdr[5];

	hdr[0] = 0x9b;
	put_unaligned_be32(key->body_len, hdr + 1);
	sha256_init(&st);
	sha256_update(&st, hdr, sizeof(hdr));
	sha256_update(&st, key->body, key->body_len);
	sha256_final(&st, key->fpr);
	key->fpr_len = SHA256_DIGEST_SIZE;
	memcpy(key->keyid, key->fpr, PGP_KEYID_LEN);
}

static int pgp_v4_fingerprint(struct pgp_pubkey *key)
{
	struct crypto_shash *tfm;
	u8 hdr[3];
	int ret;

	tfm = pgp_alloc_shash("sha1");
	if (IS_ERR(tfm))
		return PTR_ERR(tfm) == -ENOENT ? -ENOPKG : PTR_ERR(tfm);
	{
		SHASH_DESC_ON_STACK(desc, tfm);

		desc->tfm = tfm;
		hdr[0] = 0x99;
		put_unaligned_be16(key->body_len, hdr + 1);
		ret = crypto_shash_init(desc);
		if (!ret)
			ret = crypto_shash_update(desc, hdr, sizeof(hdr));
		if (!ret)
			ret = crypto_shash_finup(desc, key->body, key->body_len, key->fpr);
		shash_desc_zero(desc);
	}
	crypto_free_shash(tfm);
	if (ret)
		return ret;
	key->fpr_len = SHA1_DIGEST_SIZE;
	memcpy(key->keyid, key->fpr + SHA1_DIGEST_SIZE - PGP_KEYID_LEN, PGP_KEYID_LEN);
	return 0;
}

/**
 * pgp_parse_pubkey - Parse a v4 or v6 public key or public subkey packet body
 * @body: Packet body (tag 6 or 14)
 * @len: Length of @body
 * @key: Filled in; its pointers refer into @body
 *
 * Computes the fingerprint and key ID of every v4 key (SHA-1 over 0x99 ||
 * be16 length || body; the key ID is its last eight octets) and v6 key
 * (SHA-256 over 0x9b || be32 length || body; the key ID is its first eight
 * octets), and extracts the key material of RSA (1, 3) and DSA (17) keys.
 * ECDSA (19), EdDSA (22, v4 only), Ed25519 (27) and Ed448 (28) keys are
 * parsed far enough to identify the curve and point (Ed25519's 32 octets,
 * Ed448's 57); an ML-DSA-65+Ed25519 key (30, v6 only) is its 32-octet
 * Ed25519 and 1952-octet ML-DSA-65 public keys, an ML-DSA-87+Ed448 key (31,
 * v6 only) its 57-octet Ed448 and 2592-octet ML-DSA-87 ones; an SLH-DSA
 * key (32 SLH-DSA-SHAKE-128s, 33 -128f, 34 -256s, v6 only) is PK.seed ||
 * PK.root, 32 octets (64 for -256s).  The four-octet key material count of
 * a v6 key must be the rest of the body.
 *
 * Return: 0 on success; -ENOPKG for a packet version other than 4 and 6 (no
 * fingerprint) or an algorithm or curve this layer cannot use (fpr, keyid,
 * algo and creation time are still valid); -EBADMSG for a malformed body,
 * including bytes left over after the key material, a v6 key material count
 * that is not the rest of the body, EdDSALegacy in a v6 key or a composite
 * (ML-DSA-65+Ed25519, ML-DSA-87+Ed448) or SLH-DSA key in a v4 key; -ENOMEM.
 */
int pgp_parse_pubkey(const u8 *body, size_t len, struct pgp_pubkey *key)
{
	const u8 *p = body, *end = body + len;
	size_t slh_key_len, slh_sig_len;
	unsigned int bits;
	int ret;

	memset(key, 0, sizeof(*key));
	if (len < 1)
		return -EBADMSG;
	key->version = body[0];
	if (key->version != 4 && key->version != 6)
		return -ENOPKG;
	if (len < 6)
		return -EBADMSG;
	/* The v4 fingerprint encodes the body length in two octets, v6 in four */
	if (key->version == 4 ? len > 0xffff : len > U32_MAX)
		return -EBADMSG;
	key->creation_time = get_unaligned_be32(body + 1);
	key->algo = body[5];
	key->body = body;
	key->body_len = len;
	p += 6;

	if (key->version == 6) {
		pgp_v6_fingerprint(key);
		/* A scalar count of the key material: the rest of the body */
		if (end - p < 4 || get_unaligned_be32(p) != (size_t)(end - p - 4))
			return -EBADMSG;
		p += 4;
		if (key->algo == PGP_PUBKEY_EDDSA_LEGACY)
			return -EBADMSG;	/* v4 only (RFC 9580 9.2) */
	} else {
		ret = pgp_v4_fingerprint(key);
		if (ret)
			return ret;
		if (key->algo == PGP_PUBKEY_MLDSA65_ED25519 ||
		    key->algo == PGP_PUBKEY_MLDSA87_ED448)
			return -EBADMSG;	/* v6 only (RFC 9980 5.3.2) */
		if (pgp_slhdsa_lengths(key->algo, &slh_key_len, &slh_sig_len))
			return -EBADMSG;	/* v6 only (RFC 9980 6.2.2) */
	}

	switch (key->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		ret = pgp_read_mpi(&p, end, PGP_RSA_MAX_BITS, &key->rsa.n,
				   &key->rsa.n_len, &bits);
		if (ret)
			return ret;
		key->bits = bits;
		ret = pgp_read_mpi(&p, end, bits, &key->rsa.e, &key->rsa.e_len, NULL);
		if (ret)
			return ret;
		break;
	case PGP_PUBKEY_DSA:
		ret = pgp_read_mpi(&p, end, PGP_DSA_P_MAX_BITS, &key->dsa.p,
				   &key->dsa.p_len, &bits);
		if (ret)
			return ret;
		key->bits = bits;
		ret = pgp_read_mpi(&p, end, PGP_DSA_Q_MAX_BITS, &key->dsa.q,
				   &key->dsa.q_len, NULL);
		if (!ret)
			ret = pgp_read_mpi(&p, end, bits, &key->dsa.g, &key->dsa.g_len, NULL);
		if (!ret)
			ret = pgp_read_mpi(&p, end, bits, &key->dsa.y, &key->dsa.y_len, NULL);
		if (ret)
			return ret;
		break;
	case PGP_PUBKEY_ECDSA:
	case PGP_PUBKEY_EDDSA_LEGACY:
	case 18:	/* ECDH: never a signing key, but keep rings parseable */
		ret = pgp_read_curve(&p, end, key);
		if (!ret)
			ret = pgp_read_mpi(&p, end, 8 * (1 + 2 * 66), &key->ec.point,
					   &key->ec.point_len, NULL);
		if (ret)
			return ret;
		if (key->algo == 18) {
			/* KDF parameters: one-octet length, reserved 0/0xff */
			if (end - p < 1 || p[0] == 0 || p[0] == 0xff ||
			    p[0] > end - p - 1)
				return -EBADMSG;
			p += 1 + p[0];
		}
		break;
	case PGP_PUBKEY_ED25519:
		if (end - p < 32)
			return -EBADMSG;
		key->ec.point = p;
		key->ec.point_len = 32;
		key->ec.curve = PGP_CURVE_ED25519;
		key->bits = 255;
		p += 32;
		break;
	case PGP_PUBKEY_ED448:
		/* Native 57 octets (RFC 9580 5.5.5.10) */
		if (end - p < PGP_ED448_KEY_LEN)
			return -EBADMSG;
		key->ec.point = p;
		key->ec.point_len = PGP_ED448_KEY_LEN;
		key->ec.curve = PGP_CURVE_ED448;
		key->bits = 448;
		p += PGP_ED448_KEY_LEN;
		break;
	case PGP_PUBKEY_MLDSA65_ED25519:
		/* Ed25519 then ML-DSA-65 public key, fixed lengths (RFC 9980 5.3.2.1) */
		if (end - p != PGP_COMPOSITE_ED25519_KEY_LEN + PGP_COMPOSITE_MLDSA_KEY_LEN)
			return -EBADMSG;
		key->pq.ed25519 = p;
		key->pq.mldsa = p + PGP_COMPOSITE_ED25519_KEY_LEN;
		p = end;
		break;
	case PGP_PUBKEY_MLDSA87_ED448:
		/* Ed448 then ML-DSA-87 public key, fixed lengths (RFC 9980 5.3.2.1) */
		if (end - p != PGP_ED448_KEY_LEN + PGP_COMPOSITE87_MLDSA_KEY_LEN)
			return -EBADMSG;
		key->pq87.ed448 = p;
		key->pq87.mldsa = p + PGP_ED448_KEY_LEN;
		p = end;
		break;
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		/* PK.seed || PK.root, a fixed length (RFC 9980 6.2.2.1) */
		pgp_slhdsa_lengths(key->algo, &slh_key_len, &slh_sig_len);
		if ((size_t)(end - p) != slh_key_len)
			return -EBADMSG;
		key->slh.pk = p;
		key->slh.pk_len = slh_key_len;
		p = end;
		break;
	default:
		/* Elgamal, RSA encrypt-only, X25519, ...: fingerprinted only */
		return -ENOPKG;
	}
	if (p != end)
		return -EBADMSG;

	switch (key->algo) {
	case PGP_PUBKEY_EDDSA_LEGACY:
		if (key->ec.curve != PGP_CURVE_ED25519)
			return -ENOPKG;
		/* Native point: 0x40 prefix then 32 octets (RFC 9580 11.2.2) */
		if (key->ec.point_len != 33 || key->ec.point[0] != 0x40)
			return -EBADMSG;
		break;
	case PGP_PUBKEY_ECDSA:
		if (key->ec.curve != PGP_CURVE_NIST_P256 &&
		    key->ec.curve != PGP_CURVE_NIST_P384 &&
		    key->ec.curve != PGP_CURVE_NIST_P521)
			return -ENOPKG;
		if (key->ec.point[0] != 0x04 ||
		    key->ec.point_len != 1 + 2 * DIV_ROUND_UP(key->bits, 8))
			return -EBADMSG;
		break;
	case 18:
		return -ENOPKG;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(pgp_parse_pubkey);

/**
 * pgp_salt_len - The v6 signature salt length of a hash algorithm
 * @hash_id: RFC 9580 9.5 hash ID
 *
 * Return: the salt size RFC 9580 9.5 gives for @hash_id (16 for SHA2-256,
 * SHA2-224 and SHA3-256, 24 for SHA2-384, 32 for SHA2-512 and SHA3-512);
 * 0 for a hash a v6 signature cannot use (MD5, SHA-1, RIPEMD-160) or one
 * this layer does not know.
 */
int pgp_salt_len(u8 hash_id)
{
	switch (hash_id) {
	case PGP_HASH_SHA256:
	case PGP_HASH_SHA224:
	case PGP_HASH_SHA3_256:
		return 16;
	case PGP_HASH_SHA384:
		return 24;
	case PGP_HASH_SHA512:
	case PGP_HASH_SHA3_512:
		return 32;
	default:
		return 0;
	}
}
EXPORT_SYMBOL_GPL(pgp_salt_len);

/**
 * pgp_hash_algo - Map an OpenPGP hash algorithm ID to the kernel's enum
 * @hash_id: RFC 4880 9.4 hash ID
 * @legacy: admit SHA-1
 * @hash: Set to the kernel's hash_algo on success
 *
 * Return: 0 and *@hash set for SHA2-224/256/384/512, SHA3-256 and SHA3-512
 * (and SHA-1 when @legacy); -ENOPKG for every other ID (MD5, RIPEMD-160,
 * SHA-1 without @legacy, unknown).
 */
int pgp_hash_algo(u8 hash_id, bool legacy, enum hash_algo *hash)
{
	switch (hash_id) {
	case PGP_HASH_SHA256:
		*hash = HASH_ALGO_SHA256;
		return 0;
	case PGP_HASH_SHA384:
		*hash = HASH_ALGO_SHA384;
		return 0;
	case PGP_HASH_SHA512:
		*hash = HASH_ALGO_SHA512;
		return 0;
	case PGP_HASH_SHA224:
		*hash = HASH_ALGO_SHA224;
		return 0;
	case PGP_HASH_SHA3_256:
		*hash = HASH_ALGO_SHA3_256;
		return 0;
	case PGP_HASH_SHA3_512:
		*hash = HASH_ALGO_SHA3_512;
		return 0;
	case PGP_HASH_SHA1:
		if (!legacy)
			return -ENOPKG;
		*hash = HASH_ALGO_SHA1;
		return 0;
	default:
		return -ENOPKG;
	}
}
EXPORT_SYMBOL_GPL(pgp_hash_algo);

/**
 * pgp_pubkey_algo_name - Short name of an OpenPGP public-key algorithm
 * @algo: RFC 4880 9.1 / RFC 9580 9.1 algorithm ID
 *
 * Return: a static string such as "rsa", "dsa", "eddsa"; "unknown" otherwise.
 */
const char *pgp_pubkey_algo_name(u8 algo)
{
	switch (algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		return "rsa";
	case 2:
		return "rsa-encrypt";
	case 16:
	case 20:
		return "elgamal";
	case PGP_PUBKEY_DSA:
		return "dsa";
	case 18:
		return "ecdh";
	case PGP_PUBKEY_ECDSA:
		return "ecdsa";
	case PGP_PUBKEY_EDDSA_LEGACY:
		return "eddsa";
	case 25:
		return "x25519";
	case 26:
		return "x448";
	case PGP_PUBKEY_ED25519:
		return "ed25519";
	case PGP_PUBKEY_ED448:
		return "ed448";
	case PGP_PUBKEY_MLDSA65_ED25519:
		return "mldsa65-ed25519";
	case PGP_PUBKEY_MLDSA87_ED448:
		return "mldsa87-ed448";
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
		return "slhdsa128s";
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
		return "slhdsa128f";
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		return "slhdsa256s";
	case 35:
		return "mlkem768-x25519";
	case 36:
		return "mlkem1024-x448";
	default:
		return "unknown";
	}
}
EXPORT_SYMBOL_GPL(pgp_pubkey_algo_name);

/* Subpacket types (RFC 4880 5.2.3.1, RFC 9580 5.2.3.7) */
enum {
	PGP_SUB_CREATION_TIME		= 2,
	PGP_SUB_SIG_EXPIRY		= 3,
	PGP_SUB_EXPORTABLE		= 4,
	PGP_SUB_REVOCABLE		= 7,
	PGP_SUB_KEY_EXPIRY		= 9,
	PGP_SUB_PREF_SYMMETRIC		= 11,
	PGP_SUB_REVOCATION_KEY		= 12,
	PGP_SUB_ISSUER			= 16,
	PGP_SUB_PREF_HASH		= 21,
	PGP_SUB_PREF_COMPRESSION	= 22,
	PGP_SUB_KEYSERVER_PREFS		= 23,
	PGP_SUB_PRIMARY_UID		= 25,
	PGP_SUB_KEY_FLAGS		= 27,
	PGP_SUB_SIGNER_UID		= 28,
	PGP_SUB_REVOCATION_REASON	= 29,
	PGP_SUB_FEATURES		= 30,
	PGP_SUB_EMBEDDED_SIG		= 32,
	PGP_SUB_ISSUER_FPR		= 33,
	PGP_SUB_PREF_AEAD		= 34,
	PGP_SUB_PREF_AEAD_SUITES	= 39,
};

/* Informational subpackets: understood in the sense of RFC 4880 5.2.3.1
 * (they carry preferences that do not affect validity), so a critical bit
 * on them is no reason to reject the signature.
 */
static bool pgp_sub_informational(u8 type)
{
	switch (type) {
	case PGP_SUB_EXPORTABLE:
	case PGP_SUB_REVOCABLE:
	case PGP_SUB_PREF_SYMMETRIC:
	case PGP_SUB_PREF_HASH:
	case PGP_SUB_PREF_COMPRESSION:
	case PGP_SUB_KEYSERVER_PREFS:
	case PGP_SUB_PRIMARY_UID:
	case PGP_SUB_SIGNER_UID:
	case PGP_SUB_FEATURES:
	case PGP_SUB_PREF_AEAD:
	case PGP_SUB_PREF_AEAD_SUITES:
		return true;
	default:
		return false;
	}
}

#define PGP_SEEN(t)	(1ULL << (t))

static int pgp_sub_issuer(struct pgp_sig *sig, const u8 *d, size_t len)
{
	if (len != PGP_KEYID_LEN)
		return -EBADMSG;
	/* Several issuer subpackets must agree */
	if (sig->has_issuer_keyid && memcmp(sig->issuer_keyid, d, PGP_KEYID_LEN))
		return -EBADMSG;
	memcpy(sig->issuer_keyid, d, PGP_KEYID_LEN);
	sig->has_issuer_keyid = true;
	return 0;
}

/*
 * The key version in an issuer fingerprint must be the signature's (RFC
 * 9580 5.2.3.35).  A second issuer fingerprint (unhashed area) must repeat
 * the first.
 */
static int pgp_sub_issuer_fpr(struct pgp_sig *sig, const u8 *d, size_t len)
{
	size_t flen;

	if (len < 1 || d[0] != sig->version)
		return -EBADMSG;
	flen = sig->version == 6 ? PGP_V6_FPR_LEN : PGP_V4_FPR_LEN;
	if (len != 1 + flen)
		return -EBADMSG;
	if (sig->issuer_fpr_len &&
	    (sig->issuer_fpr_len != flen || memcmp(sig->issuer_fpr, d + 1, flen)))
		return -EBADMSG;
	memcpy(sig->issuer_fpr, d + 1, flen);
	sig->issuer_fpr_len = flen;
	return 0;
}

/*
 * Walks one subpacket area.  In the hashed area every known subpacket is
 * honoured.  The unhashed area is not covered by the signature, so only
 * hints are taken from it (issuer key ID and fingerprint, embedded
 * back-signature).  For document signatures (types 0x00, 0x01) it may hold
 * nothing but non-critical issuer key IDs and fingerprints, all agreeing
 * with each other and with the hashed ones, so that a change to any byte
 * of a module signature either breaks it or names a key that is not there.
 */
static int pgp_parse_subpackets(const u8 *p, const u8 *end, bool hashed,
				struct pgp_sig *sig, u64 *seen)
{
	bool document = sig->type == PGP_SIG_BINARY || sig->type == PGP_SIG_TEXT;
	int ret;

	while (p < end) {
		const u8 *d;
		size_t len;
		bool critical;
		u8 hdr, type;

		ret = pgp_read_length(&p, end, false, &len);
		if (ret)
			return ret;
		/* The length counts the type octet, so 0 is malformed */
		if (len == 0 || len > (size_t)(end - p))
			return -EBADMSG;
		hdr = p[0];
		type = hdr & 0x7f;
		critical = hdr & 0x80;
		d = p + 1;
		len -= 1;
		p = d + len;

		if (!hashed) {
			/* Not even the critical bit may differ in a document sig */
			if (document && hdr != PGP_SUB_ISSUER && hdr != PGP_SUB_ISSUER_FPR)
				return -EBADMSG;
			if (type == PGP_SUB_ISSUER) {
				ret = pgp_sub_issuer(sig, d, len);
				if (ret)
					return ret;
				continue;
			}
			switch (type) {
			case PGP_SUB_ISSUER_FPR:
				if (!sig->issuer_fpr_len || document) {
					ret = pgp_sub_issuer_fpr(sig, d, len);
					if (ret)
						return ret;
				}
				continue;
			case PGP_SUB_EMBEDDED_SIG:
				if (!len)
					return -EBADMSG;
				if (!sig->embedded_sig) {
					sig->embedded_sig = d;
					sig->embedded_sig_len = len;
				}
				continue;
			}
			if (critical && !pgp_sub_informational(type))
				return -EBADMSG;
			continue;
		}

		/* Hashed area: the value-carrying subpackets may occur once */
		switch (type) {
		case PGP_SUB_CREATION_TIME:
		case PGP_SUB_SIG_EXPIRY:
		case PGP_SUB_KEY_EXPIRY:
		case PGP_SUB_KEY_FLAGS:
		case PGP_SUB_REVOCATION_REASON:
		case PGP_SUB_EMBEDDED_SIG:
		case PGP_SUB_ISSUER_FPR:
			if (*seen & PGP_SEEN(type))
				return -EBADMSG;
			*seen |= PGP_SEEN(type);
			break;
		}

		switch (type) {
		case PGP_SUB_CREATION_TIME:
			if (len != 4)
				return -EBADMSG;
			sig->creation_time = get_unaligned_be32(d);
			break;
		case PGP_SUB_SIG_EXPIRY:
			if (len != 4)
				return -EBADMSG;
			sig->sig_expiry = get_unaligned_be32(d);
			break;
		case PGP_SUB_KEY_EXPIRY:
			if (len != 4)
				return -EBADMSG;
			sig->key_expiry = get_unaligned_be32(d);
			sig->has_key_expiry = true;
			break;
		case PGP_SUB_ISSUER:
			ret = pgp_sub_issuer(sig, d, len);
			if (ret)
				return ret;
			break;
		case PGP_SUB_ISSUER_FPR:
			ret = pgp_sub_issuer_fpr(sig, d, len);
			if (ret)
				return ret;
			break;
		case PGP_SUB_KEY_FLAGS:
			sig->key_flags = len ? d[0] : 0;
			sig->has_key_flags = true;
			break;
		case PGP_SUB_REVOCATION_REASON:
			if (len < 1)
				return -EBADMSG;
			sig->revocation_reason = d[0];
			sig->has_revocation_reason = true;
			break;
		case PGP_SUB_EMBEDDED_SIG:
			if (!len)
				return -EBADMSG;
			sig->embedded_sig = d;
			sig->embedded_sig_len = len;
			break;
		case PGP_SUB_REVOCATION_KEY:
			/* recorded, so that a keyring can refuse it */
			sig->has_revocation_key = true;
			break;
		default:
			if (critical && !pgp_sub_informational(type))
				return -EBADMSG;
			break;
		}
	}
	return 0;
}

/* Is @hash_id one a v6 signature must not use (RFC 9580 9.5: no salt size)? */
static bool pgp_hash_weak(u8 hash_id)
{
	return hash_id == PGP_HASH_MD5 || hash_id == PGP_HASH_SHA1 ||
	       hash_id == PGP_HASH_RIPEMD160;
}

/* The v6 salt (RFC 9580 5.2.3): a one-octet size, which the hash fixes. */
static int pgp_read_salt(const u8 **p, const u8 *end, struct pgp_sig *sig)
{
	const u8 *q = *p;
	size_t n;
	int want;

	if (end - q < 1)
		return -EBADMSG;
	n = *q++;
	if (n > (size_t)(end - q) || n > PGP_SALT_MAX || pgp_hash_weak(sig->hash_id))
		return -EBADMSG;
	/* an unknown hash: no size to check it against, -ENOPKG later */
	want = pgp_salt_len(sig->hash_id);
	if (want && n != want)
		return -EBADMSG;
	sig->salt = q;
	sig->salt_len = n;
	*p = q + n;
	return 0;
}

/**
 * pgp_parse_sig - Parse a v4 or v6 signature packet body
 * @body: Packet body (tag 2)
 * @len: Length of @body
 * @sig: Filled in; its pointers refer into @body
 * @legacy: admit SHA-1 (v4 signatures only)
 *
 * Checks the whole packet: both subpacket areas (1/2/5-octet lengths,
 * critical bit, duplicates), the digest prefix, the salt of a v6 signature
 * (whose size the hash fixes: 16 octets for SHA2-256, 24 for SHA2-384, 32
 * for SHA2-512), and the signature values, which must consume the body
 * exactly.  A signature must carry a hashed creation time and an issuer; a
 * v4 signature names it by fingerprint or key ID, which must agree, a v6
 * signature by its fingerprint (an issuer key ID, if any, must be the
 * fingerprint's first eight octets).  The key version in an issuer
 * fingerprint must be the signature's.  Ed25519 (27) signatures are 64
 * native octets, Ed448 (28) ones 114; ML-DSA-65+Ed25519 (30) signatures,
 * v6 only, are the 64-octet Ed25519 and the 3309-octet ML-DSA-65
 * signatures, ML-DSA-87+Ed448 (31) ones, v6 only, the 114-octet Ed448 and
 * the 4627-octet ML-DSA-87 signatures; SLH-DSA (32, 33, 34) signatures,
 * v6 only, are 7856, 17088 and 29792 octets; EdDSALegacy (22) is v4 only.
 *
 * Return: 0 on success; -ENOPKG for a version other than 4 and 6, an
 * unknown public-key algorithm or a hash this layer does not accept (MD5,
 * RIPEMD-160, SHA-1 without @legacy, unknown); -EBADMSG for any
 * malformed field, an unknown critical subpacket, a missing creation time
 * or issuer, a v6 signature whose salt size is not its hash's or whose hash
 * is MD5, SHA-1 or RIPEMD-160, an algorithm the signature's version may not
 * use, or trailing data.
 */
int pgp_parse_sig(const u8 *body, size_t len, struct pgp_sig *sig, bool legacy)
{
	const u8 *p = body, *end = body + len;
	size_t hlen, ulen, hdr, slh_key_len, slh_sig_len;
	u64 seen = 0;
	unsigned int i, nr_mpi, max_bits = PGP_MPI_MAX_BITS;
	bool v6;
	int ret;

	memset(sig, 0, sizeof(*sig));
	if (len < 1)
		return -EBADMSG;
	sig->version = body[0];
	if (sig->version != 4 && sig->version != 6)
		return -ENOPKG;
	v6 = sig->version == 6;
	/* v4: two-octet subpacket area counts, v6: four-octet ones */
	hdr = v6 ? 8 : 6;
	if (len < hdr)
		return -EBADMSG;
	sig->type = body[1];
	sig->pubkey_algo = body[2];
	sig->hash_id = body[3];
	hlen = v6 ? get_unaligned_be32(body + 4) : get_unaligned_be16(body + 4);
	p += hdr;
	if (hlen > (size_t)(end - p))
		return -EBADMSG;
	ret = pgp_parse_subpackets(p, p + hlen, true, sig, &seen);
	if (ret)
		return ret;
	p += hlen;
	sig->hashed = body;
	sig->hashed_len = hdr + hlen;

	if (end - p < (v6 ? 4 : 2))
		return -EBADMSG;
	ulen = v6 ? get_unaligned_be32(p) : get_unaligned_be16(p);
	p += v6 ? 4 : 2;
	if (ulen > (size_t)(end - p))
		return -EBADMSG;
	ret = pgp_parse_subpackets(p, p + ulen, false, sig, &seen);
	if (ret)
		return ret;
	p += ulen;

	if (!(seen & PGP_SEEN(PGP_SUB_CREATION_TIME)))
		return -EBADMSG;
	if (sig->issuer_fpr_len) {
		/* v4: the key ID is the last eight octets, v6: the first eight */
		const u8 *id = sig->issuer_fpr +
			       (v6 ? 0 : sig->issuer_fpr_len - PGP_KEYID_LEN);

		if (sig->has_issuer_keyid && memcmp(sig->issuer_keyid, id, PGP_KEYID_LEN))
			return -EBADMSG;
		memcpy(sig->issuer_keyid, id, PGP_KEYID_LEN);
		sig->has_issuer_keyid = true;
	}
	if (!sig->issuer_fpr_len && (v6 || !sig->has_issuer_keyid))
		return -EBADMSG;

	if (end - p < 2)
		return -EBADMSG;
	memcpy(sig->digest_prefix, p, 2);
	p += 2;
	if (v6) {
		ret = pgp_read_salt(&p, end, sig);
		if (ret)
			return ret;
	}

	switch (sig->pubkey_algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		nr_mpi = 1;
		max_bits = PGP_RSA_MAX_BITS;
		break;
	case PGP_PUBKEY_DSA:
		nr_mpi = 2;
		max_bits = PGP_DSA_Q_MAX_BITS;
		break;
	case PGP_PUBKEY_EDDSA_LEGACY:
		/* Ed25519Legacy: never in a v6 signature (RFC 9580 5.2.3.3) */
		if (v6)
			return -EBADMSG;
		fallthrough;
	case PGP_PUBKEY_ECDSA:
		nr_mpi = 2;
		max_bits = 8 * 66;
		break;
	case PGP_PUBKEY_ED25519:
		/* Native 64-octet signature (RFC 9580 5.2.3.4) */
		if (end - p != 64)
			return -EBADMSG;
		sig->mpi[0] = p;
		sig->mpi_len[0] = 64;
		sig->nr_mpi = 1;
		p = end;
		nr_mpi = 0;
		break;
	case PGP_PUBKEY_ED448:
		/* Native 114-octet signature (RFC 9580 5.2.3.5) */
		if (end - p != PGP_ED448_SIG_LEN)
			return -EBADMSG;
		sig->mpi[0] = p;
		sig->mpi_len[0] = PGP_ED448_SIG_LEN;
		sig->nr_mpi = 1;
		p = end;
		nr_mpi = 0;
		break;
	case PGP_PUBKEY_MLDSA65_ED25519:
		/* v6 only; Ed25519 then ML-DSA-65, fixed lengths (RFC 9980 5.3.1) */
		if (!v6 || end - p != PGP_COMPOSITE_ED25519_SIG_LEN + PGP_COMPOSITE_MLDSA_SIG_LEN)
			return -EBADMSG;
		sig->mpi[0] = p;
		sig->mpi_len[0] = PGP_COMPOSITE_ED25519_SIG_LEN;
		sig->mpi[1] = p + PGP_COMPOSITE_ED25519_SIG_LEN;
		sig->mpi_len[1] = PGP_COMPOSITE_MLDSA_SIG_LEN;
		sig->nr_mpi = 2;
		p = end;
		nr_mpi = 0;
		break;
	case PGP_PUBKEY_MLDSA87_ED448:
		/* v6 only; Ed448 then ML-DSA-87, fixed lengths (RFC 9980 5.3.1) */
		if (!v6 || end - p != PGP_ED448_SIG_LEN + PGP_COMPOSITE87_MLDSA_SIG_LEN)
			return -EBADMSG;
		sig->mpi[0] = p;
		sig->mpi_len[0] = PGP_ED448_SIG_LEN;
		sig->mpi[1] = p + PGP_ED448_SIG_LEN;
		sig->mpi_len[1] = PGP_COMPOSITE87_MLDSA_SIG_LEN;
		sig->nr_mpi = 2;
		p = end;
		nr_mpi = 0;
		break;
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		/* v6 only; the SLH-DSA signature, a fixed length (RFC 9980 6.2.1) */
		pgp_slhdsa_lengths(sig->pubkey_algo, &slh_key_len, &slh_sig_len);
		if (!v6 || (size_t)(end - p) != slh_sig_len)
			return -EBADMSG;
		sig->mpi[0] = p;
		sig->mpi_len[0] = slh_sig_len;
		sig->nr_mpi = 1;
		p = end;
		nr_mpi = 0;
		break;
	default:
		return -ENOPKG;
	}
	for (i = 0; i < nr_mpi; i++) {
		/* canonical: no leading zero octets to strip */
		ret = pgp_read_mpi(&p, end, max_bits, &sig->mpi[i], &sig->mpi_len[i], NULL);
		if (ret)
			return ret;
	}
	if (nr_mpi)
		sig->nr_mpi = nr_mpi;
	if (p != end)
		return -EBADMSG;

	/* SHA-1 is a legacy of v4 only; a v6 signature never gets here with it */
	return pgp_hash_algo(sig->hash_id, legacy && !v6, &sig->hash);
}
EXPORT_SYMBOL_GPL(pgp_parse_sig);

/**
 * pgp_check_key_policy - Check a parsed key against the minimum sizes
 * @key: A key for which pgp_parse_pubkey() returned 0
 * @legacy: admit DSA-1024/160
 *
 * RSA needs 2048 <= n <= 8192 bits; DSA needs p >= 2048 bits with q of 224 or 256
 * bits, or exactly 1024/160 with @legacy.  Ed25519 is accepted when the
 * kernel has an Ed25519 verifier, Ed448 when it has an Ed448 verifier,
 * ML-DSA-65+Ed25519 (a v6 key) when it has Ed25519 and ML-DSA verifiers,
 * ML-DSA-87+Ed448 (a v6 key) when it has Ed448 and ML-DSA verifiers,
 * SLH-DSA-SHAKE-128s, -128f and -256s (v6 keys) when it has an SLH-DSA
 * verifier.
 *
 * Return: 0 if usable; -EKEYREJECTED for a key below the minimum; -ENOPKG
 * for a version, algorithm or size that cannot be verified.
 */
int pgp_check_key_policy(const struct pgp_pubkey *key, bool legacy)
{
	unsigned int qbits;

	if (key->version != 4 && key->version != 6)
		return -ENOPKG;
	switch (key->algo) {
	case PGP_PUBKEY_RSA:
	case PGP_PUBKEY_RSA_SIGN:
		if (key->bits < 2048)
			return -EKEYREJECTED;
		/* larger than the RSA verifier handles (RSASSA_MAX_N_BITS) */
		if (key->bits > PGP_RSA_VERIFY_MAX_BITS)
			return -ENOPKG;
		return 0;
	case PGP_PUBKEY_DSA:
		qbits = pgp_mpi_bits(key->dsa.q, key->dsa.q_len);
		if (key->bits >= 2048 && (qbits == 224 || qbits == 256))
			return 0;
		if (legacy && key->bits == 1024 && qbits == 160)
			return 0;
		return -EKEYREJECTED;
	case PGP_PUBKEY_EDDSA_LEGACY:
	case PGP_PUBKEY_ED25519:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ED25519))
			return -ENOPKG;
		return key->ec.curve == PGP_CURVE_ED25519 ? 0 : -ENOPKG;
	case PGP_PUBKEY_ECDSA:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ECDSA_RAW))
			return -ENOPKG;
		return key->ec.curve == PGP_CURVE_NIST_P256 ||
		       key->ec.curve == PGP_CURVE_NIST_P384 ||
		       key->ec.curve == PGP_CURVE_NIST_P521 ? 0 : -ENOPKG;
	case PGP_PUBKEY_ED448:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ED448))
			return -ENOPKG;
		return key->ec.curve == PGP_CURVE_ED448 ? 0 : -ENOPKG;
	case PGP_PUBKEY_MLDSA65_ED25519:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ED25519) ||
		    !IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY))
			return -ENOPKG;
		return key->version == 6 ? 0 : -ENOPKG;
	case PGP_PUBKEY_MLDSA87_ED448:
		if (!IS_REACHABLE(CONFIG_CRYPTO_ED448) || !IS_REACHABLE(CONFIG_CRYPTO_MLDSA_VERIFY))
			return -ENOPKG;
		return key->version == 6 ? 0 : -ENOPKG;
	case PGP_PUBKEY_SLHDSA_SHAKE_128S:
	case PGP_PUBKEY_SLHDSA_SHAKE_128F:
	case PGP_PUBKEY_SLHDSA_SHAKE_256S:
		if (!IS_REACHABLE(CONFIG_CRYPTO_SLHDSA))
			return -ENOPKG;
		return key->version == 6 ? 0 : -ENOPKG;
	default:
		return -ENOPKG;
	}
}
EXPORT_SYMBOL_GPL(pgp_check_key_policy);

MODULE_DESCRIPTION("OpenPGP v4 and v6 packet parser and signature verification");
MODULE_LICENSE("GPL");
