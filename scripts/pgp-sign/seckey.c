// SPDX-License-Identifier: GPL-2.0
/*
 * Signing without gpg, with an RFC 9580 transferable secret key file (what
 * "sq key generate --profile rfc9580" writes): v6 keys of Ed25519 (27),
 * Ed448 (28), ML-DSA-65+Ed25519 (30) and ML-DSA-87+Ed448 (31, RFC 9980),
 * which GnuPG 2.2 cannot make.
 *
 * The file is read packet by packet with the kernel's packet reader; its
 * public part becomes a certificate that the kernel's keyring rules judge
 * (self-signatures, bindings, back-signatures, flags, revocation), and the
 * first secret key those rules let sign is used.  Its secret must match its
 * public key (Ed25519 and Ed448 through libcrypto; ML-DSA generated again
 * from its seed).  Each signature is a v6 packet hashed with the kernel's
 * code (salt, trailer), signed (EdDSA through libcrypto, ML-DSA-65 and
 * ML-DSA-87 by mldsa_sign.c, hedged with fresh randomness) and verified by
 * the kernel's verifier with the public key before it is written.
 *
 * Secret keys are read unprotected (S2K usage 0) or protected with a
 * passphrase (--passphrase-file) by S2K types 0, 1 and 3 (not Argon2, 4) and
 * AES in CFB mode with a SHA-1 checksum (usage 254) or OCB or GCM (usage
 * 253, the key from HKDF-SHA256).
 *
 * Every copy of a secret (the file's bytes, the decrypted material, the
 * generated seeds, ML-DSA's rnd) is wiped with explicit_bzero() when it is
 * no longer needed (buffers when they grow and when they are freed), and
 * the process makes no core dump while it holds one (secrets_held()).
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

#define PGP_ED448_SIZE		57
#define PGP_EDDSA_MAX		PGP_ED448_SIZE

/* An algorithm this file signs with: EdDSA through libcrypto, and a composite's ML-DSA */
struct seckey_algo {
	unsigned int algo;	/* the OpenPGP public-key algorithm */
	const char *name;	/* for --gen-key */
	int evp;		/* EVP_PKEY_ED25519 or EVP_PKEY_ED448 */
	const char *ed;		/* "Ed25519" or "Ed448" */
	size_t ed_size;		/* its public and secret keys */
	size_t ed_sig;		/* its signatures */
	unsigned int mlset;	/* the composite's ML-DSA-65 or ML-DSA-87, or 0 */
};

static const struct seckey_algo seckey_algos[] = {
	{ PGP_ALGO_ED25519, "ed25519-v6", EVP_PKEY_ED25519, "Ed25519", 32, 64, 0 },
	{ PGP_ALGO_ED448, "ed448-v6", EVP_PKEY_ED448, "Ed448", 57, 114, 0 },
	{ PGP_ALGO_MLDSA65_ED25519, "mldsa65-ed25519", EVP_PKEY_ED25519, "Ed25519", 32, 64, 65 },
	{ PGP_ALGO_MLDSA87_ED448, "mldsa87-ed448", EVP_PKEY_ED448, "Ed448", 57, 114, 87 },
};

static const struct seckey_algo *seckey_algo(unsigned int algo, const char *name)
{
	size_t i;

	for (i = 0; i < PGP_ARRAY_SIZE(seckey_algos); i++)
		if (name ? !strcmp(seckey_algos[i].name, name) : seckey_algos[i].algo == algo)
			return &seckey_algos[i];
	return NULL;
}

/* The key material's sizes: public, secret (the composite's ML-DSA seed after the EdDSA secret) */
static size_t seckey_pub_size(const struct seckey_algo *a)
{
	return a->ed_size + (a->mlset ? mldsa_pk_size(a->mlset) : 0);
}

static size_t seckey_sec_size(const struct seckey_algo *a)
{
	return a->ed_size + (a->mlset ? PGP_MLDSA_SEED_SIZE : 0);
}

/* The signing key of the file. */
struct pgp_seckey {
	unsigned int algo;		/* 27, 28, 30 or 31 */
	const struct seckey_algo *a;
	u8 fpr[32];
	EVP_PKEY *ed;			/* the EdDSA key (a composite's first half) */
	struct mldsa_key *mldsa;	/* a composite's second half */
	struct kern_pubkeys *keys;	/* the file's public keys, for the check */
	struct kern_keyring *kring;	/* the same, as the kernel's keyring takes them */
	struct buf cert;		/* the file's public part */
	char fpr_hex[65];
};

