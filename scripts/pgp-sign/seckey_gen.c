// SPDX-License-Identifier: GPL-2.0
/*
 * --gen-key: a new v6 key of this tool's algorithms (seckey_sig.c) that
 * certifies and signs, its unprotected transferable secret key and its
 * certificate written to new files, the certificate judged by the kernel's
 * keyring rules first.  The generated secret is wiped when written.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>
#include <openssl/evp.h>

#include "pgp-sign.h"
#include "pqsign.h"

/* A new file @path (mode @mode) holding @d; -1 when it exists or cannot be written. */
static int write_excl(const char *path, const u8 *d, size_t n, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);

	if (fd < 0)
		return -1;
	if (write_all(fd, d, n) || fsync(fd)) {
		close(fd);
		unlink(path);
		return -1;
	}
	return close(fd);
}

/* A self-signature of @type over the key (and @uid) into @out, as a packet. */
static int self_sig(const struct pgp_seckey *k, unsigned int type, const u8 *keybody,
		    size_t keylen, const char *uid, u32 t, const u8 *extra, size_t extra_len,
		    struct buf *out, char *why, size_t wl)
{
	struct buf body = {};
	unsigned int mdlen = 0;
	size_t pre, vals;
	int ret = -1, v;
	u8 md[64];

	if (v6_body(k, type, 10, t, extra, extra_len, &body, &pre, &vals, why, wl))
		goto out;
	v = kern_cert_digest(body.p, body.len, keybody, keylen, (const u8 *)uid,
			     uid ? strlen(uid) : 0, md, &mdlen);
	if (v || mdlen != 64) {
		snprintf(why, wl, "hashing failed (%s)", kern_errno_name(v));
		goto out;
	}
	if (v6_values(k, &body, pre, vals, md, mdlen, why, wl))
		goto out;
	pkt_header_new(out, 2, body.len);
	buf_add(out, body.p, body.len);
	ret = 0;
out:
	buf_free(&body);
	return ret;
}

/*
 * --gen-key ALGO UID SECRET PUBLIC: a new v6 key (ALGO mldsa65-ed25519,
 * mldsa87-ed448, ed25519-v6, ed448-v6, slhdsa128s, slhdsa128f or
 * slhdsa256s) that certifies and signs, with its
 * direct-key self-signature and a certified user ID: its unprotected
 * transferable secret key written to SECRET (mode 0600), its certificate to
 * PUBLIC, both new files; the certificate is then judged by the kernel's
 * keyring rules.  Prints the fingerprint.  @when: the creation time
 * (SOURCE_DATE_EPOCH), or -1 for now.
 */
