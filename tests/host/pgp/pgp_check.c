// SPDX-License-Identifier: GPL-2.0
/*
 * Host driver for crypto/pgp: parses keyrings and detached signatures made
 * by gpg with the kernel sources (built through tests/compat) and reports
 * fingerprints and verification results, plus an in-process tamper sweep
 * over every byte of a signature.  Used by tests/host/pgp/run.sh.
 */
#include <crypto/pgp.h>
#include <crypto/hash.h>
#include <sys/stat.h>

#define MAX_KEYS 32

struct keyring {
	struct pgp_pubkey keys[MAX_KEYS];
	int rc[MAX_KEYS];
	int nr;
};

static const char *errname(int err)
{
	switch (err) {
	case 0: return "OK";
	case -EBADMSG: return "EBADMSG";
	case -ENOPKG: return "ENOPKG";
	case -EKEYREJECTED: return "EKEYREJECTED";
	case -ENOKEY: return "ENOKEY";
	case -ENODATA: return "ENODATA";
	case -ENOMEM: return "ENOMEM";
	case -EINVAL: return "EINVAL";
	case -ENOENT: return "ENOENT";
	default: return "E?";
	}
}

static u8 *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	u8 *buf;

	if (!f || fstat(fileno(f), &st)) {
		fprintf(stderr, "pgp-check: %s: cannot open\n", path);
		exit(2);
	}
	/* exact-size allocation: ASan catches any over-read */
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf || fread(buf, 1, st.st_size, f) != (size_t)st.st_size) {
		fprintf(stderr, "pgp-check: %s: cannot read\n", path);
		exit(2);
	}
	fclose(f);
	*len = st.st_size;
	return buf;
}

static int load_keyring(const u8 *data, size_t len, struct keyring *kr)
{
	const u8 *p = data, *end = data + len;
	struct pgp_packet pkt;
	int ret;

	kr->nr = 0;
	while ((ret = pgp_next_packet(&p, end, &pkt)) == 0) {
		if (pkt.tag != PGP_PKT_PUBLIC_KEY && pkt.tag != PGP_PKT_PUBLIC_SUBKEY)
			continue;
		if (kr->nr == MAX_KEYS)
			break;
		kr->rc[kr->nr] = pgp_parse_pubkey(pkt.body, pkt.len, &kr->keys[kr->nr]);
		kr->nr++;
	}
	return ret == -ENODATA ? 0 : ret;
}

static const struct pgp_pubkey *find_key(const struct keyring *kr, const struct pgp_sig *sig)
{
	int i;

	for (i = 0; i < kr->nr; i++) {
		const struct pgp_pubkey *k = &kr->keys[i];

		if (kr->rc[i] || !k->fpr_len)
			continue;
		if (sig->issuer_fpr_len) {
			if (sig->issuer_fpr_len == k->fpr_len &&
			    !memcmp(sig->issuer_fpr, k->fpr, k->fpr_len))
				return k;
		} else if (sig->has_issuer_keyid && !memcmp(sig->issuer_keyid, k->keyid, 8)) {
			return k;
		}
	}
	return NULL;
}

/*
 * Verifies a stream of signature packets over data; 0 when any one is good.
 * Error precedence follows the module loader's: EBADMSG for any malformed
 * packet, else the error of the last signature tried (ENOKEY if no key).
 */
static int verify(const struct keyring *kr, const u8 *sigs, size_t slen,
		  const u8 *data, size_t dlen, bool legacy)
{
	const u8 *p = sigs, *end = sigs + slen;
	struct pgp_packet pkt;
	struct pgp_sig sig;
	int ret, result = -ENODATA;

	while ((ret = pgp_next_packet(&p, end, &pkt)) == 0) {
		const struct pgp_pubkey *key;
		struct pgp_hash_ctx *ctx;

		if (pkt.tag != PGP_PKT_SIGNATURE)
			return -EBADMSG;
		ret = pgp_parse_sig(pkt.body, pkt.len, &sig, legacy);
		if (ret == -EBADMSG)
			return ret;
		if (ret) {
			result = ret;
			continue;
		}
		if (sig.type != PGP_SIG_BINARY) {
			result = -EKEYREJECTED;
			continue;
		}
		key = find_key(kr, &sig);
		if (!key) {
			if (result == -ENODATA)
				result = -ENOKEY;
			continue;
		}
		ret = pgp_check_key_policy(key, legacy);
		if (ret) {
			result = ret;
			continue;
		}
		ret = pgp_hash_init(&ctx, &sig);
		if (!ret)
			ret = pgp_hash_update(ctx, data, dlen);
		if (!ret)
			ret = pgp_sig_verify(ctx, &sig, key);
		else
			pgp_hash_free(ctx);
		if (!ret)
			return 0;
		result = ret;
	}
	if (ret != -ENODATA)
		return ret;
	return result;
}

static int cmd_fpr(const u8 *kbuf, size_t klen)
{
	struct keyring kr;
	int i, ret = load_keyring(kbuf, klen, &kr);

	if (ret) {
		printf("keyring %s\n", errname(ret));
		return 1;
	}
	for (i = 0; i < kr.nr; i++) {
		const struct pgp_pubkey *k = &kr.keys[i];
		char fpr[2 * PGP_FPR_MAX + 1];

		snprintf(fpr, sizeof(fpr), "%*phN", k->fpr_len, k->fpr);
		printf("%s %s %u %s policy=%s legacy=%s\n", k->fpr_len ? fpr : "-",
		       pgp_pubkey_algo_name(k->algo), k->bits, errname(kr.rc[i]),
		       kr.rc[i] ? "-" : errname(pgp_check_key_policy(k, false)),
		       kr.rc[i] ? "-" : errname(pgp_check_key_policy(k, true)));
	}
	return 0;
}

