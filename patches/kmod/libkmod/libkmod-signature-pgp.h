/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libkmod - OpenPGP module signature display
 */

#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The Signer's User ID is shown up to this many octets, less one. */
#define KMOD_PGP_SIGNER_MAX 256

/*
 * One line of what a module_sig section holds: a signature, or what is
 * wrong with the section or one of its packets.  @id is set; the other
 * fields are set only for a signature that could be read (@algo != NULL).
 * Pointers other than the @id, @algo and @hash_algo strings point into
 * the section.
 */
struct kmod_pgp_sig {
	const char *id;		/* "OpenPGP v4", "OpenPGP v6", or what is wrong */
	const char *algo;	/* "RSA", ..., "ML-DSA-65+Ed25519" */
	const char *hash_algo;	/* "sha256", ... */
	const uint8_t *key;	/* issuer fingerprint, else key ID, else NULL */
	size_t key_len;
	const uint8_t *sig;	/* the signature's algorithm-specific fields */
	size_t sig_len;
	size_t signer_len;	/* strlen(signer) */
	char signer[KMOD_PGP_SIGNER_MAX];	/* Signer's User ID, or "" */
	char id_buf[96];
	char algo_buf[32];
	char hash_buf[32];
};

struct kmod_pgp_sig_iter {
	const uint8_t *sec;
	size_t size;
	const uint8_t *next;	/* the packets not read yet */
	size_t left;
	unsigned int count;
	bool started, done;
};

void kmod_pgp_sig_begin(struct kmod_pgp_sig_iter *it, const void *sec, size_t size);
bool kmod_pgp_sig_next(struct kmod_pgp_sig_iter *it, struct kmod_pgp_sig *sig);
