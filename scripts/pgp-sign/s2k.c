// SPDX-License-Identifier: GPL-2.0
/*
 * The passphrase protection of an RFC 9580 secret key packet (pgp-sign-module
 * --secret-key --passphrase-file): S2K types 0, 1 and 3 and AES in CFB mode
 * with a SHA-1 checksum (usage 254) or OCB or GCM with the key from
 * HKDF-SHA256 (usage 253), and the Argon2 S2K (type 4) with AEAD.  What is
 * derived from the passphrase (the S2K key, the KEK, the S2K digest) is wiped
 * with explicit_bzero(), which the compiler keeps, and so is the stack the
 * derivation used.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/sha.h>
#include "pgp-sign.h"

/* AES key sizes by OpenPGP symmetric algorithm ID (7, 8, 9); 0 for others. */
static const EVP_CIPHER *aes_of(unsigned int id, size_t *klen)
{
	switch (id) {
	case 7:
		*klen = 16;
		return EVP_aes_128_cfb128();
	case 8:
		*klen = 24;
		return EVP_aes_192_cfb128();
	case 9:
		*klen = 32;
		return EVP_aes_256_cfb128();
	}
	*klen = 0;
	return NULL;
}

/* The most an Argon2 S2K may ask of the tool: 2 GiB, and 16 GiB over all passes */
#ifndef S2K_ARGON2_MAX_LOG_KIB
#define S2K_ARGON2_MAX_LOG_KIB	21
#endif
#ifndef S2K_ARGON2_MAX_WORK_KIB
#define S2K_ARGON2_MAX_WORK_KIB	(16ULL * 1024 * 1024)
#endif

/*
 * The key an S2K specifier [@p, @p + @n) derives from @pass (RFC 9580
 * 3.7.1: simple 0, salted 1, iterated and salted 3, Argon2 4), @klen octets
 * into @key.
 */
static int s2k_derive(const u8 *p, size_t n, const char *pass, u8 *key, size_t klen,
		      char *why, size_t wl)
{
	size_t pl = strlen(pass), done, salt = 0, count = 0, i;
	const EVP_MD *md;
	u8 out[EVP_MAX_MD_SIZE];
	unsigned int ol;

	if (n && p[0] == 4) {
		/* 4, salt[16], t (passes), p (lanes), encoded_m: 2^encoded_m KiB */
		unsigned int t, lanes, em, lg = 0;
		int err;

		if (n != 20) {
			snprintf(why, wl, "malformed Argon2 S2K specifier (%zu octets, not 20)", n);
			return -1;
		}
		t = p[17];
		lanes = p[18];
		em = p[19];
		while (lanes && (1u << lg) < lanes)
			lg++;
		if (!t || !lanes || em < 3 + lg || em > 31) {
			snprintf(why, wl, "malformed Argon2 S2K specifier (t %u, p %u, encoded_m %u)",
				 t, lanes, em);
			return -1;
		}
		if (em > S2K_ARGON2_MAX_LOG_KIB || (u64)t << em > S2K_ARGON2_MAX_WORK_KIB) {
			snprintf(why, wl, "the secret key's Argon2 S2K asks for %llu MiB and %u passes: more than this tool gives (at most %llu MiB, %llu MiB over all passes)",
				 (1ULL << em) >> 10, t, (1ULL << S2K_ARGON2_MAX_LOG_KIB) >> 10,
				 S2K_ARGON2_MAX_WORK_KIB >> 10);
			return -1;
		}
		err = argon2id((const u8 *)pass, pl, p + 1, 16, NULL, 0, NULL, 0, t, lanes,
			       1u << em, key, klen);
		wipe_stack(16384);	/* argon2id()'s blocks and BLAKE2b's words */
		if (err) {
			snprintf(why, wl, "Argon2 S2K: %s", strerror(-err));
			return -1;
		}
		return 0;
	}
	if (n < 2 || (p[0] != 0 && p[0] != 1 && p[0] != 3)) {
		snprintf(why, wl, "the secret key's S2K type %u is not supported (simple 0, salted 1, iterated and salted 3, Argon2 4)",
			 n ? p[0] : 0);
		return -1;
	}
	md = p[1] == 8 ? EVP_sha256() : p[1] == 9 ? EVP_sha384() : p[1] == 10 ? EVP_sha512() :
	     p[1] == 11 ? EVP_sha224() : NULL;
	if (!md || n != (p[0] == 0 ? 2u : p[0] == 1 ? 10u : 11u)) {
		snprintf(why, wl, "malformed or unsupported S2K specifier (hash %u)", p[1]);
		return -1;
	}
	if (p[0] != 0)
		salt = 8;
	if (p[0] == 3)
		count = (size_t)(16 + (p[10] & 15)) << ((p[10] >> 4) + 6);
	for (done = 0, i = 0; done < klen; i++) {
		EVP_MD_CTX *c = EVP_MD_CTX_new();
		static const u8 zero;
		size_t total = salt + pl, left = count > total ? count : total, k;
		int ok = c && EVP_DigestInit_ex(c, md, NULL);

		for (k = 0; ok && k < i; k++)	/* the i-th context: i zeros first */
			ok = EVP_DigestUpdate(c, &zero, 1);
		while (ok && left) {
			size_t a = left < salt ? left : salt, b;

			ok = EVP_DigestUpdate(c, p + 2, a);
			left -= a;
			b = left < pl ? left : pl;
			ok = ok && EVP_DigestUpdate(c, pass, b);
			left -= b;
		}
		ok = ok && EVP_DigestFinal_ex(c, out, &ol);
		EVP_MD_CTX_free(c);
		if (!ok) {
			explicit_bzero(out, sizeof(out));
			snprintf(why, wl, "S2K hashing failed");
			return -1;
		}
		memcpy(key + done, out, klen - done < ol ? klen - done : ol);
		done += klen - done < ol ? klen - done : ol;
	}
	explicit_bzero(out, sizeof(out));
	return 0;
}

