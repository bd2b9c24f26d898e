// SPDX-License-Identifier: GPL-2.0
/*
 * The OpenPGP signature packet, written: the packet gpg would make for a
 * module (RFC 4880 5.2.3, RFC 9580 5.2.3 version 4), built from gpg's own
 * reference signature, which the kernel's parser reads first.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>

#include "pgp-sign.h"

const char *hash_name(int h)
{
	switch (h) {
	case 2:
		return "SHA1";
	case 8:
		return "SHA256";
	case 9:
		return "SHA384";
	case 10:
		return "SHA512";
	case 11:
		return "SHA224";
	}
	return NULL;
}

static const EVP_MD *hash_md(int h)
{
	switch (h) {
	case 2:
		return EVP_sha1();
	case 8:
		return EVP_sha256();
	case 9:
		return EVP_sha384();
	case 10:
		return EVP_sha512();
	case 11:
		return EVP_sha224();
	}
	return NULL;
}

bool hash_known(int h)
{
	return hash_md(h);
}

/*
 * The subpacket at @pos of an area the kernel's parser has read (so its
 * lengths are known to be sound): its type and data; the next position.
 */
static size_t sub_next(const u8 *a, size_t pos, u8 *type, size_t *data, size_t *len)
{
	size_t sl = a[pos], h = 1;

	if (sl >= 255) {
		sl = get_be32(a + pos + 1);
		h = 5;
	} else if (sl >= 192) {
		sl = ((sl - 192) << 8) + a[pos + 1] + 192;
		h = 2;
	}
	*type = a[pos + h] & 0x7f;
	*data = pos + h + 1;
	*len = sl - 1;
	return pos + h + sl;
}

/*
 * A signature packet as gpg wrote it: the kernel's parser reads it (and so
 * checks every length), then its areas are located for copying.  Returns 0,
 * or -1 when it is not one version 4 signature packet with a creation time.
 */
int sig_raw(const u8 *pkt, size_t n, struct sigraw *s)
{
	struct kern_sig_info si;
	const u8 *p = pkt;
	unsigned int tag;
	size_t q, d, l;
	u8 t;

	memset(s, 0, sizeof(*s));
	if (kern_next_packet(&p, pkt + n, &tag, &s->body, &s->body_len) || tag != 2 ||
	    p != pkt + n || kern_sig_info(s->body, s->body_len, &si) || si.version != 4 ||
	    si.hashed_len < 6)
		return -1;
	s->version = si.version;
	s->type = si.type;
	s->pkalgo = si.pkalgo;
	s->hashalgo = si.hashalgo;
	s->ctime = si.ctime;
	s->issuer_fpr_len = si.issuer_fpr_len;
	memcpy(s->issuer_fpr, si.issuer_fpr, si.issuer_fpr_len);
	/* version, type, algorithms, the area's two-octet length, the area */
	s->hashed = si.hashed + 6;
	s->hashed_len = si.hashed_len - 6;
	if (s->body_len - si.hashed_len < 4)	/* (cannot be: the parser read past it) */
		return -1;
	s->unhashed = s->body + si.hashed_len + 2;
	s->unhashed_len = get_be16(s->body + si.hashed_len);
	if (s->body_len - si.hashed_len - 2 < s->unhashed_len + 2)
		return -1;
	s->left16 = s->unhashed + s->unhashed_len;
	/* the hashed creation time (the parser allows exactly one) */
	for (q = 0; q < s->hashed_len; ) {
		q = sub_next(s->hashed, q, &t, &d, &l);
		if (t == 2 && l == 4)
			s->ctime_off = d;
	}
	return s->ctime_off ? 0 : -1;
}

/*
 * Are all of gpg's hashed subpackets ones the agent path reproduces (they
 * cannot depend on the data signed)?  Else the first other type in *@bad.
 */
