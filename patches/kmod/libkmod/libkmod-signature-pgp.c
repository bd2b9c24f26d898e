// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libkmod - OpenPGP module signature display
 *
 * A module signed with OpenPGP carries its signatures in an ELF section
 * named "module_sig": a 16-octet header ("OPGPMSIG", version 1, three zero
 * octets, the payload length as a big-endian 32-bit number), the payload
 * (one or more OpenPGP signature packets, RFC 9580 versions 4 and 6), then
 * zeros up to the section's end.  The signed data is the whole module file
 * with that section's content as zeros.
 *
 * This reads the section for display only: it never checks a signature and
 * never decides whether a module or its signer is trusted; the kernel does
 * that when the module is loaded.  The section comes from any file modinfo
 * is pointed at, so every length is checked against what is left before a
 * byte is read, and reading stops at the first packet whose length does
 * not fit.
 */

#include <stdio.h>
#include <string.h>

#include "libkmod-signature-pgp.h"

#define PGP_SIG_MAGIC "OPGPMSIG"
#define PGP_SIG_HDR_LEN 16
/* What the kernel reads at most, in octets and in packets. */
#define PGP_SIG_MAX_SECTION 0x10000
#define PGP_SIG_MAX_PACKETS 16

#define PGP_TAG_SIGNATURE 2
#define PGP_SUB_ISSUER_KEYID 16
#define PGP_SUB_SIGNER_UID 28
#define PGP_SUB_ISSUER_FPR 33

struct pgp_buf {
	const uint8_t *p;
	size_t len;
};

/* Take @n octets off the front of @b (into @out, if given). */
static bool pgp_take(struct pgp_buf *b, size_t n, struct pgp_buf *out)
{
	if (n > b->len)
		return false;
	if (out != NULL) {
		out->p = b->p;
		out->len = n;
	}
	b->p += n;
	b->len -= n;
	return true;
}

/* A big-endian number of @n (at most 4) octets. */
static bool pgp_be(struct pgp_buf *b, size_t n, uint32_t *v)
{
	struct pgp_buf o;
	size_t i;

	if (!pgp_take(b, n, &o))
		return false;
	for (*v = 0, i = 0; i < n; i++)
		*v = *v << 8 | o.p[i];
	return true;
}

/*
 * The length of a new-format packet or of a subpacket (RFC 9580 4.2.1 and
 * 5.2.3.7): one, two or five octets; partial lengths are not allowed here.
 */
static bool pgp_length(struct pgp_buf *b, uint32_t *len)
{
	uint32_t o1, o2;

	if (!pgp_be(b, 1, &o1))
		return false;
	if (o1 < 192) {
		*len = o1;
		return true;
	}
	if (o1 < 224) {
		if (!pgp_be(b, 1, &o2))
			return false;
		*len = ((o1 - 192) << 8) + o2 + 192;
		return true;
	}
	return o1 == 255 && pgp_be(b, 4, len);
}

/* One packet: its tag and body, in the new or the legacy format. */
static bool pgp_packet(struct pgp_buf *b, uint32_t *tag, struct pgp_buf *body)
{
	static const uint8_t legacy_octets[4] = { 1, 2, 4, 0 };
	uint32_t ctb, len;

	if (!pgp_be(b, 1, &ctb) || !(ctb & 0x80))
		return false;
	if (ctb & 0x40) {
		*tag = ctb & 0x3f;
		if (!pgp_length(b, &len))
			return false;
	} else {
		*tag = (ctb >> 2) & 0x0f;
		/* an indeterminate length: not for a signature */
		if (!legacy_octets[ctb & 3] || !pgp_be(b, legacy_octets[ctb & 3], &len))
			return false;
	}
	return pgp_take(b, len, body);
}

/* The Signer's User ID, control characters (C0, DEL, C1) shown as '?'. */
static void pgp_signer(struct kmod_pgp_sig *sig, struct pgp_buf uid)
{
	size_t i, n = uid.len < KMOD_PGP_SIGNER_MAX - 1 ? uid.len : KMOD_PGP_SIGNER_MAX - 1;

	for (i = 0; i < n; i++) {
		uint8_t c = uid.p[i];

		/* U+0080..U+009F are 0xC2 0x80..0x9F in UTF-8 */
		if (c == 0xc2 && i + 1 < n && uid.p[i + 1] >= 0x80 && uid.p[i + 1] <= 0x9f) {
			sig->signer[i++] = '?';
			c = '?';
		} else if (c < 0x20 || c == 0x7f) {
			c = '?';
		}
		sig->signer[i] = c;
	}
	sig->signer[n] = '\0';
	sig->signer_len = n;
}