static struct pgp_seckey *the_key;	/* shared by the jobs (read-only) */

/*
 * The secret key packet body [@b, @b + @n): the length of its public part
 * (a v6 public key body) in *@publen, and what follows the S2K usage octet
 * in *@sec (*@seclen octets): the secret key material when *@usage is 0.
 * 0, or -1 with a reason.
 */
static int split_secret(const u8 *b, size_t n, size_t *publen, unsigned int *usage,
			const u8 **sec, size_t *seclen, char *why, size_t wl)
{
	size_t ml;

	if (n < 1 || b[0] != 6) {
		snprintf(why, wl, "a v%u secret key (only v6 keys are read; gpg signs with v4 ones)",
			 n ? b[0] : 0);
		return -1;
	}
	if (n < 10) {
		snprintf(why, wl, "truncated secret key packet");
		return -1;
	}
	ml = get_be32(b + 6);
	if (ml > n - 10 || n - 10 - ml < 1) {
		snprintf(why, wl, "malformed secret key packet (key material count)");
		return -1;
	}
	*publen = 10 + ml;
	*usage = b[*publen];
	*sec = b + *publen + 1;
	*seclen = n - *publen - 1;
	return 0;
}

/* The key of @algo from its secret material, checked against its public material. */
static int key_from_secret(struct pgp_seckey *k, unsigned int algo, const u8 *pub,
			   size_t publen, const u8 *sec, size_t seclen, char *why, size_t wl)
{
	const struct seckey_algo *a = seckey_algo(algo, NULL);
	const u8 *pm = pub + 10;	/* the public key material */
	size_t pml = publen - 10;
	u8 edpub[PGP_EDDSA_MAX], *mpk = NULL;
	size_t el = sizeof(edpub);

	if (!a || seclen != seckey_sec_size(a) || pml != seckey_pub_size(a)) {
		snprintf(why, wl, "malformed secret key material (%zu octets, %zu public)",
			 seclen, pml);
		return -1;
	}
	k->ed = EVP_PKEY_new_raw_private_key(a->evp, NULL, sec, a->ed_size);
	if (!k->ed || EVP_PKEY_get_raw_public_key(k->ed, edpub, &el) != 1 ||
	    el != a->ed_size || memcmp(edpub, pm, a->ed_size)) {
		snprintf(why, wl, "the %s secret key does not match its public key", a->ed);
		return -1;
	}
	if (a->mlset) {
		mpk = malloc(mldsa_pk_size(a->mlset));
		k->mldsa = mpk ? mldsa_keygen(a->mlset, sec + a->ed_size, mpk) : NULL;
		if (!k->mldsa || memcmp(mpk, pm + a->ed_size, mldsa_pk_size(a->mlset))) {
			snprintf(why, wl, "the ML-DSA-%u seed does not give its public key", a->mlset);
			free(mpk);
			return -1;
		}
		free(mpk);
	}
	k->algo = algo;
	k->a = a;
	return 0;
}

/*
 * Read the transferable secret key @path: its public part into k->cert,
 * and the first secret (sub)key that the kernel's keyring rules let sign.
 */
