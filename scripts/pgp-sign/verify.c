// SPDX-License-Identifier: GPL-2.0
/*
 * --verify (verify-module.sh): the kernel's verdict on modules, for each of
 * their signatures and for each module, by the kernel's own code compiled
 * in (kernel.c), and gpgv's or sqv's beside it for every signature the
 * kernel accepts; the report (lines or JSON) and the exit status.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "pgp-sign.h"

/* One --verify run: the keyring, what is checked beside the kernel, the report so far. */
struct vrun {
	struct pgp_run *r;
	struct pgp_ring *ring;
	const char *verifier;		/* gpgv or sqv, as GPGV or SQV name it */
	const char *vname;		/* its last path component, for messages */
	bool noted_lost;		/* the keyring note, once */
	struct buf json;		/* --json: the module objects so far */
	int nmods;
};

/* One module's report. */
struct vmod {
	const char *name;
	char reason[PGP_WHY_MAX];	/* the text of its last verdict line */
	const char *kv;			/* the kernel's verdict ("-": none; NULL: not read) */
	char h1[65], h2[65];		/* its two SHA-256 ("" none, "-" no signed data) */
	bool p7;
	struct buf sigs;		/* --json: its signature objects */
};

/* What one signature packet is, and the kernel's verdict on it. */
struct vsig {
	struct kern_sig_info si;
	struct kern_signer who;
	int v;				/* 0 or the kernel's -errno */
	char issuer[80], signer[65], primary[65], key[32];
	char why[80];			/* kern_explain() */
};

