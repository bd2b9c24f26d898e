// SPDX-License-Identifier: GPL-2.0
/*
 * Remote signing: --prepare writes the placeholder and MODULE.tbs, the bytes
 * an OpenPGP signer elsewhere signs; --attach writes the detached
 * signatures it made into module_sig, each first judged by the kernel's
 * code with the keyring and verified by gpgv (or sqv) with the same key.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgp-sign.h"

/*
 * The binary keyring [@bin, @bin + @len) as the kernel parses it, and its
 * packets up to the first malformed packet header, where the kernel stops:
 * what gpgv and sqv get (less the v6 keys they cannot read), so that the
 * independent check sees the keys the kernel saw.  0, or -1 with a reason.
 */
int ring_load_bin(struct pgp_ring *ring, const u8 *bin, size_t len, char *why, size_t wl)
{
	const u8 *p, *q, *body;
	unsigned int tag;
	size_t blen;
	int ret;

	ret = kern_keyring_load(bin, len, &ring->kr, &ring->lost);
	for (p = bin; p < bin + len; p = q) {
		q = p;
		if (kern_next_packet(&q, bin + len, &tag, &body, &blen))
			break;
	}
	buf_free(&ring->read);
	ring_v4_only(bin, p - bin, &ring->read);
	if (ret < 0) {
		snprintf(why, wl, "%s", kern_errno_name(ret));
		return -1;
	}
	ring->keys = ret;
	return 0;
}

/* The keyring @path (binary or armoured), as ring_load_bin() takes it. */
int ring_load(struct pgp_ring *ring, const char *path, char *why, size_t wl)
{
	struct buf b = {}, bin = {};
	char w[64];
	int ret = -1;

	if (read_file(path, &b, 64 << 20)) {
		snprintf(why, wl, "cannot read keyring %s", path);
		goto out;
	}
	if (pgp_dearmor(b.p, b.len, &bin) || !bin.len) {
		snprintf(why, wl, "%s: not an OpenPGP keyring (or damaged armour)", path);
		goto out;
	}
	ret = ring_load_bin(ring, bin.p, bin.len, w, sizeof(w));
	if (ret)
		snprintf(why, wl, "keyring %s: %s", path, w);
out:
	buf_free(&b);
	buf_free(&bin);
	return ret;
}

void ring_free(struct pgp_ring *ring)
{
	kern_keyring_free(ring->kr);
	ring->kr = NULL;
	buf_free(&ring->read);
}

/*
 * The signatures module_sig of @m holds, which --prepare without --append
 * would drop: -1 with them named in @why (and what to do instead), else 0.
 */
static int would_drop(const struct pgp_module *m, char *why, size_t wl)
{
	size_t l, off;
	struct modsig ms;
	const u8 *q, *end, *body;
	unsigned int tag;
	size_t blen, kl;
	int n;

	appended_sig(m->elf.p, m->elf.len, &kl, &l);
	if (locate(m->elf.p, l, &ms) || ms.state != SIG_GOOD)
		return 0;
	q = m->elf.p + ms.loc.payload_off;
	end = q + ms.loc.payload_len;
	n = count_sig_packets(q, ms.loc.payload_len, NULL, 0);
	if (n <= 0)
		return 0;
	off = snprintf(why, wl, "module_sig holds %d signature%s (", n, n > 1 ? "s" : "");
	while (q < end && off < wl) {
		struct kern_sig_info si;
		char who[80] = "an unnamed key";

		kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted above) */
		if (!kern_sig_info(body, blen, &si) && si.issuer_fpr_len) {
			hex_upper(si.issuer_fpr, si.issuer_fpr_len, who);
		} else if (!kern_sig_info(body, blen, &si) && si.has_keyid) {
			memcpy(who, "key ID ", 7);
			hex_upper(si.keyid, 8, who + 7);
		}
		off += snprintf(why + off, wl - off, "%sby %s", off && why[off - 1] != '(' ? ", " : "",
				who);
	}
	if (off < wl)
		snprintf(why + off, wl - off, "); --prepare would drop %s: --prepare --append keeps %s (then --attach --append adds the new one)",
			 n > 1 ? "them" : "it", n > 1 ? "them" : "it");
	return -1;
}

/*
 * --prepare: the placeholder written into the module, and MODULE.tbs (the
 * module with module_sig as zeros: the signed data).  A module that carries
 * signatures is refused, unless --append keeps them: module_sig then keeps
 * its size and its signatures, and only MODULE.tbs is new.
 */