static int seckey_load(const char *path, const char *pass, struct pgp_seckey *k, char *why,
		       size_t wl)
{
	struct buf f = {}, bin = {};
	struct kern_keyring *kr = NULL;
	const u8 *p, *end, *body, *sec;
	unsigned int tag, lost, algo, usage;
	char w[512], fh[65];
	u8 plain[128];
	size_t len, publen, seclen, fl;
	int ret = -1, n;
	u8 fpr[32];

	if (read_file(path, &f, 1 << 20) || pgp_dearmor(f.p, f.len, &bin) || !bin.len) {
		snprintf(why, wl, "%s: cannot read an OpenPGP secret key", path);
		goto out;
	}
	/* the certificate: each secret key packet's public part as a public key packet */
	for (p = bin.p, end = bin.p + bin.len; p < end; ) {
		if (kern_next_packet(&p, end, &tag, &body, &len)) {
			snprintf(why, wl, "%s: malformed packet", path);
			goto out;
		}
		if (tag == 5 || tag == 7) {
			if (split_secret(body, len, &publen, &usage, &sec, &seclen, why, wl))
				goto out;
			pkt_header_new(&k->cert, tag == 5 ? 6 : 14, publen);
			buf_add(&k->cert, body, publen);
		} else if (tag == 2 || tag == 13) {
			pkt_header_new(&k->cert, tag, len);
			buf_add(&k->cert, body, len);
		}
	}
	n = kern_keyring_load(k->cert.p, k->cert.len, &kr, &lost);
	if (n <= 0 || kern_pubkeys_load(k->cert.p, k->cert.len, &k->keys) <= 0) {
		snprintf(why, wl, "%s: the kernel takes no key of it (%s)", path,
			 n < 0 ? kern_errno_name(n) : "no valid self-signature or binding");
		goto out;
	}
	for (p = bin.p; p < end; ) {
		kern_next_packet(&p, end, &tag, &body, &len);
		if (tag != 5 && tag != 7)
			continue;
		split_secret(body, len, &publen, &usage, &sec, &seclen, why, wl);
		if (kern_pubkey_fpr(body, publen, fpr, &fl, &algo) ||
		    !kern_keyring_can_sign(kr, fpr, fl))
			continue;
		if (!seckey_algo(algo, NULL)) {
			snprintf(why, wl, "%s: its signing key is of algorithm %u (this tool signs with 27, Ed25519, 28, Ed448, 30, ML-DSA-65+Ed25519, and 31, ML-DSA-87+Ed448)",
				 path, algo);
			goto out;
		}
		memcpy(k->fpr, fpr, 32);
		hex_upper(fpr, 32, k->fpr_hex);
		if (usage) {
			if (seckey_unprotect(body, publen, tag, usage, sec, seclen, pass,
					     plain, sizeof(plain), &seclen, why, wl))
				goto out;
			sec = plain;
		}
		if (key_from_secret(k, algo, body, publen, sec, seclen, why, wl))
			goto out;
		k->kring = kr;
		kr = NULL;
		ret = 0;
		goto out;
	}
	/* why, as the kernel's rules give it for the primary key */
	p = bin.p;
	if (!kern_next_packet(&p, end, &tag, &body, &len) && tag == 5 &&
	    !split_secret(body, len, &publen, &usage, &sec, &seclen, why, wl) &&
	    !kern_pubkey_fpr(body, publen, fpr, &fl, &algo) &&
	    kern_sign_check(kr, fpr, fl, 10 /* SHA-512 */, time(NULL), w, sizeof(w))) {
		hex_upper(fpr, fl, fh);
		snprintf(why, wl, "%s: no key of it may sign: key %s: %s", path, fh, w);
	} else {
		snprintf(why, wl, "%s: no key of it may sign (by the kernel's keyring rules)", path);
	}
out:
	explicit_bzero(plain, sizeof(plain));
	wipe_stack(16384);	/* the decryption's and the key checks' work on the stack */
	kern_keyring_free(kr);
	buf_free(&f);		/* (buf_free() wipes) */
	buf_free(&bin);
	return ret;
}

static void seckey_free(struct pgp_seckey *k)
{
	EVP_PKEY_free(k->ed);
	mldsa_key_free(k->mldsa);
	kern_pubkeys_free(k->keys);
	kern_keyring_free(k->kring);
	buf_free(&k->cert);
}

/*
 * A v6 signature body of @type and @halgo by @k into @body: hashed
 * subpackets the creation time @t, the issuer's fingerprint and @extra; no
 * unhashed ones; a fresh salt; the digest's octets (*@pre) and the values
 * (*@vals) zero until v6_values() fills them.
 */
