// SPDX-License-Identifier: GPL-2.0
/*
 * The list of a kernel build's module hashes (CONFIG_MODULE_HASH_LIST): the
 * command line of its commands, and the check of modules against the list
 * of a kernel image (modules_install and scripts/verify-module.sh).  The
 * empty room vmlinux is linked with and the list written into vmlinux in
 * place of it are hashlist_image.c's, the list made from the build's final
 * modules hashlist_make.c's (run by scripts/Makefile.vmlinux and
 * scripts/Makefile.modhashes).  The list's format, its reader and what a
 * module is hashed as are the kernel's own code,
 * kernel/module/hash_list_parse.c, compiled in here on scripts/pgp-shim.
 *
 *   --hash-list-room N
 *   --hash-list-make OUT [--capacity N] [--strip CMD] [--placeholder BYTES]
 *                    (--files FILE | MODULE...)
 *   --hash-list-fill IMAGE LIST
 *   --hash-list LIST|IMAGE [--quiet] (--files FILE | MODULE...)
 */
#define _GNU_SOURCE
#include "../../kernel/module/hash_list_parse.c"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgp-sign.h"
#include "hashlist.h"

static const char hl_usage_text[] =
	"\n"
	"Lists of module hashes (CONFIG_MODULE_HASH_LIST):\n"
	"  %s --hash-list LIST|IMAGE [-q] [--keyring FILE] (--files FILE | MODULE...)\n"
	"  %s --hash-list-make OUT [--capacity N] [--strip CMD] [--placeholder BYTES]\n"
	"      (--files FILE | MODULE...)\n"
	"  %s --hash-list-fill IMAGE LIST\n"
	"  %s --hash-list-room N\n"
	"A module is listed by the SHA-256 of the module as the kernel reads it\n"
	"(decompressed, without an appended PKCS#7 signature) with the content of its\n"
	"module_sig section as zeros; only modules built in a kernel tree (.modinfo\n"
	"\"intree=Y\") are listed.\n"
	"  --hash-list          is each MODULE (.ko, .ko.xz, .ko.zst, .ko.gz) in the list\n"
	"                       of LIST (modules.hashlist, as modules_install installs\n"
	"                       it beside the modules) or of a kernel IMAGE (vmlinux, or a\n"
	"                       compressed image such as bzImage or Image.gz, read with\n"
	"                       gzip, xz, zstd, bzip2, lz4 or lzop)?  In the kernel's\n"
	"                       order: an appended signature block (malformed: refused),\n"
	"                       module_sig (malformed, an empty placeholder, or a bad\n"
	"                       signature by a key of --keyring: \"listed, but refused\"),\n"
	"                       then the list.  One line a module; exit 0 when the\n"
	"                       kernel takes all, 1 when not one, 2 on an error\n"
	"  --keyring FILE       (--hash-list) the kernel's built-in keys (binary or\n"
	"                       armoured; more than once): a good signature by one\n"
	"                       loads the module, a bad one refuses it\n"
	"  -q, --quiet          print only the modules that are not\n"
	"  --hash-list-make     write the list of the MODULEs to OUT, each first\n"
	"                       stripped with CMD (run as CMD COPY, as modules_install\n"
	"                       runs $(STRIP) $(strip-option)) and given an empty\n"
	"                       module_sig section of BYTES (the room sign-module.sh\n"
	"                       --reserve BYTES leaves); room for N entries (default:\n"
	"                       as many as there are modules)\n"
	"  --hash-list-fill     write LIST into IMAGE (vmlinux) in place of the one list\n"
	"                       it holds, which must have the room; IMAGE is left alone\n"
	"                       when it holds that list already\n"
	"  --hash-list-room     print the assembly of an empty list with room for N\n"
	"                       entries (vmlinux is linked with it)\n"
	"  --files FILE         the modules, separated by white space, from FILE\n";

void hashlist_usage(bool to_stderr)
{
	const char *p = prog_name();

	fprintf(to_stderr ? stderr : stdout, hl_usage_text, p, p, p, p);
}

