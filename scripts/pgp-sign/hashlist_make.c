// SPDX-License-Identifier: GPL-2.0
/*
 * --hash-list-make: the list of the hashes of a build's final modules
 * (scripts/Makefile.modhashes), each module hashed as the kernel will read
 * it once installed: stripped as modules_install strips it, and with the
 * empty module_sig the signer will add (the signer's own add_section()),
 * by the kernel's own code (hashlist.c compiles it in).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pgp-sign.h"
#include "hashlist.h"
#include "../../kernel/module/hash_list.h"

static int hl_cmp(const void *a, const void *b)
{
	return memcmp(a, b, MODULE_HASH_LIST_ENTRY_LEN);
}

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
	enum pgp_appended a;
	struct modsig ms;
	int ret = -1;

	if (hl_read_module(h, &m, &a, why, wl))
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

int hl_make(struct hl_run *h, const char *outpath)
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
