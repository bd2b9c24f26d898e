// SPDX-License-Identifier: GPL-2.0
/*
 * --verify (verify-module.sh): the kernel's verdict on modules, for each of
 * their signatures and for each module, by the kernel's own code compiled
 * in (kernel.c), and gpgv's or sqv's beside it for every signature the
 * kernel accepts (verify_gpgv.c); the exit status.  The report's lines and
 * JSON are verify_report.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pgp-sign.h"
#include "verify.h"

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
		snprintf(name, sizeof(name), "sig.%d", *n + 1);	/* as the report counts */
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
			vexplain(kern_errno_name(s->v), s->why, msg, sizeof(msg));
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
		vsay(vr, "%s: signature %d/%d: signer %s algo %s digest %s created %s: %s",
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
 * kernel and gpgv disagree), 2 unsigned, 3 good with an appended PKCS#7
 * signature besides, which the kernel checks first (with --pq-only too: a
 * good one counts for nothing there, a bad one still refuses the module);
 * VERIFY_IO, no verdict, when it or the files to check cannot be read or
 * written.
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
	enum pgp_appended a;
	bool elf_ok = false;
	int n = 0, good = 0, kv = 0, rc = 1, np;
	size_t kl, bl;

	if (stat(vm->name, &st) || !S_ISREG(st.st_mode) || access(vm->name, R_OK)) {
		fprintf(stderr, "%s: %s: cannot read file\n", prog_name(), vm->name);
		snprintf(vm->reason, sizeof(vm->reason), "cannot read file");
		rc = VERIFY_IO;
		goto out;
	}
	vm->kv = "-";
	if (mod_open(&j, &m, false, why, sizeof(why))) {
		loader = why;
		goto refused;
	}
	/* the appended block, as the kernel takes it (mod_check_sig()) */
	a = appended_sig(m.elf.p, m.elf.len, &kl, &bl);
	if (a == APPENDED_BAD) {
		vm->kv = "EBADMSG";
		loader = "malformed appended PKCS#7 signature";
		goto refused;
	}
	if (a == APPENDED_PKCS7) {
		vm->p7 = true;
		vsay(vr, "%s: note: an appended PKCS#7 signature is present (%s)", vm->name,
		     vr->r->opt.pq_only ?
		     "not checked here; with --pq-only a good one does not count, no PKCS#7 key of this kernel being post-quantum, and a bad one refuses the module" :
		     "not checked here");
	}
	if (a == APPENDED_OTHER)
		vsay(vr, "%s: note: an appended signature block that is not PKCS#7: the kernel passes over it (ENOPKG) and checks module_sig over the file without its 28-byte marker alone",
		     vm->name);
	m.elf.len = kl;
	if (vr->ring->lost && !vr->noted_lost) {
		vr->noted_lost = true;
		vsay(vr, "%s: note: the kernel would not read the keyring completely (%u problems; a kernel build refuses such a keyring)",
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
		vsay(vr, "%s: sha256 %s (module)", vm->name, vm->h1);
	else
		vsay(vr, "%s: sha256 %s (module), %s (signed data, module_sig zeroed)", vm->name,
		     vm->h1, vm->h2);
	np = elf_ok && ms.state == SIG_GOOD ?
	     count_sig_packets(m.elf.p + ms.loc.payload_off, ms.loc.payload_len, why,
			       sizeof(why)) : 0;
	if (np > 0) {
		int room = np < VERIFY_MAX_SIGS ? np : VERIFY_MAX_SIGS;

		sigs = xrealloc(NULL, sizeof(*sigs) * room);
		/* the data and the keyring gpgv and sqv check */
		if (judge_sigs(vr, &m, &ms, sigs, room, &n))
			goto io_error;
		memset(m.elf.p + ms.loc.sec_off, 0, ms.loc.sec_size);
		if (put_file(vr, "data", m.elf.p, m.elf.len) ||
		    (vr->r->opt.data_dir &&
		     (write_file(vr->r->opt.data_dir, "keyring", vr->ring->read.p,
				 vr->ring->read.len) ||
		      write_file(vr->r->opt.data_dir, "data", m.elf.p, m.elf.len))))
			goto io_error;
	}
	vm->kv = kern_errno_name(kv);
	if (!elf_ok) {
		loader = ms.why;
		goto refused;
	}
	switch (ms.state) {
	case SIG_NONE:
		vtell(vm, vr, "unsigned (no module_sig section; the kernel: ENODATA)");
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
		vtell(vm, vr, "BAD (the kernel and %s disagree: %s; the kernel: %s)", vr->vname, dis,
		      vm->kv);
		goto out;
	}
	if (!kv && ms.state == SIG_GOOD) {
		if (vm->p7) {
			vsay(vr, "%s: good OpenPGP signature (%d of %d signatures verified), and an appended PKCS#7 signature this script does not check (the kernel checks it first)",
			     vm->name, good, n);
			rc = 3;
			goto out;
		}
		vsay(vr, "%s: good (%d of %d signatures verified)", vm->name, good, n);
		rc = 0;
		goto out;
	}
	if (kv == -EBADMSG && n > MODULE_PGP_MAX_SIGS)
		vtell(vm, vr, "BAD (%d signatures, more than the %d the kernel reads; the kernel: EBADMSG)",
		      np, MODULE_PGP_MAX_SIGS);
	else if (kv == -EBADMSG)
		vtell(vm, vr, "BAD (malformed signature data; the kernel: EBADMSG)");
	else
		vtell(vm, vr, "BAD (no signature verified with a trusted key%s%s; the kernel: %s)",
		      first[0] ? ": " : "", first, vm->kv);
	goto out;
io_error:
	/* not a verdict: the files for gpgv (or --data's) cannot be written */
	fprintf(stderr, "%s: %s: cannot write the files to check (%s, or --data's directory): %s\n",
		prog_name(), vm->name, vr->r->tmpdir, strerror(errno));
	snprintf(vm->reason, sizeof(vm->reason), "cannot write the files to check: %s",
		 strerror(errno));
	vm->kv = NULL;
	rc = VERIFY_IO;
	goto out;
refused:
	/* the loader (or this tool's ELF rules) refuses the file: its reason, then the verdict */
	vtell(vm, vr, "BAD: %s", loader);
	vtell(vm, vr, "BAD (the loader refuses the file; the kernel: %s)", vm->kv);
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
		fprintf(stderr, "%s: cannot write temporary files in %s: %s\n", prog_name(),
			r->tmpdir, strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		struct vmod vm = { .name = names[i] };
		int rc = verify_one(&vr, &vm);

		if (r->opt.json)
			json_module(&vr, &vm, rc);
		buf_free(&vm.sigs);
		if (rc == 1)
			final = 1;
		else if ((rc == 2 || rc == VERIFY_IO) && final != 1)
			final = 2;
		else if (rc == 3 && final == 0)
			final = 3;
	}
	if (r->opt.json)
		printf("[%.*s]\n", (int)vr.json.len, vr.json.p ? (char *)vr.json.p : "");
	buf_free(&vr.json);
	return final;
}
