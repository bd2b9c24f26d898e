/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parsers of pgp-sign-module that read untrusted input (gpg-agent's
 * answers, ASCII armour), declared for its fuzz targets, and the plain C
 * face of the kernel code compiled into it (OpenPGP packets, keyrings,
 * verdicts: pgp-sign-module-kernel.c).
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

int sexp_sig_values(const uint8_t *s, size_t n, char algo[16],
		    const uint8_t **r, size_t *rlen, const uint8_t **sv, size_t *slen);
int assuan_parse_line(const char *l, size_t n, struct buf *data, char *msg, size_t msglen);
int pgp_dearmor(const uint8_t *in, size_t n, struct buf *out);

/*
 * The header and section table of an ELF file in host byte order (a copy
 * to free) when the file is of the other byte order, else NULL; *elf64 is
 * set from its class when it is an ELF file whose header can be read.
 */
uint8_t *elf_native_view(const uint8_t *f, size_t len, int *elf64);

/*
 * The kernel's OpenPGP code, compiled in (pgp-sign-module-kernel.c).
 * Functions return 0 or a negative errno, as the kernel does.
 */
struct kern_config {
	bool legacy;		/* CONFIG_MODULE_SIG_PGP_LEGACY */
	bool ed25519;		/* CONFIG_CRYPTO_ED25519 */
	bool ecdsa;		/* CONFIG_CRYPTO_ECDSA_RAW */
};

struct kern_keyring;		/* a built-in keyring as the kernel parses it */
struct kern_pubkeys;		/* public keys, by fingerprint */

/* Who made the signature the kernel accepted. */
struct kern_signer {
	uint8_t fpr[32], primary[32];	/* the (sub)key; its primary */
	size_t fpr_len, primary_len;
	char desc[32];			/* "RSA-4096", "EdDSA-ed25519" ... */
};

/* What the kernel's parser reads of a signature packet. */
struct kern_sig_info {
	unsigned int version, type, pkalgo, hashalgo;	/* when 4 bytes are there */
	uint32_t ctime;
	bool has_ctime, has_keyid;
	uint8_t issuer_fpr[32], keyid[8];
	size_t issuer_fpr_len;
};

void kern_set_config(const struct kern_config *cfg);
int kern_keyring_load(const uint8_t *data, size_t len, struct kern_keyring **kr,
		      unsigned int *lost);
void kern_keyring_free(struct kern_keyring *kr);
int kern_module_check(const struct kern_keyring *kr, const uint8_t *file, size_t len,
		      struct kern_signer *signer);
int kern_next_packet(const uint8_t **p, const uint8_t *end, unsigned int *tag,
		     const uint8_t **body, size_t *len);
int kern_sig_info(const uint8_t *body, size_t len, struct kern_sig_info *si);
int kern_pubkeys_load(const uint8_t *data, size_t len, struct kern_pubkeys **pk);
void kern_pubkeys_free(struct kern_pubkeys *pk);
int kern_sig_verify(struct kern_pubkeys *pk, const uint8_t *body, size_t len,
		    const uint8_t *d, size_t n, size_t zoff, size_t zlen);
int kern_explain(const struct kern_keyring *kr, const uint8_t *body, size_t len,
		 int verdict, char *detail, size_t size);
const char *kern_errno_name(int err);

#endif
