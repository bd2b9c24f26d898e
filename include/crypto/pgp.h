/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OpenPGP (RFC 4880, RFC 9580 v4 and v6) packet parser and signature
 * verification, with the ML-DSA-65+Ed25519 and ML-DSA-87+Ed448 composites
 * and SLH-DSA of RFC 9980.
 *
 * All structures hold pointers into the caller's buffer; nothing is copied,
 * so the buffer must outlive the parsed structure.  Every parser treats its
 * input as hostile: lengths are checked before bytes are read.
 */

#ifndef _CRYPTO_PGP_H
#define _CRYPTO_PGP_H

#include <linux/types.h>
#include <crypto/hash_info.h>
#include <crypto/dsa.h>
#include <crypto/rsassa.h>

/* Packet tags (RFC 4880 section 4.3) */
enum pgp_packet_tag {
	PGP_PKT_SIGNATURE	= 2,
	PGP_PKT_SECRET_KEY	= 5,
	PGP_PKT_PUBLIC_KEY	= 6,
	PGP_PKT_SECRET_SUBKEY	= 7,
	PGP_PKT_MARKER		= 10,
	PGP_PKT_TRUST		= 12,
	PGP_PKT_USER_ID		= 13,
	PGP_PKT_PUBLIC_SUBKEY	= 14,
	PGP_PKT_USER_ATTR	= 17,
};

/* Signature types (RFC 4880 section 5.2.1) */
enum pgp_sig_type {
	PGP_SIG_BINARY		= 0x00,
	PGP_SIG_TEXT		= 0x01,
	PGP_SIG_CERT_GENERIC	= 0x10,
	PGP_SIG_CERT_PERSONA	= 0x11,
	PGP_SIG_CERT_CASUAL	= 0x12,
	PGP_SIG_CERT_POSITIVE	= 0x13,
	PGP_SIG_SUBKEY_BINDING	= 0x18,
	PGP_SIG_PRIMARY_BINDING	= 0x19,
	PGP_SIG_DIRECT_KEY	= 0x1f,
	PGP_SIG_KEY_REVOCATION	= 0x20,
	PGP_SIG_SUBKEY_REVOCATION = 0x28,
	PGP_SIG_CERT_REVOCATION	= 0x30,
};

/* Key flags (subpacket 27, first octet) */
#define PGP_KEY_FLAG_CERTIFY	0x01
#define PGP_KEY_FLAG_SIGN	0x02
#define PGP_KEY_FLAG_ENCRYPT_COMM 0x04
#define PGP_KEY_FLAG_ENCRYPT_STORAGE 0x08
#define PGP_KEY_FLAG_AUTH	0x20

/* Hash algorithm IDs (RFC 4880 section 9.4) */
enum pgp_hash_id {
	PGP_HASH_MD5		= 1,
	PGP_HASH_SHA1		= 2,
	PGP_HASH_RIPEMD160	= 3,
	PGP_HASH_SHA256		= 8,
	PGP_HASH_SHA384		= 9,
	PGP_HASH_SHA512		= 10,
	PGP_HASH_SHA224		= 11,
	PGP_HASH_SHA3_256	= 12,
	PGP_HASH_SHA3_512	= 14,
};

struct pgp_packet {
	u8 tag;
	const u8 *body;
	size_t len;
};

enum pgp_pubkey_algo {
	PGP_PUBKEY_RSA		= 1,
	PGP_PUBKEY_RSA_SIGN	= 3,
	PGP_PUBKEY_DSA		= 17,
	PGP_PUBKEY_ECDSA	= 19,
	PGP_PUBKEY_EDDSA_LEGACY	= 22,
	PGP_PUBKEY_ED25519	= 27,
	PGP_PUBKEY_ED448	= 28,
	PGP_PUBKEY_MLDSA65_ED25519 = 30,	/* RFC 9980 composite, v6 only */
	PGP_PUBKEY_MLDSA87_ED448 = 31,		/* RFC 9980 composite, v6 only */
	PGP_PUBKEY_SLHDSA_SHAKE_128S = 32,	/* RFC 9980 SLH-DSA, v6 only */
	PGP_PUBKEY_SLHDSA_SHAKE_128F = 33,
	PGP_PUBKEY_SLHDSA_SHAKE_256S = 34,
};

