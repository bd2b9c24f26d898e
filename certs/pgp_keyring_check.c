// SPDX-License-Identifier: GPL-2.0
/*
 * Build-time check of the OpenPGP keyring that is built into the kernel.
 *
 * The kernel reads its keyring once, at boot, and skips what it cannot use.
 * Some of what it skips could hide a revocation or a newer self-signature,
 * so this host program refuses, before the keyring is embedded, every
 * keyring the kernel would not read completely:
 *
 *  - a malformed packet header (the kernel ignores the rest of the keyring),
 *  - secret key material (never built into an image),
 *  - any packet but a marker or trust packet before the first public key,
 *  - a signature whose version or type cannot be read, a version 3
 *    revocation, and any signature the kernel's parser calls malformed or,
 *    for a revocation (0x20, 0x28, 0x30), does not parse at all,
 *  - a designated revoker (subpacket 12) in any signature, and a key or
 *    subkey revocation (0x20, 0x28) issued by a key other than the primary
 *    of its certificate: the kernel does not honour designated revokers,
 *  - a key that appears twice: a later copy of a certificate (merge the
 *    copies with gpg --import, then gpg --export) or a key in two
 *    certificates.
 *
 * Every packet is read by the kernel's own OpenPGP reader (pgp_next_packet(),
 * pgp_parse_pubkey() for fingerprints, pgp_parse_sig() with the hashes the
 * keyring accepts for revocations), compiled in unchanged through the
 * userspace stand-ins of scripts/pgp-shim (pgp_keyring_kernel.c), with the
 * kernel's constants.  Signatures are not verified: a revocation that
 * parses but does not verify is reported by the kernel at boot.  A fuzz
 * target checks that whatever passes here the kernel reads completely.
 *
 * Usage: pgp_keyring_check KEYRING [NAME]
 * Prints "pgp_keyring_check: NAME: offset N, packet tag T: problem" for each
 * problem and exits 1 when there is one (or the file is empty), 2 when the
 * file cannot be read.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <crypto/pgp.h>

#include "pgp_keyring_check.h"

/* A key seen so far: its fingerprint and where it was. */
struct kc_key {
	u8 fpr[PGP_FPR_MAX];
	u8 fpr_len;
	size_t off;
};

struct kc_state {
	kc_report_fn report;
	void *arg;
	unsigned int problems;

	bool have_primary;
	struct pgp_pubkey primary;	/* fpr_len 0: not fingerprinted */

	struct kc_key *keys;
	size_t nr_keys, max_keys;
};

static void kc_problem(struct kc_state *s, size_t off, int tag, const char *fmt, ...)
	__printf(4, 5);

static void kc_problem(struct kc_state *s, size_t off, int tag, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	s->problems++;
	if (s->report)
		s->report(s->arg, off, tag, msg);
}

static bool kc_is_revocation(int type)
{
	return type == PGP_SIG_KEY_REVOCATION || type == PGP_SIG_SUBKEY_REVOCATION ||
	       type == PGP_SIG_CERT_REVOCATION;
}

/* Was @sig (a key or subkey revocation) issued by the certificate's primary? */
static bool kc_by_primary(const struct kc_state *s, const struct pgp_sig *sig)
{
	const struct pgp_pubkey *k = &s->primary;

	if (sig->issuer_fpr_len)
		return sig->issuer_fpr_len == k->fpr_len &&
		       !memcmp(sig->issuer_fpr, k->fpr, k->fpr_len);
	return sig->has_issuer_keyid && !memcmp(sig->issuer_keyid, k->keyid, PGP_KEYID_LEN);
}

/* A signature the kernel's parser did not take: what the kernel makes of it. */
static void kc_unread(struct kc_state *s, size_t off, const u8 *body, size_t len,
		      const struct pgp_sig *sig, int ret)
{
	int version = len ? body[0] : -1;

	if (version == 3) {
		/* the kernel reads a version 3 signature's type, and only that */
		if (len >= 3 && kc_is_revocation(body[2]))
			kc_problem(s, off, PGP_PKT_SIGNATURE,
				   "version 3 revocation signature (type 0x%02x): the kernel reads only later versions",
				   body[2]);
		else if (len < 3)
			kc_problem(s, off, PGP_PKT_SIGNATURE,
				   "signature packet of version 3: its type cannot be read");
		return;
	}
	/* a version the parser does not read at all, or no type */
	if (len < 2 || (ret == -ENOPKG && !sig->hashed)) {
		kc_problem(s, off, PGP_PKT_SIGNATURE,
			   "signature packet of version %d: its type cannot be read", version);
		return;
	}
	if (kc_is_revocation(body[1]))
		kc_problem(s, off, PGP_PKT_SIGNATURE,
			   "revocation signature (type 0x%02x) that the kernel cannot parse",
			   body[1]);
	else if (ret == -EBADMSG)
		kc_problem(s, off, PGP_PKT_SIGNATURE,
			   "signature (type 0x%02x) that the kernel cannot parse (malformed): it would be skipped",
			   body[1]);
}

static void kc_signature(struct kc_state *s, size_t off, const u8 *body, size_t len)
{
	struct pgp_sig sig;
	bool by_primary;
	int ret;

	/* with the legacy hashes, which the keyring accepts for revocations */
	ret = pgp_parse_sig(body, len, &sig, true);
	if (ret) {
		kc_unread(s, off, body, len, &sig, ret);
		return;
	}
	if ((sig.type == PGP_SIG_KEY_REVOCATION || sig.type == PGP_SIG_SUBKEY_REVOCATION) &&
	    s->primary.fpr_len) {
		by_primary = kc_by_primary(s, &sig);
		if (!by_primary)
			kc_problem(s, off, PGP_PKT_SIGNATURE,
				   "revocation (type 0x%02x) issued by another key than the certificate's primary (a designated revoker): not honoured by the kernel",
				   sig.type);
	}
	if (sig.has_revocation_key)
		kc_problem(s, off, PGP_PKT_SIGNATURE,
			   "signature (type 0x%02x) designates a revocation key (subpacket 12): the kernel does not honour designated revokers",
			   sig.type);
}