static int v6_body(const struct pgp_seckey *k, unsigned int type, unsigned int halgo, u32 t,
		   const u8 *extra, size_t extra_len, struct buf *body, size_t *pre,
		   size_t *vals, char *why, size_t wl)
{
	size_t vlen = k->a->ed_sig + (k->a->mlset ? mldsa_sig_size(k->a->mlset) : 0);
	int salt = kern_salt_len(halgo);
	u8 hdr[8] = { 6, type, k->algo, halgo }, sp[41];

	if (salt <= 0) {
		snprintf(why, wl, "no v6 signature with digest %s", hash_name(halgo));
		return -1;
	}
	/* hashed: the creation time (2), the issuer's v6 fingerprint (33) */
	sp[0] = 5;
	sp[1] = 2;
	put_be32(sp + 2, t);
	sp[6] = 34;
	sp[7] = 33;
	sp[8] = 6;
	memcpy(sp + 9, k->fpr, 32);
	put_be32(hdr + 4, sizeof(sp) + extra_len);
	buf_add(body, hdr, 8);
	buf_add(body, sp, sizeof(sp));
	buf_add(body, extra, extra_len);
	put_be32(hdr, 0);			/* no unhashed subpackets */
	buf_add(body, hdr, 4);
	*pre = body->len;
	buf_add(body, "\0\0", 2);		/* the digest's first octets */
	buf_addc(body, salt);
	buf_reserve(body, salt + vlen);
	if (getrandom(body->p + body->len, salt, 0) != salt) {
		snprintf(why, wl, "getrandom failed");
		return -1;
	}
	body->len += salt;
	*vals = body->len;
	memset(body->p + body->len, 0, vlen);
	body->len += vlen;
	return 0;
}

/* The digest's first octets and the signature values over @md into @body. */
static int v6_values(const struct pgp_seckey *k, struct buf *body, size_t pre, size_t vals,
		     const u8 *md, unsigned int mdlen, char *why, size_t wl)
{
	size_t el = k->a->ed_sig;
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 rnd[32];
	int ret = -1;

	memcpy(body->p + pre, md, 2);
	/* pure EdDSA, the empty context (RFC 9580 5.2.3.4-5, RFC 9980 5.2.3) */
	if (!c || EVP_DigestSignInit(c, NULL, NULL, NULL, k->ed) != 1 ||
	    EVP_DigestSign(c, body->p + vals, &el, md, mdlen) != 1 || el != k->a->ed_sig) {
		snprintf(why, wl, "%s signing failed", k->a->ed);
		goto out;
	}
	if (k->mldsa && (getrandom(rnd, sizeof(rnd), 0) != sizeof(rnd) ||
			 mldsa_sign(k->mldsa, md, mdlen, rnd, body->p + vals + k->a->ed_sig))) {
		snprintf(why, wl, "ML-DSA-%u signing failed", k->a->mlset);
		goto out;
	}
	ret = 0;
out:
	explicit_bzero(rnd, sizeof(rnd));
	EVP_MD_CTX_free(c);
	wipe_stack(16384);	/* Ed25519's and ML-DSA-65's work on the stack */
	return ret;
}

/* The v6 signature packet over @d (zeros at [@zoff, @zoff + @zlen)) into @pkt. */
static int seckey_sign(struct pgp_job *j, const struct pgp_seckey *k, const u8 *d, size_t n,
		       size_t zoff, size_t zlen, u32 t, struct buf *pkt, char *why, size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	struct buf body = {};
	unsigned int mdlen = 0;
	size_t pre, vals;
	double t0 = now_ms();
	int ret = -1, v;
	u8 md[64];

	if (v6_body(k, 0, opt->hashalgo, t, NULL, 0, &body, &pre, &vals, why, wl))
		goto out;
	v = kern_sig_digest(body.p, body.len, d, n, zoff, zlen, md, &mdlen);
	if (v || mdlen < 32 || mdlen > sizeof(md)) {
		snprintf(why, wl, "hashing failed (%s)", kern_errno_name(v));
		goto out;
	}
	j->tm.hash += now_ms() - t0;
	t0 = now_ms();
	if (v6_values(k, &body, pre, vals, md, mdlen, why, wl))
		goto out;
	/* checked by the kernel's verifier with the public key before it is written */
	v = kern_sig_verify(k->keys, body.p, body.len, d, n, zoff, zlen);
	if (v) {
		snprintf(why, wl, "the signature made does not verify with key %s (%s); not written",
			 k->fpr_hex, kern_errno_name(v));
		goto out;
	}
	pkt_header_new(pkt, 2, body.len);
	buf_add(pkt, body.p, body.len);
	ret = 0;
out:
	j->tm.sign += now_ms() - t0;
	buf_free(&body);
	return ret;
}

/* The signature packet over module @m (sign_module()). */
static int seckey_one_sig(struct pgp_job *j, const struct pgp_module *m,
			  const struct module_pgp_sig_loc *loc, struct buf *pkt, char *why,
			  size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	u32 t = opt->sde >= 0 ? (u32)opt->sde : (u32)time(NULL);

	return seckey_sign(j, the_key, m->elf.p, m->elf.len, loc->sec_off, loc->sec_size, t,
			   pkt, why, wl) ? 1 : 0;
}