/* Curves recognised by OID in ECDSA/EdDSA/ECDH key packets */
enum pgp_curve {
	PGP_CURVE_UNKNOWN	= 0,
	PGP_CURVE_NIST_P256,
	PGP_CURVE_NIST_P384,
	PGP_CURVE_NIST_P521,
	PGP_CURVE_ED25519,	/* 1.3.6.1.4.1.11591.15.1 */
	PGP_CURVE_CURVE25519,	/* 1.3.6.1.4.1.3029.1.5.1 */
	PGP_CURVE_BRAINPOOL_P256,
	PGP_CURVE_BRAINPOOL_P384,
	PGP_CURVE_BRAINPOOL_P512,
	PGP_CURVE_ED448,	/* native keys only (algorithm 28) */
};

#define PGP_FPR_MAX		32
#define PGP_V4_FPR_LEN		20
#define PGP_V6_FPR_LEN		32
#define PGP_KEYID_LEN		8

/* The v6 signature salt: its length is fixed by the hash (RFC 9580 9.5) */
#define PGP_SALT_MAX		32

/* ML-DSA-65+Ed25519 (RFC 9980 5.3): fixed-length key and signature halves */
#define PGP_COMPOSITE_ED25519_KEY_LEN	32
#define PGP_COMPOSITE_ED25519_SIG_LEN	64
#define PGP_COMPOSITE_MLDSA_KEY_LEN	1952
#define PGP_COMPOSITE_MLDSA_SIG_LEN	3309

/* Ed448 (RFC 9580 5.5.5.10, 5.2.3.5), alone and as ML-DSA-87+Ed448's first half */
#define PGP_ED448_KEY_LEN		57
#define PGP_ED448_SIG_LEN		114
/* ML-DSA-87+Ed448 (RFC 9980 5.3): the ML-DSA-87 halves */
#define PGP_COMPOSITE87_MLDSA_KEY_LEN	2592
#define PGP_COMPOSITE87_MLDSA_SIG_LEN	4627

/* SLH-DSA (RFC 9980 6.1, Table 8): fixed-length keys and signatures */
#define PGP_SLHDSA_128_KEY_LEN		32
#define PGP_SLHDSA_256_KEY_LEN		64
#define PGP_SLHDSA_128S_SIG_LEN		7856
#define PGP_SLHDSA_128F_SIG_LEN		17088
#define PGP_SLHDSA_256S_SIG_LEN		29792

/* Limits applied to key material (bits) */
#define PGP_MPI_MAX_BITS	16384
#define PGP_RSA_MAX_BITS	16384	/* parsed (and fingerprinted) */
#ifdef RSASSA_MAX_N_BITS			/* usable: what the verifier takes */
#define PGP_RSA_VERIFY_MAX_BITS	RSASSA_MAX_N_BITS
#else
#define PGP_RSA_VERIFY_MAX_BITS	8192
#endif
#define PGP_DSA_P_MAX_BITS	8192
#define PGP_DSA_Q_MAX_BITS	512

struct pgp_pubkey {	/* parsed from a tag 6 or 14 body; pointers into that body */
	u8 version;			/* 4 or 6 */
	u32 creation_time;
	u8 algo;
	unsigned int bits;
	u8 fpr[PGP_FPR_MAX];
	u8 fpr_len;
	u8 keyid[PGP_KEYID_LEN];
	const u8 *body;			/* whole packet body, for hashing */
	size_t body_len;
	union {
		struct rsa_pub_key_raw rsa;
		struct dsa_pub_key dsa;
		struct {
			const u8 *point;
			size_t point_len;
			u8 curve;	/* enum pgp_curve */
			/* Ed448: from pgp_pubkey_prepare(), or NULL */
			struct ed448_precomp *ed448_pre;
		} ec;
		struct {		/* ML-DSA-65+Ed25519 */
			const u8 *ed25519;	/* 32 octets */
			const u8 *mldsa;	/* 1952 octets */
			/* from pgp_pubkey_prepare(), or NULL */
			struct mldsa65_precomp *pre;
		} pq;
		struct {		/* ML-DSA-87+Ed448 */
			const u8 *ed448;	/* 57 octets */
			const u8 *mldsa;	/* 2592 octets */
			/* from pgp_pubkey_prepare(), or NULL */
			struct mldsa87_precomp *pre;
			struct ed448_precomp *ed448_pre;
		} pq87;
		struct {		/* SLH-DSA-SHAKE-128s, -128f, -256s */
			const u8 *pk;		/* PK.seed || PK.root */
			size_t pk_len;		/* 32 or 64 octets */
		} slh;
	};
};

