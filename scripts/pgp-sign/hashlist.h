/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What hashlist.c, hashlist_make.c and hashlist_image.c, the files of
 * pgp-sign-module hashlist (the list of a kernel build's module hashes),
 * share.  After pgp-sign.h.
 */
#ifndef _PGP_SIGN_HASHLIST_H
#define _PGP_SIGN_HASHLIST_H

/* A module read by ELF class and byte order of its own e_ident[]. */
#define HL_HOW			MODULE_PGP_ELF_ANY

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
	struct kern_keyring *kr;	/* --hash-list: the keys of --keyring (else none) */
	struct buf keys;		/* their packets */
};

/* The list of a list file or of an image (hl_load()). */
struct hl_found {
	struct buf list;		/* the one list found (a copy) */
	size_t off;			/* its offset, in the data it was found in */
	unsigned int nr;		/* valid lists found */
	bool differ;			/* two of them differ */
	const char *how;		/* "as it is", or the decompressor */
};

void hl_bad_usage(const char *msg) __attribute__((noreturn));
int hl_read_module(struct hl_run *h, struct pgp_module *m, enum pgp_appended *a, char *why,
		   size_t wl);
int hl_make(struct hl_run *h, const char *outpath);
void hl_build(struct buf *out, const u8 *entries, u32 count, u32 cap);
int hl_room(unsigned long n);
int hl_load(const char *path, struct hl_found *f, bool streams);
int hl_fill(const char *image, const char *listpath);

#endif /* _PGP_SIGN_HASHLIST_H */