int prepare_one(struct pgp_job *j, const char *name, char *why, size_t wl)
{
	struct pgp_module m = { .name = name };
	struct module_pgp_sig_loc loc;
	char tbs[PATH_MAX + 8];
	struct buf old = {};
	int ret = 1;

	if (mod_open(j, &m, true, why, wl) ||
	    (!j->run->opt.append && would_drop(&m, why, wl)) ||
	    placeholder(j, &m, &old, &loc, why, wl))
		goto out;
	snprintf(tbs, sizeof(tbs), "%s.tbs", m.real);
	if (write_new(tbs, m.elf.p, m.elf.len, 0644, why, wl))
		goto out;
	/* --append: the signatures back in their place */
	if ((old.len && fill(&m.elf, &loc, old.p, old.len, why, wl)) ||
	    mod_replace(j, &m, why, wl)) {
		unlink(tbs);
		goto out;
	}
	ret = 0;
out:
	buf_free(&m.elf);
	buf_free(&old);
	return ret;
}

/* What an errno of the kernel's check means, for a message. */
const char *verdict_why(int v)
{
	switch (v) {
	case -ENOKEY:
		return "no key of the keyring may make it: not there, not a signing key, or refused by the key policy";
	case -EKEYREJECTED:
		return "a key of the keyring does not accept it: a bad signature, or a key revoked or expired when it was made";
	case -EBADMSG:
		return "malformed, or more signatures than the kernel reads";
	case -ENOPKG:
		return "an algorithm, hash or version this kernel does not support";
	case -ENODATA:
		return "no module_sig section";
	}
	return "refused";
}

/* The fingerprint sqv (one line) or gpgv (VALIDSIG) names, upper case, into @fpr. */
static void ext_fpr(const struct pgp_opts *opt, const char *out, int rc, char fpr[65])
{
	const char *hexd = "0123456789ABCDEFabcdef", *v;
	char *c;

	fpr[0] = 0;
	if (opt->use_sqv) {
		if (!rc && strlen(out) > 40 && strspn(out, hexd) >= 40)
			snprintf(fpr, 65, "%.*s", (int)strspn(out, hexd), out);
	} else {
		v = strstr(out, "[GNUPG:] VALIDSIG ");
		if (v)
			snprintf(fpr, 65, "%.*s", (int)strspn(v + 18, hexd), v + 18);
	}
	for (c = fpr; *c; c++)
		*c = toupper((unsigned char)*c);
}

/*
 * gpgv (or sqv with --sqv) on the signature file @sigf over @dataf with the
 * keyring: 0 when it verifies, with the fingerprint it names in @fpr (gpgv:
 * the key that made it, from VALIDSIG; sqv: its certificate's), else -1
 * with its last words in @msg.  The independent check beside the kernel's.
 */
static int ext_verify(struct pgp_job *j, const char *sigf, const char *dataf, char fpr[65],
		      char *msg, size_t ml)
{
	const struct pgp_opts *opt = &j->run->opt;
	struct buf out = {}, err = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .err = &err };
	char home[PATH_MAX + 16], l[300], *argv[12];
	int i = 0, rc;

	snprintf(home, sizeof(home), "%s/gnupg", j->run->tmpdir);
	mkdir(home, 0700);
	if (opt->use_sqv) {
		argv[i++] = getenv("SQV") ? getenv("SQV") : "sqv";
	} else {
		argv[i++] = getenv("GPGV") ? getenv("GPGV") : "gpgv";
		argv[i++] = "--homedir";
		argv[i++] = home;
		argv[i++] = "--status-fd";
		argv[i++] = "1";
	}
	argv[i++] = "--keyring";
	argv[i++] = j->ring->file;
	argv[i++] = "--";
	argv[i++] = (char *)sigf;
	argv[i++] = (char *)dataf;
	argv[i] = NULL;
	rc = run_cmd(argv, &io);
	buf_addc(&out, 0);
	last_line(&err, l, sizeof(l));
	ext_fpr(opt, (const char *)out.p, rc, fpr);
	buf_free(&out);
	buf_free(&err);
	if (strlen(fpr) < 32) {
		snprintf(msg, ml, "%s: %s", opt->use_sqv ? "sqv" : "gpgv", l[0] ? l : "failed");
		return -1;
	}
	return 0;
}

/* A new file @path of the job's own (any old one removed first). */
static int write_tmp(const char *path, const u8 *d, size_t n)
{
	int fd;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	if (write_all(fd, d, n)) {
		close(fd);
		return -1;
	}
	return close(fd);
}

/*
 * Packet [@pkt, @pkt + @plen), number @k of @n in @sp, alone in the
 * placeholder: the kernel must accept it with the keyring, and gpgv (sqv)
 * verify it over the signed data @dp with the key the kernel named (unless
 * it is a signature they cannot read: v6, Ed25519 or ML-DSA-65+Ed25519).
 */
