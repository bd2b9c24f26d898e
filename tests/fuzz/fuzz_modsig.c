// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a whole module file through the OpenPGP module check.
 * module_pgp_sig_locate() runs on the input as ELF64 and as ELF32 and its
 * answer is checked to stay inside the file and module_sig within its size
 * cap, and a file without the ELF magic to be "unsigned" (-ENODATA: the
 * loader's own ELF checks refuse it); then module_pgp_sig_check()
 * (kernel/module/signing_pgp.c) parses the signature packets and verifies
 * against the keyring in $FUZZ_KEYRING (binary, e.g. from gpg --export),
 * or an empty keyring; with $FUZZ_PQ_ONLY set, only post-quantum
 * signatures count (pgp_keys.pq_only).  Build: tests/fuzz/build-keyring.sh.
 */
#include <linux/elf.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"
#include "../../kernel/module/signing_pgp_elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct pgp_builtin_key fuzz_keys[PGP_KEYS_MAX];
static bool fuzz_pq_only;	/* pgp_keys.pq_only: $FUZZ_PQ_ONLY set */

bool pgp_keys_pq_only(void)
{
	return fuzz_pq_only;
}

static unsigned int fuzz_nr;
static u8 *fuzz_ring;

const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time, int *why)
{
	return pgp_keys_lookup(fuzz_keys, fuzz_nr, fpr, fpr_len, keyid, sig_time, why);
}

const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	return pgp_keys_lookup_next(fuzz_keys, fuzz_nr, prev, fpr, fpr_len, keyid, sig_time, why);
}

/* The keys of this array are not reference counted. */
void pgp_keys_put(const struct pgp_builtin_key *k)
{
}

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type)
{
	return hash[0] == 0xff && hash[1] == 0xff ? -EKEYREJECTED : 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *path = getenv("FUZZ_KEYRING");
	FILE *f;
	long n;
	int ret;

	fuzz_pq_only = getenv("FUZZ_PQ_ONLY");

	if (!path)
		return 0;
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		perror(path);
		exit(2);
	}
	fuzz_ring = malloc(n ? n : 1);
	if (!fuzz_ring || fread(fuzz_ring, 1, n, f) != (size_t)n)
		exit(2);
	fclose(f);
	ret = pgp_keys_parse(fuzz_ring, n, fuzz_keys, PGP_KEYS_MAX, false);
	if (ret < 0)
		exit(2);
	fuzz_nr = ret;
	fprintf(stderr, "fuzz_modsig: %u keys from %s\n", fuzz_nr, path);
	return 0;
}

static void check_loc(const struct module_pgp_sig_loc *loc, size_t size)
{
	if (loc->sec_off > size || loc->sec_size > size - loc->sec_off ||
	    loc->payload_off < loc->sec_off + 16 || !loc->payload_len ||
	    loc->payload_len > loc->sec_off + loc->sec_size - loc->payload_off ||
	    loc->sec_size > MODULE_PGP_SIG_MAX_SIZE)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct module_pgp_sig_loc loc;
	struct load_info info = {};
	int ret, e;

	for (e = 0; e <= 1; e++) {
		ret = module_pgp_sig_locate(data, size, e, &loc);
		if (!ret)
			check_loc(&loc, size);
		else if (ret != -ENODATA && ret != -EBADMSG)
			abort();
		if (ret != -ENODATA && (size < SELFMAG || memcmp(data, ELFMAG, SELFMAG)))
			abort();
	}

	info.hdr = (Elf_Ehdr *)data;
	info.len = size;
	ret = module_pgp_sig_check(&info);
	switch (ret) {
	case 0:
		if (!info.pgp_signer_len || info.pgp_signer_len > MODULE_PGP_FPR_MAX)
			abort();
		break;
	case -ENODATA: case -ENOKEY: case -ENOPKG: case -EKEYREJECTED:
	case -EBADMSG: case -ENOMEM:
		if (info.pgp_signer_len)
			abort();
		break;
	default:
		abort();
	}
	return 0;
}