/*
 * The subpackets of one area: the issuer's fingerprint (the hashed one
 * first), else its key ID, and the Signer's User ID of the hashed area.
 */
static bool pgp_subpackets(struct pgp_buf area, bool hashed, struct kmod_pgp_sig *sig,
			   struct pgp_buf *keyid)
{
	while (area.len > 0) {
		struct pgp_buf d;
		uint32_t len;

		if (!pgp_length(&area, &len) || len == 0 || !pgp_take(&area, len, &d))
			return false;
		switch (d.p[0] & 0x7f) {
		case PGP_SUB_ISSUER_FPR:
			if (sig->key == NULL &&
			    ((len == 22 && d.p[1] == 4) || (len == 34 && d.p[1] == 6))) {
				sig->key = d.p + 2;
				sig->key_len = len - 2;
			}
			break;
		case PGP_SUB_ISSUER_KEYID:
			if (keyid->p == NULL && len == 9) {
				keyid->p = d.p + 1;
				keyid->len = 8;
			}
			break;
		case PGP_SUB_SIGNER_UID:
			if (hashed && sig->signer_len == 0) {
				d.p++;
				d.len--;
				pgp_signer(sig, d);
			}
			break;
		}
	}
	return true;
}

static const char *pgp_algo_name(uint32_t algo, struct kmod_pgp_sig *sig)
{
	switch (algo) {
	case 1:
	case 3:
		return "RSA";
	case 17:
		return "DSA";
	case 19:
		return "ECDSA";
	case 22:
		return "EdDSA";
	case 27:
		return "Ed25519";
	case 28:
		return "Ed448";
	case 30:
		return "ML-DSA-65+Ed25519";
	case 31:
		return "ML-DSA-87+Ed448";
	case 32:
		return "SLH-DSA-SHAKE-128s";
	case 33:
		return "SLH-DSA-SHAKE-128f";
	case 34:
		return "SLH-DSA-SHAKE-256s";
	}
	snprintf(sig->algo_buf, sizeof(sig->algo_buf), "unknown (algorithm %u)", algo);
	return sig->algo_buf;
}

/* Hash names as libkmod gives them for PKCS#7 signatures. */
static const char *pgp_hash_name(uint32_t hash, struct kmod_pgp_sig *sig)
{
	switch (hash) {
	case 1:
		return "md5";
	case 2:
		return "sha1";
	case 3:
		return "rmd160";
	case 8:
		return "sha256";
	case 9:
		return "sha384";
	case 10:
		return "sha512";
	case 11:
		return "sha224";
	case 12:
		return "sha3-256";
	case 14:
		return "sha3-512";
	}
	snprintf(sig->hash_buf, sizeof(sig->hash_buf), "unknown (hash %u)", hash);
	return sig->hash_buf;
}

/* A signature packet's body (RFC 9580 5.2.3): version 4 or 6. */
static void pgp_signature(struct pgp_buf b, struct kmod_pgp_sig *sig)
{
	struct pgp_buf hashed, unhashed, keyid = { NULL, 0 };
	uint32_t version, type, algo, hash, len, salt_len;
	size_t len_octets;

	if (!pgp_be(&b, 1, &version)) {
		sig->id = "OpenPGP: empty signature packet";
		return;
	}
	if (version != 4 && version != 6) {
		snprintf(sig->id_buf, sizeof(sig->id_buf),
			 "OpenPGP v%u: signature version not read", version);
		sig->id = sig->id_buf;
		return;
	}
	len_octets = version == 4 ? 2 : 4;
	if (!pgp_be(&b, 1, &type) || !pgp_be(&b, 1, &algo) || !pgp_be(&b, 1, &hash) ||
	    !pgp_be(&b, len_octets, &len) || !pgp_take(&b, len, &hashed) ||
	    !pgp_be(&b, len_octets, &len) || !pgp_take(&b, len, &unhashed) ||
	    !pgp_take(&b, 2, NULL))
		goto malformed;
	if (version == 6 && (!pgp_be(&b, 1, &salt_len) || !pgp_take(&b, salt_len, NULL)))
		goto malformed;
	if (!pgp_subpackets(hashed, true, sig, &keyid) ||
	    !pgp_subpackets(unhashed, false, sig, &keyid))
		goto malformed;
	if (sig->key == NULL) {
		sig->key = keyid.p;
		sig->key_len = keyid.len;
	}
	sig->id = version == 4 ? "OpenPGP v4" : "OpenPGP v6";
	sig->algo = pgp_algo_name(algo, sig);
	sig->hash_algo = pgp_hash_name(hash, sig);
	sig->sig = b.p;
	sig->sig_len = b.len;
	return;

malformed:
	memset(sig, 0, sizeof(*sig));
	snprintf(sig->id_buf, sizeof(sig->id_buf), "OpenPGP v%u: malformed signature packet",
		 version);
	sig->id = sig->id_buf;
}