int sig_subpacket_types(const struct sigraw *s, unsigned int *bad)
{
	size_t q, d, l;
	u8 t;

	for (q = 0; q < s->hashed_len; ) {
		q = sub_next(s->hashed, q, &t, &d, &l);
		switch (t) {
		case 2:		/* creation time */
		case 3:		/* signature expiry */
		case 16:	/* issuer key ID */
		case 20:	/* notation */
		case 24:	/* preferred key server */
		case 26:	/* policy URI */
		case 28:	/* signer's user ID */
		case 33:	/* issuer fingerprint */
			continue;
		}
		*bad = t;
		return -1;
	}
	return 0;
}

/* The body of the signer's signature up to the hashed area's end, for time @t. */
void sig_prefix(const struct pgp_signer *s, struct buf *b, u32 t)
{
	u8 h[6] = { 4, 0, s->pkalgo, s->hashalgo };

	put_be16(h + 4, s->hashed.len);
	buf_add(b, h, 6);
	buf_add(b, s->hashed.p, s->hashed.len);
	put_be32(b->p + b->len - s->hashed.len + s->ctime_off, t);
}

/* H(data with [zoff, zoff+zlen) as zeros || prefix || trailer) */
int digest_of(int halgo, const u8 *d, size_t n, size_t zoff, size_t zlen,
	      const struct buf *prefix, u8 *md, unsigned int *mdlen)
{
	static const u8 zeros[4096];
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 tr[6] = { 4, 0xff };
	int ok;

	if (!c)
		return -1;
	put_be32(tr + 2, prefix->len);
	ok = EVP_DigestInit_ex(c, hash_md(halgo), NULL) &&
	     EVP_DigestUpdate(c, d, zoff);
	for (size_t z = zlen; ok && z; ) {
		size_t k = z < sizeof(zeros) ? z : sizeof(zeros);

		ok = EVP_DigestUpdate(c, zeros, k);
		z -= k;
	}
	ok = ok && EVP_DigestUpdate(c, d + zoff + zlen, n - zoff - zlen) &&
	     EVP_DigestUpdate(c, prefix->p, prefix->len) &&
	     EVP_DigestUpdate(c, tr, 6) &&
	     EVP_DigestFinal_ex(c, md, mdlen);
	EVP_MD_CTX_free(c);
	return ok ? 0 : -1;
}

/* An old-format signature packet header (tag 2) for a body of @len bytes, as gpg writes it. */
void pkt_header(struct buf *b, size_t len)
{
	u8 h[5];

	if (len < 256) {
		h[0] = 0x88;
		h[1] = len;
		buf_add(b, h, 2);
	} else if (len < 65536) {
		h[0] = 0x89;
		put_be16(h + 1, len);
		buf_add(b, h, 3);
	} else {
		h[0] = 0x8a;
		put_be32(h + 1, len);
		buf_add(b, h, 5);
	}
}

/* A new-format packet header (RFC 9580 4.2.1) for tag @tag and a body of @len bytes. */
void pkt_header_new(struct buf *b, unsigned int tag, size_t len)
{
	u8 h[6] = { 0xc0 | tag };

	if (len < 192) {
		h[1] = len;
		buf_add(b, h, 2);
	} else if (len < 8384) {
		h[1] = ((len - 192) >> 8) + 192;
		h[2] = (len - 192) & 0xff;
		buf_add(b, h, 3);
	} else {
		h[1] = 0xff;
		put_be32(h + 2, len);
		buf_add(b, h, 6);
	}
}

/*
 * RFC 4880 3.2 MPI of a big-endian number (leading zeros removed).  Returns
 * 0, or -1 for a value the two-octet bit count cannot describe (more than
 * 65535 bits) or zero, which no signature value is.
 */
int add_mpi(struct buf *b, const u8 *v, size_t n)
{
	unsigned int bits;
	u8 hdr[2];

	while (n && !*v) {
		v++;
		n--;
	}
	if (!n || n > 0xFFFF / 8 + 1)
		return -1;
	bits = n * 8;
	for (u8 top = v[0]; !(top & 0x80); top <<= 1)
		bits--;
	if (bits > 0xFFFF)
		return -1;
	put_be16(hdr, bits);
	buf_add(b, hdr, 2);
	buf_add(b, v, n);
	return 0;
}
