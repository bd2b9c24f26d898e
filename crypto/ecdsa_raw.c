// SPDX-License-Identifier: GPL-2.0
/*
 * ECDSA P-256, P-384 and P-521 signature verification on raw values, as OpenPGP
 * carries them (RFC 4880 section 5.2.2, RFC 6637 / RFC 9580 section 5.2.3.4):
 * an uncompressed public point, a message digest and the integers r and s as
 * big-endian byte strings whose leading zero bytes may have been stripped.
 *
 * The curve arithmetic is not reimplemented here.  The kernel already has
 * ECDSA verification (crypto/ecdsa.c on top of crypto/ecc.c): code that has
 * been reviewed upstream, is covered by the crypto self-tests (FIPS 186
 * vectors in crypto/testmgr.h), fully validates public points
 * (ecc_is_pubkey_valid_full(): coordinates below p, on the curve, of order n)
 * and range-checks r and s.  Writing a second implementation would only add
 * risk.  This file reaches it through the stable signature API of Linux 6.12
 * (crypto_alloc_sig(), crypto_sig_set_pubkey(), crypto_sig_verify()), the
 * same path as public_key_verify_signature() for X.509 keys, and adds only the
 * encoding glue:
 *
 *   - the public key is passed as is (0x04 || X || Y, what ecdsa_set_pub_key()
 *     expects), after its length and prefix have been checked;
 *   - r and s are range-checked here (0 < r, s < n, so that the result does not
 *     depend on the errno choices of the ASN.1 decoder) and re-encoded as the
 *     DER SEQUENCE { INTEGER r, INTEGER s } ("x962" encoding) ecdsa_verify()
 *     decodes (since Linux 6.13 the "x962(ecdsa-nist-pN)" template does:
 *     PGP_ECDSA_X962() names the one of the kernel built on);
 *   - the digest follows the signature in the source buffer; ecdsa_verify()
 *     uses its leftmost bytes up to the size of n, which is the truncation of
 *     FIPS 186-4 section 6.4 for P-256 and P-384 (n is 256 and 384 bits long);
 *     no digest is longer than the 521 bits of the P-521 order.
 *
 * The algorithm is looked up with CRYPTO_NOLOAD: module signature checking
 * must not trigger a module load.  A missing algorithm yields -ENOPKG.
 */
#define pr_fmt(fmt) "ecdsa-raw: " fmt

#include <crypto/ecdsa_raw.h>
#include <crypto/hash.h>
#include <crypto/pgp_compat.h>
#include <crypto/sig.h>
#include <linux/crypto.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

struct ecdsa_raw_curve_desc {
	const char *alg_name;	/* crypto API name */
	unsigned int nbytes;	/* bytes in p and n */
	const u8 *order;	/* n, big-endian, nbytes long */
};

/* Group orders, FIPS 186-4 appendix D.1.2.3, D.1.2.4 and D.1.2.5 */
static const u8 ecdsa_raw_p256_n[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84,
	0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
};

static const u8 ecdsa_raw_p384_n[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf, 0x58, 0x1a, 0x0d, 0xb2,
	0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73,
};

static const u8 ecdsa_raw_p521_n[66] = {
	0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfa, 0x51, 0x86,
	0x87, 0x83, 0xbf, 0x2f, 0x96, 0x6b, 0x7f, 0xcc, 0x01, 0x48, 0xf7, 0x09,
	0xa5, 0xd0, 0x3b, 0xb5, 0xc9, 0xb8, 0x89, 0x9c, 0x47, 0xae, 0xbb, 0x6f,
	0xb7, 0x1e, 0x91, 0x38, 0x64, 0x09,
};

static const struct ecdsa_raw_curve_desc ecdsa_raw_curves[] = {
	[ECDSA_RAW_P256] = { PGP_ECDSA_X962("p256"), 32, ecdsa_raw_p256_n },
	[ECDSA_RAW_P384] = { PGP_ECDSA_X962("p384"), 48, ecdsa_raw_p384_n },
	[ECDSA_RAW_P521] = { PGP_ECDSA_X962("p521"), 66, ecdsa_raw_p521_n },
};

/*
 * DER SEQUENCE of two INTEGERs of at most nbytes + 1 content bytes each.
 * An INTEGER's length always fits the short form (at most 67 bytes); the
 * SEQUENCE's may need the long form 0x81 LL (P-521: up to 136 bytes).
 */
#define ECDSA_RAW_DER_MAX	(3 + 2 * (2 + ECDSA_RAW_MAX_BYTES + 1))

/*
 * Strip the leading zero bytes of @v and copy it right-aligned into @out
 * (nbytes long).  Return: the number of significant bytes, or -EKEYREJECTED
 * if the value is zero, longer than nbytes or not below @order.
 */