/* The container's header and padding; the payload into @it. */
static const char *pgp_container(struct kmod_pgp_sig_iter *it, struct kmod_pgp_sig *sig)
{
	const uint8_t *s = it->sec;
	size_t i, room;
	uint32_t len;

	if (it->size > PGP_SIG_MAX_SECTION)
		return "OpenPGP: module_sig larger than 64 KiB (the kernel refuses it)";
	for (i = 0; i < it->size && s[i] == 0; i++)
		;
	if (i == it->size)
		return "OpenPGP: empty module_sig placeholder (not signed)";
	if (it->size < PGP_SIG_HDR_LEN || memcmp(s, PGP_SIG_MAGIC, 8) != 0)
		return "OpenPGP: malformed module_sig (no OPGPMSIG header)";
	if (s[8] != 1) {
		snprintf(sig->id_buf, sizeof(sig->id_buf),
			 "OpenPGP: module_sig container version %u not known", s[8]);
		return sig->id_buf;
	}
	if (s[9] != 0 || s[10] != 0 || s[11] != 0)
		return "OpenPGP: malformed module_sig (reserved octets not zero)";
	len = (uint32_t)s[12] << 24 | (uint32_t)s[13] << 16 | (uint32_t)s[14] << 8 | s[15];
	room = it->size - PGP_SIG_HDR_LEN;
	if (len == 0 || len > room) {
		snprintf(sig->id_buf, sizeof(sig->id_buf),
			 "OpenPGP: malformed module_sig (payload of %u octets, room for %zu)",
			 len, room);
		return sig->id_buf;
	}
	for (i = PGP_SIG_HDR_LEN + len; i < it->size; i++)
		if (s[i] != 0)
			return "OpenPGP: malformed module_sig (data after the payload)";
	it->next = s + PGP_SIG_HDR_LEN;
	it->left = len;
	return NULL;
}

/**
 * kmod_pgp_sig_begin:
 * @it: the iterator to set up
 * @sec: the content of a module's module_sig section
 * @size: its size in octets
 */
void kmod_pgp_sig_begin(struct kmod_pgp_sig_iter *it, const void *sec, size_t size)
{
	memset(it, 0, sizeof(*it));
	it->sec = sec;
	it->size = size;
}

/**
 * kmod_pgp_sig_next:
 * @it: an iterator set up by kmod_pgp_sig_begin()
 * @sig: filled with the next line to show
 *
 * Gives each signature of the section in turn, or one line saying what is
 * wrong: with the section (then nothing more), with a packet's header or
 * length (then nothing more), or with one packet (then the next one).
 *
 * Returns: true when @sig was filled, false after the last one.
 */
bool kmod_pgp_sig_next(struct kmod_pgp_sig_iter *it, struct kmod_pgp_sig *sig)
{
	struct pgp_buf left, body;
	uint32_t tag;

	memset(sig, 0, sizeof(*sig));
	if (it->done)
		return false;
	if (!it->started) {
		it->started = true;
		sig->id = pgp_container(it, sig);
		if (sig->id != NULL) {
			it->done = true;
			return true;
		}
	}
	if (it->left == 0) {
		it->done = true;
		return false;
	}
	if (it->count == PGP_SIG_MAX_PACKETS) {
		it->done = true;
		sig->id = "OpenPGP: more than 16 packets in module_sig (the kernel refuses it)";
		return true;
	}
	it->count++;
	left.p = it->next;
	left.len = it->left;
	if (!pgp_packet(&left, &tag, &body)) {
		it->done = true;
		snprintf(sig->id_buf, sizeof(sig->id_buf),
			 "OpenPGP: malformed packet %u (its header or length)", it->count);
		sig->id = sig->id_buf;
		return true;
	}
	it->next = left.p;
	it->left = left.len;
	if (tag != PGP_TAG_SIGNATURE) {
		snprintf(sig->id_buf, sizeof(sig->id_buf),
			 "OpenPGP: packet %u is not a signature (tag %u)", it->count, tag);
		sig->id = sig->id_buf;
		return true;
	}
	pgp_signature(body, sig);
	return true;
}