void hl_bad_usage(const char *msg)
{
	fprintf(stderr, "%s: %s\nTry '%s --help'.\n", prog_name(), msg, prog_name());
	exit(2);
}

/* --files FILE: names separated by white space. */
static void hl_read_files(struct hl_run *h, const char *path)
{
	size_t i, n, count = 0;
	char *p;

	if (read_file(path, &h->files, 64 << 20)) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog_name(), path, strerror(errno));
		exit(2);
	}
	buf_addc(&h->files, 0);
	p = (char *)h->files.p;
	n = h->files.len - 1;
	for (i = 0; i < n; i++)
		if (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r')
			p[i] = 0;
	for (i = 0; i < n; i++)
		if (p[i] && (!i || !p[i - 1]))
			count++;
	h->names = xrealloc(NULL, (count + 1) * sizeof(*h->names));
	h->nr = 0;
	for (i = 0; i < n; i++)
		if (p[i] && (!i || !p[i - 1]))
			h->names[h->nr++] = p + i;
}

/*
 * A module as the kernel would read it, into m->elf (the kind of its
 * appended signature block in *@a); 0, or -1 with @why (*@a is
 * APPENDED_BAD when the kernel refuses the module for it).
 */
int hl_read_module(struct hl_run *h, struct pgp_module *m, enum pgp_appended *a, char *why,
		   size_t wl)
{
	size_t kl, bl;

	*a = APPENDED_NONE;
	if (mod_open(&h->job, m, false, why, wl))
		return -1;
	*a = appended_sig(m->elf.p, m->elf.len, &kl, &bl);
	if (*a == APPENDED_BAD) {
		snprintf(why, wl, "malformed appended PKCS#7 signature: the kernel refuses the module (EBADMSG)");
		return -1;
	}
	m->elf.len = kl;
	return 0;
}

/* Why the kernel's module_sig check refused the module (@v), in words. */
static void hl_refusal(const struct pgp_module *m, int v, char *out, size_t n)
{
	struct modsig ms;

	if (v == -EBADMSG && !locate(m->elf.p, m->elf.len, &ms) && ms.state == SIG_EMPTY)
		snprintf(out, n, "an empty module_sig placeholder (not signed)");
	else if (v == -EBADMSG && !locate(m->elf.p, m->elf.len, &ms) && ms.state == SIG_BAD)
		snprintf(out, n, "%s", ms.why);
	else if (v == -EBADMSG)
		snprintf(out, n, "malformed module_sig section or signature data");
	else if (v == -EKEYREJECTED)
		snprintf(out, n, "a signature by a trusted key does not verify, or its key was revoked or expired");
	else
		snprintf(out, n, "the signature check fails");
}

/*
 * Module @name against @list in the kernel's own order: an appended
 * signature block, then module_sig (with the keys of --keyring, if any),
 * then the list, which the kernel consults only when module_sig gave no
 * hard error (none, an unknown key, an unsupported algorithm).  0 when the
 * kernel accepts the module, 1 when it does not, 2 when it cannot be read.
 */
