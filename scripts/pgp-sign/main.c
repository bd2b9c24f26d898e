// SPDX-License-Identifier: GPL-2.0
/*
 * pgp-sign-module: sign kernel modules with OpenPGP signatures kept in the
 * "module_sig" ELF section, the per-module work of scripts/sign-module.sh;
 * this file runs the mode the command line (args.c) names.
 *
 * For each module: decompress (.ko.xz/.zst/.gz: xz with liblzma when built
 * with it, else with the tool that compressed it), find module_sig with
 * the kernel's own locator (kernel/module/signing_pgp_elf.c, compiled in),
 * add the placeholder or zero the existing section, hash the file, have
 * gpg-agent sign the digest over its Assuan socket (or run gpg
 * --detach-sign), build the signature packet exactly as gpg writes it
 * (checked once per run against a signature gpg makes), write the container
 * into the placeholder, recompress and atomically replace the module.  On
 * any failure the module is left byte-identical and one line
 * "TOOL: FILE: reason" is printed.
 *
 * Also: --verify (the kernel's verdict, for verify-module.sh), --prepare
 * and --attach (signatures made elsewhere), --dearmor, --gen-key, and the
 * hash list's commands (hashlist.c).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pgp-sign.h"

/*
 * --verify MODULE... (verify-module.sh): every --keyring file, binary or
 * armoured, read into one keyring as the kernel's built-in one; then each
 * module judged (verify.c).  The exit status is verify_modules()'s, 2 for
 * a usage error or a keyring that cannot be read.
 */
static int run_verify(struct pgp_run *r, char **names, int n)
{
	const struct pgp_opts *o = &r->opt;
	const char *v = o->use_sqv ? (getenv("SQV") ? getenv("SQV") : "sqv") :
			(getenv("GPGV") ? getenv("GPGV") : "gpgv");
	struct buf all = {};
	struct pgp_ring ring = {};
	char why[PGP_WHY_MAX];
	struct stat st;
	int i, rc;

	if (!o->nkeyrings || !n)
		verify_missing(o, n);
	if (o->data_dir && n != 1)
		bad_usage("--data takes one MODULE%s", "");
	if (o->data_dir && (stat(o->data_dir, &st) || !S_ISDIR(st.st_mode) ||
			    access(o->data_dir, W_OK | X_OK)))
		bad_usage("--data %s: not a directory this user can write", o->data_dir);
	if (!have_prog(v)) {
		fprintf(stderr, "%s: %s not found\n", prog_name(), v);
		return 2;
	}
	for (i = 0; i < o->nkeyrings; i++) {
		const char *k = o->keyrings[i];
		struct buf b = {};
		size_t before = all.len;
		struct stat st;

		if (stat(k, &st) || !S_ISREG(st.st_mode) || read_file(k, &b, 64 << 20)) {
			fprintf(stderr, "%s: %s: cannot read keyring\n", prog_name(), k);
			exit(2);
		}
		if (pgp_dearmor(b.p, b.len, &all) || all.len == before) {
			fprintf(stderr, "%s: %s: not an OpenPGP keyring (or its armour is damaged)\n",
				prog_name(), k);
			exit(2);
		}
		buf_free(&b);
	}
	rc = ring_load_bin(&ring, all.p, all.len, why, sizeof(why));
	buf_free(&all);
	if (rc) {
		fprintf(stderr, "%s: %s: the kernel's keyring parser fails (%s)\n", prog_name(),
			o->keyrings[0], why);
		return 2;
	}
	/* gpgv's and sqv's messages as the report quotes them */
	setenv("LC_ALL", "C", 1);
	/* a line at a time, in order with the messages on stderr */
	setvbuf(stdout, NULL, _IOLBF, 0);
	signals_install();
	if (tmpdir_make(r->tmpdir, sizeof(r->tmpdir))) {
		fprintf(stderr, "%s: cannot create a temporary directory\n", prog_name());
		return 2;
	}
	rc = verify_modules(r, &ring, names, n);
	ring_free(&ring);
	tmpdir_remove(r->tmpdir);
	return rc;
}

