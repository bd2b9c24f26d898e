// SPDX-License-Identifier: GPL-2.0
/*
 * The list of module hashes in a kernel image: the empty room vmlinux is
 * linked with (--hash-list-room), the one list of an image found as it is
 * or in its compressed streams (what --hash-list checks modules against),
 * and a list written into vmlinux in place of its room (--hash-list-fill).
 * Every list found is checked by the kernel's own reader (hashlist.c
 * compiles it in) before it is used.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pgp-sign.h"
#include "hashlist.h"
#include "../../kernel/module/hash_list.h"

/* An image is read up to this size (a vmlinux with debug information: 1 GiB and more) */
#define HL_IMAGE_MAX		((size_t)2 << 30)
/* ... and a compressed stream in it decompressed up to this size */
#define HL_STREAM_MAX		((size_t)512 << 20)
/* Compressed streams tried in an image that holds no list as it is. */
#define HL_MAX_STREAMS		64

/* A list of @count sorted unique @entries with room for @cap, into @out. */
void hl_build(struct buf *out, const u8 *entries, u32 count, u32 cap)
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

int hl_room(unsigned long n)
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

/* ---- finding the list in an image ---- */

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
int hl_load(const char *path, struct hl_found *f, bool streams)
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

int hl_fill(const char *image, const char *listpath)
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
