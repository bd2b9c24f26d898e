// SPDX-License-Identifier: GPL-2.0
/*
 * Once per signing run, before any module is touched: the key gpg will use
 * (its fingerprint, creation time, public key and keygrip) and gpg's own
 * signature of an empty input, from which the agent path takes everything
 * but the signature values; anything it cannot reproduce leaves the
 * signing to gpg, with a note saying why.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "pgp-sign.h"

void fail_all(struct pgp_run *r, int total, const char *first, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (total > 1)
		fprintf(stderr, "%s: %s: %s (%d modules not signed)\n", prog_name(), first, msg,
			total);
	else
		fprintf(stderr, "%s: %s: %s\n", prog_name(), first, msg);
	if (pgp_cleanup.passphrase)
		wipe_passphrase(&pgp_cleanup.passphrase);
	tmpdir_remove(r->tmpdir);
	exit(1);
}

/* Fields of gpg --with-colons output. */
static int colon_fields(char *line, char **f, int max)
{
	int n = 0;

	f[n++] = line;
	while (n < max && (line = strchr(line, ':'))) {
		*line++ = 0;
		f[n++] = line;
	}
	return n;
}

/* The first secret key of gpg's listing: its fingerprint and creation time. */
static void first_key(const struct buf *list, char fpr[41], long long *ctime)
{
	char *copy = strdup((const char *)list->p), *line, *save, *f[22];
	bool seen = false;

	fpr[0] = 0;
	*ctime = -1;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int nf = colon_fields(line, f, 22);

		if (!strcmp(f[0], "sec")) {
			if (seen)
				break;
			seen = true;
			*ctime = nf > 5 ? atoll(f[5]) : -1;
		} else if (seen && !strcmp(f[0], "fpr") && nf > 9) {
			snprintf(fpr, 41, "%s", f[9]);
			break;
		}
	}
	free(copy);
}

/*
 * The serial number of the card that holds the first secret key of gpg's
 * listing or one of its subkeys (field 15 of a sec or ssb line, in hex),
 * into @serial; "" when none is on a card.
 */
static void card_serial(const struct buf *list, char *serial, size_t size)
{
	char *copy = strdup((const char *)list->p), *line, *save, *f[22];
	int keys = 0;

	serial[0] = 0;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int nf = colon_fields(line, f, 22);

		if (!strcmp(f[0], "sec") && keys++)
			break;		/* (the first key's, as first_key()) */
		/* ("+": the secret key is on disk, "#": not available) */
		if ((!strcmp(f[0], "sec") || !strcmp(f[0], "ssb")) && nf > 14 &&
		    strlen(f[14]) > 1 && !f[14][strspn(f[14], "0123456789ABCDEFabcdef")]) {
			snprintf(serial, size, "%s", f[14]);
			break;
		}
	}
	free(copy);
}

/* The keygrip of the (sub)key @fpr in gpg's listing, into @grip. */
static void keygrip_of(const struct buf *list, const char *fpr, char grip[41])
{
	char *copy = strdup((const char *)list->p), *line, *save, *f[22], last[41] = "";

	grip[0] = 0;
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int nf = colon_fields(line, f, 22);

		if (!strcmp(f[0], "fpr") && nf > 9) {
			snprintf(last, sizeof(last), "%s", f[9]);
		} else if (!strcmp(f[0], "grp") && nf > 9 && !strcmp(last, fpr)) {
			snprintf(grip, 41, "%s", f[9]);
			break;
		}
	}
	free(copy);
}

/* The public keys gpg exports for the signing key: what its signatures are checked with. */
static void load_signer_keys(const struct pgp_opts *opt, struct pgp_signer *s,
			     const char *fpr)
{
	const char *const extra[] = { "--export", "--", fpr, NULL };
	struct buf out = {};

	if (!gpg_run(opt, extra, &out) && out.len) {
		unsigned int lost;

		kern_pubkeys_load(out.p, out.len, &s->keys);
		kern_keyring_load(out.p, out.len, &s->kring, &lost);
	}
	buf_free(&out);
}

/*
 * The kernel's verdict on a signature by @fpr made now (at @t with
 * SOURCE_DATE_EPOCH, and then now too: a key past its expiry makes no new
 * signatures, back-dated or not).  0, or the kernel's code and why in @w.
 */