int seckey_generate(const char *algo, const char *uid, const char *sec_path,
		    const char *pub_path, long long when)
{
	static const u8 flags[] = { 2, 27, 0x03 }, primary_uid[] = { 2, 25, 1 };
	const struct seckey_algo *a = seckey_algo(0, algo);
	size_t ml, sl, rl, el, fl;
	u32 t = when >= 0 ? (u32)when : (u32)time(NULL);
	struct buf pub = {}, sec = {}, sigs = {}, key = {};
	struct pgp_seckey k = {};
	struct kern_keyring *kr = NULL;
	/* the largest secret: SLH-DSA-SHAKE-256s's 128 octets (ML-DSA-87+Ed448's: 89) */
	u8 secret[4 * PGP_SLHDSA_N_MAX], h[10];
	char why[PGP_WHY_MAX];
	unsigned int lost;
	int ret = 1;

	if (!a) {
		fprintf(stderr, "%s: --gen-key: unknown algorithm %s (mldsa65-ed25519, mldsa87-ed448, ed25519-v6, ed448-v6, slhdsa128s, slhdsa128f, slhdsa256s)\n",
			prog_name(), algo);
		return 2;
	}
	ml = seckey_pub_size(a);
	sl = seckey_sec_size(a);
	el = a->ed_size;
	k.a = a;
	/* SLH-DSA: SK.seed, SK.prf and PK.seed random, PK.root computed after them */
	rl = a->slh ? sl - ml / 2 : sl;
	if (getrandom(secret, rl, 0) != (ssize_t)rl) {
		snprintf(why, sizeof(why), "getrandom failed");
		goto out;
	}
	/* the key packet body: version, time, algorithm, material count, material */
	h[0] = 6;
	put_be32(h + 1, t);
	h[5] = a->algo;
	put_be32(h + 6, ml);
	buf_add(&key, h, 10);
	buf_reserve(&key, ml);
	if (a->slh) {
		k.slh = slhdsa_keygen(a->algo, secret, key.p + 10);
		if (!k.slh) {
			snprintf(why, sizeof(why), "%s key generation failed", a->name);
			goto out;
		}
		memcpy(secret + rl, key.p + 10 + ml / 2, ml / 2);
	} else {
		k.ed = EVP_PKEY_new_raw_private_key(a->evp, NULL, secret, a->ed_size);
		if (!k.ed || EVP_PKEY_get_raw_public_key(k.ed, key.p + 10, &el) != 1 ||
		    el != a->ed_size) {
			snprintf(why, sizeof(why), "%s key generation failed", a->ed);
			goto out;
		}
	}
	if (a->mlset) {
		k.mldsa = mldsa_keygen(a->mlset, secret + a->ed_size, key.p + 10 + a->ed_size);
		if (!k.mldsa) {
			snprintf(why, sizeof(why), "ML-DSA-%u key generation failed", a->mlset);
			goto out;
		}
	}
	key.len += ml;
	if (kern_pubkey_fpr(key.p, key.len, k.fpr, &fl, &k.algo) || fl != 32) {
		snprintf(why, sizeof(why), "the kernel does not read the key made");
		goto out;
	}
	hex_upper(k.fpr, 32, k.fpr_hex);
	/* the direct-key self-signature (flags: certify, sign), the user ID, its certification */
	if (self_sig(&k, 0x1f, key.p, key.len, NULL, t, flags, sizeof(flags), &sigs,
		     why, sizeof(why)))
		goto out;
	pkt_header_new(&pub, 6, key.len);
	buf_add(&pub, key.p, key.len);
	pkt_header_new(&sec, 5, key.len + 1 + sl);
	buf_add(&sec, key.p, key.len);
	buf_addc(&sec, 0);			/* S2K usage 0: unprotected */
	buf_add(&sec, secret, sl);
	buf_add(&pub, sigs.p, sigs.len);
	buf_add(&sec, sigs.p, sigs.len);
	sigs.len = 0;
	pkt_header_new(&sigs, 13, strlen(uid));
	buf_add(&sigs, uid, strlen(uid));
	if (self_sig(&k, 0x13, key.p, key.len, uid, t, primary_uid, sizeof(primary_uid), &sigs,
		     why, sizeof(why)))
		goto out;
	buf_add(&pub, sigs.p, sigs.len);
	buf_add(&sec, sigs.p, sigs.len);
	/* the kernel's keyring rules must take the certificate as a signing key */
	if (kern_keyring_load(pub.p, pub.len, &kr, &lost) != 1 || lost ||
	    !kern_keyring_can_sign(kr, k.fpr, 32)) {
		snprintf(why, sizeof(why), "the kernel's keyring rules refuse the certificate made");
		goto out;
	}
	if (write_excl(sec_path, sec.p, sec.len, 0600)) {
		snprintf(why, sizeof(why), "%s: cannot create (it must not exist)", sec_path);
		goto out;
	}
	if (write_excl(pub_path, pub.p, pub.len, 0644)) {
		unlink(sec_path);
		snprintf(why, sizeof(why), "%s: cannot create (it must not exist)", pub_path);
		goto out;
	}
	printf("%s\n", k.fpr_hex);
	ret = 0;
out:
	if (ret)
		fprintf(stderr, "%s: --gen-key: %s\n", prog_name(), why);
	explicit_bzero(secret, sizeof(secret));
	wipe_stack(16384);	/* the key generation's work on the stack */
	kern_keyring_free(kr);
	buf_free(&sec);
	buf_free(&pub);
	buf_free(&sigs);
	buf_free(&key);
	seckey_free(&k);
	return ret;
}