static int hl_check_one(struct hl_run *h, const struct module_hash_list *list, const char *name)
{
	struct pgp_module m = { .name = name };
	struct module_hash_list_digests d;
	char why[PGP_WHY_MAX], hex[2 * MODULE_HASH_LIST_ENTRY_LEN + 1], what[400], no[400];
	struct kern_signer who;
	enum pgp_appended a;
	bool listed = false;
	int rc = 1, v;

	if (hl_read_module(h, &m, &a, why, sizeof(why))) {
		printf("%s: %s\n", name, why);
		buf_free(&m.elf);
		return a == APPENDED_BAD ? 1 : 2;
	}
	if (a == APPENDED_PKCS7 && !h->quiet)
		printf("%s: note: an appended PKCS#7 signature, which the kernel checks first, is not checked here\n",
		       name);
	if (a == APPENDED_OTHER && !h->quiet)
		printf("%s: note: an appended signature block that is not PKCS#7: the kernel passes over it (ENOPKG) and reads the file without its marker alone\n",
		       name);
	no[0] = 0;
	if (!module_hash_list_intree(m.elf.p, m.elf.len, HL_HOW)) {
		snprintf(no, sizeof(no), "not built in a kernel tree (no \"intree=Y\" in .modinfo), never looked up");
	} else if (module_hash_list_hash(m.elf.p, m.elf.len, HL_HOW, &d)) {
		snprintf(no, sizeof(no), "malformed module_sig section");
	} else {
		hex_upper(d.data, sizeof(d.data), hex);
		listed = module_hash_list_find(list, d.data);
		if (!listed)
			snprintf(no, sizeof(no), "(sha256 %s): changed, stripped or rebuilt since the kernel's build, or of another build",
				 hex);
	}
	if (listed)
		snprintf(what, sizeof(what), "in the hash list of this kernel (sha256 %s)", hex);
	else
		snprintf(what, sizeof(what), "not in the hash list of this kernel%s%s",
			 no[0] == '(' ? " " : ": ", no);
	v = kern_module_check(h->kr, m.elf.p, m.elf.len, &who);
	if (v && v != -ENODATA && v != -ENOKEY && v != -ENOPKG) {
		hl_refusal(&m, v, why, sizeof(why));
		printf("%s: %s, %s refused: %s (the kernel: %s)\n", name,
		       listed ? "listed" : what, listed ? "but" : "and", why, kern_errno_name(v));
	} else if (!v) {
		hex_upper(who.fpr, who.fpr_len, no);
		rc = 0;
		if (!h->quiet)
			printf("%s: %s; signed by %s (--keyring), by which the kernel loads it\n", name,
			       what, no);
	} else if (listed) {
		rc = 0;
		if (!h->quiet)
			printf("%s: %s\n", name, what);
	} else {
		printf("%s: %s\n", name, what);
	}
	buf_free(&m.elf);
	return rc;
}

static int hl_check(struct hl_run *h, const char *src)
{
	enum module_hash_list_reason r;
	struct module_hash_list list;
	struct hl_found f;
	int i, rc = 0, one;

	if (hl_load(src, &f, true))
		return 2;
	module_hash_list_parse(f.list.p, f.list.len, &list, &r);
	if (!h->quiet)
		printf("%s: the hash list of %u modules (%s, at offset %zu)\n", src, list.count,
		       f.how, f.off);
	for (i = 0; i < h->nr; i++) {
		one = hl_check_one(h, &list, h->names[i]);
		if (one > rc)
			rc = one;
	}
	buf_free(&f.list);
	return rc;
}

/* ---- the command line ---- */

/* --keyring FILE: binary or armoured public keys, added to the keyring of --hash-list */
static void hl_add_keyring(struct hl_run *h, const char *path)
{
	struct buf b = {};
	size_t before = h->keys.len;

	if (read_file(path, &b, 64 << 20)) {
		fprintf(stderr, "%s: %s: cannot read keyring\n", prog_name(), path);
		exit(2);
	}
	if (pgp_dearmor(b.p, b.len, &h->keys) || h->keys.len == before) {
		fprintf(stderr, "%s: %s: not an OpenPGP keyring (or its armour is damaged)\n",
			prog_name(), path);
		exit(2);
	}
	buf_free(&b);
}

static unsigned long hl_number(const char *s, unsigned long max, const char *what)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (!*s || *end || errno || v > max || *s == '-') {
		char msg[128];

		snprintf(msg, sizeof(msg), "%s must be a number from 0 to %lu", what, max);
		hl_bad_usage(msg);
	}
	return v;
}

