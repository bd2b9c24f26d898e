// SPDX-License-Identifier: GPL-2.0
/*
 * --verify: the kernel's verdict on a module, for each of its signatures and
 * for the module, by the kernel's own code compiled in (kernel.c), in lines
 * scripts/verify-module.sh reads; with --data, the files gpgv and sqv check
 * it from beside.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include "pgp-sign.h"

/* SHA-256 of @d with [@zoff, @zoff + @zlen) as zeros, in lower-case hex. */
static int sha256_hex(const u8 *d, size_t n, size_t zoff, size_t zlen, char out[65])
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 md[32], z[4096] = {};
	unsigned int l, i;
	int ok;

	ok = c && EVP_DigestInit_ex(c, EVP_sha256(), NULL) && EVP_DigestUpdate(c, d, zoff);
	for (size_t k = zlen; ok && k; ) {
		size_t m = k < sizeof(z) ? k : sizeof(z);

		ok = EVP_DigestUpdate(c, z, m);
		k -= m;
	}
	ok = ok && EVP_DigestUpdate(c, d + zoff + zlen, n - zoff - zlen) &&
	     EVP_DigestFinal_ex(c, md, &l);
	EVP_MD_CTX_free(c);
	if (!ok)
		return -1;
	hex_upper(md, 32, out);
	for (i = 0; i < 64; i++)
		out[i] = out[i] >= 'A' ? out[i] - 'A' + 'a' : out[i];
	return 0;
}

/*
 * The kernel's verdict on the module @f (@len bytes, mainline's appended
 * signature already set aside) when its module_sig holds only the packet
 * [@pkt, @pkt + @plen): the signed data is the same (module_sig counts as
 * zeros), so this is the verdict on that one signature.
 */
static int verdict_one(const struct pgp_ring *ring, const u8 *f, size_t len,
		       const struct module_pgp_sig_loc *loc, const u8 *pkt, size_t plen,
		       struct kern_signer *who)
{
	u8 *copy = xrealloc(NULL, len);
	u8 *sec = copy + loc->sec_off;
	int ret;

	memcpy(copy, f, len);
	memset(sec + MODULE_PGP_SIG_HDR_LEN, 0, loc->sec_size - MODULE_PGP_SIG_HDR_LEN);
	put_be32(sec + 12, plen);
	memcpy(sec + MODULE_PGP_SIG_HDR_LEN, pkt, plen);
	ret = kern_module_check(ring->kr, copy, len, who);
	free(copy);
	return ret;
}

/* One "sig" line per packet of the payload (and DIR/sig.N); 0, or 3 for an I/O error. */
static int verify_sigs(const struct pgp_run *r, const struct pgp_ring *ring,
		       const struct pgp_module *m, const struct modsig *ms, int *count)
{
	const u8 *q = m->elf.p + ms->loc.payload_off, *end = q + ms->loc.payload_len, *body;
	unsigned int tag;
	size_t blen;
	int n = 0;

	while (q < end) {
		const u8 *pkt = q;
		struct kern_sig_info si;
		struct kern_signer who;
		char issuer[80] = "-", name[16], detail[80], sh[65] = "-", ph[65] = "-";
		int v;

		kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted by the caller) */
		kern_sig_info(body, blen, &si);
		if (si.issuer_fpr_len) {
			hex_upper(si.issuer_fpr, si.issuer_fpr_len, issuer);
		} else if (si.has_keyid) {
			memcpy(issuer, "keyid:", 6);
			hex_upper(si.keyid, 8, issuer + 6);
		}
		v = verdict_one(ring, m->elf.p, m->elf.len, &ms->loc, pkt, q - pkt, &who);
		if (!v) {
			hex_upper(who.fpr, who.fpr_len, sh);
			hex_upper(who.primary, who.primary_len, ph);
		}
		kern_explain(ring->kr, body, blen, v, detail, sizeof(detail));
		printf("sig %d %u %u %u %lld %s %s %s %s %s %s %u\n", n, si.pkalgo,
		       si.hashalgo, si.type, si.has_ctime ? (long long)si.ctime : -1LL,
		       issuer, kern_errno_name(v), detail, sh, ph,
		       !v && who.desc[0] ? who.desc : "-", si.version);
		snprintf(name, sizeof(name), "sig.%d", n);
		if (r->opt.data_dir && write_file(r->opt.data_dir, name, pkt, q - pkt))
			return 3;
		*count = ++n;
	}
	return 0;
}

