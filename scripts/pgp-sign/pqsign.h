/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tool's post-quantum signers, mldsa_sign.c (FIPS 204) and slhdsa_sign.c
 * (FIPS 205), for seckey*.c, which sign with them.  After pgp-sign.h.
 */
#ifndef _PGP_SIGN_PQSIGN_H
#define _PGP_SIGN_PQSIGN_H

/* ---- mldsa_sign.c: ML-DSA-65 and ML-DSA-87 key generation and signing (FIPS 204) ---- */

#define PGP_MLDSA_SEED_SIZE	32
#define PGP_MLDSA65_SEED_SIZE	PGP_MLDSA_SEED_SIZE
#define PGP_MLDSA65_PK_SIZE	1952
#define PGP_MLDSA65_SIG_SIZE	3309
#define PGP_MLDSA87_PK_SIZE	2592
#define PGP_MLDSA87_SIG_SIZE	4627

struct mldsa_key;		/* the expanded secret key, wiped when freed */

/* set: 65 or 87; pk: room for its public key (mldsa_pk_size()) */
struct mldsa_key *mldsa_keygen(unsigned int set, const u8 seed[PGP_MLDSA_SEED_SIZE], u8 *pk);
void mldsa_key_free(struct mldsa_key *k);
/* sig: room for a signature of the key's set (mldsa_sig_size()) */
int mldsa_sign(const struct mldsa_key *k, const u8 *msg, size_t msg_len, const u8 rnd[32],
	       u8 *sig);
size_t mldsa_pk_size(unsigned int set);
size_t mldsa_sig_size(unsigned int set);

/* ---- slhdsa_sign.c: SLH-DSA key generation and signing (FIPS 205) ---- */

#define PGP_SLHDSA_N_MAX	32
#define PGP_SLHDSA_SIG_SIZE_MAX	29792

struct slhdsa_key;		/* SK.seed, SK.prf, PK and the top tree, wiped when freed */

/*
 * algo: the OpenPGP algorithm, 32, 33 or 34 (SLH-DSA-SHAKE-128s, -128f,
 * -256s); seed: SK.seed || SK.prf || PK.seed (3n); pk: room for PK.seed ||
 * PK.root (2n)
 */
struct slhdsa_key *slhdsa_keygen(unsigned int algo, const u8 *seed, u8 *pk);
void slhdsa_key_free(struct slhdsa_key *k);
/*
 * Pure, the empty context; addrnd: n bytes of fresh randomness (hedged) or
 * NULL (deterministic); sig: room for slhdsa_sig_size().  0, -ENOMEM, or
 * -EFAULT when the signature does not verify (it must not be used).
 */
int slhdsa_sign(const struct slhdsa_key *k, const u8 *msg, size_t msg_len, const u8 *addrnd,
		u8 *sig);
/* slh_sign_internal on M' as given (the known-answer tests) */
int slhdsa_sign_internal(const struct slhdsa_key *k, const u8 *mprime, size_t len,
			 const u8 *addrnd, u8 *sig);
size_t slhdsa_n(unsigned int algo);
size_t slhdsa_sig_size(unsigned int algo);

#endif /* _PGP_SIGN_PQSIGN_H */