/* Signing (and --prepare): the key, once, then every module in the pool. */
static int run_sign(struct pgp_run *r, char **mods, int total)
{
	static const struct pgp_pool_ops sign_ops = {
		.start = sign_start, .one = sign_one, .degrade = sign_degrade, .end = sign_end,
	};
	static const struct pgp_pool_ops prepare_ops = { .one = prepare_one };
	struct pgp_opts *o = &r->opt;
	struct pgp_signer s = {};
	struct pgp_job j = { .run = r, .signer = &s };
	char seckey[PATH_MAX + 32];
	int rc;

	if (o->mode == MODE_PREPARE)
		return pool_run(&j, mods, total, &prepare_ops);
	if (o->secret_key || seckey_default(o, seckey, sizeof(seckey)))
		return run_seckey(r, mods, total);
	gnupg_tool(o->gpg, "gpg-agent", o->gpg_agent, sizeof(o->gpg_agent));
	if (getenv("GPG_AGENT"))
		snprintf(o->gpg_agent, sizeof(o->gpg_agent), "%s", getenv("GPG_AGENT"));
	gnupg_tool(o->gpg, "gpgconf", o->gpgconf, sizeof(o->gpgconf));
	gnupg_tool(o->gpg, "gpg-connect-agent", o->gpg_connect_agent,
		   sizeof(o->gpg_connect_agent));
	if (o->passfile && read_passphrase(o->passfile, &s.passphrase))
		fail_all(r, total, mods[0],
			 "passphrase file %s: the first line is longer than %d bytes (or unreadable)",
			 o->passfile, PGP_PASSPHRASE_MAX);
	preflight(r, &s, total, mods[0],
		  o->agent_opt > 0 || (o->agent_opt == 0 && total > 1));
	rc = pool_run(&j, mods, total, &sign_ops);
	wipe_passphrase(&s.passphrase);
	kern_pubkeys_free(s.keys);
	kern_keyring_free(s.kring);
	buf_free(&s.hashed);
	buf_free(&s.unhashed);
	return rc;
}

/* --attach: the keyring, once (and its file for gpgv), then every module in the pool. */
static int run_attach(struct pgp_run *r, char **mods, int total)
{
	static const struct pgp_pool_ops attach_ops = { .one = attach_one };
	struct pgp_ring ring = {};
	struct pgp_job j = { .run = r, .ring = &ring };
	char why[PGP_WHY_MAX];
	int rc;

	if (ring_load(&ring, r->opt.keyring, why, sizeof(why)))
		fail_all(r, total, mods[0], "%s", why);
	snprintf(ring.file, sizeof(ring.file), "%s/keyring.gpg", r->tmpdir);
	if (write_file(r->tmpdir, "keyring.gpg", ring.read.p, ring.read.len))
		fail_all(r, total, mods[0], "cannot write temporary files");
	if (ring.lost)
		note_once(r, "the kernel would not read %s completely (%u problems; a build refuses it)",
			  r->opt.keyring, ring.lost);
	rc = pool_run(&j, mods, total, &attach_ops);
	ring_free(&ring);
	return rc;
}

int main(int argc, char **argv)
{
	struct pgp_run r = {
		.opt = {
			.hashalgo = 10, .reserve = 2048, .jobs = 1, .sde = -1,
			.sig_suffix = ".sig",
		},
	};
	struct kern_config kcfg = { .ed25519 = true, .ecdsa = true, .mldsa = true, .ed448 = true,
				   .slhdsa = true };
	char paths[3][PATH_MAX];
	int first, n, rc;

	if (argc > 1 && !strncmp(argv[1], "--hash-list", 11))
		return hashlist_main(argc, argv);
	first = parse_args(argc, argv, &r.opt, &kcfg);
	n = argc - first;
	/* every mode but --verify may hold a passphrase or a secret key */
	if (r.opt.mode != MODE_VERIFY)
		secrets_held();
	if (r.opt.mode == MODE_DEARMOR) {
		if (n != 2)
			bad_usage("--dearmor needs IN and OUT%s", "");
		return dearmor_file(argv[first], argv[first + 1]);
	}
	kern_set_config(&kcfg);
	if (r.opt.mode == MODE_GENKEY) {
		if (n != 3)
			bad_usage("--gen-key needs ALGO UID SECRET PUBLIC%s", "");
		return seckey_generate(r.opt.gen_algo, argv[first], argv[first + 1],
				       argv[first + 2], source_date_epoch());
	}
	read_environment(&r.opt);
	if (r.opt.mode == MODE_VERIFY)
		return run_verify(&r, argv + first, n);
	check_args(&r.opt, n);
	if (!r.opt.reserve_set && r.opt.mode != MODE_SIGN)
		r.opt.reserve = PGP_REMOTE_RESERVE;
	absolute_paths(&r.opt, paths);
	signals_install();
	srandom(getpid() ^ time(NULL));
	umask(umask(077) & 077);
	if (tmpdir_make(r.tmpdir, sizeof(r.tmpdir)))
		fail_all(&r, n, argv[first], "cannot create a temporary directory");
	if (r.opt.mode == MODE_ATTACH)
		rc = run_attach(&r, argv + first, n);
	else
		rc = run_sign(&r, argv + first, n);
	tmpdir_remove(r.tmpdir);
	return rc;
}
