// SPDX-License-Identifier: GPL-2.0
/*
 * Signing a module: through the job's gpg-agent (the digest computed here,
 * the packet built as gpg builds it) or by gpg --detach-sign, each
 * signature checked with the kernel's verifier and the key before it is
 * written into the placeholder.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "pgp-sign.h"

/* The arguments of one gpg command. */
struct gpg_cmd {
	char *argv[40];
	char digest[16], ftime[32];
};

/* gpg [--homedir H] --batch --no-tty, the caller's options. */
static int gpg_base(const struct pgp_opts *opt, char **argv)
{
	int i = 0;

	argv[i++] = (char *)opt->gpg;
	if (opt->homedir) {
		argv[i++] = "--homedir";
		argv[i++] = (char *)opt->homedir;
	}
	argv[i++] = "--batch";
	argv[i++] = "--no-tty";
	return i;
}

/* gpg with @extra, its output in @out; the exit status. */
int gpg_run(const struct pgp_opts *opt, const char *const *extra, struct buf *out)
{
	struct proc_io io = { .in_fd = -1, .out = out };
	char *argv[24];
	int i = gpg_base(opt, argv);

	while (*extra && i < (int)PGP_ARRAY_SIZE(argv) - 1)
		argv[i++] = (char *)*extra++;
	argv[i] = NULL;
	return run_cmd(argv, &io);
}

/* gpg --detach-sign as the options ask for it. */
static void gpg_sign_argv(const struct pgp_opts *opt, struct gpg_cmd *c)
{
	char **argv = c->argv;
	int i = gpg_base(opt, argv);

	argv[i++] = "--quiet";
	argv[i++] = "--yes";
	argv[i++] = "--no-armor";
	argv[i++] = "--no-textmode";
	argv[i++] = "--digest-algo";
	snprintf(c->digest, sizeof(c->digest), "%s", hash_name(opt->hashalgo));
	argv[i++] = c->digest;
	if (opt->local_user) {
		argv[i++] = "--local-user";
		argv[i++] = (char *)opt->local_user;
	}
	if (opt->passfile) {
		argv[i++] = "--pinentry-mode";
		argv[i++] = "loopback";
		argv[i++] = "--passphrase-file";
		argv[i++] = (char *)opt->passfile;
	}
	if (opt->sde >= 0) {
		snprintf(c->ftime, sizeof(c->ftime), "%lld!", opt->sde);
		argv[i++] = "--faked-system-time";
		argv[i++] = c->ftime;
		argv[i++] = "--ignore-time-conflict";
	}
	argv[i++] = "--output";
	argv[i++] = "-";
	argv[i++] = "--detach-sign";
	argv[i] = NULL;
}

/* What to do about gpg's error @err (its stderr), or "". */
static const char *gpg_advice(const struct buf *err)
{
	static const struct { const char *said, *advice; } a[] = {
		{ "Inappropriate ioctl for device",
		  " (gpg needs the key's passphrase and has no terminal to ask for it: give it with --passphrase-file FILE, or unlock the key in gpg-agent first, e.g. by signing something with gpg from a terminal)" },
		{ "No pinentry",
		  " (no pinentry program to ask for the key's passphrase: install one, give the passphrase with --passphrase-file FILE, or unlock the key in gpg-agent first)" },
		{ "Unusable secret key",
		  " (the key is expired, revoked or may not sign: gpg --list-secret-keys shows it; extend it with gpg --quick-set-expire or name another with --local-user)" },
		{ "Bad passphrase",
		  " (the passphrase is wrong: check --passphrase-file's first line)" },
		{ "No secret key",
		  " (gpg has the public key but not its secret part here: import it, or insert the smartcard that holds it)" },
	};
	size_t i;

	for (i = 0; i < PGP_ARRAY_SIZE(a); i++)
		if (err->len && memmem(err->p, err->len, a[i].said, strlen(a[i].said)))
			return a[i].advice;
	return "";
}

