// SPDX-License-Identifier: GPL-2.0
/*
 * --verify's independent check: gpgv (or Sequoia's sqv) run on a signature
 * the kernel's code accepted, over the same signed data and the packets of
 * the keyring the kernel read; it must verify by the same key.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "pgp-sign.h"
#include "verify.h"

/* The last non-blank line of @b, leading blanks removed. */
static void last_words(const struct buf *b, char *out, size_t n)
{
	char *p;

	last_line(b, out, n);
	for (p = out; *p == ' '; p++)
		;
	memmove(out, p, strlen(p) + 1);
}

/*
 * gpgv (or sqv) on DIR/sig.N (the report's signature N = @i + 1) over
 * DIR/data with DIR/keyring, the packets of the keyring the kernel read:
 * true when it verifies by the key the kernel named (gpgv: the signing
 * (sub)key @signer; sqv: its certificate, the primary @primary); else
 * false with what it said in @msg.
 */
bool second_opinion(const struct vrun *vr, int i, const char *signer, const char *primary,
		    char *msg, size_t ml)
{
	const char *dir = vr->r->tmpdir;
	char sig[PATH_MAX + 32], data[PATH_MAX + 16], kr[PATH_MAX + 16], home[PATH_MAX + 16];
	char fpr[80] = "", *argv[12], *l;
	struct buf out = {}, err = {};
	struct proc_io io = { .in_fd = -1, .out = &out, .err = &err };
	bool ok = false;
	int a = 0, rc;

	snprintf(sig, sizeof(sig), "%s/sig.%d", dir, i + 1);
	snprintf(data, sizeof(data), "%s/data", dir);
	snprintf(kr, sizeof(kr), "%s/keyring", dir);
	snprintf(home, sizeof(home), "%s/gnupg", dir);
	argv[a++] = (char *)vr->verifier;
	if (!vr->r->opt.use_sqv) {
		argv[a++] = "--homedir";
		argv[a++] = home;
		argv[a++] = "--status-fd";
		argv[a++] = "1";
	}
	argv[a++] = "--keyring";
	argv[a++] = kr;
	argv[a++] = "--";
	argv[a++] = sig;
	argv[a++] = data;
	argv[a] = NULL;
	rc = run_cmd(argv, &io);
	buf_addc(&out, 0);
	if (vr->r->opt.use_sqv) {
		if (rc == 0) {
			snprintf(fpr, sizeof(fpr), "%.*s", (int)strcspn((char *)out.p, "\n"),
				 (char *)out.p);
			for (l = fpr; *l; l++)
				*l = toupper((unsigned char)*l);
			ok = !strcmp(fpr, primary);
			if (!ok)
				snprintf(msg, ml, "sqv names another key (%s)", fpr);
		} else {
			char w[300];

			out.len--;
			last_words(err.len ? &err : &out, w, sizeof(w));
			snprintf(msg, ml, "sqv: %s", w);
		}
		goto out;
	}
	/* gpgv: the key of the last VALIDSIG status line */
	for (l = (char *)out.p; (l = strstr(l, "[GNUPG:] VALIDSIG ")); l++) {
		size_t n = strspn(l + 18, "0123456789ABCDEFabcdef");

		snprintf(fpr, sizeof(fpr), "%.*s", n < 79 ? (int)n : 79, l + 18);
	}
	for (l = fpr; *l; l++)
		*l = toupper((unsigned char)*l);
	if (!fpr[0]) {
		snprintf(msg, ml, "gpgv does not verify it (status %d)", rc);
		if (strstr((char *)out.p, "[GNUPG:] BADSIG "))
			snprintf(msg, ml, "gpgv: bad signature");
		if (strstr((char *)out.p, "[GNUPG:] NO_PUBKEY "))
			snprintf(msg, ml, "gpgv: no public key");
	} else {
		ok = !strcmp(fpr, signer);
		if (!ok)
			snprintf(msg, ml, "gpgv names another key (%s)", fpr);
	}
out:
	buf_free(&out);
	buf_free(&err);
	return ok;
}
