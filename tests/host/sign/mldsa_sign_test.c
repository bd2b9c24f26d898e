// SPDX-License-Identifier: GPL-2.0
/*
 * The tool's ML-DSA signer (scripts/pgp-sign/mldsa_sign.c) against the
 * kernel's verifier and an independent implementation: for a seed and a
 * message (hex) and rnd, prints the public key and the signature (hex, one
 * line each) that mldsa_sign.c makes, after checking the signature with the
 * kernel's mldsa65_verify() or mldsa87_verify() compiled into the same
 * objects.
 * Usage: mldsa_sign_test [--set 65|87] SEED-HEX RND-HEX MSG-HEX   (default 65)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../scripts/pgp-sign/pgp-sign.h"
#include "../../../scripts/pgp-sign/pqsign.h"

int mldsa65_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len);
int mldsa87_verify(const u8 *pk, size_t pk_len, const u8 *msg, size_t msg_len,
		   const u8 *sig, size_t sig_len);

static size_t unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;
	unsigned int b;

	while (n < max && sscanf(s + 2 * n, "%2x", &b) == 1)
		out[n++] = b;
	return n;
}

int main(int argc, char **argv)
{
	static u8 pk[PGP_MLDSA87_PK_SIZE], sig[PGP_MLDSA87_SIG_SIZE], msg[4096];
	unsigned int set = 65;
	size_t n, i, pkl, sigl;
	struct mldsa_key *k;
	u8 seed[32], rnd[32];
	int v;

	if (argc == 6 && !strcmp(argv[1], "--set")) {
		set = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	pkl = mldsa_pk_size(set);
	sigl = mldsa_sig_size(set);
	if (argc != 4 || !pkl || unhex(argv[1], seed, 32) != 32 || unhex(argv[2], rnd, 32) != 32)
		return 2;
	n = unhex(argv[3], msg, sizeof(msg));
	k = mldsa_keygen(set, seed, pk);
	if (!k || mldsa_sign(k, msg, n, rnd, sig))
		return 1;
	v = (set == 87 ? mldsa87_verify : mldsa65_verify)(pk, pkl, msg, n, sig, sigl);
	for (i = 0; i < pkl; i++)
		printf("%02x", pk[i]);
	printf("\n");
	for (i = 0; i < sigl; i++)
		printf("%02x", sig[i]);
	printf("\nkernel %d\n", v);
	mldsa_key_free(k);
	return v ? 1 : 0;
}
