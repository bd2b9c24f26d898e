/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What verify.c, verify_report.c and verify_gpgv.c, the files of
 * pgp-sign-module --verify (verify-module.sh), share.  After pgp-sign.h.
 */
#ifndef _PGP_SIGN_VERIFY_H
#define _PGP_SIGN_VERIFY_H

/* One --verify run: the keyring, what is checked beside the kernel, the report so far. */
struct vrun {
	struct pgp_run *r;
	struct pgp_ring *ring;
	const char *verifier;		/* gpgv or sqv, as GPGV or SQV name it */
	const char *vname;		/* its last path component, for messages */
	bool noted_lost;		/* the keyring note, once */
	struct buf json;		/* --json: the module objects so far */
	int nmods;
};

/* One module's report. */
struct vmod {
	const char *name;
	char reason[PGP_WHY_MAX];	/* the text of its last verdict line */
	const char *kv;			/* the kernel's verdict ("-": none; NULL: not read) */
	char h1[65], h2[65];		/* its two SHA-256 ("" none, "-" no signed data) */
	bool p7;
	struct buf sigs;		/* --json: its signature objects */
};

/* What one signature packet is, and the kernel's verdict on it. */
struct vsig {
	struct kern_sig_info si;
	struct kern_signer who;
	int v;				/* 0 or the kernel's -errno */
	char issuer[80], signer[65], primary[65], key[32];
	char why[80];			/* kern_explain() */
};

/*
 * verify_one()'s verdicts: 0 good, 1 bad, 2 unsigned, 3 good with PKCS#7
 * besides, and VERIFY_IO, none: the module or the files to check cannot be
 * read or written.
 */
#define VERIFY_IO	4

void vsay(const struct vrun *vr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void vtell(struct vmod *vm, const struct vrun *vr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int sha256_hex(const u8 *d, size_t n, size_t zoff, size_t zlen, char out[65]);
const char *pkalgo_name(unsigned int a, char *buf, size_t size);
const char *hash_label(unsigned int h, char *buf, size_t size);
void vexplain(const char *e, const char *why, char *out, size_t size);
void json_sig(struct vmod *vm, const struct vsig *s, int i, const char *hash,
	      const char *ctime, bool good, const char *note);
void json_module(struct vrun *vr, struct vmod *vm, int rc);
bool second_opinion(const struct vrun *vr, int i, const char *signer, const char *primary,
		    char *msg, size_t ml);

#endif /* _PGP_SIGN_VERIFY_H */
