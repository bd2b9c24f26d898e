// SPDX-License-Identifier: GPL-2.0
/*
 * Host driver for the built-in keyring parser (security/pgp_keys/
 * keyring_parse.c) and the module signature check (kernel/module/
 * signing_pgp.c), compiled unchanged through tests/compat.  run.sh here
 * (list, lookup) and tests/host/module/run.sh (verify) call it on keyrings
 * and modules made with gpg at test time and compare the output with what
 * they expect; tests/host/sign/run.sh compares its verify answers with
 * scripts/verify-module.sh.
 *
 *   keyring_test [--legacy] KEYRING list
 *	one pgp_keys_describe() line per key, then "count N"
 *   keyring_test [--legacy] KEYRING lookup FPR|KEYID SIGTIME
 *	"0 FPR" or the errno name (ENOKEY, EKEYREVOKED, EKEYEXPIRED)
 *   keyring_test [--legacy] [--blacklist FILE] [--fail-alloc N] KEYRING verify MODULE
 *	module_pgp_sig_check(): "0 SIGNER-FPR" (the pgp_signer attribute) or
 *	the errno name; --blacklist blacklists the SHA-256 of FILE; a line
 *	is added when a hash was allocated without CRYPTO_NOLOAD; with
 *	--fail-alloc N the (N+1)th allocation of the check fails
 *	with --prefix (or more than one MODULE) every line starts with "MODULE: ",
 *	a keyring it cannot parse too ("MODULE: parse ERRNO" for each)
 *   keyring_test --measure KEYRING verify MODULE
 *	the same, then "memory heap H stack S": the most bytes the check held
 *	allocated at once (kmalloc, as malloc_usable_size counts them) and the
 *	deepest its stack went (the check runs on a thread whose stack was
 *	filled with a pattern first); meant for a build without sanitizers
 *   keyring_test --pq-only ... KEYRING verify MODULE
 *	with only post-quantum signatures counting (pgp_keys.pq_only=1)
 *   keyring_test --prepare ... KEYRING verify MODULE
 *	the keys prepared first as the kernel's keyring prepares its built-in
 *	ones (pgp_pubkey_prepare(): DSA tables, the RSA context, ML-DSA-65
 *	tables), outside what --measure counts
 *
 * The exit status is 0 whenever the operation ran (whatever its answer),
 * 2 on usage or I/O errors.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <crypto/hash.h>
#include <crypto/pgp.h>
#include <crypto/sha2.h>
#include <keys/pgp_keys.h>
#include <keys/system_keyring.h>
#include "internal.h"

static struct pgp_builtin_key test_keys[PGP_KEYS_MAX];
static unsigned int test_nr;
static u8 blacklisted[SHA256_DIGEST_SIZE];
static bool have_blacklist;

const struct pgp_builtin_key *pgp_keys_find(const u8 *fpr, size_t fpr_len,
					    const u8 *keyid, u32 sig_time, int *why)
{
	return pgp_keys_lookup(test_keys, test_nr, fpr, fpr_len, keyid, sig_time, why);
}

const struct pgp_builtin_key *
pgp_keys_find_next(const struct pgp_builtin_key *prev, const u8 *fpr,
		   size_t fpr_len, const u8 *keyid, u32 sig_time, int *why)
{
	return pgp_keys_lookup_next(test_keys, test_nr, prev, fpr, fpr_len, keyid, sig_time, why);
}

/* pgp_keys.pq_only, from --pq-only */
static bool pq_only;

bool pgp_keys_pq_only(void)
{
	return pq_only;
}

/* The keys of this array are not reference counted. */
void pgp_keys_put(const struct pgp_builtin_key *k)
{
}

int is_hash_blacklisted(const u8 *hash, size_t hash_len,
			enum blacklist_hash_type hash_type)
{
	if (hash_type == BLACKLIST_HASH_BINARY && have_blacklist &&
	    hash_len == sizeof(blacklisted) && !memcmp(hash, blacklisted, hash_len))
		return -EKEYREJECTED;
	return 0;
}