static void say(const struct vrun *vr, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void tell(struct vmod *vm, const struct vrun *vr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A line the report has unless -q or --json. */
static void say(const struct vrun *vr, const char *fmt, ...)
{
	va_list ap;

	if (vr->r->opt.quiet || vr->r->opt.json)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A verdict line "MODULE: TEXT" (also under -q); TEXT is the module's reason in --json. */
static void tell(struct vmod *vm, const struct vrun *vr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(vm->reason, sizeof(vm->reason), fmt, ap);
	va_end(ap);
	if (!vr->r->opt.json)
		printf("%s: %s\n", vm->name, vm->reason);
}

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

/* The names the report gives OpenPGP's algorithm numbers. */
static const char *pkalgo_name(unsigned int a, char *buf, size_t size)
{
	switch (a) {
	case 1:
	case 3:
		return "RSA";
	case 17:
		return "DSA";
	case 19:
		return "ECDSA";
	case 22:
	case 27:
		return "EdDSA";
	case 28:
		return "Ed448";
	case 30:
		return "ML-DSA-65+Ed25519";
	case 31:
		return "ML-DSA-87+Ed448";
	}
	snprintf(buf, size, "algo-%u", a);
	return buf;
}

static const char *hash_label(unsigned int h, char *buf, size_t size)
{
	static const char *const name[] = {
		[1] = "MD5", [2] = "SHA1", [3] = "RIPEMD160", [8] = "SHA256", [9] = "SHA384",
		[10] = "SHA512", [11] = "SHA224", [12] = "SHA3-256", [14] = "SHA3-512",
	};

	if (h < PGP_ARRAY_SIZE(name) && name[h])
		return name[h];
	snprintf(buf, size, "hash-%u", h);
	return buf;
}

/* Why the kernel refuses a signature: its errno name @e and kern_explain()'s @why. */
static void explain(const char *e, const char *why, char *out, size_t size)
{
	const char *arg = strchr(why, ':') ? strchr(why, ':') + 1 : "";
	char b[32];

	if (!strcmp(why, "revoked"))
		snprintf(out, size, "key revoked");
	else if (!strcmp(why, "expired"))
		snprintf(out, size, "key expired (or not yet valid) when the signature was made");
	else if (!strcmp(why, "bad-signature"))
		snprintf(out, size, "bad signature");
	else if (!strcmp(why, "absent"))
		snprintf(out, size, "no trusted key");
	else if (!strncmp(why, "policy-EKEYREJECTED:", 20))
		snprintf(out, size, "key %s is below the minimum the kernel accepts", arg);
	else if (!strncmp(why, "policy-", 7))
		snprintf(out, size, "key %s is not supported by this kernel", arg);
	else if (!strcmp(why, "unusable"))
		snprintf(out, size, "the key cannot sign (no valid self-signature, binding or signing flag)");
	else if (!strncmp(why, "classical:", 10))
		snprintf(out, size, "a classical key (%s): only post-quantum signatures count (--pq-only, ENOKEY)",
			 arg);
	else if (!strcmp(why, "sha1"))
		snprintf(out, size, "SHA1 needs --legacy");
	else if (!strncmp(why, "digest-short:", 13))
		snprintf(out, size, "digest %.*s bits is shorter than the %s key needs (the kernel refuses it, ENOPKG)",
			 (int)strcspn(arg, ":"), arg,
			 arg[strcspn(arg, ":")] ? arg + strcspn(arg, ":") + 1 : "");
	else if (!strncmp(why, "version:", 8))
		snprintf(out, size, "signature version %s not supported", arg);
	else if (!strncmp(why, "hash:", 5))
		snprintf(out, size, "digest %s not supported",
			 hash_label(strtoul(arg, NULL, 10), b, sizeof(b)));
	else if (!strncmp(why, "algo:", 5))
		snprintf(out, size, "public-key algorithm %s not supported",
			 pkalgo_name(strtoul(arg, NULL, 10), b, sizeof(b)));
	else if (!strncmp(why, "type:", 5))
		snprintf(out, size, "signature class %s is not a binary document", arg);
	else if (!strcmp(why, "malformed"))
		snprintf(out, size, "malformed signature");
	else
		snprintf(out, size, "refused");
	if (!strstr(out, e)) {
		size_t l = strlen(out);

		snprintf(out + l, size - l, ", %s", e);
	}
}

/* ---- JSON ---- */

/* @s as a JSON string: quote, backslash and control characters escaped. */
static void js(struct buf *b, const char *s)
{
	buf_addc(b, '"');
	for (; *s; s++) {
		unsigned char c = *s;
		char e[8];

		if (c == '"' || c == '\\') {
			buf_addc(b, '\\');
			buf_addc(b, c);
		} else if (c == '\n') {
			buf_addstr(b, "\\n");
		} else if (c == '\t') {
			buf_addstr(b, "\\t");
		} else if (c == '\r') {
			buf_addstr(b, "\\r");
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(e, sizeof(e), "\\u%04x", c);
			buf_addstr(b, e);
		} else {
			buf_addc(b, c);
		}
	}
	buf_addc(b, '"');
}

/* A JSON string, or null for NULL, "" and "-". */
static void jv(struct buf *b, const char *s)
{
	if (!s || !*s || !strcmp(s, "-"))
		buf_addstr(b, "null");
	else
		js(b, s);
}

/* ",\"KEY\":" */
static void jkey(struct buf *b, const char *k)
{
	buf_addc(b, ',');
	js(b, k);
	buf_addc(b, ':');
}

/* The signature @s (number @i, its verdict @good, its note or reason @note) into vm->sigs. */
static void json_sig(struct vmod *vm, const struct vsig *s, int i, const char *hash,
		     const char *ctime, bool good, const char *note)
{
	struct buf *b = &vm->sigs;
	char n[32];

	if (b->len)
		buf_addc(b, ',');
	snprintf(n, sizeof(n), "{\"index\":%d", i + 1);
	buf_addstr(b, n);
	jkey(b, "issuer");
	jv(b, s->issuer);
	jkey(b, "signer");
	jv(b, s->signer);
	jkey(b, "primary");
	jv(b, s->primary);
	jkey(b, "key");
	jv(b, s->key);
	jkey(b, "algorithm");
	js(b, pkalgo_name(s->si.pkalgo, n, sizeof(n)));
	jkey(b, "digest");
	js(b, hash);
	jkey(b, "created");
	jv(b, ctime);
	jkey(b, "created_unix");
	if (s->si.has_ctime) {
		snprintf(n, sizeof(n), "%u", s->si.ctime);
		buf_addstr(b, n);
	} else {
		buf_addstr(b, "null");
	}
	jkey(b, "verdict");
	js(b, good ? "good" : "bad");
	jkey(b, "kernel");
	js(b, kern_errno_name(s->v));
	jkey(b, "reason");
	jv(b, note && *note ? note : NULL);
	buf_addc(b, '}');
}

/* The module as a JSON object (@rc: its status) into vr->json. */
static void json_module(struct vrun *vr, struct vmod *vm, int rc)
{
	static const char *const verdict[] = { "good", "bad", "unsigned", "good-pkcs7" };
	struct buf *b = &vr->json;
	char *s = vm->reason;
	size_t l;

	if (vr->nmods++)
		buf_addc(b, ',');
	buf_addstr(b, "{\"module\":");
	js(b, vm->name);
	jkey(b, "verdict");
	js(b, verdict[rc]);
	jkey(b, "reason");
	/* "BAD: REASON" and "BAD (REASON)" give REASON */
	if (!strncmp(s, "BAD: ", 5))
		s += 5;
	l = strlen(s);
	if (!strncmp(s, "BAD (", 5) && l > 5 && s[l - 1] == ')') {
		s[l - 1] = 0;
		s += 5;
	}
	jv(b, rc == 0 || rc == 3 ? NULL : s);
	jkey(b, "kernel");
	jv(b, vm->kv);
	jkey(b, "sha256");
	jv(b, vm->h1);
	jkey(b, "sha256_signed");
	jv(b, vm->h2);
	jkey(b, "pkcs7");
	buf_addstr(b, vm->p7 ? "true" : "false");
	jkey(b, "signatures");
	buf_addc(b, '[');
	if (vm->sigs.len)
		buf_add(b, vm->sigs.p, vm->sigs.len);
	buf_addstr(b, "]}");
}

/* ---- the independent check ---- */

/* The last non-blank line of @b, leading blanks removed. */
static void last_words(const struct buf *b, char *out, size_t n)
{
	char *p;

	last_line(b, out, n);
	for (p = out; *p == ' '; p++)
		;
	memmove(out, p, strlen(p) + 1);
}

/*
 * gpgv (or sqv) on DIR/sig.N over DIR/data with DIR/keyring, the packets of
 * the keyring the kernel read: true when it verifies by the key the kernel
 * named (gpgv: the signing (sub)key @signer; sqv: its certificate, the
 * primary @primary); else false with what it said in @msg.
 */
static bool second_opinion(const struct vrun *vr, int i, const char *signer,
			   const char *primary, char *msg, size_t ml)
{
	const char *dir = vr->r->tmpdir;
	char sig[PATH_MAX + 32], data[PATH_MAX + 16], kr[PATH_MAX + 16], home[PATH_MAX + 16];
	char fpr[80] = "", *argv[12], *l;
	struct buf out = {}, err = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .err = &err };
	bool ok = false;
	int a = 0, rc;

	snprintf(sig, sizeof(sig), "%s/sig.%d", dir, i);
	snprintf(data, sizeof(data), "%s/data", dir);
	snprintf(kr, sizeof(kr), "%s/keyring", dir);
	snprintf(home, sizeof(home), "%s/gnupg", dir);
	argv[a++] = (char *)vr->verifier;
	if (!vr->r->opt.use_sqv) {
		argv[a++] = "--homedir";
		argv[a++] = home;
		argv[a++] = "--status-fd";
		argv[a++] = "1";
	}
	argv[a++] = "--keyring";
	argv[a++] = kr;
	argv[a++] = "--";
	argv[a++] = sig;
	argv[a++] = data;
	argv[a] = NULL;
	rc = run_cmd(argv, &io);
	buf_addc(&out, 0);
	if (vr->r->opt.use_sqv) {
		if (rc == 0) {
			snprintf(fpr, sizeof(fpr), "%.*s", (int)strcspn((char *)out.p, "\n"),
				 (char *)out.p);
			for (l = fpr; *l; l++)
				*l = toupper((unsigned char)*l);
			ok = !strcmp(fpr, primary);
			if (!ok)
				snprintf(msg, ml, "sqv names another key (%s)", fpr);
		} else {
			char w[300];

			out.len--;
			last_words(err.len ? &err : &out, w, sizeof(w));
			snprintf(msg, ml, "sqv: %s", w);
		}
		goto out;
	}
	/* gpgv: the key of the last VALIDSIG status line */
	for (l = (char *)out.p; (l = strstr(l, "[GNUPG:] VALIDSIG ")); l++) {
		size_t n = strspn(l + 18, "0123456789ABCDEFabcdef");

		snprintf(fpr, sizeof(fpr), "%.*s", n < 79 ? (int)n : 79, l + 18);
	}
	for (l = fpr; *l; l++)
		*l = toupper((unsigned char)*l);
	if (!fpr[0]) {
		snprintf(msg, ml, "gpgv does not verify it (status %d)", rc);
		if (strstr((char *)out.p, "[GNUPG:] BADSIG "))
			snprintf(msg, ml, "gpgv: bad signature");
		if (strstr((char *)out.p, "[GNUPG:] NO_PUBKEY "))
			snprintf(msg, ml, "gpgv: no public key");
	} else {
		ok = !strcmp(fpr, signer);
		if (!ok)
			snprintf(msg, ml, "gpgv names another key (%s)", fpr);
	}
out:
	buf_free(&out);
	buf_free(&err);
	return ok;
}

/* ---- one module ---- */

/* The run's file @name (replacing the previous module's), for gpgv and sqv. */
static int put_file(const struct vrun *vr, const char *name, const u8 *d, size_t n)
{
	char path[PATH_MAX + 32];

	snprintf(path, sizeof(path), "%s/%s", vr->r->tmpdir, name);
	unlink(path);
	return write_file(vr->r->tmpdir, name, d, n);
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

/*
 * The signature packets of the payload, each judged by the kernel alone
 * (into @sigs, at most @max; the count in *@n), written as DIR/sig.N for
 * gpgv and sqv (and into --data's directory).  0, or -1 when a file cannot
 * be written.
 */
static int judge_sigs(const struct vrun *vr, const struct pgp_module *m,
		      const struct modsig *ms, struct vsig *sigs, int max, int *n)
{
	const u8 *q = m->elf.p + ms->loc.payload_off, *end = q + ms->loc.payload_len, *body;
	const char *data = vr->r->opt.data_dir;
	unsigned int tag;
	size_t blen;

	for (*n = 0; q < end && *n < max; ) {
		struct vsig *s = &sigs[*n];
		const u8 *pkt = q;
		char name[16];

		memset(s, 0, sizeof(*s));
		kern_next_packet(&q, end, &tag, &body, &blen);	/* (counted by the caller) */
		kern_sig_info(body, blen, &s->si);
		snprintf(s->issuer, sizeof(s->issuer), "-");
		if (s->si.issuer_fpr_len) {
			hex_upper(s->si.issuer_fpr, s->si.issuer_fpr_len, s->issuer);
		} else if (s->si.has_keyid) {
			memcpy(s->issuer, "keyid:", 6);
			hex_upper(s->si.keyid, 8, s->issuer + 6);
		}
		s->v = verdict_one(vr->ring, m->elf.p, m->elf.len, &ms->loc, pkt, q - pkt, &s->who);
		snprintf(s->signer, sizeof(s->signer), "-");
		snprintf(s->primary, sizeof(s->primary), "-");
		snprintf(s->key, sizeof(s->key), "-");
		if (!s->v) {
			hex_upper(s->who.fpr, s->who.fpr_len, s->signer);
			hex_upper(s->who.primary, s->who.primary_len, s->primary);
			if (s->who.desc[0])
				snprintf(s->key, sizeof(s->key), "%s", s->who.desc);
		}
		kern_explain(vr->ring->kr, body, blen, s->v, s->why, sizeof(s->why));
		snprintf(name, sizeof(name), "sig.%d", *n);
		if (put_file(vr, name, pkt, q - pkt) ||
		    (data && write_file(data, name, pkt, q - pkt)))
			return -1;
		++*n;
	}
	return 0;
}

/*
 * The report of each signature judged (@n of the module's @total), gpgv or sqv beside the kernel
 * for each it accepts; the number that are good in *@good.  Returns false
 * when the kernel and gpgv (sqv) disagree, the last disagreement in @dis;
 * the first refusal's reason in @first.
 */
static bool report_sigs(struct vrun *vr, struct vmod *vm, const struct vsig *sigs, int n,
			int total, int *good, char *dis, size_t dl, char *first, size_t fl)
{
	bool agree = true;
	int i;

	*good = 0;
	for (i = 0; i < n; i++) {
		const struct vsig *s = &sigs[i];
		char b1[32], b2[32], who[160], ctime[32] = "unknown", verdict[700], msg[400];
		const char *hash = hash_label(s->si.hashalgo, b1, sizeof(b1));
		const char *algo = pkalgo_name(s->si.pkalgo, b2, sizeof(b2));
		const char *not_v4 = NULL, *note = NULL;
		bool ok = false;

		if (s->si.has_ctime) {
			time_t t = s->si.ctime;
			struct tm tm;

			strftime(ctime, sizeof(ctime), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
		}
		snprintf(who, sizeof(who), "%s", "unknown");
		if (!strncmp(s->issuer, "keyid:", 6))
			snprintf(who, sizeof(who), "keyid %s", s->issuer + 6);
		else if (strcmp(s->issuer, "-"))
			snprintf(who, sizeof(who), "%s", s->issuer);
		if (s->v) {
			explain(kern_errno_name(s->v), s->why, msg, sizeof(msg));
			snprintf(verdict, sizeof(verdict), "BAD (%s)", msg);
			note = verdict + 5;
			if (!first[0])
				snprintf(first, fl, "signature %d: %s", i + 1, msg);
		} else {
			/* the (sub)key that made it, as the kernel names it */
			snprintf(who, sizeof(who), "%s", s->primary);
			if (strcmp(s->signer, s->primary) && strcmp(s->signer, "-"))
				snprintf(who, sizeof(who), "%s (subkey of %s)", s->signer,
					 s->primary);
			algo = s->key;
			/* gpgv 2.2 and sqv 1.1 read v4 signatures of RFC 4880's algorithms only */
			if (s->si.version == 6)
				not_v4 = "v6";
			else if (s->si.pkalgo == PGP_ALGO_ED25519)
				not_v4 = "algorithm 27";
			else if (s->si.pkalgo == PGP_ALGO_ED448)
				not_v4 = "algorithm 28";
			else if (s->si.pkalgo == PGP_ALGO_MLDSA65_ED25519)
				not_v4 = "algorithm 30";
			else if (s->si.pkalgo == PGP_ALGO_MLDSA87_ED448)
				not_v4 = "algorithm 31";
			if (not_v4) {
				snprintf(verdict, sizeof(verdict),
					 "good (the kernel's code; not checked by %s: %s)",
					 vr->vname, not_v4);
				note = verdict + 6;
				ok = true;
			} else if (second_opinion(vr, i, s->signer, s->primary, msg, sizeof(msg))) {
				snprintf(verdict, sizeof(verdict), "good");
				ok = true;
			} else {
				snprintf(verdict, sizeof(verdict), "BAD (the kernel accepts it, but %s)",
					 msg);
				note = verdict + 5;
				snprintf(dis, dl, "signature %d: the kernel accepts it, but %s", i + 1,
					 msg);
				agree = false;
			}
		}
		*good += ok;
		say(vr, "%s: signature %d/%d: signer %s algo %s digest %s created %s: %s",
		    vm->name, i + 1, total, who, algo, hash, ctime, verdict);
		if (vr->r->opt.json) {
			char nt[700] = "";

			/* the note or the reason, without the verdict's parentheses */
			if (note)
				snprintf(nt, sizeof(nt), "%.*s", (int)strlen(note) - 1, note);
			json_sig(vm, s, i, hash, s->si.has_ctime ? ctime : NULL, ok, nt);
		}
	}
	return agree;
}

/* The signatures a module can carry to be judged one by one: more than the kernel reads. */
#define VERIFY_MAX_SIGS	(4 * MODULE_PGP_MAX_SIGS)

/*
 * The module vm->name judged: 0 good, 1 bad (refused, malformed, or the
 * kernel and gpgv disagree), 2 unsigned or unreadable, 3 good with an
 * appended PKCS#7 signature besides.
 */
static int verify_one(struct vrun *vr, struct vmod *vm)
{
	struct pgp_job j = { .run = vr->r, .ring = vr->ring, .xz = xz_new() };
	struct pgp_module m = { .name = vm->name };
	char why[PGP_WHY_MAX] = "", dis[600] = "", first[600] = "";
	const char *loader = NULL;	/* the loader refuses the file: why */
	struct vsig *sigs = NULL;
	struct kern_signer who;
	struct modsig ms = {};
	struct stat st;
	bool had, bad, elf_ok = false;
	int n = 0, good = 0, kv = 0, rc = 1, np;
	size_t l;

	if (stat(vm->name, &st) || !S_ISREG(st.st_mode) || access(vm->name, R_OK)) {
		fprintf(stderr, "%s: %s: cannot read file\n", prog_name(), vm->name);
		snprintf(vm->reason, sizeof(vm->reason), "cannot read file");
		rc = 2;
		goto out;
	}
	vm->kv = "-";
	if (mod_open(&j, &m, false, why, sizeof(why))) {
		loader = why;
		goto refused;
	}
	l = strip_pkcs7(m.elf.p, m.elf.len, &had, &bad);
	if (had && bad) {
		loader = "malformed appended signature";
		goto refused;
	}
	if (had) {
		vm->p7 = true;
		say(vr, "%s: note: an appended PKCS#7 signature is present (not checked here)",
		    vm->name);
	}
	m.elf.len = l;
	if (vr->ring->lost && !vr->noted_lost) {
		vr->noted_lost = true;
		say(vr, "%s: note: the kernel would not read the keyring completely (%u problems; a kernel build refuses such a keyring)",
		    vm->name, vr->ring->lost);
	}
	/* the loader's verdict on the module as it is */
	kv = kern_module_check(vr->ring->kr, m.elf.p, m.elf.len, &who);
	elf_ok = !locate(m.elf.p, m.elf.len, &ms);
	sha256_hex(m.elf.p, m.elf.len, 0, 0, vm->h1);
	snprintf(vm->h2, sizeof(vm->h2), "-");
	if (elf_ok && ms.state != SIG_NONE)
		sha256_hex(m.elf.p, m.elf.len, ms.loc.sec_off, ms.loc.sec_size, vm->h2);
	if (!strcmp(vm->h2, "-"))
		say(vr, "%s: sha256 %s (module)", vm->name, vm->h1);
	else
		say(vr, "%s: sha256 %s (module), %s (signed data, module_sig zeroed)", vm->name,
		    vm->h1, vm->h2);
	np = elf_ok && ms.state == SIG_GOOD ?
	     count_sig_packets(m.elf.p + ms.loc.payload_off, ms.loc.payload_len, why,
			       sizeof(why)) : 0;
	if (np > 0) {
		int room = np < VERIFY_MAX_SIGS ? np : VERIFY_MAX_SIGS;

		sigs = xrealloc(NULL, sizeof(*sigs) * room);
		/* the data and the keyring gpgv and sqv check */
		if (judge_sigs(vr, &m, &ms, sigs, room, &n)) {
			loader = "cannot write temporary files";
			goto refused;
		}
		memset(m.elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
		if (put_file(vr, "data", m.elf.p, m.elf.len) ||
		    (vr->r->opt.data_dir &&
		     (write_file(vr->r->opt.data_dir, "keyring", vr->ring->read.p,
				 vr->ring->read.len) ||
		      write_file(vr->r->opt.data_dir, "data", m.elf.p, m.elf.len)))) {
			loader = "cannot write temporary files";
			goto refused;
		}
	}
	vm->kv = kern_errno_name(kv);
	if (!elf_ok) {
		loader = ms.why;
		goto refused;
	}
	switch (ms.state) {
	case SIG_NONE:
		tell(vm, vr, "unsigned (no module_sig section; the kernel: ENODATA)");
		if (kv == -ENODATA) {
			rc = 2;
			goto out;
		}
		break;
	case SIG_EMPTY:
		loader = "empty module_sig placeholder (not signed)";
		goto refused;
	case SIG_BAD:
		loader = ms.why;
		goto refused;
	case SIG_GOOD:
		if (np <= 0) {
			loader = why;
			goto refused;
		}
		break;
	}
	if (!report_sigs(vr, vm, sigs, n, np, &good, dis, sizeof(dis), first, sizeof(first))) {
		tell(vm, vr, "BAD (the kernel and %s disagree: %s; the kernel: %s)", vr->vname, dis,
		     vm->kv);
		goto out;
	}
	if (!kv && ms.state == SIG_GOOD) {
		if (vm->p7) {
			say(vr, "%s: good OpenPGP signature (%d of %d signatures verified), and an appended PKCS#7 signature this script does not check (the kernel checks it first)",
			    vm->name, good, n);
			rc = 3;
			goto out;
		}
		say(vr, "%s: good (%d of %d signatures verified)", vm->name, good, n);
		rc = 0;
		goto out;
	}
	if (kv == -EBADMSG && n > MODULE_PGP_MAX_SIGS)
		tell(vm, vr, "BAD (%d signatures, more than the %d the kernel reads; the kernel: EBADMSG)",
		     np, MODULE_PGP_MAX_SIGS);
	else if (kv == -EBADMSG)
		tell(vm, vr, "BAD (malformed signature data; the kernel: EBADMSG)");
	else
		tell(vm, vr, "BAD (no signature verified with a trusted key%s%s; the kernel: %s)",
		     first[0] ? ": " : "", first, vm->kv);
	goto out;
refused:
	/* the loader (or this tool's ELF rules) refuses the file: its reason, then the verdict */
	tell(vm, vr, "BAD: %s", loader);
	tell(vm, vr, "BAD (the loader refuses the file; the kernel: %s)", vm->kv);
out:
	free(sigs);
	buf_free(&m.elf);
	xz_free(j.xz);
	return rc;
}

/*
 * verify_modules() - verify-module.sh: each of @names judged by the kernel's
 * code with the keyring @ring (as a kernel of the configuration --legacy
 * and --algos describe) and by gpgv (sqv with --sqv) beside it; lines, or
 * one JSON array with --json.  Returns the exit status: 0 every module
 * good, 1 one is bad, 2 one is unsigned (1 wins over 2), 3 one is good
 * but carries an appended PKCS#7 signature too (2 wins over 3).
 */
int verify_modules(struct pgp_run *r, struct pgp_ring *ring, char **names, int n)
{
	const char *v = r->opt.use_sqv ? (getenv("SQV") ? getenv("SQV") : "sqv") :
			(getenv("GPGV") ? getenv("GPGV") : "gpgv");
	struct vrun vr = { .r = r, .ring = ring, .verifier = v };
	char gh[PATH_MAX + 16];
	int i, final = 0;

	vr.vname = strrchr(v, '/') ? strrchr(v, '/') + 1 : v;
	snprintf(gh, sizeof(gh), "%s/gnupg", r->tmpdir);
	if (mkdir(gh, 0700) ||
	    write_file(r->tmpdir, "keyring", ring->read.p, ring->read.len)) {
		fprintf(stderr, "%s: cannot write temporary files\n", prog_name());
		return 1;
	}
	for (i = 0; i < n; i++) {
		struct vmod vm = { .name = names[i] };
		int rc = verify_one(&vr, &vm);

		if (r->opt.json)
			json_module(&vr, &vm, rc);
		buf_free(&vm.sigs);
		if (rc == 1)
			final = 1;
		else if (rc == 2 && final != 1)
			final = 2;
		else if (rc == 3 && final == 0)
			final = 3;
	}
	if (r->opt.json)
		printf("[%.*s]\n", (int)vr.json.len, vr.json.p ? (char *)vr.json.p : "");
	buf_free(&vr.json);
	return final;
}