/* gpg --detach-sign over @d; the packet to @sig, or a message in @msg. */
int gpg_sign(struct pgp_job *j, const u8 *d, size_t n, struct buf *sig, char *msg,
	     size_t msglen)
{
	struct buf err = {};
	struct proc_io io = { .in = d, .in_len = n, .in_fd = -1, .out = sig, .err = &err };
	const u8 *p, *body;
	struct gpg_cmd c;
	unsigned int tag;
	double t0 = now_ms();
	char l[300];
	size_t len;
	int rc, lk = -1;

	gpg_sign_argv(&j->run->opt, &c);
	/* a key on a card: one signature at a time on it, across jobs and runs (agent.c) */
	if (j->signer && j->signer->card_serial[0])
		lk = token_lock_open(j->run, j->signer->card_serial);
	while (lk >= 0 && flock(lk, LOCK_EX) && errno == EINTR)
		;
	rc = run_cmd(c.argv, &io);
	if (lk >= 0)
		close(lk);
	j->tm.sign += now_ms() - t0;
	last_line(&err, l, sizeof(l));
	if (rc) {
		snprintf(msg, msglen, "gpg failed: %s%s", l[0] ? l : "no message",
			 gpg_advice(&err));
		buf_free(&err);
		return -1;
	}
	buf_free(&err);
	if (!sig->len) {
		snprintf(msg, msglen, "gpg produced no signature");
		return -1;
	}
	p = sig->p;
	if (kern_next_packet(&p, sig->p + sig->len, &tag, &body, &len) || tag != 2 ||
	    p != sig->p + sig->len) {
		snprintf(msg, msglen, "gpg output is not a single binary signature packet");
		return -1;
	}
	return 0;
}

/*
 * SIGKEY, [SETKEYDESC], SETHASH and PKSIGN pipelined, then their answers:
 * 0 and the S-expression in @sexp, 1 on an error of this signature
 * (message in a->err), -1 when the connection is lost.
 */
static int agent_pksign(struct pgp_agent *a, const struct pgp_signer *s, const u8 *md,
			unsigned int mdlen, struct buf *sexp)
{
	static const char *const cmd_name[] = { "SIGKEY", "SETKEYDESC", "SETHASH" };
	struct buf all = {};
	char line[300], m[512];
	unsigned int i;
	int k, ret = 0, r;

	snprintf(line, sizeof(line), "SIGKEY %s\n", s->grip);
	buf_addstr(&all, line);
	if (!a->private) {
		buf_addstr(&all, "SETKEYDESC ");
		buf_addstr(&all, s->keydesc);
		buf_addc(&all, '\n');
	}
	k = snprintf(line, sizeof(line), "SETHASH %d ", s->hashalgo);
	for (i = 0; i < mdlen; i++)
		k += snprintf(line + k, sizeof(line) - k, "%02X", md[i]);
	buf_addstr(&all, line);
	buf_addstr(&all, "\nPKSIGN\n");
	r = write_all(a->out, all.p, all.len);
	buf_free(&all);
	if (r) {
		snprintf(a->err, sizeof(a->err), "gpg-agent connection lost: %s", strerror(errno));
		return -1;
	}
	for (k = 0; k < (a->private ? 2 : 3); k++) {
		r = assuan_transact(a, NULL, NULL);
		if (r < 0)
			return -1;
		if (r && !ret) {
			snprintf(m, sizeof(m), "%.500s", a->err);
			snprintf(a->err, sizeof(a->err), "gpg-agent: %s: %s",
				 cmd_name[a->private && k ? k + 1 : k], m);
			ret = 1;
		}
	}
	r = assuan_transact(a, sexp, NULL);
	if (r < 0)
		return -1;
	if (r && !ret) {
		snprintf(m, sizeof(m), "%.500s", a->err);
		snprintf(a->err, sizeof(a->err), "gpg-agent: %s", m);
		ret = 1;
	}
	return ret;
}

/* The packet body: prefix, gpg's unhashed area, the digest's left 16 bits, the values. */
static int sig_assemble(struct pgp_agent *a, const struct pgp_signer *s,
			const struct buf *prefix, const u8 *md, const struct buf *sexp,
			struct buf *body)
{
	static const char *const want[] = {
		[1] = "rsa", [3] = "rsa", [17] = "dsa", [19] = "ecdsa", [22] = "eddsa",
	};
	const u8 *r, *sv;
	size_t rl, sl;
	char algo[16];
	u8 ul[2];

	if (sexp_sig_values(sexp->p, sexp->len, algo, &r, &rl, &sv, &sl)) {
		snprintf(a->err, sizeof(a->err), "malformed S-expression from gpg-agent");
		return -1;
	}
	if (s->pkalgo >= (int)PGP_ARRAY_SIZE(want) || !want[s->pkalgo] ||
	    strcmp(algo, want[s->pkalgo])) {
		snprintf(a->err, sizeof(a->err),
			 "gpg-agent made a %s signature, gpg's key is OpenPGP algorithm %d",
			 algo, s->pkalgo);
		return 1;
	}
	buf_add(body, prefix->p, prefix->len);
	put_be16(ul, s->unhashed.len);
	buf_add(body, ul, 2);
	buf_add(body, s->unhashed.p, s->unhashed.len);
	buf_add(body, md, 2);
	if (add_mpi(body, r, rl) || (sv && add_mpi(body, sv, sl))) {
		snprintf(a->err, sizeof(a->err),
			 "gpg-agent's signature values do not fit an OpenPGP MPI");
		return 1;
	}
	return 0;
}