static const char *ename(int e)
{
	static char buf[32];

	switch (e) {
	case 0: return "0";
	case -ENODATA: return "ENODATA";
	case -EBADMSG: return "EBADMSG";
	case -ENOKEY: return "ENOKEY";
	case -ENOPKG: return "ENOPKG";
	case -ENOMEM: return "ENOMEM";
	case -EKEYREJECTED: return "EKEYREJECTED";
	case -EKEYREVOKED: return "EKEYREVOKED";
	case -EKEYEXPIRED: return "EKEYEXPIRED";
	}
	snprintf(buf, sizeof(buf), "errno%d", e);
	return buf;
}

static u8 *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	u8 *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "keyring_test: %s: cannot read\n", path);
		exit(2);
	}
	/* Exact size, so that ASan catches any read past the end. */
	buf = malloc(n ? n : 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n) {
		fprintf(stderr, "keyring_test: %s: cannot read\n", path);
		exit(2);
	}
	fclose(f);
	*len = n;
	return buf;
}

static int unhex(const char *s, u8 *out, size_t max)
{
	size_t n = strlen(s), i;

	if (n % 2 || n / 2 > max)
		return -1;
	for (i = 0; i < n / 2; i++) {
		unsigned int v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = v;
	}
	return n / 2;
}

/* The check on a thread with a painted stack, for --measure */
#include <pthread.h>
#define MEASURE_STACK	(1 << 20)
#define MEASURE_PAINT	0xa5
struct measure {
	struct load_info *info;
	uintptr_t top;
	int ret;
};

static void *measure_thread(void *arg)
{
	struct measure *m = arg;

	/* the thread's descriptor and TLS sit above: count from here down */
	m->top = (uintptr_t)__builtin_frame_address(0);
	m->ret = module_pgp_sig_check(m->info);
	return NULL;
}

static int measure_check(struct load_info *info, size_t *heap, size_t *stack)
{
	struct measure m = { .info = info };
	pthread_attr_t attr;
	pthread_t t;
	size_t base, i;
	u8 *mem;

	mem = aligned_alloc(4096, MEASURE_STACK);
	if (!mem)
		exit(2);
	memset(mem, MEASURE_PAINT, MEASURE_STACK);
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, mem, MEASURE_STACK);
	base = compat_alloc_bytes;
	compat_alloc_bytes_peak = base;
	if (pthread_create(&t, &attr, measure_thread, &m) || pthread_join(t, NULL))
		exit(2);
	*heap = compat_alloc_bytes_peak - base;
	/* the stack grows down: the lowest byte no longer painted */
	for (i = 0; i < MEASURE_STACK && mem[i] == MEASURE_PAINT; i++)
		;
	*stack = m.top - (uintptr_t)(mem + i);
	pthread_attr_destroy(&attr);
	free(mem);
	return m.ret;
}

/* "@prefix: " before a line of "verify" with more than one module */
static void pfx(const char *prefix)
{
	if (prefix)
		printf("%s: ", prefix);
}

