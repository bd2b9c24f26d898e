// SPDX-License-Identifier: GPL-2.0
/*
 * The tool's SLH-DSA signer (scripts/pgp-sign/slhdsa_sign.c), linked with
 * the tool's objects (the kernel's verifier, which checks each signature it
 * makes, among them).
 *
 *   slhdsa_sign_test kat FILE
 *	tests/vectors/acvp-slhdsa.txt: each "keygen" line's public key from
 *	its SK.seed || SK.prf || PK.seed, each "sig" line's signature
 *	(slh_sign_internal, deterministic or with its addrnd) by its SHA-256;
 *	one "ok"/"not ok" line each
 *   slhdsa_sign_test sign ALGO SEED-HEX MSG-HEX [ADDRND-HEX]
 *	ALGO 32, 33 or 34; SEED SK.seed || SK.prf || PK.seed: prints the
 *	public key and the pure signature of MSG (hex, a line each),
 *	deterministic without ADDRND
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/sha.h>

#include "../../../scripts/pgp-sign/pgp-sign.h"
#include "../../../scripts/pgp-sign/pqsign.h"

static size_t unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;
	unsigned int b;

	while (n < max && sscanf(s + 2 * n, "%2x", &b) == 1)
		out[n++] = b;
	return n;
}

static void hex(const u8 *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
	printf("\n");
}

static unsigned int algo_of(const char *set)
{
	return !strcmp(set, "128s") ? 32 : !strcmp(set, "128f") ? 33 : !strcmp(set, "256s") ? 34 : 0;
}

static int kat(const char *path)
{
	static char line[8192], what[16], set[8], a[512], b[512], c[512], d[4096], e[128];
	static u8 sig[PGP_SLHDSA_SIG_SIZE_MAX], msg[2048], seed[128], pk[64], pk2[64], rnd[32];
	static u8 want[32], got[32];
	FILE *f = fopen(path, "r");
	int bad = 0, nr = 0;

	if (!f)
		return 2;
	while (fgets(line, sizeof(line), f)) {
		unsigned int algo;
		struct slhdsa_key *k;
		size_t n, ml;
		bool det;
		int fields = sscanf(line, "%15s %7s %511s %511s %511s %4095s %127s", what, set, a, b,
				    c, d, e);

		if (line[0] == '#' || fields < 3 || !(algo = algo_of(set)))
			continue;
		n = slhdsa_n(algo);
		nr++;
		if (!strcmp(what, "keygen") && fields == 3) {
			if (unhex(a, seed, sizeof(seed)) != 4 * n)
				return 2;
			k = slhdsa_keygen(algo, seed, pk);
			if (k && !memcmp(pk, seed + 2 * n, 2 * n)) {
				printf("ok - keygen %s: PK.root\n", set);
			} else {
				printf("not ok - keygen %s: PK.root\n", set);
				bad++;
			}
			slhdsa_key_free(k);
			continue;
		}
		if (strcmp(what, "sig") || fields != 7 || unhex(a, seed, 2 * n) != 2 * n ||
		    unhex(b, pk, 2 * n) != 2 * n || unhex(e, want, 32) != 32)
			return 2;
		memcpy(seed + 2 * n, pk, n);
		ml = unhex(d, msg, sizeof(msg));
		det = !strcmp(c, "det");
		if (!det && unhex(c, rnd, sizeof(rnd)) != n)
			return 2;
		k = slhdsa_keygen(algo, seed, pk2);
		if (!k || memcmp(pk2, pk, 2 * n)) {
			printf("not ok - sig %s: the key's PK.root\n", set);
			bad++;
		} else if (slhdsa_sign_internal(k, msg, ml, det ? NULL : rnd, sig)) {
			printf("not ok - sig %s (%s): signing failed\n", set,
			       det ? "deterministic" : "hedged");
			bad++;
		} else {
			SHA256(sig, slhdsa_sig_size(algo), got);
			printf("%sok - sig %s (%s): the signature's SHA-256\n",
			       memcmp(got, want, 32) ? "not " : "", set,
			       det ? "deterministic" : "hedged");
			bad += !!memcmp(got, want, 32);
		}
		slhdsa_key_free(k);
	}
	fclose(f);
	printf("# %d known answers, %d wrong\n", nr, bad);
	return bad || !nr;
}

int main(int argc, char **argv)
{
	static u8 sig[PGP_SLHDSA_SIG_SIZE_MAX], msg[4096], seed[96], pk[64], rnd[32];
	struct slhdsa_key *k;
	unsigned int algo;
	size_t n, ml;

	if (argc == 3 && !strcmp(argv[1], "kat"))
		return kat(argv[2]);
	if ((argc != 5 && argc != 6) || strcmp(argv[1], "sign"))
		return 2;
	algo = atoi(argv[2]);
	n = slhdsa_n(algo);
	if (!n || unhex(argv[3], seed, sizeof(seed)) != 3 * n ||
	    (argc == 6 && unhex(argv[5], rnd, sizeof(rnd)) != n))
		return 2;
	ml = unhex(argv[4], msg, sizeof(msg));
	k = slhdsa_keygen(algo, seed, pk);
	if (!k || slhdsa_sign(k, msg, ml, argc == 6 ? rnd : NULL, sig))
		return 1;
	hex(pk, 2 * n);
	hex(sig, slhdsa_sig_size(algo));
	slhdsa_key_free(k);
	return 0;
}