static int ecdsa_raw_load_int(const struct ecdsa_raw_curve_desc *c, u8 *out,
			      const u8 *v, size_t len)
{
	while (len && !*v) {
		v++;
		len--;
	}
	if (!len || len > c->nbytes)
		return -EKEYREJECTED;
	memset(out, 0, c->nbytes - len);
	memcpy(out + c->nbytes - len, v, len);
	if (memcmp(out, c->order, c->nbytes) >= 0)
		return -EKEYREJECTED;
	return len;
}

/* Append INTEGER with the @len significant bytes at @v (v[0] != 0) to @p. */
static u8 *ecdsa_raw_put_int(u8 *p, const u8 *v, size_t len)
{
	bool pad = v[0] & 0x80;

	*p++ = 0x02;
	*p++ = len + pad;
	if (pad)
		*p++ = 0x00;
	memcpy(p, v, len);
	return p + len;
}

/**
 * ecdsa_raw_verify() - verify an ECDSA signature given as raw values
 * @curve: the curve of the key, from the OpenPGP curve OID
 * @point: public key, uncompressed SEC 1 point 0x04 || X || Y
 * @point_len: length of @point: 65 for P-256, 97 for P-384, 133 for P-521
 * @digest: hash of the signed data; only its leftmost bytes up to the size
 *	of the group order are used (FIPS 186-4 section 6.4)
 * @digest_len: length of @digest, 1 to %HASH_MAX_DIGESTSIZE
 * @r: the signature's r, big-endian; leading zero bytes may be stripped
 *	(OpenPGP MPI) or present
 * @r_len: length of @r
 * @s: the signature's s, same encoding as @r
 * @s_len: length of @s
 *
 * Context: Process context; may sleep (allocates a crypto transform).
 *
 * Return:
 * * %0 - the signature is valid
 * * %-EKEYREJECTED - the signature is invalid, including r or s equal to
 *   zero, not below the group order or longer than the order
 * * %-EINVAL - the public point is malformed (wrong length, not
 *   uncompressed, coordinates out of range, not on the curve, wrong order),
 *   or @digest_len is out of range
 * * %-ENOPKG - unknown @curve, or the kernel's ECDSA algorithm for it is
 *   not available (not built in, module not loaded, or disabled by FIPS)
 * * %-ENOMEM - out of memory
 */
int ecdsa_raw_verify(enum ecdsa_raw_curve curve, const u8 *point, size_t point_len,
		     const u8 *digest, size_t digest_len,
		     const u8 *r, size_t r_len, const u8 *s, size_t s_len)
{
	const struct ecdsa_raw_curve_desc *c;
	u8 rb[ECDSA_RAW_MAX_BYTES], sb[ECDSA_RAW_MAX_BYTES];
	u8 der[ECDSA_RAW_DER_MAX], *p, *seq;
	size_t clen;
	struct crypto_sig *tfm;
	int rn, sn, ret;

	if ((unsigned int)curve >= ARRAY_SIZE(ecdsa_raw_curves))
		return -ENOPKG;
	c = &ecdsa_raw_curves[curve];

	if (point_len != 1 + 2 * c->nbytes || point[0] != 0x04)
		return -EINVAL;
	if (!digest_len || digest_len > HASH_MAX_DIGESTSIZE)
		return -EINVAL;

	rn = ecdsa_raw_load_int(c, rb, r, r_len);
	if (rn < 0)
		return rn;
	sn = ecdsa_raw_load_int(c, sb, s, s_len);
	if (sn < 0)
		return sn;

	p = der + 3;
	p = ecdsa_raw_put_int(p, rb + c->nbytes - rn, rn);
	p = ecdsa_raw_put_int(p, sb + c->nbytes - sn, sn);
	clen = p - (der + 3);
	if (clen < 0x80) {
		seq = der + 1;
		seq[1] = clen;
	} else {
		seq = der;
		seq[1] = 0x81;
		seq[2] = clen;
	}
	seq[0] = 0x30;			/* SEQUENCE */

	tfm = crypto_alloc_sig(c->alg_name, 0, CRYPTO_NOLOAD);
	if (IS_ERR(tfm)) {
		ret = PTR_ERR(tfm);
		return ret == -ENOMEM ? -ENOMEM : -ENOPKG;
	}

	ret = crypto_sig_set_pubkey(tfm, point, point_len);
	if (ret) {
		if (ret != -ENOMEM)
			ret = -EINVAL;
		goto out_free_tfm;
	}

	ret = crypto_sig_verify(tfm, seq, p - seq, digest, digest_len);
	/* Key and encoding were checked above: any other failure is a bad signature. */
	if (ret && ret != -ENOMEM)
		ret = -EKEYREJECTED;

out_free_tfm:
	crypto_free_sig(tfm);
	return ret;
}
EXPORT_SYMBOL_GPL(ecdsa_raw_verify);

MODULE_DESCRIPTION("ECDSA P-256/P-384/P-521 verification on raw (OpenPGP) values");
/* The algorithms are looked up without autoloading: have modprobe load them first. */
MODULE_SOFTDEP("pre: ecdsa_generic");
MODULE_LICENSE("GPL");
