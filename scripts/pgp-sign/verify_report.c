// SPDX-License-Identifier: GPL-2.0
/*
 * --verify's report (verify.c decides the verdicts): the lines, the names
 * of algorithms and digests, why the kernel refuses a signature in words,
 * the two SHA-256 a blacklist entry can name, and the --json objects.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>

#include "pgp-sign.h"
#include "verify.h"

/* A line the report has unless -q or --json. */
void vsay(const struct vrun *vr, const char *fmt, ...)
{
	va_list ap;

	if (vr->r->opt.quiet || vr->r->opt.json)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* A verdict line "MODULE: TEXT" (also under -q); TEXT is the module's reason in --json. */
void vtell(struct vmod *vm, const struct vrun *vr, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(vm->reason, sizeof(vm->reason), fmt, ap);
	va_end(ap);
	if (!vr->r->opt.json)
		printf("%s: %s\n", vm->name, vm->reason);
}

/* SHA-256 of @d with [@zoff, @zoff + @zlen) as zeros, in lower-case hex. */
int sha256_hex(const u8 *d, size_t n, size_t zoff, size_t zlen, char out[65])
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	u8 md[32], z[4096] = {};
	unsigned int l, i;
	int ok;

	ok = c && EVP_DigestInit_ex(c, EVP_sha256(), NULL) && EVP_DigestUpdate(c, d, zoff);
	for (size_t k = zlen; ok && k; ) {
		size_t m = k < sizeof(z) ? k : sizeof(z);

		ok = EVP_DigestUpdate(c, z, m);
		k -= m;
	}
	ok = ok && EVP_DigestUpdate(c, d + zoff + zlen, n - zoff - zlen) &&
	     EVP_DigestFinal_ex(c, md, &l);
	EVP_MD_CTX_free(c);
	if (!ok)
		return -1;
	hex_upper(md, 32, out);
	for (i = 0; i < 64; i++)
		out[i] = out[i] >= 'A' ? out[i] - 'A' + 'a' : out[i];
	return 0;
}

/* The names the report gives OpenPGP's algorithm numbers. */
const char *pkalgo_name(unsigned int a, char *buf, size_t size)
{
	switch (a) {
	case 1:
	case 3:
		return "RSA";
	case 17:
		return "DSA";
	case 19:
		return "ECDSA";
	case 22:
	case 27:
		return "EdDSA";
	case 28:
		return "Ed448";
	case 30:
		return "ML-DSA-65+Ed25519";
	case 31:
		return "ML-DSA-87+Ed448";
	}
	snprintf(buf, size, "algo-%u", a);
	return buf;
}

const char *hash_label(unsigned int h, char *buf, size_t size)
{
	static const char *const name[] = {
		[1] = "MD5", [2] = "SHA1", [3] = "RIPEMD160", [8] = "SHA256", [9] = "SHA384",
		[10] = "SHA512", [11] = "SHA224", [12] = "SHA3-256", [14] = "SHA3-512",
	};

	if (h < PGP_ARRAY_SIZE(name) && name[h])
		return name[h];
	snprintf(buf, size, "hash-%u", h);
	return buf;
}

/* Why the kernel refuses a signature: its errno name @e and kern_explain()'s @why. */
void vexplain(const char *e, const char *why, char *out, size_t size)
{
	const char *arg = strchr(why, ':') ? strchr(why, ':') + 1 : "";
	char b[32];

	if (!strcmp(why, "revoked"))
		snprintf(out, size, "key revoked");
	else if (!strcmp(why, "expired"))
		snprintf(out, size, "key expired (or not yet valid) when the signature was made");
	else if (!strcmp(why, "bad-signature"))
		snprintf(out, size, "bad signature");
	else if (!strcmp(why, "absent"))
		snprintf(out, size, "no trusted key");
	else if (!strncmp(why, "policy-EKEYREJECTED:", 20))
		snprintf(out, size, "key %s is below the minimum the kernel accepts", arg);
	else if (!strncmp(why, "policy-", 7))
		snprintf(out, size, "key %s is not supported by this kernel", arg);
	else if (!strcmp(why, "unusable"))
		snprintf(out, size, "the key cannot sign (no valid self-signature, binding or signing flag)");
	else if (!strncmp(why, "classical:", 10))
		snprintf(out, size, "a classical key (%s): only post-quantum signatures count (--pq-only, ENOKEY)",
			 arg);
	else if (!strcmp(why, "sha1"))
		snprintf(out, size, "SHA1 needs --legacy");
	else if (!strncmp(why, "digest-short:", 13))
		snprintf(out, size, "digest %.*s bits is shorter than the %s key needs (the kernel refuses it, ENOPKG)",
			 (int)strcspn(arg, ":"), arg,
			 arg[strcspn(arg, ":")] ? arg + strcspn(arg, ":") + 1 : "");
	else if (!strncmp(why, "version:", 8))
		snprintf(out, size, "signature version %s not supported", arg);
	else if (!strncmp(why, "hash:", 5))
		snprintf(out, size, "digest %s not supported",
			 hash_label(strtoul(arg, NULL, 10), b, sizeof(b)));
	else if (!strncmp(why, "algo:", 5))
		snprintf(out, size, "public-key algorithm %s not supported",
			 pkalgo_name(strtoul(arg, NULL, 10), b, sizeof(b)));
	else if (!strncmp(why, "type:", 5))
		snprintf(out, size, "signature class %s is not a binary document", arg);
	else if (!strcmp(why, "malformed"))
		snprintf(out, size, "malformed signature");
	else
		snprintf(out, size, "refused");
	if (!strstr(out, e)) {
		size_t l = strlen(out);

		snprintf(out + l, size - l, ", %s", e);
	}
}