/* The last line: what the loader and this tool's ELF rules make of the module. */
static int verify_verdict(const struct modsig *ms, bool elf_ok, int kv, int n,
			  const char *why)
{
	if (!elf_ok) {
		printf("BAD: %s\n", ms->why);
		return 1;
	}
	switch (ms->state) {
	case SIG_NONE:
		printf("unsigned\n");
		return kv == -ENODATA ? 2 : 1;
	case SIG_EMPTY:
		printf("BAD: empty module_sig placeholder (not signed)\n");
		return 1;
	case SIG_BAD:
		printf("BAD: %s\n", ms->why);
		return 1;
	case SIG_GOOD:
		break;
	}
	if (n == 0) {
		printf("BAD: %s\n", why);
		return 1;
	}
	return kv ? 1 : 0;
}

/*
 * verify_module() - the kernel's verdict on @file with the keyring @ring,
 * as a kernel of the configuration --legacy and --algos describe.  Prints
 *   appended-pkcs7          mainline's trailer was set aside (the loader
 *                           checks it first; this tool cannot)
 *   sha256 FILE SIGNED|-    the two hashes a blacklist entry can name
 *   keyring KEYS LOST       keys the kernel takes; things it would not
 *                           read (a build refuses such a keyring)
 *   sig N PKALGO HASH CLASS CTIME ISSUER VERDICT WHY SIGNER PRIMARY KEY VERSION
 *                           per packet: ISSUER a fingerprint, keyid:ID or
 *                           -; VERDICT 0 or the errno name the kernel gives
 *                           a module carrying this signature alone, WHY
 *                           what made it so (kern_explain(); - for 0);
 *                           SIGNER, PRIMARY (fingerprints) and KEY
 *                           (RSA-4096 ...) of the key that verified it, or -;
 *                           VERSION the signature's (4, 6; 0 when too short)
 *   kernel VERDICT SIGNER   module_pgp_sig_check() on the module as it is
 *   unsigned | BAD: REASON
 * With --data DIR it writes DIR/data (the signed data), DIR/sig.N and
 * DIR/keyring (the keyring's packets the kernel reads, for gpgv or sqv).
 * Returns 0 the kernel accepts it, 1 it refuses it (or the loader would
 * refuse the file), 2 unsigned, 3 I/O error.
 */
int verify_module(struct pgp_run *r, struct pgp_ring *ring, const char *file)
{
	struct pgp_job j = { .run = r, .ring = ring, .xz = xz_new() };
	struct pgp_module m = { .name = file };
	const char *dir = r->opt.data_dir;
	char why[PGP_WHY_MAX] = "", h1[65], h2[65] = "-", kh[65] = "-";
	struct kern_signer who;
	struct modsig ms;
	bool had, bad, elf_ok;
	int n = 0, kv, rc;
	size_t l;

	if (mod_open(&j, &m, false, why, sizeof(why))) {
		printf("BAD: %s\n", why);
		xz_free(j.xz);
		return 1;
	}
	l = strip_pkcs7(m.elf.p, m.elf.len, &had, &bad);
	if (had && bad) {
		printf("BAD: malformed appended signature\n");
		rc = 1;
		goto out;
	}
	if (had)
		printf("appended-pkcs7\n");
	m.elf.len = l;
	printf("keyring %u %u\n", ring->keys, ring->lost);
	/* the loader's verdict on the module as it is */
	kv = kern_module_check(ring->kr, m.elf.p, m.elf.len, &who);
	if (!kv)
		hex_upper(who.fpr, who.fpr_len, kh);
	elf_ok = !locate(m.elf.p, m.elf.len, &ms);
	sha256_hex(m.elf.p, m.elf.len, 0, 0, h1);
	if (elf_ok && ms.state != SIG_NONE)
		sha256_hex(m.elf.p, m.elf.len, ms.loc.sec_off, ms.loc.sec_size, h2);
	printf("sha256 %s %s\n", h1, h2);
	if (elf_ok && ms.state == SIG_GOOD &&
	    count_sig_packets(m.elf.p + ms.loc.payload_off, ms.loc.payload_len,
			      why, sizeof(why)) > 0) {
		rc = verify_sigs(r, ring, &m, &ms, &n);
		if (rc)
			goto out;
		if (dir) {
			memset(m.elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
			if (write_file(dir, "keyring", ring->read.p, ring->read.len) ||
			    write_file(dir, "data", m.elf.p, m.elf.len)) {
				rc = 3;
				goto out;
			}
		}
	}
	printf("kernel %s %s\n", kern_errno_name(kv), kh);
	rc = verify_verdict(&ms, elf_ok, kv, n, why);
out:
	buf_free(&m.elf);
	xz_free(j.xz);
	return rc;
}
