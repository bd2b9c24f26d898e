// SPDX-License-Identifier: GPL-2.0
/*
 * OpenPGP v6 (RFC 9580) and ML-DSA-65+Ed25519 (RFC 9980) in the tool: what
 * the independent verifiers of a v4 world cannot read, and the placeholder
 * a signature made elsewhere needs.
 *
 * gpgv 2.2 and sqv 1.1 read RFC 4880 signatures only: a v6 signature, or a
 * v4 one of the native Ed25519 algorithm (27), is one they cannot check,
 * which is not a bad signature.  Such a signature is judged by the kernel's
 * code alone (the loader's check, compiled in), and the tool says so.
 */
#include <stdio.h>
#include <string.h>

#include "pgp-sign.h"

/*
 * What gpgv and sqv cannot read in the signature packet [@pkt, @pkt + @n):
 * "v6", "algorithm 27" (Ed25519 in v4), "algorithm 28" (Ed448 in v4), or
 * NULL for a v4 signature they read (and for a malformed packet, which the
 * kernel's check refuses).
 */
const char *sig_not_v4(const u8 *pkt, size_t n)
{
	struct kern_sig_info si;
	const u8 *q = pkt, *body;
	unsigned int tag;
	size_t len;

	if (kern_next_packet(&q, pkt + n, &tag, &body, &len) || tag != 2 || len < 4)
		return NULL;
	kern_sig_info(body, len, &si);
	if (si.version == 6)
		return "v6";
	switch (si.pkalgo) {
	case PGP_ALGO_ED25519:
		return "algorithm 27";
	case PGP_ALGO_ED448:
		return "algorithm 28";
	case PGP_ALGO_MLDSA65_ED25519:
		return "algorithm 30";
	case PGP_ALGO_MLDSA87_ED448:
		return "algorithm 31";
	default:
		return NULL;
	}
}

/*
 * The packets [@d, @d + @n) less every v6 transferable public key (a v6
 * primary key packet and what follows it up to the next primary), into
 * @out: the keyring gpgv 2.2 and sqv 1.1 get, as either refuses a whole
 * keyring that holds a v6 key.  The kernel reads the keyring as it is; the
 * v6 keys' signatures are those these verifiers cannot read anyway.
 * Returns the number of v6 keys left out.
 */
unsigned int ring_v4_only(const u8 *d, size_t n, struct buf *out)
{
	const u8 *p = d, *q, *end = d + n, *body;
	unsigned int tag, dropped = 0;
	bool skip = false;
	size_t len;

	while (p < end) {
		q = p;
		if (kern_next_packet(&q, end, &tag, &body, &len))
			break;
		if (tag == 6) {
			skip = len >= 1 && body[0] == 6;
			dropped += skip;
		}
		if (!skip)
			buf_add(out, p, q - p);
		p = q;
	}
	return dropped;
}
