/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ML-DSA-65 and ML-DSA-87 signature verification (FIPS 204) for in-kernel
 * callers: pure ML-DSA with the empty context (ML-DSA.Verify), optionally
 * with a public key prepared once for many verifications.
 *
 * The implementation is crypto/mldsa_verify.c where the kernel has no ML-DSA
 * library, and crypto/mldsa_verify_lib.c, on mldsa_verify() and
 * mldsa_prepare_key() of <crypto/mldsa.h>, where it has one
 * (CONFIG_CRYPTO_LIB_MLDSA).  Both give the same answers: 0 for a valid
 * signature; -EKEYREJECTED or -EBADMSG for one that does not verify (which of
 * the two for a z beyond its bound is the implementation's); -EINVAL for a
 * key or signature of the wrong length; -ENOMEM.  The library verifies the
 * pure form only: its Verify_internal and external-mu entry points return
 * -EOPNOTSUPP.
 */
#ifndef _CRYPTO_MLDSA_VERIFY_H
#define _CRYPTO_MLDSA_VERIFY_H

#include <linux/types.h>

#define MLDSA65_PUBLIC_KEY_SIZE	1952
#define MLDSA65_SIGNATURE_SIZE	3309
/* mu, the message representative of ML-DSA.Verify_internal (FIPS 204 Algorithm 8) */
#define MLDSA_MU_SIZE		64

int mldsa65_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len);
int mldsa65_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len);
int mldsa65_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len);

/* A public key prepared for many verifications (crypto/mldsa_verify.c: tr, A, NTT(t1 2^d)) */
struct mldsa65_precomp;

struct mldsa65_precomp *mldsa65_precompute(const u8 *pk, size_t pk_len);
size_t mldsa65_precomp_size(const struct mldsa65_precomp *kp);
void mldsa65_precomp_free(struct mldsa65_precomp *kp);
int mldsa65_verify_precomp(const struct mldsa65_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len);

#define MLDSA87_PUBLIC_KEY_SIZE	2592
#define MLDSA87_SIGNATURE_SIZE	4627

int mldsa87_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len);
int mldsa87_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len);
int mldsa87_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len);

struct mldsa87_precomp;

struct mldsa87_precomp *mldsa87_precompute(const u8 *pk, size_t pk_len);
size_t mldsa87_precomp_size(const struct mldsa87_precomp *kp);
void mldsa87_precomp_free(struct mldsa87_precomp *kp);
int mldsa87_verify_precomp(const struct mldsa87_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len);

#endif /* _CRYPTO_MLDSA_VERIFY_H */
