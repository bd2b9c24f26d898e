// SPDX-License-Identifier: GPL-2.0
/*
 * The interface of <crypto/mldsa_verify.h> on the kernel's ML-DSA library
 * (lib/crypto/mldsa.c): ML-DSA-65 and ML-DSA-87 verification, pure with the
 * empty context, by mldsa_verify().  The library does all of FIPS 204's
 * work, with its own heap workspace; this file only checks the lengths, so
 * that a wrong one is -EINVAL as in every implementation of the interface.
 * What the library does not offer (Verify_internal, an external mu, keys
 * prepared with tables) is -EOPNOTSUPP.
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/module.h>
#include <crypto/mldsa.h>
#include <crypto/mldsa_verify.h>

static int mldsa_verify_lib(enum mldsa_alg alg, size_t pk_size, size_t sig_size,
			    const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
			    const u8 *sig, size_t sig_len)
{
	if (pk_len != pk_size || sig_len != sig_size)
		return -EINVAL;
	return mldsa_verify(alg, sig, sig_len, msg, msg_len, pk, pk_len);
}

/**
 * mldsa65_verify() - verify an ML-DSA-65 signature (FIPS 204 Algorithm 3)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * Context: may sleep (mldsa_verify() allocates with GFP_KERNEL).
 * Return: 0 if the signature is valid; -EKEYREJECTED if it does not verify;
 * -EBADMSG if it does not decode (a hint that is not a valid encoding, or z
 * beyond its bound); -EINVAL if @pk_len or @sig_len is not the size of an
 * ML-DSA-65 key or signature; -ENOMEM.
 */
int mldsa65_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len)
{
	return mldsa_verify_lib(MLDSA65, MLDSA65_PUBLIC_KEY_SIZE, MLDSA65_SIGNATURE_SIZE,
				pk, pk_len, msg, msg_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify);

/**
 * mldsa87_verify() - verify an ML-DSA-87 signature (FIPS 204 Algorithm 3)
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * Context: may sleep (mldsa_verify() allocates with GFP_KERNEL).
 * Return: as mldsa65_verify(), for ML-DSA-87's sizes.
 */
int mldsa87_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len)
{
	return mldsa_verify_lib(MLDSA87, MLDSA87_PUBLIC_KEY_SIZE, MLDSA87_SIGNATURE_SIZE,
				pk, pk_len, msg, msg_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify);

/*
 * Not offered by the library: Verify_internal on a caller's M', on an
 * external mu, and prepared keys (nothing to prepare: each verification
 * starts from the encoded key).
 */
int mldsa65_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(mldsa65_verify_internal);

int mldsa65_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(mldsa65_verify_mu);

struct mldsa65_precomp *mldsa65_precompute(const u8 *pk, size_t pk_len)
{
	return ERR_PTR(-EOPNOTSUPP);
}
EXPORT_SYMBOL_GPL(mldsa65_precompute);

size_t mldsa65_precomp_size(const struct mldsa65_precomp *kp)
{
	return 0;
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_size);

void mldsa65_precomp_free(struct mldsa65_precomp *kp)
{
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_free);

int mldsa65_verify_precomp(const struct mldsa65_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	return kp ? -EOPNOTSUPP : -EINVAL;
}
EXPORT_SYMBOL_GPL(mldsa65_verify_precomp);

int mldsa87_verify_internal(const u8 *pk, size_t pk_len, const u8 *mprime, size_t mprime_len,
			    const u8 *sig, size_t sig_len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(mldsa87_verify_internal);

int mldsa87_verify_mu(const u8 *pk, size_t pk_len, const u8 mu[MLDSA_MU_SIZE],
		      const u8 *sig, size_t sig_len)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(mldsa87_verify_mu);

struct mldsa87_precomp *mldsa87_precompute(const u8 *pk, size_t pk_len)
{
	return ERR_PTR(-EOPNOTSUPP);
}
EXPORT_SYMBOL_GPL(mldsa87_precompute);

size_t mldsa87_precomp_size(const struct mldsa87_precomp *kp)
{
	return 0;
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_size);

void mldsa87_precomp_free(struct mldsa87_precomp *kp)
{
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_free);

int mldsa87_verify_precomp(const struct mldsa87_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	return kp ? -EOPNOTSUPP : -EINVAL;
}
EXPORT_SYMBOL_GPL(mldsa87_verify_precomp);

MODULE_DESCRIPTION("ML-DSA-65 and ML-DSA-87 verification on the ML-DSA library");
MODULE_LICENSE("GPL");
