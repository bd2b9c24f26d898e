// SPDX-License-Identifier: GPL-2.0
/*
 * ASCII armour (RFC 4880 section 6, RFC 9580 section 6) to binary packets:
 * a remote signer's signature, a keyring, sign-file's CERT, --dearmor.
 *
 * Radix-64 is decoded here (not by a library whose output length is not
 * known in advance): each block "-----BEGIN PGP X-----", armour headers
 * ("Key: Value") up to a blank line, base64 lines with their "=" padding at
 * the very end, an optional checksum line "=" + 4 characters,
 * "-----END PGP X-----".  The output length is computed from the validated
 * base64 text before a byte is written.  The CRC-24 checksum is checked
 * when present: RFC 9580 makes it optional and says a receiver must not
 * reject a mismatch, but what comes here is a keyring to build into a
 * kernel or a signature to attach, and a damaged file is refused with that
 * reason rather than half-read.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "pgp-sign.h"

static int b64_value(u8 c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* RFC 4880 6.1: CRC-24 of @n bytes */
u32 pgp_crc24(const u8 *d, size_t n)
{
	u32 crc = 0xB704CE;

	while (n--) {
		crc ^= (u32)*d++ << 16;
		for (int i = 0; i < 8; i++) {
			crc <<= 1;
			if (crc & 0x1000000)
				crc ^= 0x1864CFB;
		}
	}
	return crc & 0xFFFFFF;
}

/* One line of @in from @p: [*l, *l + *ll) without CR/LF and trailing blanks. */
static size_t next_line(const u8 *in, size_t n, size_t p, const u8 **l, size_t *ll)
{
	size_t e = p;

	while (e < n && in[e] != '\n')
		e++;
	*l = in + p;
	*ll = e - p;
	while (*ll && ((*l)[*ll - 1] == '\r' || (*l)[*ll - 1] == ' ' || (*l)[*ll - 1] == '\t'))
		(*ll)--;
	return e < n ? e + 1 : n;
}

/*
 * Decode the base64 characters of [@d, @d + @dl) (lines with their line
 * ends, blanks allowed) into out->p + out->len.  Returns 0, or -1 when the
 * text is not radix-64: a character outside the alphabet, padding that is
 * not at the end, a length that is not a whole number of 4-character
 * groups, or bits left over in the last group.
 */
static int b64_decode(const u8 *d, size_t dl, struct buf *out)
{
	size_t chars = 0, pads = 0, olen, i;
	u32 acc = 0;
	unsigned int k = 0;
	u8 *o;

	/* first pass: validate and count, nothing written */
	for (i = 0; i < dl; i++) {
		u8 c = d[i];

		if (c == '\r' || c == '\n' || c == ' ' || c == '\t')
			continue;
		if (c == '=') {
			pads++;
			continue;
		}
		if (b64_value(c) < 0 || pads)
			return -1;	/* not base64, or data after the padding */
		chars++;
	}
	if ((chars + pads) % 4 || pads > 2 || (pads && chars % 4 != 4 - pads))
		return -1;
	olen = (chars + pads) / 4 * 3 - pads;
	buf_reserve(out, olen);
	o = out->p + out->len;
	/* second pass: exactly olen bytes */
	for (i = 0; i < dl; i++) {
		int v = b64_value(d[i]);

		if (v < 0)
			continue;
		acc = acc << 6 | v;
		if (++k == 4) {
			*o++ = acc >> 16;
			*o++ = acc >> 8;
			*o++ = acc;
			acc = 0;
			k = 0;
		}
	}
	if (k == 2) {		/* 12 bits: one byte, 4 bits that must be zero */
		if (acc & 0xF)
			return -1;
		*o++ = acc >> 4;
	} else if (k == 3) {	/* 18 bits: two bytes, 2 bits that must be zero */
		if (acc & 0x3)
			return -1;
		*o++ = acc >> 10;
		*o++ = acc >> 2;
	}
	assert((size_t)(o - (out->p + out->len)) == olen);
	out->len += olen;
	return 0;
}

/*
 * One armour block from the line after its head line (at *@p): its packets
 * appended to @out, *@p moved past its tail line.  @label names the block
 * the tail line must name.  Returns 0 or -1 (not terminated, malformed).
 */