/*
 * agent_sign() - the signature packet over @d (zeros at [zoff, zoff+zlen))
 * Returns 0, 1 on an error of this signature (message in the agent's err),
 * -1 when the connection is lost.
 */
int agent_sign(struct pgp_job *j, const u8 *d, size_t n, size_t zoff, size_t zlen,
	       u32 t, struct buf *pkt)
{
	const struct pgp_signer *s = j->signer;
	struct pgp_agent *a = j->agent;
	struct buf prefix = {}, sexp = {}, body = {};
	u8 md[EVP_MAX_MD_SIZE];
	unsigned int mdlen;
	double t0 = now_ms();
	int ret;

	sig_prefix(s, &prefix, t);
	if (digest_of(s->hashalgo, d, n, zoff, zlen, &prefix, md, &mdlen)) {
		snprintf(a->err, sizeof(a->err), "hashing failed");
		buf_free(&prefix);
		return 1;
	}
	j->tm.hash += now_ms() - t0;
	t0 = now_ms();
	/* a key on a card: one job at a time (agent.c) */
	while (a->card_lock >= 0 && flock(a->card_lock, LOCK_EX) && errno == EINTR)
		;
	ret = agent_pksign(a, s, md, mdlen, &sexp);
	if (a->card_lock >= 0)
		flock(a->card_lock, LOCK_UN);
	if (!ret)
		ret = sig_assemble(a, s, &prefix, md, &sexp, &body);
	/*
	 * gpg checks each signature it makes (a faulty agent or card, an RSA-CRT
	 * fault); so does this tool, with the kernel's verifier and the key gpg
	 * exports, before anything is written.
	 */
	/* (with the kernel's keyring, kernel_takes() checks it as the kernel would) */
	if (!ret && !s->kring) {
		int k = kern_sig_verify(s->keys, body.p, body.len, d, n, zoff, zlen);

		if (k) {
			snprintf(a->err, sizeof(a->err),
				 "the signature gpg-agent made does not verify with key %s (%s); not written",
				 s->fpr_hex, kern_errno_name(k));
			ret = 1;
		}
	}
	if (!ret) {
		pkt_header(pkt, body.len);
		buf_add(pkt, body.p, body.len);
	}
	j->tm.sign += now_ms() - t0;
	buf_free(&prefix);
	buf_free(&sexp);
	buf_free(&body);
	return ret;
}

/*
 * gpg checked its signature; it is checked again here when the kernel's
 * verifiers take the key (else gpg's check stands).
 */
static int gpg_sign_checked(struct pgp_job *j, const struct pgp_module *m,
			    const struct module_pgp_sig_loc *loc, struct buf *pkt,
			    char *why, size_t wl)
{
	struct sigraw sr;
	int r;

	if (gpg_sign(j, m->elf.p, m->elf.len, pkt, why, wl))
		return -1;
	if (j->signer->kring)
		return 0;	/* kernel_takes() checks it, as the kernel would */
	r = sig_raw(pkt->p, pkt->len, &sr) ? -EBADMSG :
	    kern_sig_verify(j->signer->keys, sr.body, sr.body_len, m->elf.p, m->elf.len,
			    loc->sec_off, loc->sec_size);
	if (r && r != -ENOKEY && r != -ENOPKG) {
		snprintf(why, wl, "gpg's signature does not verify with its key (%s); not written",
			 kern_errno_name(r));
		return -1;
	}
	return 0;
}

/*
 * The kernel's verdict on the module carrying the new signature @pkt alone,
 * with the signer's exported key as its keyring (its rules, the policy and
 * the verifier, kern_module_check()): a signature it would refuse is not
 * written.  Leaves @pkt in module_sig.
 */
static int kernel_takes(struct pgp_job *j, struct pgp_module *m,
			const struct module_pgp_sig_loc *loc, const struct buf *pkt,
			char *why, size_t wl)
{
	const struct pgp_signer *s = j->signer;
	char w[512], detail[80], fpr[65];
	struct kern_signer who;
	struct sigraw sr;
	int v;

	if (fill(&m->elf, loc, pkt->p, pkt->len, why, wl))
		return -1;
	v = kern_module_check(s->kring, m->elf.p, m->elf.len, &who);
	if (!v)
		return 0;
	if (sig_raw(pkt->p, pkt->len, &sr)) {
		snprintf(why, wl, "the kernel would refuse this signature (%s); not written",
			 kern_errno_name(v));
		return -1;
	}
	hex_upper(sr.issuer_fpr, sr.issuer_fpr_len, fpr);
	if (sr.issuer_fpr_len &&
	    kern_sign_check(s->kring, sr.issuer_fpr, sr.issuer_fpr_len, sr.hashalgo, sr.ctime,
			    w, sizeof(w))) {
		snprintf(why, wl, "the kernel would refuse this signature: key %s: %s; not written",
			 fpr, w);
		return -1;
	}
	kern_explain(s->kring, sr.body, sr.body_len, v, detail, sizeof(detail));
	snprintf(why, wl, "the kernel would refuse this signature by key %s (%s, %s); not written",
		 sr.issuer_fpr_len ? fpr : "?", kern_errno_name(v), detail);
	return -1;
}

