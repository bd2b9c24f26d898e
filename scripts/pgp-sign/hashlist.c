// SPDX-License-Identifier: GPL-2.0
/*
 * The list of a kernel build's module hashes (CONFIG_MODULE_HASH_LIST): the
 * empty room vmlinux is linked with, the list made from the build's final
 * modules and written into vmlinux in place of the room (both run by
 * scripts/Makefile.vmlinux and scripts/Makefile.modhashes), and the check
 * of modules against the list of a kernel image (modules_install and
 * scripts/verify-module.sh).  The list's format, its reader and what a
 * module is hashed as are the kernel's own code,
 * kernel/module/hash_list_parse.c, compiled in here on scripts/pgp-shim;
 * the room for a signature is the signer's own add_section().
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
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pgp-sign.h"

/* An image is read up to this size (a vmlinux with debug information: 1 GiB and more) */
#define HL_IMAGE_MAX		((size_t)2 << 30)
/* ... and a compressed stream in it decompressed up to this size */
#define HL_STREAM_MAX		((size_t)512 << 20)
/* Compressed streams tried in an image that holds no list as it is. */
#define HL_MAX_STREAMS		64
/* A module read by ELF class and byte order of its own e_ident[]. */
#define HL_HOW			MODULE_PGP_ELF_ANY

static const char hl_usage_text[] =
	"\n"
	"Lists of module hashes (CONFIG_MODULE_HASH_LIST):\n"
	"  %s --hash-list LIST|IMAGE [-q] (--files FILE | MODULE...)\n"
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
	"                       gzip, xz, zstd, bzip2, lz4 or lzop)?  One line a module;\n"
	"                       exit 0 when all are, 1 when one is not, 2 on an error\n"
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

static void __attribute__((noreturn)) hl_bad_usage(const char *msg)
{
	fprintf(stderr, "%s: %s\nTry '%s --help'.\n", prog_name(), msg, prog_name());
	exit(2);
}

/* The run of one command: a job to read modules with, the module names. */
struct hl_run {
	struct pgp_run run;
	struct pgp_job job;
	char **names;
	int nr;
	struct buf files;		/* --files: the names, NUL-separated */
	const char *strip;
	unsigned long room, capacity;
	bool quiet;
};

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

/* A module as the kernel would read it, into m->elf; 0 or -1 with @why. */
static int hl_read_module(struct hl_run *h, struct pgp_module *m, char *why, size_t wl)
{
	bool had, bad;

	if (mod_open(&h->job, m, false, why, wl))
		return -1;
	m->elf.len = strip_pkcs7(m->elf.p, m->elf.len, &had, &bad);
	if (had && bad) {
		snprintf(why, wl, "malformed appended PKCS#7 signature");
		return -1;
	}
	return 0;
}

static int hl_cmp(const void *a, const void *b)
{
	return memcmp(a, b, MODULE_HASH_LIST_ENTRY_LEN);
}

/* A list of @count sorted unique @entries with room for @cap, into @out. */
static void hl_build(struct buf *out, const u8 *entries, u32 count, u32 cap)
{
	size_t n = MODULE_HASH_LIST_HDR_LEN + (size_t)cap * MODULE_HASH_LIST_ENTRY_LEN;

	out->len = 0;
	buf_reserve(out, n);
	memset(out->p, 0, n);
	if (count)
		memcpy(out->p + MODULE_HASH_LIST_HDR_LEN, entries,
		       (size_t)count * MODULE_HASH_LIST_ENTRY_LEN);
	module_hash_list_header(out->p, count, cap, out->p + MODULE_HASH_LIST_HDR_LEN);
	out->len = n;
}

/* ---- --hash-list-room ---- */