/* module_pgp_sig_check() of @path, as "verify" prints it */
static void verify_one(const char *path, const char *prefix, long fail_alloc, bool measure)
{
	struct load_info info = {};
	struct module mod = {};
	struct module_kobject mk = { .mod = &mod };
	char show[4096];
	size_t len, heap = 0, stack = 0;
	int ret;

	compat_shash_nonoload = 0;
	info.hdr = (Elf_Ehdr *)read_file(path, &len);
	info.len = len;
	compat_alloc_fail_after = fail_alloc;
	if (measure)
		ret = measure_check(&info, &heap, &stack);
	else
		ret = module_pgp_sig_check(&info);
	compat_alloc_fail_after = -1;
	pfx(prefix);
	if (ret) {
		printf("%s\n", ename(ret));
	} else {
		/* as main.c does after a good signature */
		memcpy(mod.pgp_signer, info.pgp_signer, sizeof(mod.pgp_signer));
		mod.pgp_signer_len = info.pgp_signer_len;
		if (!modinfo_pgp_signer.test(&mod)) {
			printf("0 (no signer)\n");
		} else {
			modinfo_pgp_signer.show(&modinfo_pgp_signer, &mk, show);
			printf("0 %s", show);
		}
	}
	free(info.hdr);
	if (measure) {
		pfx(prefix);
		printf("memory heap %zu stack %zu\n", heap, stack);
	}
	/* a hash allocated without CRYPTO_NOLOAD could load a module */
	if (compat_shash_nonoload) {
		pfx(prefix);
		printf("%lu hash allocations without CRYPTO_NOLOAD\n", compat_shash_nonoload);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: keyring_test [--legacy] [--blacklist FILE] [--measure] [--prepare] [--pq-only] [--prefix] "
		"KEYRING "
		"list | lookup FPR|KEYID SIGTIME | verify MODULE...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *blacklist = NULL;
	long fail_alloc = -1;
	bool legacy = false, measure = false, prepare = false, prefix = false;
	u8 *ring;
	size_t ring_len;
	int i = 1, ret;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--legacy"))
			legacy = true;
		else if (!strcmp(argv[i], "--blacklist") && i + 1 < argc)
			blacklist = argv[++i];
		else if (!strcmp(argv[i], "--fail-alloc") && i + 1 < argc)
			fail_alloc = strtol(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--measure"))
			measure = true;
		else if (!strcmp(argv[i], "--prepare"))
			prepare = true;
		else if (!strcmp(argv[i], "--pq-only"))
			pq_only = true;
		else if (!strcmp(argv[i], "--prefix"))
			prefix = true;
		else
			usage();
	}
	if (argc - i < 2)
		usage();
	ring = read_file(argv[i], &ring_len);
	ret = pgp_keys_parse(ring, ring_len, test_keys, PGP_KEYS_MAX, legacy);
	/* the prefix is verify's: with --prefix or more than one module */
	prefix = !strcmp(argv[i + 1], "verify") && (prefix || argc - i > 3);
	if (ret < 0) {
		int f = i + 2;

		do {	/* once, or for each MODULE of "verify" with a prefix */
			pfx(prefix && f < argc ? argv[f] : NULL);
			printf("parse %s\n", ename(ret));
		} while (prefix && ++f < argc);
		return 0;
	}
	test_nr = ret;
	if (prepare) {
		unsigned int k;

		for (k = 0; k < test_nr; k++) {
			const char *what;
			ssize_t n = pgp_pubkey_prepare(&test_keys[k].pub, &what);

			if (n < 0) {
				printf("prepare %s\n", ename(n));
				return 0;
			}
		}
	}

	if (!strcmp(argv[i + 1], "list")) {
		unsigned int k;
		char line[512];

		for (k = 0; k < test_nr; k++) {
			ret = pgp_keys_describe(test_keys, test_nr, k, 2000000000LL,
						line, sizeof(line));
			if (ret < 0)
				printf("describe %s\n", ename(ret));
			else
				fputs(line, stdout);
		}
		printf("count %u\n", test_nr);
	} else if (!strcmp(argv[i + 1], "lookup") && argc - i == 4) {
		const struct pgp_builtin_key *k;
		u8 id[PGP_FPR_MAX];
		int n = unhex(argv[i + 2], id, sizeof(id)), why;
		u32 t = strtoul(argv[i + 3], NULL, 0);

		if (n != PGP_KEYID_LEN && n != PGP_V4_FPR_LEN && n != PGP_V6_FPR_LEN)
			usage();
		if (n == PGP_KEYID_LEN)
			k = pgp_keys_lookup(test_keys, test_nr, NULL, 0, id, t, &why);
		else
			k = pgp_keys_lookup(test_keys, test_nr, id, n, NULL, t, &why);
		if (k) {
			printf("0 ");
			for (n = 0; n < k->pub.fpr_len; n++)
				printf("%02x", k->pub.fpr[n]);
			printf("\n");
		} else
			printf("%s\n", ename(why));
	} else if (!strcmp(argv[i + 1], "verify") && argc - i >= 3) {
		int f;

		if (blacklist) {
			size_t len;
			u8 *b = read_file(blacklist, &len);

			sha256(b, len, blacklisted);
			have_blacklist = true;
			free(b);
		}
		for (f = i + 2; f < argc; f++)
			verify_one(argv[f], prefix ? argv[f] : NULL, fail_alloc, measure);
	} else {
		usage();
	}
	if (prepare) {
		unsigned int k;

		for (k = 0; k < test_nr; k++)
			pgp_pubkey_release(&test_keys[k].pub);
	}
	free(ring);
	return 0;
}