struct pgp_sig {	/* parsed from a tag 2 body; pointers into it */
	u8 version, type, pubkey_algo, hash_id;	/* version 4 or 6 */
	enum hash_algo hash;
	u32 creation_time;
	u32 sig_expiry;			/* seconds after creation, 0 = never */
	u32 key_expiry;			/* seconds after key creation, 0 = never */
	bool has_key_expiry;
	u8 issuer_fpr[PGP_FPR_MAX];
	u8 issuer_fpr_len;		/* 0 when no subpacket 33 */
	u8 issuer_keyid[PGP_KEYID_LEN];
	bool has_issuer_keyid;		/* from subpacket 16, or derived from 33 */
	u8 key_flags;
	bool has_key_flags;
	bool has_revocation_key;	/* hashed subpacket 12 (designated revoker) */
	u8 revocation_reason;		/* subpacket 29 code */
	bool has_revocation_reason;
	const u8 *hashed;		/* version..end of hashed subpackets */
	size_t hashed_len;
	const u8 *salt;			/* v6: hashed before anything else */
	u8 salt_len;			/* 0 for v4 */
	const u8 *embedded_sig;		/* subpacket 32 (back-signature) */
	size_t embedded_sig_len;
	u8 digest_prefix[2];
	/*
	 * Canonical: no leading zero octets; the native octet strings of
	 * Ed25519, Ed448 and SLH-DSA (one), ML-DSA-65+Ed25519 (Ed25519,
	 * ML-DSA-65) and ML-DSA-87+Ed448 (Ed448, ML-DSA-87).
	 */
	const u8 *mpi[2];
	size_t mpi_len[2];
	unsigned int nr_mpi;
};

struct pgp_hash_ctx;	/* wraps a crypto_shash allocated without module autoload */

int pgp_next_packet(const u8 **p, const u8 *end, struct pgp_packet *pkt);
int pgp_read_mpi(const u8 **p, const u8 *end, unsigned int max_bits,
		 const u8 **mpi, size_t *mpi_len, unsigned int *bits);
int pgp_parse_pubkey(const u8 *body, size_t len, struct pgp_pubkey *key);
int pgp_check_key_policy(const struct pgp_pubkey *key, bool legacy);
int pgp_parse_sig(const u8 *body, size_t len, struct pgp_sig *sig, bool legacy);
int pgp_hash_algo(u8 hash_id, bool legacy, enum hash_algo *hash);
int pgp_salt_len(u8 hash_id);
const char *pgp_pubkey_algo_name(u8 algo);

int pgp_hash_init(struct pgp_hash_ctx **ctx, const struct pgp_sig *sig);
int pgp_hash_update(struct pgp_hash_ctx *ctx, const void *data, size_t len);
int pgp_hash_clone(struct pgp_hash_ctx **dst, const struct pgp_hash_ctx *src);
int pgp_hash_peek(const struct pgp_hash_ctx *ctx, u8 *digest, unsigned int *len);
int pgp_hash_pubkey(struct pgp_hash_ctx *ctx, const struct pgp_pubkey *key);
int pgp_hash_userid(struct pgp_hash_ctx *ctx, const u8 *uid, size_t len);
int pgp_sig_verify(struct pgp_hash_ctx *ctx, const struct pgp_sig *sig,
		   const struct pgp_pubkey *key);
int pgp_sig_digest(struct pgp_hash_ctx *ctx, const struct pgp_sig *sig,
		   u8 *digest, unsigned int *len);
int pgp_sig_verify_digest(const struct pgp_sig *sig, const struct pgp_pubkey *key,
			  const u8 *digest, unsigned int dlen);
void pgp_hash_free(struct pgp_hash_ctx *ctx);
ssize_t pgp_pubkey_prepare(struct pgp_pubkey *key, const char **what);
void pgp_pubkey_release(struct pgp_pubkey *key);

#endif /* _CRYPTO_PGP_H */