static int attach_check(struct pgp_job *j, struct pgp_module *m,
			const struct module_pgp_sig_loc *loc, const u8 *pkt, size_t plen,
			const char *sp, const char *dp, const char *kp, int k, int n,
			char *why, size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	char fpr[65], want[65], msg[400];
	struct kern_signer who;
	const char *what;
	int v;

	if (fill(&m->elf, loc, pkt, plen, why, wl))
		return -1;
	v = kern_module_check(j->ring->kr, m->elf.p, m->elf.len, &who);
	memset(m->elf.p + loc->sec_off, 0, loc->sec_size);
	if (v) {
		snprintf(why, wl, "%s: signature %d of %d does not verify with %s as the kernel checks it (%s: %s); nothing written",
			 sp, k, n, opt->keyring, kern_errno_name(v), verdict_why(v));
		return -1;
	}
	what = sig_not_v4(pkt, plen);
	if (what) {
		if (!opt->quiet)
			note_once(j->run, "%s: signature %d of %d: not checked by %s: %s (it reads v4 only); the kernel's check passed",
				  sp, k, n, opt->use_sqv ? "sqv" : "gpgv", what);
		return 0;
	}
	if (write_tmp(kp, pkt, plen)) {
		snprintf(why, wl, "cannot write temporary files");
		return -1;
	}
	if (opt->use_sqv)
		hex_upper(who.primary, who.primary_len, want);
	else
		hex_upper(who.fpr, who.fpr_len, want);
	if (ext_verify(j, kp, dp, fpr, msg, sizeof(msg))) {
		snprintf(why, wl, "%s: signature %d of %d does not verify with %s (%s); nothing written",
			 sp, k, n, opt->keyring, msg);
		return -1;
	}
	if (strcmp(fpr, want)) {
		snprintf(why, wl, "%s: signature %d of %d: the kernel and %s name different keys (%s, %s); nothing written",
			 sp, k, n, opt->use_sqv ? "sqv" : "gpgv", want, fpr);
		return -1;
	}
	return 0;
}

/* The module with all its signatures must be one the kernel accepts. */
static int attach_write(struct pgp_job *j, struct pgp_module *m,
			const struct module_pgp_sig_loc *loc, const struct buf *all,
			char *why, size_t wl)
{
	struct kern_signer who;
	int v;

	if (count_sig_packets(all->p, all->len, why, wl) > MODULE_PGP_MAX_SIGS) {
		snprintf(why, wl, "more than %d signatures, the most the kernel reads",
			 MODULE_PGP_MAX_SIGS);
		return -1;
	}
	if (fill(&m->elf, loc, all->p, all->len, why, wl))
		return -1;
	v = kern_module_check(j->ring->kr, m->elf.p, m->elf.len, &who);
	if (v) {
		snprintf(why, wl, "the module with its signatures would be refused (%s: %s); nothing written",
			 kern_errno_name(v), verdict_why(v));
		return -1;
	}
	return mod_replace(j, m, why, wl);
}

/*
 * --attach: a detached signature made elsewhere, checked packet by packet,
 * then written.  Each packet must be a signature the kernel would accept
 * with the keyring (a module carrying it alone), and gpgv (sqv) must verify
 * it with the same key; else nothing is written.  The module with all its
 * signatures must then be one the kernel accepts (no more than it reads).
 */
int attach_one(struct pgp_job *j, const char *name, char *why, size_t wl)
{
	struct pgp_module m = { .name = name };
	struct buf sig = {}, bin = {}, old = {};
	struct module_pgp_sig_loc loc;
	char sp[PATH_MAX + 16], dp[PATH_MAX + 32] = "", kp[PATH_MAX + 32] = "";
	const u8 *q, *end, *body;
	unsigned int tag;
	size_t blen;
	int ret = 1, n, k;

	snprintf(sp, sizeof(sp), "%s%s", name, j->run->opt.sig_suffix);
	if (read_file(sp, &sig, 1 << 20)) {
		snprintf(why, wl, "cannot read the signature %s", sp);
		goto out;
	}
	if (pgp_dearmor(sig.p, sig.len, &bin) || !bin.len) {
		snprintf(why, wl, "%s is not an OpenPGP signature (or its armour is damaged)", sp);
		goto out;
	}
	n = count_sig_packets(bin.p, bin.len, why, wl);
	if (n < 0 || mod_open(j, &m, true, why, wl) || placeholder(j, &m, &old, &loc, why, wl))
		goto out;
	/* the signed data, for gpgv/sqv */
	snprintf(dp, sizeof(dp), "%s/w%d.data", j->run->tmpdir, j->id);
	snprintf(kp, sizeof(kp), "%s/w%d.sig", j->run->tmpdir, j->id);
	if (write_tmp(dp, m.elf.p, m.elf.len)) {
		snprintf(why, wl, "cannot write temporary files");
		goto out;
	}
	for (q = bin.p, end = bin.p + bin.len, k = 1; q < end; k++) {
		const u8 *pkt = q;

		kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted above) */
		if (attach_check(j, &m, &loc, pkt, q - pkt, sp, dp, kp, k, n, why, wl))
			goto out;
	}
	buf_add(&old, bin.p, bin.len);
	if (attach_write(j, &m, &loc, &old, why, wl))
		goto out;
	ret = 0;
out:
	if (dp[0])
		unlink(dp);
	if (kp[0])
		unlink(kp);
	buf_free(&sig);
	buf_free(&bin);
	buf_free(&old);
	buf_free(&m.elf);
	return ret;
}
