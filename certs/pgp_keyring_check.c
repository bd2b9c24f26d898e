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
 *  - a signature whose version or type cannot be read, and a revocation
 *    signature (0x20, 0x28, 0x30) that does not parse as the kernel parses
 *    it (version 4 or 6, well-formed subpackets, creation time and issuer,
 *    an algorithm and hash it knows, the salt of a v6 signature, minimal
 *    MPIs),
 *  - subpackets that are not well-formed, in any version 4 or 6 signature,
 *  - a designated revoker (subpacket 12) in any signature, and a key or
 *    subkey revocation (0x20, 0x28) issued by a key other than the primary
 *    of its certificate: the kernel does not honour designated revokers,
 *  - a key that appears twice: a later copy of a certificate (merge the
 *    copies with gpg --import, then gpg --export) or a key in two
 *    certificates.
 *
 * It parses without checking signatures: a revocation that parses but does
 * not verify is reported by the kernel at boot.  The checks are at least as
 * strict as the kernel's own parser (a fuzz target compares the two).
 *
 * Usage: pgp_keyring_check KEYRING [NAME]
 * Prints "pgp_keyring_check: NAME: offset N, packet tag T: problem" for each
 * problem and exits 1 when there is one, 2 when the file cannot be read.
 */

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include "pgp_keyring_check.h"

#define FPR_LEN		20	/* v4 */
#define FPR_MAX		32	/* v6 */
#define KEYID_LEN	8

struct kc_state {
	const uint8_t *buf;
	size_t len;
	kc_report_fn report;
	void *arg;
	unsigned int problems;

	bool have_primary;
	bool primary_known;		/* a v4 or v6 primary, fingerprinted */
	uint8_t primary_fpr[FPR_MAX];
	size_t primary_fpr_len;

	uint8_t (*fprs)[FPR_MAX];	/* every v4 and v6 key seen so far */
	size_t *fpr_lens;
	size_t *fpr_offs;
	size_t nr_fprs, max_fprs;
};

