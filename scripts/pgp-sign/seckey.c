// SPDX-License-Identifier: GPL-2.0
/*
 * Signing without gpg, with an RFC 9580 transferable secret key file (what
 * "sq key generate --profile rfc9580" writes): v6 keys of Ed25519 (27),
 * Ed448 (28), ML-DSA-65+Ed25519 (30), ML-DSA-87+Ed448 (31) and
 * SLH-DSA-SHAKE-128s, -128f and -256s (32 to 34, RFC 9980), which GnuPG 2.2
 * cannot make.
 *
 * The file is read packet by packet with the kernel's packet reader; its
 * public part becomes a certificate that the kernel's keyring rules judge
 * (self-signatures, bindings, back-signatures, flags, revocation), and the
 * first secret key those rules let sign is used.  Its secret must match its
 * public key (Ed25519 and Ed448 through libcrypto; ML-DSA generated again
 * from its seed, SLH-DSA's PK.root from SK.seed and PK.seed).  Each
 * signature is a v6 packet hashed with the kernel's code (salt, trailer),
 * signed (EdDSA through libcrypto, ML-DSA-65 and ML-DSA-87 by mldsa_sign.c,
 * hedged with fresh randomness; SLH-DSA by slhdsa_sign.c, hedged or
 * deterministic) and verified by the kernel's verifier with the public key
 * before it is written.
 *
 * Secret keys are read unprotected (S2K usage 0) or protected with a
 * passphrase (--passphrase-file, s2k.c).  The signature packets are
 * seckey_sig.c's, new keys (--gen-key) seckey_gen.c's; each names its
 * signer with the key's first User ID (a hashed Signer's User ID).
 *
 * Every copy of a secret (the file's bytes, the decrypted material, the
 * generated seeds, ML-DSA's rnd) is wiped with explicit_bzero() when it is
 * no longer needed (buffers when they grow and when they are freed), and
 * the process makes no core dump while it holds one (secrets_held()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "pgp-sign.h"
#include "pqsign.h"

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
	if (a->slh) {
		/* SK.seed || SK.prf || PK.seed || PK.root: PK as the public key, its root again */
		mpk = malloc(pml);
		k->slh = mpk && !memcmp(sec + pml, pm, pml) ? slhdsa_keygen(algo, sec, mpk) : NULL;
		if (!k->slh || memcmp(mpk, pm, pml)) {
			snprintf(why, wl, "the %s secret key does not give its public key", a->name);
			free(mpk);
			return -1;
		}
		free(mpk);
		goto done;
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
done:
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
		/*
		 * The first User ID names the signer in each signature: RFC 9580's
		 * Signer's User ID (28), hashed, what gpg writes with --sender;
		 * one with a one-octet subpacket length (up to 190 octets) or none.
		 */
		if (tag == 13 && !k->signer_uid.len && len && len <= 190) {
			u8 h[2] = { 1 + len, 28 };

			buf_add(&k->signer_uid, h, 2);
			buf_add(&k->signer_uid, body, len);
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
			snprintf(why, wl, "%s: its signing key is of algorithm %u (this tool signs with 27, Ed25519, 28, Ed448, 30, ML-DSA-65+Ed25519, 31, ML-DSA-87+Ed448, and 32 to 34, SLH-DSA)",
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

	if (v6_body(k, 0, opt->hashalgo, t, k->signer_uid.p, k->signer_uid.len, &body, &pre,
		    &vals, why, wl))
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
	/* an SLH-DSA one 7.7, 16.7 or 29.1 KiB: room for it and a composite (a rollover) */
	if (!r->opt.reserve_set && k.slh)
		r->opt.reserve = slhdsa_sig_size(k.algo) + PGP_REMOTE_RESERVE;
	k.deterministic = opt->deterministic;
	the_key = &k;
	rc = pool_run(&j, mods, total, &ops);
	the_key = NULL;
	seckey_free(&k);
	return rc;
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