int hashlist_main(int argc, char **argv)
{
	enum { O_CAP = 256, O_STRIP, O_ROOM, O_FILES, O_QUIET, O_HELP, O_KEYRING };
	static const struct option opts[] = {
		{ "capacity", required_argument, NULL, O_CAP },
		{ "strip", required_argument, NULL, O_STRIP },
		{ "placeholder", required_argument, NULL, O_ROOM },
		{ "files", required_argument, NULL, O_FILES },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "help", no_argument, NULL, O_HELP },
		{ "keyring", required_argument, NULL, O_KEYRING },
		{ NULL, 0, NULL, 0 },
	};
	const char *mode = argv[1], *arg = argc > 2 ? argv[2] : NULL, *files = NULL;
	struct hl_run h = { .run.opt = { .max_size = PGP_MODULE_MAX_SIZE, .jobs = 1 } };
	/* the kernel judged for: every algorithm (as pgp-sign-module --verify's default) */
	struct kern_config kc = { .ed25519 = true, .ecdsa = true, .mldsa = true, .ed448 = true };
	unsigned int lost;
	int c, rc;

	if (!strcmp(mode, "--hash-list-room")) {
		if (argc != 3)
			hl_bad_usage("--hash-list-room needs N");
		return hl_room(hl_number(argv[2], MODULE_HASH_LIST_MAX_ENTRIES, "N"));
	}
	if (!strcmp(mode, "--hash-list-fill")) {
		if (argc != 4)
			hl_bad_usage("--hash-list-fill needs IMAGE and LIST");
		return hl_fill(argv[2], argv[3]);
	}
	if (strcmp(mode, "--hash-list") && strcmp(mode, "--hash-list-make"))
		hl_bad_usage("unknown --hash-list command");
	if (!arg || (arg[0] == '-' && arg[1])) {
		if (arg && !strcmp(arg, "--help")) {
			hashlist_usage(false);
			return 0;
		}
		hl_bad_usage(strcmp(mode, "--hash-list") ? "--hash-list-make needs OUT" :
			     "--hash-list needs LIST or IMAGE");
	}
	optind = 3;
	while ((c = getopt_long(argc, argv, "q", opts, NULL)) != -1) {
		switch (c) {
		case O_CAP:
			h.capacity = hl_number(optarg, MODULE_HASH_LIST_MAX_ENTRIES, "--capacity");
			break;
		case O_STRIP:
			if (!*optarg)
				hl_bad_usage("--strip needs a command");
			h.strip = optarg;
			break;
		case O_ROOM:
			h.room = hl_number(optarg, MODULE_PGP_SIG_MAX_SIZE, "--placeholder");
			if (h.room < MODULE_PGP_SIG_HDR_LEN)
				hl_bad_usage("--placeholder must be at least 16 bytes");
			break;
		case O_FILES:
			files = optarg;
			break;
		case 'q':
		case O_QUIET:
			h.quiet = true;
			break;
		case O_HELP:
			hashlist_usage(false);
			return 0;
		case O_KEYRING:
			hl_add_keyring(&h, optarg);
			break;
		default:
			hl_bad_usage("unknown option");
		}
	}
	if (files) {
		if (optind < argc)
			hl_bad_usage("modules both in --files and on the command line");
		hl_read_files(&h, files);
	} else {
		h.names = argv + optind;
		h.nr = argc - optind;
	}
	if (strcmp(mode, "--hash-list-make") && (h.strip || h.room || h.capacity))
		hl_bad_usage("--strip, --placeholder and --capacity are for --hash-list-make");
	if (strcmp(mode, "--hash-list") && h.keys.len)
		hl_bad_usage("--keyring is for --hash-list");
	kern_set_config(&kc);
	rc = kern_keyring_load(h.keys.p, h.keys.len, &h.kr, &lost);
	if (rc < 0) {
		fprintf(stderr, "%s: --keyring: the kernel's keyring parser fails (%s)\n", prog_name(),
			kern_errno_name(rc));
		return 2;
	}
	if (!strcmp(mode, "--hash-list") && !h.nr)
		hl_bad_usage("no module given");
	h.job.run = &h.run;
	h.job.xz = xz_new();
	signals_install();
	if (tmpdir_make(h.run.tmpdir, sizeof(h.run.tmpdir))) {
		fprintf(stderr, "%s: cannot create a temporary directory\n", prog_name());
		return 2;
	}
	if (!strcmp(mode, "--hash-list-make"))
		rc = hl_make(&h, arg);
	else
		rc = hl_check(&h, arg);
	tmpdir_remove(h.run.tmpdir);
	xz_free(h.job.xz);
	kern_keyring_free(h.kr);
	buf_free(&h.keys);
	buf_free(&h.files);
	if (files)
		free(h.names);
	return rc;
}