int signer_judge(const struct pgp_opts *opt, const struct pgp_signer *s, const u8 *fpr,
		 size_t len, u32 t, char *w, size_t wl)
{
	u32 now = time(NULL);
	size_t l;
	int k;

	k = kern_sign_check(s->kring, fpr, len, opt->hashalgo, t, w, wl);
	if (k || opt->sde < 0 || t >= now)
		return k;
	k = kern_sign_check(s->kring, fpr, len, opt->hashalgo, now, w, wl);
	l = strlen(w);
	if (k == -EKEYEXPIRED && l < wl)
		snprintf(w + l, wl - l, "; SOURCE_DATE_EPOCH dates the signature before that, but a key past its expiry makes no new signatures");
	return k;
}

/* A key named as gpg names a subkey exactly: "FINGERPRINT!" or "KEYID!". */
static bool exact_key(const char *user, const char *fpr)
{
	size_t n = user ? strlen(user) : 0, f = strlen(fpr);

	if (n < 2 || user[n - 1] != '!')
		return true;
	if (n > 3 && user[0] == '0' && (user[1] == 'x' || user[1] == 'X')) {
		user += 2;
		n -= 2;
	}
	return n - 1 <= f && !strncasecmp(user, fpr + f - (n - 1), n - 1);
}

/*
 * The kernel's verdict on the key before anything is signed: each key of
 * gpg's listing (@list, the first secret key) that may sign, or the one
 * "KEY!" names, judged by the keyring rules at the signature's time @t
 * (and now, when SOURCE_DATE_EPOCH back-dates the signature: a key past
 * its expiry makes no new signatures) with the digest asked for.  0 when
 * one passes (gpg's choice among several is checked again on the
 * signature it makes); else the reason of the last one, in @why.
 */
static int key_policy(const struct pgp_run *r, const struct pgp_signer *s,
		      const struct buf *list, u32 t, char *why, size_t wl)
{
	const struct pgp_opts *opt = &r->opt;
	char *copy = strdup((const char *)list->p), *line, *save, *f[22];
	bool can_sign = false, seen = false;
	int ret = 1, n = 0;

	why[0] = 0;
	for (line = strtok_r(copy, "\n", &save); line && ret; line = strtok_r(NULL, "\n", &save)) {
		int nf = colon_fields(line, f, 22);
		u8 fpr[20];
		char w[512];
		int k;

		if (!strcmp(f[0], "sec") || !strcmp(f[0], "ssb")) {
			if (!strcmp(f[0], "sec") && seen)
				break;
			seen = true;
			can_sign = nf > 11 && strchr(f[11], 's');
			continue;
		}
		if (strcmp(f[0], "fpr") || nf < 10 || !can_sign || strlen(f[9]) != 40 ||
		    !exact_key(opt->local_user, f[9]))
			continue;
		can_sign = false;
		for (k = 0; k < 20; k++) {
			char hex[3] = { f[9][2 * k], f[9][2 * k + 1], 0 };

			fpr[k] = strtoul(hex, NULL, 16);
		}
		n++;
		k = signer_judge(opt, s, fpr, 20, t, w, sizeof(w));
		if (!k)
			ret = 0;
		else
			snprintf(why, wl, "key %s: %s", f[9], w);
	}
	free(copy);
	return n ? ret : 0;
}

/*
 * Can the agent path make what gpg made?  The reference signature @ref of
 * an empty input must be a binary-document signature with an issuer
 * fingerprint, by a key this tool can check, and the packet built here
 * must be gpg's byte for byte but the values.  0, or -1 after a note.
 */