static int seckey_one(struct pgp_job *j, const char *name, char *why, size_t wl)
{
	return sign_module(j, name, seckey_one_sig, why, wl);
}

/*
 * --secret-key: the key read once and judged by the kernel's keyring rules
 * (as gpg's key is by the preflight), then every module in the pool.
 */
int run_seckey(struct pgp_run *r, char **mods, int total)
{
	static const struct pgp_pool_ops ops = { .one = seckey_one };
	const struct pgp_opts *opt = &r->opt;
	struct pgp_seckey k = {};
	struct pgp_signer s = {};
	struct pgp_job j = { .run = r, .signer = &s };
	u32 t = opt->sde >= 0 ? (u32)opt->sde : (u32)time(NULL);
	char why[PGP_WHY_MAX];
	char *pass = NULL;
	int rc;

	if (opt->passfile && read_passphrase(opt->passfile, &pass))
		fail_all(r, total, mods[0],
			 "passphrase file %s: the first line is longer than %d bytes (or unreadable)",
			 opt->passfile, PGP_PASSPHRASE_MAX);
	if (seckey_load(opt->secret_key, pass, &k, why, sizeof(why))) {
		wipe_passphrase(&pass);
		seckey_free(&k);
		fail_all(r, total, mods[0], "%s", why);
	}
	wipe_passphrase(&pass);
	s.kring = k.kring;
	if (signer_judge(opt, &s, k.fpr, sizeof(k.fpr), t, why, sizeof(why))) {
		seckey_free(&k);
		fail_all(r, total, mods[0], "the kernel would refuse this signature: key %s: %s",
			 k.fpr_hex, why);
	}
	/* a composite signature is 3.5 or 4.8 KB: room for it beside v4 ones */
	if (!r->opt.reserve_set && k.mldsa)
		r->opt.reserve = PGP_REMOTE_RESERVE;
	the_key = &k;
	rc = pool_run(&j, mods, total, &ops);
	the_key = NULL;
	seckey_free(&k);
	return rc;
}

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
 * mldsa87-ed448, ed25519-v6 or ed448-v6) that certifies and signs, with its
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
	size_t ml, sl, el, fl;
	u32 t = when >= 0 ? (u32)when : (u32)time(NULL);
	struct buf pub = {}, sec = {}, sigs = {}, key = {};
	struct pgp_seckey k = {};
	struct kern_keyring *kr = NULL;
	u8 secret[PGP_EDDSA_MAX + PGP_MLDSA_SEED_SIZE], h[10];
	char why[PGP_WHY_MAX];
	unsigned int lost;
	int ret = 1;

	if (!a) {
		fprintf(stderr, "%s: --gen-key: unknown algorithm %s (mldsa65-ed25519, mldsa87-ed448, ed25519-v6, ed448-v6)\n",
			prog_name(), algo);
		return 2;
	}
	ml = seckey_pub_size(a);
	sl = seckey_sec_size(a);
	el = a->ed_size;
	k.a = a;
	if (getrandom(secret, sl, 0) != (ssize_t)sl) {
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
	k.ed = EVP_PKEY_new_raw_private_key(a->evp, NULL, secret, a->ed_size);
	if (!k.ed || EVP_PKEY_get_raw_public_key(k.ed, key.p + 10, &el) != 1 ||
	    el != a->ed_size) {
		snprintf(why, sizeof(why), "%s key generation failed", a->ed);
		goto out;
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

/*
 * The v6 key pgp-modsign-genkey.sh made in the GnuPG home (--homedir
 * DIR/pgp-modsign-v6.key), signed with when neither --secret-key nor
 * --local-user names a key: what "make modules_sign" uses after the build
 * generated a v6 key.  Sets o->secret_key into @buf; false when none.
 */
bool seckey_default(struct pgp_opts *o, char *buf, size_t size)
{
	if (o->secret_key || o->local_user || !o->homedir)
		return false;
	snprintf(buf, size, "%s/pgp-modsign-v6.key", o->homedir);
	if (access(buf, R_OK))
		return false;
	o->secret_key = buf;
	return true;
}