static void kc_problem(struct kc_state *s, size_t off, int tag, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

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

static uint32_t be16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int fls8(uint8_t b)
{
	int n = 0;

	while (b) {
		n++;
		b >>= 1;
	}
	return n;
}

/* A subpacket or new-format packet length; 0 or -1 (malformed). */
static int kc_length(const uint8_t **p, const uint8_t *end, bool packet, size_t *len)
{
	const uint8_t *q = *p;

	if (q >= end)
		return -1;
	if (packet && q[0] >= 224 && q[0] < 255)
		return -1;	/* partial lengths: the kernel refuses them */
	if (q[0] < 192) {
		*len = q[0];
		*p = q + 1;
	} else if (q[0] == 255) {
		if (end - q < 5)
			return -1;
		*len = be32(q + 1);
		*p = q + 5;
	} else {
		if (end - q < 2)
			return -1;
		*len = ((size_t)(q[0] - 192) << 8) + q[1] + 192;
		*p = q + 2;
	}
	return 0;
}

/* Subpackets whose critical bit the kernel accepts without understanding them. */
static bool kc_informational(uint8_t type)
{
	switch (type) {
	case 4: case 7: case 11: case 21: case 22: case 23: case 25: case 28:
	case 30: case 34: case 39:
		return true;
	default:
		return false;
	}
}

struct kc_sig {
	uint8_t version;
	bool has_time;
	bool has_keyid;
	uint8_t keyid[KEYID_LEN];
	size_t fpr_len;			/* 0: none */
	uint8_t fpr[32];
	bool revocation_key;
	uint64_t seen;
};

static bool kc_issuer_fpr(struct kc_sig *sig, const uint8_t *d, size_t len)
{
	size_t flen;

	/* the key version is the signature's */
	if (len < 1 || d[0] != sig->version)
		return false;
	flen = sig->version == 6 ? FPR_MAX : FPR_LEN;
	if (len != 1 + flen)
		return false;
	if (sig->fpr_len && (sig->fpr_len != flen || memcmp(sig->fpr, d + 1, flen)))
		return false;
	memcpy(sig->fpr, d + 1, flen);
	sig->fpr_len = flen;
	return true;
}

static bool kc_issuer(struct kc_sig *sig, const uint8_t *d, size_t len)
{
	if (len != KEYID_LEN)
		return false;
	if (sig->has_keyid && memcmp(sig->keyid, d, KEYID_LEN))
		return false;
	memcpy(sig->keyid, d, KEYID_LEN);
	sig->has_keyid = true;
	return true;
}

/*
 * Walk one subpacket area.  @strict applies the kernel's parsing rules for
 * revocation signatures; without it only the framing is checked (and
 * subpacket 12 noted).  Returns false when the area does not pass.
 */
static bool kc_subpackets(const uint8_t *p, const uint8_t *end, bool hashed,
			  bool strict, struct kc_sig *sig)
{
	while (p < end) {
		const uint8_t *d;
		size_t len;
		uint8_t hdr, type;
		bool critical;

		if (kc_length(&p, end, false, &len) || len == 0 ||
		    len > (size_t)(end - p))
			return false;
		hdr = p[0];
		type = hdr & 0x7f;
		critical = hdr & 0x80;
		d = p + 1;
		len -= 1;
		p = d + len;

		if (type == 12)
			sig->revocation_key = true;
		if (!strict)
			continue;

		if (!hashed) {
			switch (type) {
			case 16:
				if (!kc_issuer(sig, d, len))
					return false;
				continue;
			case 33:
				if (!sig->fpr_len && !kc_issuer_fpr(sig, d, len))
					return false;
				continue;
			case 32:
				if (!len)
					return false;
				continue;
			}
			if (critical && !kc_informational(type))
				return false;
			continue;
		}

		switch (type) {
		case 2: case 3: case 9: case 27: case 29: case 32: case 33:
			if (sig->seen & (1ULL << type))
				return false;
			sig->seen |= 1ULL << type;
			break;
		}
		switch (type) {
		case 2:
			if (len != 4)
				return false;
			sig->has_time = true;
			break;
		case 3:
		case 9:
			if (len != 4)
				return false;
			break;
		case 16:
			if (!kc_issuer(sig, d, len))
				return false;
			break;
		case 33:
			if (!kc_issuer_fpr(sig, d, len))
				return false;
			break;
		case 27:
		case 12:
			break;
		case 29:
		case 32:
			if (len < 1)
				return false;
			break;
		default:
			if (critical && !kc_informational(type))
				return false;
			break;
		}
	}
	return true;
}

/* One MPI as the kernel reads it: exact bit count, within @max_bits. */
static bool kc_mpi(const uint8_t **p, const uint8_t *end, unsigned int max_bits)
{
	const uint8_t *q = *p;
	unsigned int nbits;
	size_t nbytes;

	if (end - q < 2)
		return false;
	nbits = be16(q);
	q += 2;
	if (nbits == 0 || nbits > max_bits)
		return false;
	nbytes = (nbits + 7) / 8;
	if (nbytes > (size_t)(end - q))
		return false;
	if (fls8(q[0]) != (int)((nbits - 1) % 8) + 1)
		return false;
	*p = q + nbytes;
	return true;
}

static bool kc_is_revocation(int type)
{
	return type == 0x20 || type == 0x28 || type == 0x30;
}

/* The salt size of a v6 signature's hash (RFC 9580 9.5), 0 for none. */
static unsigned int kc_salt_len(uint8_t hash)
{
	switch (hash) {
	case 8: case 11: case 12:
		return 16;
	case 9:
		return 24;
	case 10: case 14:
		return 32;
	default:
		return 0;
	}
}

/* A version 4 or 6 signature that the kernel's parser takes. */
static bool kc_parse_sig(const uint8_t *body, size_t len, bool strict, struct kc_sig *sig)
{
	const uint8_t *p = body, *end = body + len;
	unsigned int i, nr_mpi, max_bits;
	size_t hlen, ulen, w;
	bool v6;

	memset(sig, 0, sizeof(*sig));
	if (len < 1 || (body[0] != 4 && body[0] != 6))
		return false;
	sig->version = body[0];
	v6 = sig->version == 6;
	w = v6 ? 4 : 2;		/* subpacket area counts */
	if (len < 4 + w)
		return false;
	hlen = v6 ? be32(body + 4) : be16(body + 4);
	p += 4 + w;
	if (hlen > (size_t)(end - p) || !kc_subpackets(p, p + hlen, true, strict, sig))
		return false;
	p += hlen;
	if ((size_t)(end - p) < w)
		return false;
	ulen = v6 ? be32(p) : be16(p);
	p += w;
	if (ulen > (size_t)(end - p) || !kc_subpackets(p, p + ulen, false, strict, sig))
		return false;
	p += ulen;
	if (!strict)
		return true;

	if (!sig->has_time)
		return false;
	if (sig->fpr_len) {
		const uint8_t *id = sig->fpr + (v6 ? 0 : FPR_LEN - KEYID_LEN);

		if (sig->has_keyid && memcmp(sig->keyid, id, KEYID_LEN))
			return false;
		memcpy(sig->keyid, id, KEYID_LEN);
		sig->has_keyid = true;
	}
	if (!sig->fpr_len && (v6 || !sig->has_keyid))
		return false;
	if (end - p < 2)
		return false;
	p += 2;		/* digest prefix */
	if (v6) {
		unsigned int want = kc_salt_len(body[3]);

		if (end - p < 1 || !want || p[0] != want || (size_t)(end - p - 1) < want)
			return false;
		p += 1 + want;
	}

	switch (body[2]) {
	case 1: case 3:
		nr_mpi = 1;
		max_bits = 16384;
		break;
	case 17:
		nr_mpi = 2;
		max_bits = 512;
		break;
	case 22:		/* EdDSALegacy: v4 only */
	case 19:
		if (v6 && body[2] == 22)
			return false;
		nr_mpi = 2;
		max_bits = 8 * 66;
		break;
	case 27:
		if (end - p != 64)
			return false;
		p = end;
		nr_mpi = 0;
		max_bits = 0;
		break;
	case 30:	/* ML-DSA-65+Ed25519, v6 only */
		if (!v6 || end - p != 64 + 3309)
			return false;
		p = end;
		nr_mpi = 0;
		max_bits = 0;
		break;
	default:
		return false;
	}
	for (i = 0; i < nr_mpi; i++)
		if (!kc_mpi(&p, end, max_bits))
			return false;
	if (p != end)
		return false;
	switch (body[3]) {	/* SHA-1 is read for v4 revocations */
	case 2:
		return !v6;
	case 8: case 9: case 10: case 11: case 12: case 14:
		return true;
	default:
		return false;
	}
}

static void kc_signature(struct kc_state *s, size_t off, const uint8_t *body, size_t len)
{
	struct kc_sig sig;
	int type;

	if (len >= 1 && body[0] == 3 && len >= 3) {
		type = body[2];
		if (kc_is_revocation(type))
			kc_problem(s, off, 2, "version 3 revocation signature (type 0x%02x): the kernel reads only version 4",
				   type);
		return;
	}
	if (len < 2 || (body[0] != 4 && body[0] != 6)) {
		kc_problem(s, off, 2, "signature packet of version %d: its type cannot be read",
			   len ? body[0] : -1);
		return;
	}
	type = body[1];
	if (kc_is_revocation(type)) {
		if (!kc_parse_sig(body, len, true, &sig)) {
			kc_problem(s, off, 2, "revocation signature (type 0x%02x) that the kernel cannot parse",
				   type);
			return;
		}
		if (type != 0x30 && s->primary_known) {
			/* a v4 key ID is the fingerprint's end, a v6 one its start */
			const uint8_t *id = s->primary_fpr +
				(s->primary_fpr_len == FPR_LEN ? FPR_LEN - KEYID_LEN : 0);
			bool by_primary;

			if (sig.fpr_len)
				by_primary = sig.fpr_len == s->primary_fpr_len &&
					     !memcmp(sig.fpr, s->primary_fpr, sig.fpr_len);
			else
				by_primary = !memcmp(sig.keyid, id, KEYID_LEN);

			if (!by_primary)
				kc_problem(s, off, 2, "revocation (type 0x%02x) issued by another key than the certificate's primary (a designated revoker): not honoured by the kernel",
					   type);
		}
	} else if (!kc_parse_sig(body, len, false, &sig)) {
		kc_problem(s, off, 2, "signature (type 0x%02x) with malformed subpackets", type);
		return;
	}
	if (sig.revocation_key)
		kc_problem(s, off, 2, "signature (type 0x%02x) designates a revocation key (subpacket 12): the kernel does not honour designated revokers",
			   type);
}

/*
 * Fingerprint a v4 key packet body (SHA-1 of 0x99, be16 length, body) or a
 * v6 one (SHA-256 of 0x9b, be32 length, body); 0 when it is neither, else
 * the fingerprint's length.
 */
static size_t kc_fingerprint(const uint8_t *body, size_t len, uint8_t fpr[FPR_MAX])
{
	uint8_t hdr[5];
	size_t hlen;
	const EVP_MD *alg;
	EVP_MD_CTX *md;
	bool ok;

	if (len < 1)
		return 0;
	if (body[0] == 4 && len <= 0xffff) {
		hdr[0] = 0x99;
		hdr[1] = (uint8_t)(len >> 8);
		hdr[2] = (uint8_t)len;
		hlen = 3;
		alg = EVP_sha1();
	} else if (body[0] == 6 && len <= 0xffffffff) {
		hdr[0] = 0x9b;
		hdr[1] = (uint8_t)(len >> 24);
		hdr[2] = (uint8_t)(len >> 16);
		hdr[3] = (uint8_t)(len >> 8);
		hdr[4] = (uint8_t)len;
		hlen = 5;
		alg = EVP_sha256();
	} else {
		return 0;
	}
	md = EVP_MD_CTX_new();
	if (!md)
		abort();
	ok = EVP_DigestInit_ex(md, alg, NULL) &&
	     EVP_DigestUpdate(md, hdr, hlen) &&
	     EVP_DigestUpdate(md, body, len) &&
	     EVP_DigestFinal_ex(md, fpr, NULL);
	EVP_MD_CTX_free(md);
	if (!ok)
		abort();
	return body[0] == 6 ? FPR_MAX : FPR_LEN;
}

static void kc_key(struct kc_state *s, size_t off, int tag, const uint8_t *body, size_t len)
{
	uint8_t fpr[FPR_MAX];
	size_t i, flen;

	if (tag == 6) {
		s->have_primary = true;
		s->primary_known = false;
	}
	flen = kc_fingerprint(body, len, fpr);
	if (!flen)
		return;
	if (tag == 6) {
		s->primary_known = true;
		memcpy(s->primary_fpr, fpr, flen);
		s->primary_fpr_len = flen;
	}
	for (i = 0; i < s->nr_fprs; i++) {
		if (s->fpr_lens[i] != flen || memcmp(s->fprs[i], fpr, flen))
			continue;
		if (tag == 6)
			kc_problem(s, off, tag, "a later copy of the certificate at offset %zu: the kernel uses the first copy's self-signature; merge them (gpg --import both, then gpg --export)",
				   s->fpr_offs[i]);
		else
			kc_problem(s, off, tag, "key already present at offset %zu: a key belongs to one certificate only",
				   s->fpr_offs[i]);
		return;
	}
	if (s->nr_fprs == s->max_fprs) {
		size_t n = s->max_fprs ? 2 * s->max_fprs : 16;
		void *f = realloc(s->fprs, n * sizeof(*s->fprs));
		void *l = f ? realloc(s->fpr_lens, n * sizeof(*s->fpr_lens)) : NULL;
		void *o = l ? realloc(s->fpr_offs, n * sizeof(*s->fpr_offs)) : NULL;

		if (!f || !l || !o)
			abort();
		s->fprs = f;
		s->fpr_lens = l;
		s->fpr_offs = o;
		s->max_fprs = n;
	}
	memcpy(s->fprs[s->nr_fprs], fpr, flen);
	s->fpr_lens[s->nr_fprs] = flen;
	s->fpr_offs[s->nr_fprs++] = off;
}

unsigned int keyring_check(const uint8_t *buf, size_t len, kc_report_fn report, void *arg)
{
	struct kc_state s = { .buf = buf, .len = len, .report = report, .arg = arg };
	const uint8_t *p = buf, *end = buf + len;

	while (p < end) {
		size_t off = p - buf, blen;
		const uint8_t *q = p + 1;
		uint8_t ctb = p[0];
		int tag;

		if (!(ctb & 0x80)) {
			kc_problem(&s, off, -1, "not an OpenPGP packet header; the kernel would ignore the rest");
			break;
		}
		if (ctb & 0x40) {
			tag = ctb & 0x3f;
			if (kc_length(&q, end, true, &blen)) {
				kc_problem(&s, off, tag, "malformed, truncated or partial packet length; the kernel would ignore the rest");
				break;
			}
		} else {
			unsigned int lt = ctb & 3, n = lt == 0 ? 1 : lt == 1 ? 2 : 4, i;

			tag = (ctb >> 2) & 0x0f;
			if (lt == 3 || (size_t)(end - q) < n) {
				kc_problem(&s, off, tag, "indeterminate or truncated packet length; the kernel would ignore the rest");
				break;
			}
			for (blen = 0, i = 0; i < n; i++)
				blen = blen << 8 | q[i];
			q += n;
		}
		if (tag == 0 || blen > (size_t)(end - q)) {
			kc_problem(&s, off, tag, "packet of tag 0 or longer than the keyring; the kernel would ignore the rest");
			break;
		}
		p = q + blen;

		switch (tag) {
		case 5:
		case 7:
			kc_problem(&s, off, tag, "secret key material: build the kernel with \"gpg --export\" output, never \"--export-secret-keys\"");
			continue;
		case 6:
			kc_key(&s, off, tag, q, blen);
			continue;
		case 10:
		case 12:
			continue;
		}
		if (!s.have_primary) {
			kc_problem(&s, off, tag, "packet before the first public key: the kernel ignores it");
			continue;
		}
		if (tag == 14)
			kc_key(&s, off, tag, q, blen);
		else if (tag == 2)
			kc_signature(&s, off, q, blen);
	}
	free(s.fprs);
	free(s.fpr_lens);
	free(s.fpr_offs);
	return s.problems;
}

#ifndef KEYRING_CHECK_NO_MAIN
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
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;
	unsigned int problems;
	FILE *f;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		printf("Usage: pgp_keyring_check KEYRING [NAME]\n"
		       "Refuses a binary OpenPGP keyring that the kernel would not read completely\n"
		       "(see the comment at the top of its source); exits 1 with one line per\n"
		       "problem.\n");
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
