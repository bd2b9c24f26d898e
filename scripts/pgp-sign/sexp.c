// SPDX-License-Identifier: GPL-2.0
/*
 * Canonical S-expressions as gpg-agent answers PKSIGN: the signature values
 * of a (sig-val (ALGO (r R) (s S))), read from untrusted bytes.
 */
#include <string.h>

#include "pgp-sign.h"

/*
 * sexp_sig_values() - the signature values of a (sig-val (ALGO (r R) (s S)))
 * @s, @n: the canonical S-expression (untrusted)
 * @algo: the algorithm name found ("rsa", "dsa", "ecdsa", "eddsa"), NUL-ended
 * @r, @rlen: value "r" (or "s" for RSA, which has only one)
 * @sv, @slen: value "s" (NULL for RSA)
 * Returns 0, or -1 when malformed.
 */
int sexp_sig_values(const u8 *s, size_t n, char algo[16],
		    const u8 **r, size_t *rlen, const u8 **sv, size_t *slen)
{
	/* tokens: '(' ')' or strings; depth at most 8 */
	struct { const u8 *p; size_t len; int depth; } tok[64];
	int nt = 0, depth = 0, i, alg_depth = -1;
	size_t p = 0;

	*r = *sv = NULL;
	*rlen = *slen = 0;
	algo[0] = 0;
	while (p < n) {
		if (s[p] == '(') {
			if (++depth > 8 || nt >= 64)
				return -1;
			tok[nt].p = NULL;
			tok[nt].len = 0;
			tok[nt++].depth = depth;
			p++;
		} else if (s[p] == ')') {
			if (depth-- <= 0 || nt >= 64)
				return -1;
			tok[nt].p = NULL;
			tok[nt].len = 1;	/* close */
			tok[nt++].depth = depth + 1;
			p++;
		} else if (s[p] >= '0' && s[p] <= '9') {
			size_t l = 0;

			if (s[p] == '0' && p + 1 < n && s[p + 1] != ':')
				return -1;
			while (p < n && s[p] >= '0' && s[p] <= '9') {
				if (l > 100000)
					return -1;
				l = l * 10 + (s[p] - '0');
				p++;
			}
			if (p >= n || s[p] != ':')
				return -1;
			p++;
			if (l > n - p || nt >= 64 || !depth)
				return -1;
			tok[nt].p = s + p;
			tok[nt].len = l;
			tok[nt++].depth = depth;
			p += l;
		} else {
			return -1;
		}
		if (!depth && p < n)
			return -1;	/* one expression only */
	}
	if (depth || nt < 3)
		return -1;
	/* (sig-val ... */
	if (tok[0].p || !tok[1].p || tok[1].len != 7 || memcmp(tok[1].p, "sig-val", 7))
		return -1;
	/* the algorithm list: a list at depth 2 whose head is not flags/hash */
	for (i = 2; i + 1 < nt; i++) {
		if (tok[i].p || tok[i].len || tok[i].depth != 2)
			continue;
		if (!tok[i + 1].p || tok[i + 1].depth != 2)
			return -1;
		if ((tok[i + 1].len == 5 && !memcmp(tok[i + 1].p, "flags", 5)) ||
		    (tok[i + 1].len == 4 && !memcmp(tok[i + 1].p, "hash", 4)))
			continue;
		if (tok[i + 1].len >= 16)
			return -1;
		memcpy(algo, tok[i + 1].p, tok[i + 1].len);
		algo[tok[i + 1].len] = 0;
		alg_depth = i;
		break;
	}
	if (alg_depth < 0)
		return -1;
	/* (NAME VALUE) lists at depth 3 inside it */
	for (i = alg_depth + 2; i + 3 < nt; i++) {
		if (tok[i].depth < 3 && !tok[i].p && tok[i].len)
			break;	/* the algorithm list closed */
		if (tok[i].p || tok[i].len || tok[i].depth != 3)
			continue;
		if (!tok[i + 1].p || !tok[i + 2].p || tok[i + 3].p || !tok[i + 3].len)
			continue;
		if (tok[i + 1].len == 1 && tok[i + 1].p[0] == 'r' && !*r) {
			*r = tok[i + 2].p;
			*rlen = tok[i + 2].len;
		} else if (tok[i + 1].len == 1 && tok[i + 1].p[0] == 's' && !*sv) {
			*sv = tok[i + 2].p;
			*slen = tok[i + 2].len;
		}
	}
	if (!strcmp(algo, "rsa")) {
		if (!*sv || *r)
			return -1;
		*r = *sv;
		*rlen = *slen;
		*sv = NULL;
		*slen = 0;
		return 0;
	}
	return *r && *sv ? 0 : -1;
}
