// SPDX-License-Identifier: GPL-2.0
/*
 * Argon2id (RFC 9106, version 0x13) over BLAKE2b (RFC 7693), for the
 * Argon2 S2K of RFC 9580 (3.7.1.4) that protects v6 secret keys. One lane
 * after the other: the lanes of a slice read only the slices before it, so
 * the result is the one p threads would compute.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include "pgp-sign.h"

/* ---- BLAKE2b (RFC 7693), any output length from 1 to 64 octets, no key ---- */

struct blake2b {
	u64 h[8], t;		/* the chaining value; octets compressed so far */
	u8 buf[128];
	size_t n, outlen;	/* octets in buf; the digest's length */
};

static const u64 blake2b_iv[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
	0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
	0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

/* the message schedule of rounds 0 to 9; rounds 10 and 11 repeat 0 and 1 */
static const u8 blake2b_sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

static inline u64 ror64(u64 x, unsigned int n)
{
	return x >> n | x << (64 - n);
}

static inline u64 load_le64(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static inline void store_le64(u8 *p, u64 v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = v >> (8 * i);
}

static inline void store_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* G of RFC 7693 3.1 on the words a, b, c, d of @v with the message words @x, @y */
static inline void b2b_g(u64 *v, int a, int b, int c, int d, u64 x, u64 y)
{
	v[a] += v[b] + x;
	v[d] = ror64(v[d] ^ v[a], 32);
	v[c] += v[d];
	v[b] = ror64(v[b] ^ v[c], 24);
	v[a] += v[b] + y;
	v[d] = ror64(v[d] ^ v[a], 16);
	v[c] += v[d];
	v[b] = ror64(v[b] ^ v[c], 63);
}

static void blake2b_compress(struct blake2b *s, bool last)
{
	u64 m[16], v[16];
	int i, r;

	for (i = 0; i < 16; i++)
		m[i] = load_le64(s->buf + 8 * i);
	for (i = 0; i < 8; i++) {
		v[i] = s->h[i];
		v[i + 8] = blake2b_iv[i];
	}
	v[12] ^= s->t;		/* inputs here stay far below 2^64 octets: t[1] = 0 */
	if (last)
		v[14] = ~v[14];
	for (r = 0; r < 12; r++) {
		const u8 *z = blake2b_sigma[r % 10];

		b2b_g(v, 0, 4, 8, 12, m[z[0]], m[z[1]]);
		b2b_g(v, 1, 5, 9, 13, m[z[2]], m[z[3]]);
		b2b_g(v, 2, 6, 10, 14, m[z[4]], m[z[5]]);
		b2b_g(v, 3, 7, 11, 15, m[z[6]], m[z[7]]);
		b2b_g(v, 0, 5, 10, 15, m[z[8]], m[z[9]]);
		b2b_g(v, 1, 6, 11, 12, m[z[10]], m[z[11]]);
		b2b_g(v, 2, 7, 8, 13, m[z[12]], m[z[13]]);
		b2b_g(v, 3, 4, 9, 14, m[z[14]], m[z[15]]);
	}
	for (i = 0; i < 8; i++)
		s->h[i] ^= v[i] ^ v[i + 8];
}

/* @outlen from 1 to 64: a caller's constant or min(T, 64) below */
static void blake2b_init(struct blake2b *s, size_t outlen)
{
	memcpy(s->h, blake2b_iv, sizeof(s->h));
	s->h[0] ^= 0x01010000 ^ outlen;		/* depth 1, fanout 1, no key */
	s->t = 0;
	s->n = 0;
	s->outlen = outlen;
}

static void blake2b_update(struct blake2b *s, const void *in, size_t len)
{
	const u8 *p = in;

	while (len) {
		size_t k;

		if (s->n == sizeof(s->buf)) {	/* full, and more follows: not the last */
			s->t += sizeof(s->buf);
			blake2b_compress(s, false);
			s->n = 0;
		}
		k = sizeof(s->buf) - s->n < len ? sizeof(s->buf) - s->n : len;
		memcpy(s->buf + s->n, p, k);
		s->n += k;
		p += k;
		len -= k;
	}
}

static void blake2b_final(struct blake2b *s, u8 *out)
{
	u8 h[64];
	int i;

	s->t += s->n;
	memset(s->buf + s->n, 0, sizeof(s->buf) - s->n);
	blake2b_compress(s, true);
	for (i = 0; i < 8; i++)
		store_le64(h + 8 * i, s->h[i]);
	memcpy(out, h, s->outlen);
	OPENSSL_cleanse(h, sizeof(h));
	OPENSSL_cleanse(s, sizeof(*s));
}

void blake2b(u8 *out, size_t outlen, const void *in, size_t len)
{
	struct blake2b s;

	blake2b_init(&s, outlen);
	blake2b_update(&s, in, len);
	blake2b_final(&s, out);
}

/*
 * H' (RFC 9106 3.3): @outlen octets from LE32(@outlen) || @a || @b; up to
 * 64 octets one BLAKE2b of that length, longer the first 32 octets of each
 * of a chain of 64-octet BLAKE2bs, then the last whole.
 */
static void blake2b_long(u8 *out, size_t outlen, const u8 *a, size_t al, const u8 *b, size_t bl)
{
	struct blake2b s;
	u8 len[4], v[64];

	store_le32(len, outlen);
	blake2b_init(&s, outlen < 64 ? outlen : 64);
	blake2b_update(&s, len, 4);
	blake2b_update(&s, a, al);
	blake2b_update(&s, b, bl);
	if (outlen <= 64) {
		blake2b_final(&s, out);
		return;
	}
	blake2b_final(&s, v);
	memcpy(out, v, 32);
	out += 32;
	outlen -= 32;
	while (outlen > 64) {
		blake2b(v, 64, v, 64);
		memcpy(out, v, 32);
		out += 32;
		outlen -= 32;
	}
	blake2b(out, outlen, v, 64);
	OPENSSL_cleanse(v, sizeof(v));
}

/* ---- Argon2id ---- */

#define ARGON2_QWORDS	128			/* a block: 1024 octets */
#define ARGON2_SLICES	4

struct argon2_block {
	u64 v[ARGON2_QWORDS];
};

/* GB (RFC 9106 3.6): BLAKE2b's G with each addition a + b + 2 * lo(a) * lo(b) */
static inline u64 blamka(u64 a, u64 b)
{
	return a + b + 2 * (u64)(u32)a * (u32)b;
}

/* GB: b2b_g() with each addition a + b + 2 * lo(a) * lo(b), no message words */
static inline void argon2_gb(u64 *v, unsigned int a, unsigned int b, unsigned int c,
			     unsigned int d)
{
	v[a] = blamka(v[a], v[b]);
	v[d] = ror64(v[d] ^ v[a], 32);
	v[c] = blamka(v[c], v[d]);
	v[b] = ror64(v[b] ^ v[c], 24);
	v[a] = blamka(v[a], v[b]);
	v[d] = ror64(v[d] ^ v[a], 16);
	v[c] = blamka(v[c], v[d]);
	v[b] = ror64(v[b] ^ v[c], 63);
}

/* P over the sixteen words v[i[0]], ..., v[i[15]] */
static void argon2_p(u64 *v, const unsigned int *i)
{
	argon2_gb(v, i[0], i[4], i[8], i[12]);
	argon2_gb(v, i[1], i[5], i[9], i[13]);
	argon2_gb(v, i[2], i[6], i[10], i[14]);
	argon2_gb(v, i[3], i[7], i[11], i[15]);
	argon2_gb(v, i[0], i[5], i[10], i[15]);
	argon2_gb(v, i[1], i[6], i[11], i[12]);
	argon2_gb(v, i[2], i[7], i[8], i[13]);
	argon2_gb(v, i[3], i[4], i[9], i[14]);
}

/*
 * G (RFC 9106 3.5) into @out: R = X ^ Y, P over its eight rows of sixteen
 * words, then over its eight columns (two words from each row), Z ^ R;
 * with @xor (every pass after the first) XORed into what @out held.
 */
static void argon2_g(struct argon2_block *out, const struct argon2_block *x,
		     const struct argon2_block *y, bool xor)
{
	struct argon2_block r, z;
	unsigned int idx[16];
	int i, j;

	for (i = 0; i < ARGON2_QWORDS; i++)
		r.v[i] = x->v[i] ^ y->v[i];
	z = r;
	for (i = 0; i < 8; i++) {
		for (j = 0; j < 16; j++)
			idx[j] = 16 * i + j;
		argon2_p(z.v, idx);
	}
	for (i = 0; i < 8; i++) {
		for (j = 0; j < 8; j++) {
			idx[2 * j] = 2 * i + 16 * j;
			idx[2 * j + 1] = 2 * i + 16 * j + 1;
		}
		argon2_p(z.v, idx);
	}
	for (i = 0; i < ARGON2_QWORDS; i++)
		out->v[i] = (xor ? out->v[i] : 0) ^ z.v[i] ^ r.v[i];
}

struct argon2 {
	struct argon2_block *mem;	/* lanes * q blocks */
	u32 lanes, q, seglen, passes;	/* q: columns of a lane, seglen: q / 4 */
	u32 blocks;			/* m' = lanes * q */
};

/*
 * The block of lane @l at column @i of slice @s in pass @pass refers to, from
 * J1 and J2 (@rand: J2 in the high word), RFC 9106 3.4.
 */
static struct argon2_block *argon2_ref(const struct argon2 *a, u32 pass, u32 s, u32 l,
				       u32 i, u64 rand)
{
	u32 lane = pass == 0 && s == 0 ? l : (u32)(rand >> 32) % a->lanes;
	u64 x = (u64)(u32)rand * (u32)rand >> 32, area, start = 0;

	if (pass == 0)
		area = lane == l ? (u64)s * a->seglen + i - 1 : (u64)s * a->seglen - (i == 0);
	else
		area = lane == l ? (u64)a->q - a->seglen + i - 1 : (u64)a->q - a->seglen - (i == 0);
	if (pass && s != ARGON2_SLICES - 1)
		start = (u64)(s + 1) * a->seglen;
	return &a->mem[(u64)lane * a->q + (start + area - 1 - (area * x >> 32)) % a->q];
}

static void argon2_segment(struct argon2 *a, u32 pass, u32 s, u32 l)
{
	static const struct argon2_block zero;
	struct argon2_block in = {}, addr, tmp;
	bool indep = pass == 0 && s < ARGON2_SLICES / 2;	/* Argon2id: Argon2i first */
	u32 i = pass == 0 && s == 0 ? 2 : 0;
	u64 cur = (u64)l * a->q + (u64)s * a->seglen + i;

	if (indep) {
		in.v[0] = pass;
		in.v[1] = l;
		in.v[2] = s;
		in.v[3] = a->blocks;
		in.v[4] = a->passes;
		in.v[5] = 2;				/* Argon2id */
	}
	for (; i < a->seglen; i++, cur++) {
		u64 prev = cur % a->q ? cur - 1 : cur + a->q - 1;
		u64 rand;

		if (indep && (i % ARGON2_QWORDS == 0 || (pass == 0 && s == 0 && i == 2))) {
			in.v[6]++;
			argon2_g(&tmp, &zero, &in, false);
			argon2_g(&addr, &zero, &tmp, false);
		}
		rand = indep ? addr.v[i % ARGON2_QWORDS] : a->mem[prev].v[0];
		argon2_g(&a->mem[cur], &a->mem[prev], argon2_ref(a, pass, s, l, i, rand),
			 pass != 0);
	}
}

/*
 * Argon2id of the password @pw with the salt @salt, the secret @key and the
 * associated data @ad (RFC 9106: t passes over m KiB in p lanes), @outlen
 * octets into @out. 0, -EINVAL for parameters out of RFC 9106's ranges,
 * -ENOMEM.
 */
int argon2id(const u8 *pw, size_t pwl, const u8 *salt, size_t sl, const u8 *key, size_t kl,
	     const u8 *ad, size_t al, u32 t, u32 p, u32 m, u8 *out, size_t outlen)
{
	struct argon2 a = { .lanes = p, .passes = t };
	u8 h0[64 + 8], blk[1024], params[24], len[4];
	const u8 *const parts[] = { pw, salt, key, ad };
	const size_t lens[] = { pwl, sl, kl, al };
	struct blake2b s;
	u32 pass, sl_i, l, i;
	int k;

	if (!t || !p || p > 0xffffff || (u64)m < 8ULL * p || outlen < 4 || outlen > 0xffffffffULL ||
	    sl < 8 || pwl > 0xffffffffULL || sl > 0xffffffffULL || kl > 0xffffffffULL ||
	    al > 0xffffffffULL)
		return -EINVAL;
	a.q = m / (4 * p) * 4;
	a.seglen = a.q / ARGON2_SLICES;
	a.blocks = a.q * p;
	a.mem = calloc(a.blocks, sizeof(*a.mem));
	if (!a.mem)
		return -ENOMEM;

	/* H0 = H^64(LE32(p) || LE32(T) || LE32(m) || LE32(t) || LE32(v) || LE32(y) || ...) */
	store_le32(params, p);
	store_le32(params + 4, outlen);
	store_le32(params + 8, m);
	store_le32(params + 12, t);
	store_le32(params + 16, 0x13);
	store_le32(params + 20, 2);
	blake2b_init(&s, 64);
	blake2b_update(&s, params, sizeof(params));
	for (k = 0; k < 4; k++) {
		store_le32(len, lens[k]);
		blake2b_update(&s, len, 4);
		if (lens[k])
			blake2b_update(&s, parts[k], lens[k]);
	}
	blake2b_final(&s, h0);

	/* B[l][0], B[l][1] = H'^1024(H0 || LE32(0 or 1) || LE32(l)) */
	for (l = 0; l < p; l++) {
		for (i = 0; i < 2; i++) {
			store_le32(h0 + 64, i);
			store_le32(h0 + 68, l);
			blake2b_long(blk, sizeof(blk), h0, sizeof(h0), NULL, 0);
			for (k = 0; k < ARGON2_QWORDS; k++)
				a.mem[(u64)l * a.q + i].v[k] = load_le64(blk + 8 * k);
		}
	}
	for (pass = 0; pass < t; pass++)
		for (sl_i = 0; sl_i < ARGON2_SLICES; sl_i++)
			for (l = 0; l < p; l++)
				argon2_segment(&a, pass, sl_i, l);

	/* C = the last column XORed over the lanes; the tag = H'^T(C) */
	for (l = 1; l < p; l++)
		for (k = 0; k < ARGON2_QWORDS; k++)
			a.mem[a.q - 1].v[k] ^= a.mem[(u64)l * a.q + a.q - 1].v[k];
	for (k = 0; k < ARGON2_QWORDS; k++)
		store_le64(blk + 8 * k, a.mem[a.q - 1].v[k]);
	blake2b_long(out, outlen, blk, sizeof(blk), NULL, 0);
	OPENSSL_cleanse(a.mem, (size_t)a.blocks * sizeof(*a.mem));
	OPENSSL_cleanse(blk, sizeof(blk));
	OPENSSL_cleanse(h0, sizeof(h0));
	free(a.mem);
	return 0;
}