static void kc_key(struct kc_state *s, size_t off, int tag, const u8 *body, size_t len)
{
	struct pgp_pubkey key;
	struct kc_key *k;
	size_t i;

	/* (an algorithm the kernel cannot use is still fingerprinted) */
	pgp_parse_pubkey(body, len, &key);
	if (tag == PGP_PKT_PUBLIC_KEY) {
		s->have_primary = true;
		s->primary = key;
	}
	if (!key.fpr_len)
		return;
	for (i = 0; i < s->nr_keys; i++) {
		k = &s->keys[i];
		if (k->fpr_len != key.fpr_len || memcmp(k->fpr, key.fpr, key.fpr_len))
			continue;
		if (tag == PGP_PKT_PUBLIC_KEY)
			kc_problem(s, off, tag, "a later copy of the certificate at offset %zu: the kernel uses the first copy's self-signature; merge them (gpg --import both, then gpg --export)",
				   k->off);
		else
			kc_problem(s, off, tag, "key already present at offset %zu: a key belongs to one certificate only",
				   k->off);
		return;
	}
	if (s->nr_keys == s->max_keys) {
		size_t n = s->max_keys ? 2 * s->max_keys : 16;

		k = realloc(s->keys, n * sizeof(*s->keys));
		if (!k)
			abort();
		s->keys = k;
		s->max_keys = n;
	}
	k = &s->keys[s->nr_keys++];
	memcpy(k->fpr, key.fpr, key.fpr_len);
	k->fpr_len = key.fpr_len;
	k->off = off;
}

unsigned int keyring_check(const u8 *buf, size_t len, kc_report_fn report, void *arg)
{
	struct kc_state s = { .report = report, .arg = arg };
	const u8 *p = buf, *end = buf + len;
	struct pgp_packet pkt;

	while (p < end) {
		size_t off = p - buf;

		if (pgp_next_packet(&p, end, &pkt)) {
			kc_problem(&s, off, -1, "malformed, truncated or partial packet header or length; the kernel would ignore the rest");
			break;
		}
		switch (pkt.tag) {
		case PGP_PKT_SECRET_KEY:
		case PGP_PKT_SECRET_SUBKEY:
			kc_problem(&s, off, pkt.tag, "secret key material: build the kernel with \"gpg --export\" output, never \"--export-secret-keys\"");
			continue;
		case PGP_PKT_PUBLIC_KEY:
			kc_key(&s, off, pkt.tag, pkt.body, pkt.len);
			continue;
		case PGP_PKT_MARKER:
		case PGP_PKT_TRUST:
			continue;
		}
		if (!s.have_primary) {
			kc_problem(&s, off, pkt.tag, "packet before the first public key: the kernel ignores it");
			continue;
		}
		if (pkt.tag == PGP_PKT_PUBLIC_SUBKEY)
			kc_key(&s, off, pkt.tag, pkt.body, pkt.len);
		else if (pkt.tag == PGP_PKT_SIGNATURE)
			kc_signature(&s, off, pkt.body, pkt.len);
	}
	free(s.keys);
	return s.problems;
}

#ifndef KEYRING_CHECK_NO_MAIN
/* certs/Makefile passes the kernel's version */
#ifndef PGP_TOOLS_VERSION
#define PGP_TOOLS_VERSION "(version unknown)"
#endif

static void kc_print(void *arg, size_t off, int tag, const char *msg)
{
	if (tag >= 0)
		fprintf(stderr, "pgp_keyring_check: %s: offset %zu, packet tag %d: %s\n",
			(const char *)arg, off, tag, msg);
	else
		fprintf(stderr, "pgp_keyring_check: %s: offset %zu: %s\n",
			(const char *)arg, off, msg);
}

int main(int argc, char **argv)
{
	u8 *buf = NULL;
	size_t len = 0, cap = 0, n;
	unsigned int problems;
	FILE *f;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("Usage: pgp_keyring_check KEYRING [NAME]\n"
		       "       pgp_keyring_check --version\n"
		       "Refuses a binary OpenPGP keyring that the kernel would not read completely\n"
		       "(see the comment at the top of its source); exits 1 with one line per\n"
		       "problem.\n");
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("pgp_keyring_check %s\n", PGP_TOOLS_VERSION);
		return 0;
	}
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: pgp_keyring_check KEYRING [NAME]\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		fprintf(stderr, "pgp_keyring_check: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			buf = realloc(buf, cap);
			if (!buf) {
				fprintf(stderr, "pgp_keyring_check: %s: out of memory\n", argv[1]);
				return 2;
			}
		}
		n = fread(buf + len, 1, cap - len, f);
		if (!n)
			break;
		len += n;
	}
	if (ferror(f)) {
		fprintf(stderr, "pgp_keyring_check: %s: read error\n", argv[1]);
		return 2;
	}
	fclose(f);
	if (!len) {
		fprintf(stderr, "pgp_keyring_check: %s: empty keyring: the kernel would trust no key (gpg --export that matched no key?)\n",
			argv[argc - 1]);
		free(buf);
		return 1;
	}
	problems = keyring_check(buf, len, kc_print, argv[argc - 1]);
	free(buf);
	if (problems) {
		fprintf(stderr, "pgp_keyring_check: %s: %u problem(s): the kernel would not read this keyring completely\n",
			argv[argc - 1], problems);
		return 1;
	}
	return 0;
}
#endif
