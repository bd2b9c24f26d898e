// SPDX-License-Identifier: GPL-2.0
/*
 * ecdsa_raw_verify() (include/crypto/ecdsa_raw.h) on OpenSSL, for programs
 * built from the kernel's OpenPGP code in userspace: crypto/ecdsa_raw.c
 * verifies with the kernel's ECC code (crypto/ecdsa.c, crypto/ecc.c), which
 * has no userspace build.  The same contract and error codes as its
 * kernel-doc: -ENOPKG for another curve, -EINVAL for an unusable public point
 * or digest, -EKEYREJECTED for r or s out of range or a signature that does
 * not verify, -ENOMEM.
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <linux/kernel.h>
#include <crypto/ecdsa_raw.h>

/* r or s as the kernel takes it: 0 < v < n, at most as long as n (-EKEYREJECTED) */
static int ecdsa_openssl_int(const EC_GROUP *g, size_t nbytes, const u8 *v, size_t len,
			     BIGNUM **out)
{
	while (len && !*v) {
		v++;
		len--;
	}
	if (!len || len > nbytes)
		return -EKEYREJECTED;
	*out = BN_bin2bn(v, len, NULL);
	if (!*out)
		return -ENOMEM;
	if (BN_cmp(*out, EC_GROUP_get0_order(g)) >= 0)
		return -EKEYREJECTED;
	return 0;
}

int ecdsa_raw_verify(enum ecdsa_raw_curve curve, const u8 *point, size_t point_len,
		     const u8 *digest, size_t digest_len,
		     const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	static const struct {
		int nid;
		size_t nbytes;
	} curves[] = {
		[ECDSA_RAW_P256] = { NID_X9_62_prime256v1, 32 },
		[ECDSA_RAW_P384] = { NID_secp384r1, 48 },
		[ECDSA_RAW_P521] = { NID_secp521r1, 66 },
	};
	const unsigned char *pp = point;
	EC_KEY *ec = NULL;
	ECDSA_SIG *sig = NULL;
	BIGNUM *br = NULL, *bs = NULL;
	int ret = -EINVAL;

	if ((unsigned int)curve >= ARRAY_SIZE(curves))
		return -ENOPKG;
	if (point_len != 1 + 2 * curves[curve].nbytes || point[0] != 0x04)
		return -EINVAL;
	if (!digest_len || digest_len > 64)
		return -EINVAL;
	ec = EC_KEY_new_by_curve_name(curves[curve].nid);
	if (!ec)
		return -ENOMEM;
	/* on the curve, of the group's order (as ecc_is_pubkey_valid_full()) */
	if (!o2i_ECPublicKey(&ec, &pp, (long)point_len) || EC_KEY_check_key(ec) != 1)
		goto out;
	ret = ecdsa_openssl_int(EC_KEY_get0_group(ec), curves[curve].nbytes, r, r_len, &br);
	if (!ret)
		ret = ecdsa_openssl_int(EC_KEY_get0_group(ec), curves[curve].nbytes, s, s_len, &bs);
	if (ret)
		goto out;
	sig = ECDSA_SIG_new();
	if (!sig) {
		ret = -ENOMEM;
		goto out;
	}
	ECDSA_SIG_set0(sig, br, bs);
	br = bs = NULL;
	/* OpenSSL truncates the digest to the order's length (FIPS 186-4 6.4) */
	ret = ECDSA_do_verify(digest, (int)digest_len, sig, ec) == 1 ? 0 : -EKEYREJECTED;
out:
	BN_free(br);
	BN_free(bs);
	ECDSA_SIG_free(sig);
	EC_KEY_free(ec);
	return ret;
}