static int hl_room(unsigned long n)
{
	u8 hdr[MODULE_HASH_LIST_HDR_LEN];
	struct buf b = {};
	unsigned int i;

	hl_build(&b, NULL, 0, n);
	memcpy(hdr, b.p, sizeof(hdr));
	buf_free(&b);
	printf("/* Room for the hashes of %lu modules (%s --hash-list-room) */\n"
	       "\t.section .rodata, \"a\"\n\t.balign 8\n"
	       "\t.globl __module_hash_list\n__module_hash_list:\n", n, prog_name());
	for (i = 0; i < sizeof(hdr); i++)
		printf("%s0x%02x%s", i % 8 ? "" : "\t.byte ", hdr[i], i % 8 == 7 ? "\n" : ", ");
	if (n)
		printf("\t.fill %lu, 1, 0\n", n * MODULE_HASH_LIST_ENTRY_LEN);
	printf("\t.globl __module_hash_list_end\n__module_hash_list_end:\n");
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}

/* ---- --hash-list-make ---- */

/* Split CMD at white space; the copy to strip is added at the end. */
static char **hl_strip_argv(const char *cmd, char *copy, char *path)
{
	char **argv = xrealloc(NULL, (strlen(cmd) / 2 + 3) * sizeof(*argv));
	char *save = NULL, *t;
	int n = 0;

	memcpy(copy, cmd, strlen(cmd) + 1);
	for (t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
		argv[n++] = t;
	argv[n++] = path;
	argv[n] = NULL;
	return argv;
}

/* The stripped copy of m->elf, as modules_install strips the installed file. */
static int hl_strip(struct hl_run *h, struct pgp_module *m, char *why, size_t wl)
{
	char path[PATH_MAX + 32], *copy, **argv;
	struct buf out = {};
	struct proc_io io = { .in_fd = -1, .out_fd = -1 };
	int rc;

	snprintf(path, sizeof(path), "%s/strip.ko", h->run.tmpdir);
	unlink(path);
	if (write_file(h->run.tmpdir, "strip.ko", m->elf.p, m->elf.len)) {
		snprintf(why, wl, "cannot write a copy to strip");
		return -1;
	}
	copy = xrealloc(NULL, strlen(h->strip) + 1);
	argv = hl_strip_argv(h->strip, copy, path);
	rc = argv[1] ? run_cmd(argv, &io) : 127;
	free(argv);
	free(copy);
	if (rc) {
		snprintf(why, wl, "%s failed (exit %d)", h->strip, rc);
		return -1;
	}
	if (read_file(path, &out, h->run.opt.max_size)) {
		buf_free(&out);
		snprintf(why, wl, "cannot read the stripped copy");
		return -1;
	}
	buf_free(&m->elf);
	m->elf = out;
	return 0;
}

/* The hash module @name is listed by, into @digest; 0 or -1 with @why. */
static int hl_make_one(struct hl_run *h, const char *name, u8 *digest, char *why, size_t wl)
{
	struct pgp_module m = { .name = name };
	struct module_hash_list_digests d;
	struct modsig ms;
	int ret = -1;

	if (hl_read_module(h, &m, why, wl))
		goto out;
	if (h->strip && hl_strip(h, &m, why, wl))
		goto out;
	if (h->room) {
		if (locate(m.elf.p, m.elf.len, &ms)) {
			snprintf(why, wl, "%s", ms.why);
			goto out;
		}
		if (ms.state == SIG_NONE && add_section(&m.elf, h->room)) {
			snprintf(why, wl, "an ELF layout the signer would give to objcopy: the room for a signature cannot be foreseen");
			goto out;
		}
		if (ms.state != SIG_NONE && ms.loc.sec_size != h->room) {
			snprintf(why, wl, "module_sig of %zu bytes, not the %lu bytes the signer keeps",
				 ms.loc.sec_size, h->room);
			goto out;
		}
	}
	if (!module_hash_list_intree(m.elf.p, m.elf.len, HL_HOW)) {
		snprintf(why, wl, "not built in a kernel tree (no \"intree=Y\" in .modinfo): the kernel would never look it up");
		goto out;
	}
	if (module_hash_list_hash(m.elf.p, m.elf.len, HL_HOW, &d)) {
		snprintf(why, wl, "malformed module_sig section: never listed");
		goto out;
	}
	memcpy(digest, d.data, MODULE_HASH_LIST_ENTRY_LEN);
	ret = 0;
out:
	buf_free(&m.elf);
	return ret;
}

static int hl_make(struct hl_run *h, const char *outpath)
{
	u8 *e = xrealloc(NULL, ((size_t)h->nr + 1) * MODULE_HASH_LIST_ENTRY_LEN);
	enum module_hash_list_reason r;
	struct module_hash_list list;
	char why[PGP_WHY_MAX];
	struct buf out = {};
	u32 count = 0;
	int i, failed = 0;

	if (h->nr > (int)MODULE_HASH_LIST_MAX_ENTRIES)
		hl_bad_usage("more modules than a list holds");
	for (i = 0; i < h->nr; i++) {
		if (hl_make_one(h, h->names[i], e + (size_t)i * MODULE_HASH_LIST_ENTRY_LEN, why,
				sizeof(why))) {
			fprintf(stderr, "%s: %s: %s\n", prog_name(), h->names[i], why);
			failed++;
		}
	}
	if (failed) {
		fprintf(stderr, "%s: %s not written: %d of %d modules failed\n", prog_name(), outpath,
			failed, h->nr);
		free(e);
		return 1;
	}
	qsort(e, h->nr, MODULE_HASH_LIST_ENTRY_LEN, hl_cmp);
	for (i = 0; i < h->nr; i++)
		if (!count || memcmp(e + (size_t)(count - 1) * MODULE_HASH_LIST_ENTRY_LEN,
				     e + (size_t)i * MODULE_HASH_LIST_ENTRY_LEN,
				     MODULE_HASH_LIST_ENTRY_LEN))
			memmove(e + (size_t)count++ * MODULE_HASH_LIST_ENTRY_LEN,
				e + (size_t)i * MODULE_HASH_LIST_ENTRY_LEN, MODULE_HASH_LIST_ENTRY_LEN);
	if (!h->capacity)
		h->capacity = count;
	if (count > h->capacity) {
		fprintf(stderr, "%s: %s: %u modules, room for %lu\n", prog_name(), outpath, count,
			h->capacity);
		free(e);
		return 1;
	}
	hl_build(&out, e, count, h->capacity);
	free(e);
	/* what is written is what the kernel will read */
	if (module_hash_list_parse(out.p, out.len, &list, &r) ||
	    write_new(outpath, out.p, out.len, 0644, why, sizeof(why))) {
		fprintf(stderr, "%s: %s: %s\n", prog_name(), outpath,
			r ? module_hash_list_reason(r) : why);
		buf_free(&out);
		return 1;
	}
	buf_free(&out);
	return 0;
}

/* ---- finding the list in an image ---- */

struct hl_found {
	struct buf list;		/* the one list found (a copy) */
	size_t off;			/* its offset, in the data it was found in */
	unsigned int nr;		/* valid lists found */
	bool differ;			/* two of them differ */
	const char *how;		/* "as it is", or the decompressor */
};

/* Every valid list in @d: the first kept (with its offset), the others counted. */
static void hl_scan(const u8 *d, size_t n, struct hl_found *f, const char *how)
{
	const u8 *p = d, *end = d + n;
	enum module_hash_list_reason r;
	struct module_hash_list list;

	while (p < end && (p = memmem(p, end - p, MODULE_HASH_LIST_MAGIC, 8))) {
		size_t size = module_hash_list_size(p, end - p);

		if (size && !module_hash_list_parse(p, size, &list, &r)) {
			if (!f->nr) {
				buf_add(&f->list, p, size);
				f->off = p - d;
				f->how = how;
			} else if (f->list.len != size || memcmp(f->list.p, p, size)) {
				f->differ = true;
			}
			f->nr++;
			p += size;
		} else {
			p++;
		}
	}
}

/* The compressed streams a kernel image may hold, and what reads each. */
static const struct {
	u8 magic[6];
	unsigned int len;
	const char *name;
	char *argv[4];
} hl_streams[] = {
	{ { 0x1f, 0x8b, 0x08 }, 3, "gzip", { "gzip", "-dc", NULL } },
	{ { 0xfd, '7', 'z', 'X', 'Z', 0 }, 6, "xz", { "xz", "-dc", NULL } },
	{ { 0x28, 0xb5, 0x2f, 0xfd }, 4, "zstd", { "zstd", "-dcq", NULL } },
	{ { 'B', 'Z', 'h' }, 3, "bzip2", { "bzip2", "-dc", NULL } },
	{ { 0x5d, 0, 0 }, 3, "lzma", { "xz", "--format=lzma", "-dc", NULL } },
	{ { 0x02, 0x21, 0x4c, 0x18 }, 4, "lz4", { "lz4", "-dc", NULL } },
	{ { 0x89, 'L', 'Z', 'O' }, 4, "lzop", { "lzop", "-dc", NULL } },
};

/*
 * No list as it is: the streams of the image decompressed (at most
 * HL_MAX_STREAMS, each to at most HL_STREAM_MAX bytes; a decompressor that
 * stops at trailing data still gives what it decompressed).
 */
static void hl_scan_streams(const u8 *d, size_t n, struct hl_found *f)
{
	static char how[PGP_ARRAY_SIZE(hl_streams)][64];
	unsigned int tried = 0, s;
	size_t off;

	for (off = 0; off < n && tried < HL_MAX_STREAMS && !f->nr; off++) {
		for (s = 0; s < PGP_ARRAY_SIZE(hl_streams); s++) {
			struct buf out = {};
			struct proc_io io = {
				.in = d + off, .in_len = n - off, .in_fd = -1, .out = &out,
				.out_max = HL_STREAM_MAX,
			};

			if (n - off < hl_streams[s].len ||
			    memcmp(d + off, hl_streams[s].magic, hl_streams[s].len) ||
			    !have_prog(hl_streams[s].argv[0]))
				continue;
			tried++;
			run_cmd(hl_streams[s].argv, &io);
			snprintf(how[s], sizeof(how[s]), "its %s stream", hl_streams[s].name);
			hl_scan(out.p, out.len, f, how[s]);
			buf_free(&out);
			if (f->nr)
				break;
		}
	}
}

/* The list of @path: a list file, or the one list of an image. */
static int hl_load(const char *path, struct hl_found *f, bool streams)
{
	struct buf d = {};

	memset(f, 0, sizeof(*f));
	if (read_file(path, &d, HL_IMAGE_MAX)) {
		fprintf(stderr, "%s: %s: %s\n", prog_name(), path,
			errno == EFBIG ? "larger than a kernel image" : strerror(errno));
		buf_free(&d);
		return -1;
	}
	hl_scan(d.p, d.len, f, "as it is");
	if (!f->nr && streams)
		hl_scan_streams(d.p, d.len, f);
	buf_free(&d);
	if (!f->nr) {
		fprintf(stderr, "%s: %s: no list of module hashes in it (a kernel without CONFIG_MODULE_HASH_LIST?)\n",
			prog_name(), path);
		return -1;
	}
	if (f->differ) {
		fprintf(stderr, "%s: %s: %u different lists of module hashes in it\n", prog_name(),
			path, f->nr);
		buf_free(&f->list);
		return -1;
	}
	return 0;
}

/* ---- --hash-list-fill ---- */

static int hl_fill(const char *image, const char *listpath)
{
	enum module_hash_list_reason r;
	struct module_hash_list list, room;
	struct hl_found f = {}, l = {};
	struct buf img = {}, out = {};
	char why[PGP_WHY_MAX];
	struct stat st;
	int rc = 1;

	if (hl_load(listpath, &l, false))
		goto out;
	if (read_file(image, &img, HL_IMAGE_MAX) || stat(image, &st)) {
		fprintf(stderr, "%s: %s: cannot read: %s\n", prog_name(), image, strerror(errno));
		goto out;
	}
	hl_scan(img.p, img.len, &f, "as it is");
	if (f.nr != 1) {
		fprintf(stderr, "%s: %s: %s\n", prog_name(), image, f.nr ?
			"more than one list of module hashes in it" :
			"no room for the list of module hashes in it (linked without .vmlinux.modhashes.o?)");
		goto out;
	}
	module_hash_list_parse(l.list.p, l.list.len, &list, &r);
	module_hash_list_parse(f.list.p, f.list.len, &room, &r);
	if (list.count > room.capacity) {
		fprintf(stderr, "%s: %s has room for %u module hashes, %s holds %u: link it again\n",
			prog_name(), image, room.capacity, listpath, list.count);
		goto out;
	}
	hl_build(&out, list.entries, list.count, room.capacity);
	rc = 0;
	if (out.len == f.list.len && !memcmp(out.p, f.list.p, out.len))
		goto out;
	memcpy(img.p + f.off, out.p, out.len);
	if (write_new(image, img.p, img.len, st.st_mode & 07777, why, sizeof(why))) {
		fprintf(stderr, "%s: %s: %s\n", prog_name(), image, why);
		rc = 1;
	} else if (chmod(image, st.st_mode & 07777)) {
		fprintf(stderr, "%s: %s: %s\n", prog_name(), image, strerror(errno));
		rc = 1;
	}
out:
	buf_free(&img);
	buf_free(&out);
	buf_free(&f.list);
	buf_free(&l.list);
	return rc;
}

/* ---- --hash-list: modules against the list of a kernel ---- */

static int hl_check_one(struct hl_run *h, const struct module_hash_list *list, const char *name)
{
	struct pgp_module m = { .name = name };
	struct module_hash_list_digests d;
	char why[PGP_WHY_MAX], hex[2 * MODULE_HASH_LIST_ENTRY_LEN + 1];
	int rc = 1;

	if (hl_read_module(h, &m, why, sizeof(why))) {
		printf("%s: %s\n", name, why);
		rc = 2;
	} else if (!module_hash_list_intree(m.elf.p, m.elf.len, HL_HOW)) {
		printf("%s: not in the hash list of this kernel: not built in a kernel tree (no \"intree=Y\" in .modinfo), never looked up\n",
		       name);
	} else if (module_hash_list_hash(m.elf.p, m.elf.len, HL_HOW, &d)) {
		printf("%s: not in the hash list of this kernel: malformed module_sig section\n", name);
	} else {
		hex_upper(d.data, sizeof(d.data), hex);
		if (module_hash_list_find(list, d.data)) {
			rc = 0;
			if (!h->quiet)
				printf("%s: in the hash list of this kernel (sha256 %s)\n", name, hex);
		} else {
			printf("%s: not in the hash list of this kernel (sha256 %s): changed, stripped or rebuilt since the kernel's build, or of another build\n",
			       name, hex);
		}
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
	enum { O_CAP = 256, O_STRIP, O_ROOM, O_FILES, O_QUIET, O_HELP };
	static const struct option opts[] = {
		{ "capacity", required_argument, NULL, O_CAP },
		{ "strip", required_argument, NULL, O_STRIP },
		{ "placeholder", required_argument, NULL, O_ROOM },
		{ "files", required_argument, NULL, O_FILES },
		{ "quiet", no_argument, NULL, O_QUIET },
		{ "help", no_argument, NULL, O_HELP },
		{ NULL, 0, NULL, 0 },
	};
	const char *mode = argv[1], *arg = argc > 2 ? argv[2] : NULL, *files = NULL;
	struct hl_run h = { .run.opt = { .max_size = PGP_MODULE_MAX_SIZE, .jobs = 1 } };
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
	buf_free(&h.files);
	if (files)
		free(h.names);
	return rc;
}