/* Every byte of the signature XORed with each mask, then every truncation */
static int cmd_sweep(const struct keyring *kr, const u8 *sig, size_t slen,
		     const u8 *data, size_t dlen, bool legacy)
{
	static const u8 masks[] = { 0x01, 0x80, 0xff };
	unsigned long total = 0, accepted = 0, by_err[8] = { 0 };
	static const int errs[] = { -EBADMSG, -ENOPKG, -EKEYREJECTED, -ENOKEY, -ENODATA };
	size_t off, m, e;
	int ret;

	ret = verify(kr, sig, slen, data, dlen, legacy);
	if (ret) {
		printf("baseline %s\n", errname(ret));
		return 1;
	}
	for (off = 0; off < slen; off++) {
		for (m = 0; m < ARRAY_SIZE(masks); m++) {
			u8 *copy = malloc(slen);

			memcpy(copy, sig, slen);
			copy[off] ^= masks[m];
			ret = verify(kr, copy, slen, data, dlen, legacy);
			free(copy);
			total++;
			if (!ret) {
				accepted++;
				printf("ACCEPTED: offset %zu mask 0x%02x\n", off, masks[m]);
			}
			for (e = 0; e < ARRAY_SIZE(errs); e++)
				if (ret == errs[e])
					by_err[e]++;
		}
	}
	for (off = 0; off < slen; off++) {
		u8 *copy = malloc(off ? off : 1);

		memcpy(copy, sig, off);
		ret = verify(kr, copy, off, data, dlen, legacy);
		free(copy);
		total++;
		if (!ret) {
			accepted++;
			printf("ACCEPTED: truncated to %zu\n", off);
		}
		for (e = 0; e < ARRAY_SIZE(errs); e++)
			if (ret == errs[e])
				by_err[e]++;
	}
	printf("sweep: %lu/%lu variants refused (EBADMSG %lu, ENOPKG %lu, EKEYREJECTED %lu, "
	       "ENOKEY %lu, ENODATA %lu)\n", total - accepted, total, by_err[0], by_err[1],
	       by_err[2], by_err[3], by_err[4]);
	return accepted ? 1 : 0;
}

/*
 * Allocation failure injection: the k-th allocation (k = 0, 1, ...) fails
 * until a run makes no allocation fail.  Every run must end in OK or
 * ENOMEM (never another error, never a crash or a leak).
 */
static int cmd_enomem(const u8 *kbuf, size_t klen, const u8 *sig, size_t slen,
		      const u8 *data, size_t dlen, bool legacy)
{
	struct keyring *kr = calloc(1, sizeof(*kr));
	unsigned long before;
	int k, ret, bad = 0, nomem = 0;

	for (k = 0; k < 1000; k++) {
		compat_alloc_fail_after = k;
		before = compat_alloc_count;
		ret = load_keyring(kbuf, klen, kr);
		if (!ret)
			ret = verify(kr, sig, slen, data, dlen, legacy);
		compat_alloc_fail_after = -1;
		if (ret == -ENOMEM) {
			nomem++;
			continue;
		}
		/* a key whose fingerprint could not be computed is skipped */
		if (ret == -ENOKEY && compat_alloc_count - before > (unsigned long)k) {
			nomem++;
			continue;
		}
		if (ret) {
			printf("alloc failure %d: %s\n", k, errname(ret));
			bad++;
		}
		if (compat_alloc_count - before <= (unsigned long)k)
			break;
	}
	free(kr);
	printf("enomem: %d failure points, %d ENOMEM, %d wrong\n", k, nomem, bad);
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	bool legacy = false;
	size_t klen, slen, dlen;
	struct keyring *kr;
	u8 *kbuf, *sbuf, *dbuf;
	int ret;

	if (argc > 1 && !strcmp(argv[1], "--legacy")) {
		legacy = true;
		argv++;
		argc--;
	}
	if (argc == 3 && !strcmp(argv[1], "fpr")) {
		kbuf = slurp(argv[2], &klen);
		ret = cmd_fpr(kbuf, klen);
		free(kbuf);
		goto out;
	}
	if (argc != 5 || (strcmp(argv[1], "verify") && strcmp(argv[1], "sweep") &&
			  strcmp(argv[1], "enomem"))) {
		fprintf(stderr, "usage: pgp-check [--legacy] fpr KEYRING\n"
				"       pgp-check [--legacy] verify|sweep|enomem KEYRING SIG DATA\n");
		return 2;
	}
	kbuf = slurp(argv[2], &klen);
	sbuf = slurp(argv[3], &slen);
	dbuf = slurp(argv[4], &dlen);
	kr = calloc(1, sizeof(*kr));
	ret = load_keyring(kbuf, klen, kr);
	if (ret) {
		printf("keyring %s\n", errname(ret));
		ret = 1;
	} else if (!strcmp(argv[1], "verify")) {
		printf("%s\n", errname(verify(kr, sbuf, slen, dbuf, dlen, legacy)));
		ret = 0;
	} else if (!strcmp(argv[1], "enomem")) {
		ret = cmd_enomem(kbuf, klen, sbuf, slen, dbuf, dlen, legacy);
	} else {
		ret = cmd_sweep(kr, sbuf, slen, dbuf, dlen, legacy);
	}
	free(kr);
	free(kbuf);
	free(sbuf);
	free(dbuf);
out:
	if (compat_shash_nonoload) {
		printf("ERROR: %lu hash allocations without CRYPTO_NOLOAD\n", compat_shash_nonoload);
		return 3;
	}
	return ret;
}