/*
 * --append: the key's own earlier signature is replaced, not repeated; the
 * others must leave room for the new one (the kernel reads at most
 * MODULE_PGP_MAX_SIGS, and module_sig cannot grow under signatures that
 * cover its size).
 */
static int append_room(struct buf *old, const struct buf *pkt,
		       const struct module_pgp_sig_loc *loc, char *why, size_t wl)
{
	int n = drop_own(old, pkt);

	if (n >= MODULE_PGP_MAX_SIGS) {
		snprintf(why, wl, "module already carries %d signatures by other keys, the most the kernel reads; re-sign without --append",
			 n);
		return -1;
	}
	if (MODULE_PGP_SIG_HDR_LEN + old->len + pkt->len > loc->sec_size) {
		snprintf(why, wl, "module_sig (%zu bytes) has no room for another signature (%zu bytes needed): sign without --append with --reserve %zu, then --append each other key",
			 loc->sec_size, MODULE_PGP_SIG_HDR_LEN + old->len + pkt->len,
			 MODULE_PGP_SIG_HDR_LEN + 2 * (old->len + pkt->len));
		return -1;
	}
	return 0;
}

/* The signature packet by gpg-agent or gpg (a pgp_sig_maker). */
static int gpg_or_agent(struct pgp_job *j, const struct pgp_module *m,
			const struct module_pgp_sig_loc *loc, struct buf *pkt, char *why,
			size_t wl)
{
	const struct pgp_opts *opt = &j->run->opt;
	int r;

	if (j->agent) {
		u32 t = opt->sde >= 0 ? (u32)opt->sde : (u32)time(NULL);

		r = agent_sign(j, m->elf.p, m->elf.len, loc->sec_off, loc->sec_size, t, pkt);
		if (r)
			snprintf(why, wl, "%s", j->agent->err);
		return r < 0 ? 2 : r ? 1 : 0;
	}
	return gpg_sign_checked(j, m, loc, pkt, why, wl) ? 1 : 0;
}

/*
 * One module, whichever way its signature is made: the placeholder, the
 * signature, the kernel's check of it (gpg's signer), the key's own earlier
 * signature dropped on --append, the module replaced.  Returns 0, 1 (the
 * module failed) or 2 (failed and the agent connection is gone).
 */
int sign_module(struct pgp_job *j, const char *name, pgp_sig_maker make, char *why,
		size_t wl)
{
	struct pgp_module m = { .name = name };
	struct buf old = {}, pkt = {};
	struct module_pgp_sig_loc loc;
	int ret = 1;

	if (mod_open(j, &m, true, why, wl) || placeholder(j, &m, &old, &loc, why, wl))
		goto out;
	ret = make(j, &m, &loc, &pkt, why, wl);
	if (ret)
		goto out;
	ret = 1;
	if (j->signer && kernel_takes(j, &m, &loc, &pkt, why, wl))
		goto out;
	if (old.len && append_room(&old, &pkt, &loc, why, wl))
		goto out;
	buf_add(&old, pkt.p, pkt.len);
	if (fill(&m.elf, &loc, old.p, old.len, why, wl) || mod_replace(j, &m, why, wl))
		goto out;
	j->tm.modules++;
	ret = 0;
out:
	buf_free(&m.elf);
	buf_free(&old);
	buf_free(&pkt);
	return ret;
}

int sign_one(struct pgp_job *j, const char *name, char *why, size_t wl)
{
	return sign_module(j, name, gpg_or_agent, why, wl);
}

/* The job's agent is gone: the rest of its modules are signed by gpg. */
void sign_degrade(struct pgp_job *j, const char *why)
{
	agent_stop(j);
	note_once(j->run, "not signing through gpg-agent: %s; running gpg for each module", why);
}

void sign_start(struct pgp_job *j)
{
	agent_start(j);
}

void sign_end(struct pgp_job *j)
{
	agent_stop(j);
}