static int dearmor_block(const u8 *in, size_t n, size_t *p, const u8 *label,
			 size_t labellen, struct buf *out)
{
	static const char end[] = "-----END PGP ";
	const u8 *l, *data = NULL, *csum = NULL;
	size_t ll, start = out->len, datalen = 0;
	bool hdr = true, closed = false;

	while (*p < n) {
		size_t at = *p;

		*p = next_line(in, n, *p, &l, &ll);
		if (ll >= 5 && !memcmp(l, "-----", 5)) {
			/* the tail line must name the block the head line named */
			if (ll != sizeof(end) - 1 + labellen + 5 ||
			    memcmp(l, end, sizeof(end) - 1) ||
			    memcmp(l + sizeof(end) - 1, label, labellen) ||
			    memcmp(l + ll - 5, "-----", 5))
				return -1;
			closed = true;
			break;
		}
		if (hdr) {
			/* "Key: Value" lines up to a blank line (base64 has no ':') */
			if (!ll) {
				hdr = false;
				continue;
			}
			if (memchr(l, ':', ll))
				continue;
			hdr = false;
		}
		if (!ll)
			continue;
		if (csum)
			return -1;	/* text after the checksum line */
		if (l[0] == '=' && !data)
			return -1;	/* a checksum without data */
		if (ll == 5 && l[0] == '=') {
			csum = l + 1;
		} else {
			if (!data)
				data = in + at;
			datalen = (size_t)(l + ll - data);
		}
	}
	if (!closed || !data || b64_decode(data, datalen, out))
		return -1;
	if (csum) {
		struct buf c = {};
		u32 want;

		if (b64_decode(csum, 4, &c) || c.len != 3) {
			buf_free(&c);
			return -1;
		}
		want = (u32)c.p[0] << 16 | (u32)c.p[1] << 8 | c.p[2];
		buf_free(&c);
		if (pgp_crc24(out->p + start, out->len - start) != want)
			return -1;
	}
	buf_check(out);
	return 0;
}

/*
 * pgp_dearmor() - the binary packets of an armoured (or binary) input
 * @in, @n: the input (untrusted)
 * @out: the packets of every armour block, one after the other, are
 *	appended; a binary input (its first byte a packet tag, bit 7 set) is
 *	copied
 * Returns 0, or -1 when there is no armour block, a block is not
 * terminated, its base64 text is malformed or its checksum does not match.
 */
int pgp_dearmor(const u8 *in, size_t n, struct buf *out)
{
	static const char begin[] = "-----BEGIN PGP ";
	bool armoured = false;
	size_t p = 0;

	if (n && (in[0] & 0x80)) {
		buf_add(out, in, n);
		return 0;
	}
	while (p < n) {
		const u8 *l;
		size_t ll;

		p = next_line(in, n, p, &l, &ll);
		if (ll < sizeof(begin) - 1 + 5 || memcmp(l, begin, sizeof(begin) - 1) ||
		    memcmp(l + ll - 5, "-----", 5))
			continue;
		armoured = true;
		if (dearmor_block(in, n, &p, l + sizeof(begin) - 1,
				  ll - (sizeof(begin) - 1) - 5, out))
			return -1;
	}
	return armoured ? 0 : -1;
}

/* Whether the packets [@p, @p + @n) hold a secret key or subkey (tags 5, 7). */
static bool holds_secret(const u8 *p, size_t n)
{
	const u8 *q = p, *end = p + n, *body;
	unsigned int tag;
	size_t len;

	while (q < end && !kern_next_packet(&q, end, &tag, &body, &len))
		if (tag == 5 || tag == 7)
			return true;
	/* (what the kernel's reader cannot read is kept as private as a secret) */
	return q < end;
}

/*
 * --dearmor IN OUT: 0, or 2 with a message.  OUT is a new file renamed into
 * place (a symlink there is replaced, never followed), mode 0600 when it
 * holds a secret key, else 0644 less the umask.
 */
int dearmor_file(const char *in, const char *outp)
{
	struct buf b = {}, o = {};
	char why[PGP_WHY_MAX];
	int ret = 2;

	if (read_file(in, &b, 64 << 20)) {
		fprintf(stderr, "%s: %s: cannot read keyring\n", prog_name(), in);
		goto out;
	}
	if (pgp_dearmor(b.p, b.len, &o) || !o.len) {
		fprintf(stderr, "%s: %s: not an OpenPGP keyring\n", prog_name(), in);
		goto out;
	}
	if (write_new(outp, o.p, o.len, holds_secret(o.p, o.len) ? 0600 : 0644, why,
		      sizeof(why))) {
		fprintf(stderr, "%s: %s\n", prog_name(), why);
		goto out;
	}
	ret = 0;
out:
	buf_free(&b);
	buf_free(&o);
	return ret;
}
