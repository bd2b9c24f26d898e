// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the reader of module_sig sections of the kmod patch
 * (patches/kmod/libkmod/libkmod-signature-pgp.c), on its input as the
 * content of a module_sig section.  Every line it gives is checked:
 *
 *  - @id is a non-empty string; a line with @algo == NULL carries nothing
 *    else (no key, signature, hash or signer);
 *  - for a signature: @key (when set) is a 20- or 32-octet fingerprint or an
 *    8-octet key ID inside the input, @sig with @sig_len lies inside the
 *    input, @hash_algo is set, @signer is NUL-terminated at @signer_len, below
 *    KMOD_PGP_SIGNER_MAX, without C0 controls or DEL;
 *  - the lines end: at most 17 (16 packets and one saying there are more,
 *    or one saying what is wrong with the section), then false for good.
 *
 * Built with -DKMOD_PGP_DUMP instead (no libFuzzer), it is the test driver
 * of tests/host/kmod: it prints each line of each file named on the command
 * line as modinfo prints them (the signature in hex, on one line).
 * Build: tests/fuzz/build-kmod.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libkmod-signature-pgp.h"

#define MAX_LINES 17

static void check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_kmod_pgp: invariant broken: %s\n", what);
		abort();
	}
}

static int inside(const uint8_t *p, size_t n, const uint8_t *data, size_t size)
{
	return p >= data && n <= size && (size_t)(p - data) <= size - n;
}

static void check_line(const struct kmod_pgp_sig *s, const uint8_t *data, size_t size)
{
	size_t i;

	check(s->id != NULL && s->id[0] != '\0', "every line has an id");
	if (s->algo == NULL) {
		check(s->key == NULL && s->sig == NULL && s->hash_algo == NULL &&
		      s->signer_len == 0 && s->signer[0] == '\0', "a bad line carries nothing else");
		return;
	}
	check(s->algo[0] != '\0' && s->hash_algo != NULL && s->hash_algo[0] != '\0',
	      "a signature names its algorithms");
	check(!strcmp(s->id, "OpenPGP v4") || !strcmp(s->id, "OpenPGP v6"), "a signature's id");
	if (s->key != NULL)
		check((s->key_len == 8 || s->key_len == 20 || s->key_len == 32) &&
		      inside(s->key, s->key_len, data, size), "key inside the input");
	else
		check(s->key_len == 0, "no key, no key length");
	check(inside(s->sig, s->sig_len, data, size), "signature inside the input");
	check(s->signer_len < KMOD_PGP_SIGNER_MAX && s->signer[s->signer_len] == '\0' &&
	      strlen(s->signer) == s->signer_len, "signer NUL-terminated at its length");
	for (i = 0; i < s->signer_len; i++) {
		const unsigned char c = s->signer[i];

		check(c >= 0x20 && c != 0x7f, "no C0 control or DEL in the signer");
		check(c != 0xc2 || i + 1 == s->signer_len ||
		      (unsigned char)s->signer[i + 1] < 0x80 ||
		      (unsigned char)s->signer[i + 1] > 0x9f, "no C1 control in the signer");
	}
}

#ifndef KMOD_PGP_DUMP
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kmod_pgp_sig_iter it;
	struct kmod_pgp_sig s;
	unsigned int n = 0;

	kmod_pgp_sig_begin(&it, data, size);
	while (kmod_pgp_sig_next(&it, &s)) {
		check(++n <= MAX_LINES, "at most 17 lines");
		check_line(&s, data, size);
	}
	check(!kmod_pgp_sig_next(&it, &s), "the end stays the end");
	return 0;
}
#else
static void hex(const char *key, const uint8_t *p, size_t n)
{
	size_t i;

	printf("%-16s", key);
	for (i = 0; i < n; i++)
		printf("%02X", p[i]);
	printf("\n");
}

static int dump(const char *path)
{
	struct kmod_pgp_sig_iter it;
	struct kmod_pgp_sig s;
	uint8_t *data;
	long size;
	FILE *f = fopen(path, "rb");
	unsigned int n = 0;

	if (f == NULL || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		perror(path);
		return 1;
	}
	data = malloc(size ? size : 1);
	if (data == NULL || fread(data, 1, size, f) != (size_t)size) {
		perror(path);
		return 1;
	}
	fclose(f);
	kmod_pgp_sig_begin(&it, data, size);
	while (kmod_pgp_sig_next(&it, &s)) {
		check(++n <= MAX_LINES, "at most 17 lines");
		check_line(&s, data, size);
		printf("%-16s%s\n", "sig_id:", s.id);
		if (s.algo == NULL)
			continue;
		printf("%-16s%s\n", "signer:", s.signer);
		hex("sig_key:", s.key, s.key_len);
		printf("%-16s%s\n", "sig_hashalgo:", s.hash_algo);
		printf("%-16s%s\n", "sig_algo:", s.algo);
		hex("signature:", s.sig, s.sig_len);
	}
	free(data);
	return 0;
}

int main(int argc, char **argv)
{
	int i, ret = 0;

	for (i = 1; i < argc; i++)
		ret |= dump(argv[i]);
	return ret;
}
#endif