/* ---- JSON ---- */

/* @s as a JSON string: quote, backslash and control characters escaped. */
static void js(struct buf *b, const char *s)
{
	buf_addc(b, '"');
	for (; *s; s++) {
		unsigned char c = *s;
		char e[8];

		if (c == '"' || c == '\\') {
			buf_addc(b, '\\');
			buf_addc(b, c);
		} else if (c == '\n') {
			buf_addstr(b, "\\n");
		} else if (c == '\t') {
			buf_addstr(b, "\\t");
		} else if (c == '\r') {
			buf_addstr(b, "\\r");
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(e, sizeof(e), "\\u%04x", c);
			buf_addstr(b, e);
		} else {
			buf_addc(b, c);
		}
	}
	buf_addc(b, '"');
}

/* A JSON string, or null for NULL, "" and "-". */
static void jv(struct buf *b, const char *s)
{
	if (!s || !*s || !strcmp(s, "-"))
		buf_addstr(b, "null");
	else
		js(b, s);
}

/* ",\"KEY\":" */
static void jkey(struct buf *b, const char *k)
{
	buf_addc(b, ',');
	js(b, k);
	buf_addc(b, ':');
}

/* The signature @s (number @i, its verdict @good, its note or reason @note) into vm->sigs. */
void json_sig(struct vmod *vm, const struct vsig *s, int i, const char *hash,
	      const char *ctime, bool good, const char *note)
{
	struct buf *b = &vm->sigs;
	char n[32];

	if (b->len)
		buf_addc(b, ',');
	snprintf(n, sizeof(n), "{\"index\":%d", i + 1);
	buf_addstr(b, n);
	jkey(b, "issuer");
	jv(b, s->issuer);
	jkey(b, "signer");
	jv(b, s->signer);
	jkey(b, "primary");
	jv(b, s->primary);
	jkey(b, "key");
	jv(b, s->key);
	jkey(b, "algorithm");
	js(b, pkalgo_name(s->si.pkalgo, n, sizeof(n)));
	jkey(b, "digest");
	js(b, hash);
	jkey(b, "created");
	jv(b, ctime);
	jkey(b, "created_unix");
	if (s->si.has_ctime) {
		snprintf(n, sizeof(n), "%u", s->si.ctime);
		buf_addstr(b, n);
	} else {
		buf_addstr(b, "null");
	}
	jkey(b, "verdict");
	js(b, good ? "good" : "bad");
	jkey(b, "kernel");
	js(b, kern_errno_name(s->v));
	jkey(b, "reason");
	jv(b, note && *note ? note : NULL);
	buf_addc(b, '}');
}

/* The module as a JSON object (@rc: its status) into vr->json. */
void json_module(struct vrun *vr, struct vmod *vm, int rc)
{
	static const char *const verdict[] = {
		"good", "bad", "unsigned", "good-pkcs7", [VERIFY_IO] = "error",
	};
	struct buf *b = &vr->json;
	char *s = vm->reason;
	size_t l;

	if (vr->nmods++)
		buf_addc(b, ',');
	buf_addstr(b, "{\"module\":");
	js(b, vm->name);
	jkey(b, "verdict");
	js(b, verdict[rc]);
	jkey(b, "reason");
	/* "BAD: REASON" and "BAD (REASON)" give REASON */
	if (!strncmp(s, "BAD: ", 5))
		s += 5;
	l = strlen(s);
	if (!strncmp(s, "BAD (", 5) && l > 5 && s[l - 1] == ')') {
		s[l - 1] = 0;
		s += 5;
	}
	jv(b, rc == 0 || rc == 3 ? NULL : s);
	jkey(b, "kernel");
	jv(b, vm->kv);
	jkey(b, "sha256");
	jv(b, vm->h1);
	jkey(b, "sha256_signed");
	jv(b, vm->h2);
	jkey(b, "pkcs7");
	buf_addstr(b, vm->p7 ? "true" : "false");
	jkey(b, "signatures");
	buf_addc(b, '[');
	if (vm->sigs.len)
		buf_add(b, vm->sigs.p, vm->sigs.len);
	buf_addstr(b, "]}");
}
