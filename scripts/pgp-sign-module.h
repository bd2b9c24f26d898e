/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parsers of pgp-sign-module that read untrusted input (gpg-agent's
 * answers, OpenPGP packets, ASCII armour), declared for its fuzz targets.
 */
#ifndef _PGP_SIGN_MODULE_H
#define _PGP_SIGN_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ASSUAN_MAX_LINE	65536	/* longer answer lines are refused */

struct buf {
	uint8_t *p;
	size_t len, cap;
};

/* Kinds of Assuan answer lines (assuan_parse_line()) */
enum { A_BAD, A_OK, A_ERR, A_DATA, A_STATUS, A_INQUIRE, A_COMMENT };

struct pgp_pkt {
	unsigned int tag;
	size_t hdr_len, total, body_len;
	const uint8_t *body;
};

struct pgp_sig {
	unsigned int version, class, pkalgo, hashalgo;
	const uint8_t *hashed, *unhashed, *left16, *mpis;
	size_t hashed_len, unhashed_len, mpis_len;
	size_t ctime_off;		/* of the creation time in the hashed area */
	uint32_t ctime;
	bool has_ctime, has_fpr, has_keyid;
	uint8_t fpr[20], keyid[8];
};

int pgp_next_packet(const uint8_t *p, size_t len, struct pgp_pkt *pkt);
int pgp_parse_sig(const uint8_t *b, size_t n, struct pgp_sig *s);
int sexp_sig_values(const uint8_t *s, size_t n, char algo[16],
		    const uint8_t **r, size_t *rlen, const uint8_t **sv, size_t *slen);
int assuan_parse_line(const char *l, size_t n, struct buf *data, char *msg, size_t msglen);
int pgp_dearmor(const uint8_t *in, size_t n, struct buf *out);

#endif