static int agent_path_ok(struct pgp_run *r, struct pgp_signer *s, const struct buf *ref,
			 const struct buf *list)
{
	struct buf mine = {};
	u8 md[EVP_MAX_MD_SIZE];
	unsigned int mdlen, bad;
	struct sigraw sr;
	int k;

	if (sig_raw(ref->p, ref->len, &sr) || !sr.issuer_fpr_len) {
		note_once(r, "not signing through gpg-agent: gpg's signature names no issuer fingerprint; running gpg for each module");
		return -1;
	}
	if (sr.type != 0 || !hash_known(sr.hashalgo) ||
	    !(sr.pkalgo == 1 || sr.pkalgo == 17 || sr.pkalgo == 19 || sr.pkalgo == 22)) {
		note_once(r, "not signing through gpg-agent: gpg's signature (class %u, algorithms %u/%u) is not one this tool builds; running gpg for each module",
			  sr.type, sr.pkalgo, sr.hashalgo);
		return -1;
	}
	/* what the agent signs is checked with the key before it is written */
	k = s->keys ? kern_sig_verify(s->keys, sr.body, sr.body_len, (const u8 *)"", 0, 0, 0) :
	    -ENOKEY;
	if (k) {
		note_once(r, "not signing through gpg-agent: gpg's signature cannot be checked here with the key gpg exports (%s); running gpg for each module",
			  kern_errno_name(k));
		return -1;
	}
	hex_upper(sr.issuer_fpr, 20, s->fpr_hex);
	keygrip_of(list, s->fpr_hex, s->grip);
	if (strlen(s->grip) != 40) {
		note_once(r, "not signing through gpg-agent: no keygrip listed for key %s; running gpg for each module",
			  s->fpr_hex);
		return -1;
	}
	/*
	 * The subpacket areas are gpg's own, with the creation time set per
	 * signature; only subpackets that cannot depend on the data are taken
	 * (gpg.conf may add notations, a policy URL, an expiry; -u as a user ID
	 * adds the signer's user ID).
	 */
	if (sig_subpacket_types(&sr, &bad)) {
		note_once(r, "not signing through gpg-agent: gpg writes subpacket type %u (%s), which this tool does not reproduce; running gpg for each module",
			  bad, bad == 38 ? "the key block, include-key-block in gpg.conf" :
			  "see RFC 4880 5.2.3.1");
		return -1;
	}
	s->pkalgo = sr.pkalgo;
	s->hashalgo = sr.hashalgo;
	buf_add(&s->hashed, sr.hashed, sr.hashed_len);
	buf_add(&s->unhashed, sr.unhashed, sr.unhashed_len);
	s->ctime_off = sr.ctime_off;
	/* the packet built here must be gpg's, byte for byte but the MPIs */
	sig_prefix(s, &mine, sr.ctime);
	k = mine.len != 6 + sr.hashed_len || memcmp(mine.p, sr.body, mine.len) ||
	    digest_of(sr.hashalgo, (const u8 *)"", 0, 0, 0, &mine, md, &mdlen) ||
	    memcmp(md, sr.left16, 2);
	buf_free(&mine);
	if (k) {
		note_once(r, "not signing through gpg-agent: the digest computed here is not gpg's; running gpg for each module");
		return -1;
	}
	snprintf(s->keydesc, sizeof(s->keydesc),
		 "Please+enter+the+passphrase+to+unlock+the+OpenPGP+secret+key%%0Ato+sign+kernel+modules+(%s):%%0A%s%%0A",
		 prog_name(), s->fpr_hex);
	return 0;
}

/* What must be there before gpg runs at all. */
static void preflight_files(struct pgp_run *r, int total, const char *first)
{
	const struct pgp_opts *opt = &r->opt;
	struct stat st;

	if (!have_prog(opt->gpg))
		fail_all(r, total, first, "gpg not found (%s)", opt->gpg);
	if (opt->strip && !have_prog(opt->objcopy))
		fail_all(r, total, first, "objcopy not found (%s)", opt->objcopy);
	if (opt->passfile && access(opt->passfile, R_OK))
		fail_all(r, total, first, "cannot read passphrase file %s", opt->passfile);
	if (opt->homedir && (stat(opt->homedir, &st) || !S_ISDIR(st.st_mode)))
		fail_all(r, total, first, "GnuPG home directory %s does not exist", opt->homedir);
}