/*
 * The protected secret key material of a v6 secret key packet (RFC 9580
 * 5.5.3): [@p, @p + @n) follows the S2K usage octet @usage, 254 (CFB, a
 * SHA-1 checksum) or 253 (AEAD: OCB or GCM, the key from HKDF-SHA256); the
 * plain material into @out (at most @max octets), its length in *@outlen.
 */
int seckey_unprotect(const u8 *body, size_t publen, unsigned int tag, unsigned int usage,
		     const u8 *p, size_t n, const char *pass, u8 *out, size_t max,
		     size_t *outlen, char *why, size_t wl)
{
	size_t cnt, klen, ivl, sl, dl, tl = 16;
	const EVP_CIPHER *cfb;
	EVP_CIPHER_CTX *c = NULL;
	u8 key[32], kek[32], info[4], sha[20];
	unsigned int aead = 0;
	const u8 *q = p + 2;
	int ret = -1, l1 = 0, l2 = 0;

	if (!pass) {
		snprintf(why, wl, "the secret key is passphrase-protected: give --passphrase-file");
		return -1;
	}
	if (usage != 253 && usage != 254) {
		snprintf(why, wl, "the secret key's S2K usage %u is not supported (0, 253 AEAD, 254 CFB)",
			 usage);
		return -1;
	}
	if (n < 3 || p[0] > n - 1) {
		snprintf(why, wl, "malformed protected secret key");
		return -1;
	}
	cnt = p[0];
	cfb = aes_of(p[1], &klen);
	if (!cfb) {
		snprintf(why, wl, "the secret key's cipher %u is not supported (AES)", p[1]);
		return -1;
	}
	if (usage == 253) {
		aead = p[2];
		q++;
	}
	if (q >= p + 1 + cnt || *q > (size_t)(p + cnt - q)) {
		snprintf(why, wl, "malformed protected secret key (S2K)");
		return -1;
	}
	sl = *q++;
	if (sl && q[0] == 4 && usage != 253) {
		/* RFC 9580 3.7.2.1: Argon2 only with AEAD; anything else is malformed */
		snprintf(why, wl, "malformed protected secret key (the Argon2 S2K with usage %u, not AEAD 253)",
			 usage);
		return -1;
	}
	if (s2k_derive(q, sl, pass, key, klen, why, wl))
		return -1;
	q += sl;
	ivl = p + 1 + cnt - q;			/* the IV or nonce: the rest of the fields */
	dl = n - 1 - cnt;			/* the encrypted data */
	c = EVP_CIPHER_CTX_new();
	if (usage == 254) {
		if (ivl != 16 || dl < 20 || dl - 20 > max || !c ||
		    EVP_DecryptInit_ex(c, cfb, NULL, key, q) != 1 ||
		    EVP_DecryptUpdate(c, out, &l1, p + 1 + cnt, dl - 20) != 1 ||
		    EVP_DecryptUpdate(c, sha, &l2, p + 1 + cnt + dl - 20, 20) != 1) {
			snprintf(why, wl, "malformed protected secret key (CFB)");
			goto out;
		}
		*outlen = l1;
		{
			u8 h[20];
			int bad;

			SHA1(out, l1, h);	/* RFC 9580 5.5.3: the checksum of usage 254 */
			bad = memcmp(h, sha, 20);
			explicit_bzero(h, sizeof(h));
			if (bad) {
				snprintf(why, wl, "wrong passphrase (the secret key's checksum does not match)");
				goto out;
			}
		}
		ret = 0;
		goto out;
	}
	/* AEAD: KEK = HKDF-SHA256(S2K key, info), additional data: info[0] || public key body */
	info[0] = 0xc0 | tag;
	info[1] = 6;
	info[2] = p[1];
	info[3] = aead;
	{
		EVP_PKEY_CTX *h = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
		size_t kl = klen;
		const EVP_CIPHER *ci = aead == 2 ? (klen == 16 ? EVP_aes_128_ocb() : klen == 24 ?
						     EVP_aes_192_ocb() : EVP_aes_256_ocb()) :
				       aead == 3 ? (klen == 16 ? EVP_aes_128_gcm() : klen == 24 ?
						     EVP_aes_192_gcm() : EVP_aes_256_gcm()) : NULL;
		bool ok = h && ci && ivl == (aead == 2 ? 15u : 12u) && dl >= tl && dl - tl <= max &&
			  EVP_PKEY_derive_init(h) == 1 &&
			  EVP_PKEY_CTX_set_hkdf_md(h, EVP_sha256()) == 1 &&
			  EVP_PKEY_CTX_set1_hkdf_key(h, key, klen) == 1 &&
			  EVP_PKEY_CTX_add1_hkdf_info(h, info, 4) == 1 &&
			  EVP_PKEY_derive(h, kek, &kl) == 1 && kl == klen;

		EVP_PKEY_CTX_free(h);
		if (!ok || !c || EVP_DecryptInit_ex(c, ci, NULL, NULL, NULL) != 1 ||
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_IVLEN, ivl, NULL) != 1 ||
		    EVP_DecryptInit_ex(c, NULL, NULL, kek, q) != 1 ||
		    EVP_DecryptUpdate(c, NULL, &l1, info, 1) != 1 ||
		    EVP_DecryptUpdate(c, NULL, &l1, body, publen) != 1 ||
		    EVP_DecryptUpdate(c, out, &l1, p + 1 + cnt, dl - tl) != 1 ||
		    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, tl,
					(void *)(p + 1 + cnt + dl - tl)) != 1) {
			snprintf(why, wl, "the secret key's AEAD %u is not supported or malformed (OCB 2, GCM 3)",
				 aead);
			goto out;
		}
		if (EVP_DecryptFinal_ex(c, out + l1, &l2) != 1) {
			snprintf(why, wl, "wrong passphrase (the secret key does not decrypt)");
			goto out;
		}
		*outlen = l1 + l2;
		ret = 0;
	}
out:
	EVP_CIPHER_CTX_free(c);
	explicit_bzero(key, sizeof(key));
	explicit_bzero(kek, sizeof(kek));
	explicit_bzero(sha, sizeof(sha));
	wipe_stack(8192);	/* what libcrypto's key setup left below this frame */
	return ret;
}
