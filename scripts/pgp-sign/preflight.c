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

	if (!gpg_run(opt, extra, &out) && out.len)
		kern_pubkeys_load(out.p, out.len, &s->keys);
	buf_free(&out);
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
	char fpr[41], msg[512];
	struct pgp_job j = { .run = r, .signer = s };

	preflight_files(r, total, first);
	gpg_run(opt, list, &out);
	buf_addc(&out, 0);
	first_key(&out, fpr, &ctime);
	if (!fpr[0])
		fail_all(r, total, first, "unknown key '%s' (no secret key%s%s)",
			 opt->local_user ? opt->local_user : "<default>",
			 opt->homedir ? " in " : "", opt->homedir ? opt->homedir : "");
	if (opt->sde >= 0 && ctime > 0 && opt->sde < ctime)
		fail_all(r, total, first,
			 "SOURCE_DATE_EPOCH (%lld) is older than key %s (created %lld); its signatures would not verify",
			 opt->sde, fpr, ctime);
	load_signer_keys(opt, s, fpr);
	if (want_agent) {
		/* gpg signs an empty input: its key choice, options and errors apply */
		if (gpg_sign(&j, (const u8 *)"", 0, &ref, msg, sizeof(msg)))
			fail_all(r, total, first, "%s", msg);
		s->agent_ok = !agent_path_ok(r, s, &ref, &out);
	}
	buf_free(&out);
	buf_free(&ref);
}