/* gpg's default home directory missing, and no HOME to make it in. */
static void no_gnupg_home(struct pgp_run *r, int total, const char *first)
{
	const char *g = getenv("GNUPGHOME"), *h = getenv("HOME");
	char dir[PATH_MAX];

	if (r->opt.homedir || (g && *g))
		return;
	if (!h || !*h)
		fail_all(r, total, first, "HOME is not set and neither is GNUPGHOME: name the GnuPG home directory with --homedir or GNUPGHOME");
	snprintf(dir, sizeof(dir), "%s/.gnupg", h);
	if (access(dir, F_OK) && access(h, W_OK))
		fail_all(r, total, first, "%s does not exist and HOME (%s) is missing or not writable, so gpg has no keys: name the GnuPG home directory with --homedir or GNUPGHOME",
			 dir, h);
}

/*
 * preflight() - the key and, with @want_agent, the agent path
 * Fails the run (fail_all()) when gpg, the key or the passphrase is not
 * there, or the key is younger than SOURCE_DATE_EPOCH; else fills @s
 * (s->agent_ok when the jobs may sign through gpg-agent).
 */
void preflight(struct pgp_run *r, struct pgp_signer *s, int total, const char *first,
	       bool want_agent)
{
	const struct pgp_opts *opt = &r->opt;
	const char *const list[] = { "--with-colons", "--with-keygrip", "--list-secret-keys",
				     opt->local_user ? "--" : NULL, opt->local_user, NULL };
	struct buf out = {}, ref = {};
	long long ctime;
	char fpr[41], msg[512], why[600], fpr_hex[65];
	u32 t = opt->sde >= 0 ? (u32)opt->sde : (u32)time(NULL);
	struct pgp_job j = { .run = r, .signer = s };

	preflight_files(r, total, first);
	no_gnupg_home(r, total, first);
	gpg_run(opt, list, &out);
	buf_addc(&out, 0);
	first_key(&out, fpr, &ctime);
	if (!fpr[0]) {
		const char *g = getenv("GNUPGHOME"), *h = getenv("HOME");
		char home[PATH_MAX], dir[PATH_MAX];

		if (opt->homedir)
			snprintf(home, sizeof(home), "%s (--homedir)", opt->homedir);
		else if (g && *g)
			snprintf(home, sizeof(home), "%s (GNUPGHOME)", g);
		else
			snprintf(home, sizeof(home), "%s/.gnupg (gpg's default; --homedir or GNUPGHOME name another)",
				 h ? h : "~");
		snprintf(dir, sizeof(dir), "%s%s",
			 opt->homedir ? opt->homedir : g && *g ? g : h ? h : "",
			 opt->homedir || (g && *g) ? "" : "/.gnupg");
		fail_all(r, total, first, "unknown key '%s': no secret key in %s%s; gpg --list-secret-keys shows the keys there",
			 opt->local_user ? opt->local_user : "<gpg's default key>", home,
			 access(dir, F_OK) ? ", which does not exist" : "");
	}
	if (opt->sde >= 0 && ctime > 0 && opt->sde < ctime)
		fail_all(r, total, first,
			 "SOURCE_DATE_EPOCH (%lld) is older than key %s (created %lld); its signatures would not verify",
			 opt->sde, fpr, ctime);
	/* a key on a card: each signature takes the token's turn (agent.c) */
	card_serial(&out, s->card_serial, sizeof(s->card_serial));
	load_signer_keys(opt, s, fpr);
	if (!s->kring)
		fail_all(r, total, first, "gpg exports no public key for %s", fpr);
	if (key_policy(r, s, &out, t, why, sizeof(why)))
		fail_all(r, total, first, "the kernel would refuse this signature: %s", why);
	if (want_agent) {
		struct sigraw sr;

		/* gpg signs an empty input: its key choice, options and errors apply */
		if (gpg_sign(&j, (const u8 *)"", 0, &ref, msg, sizeof(msg)))
			fail_all(r, total, first, "%s", msg);
		/* the key gpg chose, judged again */
		if (!sig_raw(ref.p, ref.len, &sr) && sr.issuer_fpr_len &&
		    signer_judge(opt, s, sr.issuer_fpr, sr.issuer_fpr_len, t, msg, sizeof(msg))) {
			hex_upper(sr.issuer_fpr, sr.issuer_fpr_len, fpr_hex);
			fail_all(r, total, first, "the kernel would refuse this signature: key %s: %s",
				 fpr_hex, msg);
		}
		s->agent_ok = !agent_path_ok(r, s, &ref, &out);
	}
	buf_free(&out);
	buf_free(&ref);
}
