// SPDX-License-Identifier: GPL-2.0
/*
 * The interface of <crypto/mldsa_verify.h> on the kernel's ML-DSA library
 * (lib/crypto/mldsa.c): ML-DSA-65 and ML-DSA-87 verification, pure with the
 * empty context, by mldsa_verify(), and with keys prepared by
 * mldsa_prepare_key() by mldsa_verify_prepared().  The library does all of
 * FIPS 204's work, with its own heap workspace; this file only checks the
 * lengths, so that a wrong one is -EINVAL as in every implementation of the
 * interface.  What the library does not offer (Verify_internal, an external
 * mu) is -EOPNOTSUPP.
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
 * A prepared key is the library's (mldsa_prepare_key()): the handles of
 * <crypto/mldsa_verify.h> point to one.
 */
static struct mldsa_prepared_key *mldsa_lib_prepare(enum mldsa_alg alg, size_t pk_size,
						    const u8 *pk, size_t pk_len)
{
	if (pk_len != pk_size)
		return ERR_PTR(-EINVAL);
	return mldsa_prepare_key(alg, pk, pk_len);
}

static int mldsa_lib_verify_prepared(const struct mldsa_prepared_key *key, size_t sig_size,
				     const u8 *msg, size_t msg_len, const u8 *sig, size_t sig_len)
{
	if (!key || sig_len != sig_size)
		return -EINVAL;
	return mldsa_verify_prepared(key, sig, sig_len, msg, msg_len);
}

/**
 * mldsa65_precompute() - prepare an ML-DSA-65 public key for many verifications
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA65_PUBLIC_KEY_SIZE
 *
 * mldsa_prepare_key(): A, NTT(t1 2^d) and tr, about 36 KiB.
 *
 * Context: may sleep.
 * Return: the prepared key, to be freed with mldsa65_precomp_free();
 * ERR_PTR(-EINVAL) if @pk_len is not the size of an ML-DSA-65 key;
 * ERR_PTR(-ENOMEM).
 */
struct mldsa65_precomp *mldsa65_precompute(const u8 *pk, size_t pk_len)
{
	return (struct mldsa65_precomp *)mldsa_lib_prepare(MLDSA65, MLDSA65_PUBLIC_KEY_SIZE,
							   pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa65_precompute);

/**
 * mldsa65_precomp_size() - the bytes held by a prepared ML-DSA-65 key
 * @kp: the prepared key
 *
 * Context: any context.
 * Return: its size.
 */
size_t mldsa65_precomp_size(const struct mldsa65_precomp *kp)
{
	return mldsa_prepared_key_size((const struct mldsa_prepared_key *)kp);
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_size);

/**
 * mldsa65_precomp_free() - free a prepared ML-DSA-65 key
 * @kp: the prepared key, or NULL
 *
 * Context: any context.
 */
void mldsa65_precomp_free(struct mldsa65_precomp *kp)
{
	mldsa_free_prepared_key((struct mldsa_prepared_key *)kp);
}
EXPORT_SYMBOL_GPL(mldsa65_precomp_free);

/**
 * mldsa65_verify_precomp() - mldsa65_verify() with a prepared key
 * @kp: the key mldsa65_precompute() prepared
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA65_SIGNATURE_SIZE
 *
 * Context: may sleep.
 * Return: as mldsa65_verify().
 */
int mldsa65_verify_precomp(const struct mldsa65_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	return mldsa_lib_verify_prepared((const struct mldsa_prepared_key *)kp,
					 MLDSA65_SIGNATURE_SIZE, msg, msg_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa65_verify_precomp);

/**
 * mldsa87_precompute() - prepare an ML-DSA-87 public key for many verifications
 * @pk: the encoded public key
 * @pk_len: its length: MLDSA87_PUBLIC_KEY_SIZE
 *
 * mldsa_prepare_key(): about 64 KiB.
 *
 * Context: may sleep.
 * Return: as mldsa65_precompute(), for ML-DSA-87.
 */
struct mldsa87_precomp *mldsa87_precompute(const u8 *pk, size_t pk_len)
{
	return (struct mldsa87_precomp *)mldsa_lib_prepare(MLDSA87, MLDSA87_PUBLIC_KEY_SIZE,
							   pk, pk_len);
}
EXPORT_SYMBOL_GPL(mldsa87_precompute);

/**
 * mldsa87_precomp_size() - the bytes held by a prepared ML-DSA-87 key
 * @kp: the prepared key
 *
 * Context: any context.
 * Return: its size.
 */
size_t mldsa87_precomp_size(const struct mldsa87_precomp *kp)
{
	return mldsa_prepared_key_size((const struct mldsa_prepared_key *)kp);
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_size);

/**
 * mldsa87_precomp_free() - free a prepared ML-DSA-87 key
 * @kp: the prepared key, or NULL
 *
 * Context: any context.
 */
void mldsa87_precomp_free(struct mldsa87_precomp *kp)
{
	mldsa_free_prepared_key((struct mldsa_prepared_key *)kp);
}
EXPORT_SYMBOL_GPL(mldsa87_precomp_free);

/**
 * mldsa87_verify_precomp() - mldsa87_verify() with a prepared key
 * @kp: the key mldsa87_precompute() prepared
 * @msg: the message M
 * @msg_len: its length in bytes
 * @sig: the encoded signature
 * @sig_len: its length: MLDSA87_SIGNATURE_SIZE
 *
 * Context: may sleep.
 * Return: as mldsa87_verify().
 */
int mldsa87_verify_precomp(const struct mldsa87_precomp *kp, const u8 *msg, size_t msg_len,
			   const u8 *sig, size_t sig_len)
{
	return mldsa_lib_verify_prepared((const struct mldsa_prepared_key *)kp,
					 MLDSA87_SIGNATURE_SIZE, msg, msg_len, sig, sig_len);
}
EXPORT_SYMBOL_GPL(mldsa87_verify_precomp);

/*
 * Not offered by the library: Verify_internal on a caller's M' and on an
 * external mu.
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

MODULE_DESCRIPTION("ML-DSA-65 and ML-DSA-87 verification on the ML-DSA library");
MODULE_LICENSE("GPL");
